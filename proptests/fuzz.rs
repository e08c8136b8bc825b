//! Fuzzing with proptest, quick enough for every `cargo test` (a few seconds in a debug build):
//!
//! * the board readers (bare boards, corpus blocks, `solve!` bodies) never panic, on any text
//!   and on text made of the format's own pieces, and what they accept is well formed;
//! * on small boards, every cell a solver decides agrees with brute force over all layouts
//!   (`complete` decides exactly the cells all layouts agree on; `fragment` and `pairs` a part of
//!   them), each reports a contradiction only when no layout fits, and
//!   [`consistency::check`] finds a layout exactly when one exists.
//!
//! Set `PROPTEST_CASES` to run more cases (every property scales with it).

use crate::strategies::{
    any_text, board_and_answer, cases, random_board, sized_board_and_answer, MOST_UNKNOWN,
};
use crate::support::{brute, brute_solve};

use proptest::prelude::*;
use typesweeper::board::corpus::{is_block_text, parse_blocks, parse_puzzle_file};
use typesweeper::board::solve_body::{is_solve_body, parse_solve_body};
use typesweeper::board::Board;
use typesweeper::runtime::consistency::{self, Fit};
use typesweeper::runtime::{complete, fragment, pairs, Deduced, Given, SolveError};

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
