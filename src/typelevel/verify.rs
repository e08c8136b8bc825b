//! [`Verify`]: the answer's mine total, checked cell by cell along a chain.
//!
//! The answer fixes how many of the puzzle's unknown cells are mines. A single count over a list of
//! every cell would say so, but rustc re-evaluates such an obligation each time any cell resolves
//! (287 s for one 16x30 board in a prototype). Instead the total is a *chain* over the puzzle's
//! unknown cells, nearest the shown numbers first: `K0 = total`, `K(i-1) -> cell(i) -> K(i)`,
//! `K(last) = 0`, where `K(i)` is the number of mines among the unknown cells after cell `i`. The
//! counts between are inference variables the macro creates.
//!
//! Each link is stated three times, by three sets of impls that agree:
//!
//! * [`Tally`], headed on the cell: once the cell is known, it ties the counts on its two sides
//!   (a mine takes one, a number keeps the count), exactly, in either direction. `solve!` states
//!   it as part of the cell's [`CellRules`](super::rules::CellRules) bound.
//! * [`Verify`], headed on the count before the cell: `0` before means the cell is safe; a count
//!   known to be at least `n` (the partial type `S<S<_>>` is "at least two") flows on as at least
//!   `n - 1`; and at least one before with none after means the cell is a mine.
//! * [`VerifyBack`], headed on the count after the cell: at least `n` after means at least `n`
//!   before; and the same count before and after means the cell is safe.
//!
//! A Peano type can only say "at least", so rustc learns lower bounds in both directions and
//! exact counts through decided cells. That is enough for exactly the classic global rules:
//! when the mines left equal the undecided cells they are all mines (the last undecided cell has
//! at least one mine before it and an exact count after it), and when no mines are left the
//! undecided cells are all safe (the first undecided cell has an exact count before it and at
//! least as many after it). Every count is at most the number of mines, so the peeling that
//! moves bounds along costs at most that many steps per link.
//!
//! The chain is most of a large board's type-checking time; the first forward bound gets the
//! total through a delay line ([`Later`]) so that its partial counts start late. Why, and the
//! orders and encodings measured and not kept, are in the repository's
//! `docs/notes/2026-11-21-fragment-encoding.md`; how the level works, in `docs/design.md`.

use super::cell::{Mine, Num};
use super::peano::{S, Z};

// ---------------------------------------------------------------------------------------------
// Tally: headed on the cell
// ---------------------------------------------------------------------------------------------

/// Cell `Self` takes the mine count from `Before` (mines left from this cell on) to `After`.
#[diagnostic::on_unimplemented(
    message = "contradiction: the answer's mine total does not fit the cells proved so far",
    label = "the mine total runs out here"
)]
pub trait Tally<Before, After> {}

/// A mine takes one from the count: `n + 1 -> x -> n`.
impl<N> Tally<S<N>, N> for Mine {}

/// A number keeps the count: `n -> k -> n`.
impl<K, N> Tally<N, N> for Num<K> {}

// ---------------------------------------------------------------------------------------------
// Verify: headed on the count before the cell
// ---------------------------------------------------------------------------------------------

/// With `Self` mines left before cell `C`, `After` are left after it.
#[diagnostic::on_unimplemented(
    message = "contradiction: the answer's mine total does not fit the cells proved so far",
    label = "the mine total runs out here"
)]
pub trait Verify<C, After> {}

/// No mines left: the cell is safe and none are left after it.
impl<K> Verify<Num<K>, Z> for Z {}

/// One mine left and none after: the cell is the mine.
impl Verify<Mine, Z> for S<Z> {}

/// At least one more before than after, whatever the cell: `n + 1 -> c -> p + 1` when
/// `n -> c -> p`.
impl<N, C, P> Verify<C, S<P>> for S<N> where N: Verify<C, P> {}

// ---------------------------------------------------------------------------------------------
// VerifyBack: headed on the count after the cell
// ---------------------------------------------------------------------------------------------

/// With `Self` mines left after cell `C`, `Before` were left before it.
#[diagnostic::on_unimplemented(
    message = "contradiction: the answer's mine total does not fit the cells proved so far",
    label = "the mine total runs out here"
)]
pub trait VerifyBack<C, Before> {}

/// None after and none before: the cell is safe.
impl<K> VerifyBack<Num<K>, Z> for Z {}

/// None after and one before: the cell is a mine.
impl VerifyBack<Mine, S<Z>> for Z {}

/// At least one after means at least one before: `p + 1 <- c <- n + 1` when `p <- c <- n`.
impl<P, C, N> VerifyBack<C, S<N>> for S<P> where P: VerifyBack<C, N> {}

// ---------------------------------------------------------------------------------------------
// Later: the delay line that holds the total back from the forward rule
// ---------------------------------------------------------------------------------------------

/// `Self` is passed on to `T`: once `Self` is known, `T` is the same type.
///
/// `solve!` gives the first forward [`Verify`] bound the mine total through a line of these,
/// `total: Later<T_n>, T_n: Later<T_n-1>, .. T_1: Later<T_0>`, stated so that rustc passes the
/// total one link further per round of its fulfilment loop. The local rules meanwhile decide
/// the cells nearest the shown numbers (the start of the chain), so by the time the forward
/// rule starts, the chain's first counts are exact and cheap to peel. Started at once, the
/// forward rule walks deep partial counts through every link of the chain's first stretch
/// while those cells are still unknown (see "Cost, and what was measured" above).
///
/// ```
/// use typesweeper::{Later, S, Z};
/// fn pass<A: Default, B: Default>() -> B where S<Z>: Later<A>, A: Later<B> {
///     B::default()
/// }
/// let _one: S<Z> = pass::<_, _>();
/// ```
pub trait Later<T> {}

/// `A` is passed on as `A`.
impl<T> Later<T> for T {}
