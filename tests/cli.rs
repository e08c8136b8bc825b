//! The `typesweeper` binary, run for real: output and exit codes of `solve` and `gen` on good
//! and bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use typesweeper::board::corpus::parse_blocks;
use typesweeper::runtime::generator::Level;

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
