//! The macros of [typesweeper](https://docs.rs/typesweeper): `solve!` turns a board written as
//! tokens into types and lets rustc's trait solver derive its hidden cells. Use them through
//! the `typesweeper` crate, which documents them.

mod expand;
mod parse;

use proc_macro::TokenStream;

/// Solves a Minesweeper puzzle at compile time, with rustc's trait solver.
///
/// ```
/// let solved = typesweeper::solve! {
///     puzzle: [
///         [2 ? 2]
///         [? ? ?]
///         [? ? 3]
///     ]
///     answer: [
///         [2 3 2]
///         [x x x]
///         [x x 3]
///     ]
/// };
/// assert_eq!(solved.to_string(), "2 3 2\nx x x\nx x 3");
/// ```
///
/// Each board is a bracketed list of bracketed rows; cells are separated by white space (commas
/// between cells or rows are accepted too): `?` is a cell the solver must derive, `x` a mine,
/// `0`-`8` a safe cell and its count.
///
/// The `answer` is concealed from the solver: an unknown cell meets its answer cell only through
/// [`Reveal`](../typesweeper/trait.Reveal.html), once the rules have proved it safe (its number
/// is then revealed, as a click would) or a mine. The other thing the answer gives away is its
/// mine total over the unknown cells, which the [`Verify`](../typesweeper/trait.Verify.html)
/// chain checks cell by cell.
///
/// The value is a [`CellRows`](../typesweeper/enum.CellRows.html) constant: the expansion
/// type-checks a constant whose generated function returns a
/// [`Solved`](../typesweeper/struct.Solved.html) type holding the derived cells, and reads the
/// cells off that type at compile time. `Display` prints them as board text, `get` and
/// `to_board` read them. A `solve!` call can initialise a `const`.
///
/// # Errors
///
/// * Malformed input is a `compile_error!` at the offending token: an unknown token, ragged rows,
///   boards of different shapes, a shown puzzle cell that differs from the answer, an answer
///   number that disagrees with its neighbouring mines, a `?` in the answer, an empty board.
/// * A board the rules cannot finish fails with one error, at the `?` of the first cell (in
///   reading order, rows and columns counted from 1) that the rules leave undecided:
///   ``error[E0277]: the rules cannot decide cell R3C4``, with notes on what the rules use and
///   how to list every undecided cell (`typesweeper solve`). See
///   [`Decided`](../typesweeper/typelevel/gate/trait.Decided.html) for how.
/// * A board too wide, too tall or with too many hidden mines for rustc's recursion limit (128
///   unless the crate sets `#![recursion_limit = "N"]`) fails with rustc's overflow (`E0275`)
///   and its advice to raise the limit; the crate's
///   [Recursion limit](../typesweeper/index.html#recursion-limit) section has the rule.
/// * A row may hold at most 1,024 cells (`typesweeper::CellRow::CAPACITY`); a longer one is a
///   `compile_error!` at the row.
/// * `level: complete` decides what full deduction decides (every cell all layouts that fit the
///   shown numbers and the mine total agree on), by rounds of deterministic projections over
///   decision diagrams (`typesweeper::typelevel::diagram`); it refuses no board. Every board
///   measured up to 32x32 fits rustc's default recursion limit. Under a lower limit a round of
///   full deduction overflows (`E0275`), never reporting a cell that needs a guess. Under rustc's
///   next trait solver (`-Znext-solver`) it is about two and a half times faster than under the
///   default one.
///
/// ```
/// let solved = typesweeper::solve! {
///     level: complete
///     puzzle: [[? ? ? ? ?] [? 1 ? 1 ?] [? ? ? ? ?]]
///     answer: [[x 1 0 1 x] [1 1 0 1 1] [0 0 0 0 0]]
/// };
/// assert_eq!(solved.to_string(), "x 1 0 1 x\n1 1 0 1 1\n0 0 0 0 0");
/// ```
#[proc_macro]
pub fn solve(input: TokenStream) -> TokenStream {
    match expand::solve(input.into()) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// Defines a named puzzle type, for users who keep their puzzles as types.
///
/// ```
/// typesweeper::puzzle! {
///     /// Game 10 of the Haskell original.
///     pub struct Game10 {
///         puzzle: [[2 ? 2] [? ? ?] [? ? 3]]
///         answer: [[2 3 2] [x x x] [x x 3]]
///     }
/// }
///
/// assert_eq!(Game10::PUZZLE, "2 ? 2\n? ? ?\n? ? 3");
/// assert_eq!(Game10::solve().to_string(), "2 3 2\nx x x\nx x 3");
/// ```
///
/// The struct gets the constants `PUZZLE` (the board text), `ROWS` and `COLS`, and a
/// `const fn solve() -> CellRows` whose body is the same code `solve!` writes: rustc derives the
/// board while compiling it, and the same errors apply.
#[proc_macro]
pub fn puzzle(input: TokenStream) -> TokenStream {
    match expand::puzzle(input.into()) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}
