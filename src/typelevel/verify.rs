//! [`Verify`]: the answer's total counts, checked cell by cell along a chain.
//!
//! The answer fixes how many of the puzzle's unknown cells are mines and how many are safe. A
//! single count over a list of every cell would say so, but rustc re-evaluates such an
//! obligation each time any cell resolves. Instead each total is a *chain* over the puzzle's
//! unknown cells in reading order: `K0 = total`, `K(i) -> cell(i) -> K(i+1)`, and the last
//! count is what the puzzle already shows. The counts between are inference variables the macro
//! creates.
//!
//! Each link is stated twice, by two sets of impls:
//!
//! * [`Tally`], headed on the cell: once the cell is known, it ties the counts on its two sides
//!   (a mine takes one from the mine count, a number keeps it), in either direction.
//! * [`Verify`], headed on the count before the cell: it acts before the cell is known. `0` left
//!   means the cell is not of the counted kind; a count known to be at least `n` flows on as at
//!   least `n - 1` (the partial type `S<S<_>>` is "at least two"); and "at least one before,
//!   none after" means the cell is of the counted kind.
//!
//! With the mine chain alone rustc learns lower bounds forwards and exact counts backwards
//! through decided cells. That decides "the remaining unknown cells are all mines", but not "no
//! mines remain" when a decided mine sits later in the chain. The second chain counts safe
//! cells the same way, so "the remaining unknown cells are all safe" is decided too. Together the
//! two chains decide exactly the classic global rules: when the mines left equal the undecided
//! cells, they are all mines; when no mines are left, they are all safe.

use super::cell::{Mine, Num};
use super::peano::{S, Z};

/// The kind a chain counts: mines.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mines;

/// The kind a chain counts: safe cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Safes;

// ---------------------------------------------------------------------------------------------
// Tally: headed on the cell
// ---------------------------------------------------------------------------------------------

/// Cell `Self` takes the `What` count from `Before` to `After`.
#[diagnostic::on_unimplemented(
    message = "contradiction: the answer's total count of {What} does not fit the cells proved so far",
    label = "the total count runs out here"
)]
pub trait Tally<What, Before, After> {}

/// A mine takes one from the mine count: `n + 1 -> x -> n`.
impl<N> Tally<Mines, S<N>, N> for Mine {}

/// A number keeps the mine count: `n -> k -> n`.
impl<K, N> Tally<Mines, N, N> for Num<K> {}

/// A mine keeps the safe count: `n -> x -> n`.
impl<N> Tally<Safes, N, N> for Mine {}

/// A number takes one from the safe count: `n + 1 -> k -> n`.
impl<K, N> Tally<Safes, S<N>, N> for Num<K> {}

// ---------------------------------------------------------------------------------------------
// Verify: headed on the count
// ---------------------------------------------------------------------------------------------

/// With `Self` of the `What` count left before cell `C`, `After` are left after it.
#[diagnostic::on_unimplemented(
    message = "contradiction: the answer's total count of {What} does not fit the cells proved so far",
    label = "the total count runs out here"
)]
pub trait Verify<What, C, After> {}

/// No mines left: the cell is safe and none are left after it.
impl<K> Verify<Mines, Num<K>, Z> for Z {}

/// One mine left and none after: the cell is the mine.
impl Verify<Mines, Mine, Z> for S<Z> {}

/// At least one more before than after, whatever the cell: `n + 1 -> c -> p + 1` when
/// `n -> c -> p`.
impl<N, C, P> Verify<Mines, C, S<P>> for S<N> where N: Verify<Mines, C, P> {}

/// No safe cells left: the cell is a mine and none are left after it.
impl Verify<Safes, Mine, Z> for Z {}

/// One safe cell left and none after: the cell is safe.
impl<K> Verify<Safes, Num<K>, Z> for S<Z> {}

/// At least one more before than after, whatever the cell: `n + 1 -> c -> p + 1` when
/// `n -> c -> p`.
impl<N, C, P> Verify<Safes, C, S<P>> for S<N> where N: Verify<Safes, C, P> {}
