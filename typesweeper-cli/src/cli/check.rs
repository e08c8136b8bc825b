//! Every level treats a board no layout fits as bad input: `complete` finds that out as it
//! solves, `fragment` and `pairs` only when one of their rules breaks, so after them `solve`
//! looks for a layout ([`consistency::check`]).

use typesweeper::runtime::consistency::{self, DEFAULT_BUDGET};
use typesweeper::runtime::{Deduction, SolveError};

use super::LevelArg;

/// `Err` (a contradiction naming the numbers no layout fits) when no layout of the cells
/// `deduction` left undecided fits its numbers. Nothing to check after `complete` (which
/// checks as it solves), when every cell is decided (the rules checked each number against its
/// decided neighbours) or when an answer was given (the answer is such a layout, and was checked
/// against the puzzle); and when the check runs out of its budget, the board is taken as it is.
pub(crate) fn some_layout_fits(
    deduction: &Deduction,
    level: LevelArg,
    answer_given: bool,
) -> Result<(), SolveError> {
    if level == LevelArg::Complete || answer_given || deduction.is_solved() {
        return Ok(());
    }
    consistency::check(
        deduction.cells(),
        deduction.rows(),
        deduction.cols(),
        DEFAULT_BUDGET,
    )
    .map(drop)
}
