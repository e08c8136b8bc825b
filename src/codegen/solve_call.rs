//! A board as a `solve!` call ([`solve_call_at`]), and the recursion limit a file of such calls
//! needs ([`recursion_limit`], from each board's [`recursion_limit_of`]).

use super::template::fill;
pub use crate::board::recursion_limit_of;
use crate::board::Board;
use crate::runtime::generator::{Generated, Level};

/// The call, one bracketed row per line; `{level}` is empty or a `level:` line, and every other
/// line starts with `{indent}` (the first follows whatever precedes the call).
const SOLVE_CALL: &str = "typesweeper::solve! {
{level}{indent}    puzzle: [
{puzzle_rows}{indent}    ]
{indent}    answer: [
{answer_rows}{indent}    ]
{indent}}";

/// The recursion limit a Rust test file of these boards needs: what the crate's [rule for
/// `fragment` and `pairs`](crate#recursion-limit) gives for the board that needs most, and never
/// less than 512, which also covers `complete`'s rounds on every board measured.
///
/// ```
/// use typesweeper::codegen::recursion_limit;
/// use typesweeper::runtime::generator::Generated;
/// let board = |puzzle: &str, answer: &str| Generated {
///     seed: 0,
///     puzzle: puzzle.parse().unwrap(),
///     answer: answer.parse().unwrap(),
/// };
/// assert_eq!(recursion_limit(&[board("? 1", "x 1")]), 512);
/// let row = |c: &str| vec![c; 600].join(" ");
/// let many = board(&format!("{}\n{}", row("?"), row("2")), &format!("{}\n{}", row("x"), row("2")));
/// assert_eq!(recursion_limit(&[many]), 612);
/// let wide = board(&format!("{}\n{}", row("0"), row("0")), &format!("{}\n{}", row("0"), row("0")));
/// assert_eq!(recursion_limit(&[wide]), 612, "a row of 600 cells, no hidden mine");
/// let column = |c: &str| vec![c; 600].join("\n");
/// let tall = board(&column("0"), &column("0"));
/// assert_eq!(recursion_limit(&[tall]), 610, "600 rows, no hidden mine");
/// ```
pub fn recursion_limit(boards: &[Generated]) -> usize {
    boards
        .iter()
        .map(|g| recursion_limit_of(&g.puzzle, &g.answer))
        .fold(512, usize::max)
}

/// A `solve!` call for `puzzle` and `answer`, one bracketed row per line, for a line indented
/// by `indent` (the first line is not indented: it follows whatever precedes it).
///
/// ```
/// use typesweeper::board::Board;
/// let puzzle: Board = "? 1".parse().unwrap();
/// let answer: Board = "x 1".parse().unwrap();
/// assert_eq!(
///     typesweeper::codegen::solve_call(&puzzle, &answer, ""),
///     "typesweeper::solve! {\n    puzzle: [\n        [? 1]\n    ]\n    answer: [\n        [x 1]\n    ]\n}"
/// );
/// ```
pub fn solve_call(puzzle: &Board, answer: &Board, indent: &str) -> String {
    solve_call_at(Level::Fragment, puzzle, answer, indent)
}

/// A `solve!` call like [`solve_call`]'s at a level: [`Level::Fragment`] writes no `level:`
/// (it is the default, and the call is exactly [`solve_call`]'s), [`Level::Pairs`] and
/// [`Level::Complete`] write `level: pairs` or `level: complete` as the first field.
///
/// ```
/// use typesweeper::board::Board;
/// use typesweeper::codegen::solve_call_at;
/// use typesweeper::runtime::generator::Level;
/// let puzzle: Board = "? 1".parse().unwrap();
/// let answer: Board = "x 1".parse().unwrap();
/// assert_eq!(
///     solve_call_at(Level::Pairs, &puzzle, &answer, ""),
///     "typesweeper::solve! {\n    level: pairs\n    puzzle: [\n        [? 1]\n    ]\n    answer: [\n        [x 1]\n    ]\n}"
/// );
/// ```
pub fn solve_call_at(level: Level, puzzle: &Board, answer: &Board, indent: &str) -> String {
    let level = match level {
        Level::Fragment => String::new(),
        Level::Pairs => format!("{indent}    level: pairs\n"),
        Level::Complete => format!("{indent}    level: complete\n"),
    };
    // Row by row rather than by lines of text: a board of one empty row (corpus game 0) has no
    // text but one row, `[]`.
    let rows = |board: &Board| -> String {
        (0..board.rows())
            .map(|r| {
                let cells: Vec<String> = (0..board.cols())
                    .map(|c| board.get(r, c).to_string())
                    .collect();
                format!("{indent}        [{}]\n", cells.join(" "))
            })
            .collect()
    };
    fill(
        SOLVE_CALL,
        &[
            ("level", &level),
            ("indent", indent),
            ("puzzle_rows", &rows(puzzle)),
            ("answer_rows", &rows(answer)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_calls_name_their_level() {
        let board: Board = "0".parse().unwrap();
        for (level, line) in [
            (Level::Fragment, None),
            (Level::Pairs, Some("    level: pairs\n")),
            (Level::Complete, Some("    level: complete\n")),
        ] {
            let call = solve_call_at(level, &board, &board, "");
            assert_eq!(call.contains("level:"), line.is_some(), "{call}");
            if let Some(line) = line {
                assert!(
                    call.starts_with(&format!("typesweeper::solve! {{\n{line}")),
                    "{call}"
                );
            }
        }
    }

    #[test]
    fn an_indented_call_indents_every_line_but_the_first() {
        let (puzzle, answer): (Board, Board) = ("? 1".parse().unwrap(), "x 1".parse().unwrap());
        assert_eq!(
            solve_call_at(Level::Pairs, &puzzle, &answer, "  "),
            "typesweeper::solve! {\n      level: pairs\n      puzzle: [\n          [? 1]\n      ]\n      answer: [\n          [x 1]\n      ]\n  }"
        );
        assert_eq!(
            solve_call_at(Level::Fragment, &puzzle, &answer, "  "),
            solve_call(&puzzle, &answer, "  ")
        );
    }
}
