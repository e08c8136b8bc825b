//! `pairs`: the compile-time rules of [`fragment`](super::fragment) plus two numbers side by side
//! reasoned jointly, iterated to a fixpoint. It is what `solve!` does with `level: pairs`.
//!
//! * everything [`fragment`](super::fragment) does: each number alone (**local**), **reveal**
//!   from the answer (a cell proved safe takes its number and acts as a number), and the
//!   **total** mine count alone.
//! * **pair**: two number cells sharing an edge (R3C4 with R3C5 or with R4C4), both known
//!   (shown, or revealed during the solve). With `U` the union of their undecided neighbours, a
//!   cell of `U` is decided when every placement of mines in `U` that gives *both* numbers
//!   exactly their counts (neighbours already decided as mines included) agrees on it. Nothing
//!   else takes part: no total count, no third number. Two numbers with no such placement are
//!   a [`SolveError::Contradiction`].
//!
//! This catches the patterns players use every game (1-2-1, 1-2-2-1, a 1 beside a 2 against a
//! wall): two neighbouring numbers deciding a cell that neither decides alone.
//!
//! A rule that cannot hold, or a cell proved to be something the answer disagrees with, is a
//! [`SolveError::Contradiction`].
//!
//! ```
//! use typesweeper::board::Board;
//! use typesweeper::runtime::{fragment, pairs, Given};
//!
//! // The 1-2-1 pattern: each number alone decides nothing, two of them side by side do.
//! let puzzle: Board = "? ? ?\n1 2 1".parse().unwrap();
//! let answer: Board = "x 2 x\n1 2 1".parse().unwrap();
//! assert!(!fragment::solve(&puzzle, Given::answer(&answer)).unwrap().is_solved());
//! let solved = pairs::solve(&puzzle, Given::answer(&answer)).unwrap();
//! assert_eq!(solved.to_string(), "x 2 x\n1 2 1");
//! assert_eq!(
//!     solved.explain()[0],
//!     "R1C3 is a mine: the 1 at R2C1 and the 2 at R2C2 together"
//! );
//! ```

use super::deduction::{Deduction, Given, SolveError, State};
use crate::board::Board;

/// Runs the `pairs` level on `puzzle` to a fixpoint.
pub fn solve(puzzle: &Board, given: Given<'_>) -> Result<Deduction, SolveError> {
    let mut state = State::new(puzzle, given)?;
    state.run_pairs()?;
    Ok(state.finish())
}

/// The cells `pairs` leaves undecided, as 1-based `(row, col)` pairs in reading order (the
/// first of them is the cell a compile-time error at `level: pairs` names). Empty when the
/// board is solved.
pub fn undecided_cells(puzzle: &Board, answer: &Board) -> Result<Vec<(usize, usize)>, SolveError> {
    Ok(solve(puzzle, Given::answer(answer))?.undecided())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{fragment, Deduced};

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn one_two_one_without_answer() {
        let d = solve(&board("? ? ?\n1 2 1"), Given::nothing()).unwrap();
        assert_eq!(d.to_string(), "x s x\n1 2 1");
        assert_eq!(
            d.explain(),
            [
                "R1C3 is a mine: the 1 at R2C1 and the 2 at R2C2 together",
                "R1C2 is safe: the 1 at R2C3 already has its 1 mine",
                "R1C1 is a mine: the 1 at R2C1 has 1 unknown neighbour left for 1 mine",
            ]
        );
    }

    #[test]
    fn one_two_two_one_and_vertical_pairs() {
        // 1-2-2-1 against a wall: the pair 1-2 forces the cell only the 2 sees.
        let d = solve(&board("? ? ? ?\n1 2 2 1"), Given::nothing()).unwrap();
        assert_eq!(d.to_string(), "s x x s\n1 2 2 1");
        // The same, turned on its side: pairs one above the other.
        let d = solve(&board("? 1\n? 2\n? 2\n? 1"), Given::nothing()).unwrap();
        assert_eq!(d.to_string(), "s 1\nx 2\nx 2\ns 1");
        assert_eq!(
            d.explain()[0],
            "R3C1 is a mine: the 1 at R1C2 and the 2 at R2C2 together"
        );
    }

    #[test]
    fn only_side_by_side_numbers_pair() {
        // The 2 at R2C1 and the 1 at R2C3 decide R1C1 and R1C3 jointly (complete does), but
        // they do not share an edge.
        let puzzle = board("? ? ?\n2 ? 1");
        let full = crate::runtime::complete::solve(&puzzle, Given::nothing()).unwrap();
        assert_eq!(full.to_string(), "x ? s\n2 ? 1");
        assert_eq!(
            solve(&puzzle, Given::nothing()).unwrap().to_string(),
            "? ? ?\n2 ? 1"
        );
    }

    #[test]
    fn revealed_numbers_join_pairs() {
        // The 0 at R1C2 reveals the 1 at R2C2, which pairs with the 1 at R2C1.
        let puzzle = board("? 0 0\n1 ? 1\n? ? ?");
        let answer = board("0 0 0\n1 1 1\n1 x 1");
        let d = solve(&puzzle, Given::answer(&answer)).unwrap();
        assert_eq!(d.to_board().as_ref(), Some(&answer));
        assert_eq!(
            d.explain()[3..5],
            [
                "R2C2 revealed 1 from the answer",
                "R3C3 is safe: the 1 at R2C1 and the 1 at R2C2 together",
            ]
        );
        let f = fragment::solve(&puzzle, Given::answer(&answer)).unwrap();
        assert_eq!(f.undecided(), [(3, 1), (3, 2), (3, 3)]);
    }

    #[test]
    fn decides_at_least_what_fragment_decides() {
        let puzzle = board("2 ? 2\n? ? ?\n? ? 3");
        let answer = board("2 3 2\nx x x\nx x 3");
        let d = solve(&puzzle, Given::answer(&answer)).unwrap();
        assert_eq!(d.to_string(), answer.to_string());
        let d = undecided_cells(&board("? ?"), &board("x 1")).unwrap();
        assert_eq!(d, vec![(1, 1), (1, 2)]);
    }

    #[test]
    fn contradictions_are_errors() {
        // A number that cannot fit even alone is reported as fragment reports it.
        let e = solve(&board("? ?\n1 3"), Given::nothing()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "contradiction: the 3 at R2C2 has 0 neighbouring mines and 2 unknown neighbours"
        );
        // Each number alone fits its four unknowns; both see the same four.
        let puzzle = board("? ?\n1 2\n? ?");
        assert!(fragment::solve(&puzzle, Given::nothing()).is_ok());
        let e = solve(&puzzle, Given::nothing()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "contradiction: no placement of mines gives both the 1 at R2C1 and the 2 at R2C2 \
             their counts"
        );
        // The pairs decide two mines, the total allows three.
        let e = solve(&board("? ? ? ?\n1 2 2 1"), Given::total(3)).unwrap_err();
        assert!(matches!(e, SolveError::Contradiction(_)), "{e}");
    }

    #[test]
    fn safe_cells_without_answer_have_no_number() {
        let d = solve(&board("? ? ?\n1 2 1"), Given::nothing()).unwrap();
        assert_eq!(d.cells()[1], Deduced::Safe(None));
    }
}
