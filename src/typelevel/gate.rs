//! [`Decided`]: the gate that turns a board the rules cannot finish into one short error.
//!
//! `solve!` chains every unknown cell, in reading order, through a *gate*: `Open` before the
//! first cell, and after each cell a new gate that is `Open` again once that cell is decided:
//!
//! ```text
//! Open: Decided<1, 1, cell R1C1, G1>,  G1: Decided<1, 2, cell R1C2, G2>,  ...
//! ```
//!
//! While a cell is unknown its link is ambiguous (a `Mine` and a `Num<_>` would both fit), so it
//! waits and decides nothing: the gate adds no rule and takes none away. On a board the rules
//! finish, every cell is decided and every gate is `Open`.
//!
//! On a board they cannot finish, the gates after the first undecided cell are never resolved.
//! The macro makes each of them a *diverging* inference variable (the target of a `loop {}`
//! coercion that is never run), and rustc gives such a variable a type of its own once type
//! inference has done all it can: `()` in editions up to 2021, `!` from 2024. The gates after the
//! first undecided cell pass such a gate on (the impls for `()` and [`Never`]), but the first
//! undecided cell has an `Open` gate before it and a fallen-back one after it, which no impl
//! fits: rustc reports exactly that obligation, `error[E0277]`, with the message below, at the
//! cell's `?`. That error also stops rustc from reporting the obligations still waiting (every
//! rule around an undecided cell), which used to fill a screen with solver internals.
//!
//! The error's text comes only from this trait's `on_unimplemented` message and the cell's row
//! and column (const parameters, which print as plain numbers), so a user's snapshot of it does
//! not change with typesweeper's version, where cargo keeps its sources, or the function the
//! board is written in.
//!
//! ```
//! use typesweeper::typelevel::gate::{Decided, Open};
//! use typesweeper::{Mine, Num, Z};
//! fn gate<C, Next: Default>() -> Next where Open: Decided<1, 1, C, Next> {
//!     Next::default()
//! }
//! // A decided cell keeps the gate open.
//! let _open: Open = gate::<Mine, _>();
//! let _open: Open = gate::<Num<Z>, _>();
//! ```

use super::cell::{Mine, Num};
use super::peano::{S, Z};

/// The gate before an unknown cell when every unknown cell before it (in reading order) is
/// decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Open;

/// The depth check that opens the gates at `level: fragment` and `pairs`: `Self` is a count
/// as deep as the board's [recursion limit](crate#recursion-limit) less one, and `G`, the
/// first gate, is [`Open`] once rustc has followed the count to zero.
///
/// Under a lower limit rustc's trait solver cannot: the default solver stops with `E0275`, and
/// `-Znext-solver`, which turns an overflow into ambiguity and goes on, leaves `G` unknown. `solve!` makes `G`
/// a diverging inference variable, like the gates after an undecided cell, so that it falls
/// back and every gate passes on: the overflow (`E0275`, with rustc's advice to raise the
/// limit) is the error reported, never the first undecided cell of a board that was merely too
/// deep for the limit. (The default solver needs the count to be less than the limit, the next
/// solver at most the limit.)
///
/// ```
/// use typesweeper::typelevel::gate::{Depth, Open};
/// use typesweeper::{S, Z};
/// fn first_gate<D: Depth<G>, G: Default>() -> G {
///     G::default()
/// }
/// let _open: Open = first_gate::<S<S<Z>>, _>();
/// ```
pub trait Depth<G> {}

/// Zero: the gates open.
impl Depth<Open> for Z {}

/// `n + 1` is as deep as `n`, one level more.
impl<N: Depth<G>, G> Depth<G> for S<N> {}

/// A stable name for `!`, the type a diverging inference variable falls back to from edition
/// 2024 on.
pub type Never = <fn() -> ! as Returns>::Output;

/// The return type of a function pointer type: the stable way to name `!` ([`Never`]).
#[doc(hidden)]
pub trait Returns {
    /// The type the function returns.
    type Output;
}

/// `fn() -> T` returns `T`.
impl<T> Returns for fn() -> T {
    type Output = T;
}

/// The impls of a gate trait: a decided cell opens the next gate, a fallen-back gate passes on.
macro_rules! gate_impls {
    ($gate:ident) => {
        /// A mine is decided: the gate stays open.
        #[diagnostic::do_not_recommend]
        impl<const ROW: usize, const COL: usize> $gate<ROW, COL, Mine, Open> for Open {}

        /// A number is decided, even before its count is revealed: the gate stays open.
        #[diagnostic::do_not_recommend]
        impl<const ROW: usize, const COL: usize, N> $gate<ROW, COL, Num<N>, Open> for Open {}

        /// After the first undecided cell (edition 2021 and before), the fallen-back gate
        /// passes on.
        #[diagnostic::do_not_recommend]
        impl<const ROW: usize, const COL: usize, Cell> $gate<ROW, COL, Cell, ()> for () {}

        /// After the first undecided cell (edition 2024), the fallen-back gate passes on.
        #[diagnostic::do_not_recommend]
        impl<const ROW: usize, const COL: usize, Cell> $gate<ROW, COL, Cell, Never> for Never {}
    };
}

/// With gate `Self` before the unknown cell `Cell` at row `ROW` and column `COL` (from 1), the
/// gate after it is `Next` (`level: fragment`, the default).
#[diagnostic::on_unimplemented(
    message = "the rules cannot decide cell R{ROW}C{COL}",
    label = "the first cell, in reading order, that the rules leave undecided",
    note = "the compile-time rules use one number at a time, the numbers revealed on the way and the mine total; this board has more than one solution, or needs more than that",
    note = "to list every undecided cell, paste this `solve!` call into a file and run `typesweeper solve FILE`"
)]
pub trait Decided<const ROW: usize, const COL: usize, Cell, Next> {}

gate_impls!(Decided);

/// [`Decided`] for `level: pairs`: the same gate, with a note that names what that level uses.
#[diagnostic::on_unimplemented(
    message = "the rules cannot decide cell R{ROW}C{COL}",
    label = "the first cell, in reading order, that the rules leave undecided",
    note = "the compile-time rules at `level: pairs` use each number alone, two numbers side by side together, the numbers revealed on the way and the mine total; this board has more than one solution, or needs more than that",
    note = "to list every undecided cell, paste this `solve!` call into a file and run `typesweeper solve FILE`"
)]
pub trait DecidedByPairs<const ROW: usize, const COL: usize, Cell, Next> {}

gate_impls!(DecidedByPairs);

/// [`Decided`] for `level: complete`: the same gate, with a note that says what an undecided
/// cell means there.
#[diagnostic::on_unimplemented(
    message = "the rules cannot decide cell R{ROW}C{COL}",
    label = "the first cell, in reading order, that no reasoning can decide here",
    note = "at `level: complete` the compiler decides every cell that all mine layouts fitting the shown numbers and the mine total agree on; at this point of the solve some of those layouts put a mine on this cell and some do not, so a player would have to guess",
    note = "to list every undecided cell, paste this `solve!` call into a file and run `typesweeper solve --level complete FILE`"
)]
pub trait DecidedByComplete<const ROW: usize, const COL: usize, Cell, Next> {}

gate_impls!(DecidedByComplete);
