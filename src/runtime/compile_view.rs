//! What each level of the compile-time rules decides of a game position ([`compile_view`]):
//! the browser game's "compile-time view", and what [`codegen::export`](crate::codegen::export)
//! writes a position as.
//!
//! A *position* is what the player sees (open numbers and `?`, as
//! [`Game::visible`](super::game::Game::visible) gives) together with the full answer. Every level
//! runs with the compile-time rules' inputs, [`Given::answer`]: a cell proved safe reveals its
//! number from the answer, and the answer's mine total counts.

use super::deduction::{Deduced, Deduction, Given, SolveError};
use super::generator::{expect_from, Level};
use super::{complete, fragment, pairs};
use crate::board::corpus::Expect;
use crate::board::{Board, Cell, CellName};

/// What one level decides of a position, with the answer given ([`Given::answer`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelView {
    /// The level.
    pub level: Level,
    /// One verdict per cell, row-major (the puzzle's own cells as it shows them).
    pub cells: Vec<Deduced>,
    /// How many of the puzzle's `?` cells the level decides.
    pub decided: usize,
    /// Whether it decides every cell.
    pub finishes: bool,
    /// What a solver at this level does with the position, in the corpus's words
    /// ([`expect_at`](super::generator::expect_at)).
    pub expect: Expect,
    /// The first undecided cell in reading order (the cell `solve!`'s error names); `None` when
    /// the level finishes the board.
    pub first_undecided: Option<CellName>,
}

/// The "compile-time view" of a position: what each level decides of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileView {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Per cell, row-major: whether the puzzle shows `?` there.
    pub hidden: Vec<bool>,
    /// How many cells the puzzle shows as `?`.
    pub hidden_count: usize,
    /// The compile-time rules (`solve!`'s default level).
    pub fragment: LevelView,
    /// The compile-time rules of `level: pairs`.
    pub pairs: LevelView,
    /// Everything that every fitting layout agrees on.
    pub complete: LevelView,
}

/// What each level decides of the position `puzzle` (open numbers and `?`) whose full layout is
/// `answer`, each with reveals from the answer and its mine total, as at compile time. Fails
/// when the answer does not fit the puzzle, or when [`complete`] runs out of its budget.
///
/// ```
/// use typesweeper::board::Board;
/// use typesweeper::board::corpus::Expect;
/// use typesweeper::runtime::compile_view::compile_view;
///
/// let puzzle: Board = "? ? ?\n1 2 1".parse().unwrap();
/// let answer: Board = "x 2 x\n1 2 1".parse().unwrap();
/// let view = compile_view(&puzzle, &answer).unwrap();
/// assert_eq!(view.hidden_count, 3);
/// // One number at a time decides nothing here; two side by side decide everything.
/// assert_eq!((view.fragment.decided, view.fragment.expect), (0, Expect::Stuck));
/// assert_eq!(view.fragment.first_undecided.unwrap().to_string(), "R1C1");
/// assert!(view.pairs.finishes && view.complete.finishes);
/// assert_eq!(view.pairs.cells[0].to_char(), 'x');
/// ```
pub fn compile_view(puzzle: &Board, answer: &Board) -> Result<CompileView, SolveError> {
    compile_view_within(puzzle, answer, &complete::Budget::default())
}

