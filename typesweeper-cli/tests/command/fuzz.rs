//! Fuzzing the command with proptest: its exit status is always one of the documented ones (0,
//! 1, 2, and 3 for a budget that ran out), with no panic, whatever the input and arguments.
//! Set `PROPTEST_CASES` to run more cases.

use crate::strategies::{any_text, board_and_answer, cases, random_board};

use std::io::Write;
use std::process::{Command, Stdio};

use proptest::prelude::*;
use typesweeper::board::Board;

/// Runs the command with `stdin`; returns status, standard output, standard error.
fn run(args: &[String], stdin: &[u8]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_typesweeper"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The exit statuses the command documents: 0 done, 1 not finished, 2 bad input, 3 a budget
/// ran out.
const DOCUMENTED: [i32; 4] = [0, 1, 2, 3];

/// A board as a `solve!` body writes it: `[[? 1] [1 1]]`.
fn bracketed(board: &Board) -> String {
    let rows: Vec<String> = board
        .to_string()
        .lines()
        .map(|row| format!("[{row}]"))
        .collect();
    format!("[{}]", rows.join(" "))
}

/// `solve`'s arguments and input. Mostly a board that has a solution, written in one of the
/// three forms, with or without its answer, with its true mine total, another or none;
/// otherwise random cells (often with no solution) or any text.
fn solve_run() -> impl Strategy<Value = (Vec<String>, String)> {
    let level = prop::option::of(prop::sample::select(vec!["fragment", "pairs", "complete"]));
    let consistent = (
        board_and_answer(),
        0u8..3,
        any::<bool>(),
        0u8..3,
        0usize..12,
    )
        .prop_map(|((puzzle, answer), form, with_answer, mines, other)| {
            let text = match (form, with_answer) {
                (0, _) => format!("{puzzle}\n"),
                (1, false) => format!("# a block\npuzzle:\n{puzzle}\n"),
                (1, true) => format!("puzzle:\n{puzzle}\nanswer:\n{answer}\n"),
                (_, false) => format!("puzzle: {}", bracketed(&puzzle)),
                (_, true) => format!(
                    "solve! {{ puzzle: {} answer: {} }}",
                    bracketed(&puzzle),
                    bracketed(&answer)
                ),
            };
            let mines = match mines {
                0 => None,
                1 => Some(answer.mine_count()),
                _ => Some(other),
            };
            (text, mines)
        });
    let input = prop_oneof![
        2 => consistent,
        1 => (random_board(), prop::option::of(0usize..12)).prop_map(|(b, m)| (format!("{b}\n"), m)),
        1 => (any_text(), prop::option::of(0usize..12)),
    ];
    (level, input, any::<bool>()).prop_map(|(level, (text, mines), explain)| {
        let mut args = vec!["solve".to_string()];
        if let Some(level) = level {
            args.extend(["--level".into(), level.into()]);
        }
        if let Some(mines) = mines {
            args.extend(["--mines".into(), mines.to_string()]);
        }
        if explain {
            args.push("--explain".into());
        }
        args.push("-".into());
        (args, text)
    })
}

proptest! {
    #![proptest_config(cases(96))]

    #[test]
    fn solve_exits_with_a_documented_status_and_no_panic((args, input) in solve_run()) {
        let (code, out, err) = run(&args, input.as_bytes());
        prop_assert!(!err.contains("panicked"), "{:?} on {:?}: {}", args, input, err);
        let code = code.expect("exited, not killed by a signal");
        prop_assert!(DOCUMENTED.contains(&code), "{:?} on {:?}: status {}", args, input, code);
        match code {
            0 | 1 => prop_assert!(err.is_empty() && !out.is_empty(), "{}: {}", code, err),
            2 => prop_assert!(out.is_empty() && err.starts_with("error: "), "{}", err),
            _ => {}
        }
    }

    #[test]
    fn gen_exits_with_a_documented_status_and_no_panic(
        rows in 0usize..6,
        cols in 0usize..6,
        mines in 0usize..40,
        count in 0usize..3,
        click in prop::option::of((0usize..7, 0usize..7)),
        level in prop::sample::select(vec!["fragment", "pairs", "complete"]),
        rust in any::<bool>(),
    ) {
        let mut args: Vec<String> = ["gen", "--seed", "0", "--max-attempts", "20"]
            .map(String::from)
            .to_vec();
        for (flag, value) in [("--rows", rows), ("--cols", cols), ("--mines", mines), ("--count", count)] {
            args.extend([flag.to_string(), value.to_string()]);
        }
        if let Some((r, c)) = click {
            args.extend(["--click".to_string(), format!("{r},{c}")]);
        }
        args.extend(["--level".to_string(), level.to_string()]);
        if rust {
            args.extend(["--format".to_string(), "rust".to_string()]);
        }
        let (code, out, err) = run(&args, b"");
        prop_assert!(!err.contains("panicked"), "{:?}: {}", args, err);
        let code = code.expect("exited, not killed by a signal");
        prop_assert!(DOCUMENTED.contains(&code), "{:?}: status {}", args, code);
        if code == 2 {
            prop_assert!(out.is_empty(), "{:?} wrote before its error: {}", args, out);
        }
    }
}
