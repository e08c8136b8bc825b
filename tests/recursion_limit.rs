//! The recursion limit `solve!` needs (docs/recursion-limit.md), at its edge: boards that need
//! more than rustc's default, 128, are built in a scratch crate at exactly the limit the rule
//! gives (`typesweeper::codegen::recursion_limit_of`; each must build and print its answer), and
//! without a `#![recursion_limit]` (each must fail with rustc's overflow, `E0275`, and its advice
//! to raise the limit). Three boards: a generated 30x30 one with its 180 mines under `?`, a 2x200
//! one whose top row is mines (at `pairs`; the closest to the rule measured, 207 of its 210) and
//! a 200x2 one. About 10 s once the scratch crates' typesweeper is built.

#[path = "shared/scratch_crate.rs"]
mod scratch_crate;

use std::fmt::Write as _;
use std::path::Path;

use typesweeper::board::{Board, Cell};
use typesweeper::codegen::recursion_limit_of;
use typesweeper::runtime::layout::Layout;

/// A board and the level `solve!` solves it at.
struct Case {
    /// The binaries' names start with it.
    name: &'static str,
    /// `fragment` or `pairs` (the rule has no term for `complete`'s rounds).
    level: &'static str,
    puzzle: Board,
    answer: Board,
}

/// A board with mines at `mines` and every other cell shown but those at `hidden`: the
/// numbers beside each mine decide it, so the rules finish the board at any level.
fn shown_but(
    rows: usize,
    cols: usize,
    mines: &[(usize, usize)],
    hidden: &[(usize, usize)],
) -> (Board, Board) {
    let flags = (0..rows * cols)
        .map(|i| mines.contains(&(i / cols, i % cols)))
        .collect();
    let answer = Layout::from_mines(rows, cols, flags).unwrap().answer();
    let puzzle = (0..rows * cols)
        .map(|i| {
            let (cell, at) = (answer.cells()[i], (i / cols, i % cols));
            if cell == Cell::Mine || hidden.contains(&at) {
                Cell::Unknown
            } else {
                cell
            }
        })
        .collect();
    (Board::new(rows, cols, puzzle), answer)
}

/// A board of 180 mines on 30x30 that `fragment` finishes, all 180 under `?` (`typesweeper gen
/// --rows 30 --cols 30 --mines 180 --seed 175`): the rule gives 190 (measured: it needs 181).
const MANY_MINES_PUZZLE: &str = "\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
1 2 2 2 1 2 ? 2 1 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
0 0 0 0 0 1 1 1 0 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
0 0 0 0 0 0 0 0 0 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
0 0 1 1 1 0 0 0 1 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
2 2 3 ? 3 1 0 1 2 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? 3 2 2 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n\
? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?";

