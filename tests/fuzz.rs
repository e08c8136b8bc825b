//! Fuzzing with proptest, quick enough for every `cargo test` (a few seconds in a debug build):
//!
//! * the board readers (bare boards, corpus blocks, `solve!` bodies) never panic, on any text
//!   and on text made of the format's own pieces, and what they accept is well formed;
//! * the command's exit status is always one of the documented ones (0, 1, 2, and 3 for a
//!   budget that ran out), with no panic, whatever the input and arguments;
//! * on small boards, every cell a solver decides agrees with brute force over all layouts
//!   (`complete` decides exactly the cells all layouts agree on; `fragment` and `pairs` a part of
//!   them), each reports a contradiction only when no layout fits, and
//!   [`consistency::check`] finds a layout exactly when one exists.
//!
//! Set `PROPTEST_CASES` to run more cases (every property scales with it).

mod support;
use support::{brute, brute_solve, numbers_of};

use std::io::Write;
use std::process::{Command, Stdio};

use proptest::prelude::*;
use typesweeper::board::corpus::{is_block_text, parse_blocks, parse_puzzle_file};
use typesweeper::board::solve_body::{is_solve_body, parse_solve_body};
use typesweeper::board::{Board, Cell};
use typesweeper::runtime::consistency::{self, Fit};
use typesweeper::runtime::{complete, fragment, pairs, Deduced, Given, SolveError};

/// Cases per property: `PROPTEST_CASES` times `scale` over 256 (proptest's default), at least 1.
fn cases(scale: u32) -> ProptestConfig {
    let base = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases: u32::try_from(base * u64::from(scale) / 256)
            .unwrap_or(u32::MAX)
            .max(1),
        ..ProptestConfig::default()
    }
}

/// The pieces the three board formats are built from, and some that break them.
#[rustfmt::skip]
const PIECES: &[&str] = &[
    "?", "?", "x", "X", "0", "1", "2", "3", "8", "9", "11", " ", " ", " ", "\n", "\n", "\r",
    "\r\n", "\t", ",", "#", "# c\n", "[", "]", "[[", "]]", "puzzle", "answer", "level", ":",
    "puzzle:", "puzzle:\n", "answer:\n", "puzzle: [", "level: pairs", "level: x", "//", "/*",
    "*/", "\"", "\\", "\u{feff}", "\0", "é", "??", "x?", "{", "}", ";", "solve! {",
    "expect: solved", "\u{200b}", "\u{301}",
];

/// Text made of [`PIECES`] in any order.
fn board_like_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..80).prop_map(|pieces| pieces.concat())
}

/// A cell as it might be written, well or badly.
fn cell_text() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        8 => prop::sample::select(vec!["?", "x", "0", "1", "2", "3", "8"]),
        1 => prop::sample::select(vec!["X", "9", "11", "??", "x?", "1?", "é", "\u{feff}", "\0", ""]),
    ]
}

/// Rows of cells: up to 5 rows of up to 5 cells, mostly the same length.
fn rows_text() -> impl Strategy<Value = Vec<Vec<&'static str>>> {
    (0usize..6, 1usize..6).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(
            prop_oneof![8 => Just(cols), 1 => 0..7usize]
                .prop_flat_map(|n| prop::collection::vec(cell_text(), n)),
            rows,
        )
    })
}

/// `pieces` with up to two of its own taken out, up to two copied elsewhere, and up to three of
/// [`PIECES`] put in.
fn mutated(pieces: Vec<String>) -> impl Strategy<Value = String> {
    let at = || any::<prop::sample::Index>();
    (
        prop::collection::vec(at(), 0..3),
        prop::collection::vec((at(), at()), 0..3),
        prop::collection::vec((at(), prop::sample::select(PIECES)), 0..4),
    )
        .prop_map(move |(takes, copies, puts)| {
            let mut pieces = pieces.clone();
            for at in takes {
                if !pieces.is_empty() {
                    pieces.remove(at.index(pieces.len()));
                }
            }
            for (from, to) in copies {
                if !pieces.is_empty() {
                    let piece = pieces[from.index(pieces.len())].clone();
                    pieces.insert(to.index(pieces.len() + 1), piece);
                }
            }
            for (at, piece) in puts {
                pieces.insert(at.index(pieces.len() + 1), piece.to_string());
            }
            pieces.concat()
        })
}

