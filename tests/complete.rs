//! `level: complete`: full deduction as rounds of projections over decision diagrams
//! (`typesweeper::typelevel::diagram`). rustc derives every cell below. Its compile-fail cases
//! are `ui-tests/complete_*.rs` (an ambiguous board, with two answers that give the same error)
//! and the generated corpus cases of `ui-tests/complete/`; the corpus cases that must compile
//! are `tests/must-compile/complete/` (both built by `tests/ui.rs`).

#[path = "shared/scratch_crate.rs"]
mod scratch_crate;

/// Game 10 of the Haskell original: one number alone decides each cell.
#[test]
fn game_10() {
    let solved = typesweeper::solve! {
        level: complete
        puzzle: [
            [2 ? 2]
            [? ? ?]
            [? ? 3]
        ]
        answer: [
            [2 3 2]
            [x x x]
            [x x 3]
        ]
    };
    assert_eq!(solved.to_string(), "2 3 2\nx x x\nx x 3");
}

/// A board no number decides alone: the two 1s on the left share one mine, and only the mine
/// total (two) with both numbers together says the far cells are safe.
#[test]
fn the_total_with_the_numbers() {
    let solved = typesweeper::solve! {
        level: complete
        puzzle: [
            [? ? ? ? ?]
            [? 1 ? 1 ?]
            [? ? ? ? ?]
        ]
        answer: [
            [x 1 0 1 x]
            [1 1 0 1 1]
            [0 0 0 0 0]
        ]
    };
    assert_eq!(solved.to_string(), "x 1 0 1 x\n1 1 0 1 1\n0 0 0 0 0");
}

/// Boards one cell high and one cell wide: the 1 has one mine among its two neighbours, and
/// the mine total (one) with the reveal of the first cell decides the rest.
#[test]
fn a_board_one_cell_wide() {
    let row = typesweeper::solve! {
        level: complete
        puzzle: [[? 1 ? ?]]
        answer: [[0 1 x 1]]
    };
    assert_eq!(row.to_string(), "0 1 x 1");
    let column = typesweeper::solve! {
        level: complete
        puzzle: [[?] [1] [?] [?]]
        answer: [[0] [1] [x] [1]]
    };
    assert_eq!(column.to_string(), "0\n1\nx\n1");
}

/// Where rustc's solver stops at the recursion limit in force, the user gets the overflow
/// (`E0275`, with the advice to raise the limit), never the note that a guess is needed: the
/// rounds' board, the rows and the first gate are projections of a done board only, so an
/// unsolved round leaves every gate waiting instead of reporting a cell. Under both trait
/// solvers (the next one reports a deep round as ambiguous, which read as a guess before).
#[test]
#[ignore = "builds typesweeper under rustc's next trait solver too (about a minute); CI runs it with `-- --ignored`"]
fn an_overflow_never_reads_as_a_guess() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = repo.join("target/complete-overflow");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = scratch_crate::manifest("complete-overflow", "2021", repo, "");
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(repo.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    // Corpus 600034, which full deduction finishes (`tests/must-compile/complete`), at a
    // limit no round fits in.
    let case = std::fs::read_to_string(
        repo.join("tests/must-compile/complete/solved_board_600034_9x9_10.rs"),
    )
    .unwrap();
    assert!(case.contains("level: complete") && !case.contains("recursion_limit"));
    let case = format!("#![recursion_limit = \"16\"]\n{case}");
    std::fs::write(dir.join("src/main.rs"), case).unwrap();
    for next in [false, true] {
        let mut cargo = scratch_crate::cargo(&dir);
        cargo.args(["build", "--offline", "--color=never"]);
        if next {
            cargo
                .env("RUSTC_BOOTSTRAP", "1")
                .env("RUSTFLAGS", "-Znext-solver")
                .env(
                    "CARGO_TARGET_DIR",
                    scratch_crate::target_dir().join("next-solver"),
                );
        }
        let out = cargo.output().expect("cargo runs");
        let log = String::from_utf8_lossy(&out.stderr);
        let solver = if next { "next" } else { "default" };
        assert!(!out.status.success(), "{solver} solver: it built\n{log}");
        assert!(
            log.contains("error[E0275]") && log.contains("recursion_limit"),
            "{solver} solver: no overflow reported\n{log}"
        );
        assert!(
            !log.contains("cannot decide cell") && !log.contains("guess"),
            "{solver} solver: the overflow reads as a guess\n{log}"
        );
    }
}
