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
//! # Cost, and what was measured
//!
//! The chain is most of a large board's type-checking time, and its forward `Verify` bounds
//! were most of the chain's: 64x64 with 410 mines took 8.4 s to type-check, 4.2 s without
//! them. Its counts are partial Peano types, and every obligation that mentions one refolds it
//! when it grows. The forward rule's cost came from the start of the chain: `K0` is the exact
//! total, so the first `R` counts are "at least `R - i`" from the first rounds on, each link
//! peeling a partial count `R - i` deep (one obligation per level, each holding the rest)
//! while the cells are still unknown, which is cubic in the mines. Measured on that board:
//! forward bounds on the first 410 links only cost as much as all of them; on the other links
//! only, 0.6 s.
//!
//! So the first forward bound gets the total through a delay line ([`Later`]), one link per round
//! of rustc's fulfilment loop, as many rounds as the board has rows and columns (at most 256). By
//! then the local rules have decided most cells at the start of the chain (breadth-first from the
//! shown numbers, see below), whose counts [`Tally`] has made exact, and exact counts are cheap to
//! peel. The rules and what they prove are the same, only later: 64x64/410 type-checks in 5.0 s
//! instead of 8.4 s (delays of 10 rounds: 6.8 s; 30 to 400: 4.6-4.9 s; 1500: 6.0 s, each round
//! being a pass over the waiting obligations). It does not help every board: 16x30/99 is unchanged
//! (its forward bounds cost about 0.2 s of its 0.6 s however late they start: there the cost is the
//! peeling itself, one obligation per level of each count), and 100x100/1000 too (25 s, of which
//! the forward bounds are 13 s whatever the delay: a cell near the start of the chain is undecided
//! until late, so the partial counts start from an early exact count anyway).
//!
//! The order of the chain matters: breadth-first from the shown cells (the macro's order) beat
//! reading order (25 s on 64x64 before the delay line), its reverse, and an order with the early
//! cells at both ends. Measured and not kept: a second chain in reverse order carrying the forward
//! bounds (19 s against 16 s), a second chain counting safe cells with backward bounds only in
//! place of `Verify` (twice as slow on 16x30: safe counts are deep), dropping `Tally` and relying
//! on `Verify`/`VerifyBack` for exactness (40 s instead of 8.4 s on 64x64: `Tally` ties the counts
//! on a decided cell's two sides into one type), `Tally` as a bound of its own rather than inside
//! `CellRules` (slower on 64x64), the cell's rules as a projection (`<Cell as CellLink<A,
//! Ns>>::Link<X> == (Before, After)`, which rustc re-examines only when the cell changes, not the
//! counts: 10.8 s against 8.4 s), counting the first `R` links from `K - (R - i)` so that they
//! start at zero instead of deep (8.6 s against 8.4 s: the partial counts get as deep as the cells
//! are decided; with the delay line too, 8.0-8.3 s against 4.5 s on 64x64, though 16x30 went from
//! 0.53-0.62 s to 0.46-0.57 s), and holding all of the chain's `Verify` and `VerifyBack` bounds
//! behind the delay line (in chunks that wait for its end: 16x30 0.55-0.62 s against 0.60 s, 64x64
//! 11.6 s against 4.5 s: without the backward bounds during the solve, the counts the mines make
//! partial get deep before anything peels them), and the bounds over two links at a time (a
//! `Verify2` and `VerifyBack2` with exact base cases for every pair of cells, half as many bounds:
//! 6.7 s against 4.3 s on 64x64, no change on 16x30).

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
