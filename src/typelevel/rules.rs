//! The local rules: a number counts the mines among its neighbours ([`Rule`]), a decided cell
//! contributes its rule ([`NeighbsToRules`]), and a cell proved safe reveals its number from the
//! concealed answer ([`Reveal`]).
//!
//! How rustc plays: for an obligation whose `Self` type is known, rustc gathers the impls whose
//! header unifies with it. When only one does, it is selected and unification fills in the
//! inference variables (the unknown cells). When several do, rustc evaluates each candidate's
//! where-clauses in a probe, recursively, drops the ones that certainly fail, and selects the
//! survivor if exactly one is left. For [`Rule`] this is an exhaustive search over the ways the
//! unknown neighbours of one number can hold its count: a cell is decided exactly when every
//! way agrees on it. An obligation whose `Self` is still an inference variable is never
//! selected; it waits until the variable is resolved. [`NeighbsToRules`] and [`Reveal`] rely on
//! that: they have the cell as `Self`, so they fire only once the cell is decided.

use super::cell::{Mine, Num};
use super::peano::{S, Z};
use super::verify::Tally;
use frunk_core::hlist::{HCons, HNil};

// ---------------------------------------------------------------------------------------------
// Rule: a count over a neighbour list
// ---------------------------------------------------------------------------------------------

/// `Self` (an HList of neighbour cells) holds exactly `N` mines.
///
/// ```
/// use typesweeper::{Rule, Mine, Num, S, Z, HList};
/// fn deduce<A, B>() -> (A, B) where HList![A, B, Num<Z>]: Rule<S<S<Z>>>, A: Default, B: Default {
///     Default::default()
/// }
/// // two mines among three neighbours, one of which is known to be safe:
/// let (_a, _b): (Mine, Mine) = deduce();
/// ```
#[diagnostic::on_unimplemented(
    message = "contradiction: the neighbours `{Self}` cannot hold `{N}` mines",
    label = "no way to place the mines this number counts"
)]
pub trait Rule<N> {}

/// No neighbours left, no mines left: `[] : 0`.
impl Rule<Z> for HNil {}

/// A mine takes one from the count: `[x, ..t] : n + 1` when `t : n`.
impl<N, T: Rule<N>> Rule<S<N>> for HCons<Mine, T> {}

/// A safe cell keeps the count: `[k, ..t] : n` when `t : n`.
impl<N, K, T: Rule<N>> Rule<N> for HCons<Num<K>, T> {}

// ---------------------------------------------------------------------------------------------
// NeighbsToRules: what a decided cell contributes
// ---------------------------------------------------------------------------------------------

/// The constraint cell `Self` puts on its neighbour list `Ns`, once the cell is known.
#[diagnostic::on_unimplemented(
    message = "contradiction: the number `{Self}` does not fit its neighbours `{Ns}`",
    label = "this number cannot be satisfied"
)]
pub trait NeighbsToRules<Ns> {}

/// A mine says nothing about its neighbours.
impl<Ns> NeighbsToRules<Ns> for Mine {}

/// A number `n` says its neighbours hold `n` mines: `Ns : n`.
impl<N, Ns: Rule<N>> NeighbsToRules<Ns> for Num<N> {}

// ---------------------------------------------------------------------------------------------
// Reveal: the answer speaks only for cells proved safe
// ---------------------------------------------------------------------------------------------

/// Puzzle cell `Self` agrees with answer cell `A`.
///
/// While `Self` is unknown the obligation waits, so the answer tells the solver nothing. Once
/// the solver has proved the cell safe (`Self = Num<_>`), the answer's number is unified into it:
/// the cell is "clicked" and its number becomes a new [`Rule`]. A cell proved to be a mine must
/// be a mine in the answer; anything else is a contradiction.
#[diagnostic::on_unimplemented(
    message = "contradiction: the solver proved this cell is `{Self}` but the answer has `{A}`",
    label = "the answer disagrees with what the rules prove here"
)]
pub trait Reveal<A> {}

/// A cell proved to be a mine is a mine in the answer.
impl Reveal<Mine> for Mine {}

/// A cell proved safe shows the answer's number: `Num<_>` becomes `Num<n>`.
impl<N> Reveal<Num<N>> for Num<N> {}

// ---------------------------------------------------------------------------------------------
// CellRules: everything an unknown cell says once it is decided
// ---------------------------------------------------------------------------------------------

/// Unknown cell `Self`, once decided, meets its answer cell `A` ([`Reveal`]), constrains its
/// neighbour list `Ns` if it is a number ([`Rule`]), and takes the mine count along the chain
/// from `Before` to `After` ([`Tally`]).
///
/// One bound instead of three: `solve!` states it once per unknown cell, and while the cell is
/// unknown it is one waiting obligation instead of three.
///
/// ```
/// use typesweeper::{CellRules, HList, Mine, Num, S, Z};
/// // A cell proved safe shows the answer's `1`, so its only unknown neighbour is the mine.
/// fn reveal<K, N: Default>() -> N
/// where
///     Num<K>: CellRules<Num<S<Z>>, HList![N], S<Z>, S<Z>>,
/// {
///     N::default()
/// }
/// let _neighbour: Mine = reveal::<_, _>();
/// ```
#[diagnostic::on_unimplemented(
    message = "contradiction: the cell `{Self}` does not fit its answer `{A}`, its neighbours `{Ns}` or the mine total",
    label = "this cell cannot be what the rules prove"
)]
pub trait CellRules<A, Ns, Before, After> {}

/// A mine is a mine in the answer and takes one from the count.
impl<A, Ns, Before, After> CellRules<A, Ns, Before, After> for Mine where
    Mine: Reveal<A> + Tally<Before, After>
{
}

/// A number shows the answer's count, which its neighbours must hold, and keeps the count.
impl<N, A, Ns, Before, After> CellRules<A, Ns, Before, After> for Num<N>
where
    Num<N>: Reveal<A> + Tally<Before, After>,
    Ns: Rule<N>,
{
}