/// Its answer.
const MANY_MINES_ANSWER: &str = "\
1 x x 2 x 2 2 x 1 0 1 x 1 0 0 0 2 x 2 0 0 0 2 x 3 x 2 1 0 0\n\
1 2 2 2 1 2 x 2 1 1 2 2 1 1 2 2 4 x 5 2 1 1 3 x 4 3 x 1 0 0\n\
0 0 0 0 0 1 1 1 0 1 x 2 2 3 x x 4 x x x 1 1 x 2 2 x 2 1 1 1\n\
0 0 0 0 0 0 0 0 0 1 2 3 x x 5 x 4 3 3 2 1 1 1 1 1 1 2 1 2 x\n\
0 0 1 1 1 0 0 0 1 1 2 x 3 3 x 3 x 1 0 0 1 2 2 1 0 1 2 x 2 1\n\
2 2 3 x 3 1 0 1 2 x 3 2 1 1 1 2 2 3 3 3 3 x x 3 1 1 x 3 2 0\n\
x x 3 x x 3 2 2 x 3 x 2 1 0 1 1 3 x x x x 5 x x 2 1 2 x 2 1\n\
2 2 2 3 x x 2 x 3 3 2 x 1 1 2 x 3 x 6 x 4 3 x x 3 1 1 2 x 2\n\
0 0 0 1 2 2 2 2 x 1 1 1 1 2 x 3 2 1 3 x 3 3 3 4 x 2 1 2 3 x\n\
0 1 1 1 0 0 1 3 3 3 2 2 2 3 x 3 2 1 2 2 x 2 x 2 1 3 x 2 3 x\n\
2 3 x 1 0 0 1 x x 2 x x 3 x 3 x 2 x 2 2 2 4 3 2 0 2 x 2 2 x\n\
x x 3 2 1 1 1 2 2 3 3 5 x 3 3 2 3 3 x 2 1 x x 1 0 2 2 2 1 1\n\
x x 2 2 x 2 0 0 0 1 x 4 x 2 1 x 1 2 x 2 1 2 2 1 0 1 x 2 1 0\n\
3 4 2 3 x 2 0 0 0 1 3 x 3 1 1 2 2 2 1 1 0 1 1 1 1 2 3 x 1 0\n\
x 3 x 3 1 1 0 0 0 0 3 x 4 1 1 1 x 1 0 1 1 2 x 1 1 x 2 1 2 1\n\
1 3 x 2 1 1 1 0 0 1 3 x 3 x 2 3 2 3 1 2 x 2 1 1 1 2 2 1 1 x\n\
0 1 1 1 2 x 2 0 0 1 x 2 2 2 x 3 x 2 x 2 1 1 0 0 0 1 x 2 2 2\n\
1 1 0 0 2 x 2 0 0 1 1 1 0 2 4 x 3 2 1 1 1 1 1 0 0 1 1 2 x 2\n\
x 2 1 2 2 2 1 0 0 1 2 3 2 2 x x 5 3 2 1 1 x 2 1 1 0 0 1 2 x\n\
1 2 x 3 x 2 2 2 2 2 x x x 2 4 x x x x 1 1 1 2 x 2 1 0 1 2 2\n\
0 1 3 x 3 2 x x 2 x 3 3 2 1 2 x 4 3 2 2 1 1 2 3 x 1 0 1 x 2\n\
0 0 2 x 2 1 2 2 2 1 1 1 2 3 3 2 1 0 0 1 x 1 1 x 2 2 1 2 2 x\n\
0 1 3 3 3 1 1 0 0 1 1 2 x x x 2 1 1 0 2 2 2 1 1 1 1 x 3 3 2\n\
0 1 x x 2 x 1 0 0 1 x 3 3 3 2 2 x 1 0 1 x 1 0 0 0 1 3 x x 1\n\
0 1 2 2 3 2 2 1 1 3 3 x 1 0 0 1 1 1 0 1 2 3 3 2 1 0 2 x 3 1\n\
1 2 2 1 1 x 1 1 x 2 x 2 1 0 0 0 0 0 0 0 1 x x x 2 2 2 3 3 2\n\
2 x x 1 1 1 1 1 1 2 1 1 0 0 1 2 2 1 1 1 2 2 3 3 x 2 x 2 x x\n\
x 3 3 2 1 1 1 1 0 0 0 0 0 0 2 x x 1 1 x 1 0 0 1 1 2 2 3 3 2\n\
2 2 1 x 3 3 x 2 1 1 1 1 1 0 2 x 3 1 2 2 2 0 0 0 0 0 1 x 2 1\n\
x 1 1 2 x x 2 2 x 1 1 x 1 0 1 1 1 0 1 x 1 0 0 0 0 0 1 1 2 x";

/// The cases: each term of the rule over 118, so that each needs more than the default.
fn cases() -> Vec<Case> {
    let many_mines = Case {
        name: "many_mines",
        level: "fragment",
        puzzle: MANY_MINES_PUZZLE.parse().unwrap(),
        answer: MANY_MINES_ANSWER.parse().unwrap(),
    };
    // 2x200, its top row all mines under `?`: the deepest rows measured (it needs 207 of the
    // rule's 210).
    let top_row: Vec<(usize, usize)> = (0..200).map(|c| (0, c)).collect();
    let (puzzle, answer) = shown_but(2, 200, &top_row, &[]);
    let wide = Case {
        name: "wide",
        level: "pairs",
        puzzle,
        answer,
    };
    // 200x2 with ten mines and a safe cell beside each under `?`.
    let mines: Vec<(usize, usize)> = (0..10).map(|k| (20 * k + 10, 0)).collect();
    let safe: Vec<(usize, usize)> = (0..10).map(|k| (20 * k + 11, 1)).collect();
    let (puzzle, answer) = shown_but(200, 2, &mines, &safe);
    let tall = Case {
        name: "tall",
        level: "fragment",
        puzzle,
        answer,
    };
    vec![many_mines, wide, tall]
}