/// A `solve!` body, with or without the call around it, slightly broken now and then.
fn body_text() -> impl Strategy<Value = String> {
    let separator = prop::sample::select(vec![
        " ", " ", "\n", "\r", "\r\n", ", ", " // c\n", "/* c */",
    ]);
    (
        prop::sample::select(vec![
            "",
            "solve! {",
            "let s = typesweeper::solve! {\n",
            "typesweeper::puzzle! { pub struct G {",
        ]),
        prop::option::of(prop::sample::select(vec!["fragment", "pairs", "x", ""])),
        rows_text(),
        prop::option::of(rows_text()),
        prop::sample::select(vec!["", "}", "};", "}}", ")", "\nassert_eq!(a, b);"]),
        separator,
    )
        .prop_flat_map(|(wrapper, level, puzzle, answer, tail, sep)| {
            let mut pieces = vec![wrapper.to_string()];
            if let Some(level) = level {
                pieces.push(format!("level: {level}{sep}"));
            }
            let board = |label: &str, rows: &[Vec<&str>], pieces: &mut Vec<String>| {
                pieces.push(format!("{label}: ["));
                for row in rows {
                    pieces.push(format!(
                        "[{}]",
                        row.join(if sep == ", " { ", " } else { " " })
                    ));
                    pieces.push(sep.to_string());
                }
                pieces.push("]".to_string());
                pieces.push(sep.to_string());
            };
            board("puzzle", &puzzle, &mut pieces);
            if let Some(answer) = &answer {
                board("answer", answer, &mut pieces);
            }
            pieces.push(tail.to_string());
            mutated(pieces)
        })
}

/// Corpus-style blocks, or a bare board, slightly broken now and then.
fn block_text() -> impl Strategy<Value = String> {
    let block = (
        prop::option::of(prop::sample::select(vec![
            "# board 1  expect: solved",
            "# x expect: nothing",
            "#",
        ])),
        rows_text(),
        prop::option::of(rows_text()),
    );
    (
        prop::collection::vec(block, 0..3),
        any::<bool>(),
        prop::sample::select(vec!["\n", "\r\n", "\r"]),
    )
        .prop_flat_map(|(blocks, bare, eol)| {
            let mut pieces = Vec::new();
            let rows = |rows: &[Vec<&str>], pieces: &mut Vec<String>| {
                for row in rows {
                    pieces.push(row.join(" "));
                    pieces.push(eol.to_string());
                }
            };
            for (title, puzzle, answer) in &blocks {
                if !bare {
                    if let Some(title) = title {
                        pieces.push(format!("{title}{eol}"));
                    }
                    pieces.push(format!("puzzle:{eol}"));
                }
                rows(puzzle, &mut pieces);
                if let Some(answer) = answer.as_ref().filter(|_| !bare) {
                    pieces.push(format!("answer:{eol}"));
                    rows(answer, &mut pieces);
                }
                pieces.push(eol.to_string());
            }
            mutated(pieces)
        })
}

/// Any text: arbitrary Unicode, arbitrary bytes read as UTF-8 with replacements, pieces of the
/// formats in any order, or boards, blocks and bodies as written, slightly broken.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => any::<String>(),
        1 => prop::collection::vec(any::<u8>(), 0..200)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        1 => board_like_text(),
        4 => body_text(),
        4 => block_text(),
    ]
}

/// A board that was read must be one: its size matches its cells, and it prints as text that
/// reads back as the same board.
fn assert_well_formed(board: &Board) {
    assert_eq!(board.cells().len(), board.rows() * board.cols());
    if board.cols() > 0 {
        let again: Board = board
            .to_string()
            .parse()
            .expect("a printed board reads back");
        assert_eq!(&again, board);
    }
}