/// As [`compile_view`], with [`complete`]'s work within `budget` instead of its default (a
/// server bounds each request this way); fails with [`SolveError::OutOfBudget`] when that runs
/// out.
///
/// ```
/// use typesweeper::runtime::compile_view::compile_view_within;
/// use typesweeper::runtime::complete::Budget;
///
/// let puzzle = "? ? ?\n1 2 1".parse().unwrap();
/// let answer = "x 2 x\n1 2 1".parse().unwrap();
/// assert!(compile_view_within(&puzzle, &answer, &Budget::default()).is_ok());
/// assert!(compile_view_within(&puzzle, &answer, &Budget::new(0)).is_err());
/// ```
pub fn compile_view_within(
    puzzle: &Board,
    answer: &Board,
    budget: &complete::Budget,
) -> Result<CompileView, SolveError> {
    let given = Given::answer(answer);
    let by_fragment = fragment::solve(puzzle, given)?;
    let by_pairs = pairs::solve(puzzle, given)?;
    let by_complete = complete::solve_all_within(puzzle, given, budget)?;
    let complete_finishes = by_complete.is_solved();
    let view =
        |level, deduction: &Deduction| level_view(level, puzzle, deduction, complete_finishes);
    let hidden: Vec<bool> = puzzle.cells().iter().map(|&c| c == Cell::Unknown).collect();
    Ok(CompileView {
        rows: puzzle.rows(),
        cols: puzzle.cols(),
        hidden_count: hidden.iter().filter(|&&h| h).count(),
        hidden,
        fragment: view(Level::Fragment, &by_fragment),
        pairs: view(Level::Pairs, &by_pairs),
        complete: view(Level::Complete, &by_complete),
    })
}

/// One level's view of `puzzle` from its `deduction`; `complete_finishes` says whether
/// [`complete`] decides every cell (which tells [`Expect::Stuck`] from [`Expect::Ambiguous`]).
pub(crate) fn level_view(
    level: Level,
    puzzle: &Board,
    deduction: &Deduction,
    complete_finishes: bool,
) -> LevelView {
    let cells = deduction.cells().to_vec();
    let decided = puzzle
        .cells()
        .iter()
        .zip(&cells)
        .filter(|&(&p, d)| p == Cell::Unknown && d.is_decided())
        .count();
    let first_undecided = cells
        .iter()
        .position(|d| !d.is_decided())
        .map(|i| CellName::of_index(i, puzzle.cols()));
    let finishes = first_undecided.is_none();
    let expect = expect_from(finishes, complete_finishes);
    LevelView {
        level,
        cells,
        decided,
        finishes,
        expect,
        first_undecided,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::generator::expect_at;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn the_view_agrees_with_the_solvers() {
        let cases = [
            ("? ? ?\n1 2 1", "x 2 x\n1 2 1"),
            ("2 ? 2\n? ? ?\n? ? 3", "2 3 2\nx x x\nx x 3"),
            ("? ?", "x 1"),
            ("0 0\n? ?\n? ?", "0 0\n1 1\nx 1"),
            ("1 x", "1 x"),
        ];
        for (puzzle, answer) in cases {
            let (puzzle, answer) = (board(puzzle), board(answer));
            let view = compile_view(&puzzle, &answer).unwrap();
            assert_eq!((view.rows, view.cols), (puzzle.rows(), puzzle.cols()));
            let hidden: Vec<bool> = puzzle.cells().iter().map(|c| !c.is_known()).collect();
            assert_eq!(view.hidden, hidden);
            assert_eq!(view.hidden_count, hidden.iter().filter(|&&h| h).count());
            let levels = [
                (Level::Fragment, &view.fragment),
                (Level::Pairs, &view.pairs),
                (Level::Complete, &view.complete),
            ];
            for (level, seen) in levels {
                assert_eq!(seen.level, level);
                let given = Given::answer(&answer);
                let deduction = match level {
                    Level::Fragment => fragment::solve(&puzzle, given),
                    Level::Pairs => pairs::solve(&puzzle, given),
                    Level::Complete => complete::solve(&puzzle, given),
                }
                .unwrap();
                assert_eq!(seen.cells, deduction.cells());
                assert_eq!(seen.finishes, level.solves(&puzzle, &answer));
                assert_eq!(seen.expect, expect_at(level, &puzzle, &answer).unwrap());
                let first = deduction.undecided().first().map(|&(r, c)| CellName {
                    row: r - 1,
                    col: c - 1,
                });
                assert_eq!(seen.first_undecided, first);
                let undecided = deduction.undecided().len();
                assert_eq!(seen.decided, view.hidden_count - undecided);
            }
        }
        let view = compile_view(&board("? ? ?\n1 2 1"), &board("x 2 x\n1 2 1")).unwrap();
        assert_eq!(
            (
                view.fragment.decided,
                view.pairs.decided,
                view.complete.decided
            ),
            (0, 3, 3)
        );
    }
}
