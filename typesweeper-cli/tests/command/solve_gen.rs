//! The `typesweeper` binary, run for real: output and exit codes of `solve` and `gen` on good
//! and bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use typesweeper::board::corpus::{parse_blocks, Expect};
use typesweeper::board::solve_body::parse_solve_body;
use typesweeper::board::{Board, Cell};
use typesweeper::runtime::generator::{compile_time_expect, Level};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_typesweeper"))
}

/// Writes `text` to a fresh file named after the test.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("typesweeper-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn run(args: &[&str]) -> (i32, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = bin().args(args).output().unwrap();
    (
        status.code().expect("exited normally"),
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

const GAME_10: &str = "2 ? 2\n? ? ?\n? ? 3\n";
const GAME_10_ANSWER: &str = "2 3 2\nx x x\nx x 3\n";

#[test]
fn solve_with_answer_uses_fragment_and_exits_0() {
    let p = file("g10.txt", GAME_10);
    let a = file("g10-answer.txt", GAME_10_ANSWER);
    let (code, out, err) = run(&["solve", "--answer", path(&a), path(&p)]);
    assert_eq!((code, out.as_str(), err.as_str()), (0, GAME_10_ANSWER, ""));
}

#[test]
fn solve_explains_after_the_board() {
    let p = file("g10e.txt", GAME_10);
    let a = file("g10e-answer.txt", GAME_10_ANSWER);
    let (code, out, _) = run(&["solve", "--explain", "--answer", path(&a), path(&p)]);
    assert_eq!(code, 0);
    let (board, trace) = out
        .split_once("\n\n")
        .expect("a blank line before the trace");
    assert_eq!(format!("{board}\n"), GAME_10_ANSWER);
    let trace: Vec<&str> = trace.lines().collect();
    assert!(
        trace.contains(&"R1C2 revealed 3 from the answer"),
        "{trace:?}"
    );
    assert!(
        trace.contains(&"R2C2 is a mine: the 3 at R3C3 has 3 unknown neighbours left for 3 mines"),
        "{trace:?}"
    );
    assert_eq!(trace.len(), 7, "six cells decided, one reveal: {trace:?}");
}

#[test]
fn solve_without_answer_defaults_to_complete() {
    let p = file("121.txt", "? ? ?\n1 2 1\n");
    assert_eq!(
        run(&["solve", path(&p)]),
        (0, "x s x\n1 2 1\n".into(), String::new())
    );
    let (code, out, _) = run(&["solve", "--level", "fragment", path(&p)]);
    assert_eq!((code, out.as_str()), (1, "? ? ?\n1 2 1\n"));
}

#[test]
fn undecided_cells_exit_1() {
    let p = file("amb.txt", "? ?\n");
    let a = file("amb-answer.txt", "x 1\n");
    let (code, out, _) = run(&["solve", "--answer", path(&a), path(&p)]);
    assert_eq!((code, out.as_str()), (1, "? ?\n"));
    let (code, out, _) = run(&[
        "solve",
        "--level",
        "complete",
        "--answer",
        path(&a),
        path(&p),
    ]);
    assert_eq!((code, out.as_str()), (1, "? ?\n"));
}

#[test]
fn solve_reads_corpus_blocks_and_a_mine_total() {
    let block = format!("# game 10   expect: solved\npuzzle:\n{GAME_10}answer:\n{GAME_10_ANSWER}");
    let p = file("block.txt", &block);
    let (code, out, _) = run(&["solve", path(&p)]);
    assert_eq!((code, out.as_str()), (0, GAME_10_ANSWER));
    let p = file("total.txt", "1 ? ?\n1 ? ?\n");
    let (code, out, _) = run(&["solve", "--mines", "1", path(&p)]);
    assert_eq!((code, out.as_str()), (1, "1 ? s\n1 ? s\n"));
}

#[test]
fn parse_errors_name_file_line_and_column() {
    let p = file("bad.txt", "# comment\n2 ? 2\n? ? z\n");
    let (code, out, err) = run(&["solve", path(&p)]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err.trim_end(),
        format!(
            "error: {}:3:5: unknown cell `z` (expected `?`, `x` or a number 0-8)",
            path(&p)
        )
    );
    let ragged = file("ragged.txt", "? ?\n? ? ?\n");
    let (code, _, err) = run(&["solve", path(&ragged)]);
    assert_eq!(code, 2);
    assert!(
        err.contains("ragged.txt:2:1: this row has 3 cells"),
        "{err}"
    );
}

#[test]
fn bad_answers_and_inputs_exit_2_with_a_message() {
    let p = file("p.txt", GAME_10);
    let cases = [
        (
            "shape.txt",
            "x 1\n",
            "the puzzle is 3x3 but the answer is 1x2",
        ),
        (
            "wrong.txt",
            "2 3 2\nx x x\nx x 2\n",
            "wrong.txt: the answer is inconsistent: R3C3",
        ),
        (
            "differs.txt",
            "1 x 1\n1 1 1\n0 0 0\n",
            "does not fit: R1C1: the puzzle shows `2`",
        ),
    ];
    for (name, answer, message) in cases {
        let a = file(name, answer);
        let (code, out, err) = run(&["solve", "--answer", path(&a), path(&p)]);
        assert_eq!((code, out.as_str()), (2, ""), "{name}: {err}");
        assert!(err.contains(message), "{name}: {err}");
    }
    let impossible = file("impossible.txt", "1 ? 1\n? 3 ?\n");
    let (code, _, err) = run(&["solve", path(&impossible)]);
    assert_eq!(code, 2);
    assert!(err.contains("contradiction"), "{err}");
    let (code, _, err) = run(&["solve", "/nonexistent/board.txt"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    let block = file(
        "twice.txt",
        &format!("puzzle:\n{GAME_10}answer:\n{GAME_10_ANSWER}"),
    );
    let a = file("twice-answer.txt", GAME_10_ANSWER);
    let (code, _, err) = run(&["solve", "--answer", path(&a), path(&block)]);
    assert_eq!(code, 2);
    assert!(err.contains("use one"), "{err}");
    let (code, _, _) = run(&["solve", "--level", "psychic", path(&p)]);
    assert_eq!(code, 2);
}

/// Game 10 as a test file has it: the `solve!` call and the lines around it.
const GAME_10_TEST: &str = "#[test]
fn game_10() {
    let solved = typesweeper::solve! {
        puzzle: [
            [2 ? 2]
            [? ? ?]
            [? ? 3]
        ]
        answer: [
            [2 3 2]
            [x x x] // the mines
            [x x 3]
        ]
    };
";

#[test]
fn solve_reads_a_solve_body_pasted_from_a_test_file() {
    let forms = [
        ("call.rs", GAME_10_TEST),
        (
            "body.txt",
            "puzzle: [[2 ? 2] [? ? ?] [? ? 3]] answer: [[2 3 2] [x x x] [x x 3]]",
        ),
        (
            "commas.txt",
            "level: fragment,\npuzzle: [[2, ?, 2],\n [?, ?, ?], [?, ?,\n 3]],\nanswer: [[2 3 2]\n[x x x][x x 3]]\n",
        ),
    ];
    for (name, text) in forms {
        let p = file(name, text);
        assert_eq!(
            run(&["solve", path(&p)]),
            (0, GAME_10_ANSWER.into(), String::new()),
            "{name}"
        );
    }
    // With an answer the default is the compile-time rules, which do not see through 1 2 1;
    // `complete` does.
    let wall = file(
        "wall.rs",
        "typesweeper::solve! { puzzle: [[? ? ?] [1 2 1]] answer: [[x 2 x] [1 2 1]] }",
    );
    let (code, out, _) = run(&["solve", path(&wall)]);
    assert_eq!((code, out.as_str()), (1, "? ? ?\n1 2 1\n"));
    let (code, out, _) = run(&["solve", "--level", "complete", path(&wall)]);
    assert_eq!((code, out.as_str()), (0, "x 2 x\n1 2 1\n"));
    // Without an answer the default is `complete`, unless the body names its level.
    let bare = file("bare.rs", "puzzle: [[? ? ?] [1 2 1]]");
    let (code, out, _) = run(&["solve", path(&bare)]);
    assert_eq!((code, out.as_str()), (0, "x s x\n1 2 1\n"));
    let level = file("level.rs", "level: fragment puzzle: [[? ? ?] [1 2 1]]");
    let (code, out, _) = run(&["solve", path(&level)]);
    assert_eq!((code, out.as_str()), (1, "? ? ?\n1 2 1\n"));
    let (code, out, _) = run(&["solve", "--level", "complete", path(&level)]);
    assert_eq!((code, out.as_str()), (0, "x s x\n1 2 1\n"), "--level wins");
    // An answer file may be a body too; only one answer, though.
    let answer = file("answer.rs", "puzzle: [[? ?]] answer: [[x 1]]");
    let puzzle = file("puzzle.rs", "puzzle: [[? 1]]");
    let (code, out, _) = run(&["solve", "--answer", path(&answer), path(&puzzle)]);
    assert_eq!((code, out.as_str()), (0, "x 1\n"));
    let (code, _, err) = run(&["solve", "--answer", path(&answer), path(&wall)]);
    assert_eq!(code, 2);
    assert!(err.contains("use one"), "{err}");
}

#[test]
fn solve_body_errors_name_file_line_and_column() {
    let cases = [
        (
            "cell.rs",
            "puzzle: [\n  [? ?]\n  [1 q]\n]",
            "3:6: unknown cell `q` (expected `?`, `x` or a number 0-8)",
        ),
        (
            "ragged.rs",
            "puzzle: [[? ?]\n   [1]]",
            "2:4: this row has 1 cell but the first row (line 1) has 2",
        ),
        (
            "open.rs",
            "solve! {\n  puzzle: [[? ?]\n",
            "2:11: this `[` is never closed",
        ),
        (
            "level.rs",
            "level: triples\npuzzle: [[?]]",
            "1:8: unknown level `triples` (expected `fragment`, `pairs` or `complete`, the \
             compile-time levels; --level chooses the solver too)",
        ),
        (
            "after.rs",
            "puzzle: [[?]] answer: [[x]]\nassert_eq!(solved, 1);",
            "2:1: unexpected `assert_eq` after the answer: expected the end of the `solve!` call",
        ),
    ];
    for (name, text, message) in cases {
        let p = file(name, text);
        let (code, out, err) = run(&["solve", path(&p)]);
        assert_eq!((code, out.as_str()), (2, ""), "{name}");
        assert_eq!(err, format!("error: {}:{message}\n", path(&p)), "{name}");
    }
    let answer = file("noanswer.rs", "puzzle: [[? 1]]");
    let puzzle = file("p1.txt", "? 1\n");
    let (code, _, err) = run(&["solve", "--answer", path(&answer), path(&puzzle)]);
    assert_eq!(code, 2);
    assert!(
        err.contains("noanswer.rs: the `solve!` body has no `answer:`"),
        "{err}"
    );
}

#[test]
fn gen_text_blocks_are_solvable_and_reproducible_from_their_seed() {
    let args = [
        "gen", "--rows", "9", "--cols", "9", "--mines", "10", "--count", "3",
    ];
    let (code, out, err) = run(&[&args[..], &["--seed", "40"]].concat());
    assert_eq!(code, 0, "{err}");
    let blocks = parse_blocks(&out).unwrap();
    assert_eq!(blocks.len(), 3);
    let mut seeds = Vec::new();
    for (n, b) in blocks.iter().enumerate() {
        let words: Vec<&str> = b.title.split_whitespace().collect();
        assert_eq!(&words[..3], &["board", &(n + 1).to_string(), "9x9/10"]);
        assert_eq!(words[3], "seed");
        seeds.push(words[4].parse::<u64>().unwrap());
        let answer = b.answer.as_ref().unwrap();
        assert_eq!(answer.mine_count(), 10);
        assert_eq!(
            b.puzzle.get(1, 1).to_string(),
            "0",
            "zero rule clicks R2C2 on 9x9"
        );
        assert!(Level::Fragment.solves(&b.puzzle, answer));
    }
    assert!(
        seeds[0] >= 40 && seeds[0] < seeds[1] && seeds[1] < seeds[2],
        "{seeds:?}"
    );
    // A board's own seed regenerates it first.
    let again = run(&[
        "gen",
        "--rows",
        "9",
        "--cols",
        "9",
        "--mines",
        "10",
        "--seed",
        &seeds[1].to_string(),
    ])
    .1;
    assert_eq!(parse_blocks(&again).unwrap()[0].puzzle, blocks[1].puzzle);
}

#[test]
fn gen_complete_level_safe_first_click_and_explicit_click() {
    let (code, out, err) = run(&[
        "gen", "--rows", "16", "--cols", "30", "--mines", "99", "--seed", "1", "--level",
        "complete",
    ]);
    assert_eq!(code, 0, "{err}");
    let b = &parse_blocks(&out).unwrap()[0];
    assert_eq!(
        b.puzzle.get(2, 2).to_string(),
        "0",
        "zero rule clicks R3C3 on expert"
    );
    assert!(Level::Complete.solves(&b.puzzle, b.answer.as_ref().unwrap()));
    let (code, out, err) = run(&[
        "gen",
        "--rows",
        "8",
        "--cols",
        "8",
        "--mines",
        "6",
        "--seed",
        "3",
        "--first-click",
        "safe",
        "--click",
        "4,5",
        "--level",
        "complete",
    ]);
    assert_eq!(code, 0, "{err}");
    let b = &parse_blocks(&out).unwrap()[0];
    assert!(matches!(
        b.puzzle.get(3, 4),
        typesweeper::board::Cell::Num(_)
    ));
}

#[test]
fn gen_rust_format_is_a_test_file() {
    let (code, out, err) = run(&[
        "gen", "--rows", "5", "--cols", "5", "--mines", "3", "--seed", "1", "--count", "2",
        "--format", "rust",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("#![recursion_limit = \"512\"]\n"), "{out}");
    assert_eq!(out.matches("#[test]").count(), 2);
    assert!(out.contains("fn board_1() {") && out.contains("fn board_2() {"));
    assert!(
        out.contains("    let solved = typesweeper::solve! {\n        puzzle: [\n            [")
    );
    assert!(out.contains("    assert_eq!(solved.to_string(), \""));
}

/// The boards of a generated Rust file, read back from its `solve!` calls.
fn rust_boards(file: &str) -> Vec<(Board, Board)> {
    file.split("typesweeper::solve! {")
        .skip(1)
        .map(|call| {
            let body = call.split("};").next().unwrap();
            let body = parse_solve_body(body).unwrap();
            (body.puzzle, body.answer.unwrap())
        })
        .collect()
}

#[test]
fn gen_rust_writes_level_complete_tests() {
    // Seed 28 is a 9x9 board `complete` finishes and `pairs` does not.
    let args = [
        "gen",
        "--rows",
        "9",
        "--cols",
        "9",
        "--mines",
        "10",
        "--seed",
        "28",
        "--max-attempts",
        "1",
    ];
    for level in [&["--level", "complete"][..], &["--need", "complete"][..]] {
        let (code, out, err) = run(&[&args[..], level, &["--format", "rust"]].concat());
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("#![recursion_limit = \"512\"]\n"), "{out}");
        assert!(out.contains("level complete"), "{out}");
        assert!(
            out.contains("    let solved = typesweeper::solve! {\n        level: complete\n"),
            "{out}"
        );
    }
    // At the default level the same seed is no board at all for a test file.
    let (code, out, err) = run(&[&args[..], &["--format", "rust"]].concat());
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("in 1 attempt (seeds from 28"), "{err}");
}

/// `level: complete` refuses no board: a Rust file at `--need complete` holds the same boards
/// as the text (from seed 1, the first six 16x16 boards `pairs` cannot finish, one of which
/// needed a guess with 44 cells undecided when the local rules stop, which the level's former
/// search refused).
#[test]
fn gen_rust_at_complete_holds_every_board() {
    let args = [
        "gen", "--rows", "16", "--cols", "16", "--mines", "40", "--need", "complete", "--seed",
        "1", "--count", "6",
    ];
    let (code, rust, err) = run(&[&args[..], &["--format", "rust"]].concat());
    assert_eq!((code, err.as_str()), (0, ""), "{err}");
    let (code, text, err) = run(&args);
    assert_eq!((code, err.as_str()), (0, ""), "{err}");
    let boards = rust_boards(&rust);
    assert_eq!(boards.len(), 6);
    assert_eq!(text.matches("puzzle:").count(), 6);
    for (puzzle, answer) in &boards {
        assert!(
            text.contains(&format!("puzzle:\n{puzzle}\nanswer:\n{answer}\n")),
            "{puzzle}"
        );
    }
}

#[test]
fn gen_rust_boards_are_all_ones_the_compile_time_rules_finish() {
    let (code, out, err) = run(&[
        "gen", "--rows", "9", "--cols", "9", "--mines", "10", "--seed", "4", "--count", "4",
        "--format", "rust",
    ]);
    assert_eq!(code, 0, "{err}");
    let boards = rust_boards(&out);
    assert_eq!(boards.len(), 4);
    for (puzzle, answer) in &boards {
        assert_eq!(
            compile_time_expect(puzzle, answer),
            Ok(Expect::Solved),
            "{puzzle}"
        );
    }
}

#[test]
fn gen_rust_sets_the_recursion_limit_its_boards_need() {
    // An 80x80 board with 520 mines that the compile-time rules finish: nearly every mine is
    // still hidden, and `solve!` needs a limit of hidden mines + 10.
    let (code, out, err) = run(&[
        "gen", "--rows", "80", "--cols", "80", "--mines", "520", "--seed", "1", "--format", "rust",
    ]);
    assert_eq!(code, 0, "{err}");
    let (puzzle, answer) = &rust_boards(&out)[0];
    let hidden = (0..puzzle.cells().len())
        .filter(|&i| puzzle.cells()[i] == Cell::Unknown && answer.cells()[i] == Cell::Mine)
        .count();
    assert!(
        hidden > 502,
        "{hidden} hidden mines fit the old fixed limit of 512"
    );
    assert!(
        out.starts_with(&format!("#![recursion_limit = \"{}\"]\n", hidden + 10)),
        "{}",
        out.lines().next().unwrap()
    );
}

#[test]
fn gen_text_says_what_the_compile_time_solver_does_with_each_board() {
    // `--level complete` boards are all ones `level: complete` finishes (`solved`), whether
    // the default rules finish them (seed 5) or not (seeds 4, 6, 7, 9).
    let (code, out, err) = run(&[
        "gen", "--rows", "9", "--cols", "9", "--mines", "10", "--seed", "4", "--count", "5",
        "--level", "complete",
    ]);
    assert_eq!(code, 0, "{err}");
    let blocks = parse_blocks(&out).unwrap();
    assert_eq!(blocks.len(), 5);
    let mut by_fragment = 0;
    for b in &blocks {
        let answer = b.answer.as_ref().unwrap();
        assert!(Level::Complete.solves(&b.puzzle, answer));
        assert_eq!(b.expect, Some(Expect::Solved), "{}", b.title);
        by_fragment += usize::from(Level::Fragment.solves(&b.puzzle, answer));
    }
    assert_eq!(by_fragment, 1, "seed 5 alone is finished by fragment");
    // `fragment` boards are all `solved`.
    let (code, out, err) = run(&[
        "gen", "--rows", "9", "--cols", "9", "--mines", "10", "--seed", "4", "--count", "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let blocks = parse_blocks(&out).unwrap();
    assert_eq!(blocks.len(), 3);
    assert!(blocks.iter().all(|b| b.expect == Some(Expect::Solved)));
}

#[test]
fn gen_errors() {
    let (code, _, err) = run(&["gen", "--rows", "3", "--cols", "3", "--mines", "10"]);
    assert_eq!(code, 2);
    assert!(err.contains("10 mines do not fit on 9 cells"), "{err}");
    let (code, _, err) = run(&["gen", "--rows", "0", "--cols", "3", "--mines", "0"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&[
        "gen", "--rows", "3", "--cols", "3", "--mines", "1", "--click", "4,1",
    ]);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = run(&[
        "gen", "--rows", "3", "--cols", "3", "--mines", "1", "--click", "0,1",
    ]);
    assert_eq!(code, 2);
    let (code, out, err) = run(&[
        "gen",
        "--rows",
        "2",
        "--cols",
        "2",
        "--mines",
        "4",
        "--seed",
        "0",
        "--max-attempts",
        "5",
    ]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("in 5 attempts"), "{err}");
}

/// Builds the scratch crate `target/tmp/gen-rust-check` whose integration tests are `files`
/// (name, contents), depending on this checkout by path, and runs `cargo test` in it. Its target
/// directory is the scratch crates' shared one, kept between runs, so typesweeper and its
/// dependencies are built once. Returns whether `cargo test` succeeded, and its output.
fn cargo_test_scratch_crate(files: &[(&str, &str)]) -> (bool, String) {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gen-rust-check");
    let krate = base.join("crate");
    let _ = std::fs::remove_dir_all(&krate);
    std::fs::create_dir_all(krate.join("src")).unwrap();
    std::fs::create_dir_all(krate.join("tests")).unwrap();
    // The library: this package's directory's parent, the workspace root.
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::fs::write(
        krate.join("Cargo.toml"),
        crate::scratch_crate::manifest("gen_rust_check", "2021", checkout, ""),
    )
    .unwrap();
    std::fs::write(krate.join("src/lib.rs"), "").unwrap();
    // The checkout's lock file: the same dependency versions, nothing new to download.
    std::fs::copy(checkout.join("Cargo.lock"), krate.join("Cargo.lock")).unwrap();
    for (name, text) in files {
        std::fs::write(krate.join("tests").join(name), text).unwrap();
    }
    let out = crate::scratch_crate::cargo(&krate)
        .args(["test", "--tests", "--quiet"])
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// The claim behind `--format rust`: the file it writes compiles, and its tests pass. Boards of
/// two sizes, the 80x80 board whose hidden mines need a recursion limit above 512, and boards
/// that need `level: pairs` (`--need pairs`) or `level: complete` (`--need complete`), written
/// at that level.
#[test]
#[ignore = "builds a scratch crate with cargo: about a minute the first time, then seconds; \
            run with `cargo test -p typesweeper-cli --test command -- --ignored`"]
fn gen_rust_files_compile_and_their_tests_pass() {
    let gen_with = |size: [&str; 3], seed: &str, count: &str, extra: &[&str]| {
        let [rows, cols, mines] = size;
        let mut args = vec![
            "gen", "--rows", rows, "--cols", cols, "--mines", mines, "--seed", seed, "--count",
            count, "--format", "rust",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    let gen = |size: [&str; 3], seed: &str, count: &str| gen_with(size, seed, count, &[]);
    let files = [
        ("beginner.rs", gen(["9", "9", "10"], "4", "3")),
        ("small.rs", gen(["5", "5", "3"], "1", "2")),
        ("big.rs", gen(["80", "80", "520"], "1", "1")),
        (
            "pairs.rs",
            gen_with(["9", "9", "10"], "1", "2", &["--need", "pairs"]),
        ),
        (
            "complete.rs",
            gen_with(["9", "9", "10"], "28", "2", &["--need", "complete"]),
        ),
    ];
    let files: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let (ok, output) = cargo_test_scratch_crate(&files);
    assert!(ok, "the generated tests failed:\n{output}");
    let passed: usize = output
        .lines()
        .filter_map(|l| l.strip_prefix("test result: ok. "))
        .map(|l| l.split(' ').next().unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(passed, 10, "{output}");
}

#[test]
fn help_shows_every_default_and_says_why_bench_clicks_safe() {
    let help = |command: &str| {
        let (code, out, err) = run(&[command, "--help"]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let bench = help("bench");
    assert!(
        bench.contains("Usage: typesweeper bench [OPTIONS]"),
        "{bench}"
    );
    assert!(
        bench.contains(
            "Every option has a default: `--level expert --first-click safe --games 1000 \
             --seed 0 --threads 1`."
        ),
        "{bench}"
    );
    for default in ["expert", "safe", "1000", "0", "1"] {
        assert!(bench.contains(&format!("[default: {default}]")), "{bench}");
    }
    assert!(
        bench.contains("Default `safe`, unlike `gen` and `play` (`zero`): the headline win rates"),
        "{bench}"
    );
    for command in ["gen", "play"] {
        let text = help(command);
        assert!(text.contains("[default: zero]"), "{text}");
        assert!(
            text.contains("(`bench` defaults to `safe`, the rule of the headline win rates"),
            "{text}"
        );
    }
}

const ONE_TWO_ONE: &str = "? ? ?\n1 2 1\n";
const ONE_TWO_ONE_ANSWER: &str = "x 2 x\n1 2 1\n";

#[test]
fn solve_level_pairs_decides_what_two_numbers_side_by_side_decide() {
    let p = file("121-pairs.txt", ONE_TWO_ONE);
    let a = file("121-pairs-answer.txt", ONE_TWO_ONE_ANSWER);
    let answer = ["--answer", path(&a), path(&p)];
    // The default with an answer, fragment, is stuck; pairs finishes.
    let (code, out, _) = run(&[&["solve"][..], &answer].concat());
    assert_eq!((code, out.as_str()), (1, ONE_TWO_ONE));
    let (code, out, err) = run(&[&["solve", "--level", "pairs"][..], &answer].concat());
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, ONE_TWO_ONE_ANSWER, "")
    );
    let (code, out, _) = run(&[&["solve", "--level", "pairs", "--explain"][..], &answer].concat());
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!(
            "{ONE_TWO_ONE_ANSWER}\n\
             R1C3 is a mine: the 1 at R2C1 and the 2 at R2C2 together\n\
             R1C2 is safe: the 1 at R2C3 already has its 1 mine\n\
             R1C2 revealed 2 from the answer\n\
             R1C1 is a mine: the 2 at R1C2 has 1 unknown neighbour left for 1 mine\n"
        )
    );
    // Numbers that are not side by side do not pair: complete decides R1C1 and R1C3, pairs not.
    let apart = file("apart.txt", "? ? ?\n2 ? 1\n");
    let (code, out, _) = run(&["solve", "--level", "pairs", path(&apart)]);
    assert_eq!((code, out.as_str()), (1, "? ? ?\n2 ? 1\n"));
    let (code, out, _) = run(&["solve", "--level", "complete", path(&apart)]);
    assert_eq!((code, out.as_str()), (1, "x ? s\n2 ? 1\n"));
    // Two numbers that cannot both hold.
    let clash = file("clash.txt", "? ?\n1 2\n? ?\n");
    let (code, out, err) = run(&["solve", "--level", "pairs", path(&clash)]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!(
            "error: {}: contradiction: no placement of mines gives both the 1 at R2C1 and the 2 \
             at R2C2 their counts\n",
            path(&clash)
        )
    );
}

#[test]
fn a_solve_body_at_level_pairs_is_solved_at_that_level() {
    let body = file(
        "pairs-body.rs",
        "let solved = typesweeper::solve! {\n    level: pairs\n    puzzle: [[? ? ?] [1 2 1]]\n    \
         answer: [[x 2 x] [1 2 1]]\n};",
    );
    assert_eq!(
        run(&["solve", path(&body)]),
        (0, ONE_TWO_ONE_ANSWER.into(), String::new())
    );
    // --level still wins over the body's level.
    let (code, out, _) = run(&["solve", "--level", "fragment", path(&body)]);
    assert_eq!((code, out.as_str()), (1, ONE_TWO_ONE));
    // Without an answer too.
    let bare = file(
        "pairs-bare.rs",
        "level: pairs, puzzle: [[? ? ? ?] [1 2 2 1]]",
    );
    let (code, out, _) = run(&["solve", "--explain", path(&bare)]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(
            "s x x s\n1 2 2 1\n\nR1C3 is a mine: the 1 at R2C1 and the 2 at R2C2 together\n"
        ),
        "{out}"
    );
}

#[test]
fn a_solve_body_at_level_complete_is_solved_at_that_level() {
    // The 1 leaves its two neighbours one mine between them, which is every mine on the board:
    // only the total (complete's reasoning) makes the last cell safe, and its 0 finishes it.
    let body = file(
        "complete-body.rs",
        "let solved = typesweeper::solve! {\n    level: complete\n    puzzle: [[? 1 ? ?]]\n    \
         answer: [[x 1 0 0]]\n};",
    );
    assert_eq!(
        run(&["solve", path(&body)]),
        (0, "x 1 0 0\n".into(), String::new())
    );
    // pairs cannot start it, and --level still wins over the body's level.
    let (code, out, _) = run(&["solve", "--level", "pairs", path(&body)]);
    assert_eq!((code, out.as_str()), (1, "? 1 ? ?\n"));
}

#[test]
fn gen_level_pairs_boards_are_ones_pairs_finishes() {
    let args = [
        "gen", "--rows", "9", "--cols", "9", "--mines", "10", "--seed", "1000", "--count", "6",
        "--level", "pairs",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let blocks = parse_blocks(&out).unwrap();
    assert_eq!(blocks.len(), 6);
    let mut fragment_finishes = 0;
    for b in &blocks {
        let answer = b.answer.as_ref().unwrap();
        assert!(Level::Pairs.solves(&b.puzzle, answer), "{}", b.title);
        // `expect:` is what `solve!` does at `level: pairs`.
        assert_eq!(b.expect, Some(Expect::Solved), "{}", b.title);
        fragment_finishes += usize::from(Level::Fragment.solves(&b.puzzle, answer));
    }
    // Some of them fragment finishes too, some not (seeds 1000 onward).
    assert!((1..6).contains(&fragment_finishes), "{fragment_finishes}");
    // As a Rust file, each call names the level first.
    let (code, out, err) = run(&[&args[..], &["--format", "rust"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("at R2C2, level pairs.\n"),
        "{}",
        out.lines().nth(1).unwrap()
    );
    assert_eq!(
        out.matches("typesweeper::solve! {\n        level: pairs\n        puzzle: [\n")
            .count(),
        6,
        "{out}"
    );
    for call in out.split("typesweeper::solve! {").skip(1) {
        let body = parse_solve_body(call.split("};").next().unwrap()).unwrap();
        assert_eq!(body.level.map(|w| w.text), Some("pairs".to_string()));
    }
}

#[test]
fn gen_need_gives_boards_the_level_below_cannot_finish() {
    let args = [
        "gen", "--rows", "9", "--cols", "9", "--mines", "10", "--seed", "1000",
    ];
    let (code, out, err) = run(&[&args[..], &["--need", "pairs", "--count", "4"]].concat());
    assert_eq!(code, 0, "{err}");
    let blocks = parse_blocks(&out).unwrap();
    assert_eq!(blocks.len(), 4);
    for b in &blocks {
        let answer = b.answer.as_ref().unwrap();
        assert!(Level::Pairs.solves(&b.puzzle, answer), "{}", b.title);
        assert!(!Level::Fragment.solves(&b.puzzle, answer), "{}", b.title);
        assert_eq!(b.expect, Some(Expect::Solved), "{}", b.title);
    }
    let (code, out, err) = run(&[
        &args[..],
        &["--need", "pairs", "--count", "4", "--format", "rust"],
    ]
    .concat());
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("level pairs (boards fragment cannot finish).\n"),
        "{out}"
    );
    let boards = rust_boards(&out);
    assert_eq!(boards.len(), 4);
    for (puzzle, answer) in &boards {
        assert_eq!(compile_time_expect(puzzle, answer), Ok(Expect::Stuck));
        assert!(Level::Pairs.solves(puzzle, answer), "{puzzle}");
    }
    // `--need complete`: boards pairs cannot finish; `expect:` is about `level: complete`.
    let (code, out, err) = run(&[&args[..], &["--need", "complete", "--count", "2"]].concat());
    assert_eq!(code, 0, "{err}");
    for b in parse_blocks(&out).unwrap() {
        let answer = b.answer.as_ref().unwrap();
        assert!(Level::Complete.solves(&b.puzzle, answer), "{}", b.title);
        assert!(!Level::Pairs.solves(&b.puzzle, answer), "{}", b.title);
        assert_eq!(b.expect, Some(Expect::Solved), "{}", b.title);
    }
    let (code, out, err) = run(&[&args[..], &["--need", "pairs", "--level", "pairs"]].concat());
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("cannot be used with"), "{err}");
    let (code, _, err) = run(&[&args[..], &["--need", "fragment"]].concat());
    assert_eq!(code, 2, "{err}");
}

#[test]
fn level_help_says_fragment_uses_the_mine_total_too() {
    for command in ["gen", "solve"] {
        let (_, text, _) = run(&[command, "--help"]);
        assert!(
            text.contains(
                "fragment: Exactly the compile-time rules: each number alone, reveals from the \
                 answer, the total mine count"
            ),
            "{text}"
        );
        assert!(!text.contains("`complete` also uses the total"), "{text}");
    }
    let (_, gen, _) = run(&["gen", "--help"]);
    assert!(
        gen.contains("all revealing from the answer and using the total mine count"),
        "{gen}"
    );
    for command in ["gen", "solve"] {
        let (_, text, _) = run(&[command, "--help"]);
        assert!(
            text.contains(
                "pairs:    The compile-time rules of `level: pairs`: fragment's, and two numbers \
                 side by side (sharing an edge) reasoned jointly"
            ),
            "{text}"
        );
    }
    assert!(
        gen.contains(
            "--need <LEVEL>\n          Only boards that need LEVEL: LEVEL finishes them and the \
             level below it does not"
        ),
        "{gen}"
    );
    assert!(
        gen.contains("In text, `expect:` says what `solve!` does at that level"),
        "{gen}"
    );
}

#[test]
fn counts_of_one_are_singular_in_what_the_command_prints() {
    let p = file("one.txt", "x 1 ?\n");
    let (code, out, _) = run(&["solve", "--explain", path(&p)]);
    assert_eq!(code, 0);
    assert!(
        out.contains("R1C3 is safe: the 1 at R1C2 already has its 1 mine\n"),
        "{out}"
    );
    let p = file("one-left.txt", "? 1 0\n");
    let (_, out, _) = run(&["solve", "--explain", path(&p)]);
    assert!(
        out.contains("R1C1 is a mine: the 1 at R1C2 has 1 unknown neighbour left for 1 mine\n"),
        "{out}"
    );
    let p = file("bad-total.txt", "x x ?\n");
    let (code, _, err) = run(&["solve", "--mines", "1", path(&p)]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "a total of 1 mine cannot fit: the puzzle shows 2 mines and has 1 unknown cell"
        ),
        "{err}"
    );
    let (code, _, err) = run(&["gen", "--rows", "1", "--cols", "1", "--mines", "2"]);
    assert_eq!(code, 2);
    assert_eq!(err, "error: 2 mines do not fit on 1 cell\n");
}