proptest! {
    #![proptest_config(cases(2048))]

    #[test]
    fn the_board_readers_never_panic(text in any_text()) {
        if let Ok(board) = text.parse::<Board>() {
            assert_well_formed(&board);
            prop_assert!(board.rows() > 0);
        }
        if let Ok(blocks) = parse_blocks(&text) {
            for block in &blocks {
                assert_well_formed(&block.puzzle);
                if let Some(answer) = &block.answer {
                    assert_well_formed(answer);
                }
            }
        }
        let _ = is_block_text(&text);
        if let Ok((puzzle, answer)) = parse_puzzle_file(&text) {
            assert_well_formed(&puzzle);
            if let Some(answer) = &answer {
                assert_well_formed(answer);
            }
        }
        let _ = is_solve_body(&text);
        match parse_solve_body(&text) {
            Ok(body) => {
                assert_well_formed(&body.puzzle);
                if let Some(answer) = &body.answer {
                    assert_well_formed(answer);
                }
            }
            Err(e) => {
                // Errors point into the text, and quote nothing invisible.
                prop_assert!(e.line >= 1 && e.column >= 1, "{:?}", e);
                prop_assert!(!e.message.contains(['\0', '\u{feff}', '\r']), "{:?}", e);
            }
        }
    }
}

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

/// At most this many unknown cells, so that brute force stays quick in a debug build.
const MOST_UNKNOWN: usize = 10;

/// A small board with its answer: mines at `density` percent, then cells hidden (mines mostly).
fn board_and_answer() -> impl Strategy<Value = (Board, Board)> {
    sized_board_and_answer(1..5, 1..6)
}

/// A board of `rows` x `cols` with its answer, as [`board_and_answer`].
fn sized_board_and_answer(
    rows: std::ops::Range<usize>,
    cols: std::ops::Range<usize>,
) -> impl Strategy<Value = (Board, Board)> {
    (rows, cols, 5u32..60, 20u32..95).prop_flat_map(|(rows, cols, density, hide)| {
        prop::collection::vec((0u32..100, 0u32..100, 0u32..100), rows * cols).prop_map(
            move |rolls| {
                let mines: Vec<bool> = rolls.iter().map(|r| r.0 < density).collect();
                let answer = Board::new(rows, cols, numbers_of(rows, cols, &mines));
                let puzzle = answer
                    .cells()
                    .iter()
                    .zip(&rolls)
                    .map(|(&c, r)| match c {
                        Cell::Mine if r.2 < 10 => Cell::Mine,
                        Cell::Mine => Cell::Unknown,
                        _ if r.1 < hide => Cell::Unknown,
                        _ => c,
                    })
                    .collect();
                (Board::new(rows, cols, puzzle), answer)
            },
        )
    })
}

/// A board of up to 6x6 random cells, often one no layout fits, with at most [`MOST_UNKNOWN`]
/// unknown cells (later ones become numbers).
fn random_board() -> impl Strategy<Value = Board> {
    (1usize..7, 1usize..7).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(
            (
                prop_oneof![
                    6 => Just(Cell::Unknown),
                    1 => Just(Cell::Mine),
                    3 => (0u8..5).prop_map(Cell::Num),
                ],
                0u8..5,
            ),
            rows * cols,
        )
        .prop_map(move |cells| {
            let mut unknown = 0;
            let cells = cells
                .into_iter()
                .map(|(cell, n)| {
                    unknown += usize::from(cell == Cell::Unknown);
                    match cell {
                        Cell::Unknown if unknown > MOST_UNKNOWN => Cell::Num(n),
                        _ => cell,
                    }
                })
                .collect();
            Board::new(rows, cols, cells)
        })
    })
}

fn unknown(board: &Board) -> usize {
    board.cells().iter().filter(|c| !c.is_known()).count()
}

/// Every cell `got` decides is decided alike in `want` (brute force's cells).
fn decided_alike(got: &[Deduced], want: &[Deduced]) -> bool {
    got.iter().zip(want).all(|(g, w)| !g.is_decided() || g == w)
}