/// A binary that solves `case` under `#![recursion_limit = "limit"]` (none if `None`) and
/// prints the board.
fn source(case: &Case, limit: Option<usize>) -> String {
    let rows = |board: &Board| {
        let mut text = String::new();
        for row in board.to_string().lines() {
            writeln!(text, "            [{row}]").unwrap();
        }
        text
    };
    let attribute = limit.map_or(String::new(), |n| {
        format!("#![recursion_limit = \"{n}\"]\n\n")
    });
    format!(
        "{attribute}fn main() {{\n    let solved = typesweeper::solve! {{\n        level: {}\n        \
         puzzle: [\n{}        ]\n        answer: [\n{}        ]\n    }};\n    \
         println!(\"{{solved}}\");\n}}\n",
        case.level,
        rows(&case.puzzle),
        rows(&case.answer)
    )
}

/// `cargo build` of the binary `bin` of the scratch crate `dir`: whether it built, and
/// cargo's output.
fn build(dir: &Path, bin: &str) -> (bool, String) {
    let out = scratch_crate::cargo(dir)
        .args(["build", "--offline", "--color=never", "--bin", bin])
        .output()
        .expect("cargo runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn boards_build_at_the_rules_limit_and_overflow_the_default() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("recursion-limit");
    std::fs::create_dir_all(dir.join("src/bin")).unwrap();
    let cases = cases();
    let mut bins = String::new();
    for case in &cases {
        let rule = recursion_limit_of(&case.puzzle, &case.answer);
        for (suffix, limit) in [("at_rule", Some(rule)), ("default", None)] {
            let bin = format!("{}_{suffix}", case.name);
            let path = dir.join("src/bin").join(format!("{bin}.rs"));
            std::fs::write(&path, source(case, limit)).unwrap();
            write!(
                bins,
                "[[bin]]\nname = \"{bin}\"\npath = {:?}\n\n",
                path.display().to_string()
            )
            .unwrap();
        }
    }
    let manifest = scratch_crate::manifest("recursion-limit", "2021", repo, &bins);
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::copy(repo.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    let mut failures = String::new();
    for case in &cases {
        let limit = recursion_limit_of(&case.puzzle, &case.answer);
        assert!(
            limit > 128,
            "{}: the rule gives {limit}, which the default covers",
            case.name
        );
        // At the rule's limit: it builds, and prints the answer.
        let bin = format!("{}_at_rule", case.name);
        let (built, log) = build(&dir, &bin);
        if built {
            let exe = scratch_crate::target_dir().join("debug").join(&bin);
            let run = std::process::Command::new(&exe)
                .output()
                .expect("the binary runs");
            let printed = String::from_utf8_lossy(&run.stdout);
            if !run.status.success() || printed.trim_end() != case.answer.to_string() {
                writeln!(failures, "{bin}: printed\n{printed}").unwrap();
            }
        } else {
            let head: Vec<&str> = log.lines().take(40).collect();
            writeln!(
                failures,
                "{bin}: did not build at the rule's limit, {limit}\n{}",
                head.join("\n")
            )
            .unwrap();
        }
        // Without the attribute: rustc's overflow, with its advice.
        let bin = format!("{}_default", case.name);
        let (built, log) = build(&dir, &bin);
        let advice = "help: consider increasing the recursion limit by adding a \
                      `#![recursion_limit = \"256\"]` attribute to your crate";
        if built
            || !log.contains("error[E0275]: overflow evaluating the requirement")
            || !log.contains(advice)
            || log.contains("cannot decide cell")
        {
            let head: Vec<&str> = log.lines().take(40).collect();
            writeln!(
                failures,
                "{bin}: {} under the default limit, not with E0275 and the advice\n{}",
                if built { "built" } else { "failed" },
                head.join("\n")
            )
            .unwrap();
        }
    }
    assert!(failures.is_empty(), "{failures}");
}
