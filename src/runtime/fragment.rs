//! `fragment`: exactly the rules the compile-time solver applies, iterated to a fixpoint.
//!
//! * **local**: each number cell alone. With `n` its number, `m` its neighbours decided as mines
//!   and `u` its undecided neighbours: all `u` are safe when `n - m == 0`, all are mines when
//!   `n - m == u`. Nothing else (no subset or pair reasoning).
//! * **reveal**: a cell proved safe takes its number from the answer (when one is given) and then
//!   acts as a number cell.
//! * **total**: with `R` mines left (total minus decided mines) for `U` undecided cells, all are
//!   safe when `R == 0` and all are mines when `R == U`. The total is the answer's mine count,
//!   or [`Given::total_mines`].
//!
//! A rule that cannot hold, or a cell proved to be something the answer disagrees with, is a
//! [`SolveError::Contradiction`].
//!
//! ```
//! use typesweeper::board::Board;
//! use typesweeper::runtime::{fragment, Given};
//!
//! let puzzle: Board = "2 ? 2\n? ? ?\n? ? 3".parse().unwrap();
//! let answer: Board = "2 3 2\nx x x\nx x 3".parse().unwrap();
//! let solved = fragment::solve(&puzzle, Given::answer(&answer)).unwrap();
//! assert!(solved.is_solved());
//! assert_eq!(solved.to_string(), "2 3 2\nx x x\nx x 3");
//! assert_eq!(
//!     solved.explain()[0],
//!     "R2C2 is a mine: the 3 at R3C3 has 3 unknown neighbours left for 3 mines"
//! );
//! ```

use super::deduction::{Deduction, Given, SolveError, State};
use crate::board::Board;

/// Runs the compile-time fragment on `puzzle` to a fixpoint.
pub fn solve(puzzle: &Board, given: Given<'_>) -> Result<Deduction, SolveError> {
    let mut state = State::new(puzzle, given)?;
    state.run_fragment()?;
    Ok(state.finish())
}

/// The cells `fragment` leaves undecided, as 1-based `(row, col)` pairs in reading order (the
/// first of them is the cell a compile-time error names). Empty when the board is solved.
pub fn undecided_cells(puzzle: &Board, answer: &Board) -> Result<Vec<(usize, usize)>, SolveError> {
    Ok(solve(puzzle, Given::answer(answer))?.undecided())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::Deduced;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn game_10_needs_reveals() {
        let puzzle = board("2 ? 2\n? ? ?\n? ? 3");
        let answer = board("2 3 2\nx x x\nx x 3");
        let d = solve(&puzzle, Given::answer(&answer)).unwrap();
        assert_eq!(d.to_string(), answer.to_string());
        assert!(d
            .explain()
            .contains(&"R1C2 revealed 3 from the answer".to_string()));
    }

    #[test]
    fn no_pair_reasoning() {
        // The 1-2-1 pattern needs subset reasoning: fragment must leave it alone.
        let puzzle = board("? ? ?\n1 2 1");
        let d = solve(&puzzle, Given::nothing()).unwrap();
        assert_eq!(d.undecided(), vec![(1, 1), (1, 2), (1, 3)]);
    }

    #[test]
    fn total_rule_fires_both_ways() {
        let d = solve(&board("? ?"), Given::total(0)).unwrap();
        assert_eq!(d.to_string(), "s s");
        assert_eq!(
            d.explain()[0],
            "R1C1 is safe: no mines remain (total count)"
        );
        let d = solve(&board("? ? 1"), Given::total(2)).unwrap();
        assert_eq!(
            d.cells(),
            &[Deduced::Mine, Deduced::Mine, Deduced::Safe(Some(1))][..]
        );
    }

    #[test]
    fn ambiguous_two_cells_stay_undecided() {
        let d = undecided_cells(&board("? ?"), &board("x 1")).unwrap();
        assert_eq!(d, vec![(1, 1), (1, 2)]);
    }

    #[test]
    fn contradictions_are_errors() {
        let e = solve(&board("? 3"), Given::nothing()).unwrap_err();
        assert!(matches!(e, SolveError::Contradiction(_)), "{e}");
        let e = solve(&board("x 0"), Given::nothing()).unwrap_err();
        assert!(e.to_string().contains("the 0 at R1C2"), "{e}");
    }

    #[test]
    fn without_answer_safe_cells_have_no_number() {
        let d = solve(&board("0 ?\n? ?"), Given::nothing()).unwrap();
        assert_eq!(d.to_string(), "0 s\ns s");
    }
}