proptest! {
    #![proptest_config(cases(1000))]

    #[test]
    fn solvers_agree_with_brute_force_on_boards_with_an_answer((puzzle, answer) in board_and_answer()) {
        prop_assume!(unknown(&puzzle) <= MOST_UNKNOWN);
        let total = answer.mine_count();
        for (given, brute_answer, brute_total) in [
            (Given::nothing(), None, None),
            (Given::total(total), None, Some(total)),
            (Given::answer(&answer), Some(&answer), Some(total)),
        ] {
            let want = brute_solve(&puzzle, brute_answer, brute_total).expect("the answer fits");
            let complete = complete::solve(&puzzle, given)
                .map_err(|e| TestCaseError::fail(format!("complete {given:?}: {e}\n{puzzle}")))?;
            prop_assert_eq!(complete.cells(), &want[..], "complete {:?}\n{}", given, puzzle);
            for (level, got) in [
                ("fragment", fragment::solve(&puzzle, given)),
                ("pairs", pairs::solve(&puzzle, given)),
            ] {
                let got = got.map_err(|e| TestCaseError::fail(format!("{level} {given:?}: {e}\n{puzzle}")))?;
                prop_assert!(decided_alike(got.cells(), &want), "{} {:?}\n{}\ngot\n{}", level, given, puzzle, got);
                // What a solver leaves undecided always fits some layout.
                prop_assert_eq!(
                    consistency::check(got.cells(), got.rows(), got.cols(), consistency::DEFAULT_BUDGET),
                    Ok(Fit::Fits)
                );
            }
        }
    }

    #[test]
    fn solvers_report_no_layout_only_when_brute_force_finds_none(puzzle in random_board()) {
        prop_assume!(unknown(&puzzle) <= MOST_UNKNOWN);
        let want = brute_solve(&puzzle, None, None);
        let complete = complete::solve(&puzzle, Given::nothing());
        match (&complete, &want) {
            (Ok(d), Some(cells)) => prop_assert_eq!(d.cells(), &cells[..], "{}", puzzle),
            (Err(SolveError::Contradiction(_)), None) => {}
            (got, want) => prop_assert!(false, "{}\ncomplete {:?}\nbrute {:?}", puzzle, got, want),
        }
        for (level, got) in [
            ("fragment", fragment::solve(&puzzle, Given::nothing())),
            ("pairs", pairs::solve(&puzzle, Given::nothing())),
        ] {
            match (got, &want) {
                (Ok(d), Some(cells)) => prop_assert!(decided_alike(d.cells(), cells), "{}: {}", level, puzzle),
                // What the command does: a level that stops short checks that a layout fits.
                (Ok(d), None) => prop_assert!(
                    consistency::check(d.cells(), d.rows(), d.cols(), consistency::DEFAULT_BUDGET).is_err(),
                    "{} left a board no layout fits undecided, and the check found a layout:\n{}", level, puzzle
                ),
                (Err(SolveError::Contradiction(_)), None) => {}
                (got, want) => prop_assert!(false, "{} {}\ngot {:?}\nbrute {:?}", level, puzzle, got, want),
            }
        }
    }

    #[test]
    fn the_consistency_check_finds_a_layout_exactly_when_one_exists(puzzle in random_board()) {
        prop_assume!(unknown(&puzzle) <= MOST_UNKNOWN);
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let cells: Vec<Deduced> = puzzle.cells().iter().map(|&c| Deduced::from_cell(c)).collect();
        let fits = brute(rows, cols, &cells, None).is_some();
        match consistency::check(&cells, rows, cols, consistency::DEFAULT_BUDGET) {
            Ok(Fit::Fits) => prop_assert!(fits, "a layout found where none fits:\n{}", puzzle),
            Err(SolveError::Contradiction(_)) => prop_assert!(!fits, "no layout found where one fits:\n{}", puzzle),
            other => prop_assert!(false, "{:?}\n{}", other, puzzle),
        }
        // With no budget it cannot tell, and never claims a contradiction it did not prove.
        match consistency::check(&cells, rows, cols, 0) {
            Ok(_) => {}
            Err(_) => prop_assert!(!fits),
        }
    }
}

proptest! {
    #![proptest_config(cases(250))]

    #[test]
    fn the_consistency_check_never_refuses_a_board_made_from_a_layout(
        (puzzle, _) in sized_board_and_answer(5..13, 5..13),
    ) {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let cells: Vec<Deduced> = puzzle.cells().iter().map(|&c| Deduced::from_cell(c)).collect();
        prop_assert!(
            consistency::check(&cells, rows, cols, consistency::DEFAULT_BUDGET).is_ok(),
            "{}", puzzle
        );
        let d = fragment::solve(&puzzle, Given::nothing()).expect("a layout fits");
        prop_assert!(consistency::check(d.cells(), rows, cols, consistency::DEFAULT_BUDGET).is_ok());
    }
}
