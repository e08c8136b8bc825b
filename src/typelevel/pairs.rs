//! [`Pair`]: two numbers side by side, reasoned jointly (`level: pairs`).
//!
//! Two numbers that share an edge see a union of neighbours that falls into three groups: the
//! cells only the first number sees ([`OnlyFirst`]), those both see ([`Both`]) and those only the
//! second sees ([`OnlySecond`]). A pair obligation is an HList of `(cell, group)` entries, the
//! union's cells, whose `Self` must hold both numbers' counts at once: a mine takes one from the
//! count of each number that sees it, a safe cell takes nothing, and the empty list must have
//! both counts at zero.
//!
//! How rustc decides with it: for an obligation whose head cell is unknown, both head impls fit
//! (a mine of that group, or a number). rustc evaluates each in a probe, recursively through the
//! tail, which is a depth-first search over the ways the rest of the list can hold what is left
//! of the two counts; a candidate fails when no way exists. When only one survives, rustc commits
//! to it and the head cell is decided: exactly when every assignment of the union that satisfies
//! both numbers agrees on it. Only the head is committed, so the macro states each pair three
//! times, once with each group first. Cells of one group are interchangeable (both counts depend
//! only on how many mines the group holds), so a group is forced as a whole or not at all: when
//! its head commits, the tail obligation's head is the next cell of the same group, and the
//! commit cascades through it.
//!
//! The pair waits until both cells are known numbers: [`PairFirst`] is headed on the first
//! cell and [`PairSecond`] on the second, so a pair of cells still unknown (numbers to be
//! revealed during the solve) waits like a cell's own rule, and a cell that turns out to be a
//! mine drops the pair.
//!
//! ```
//! use typesweeper::typelevel::pairs::{Both, OnlyFirst, OnlySecond, Pair};
//! use typesweeper::{HList, Mine, Num, S, Z};
//! // A 2 that sees A and B beside a 1 that sees B and C: the 2 needs both its cells, so B is
//! // the 1's mine and C is safe, which the 1 alone could not tell.
//! fn deduce<A: Default, B: Default, C: Default>() -> (A, B, C)
//! where
//!     HList![(A, OnlyFirst), (B, Both), (C, OnlySecond)]: Pair<S<S<Z>>, S<Z>>,
//! {
//!     Default::default()
//! }
//! let (_a, _b, _c): (Mine, Mine, Num<Z>) = deduce::<_, _, _>();
//! ```

use super::cell::{Mine, Num};
use super::peano::{S, Z};
use frunk_core::hlist::{HCons, HNil};

/// A cell of the pair's union that only the first number sees.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OnlyFirst;

/// A cell of the pair's union that both numbers see.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Both;

/// A cell of the pair's union that only the second number sees.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OnlySecond;

// ---------------------------------------------------------------------------------------------
// Pair: both counts over the union
// ---------------------------------------------------------------------------------------------

/// `Self` (an HList of `(cell, group)` entries) holds `First` mines among the cells the first
/// number sees and `Second` among those the second sees.
#[diagnostic::on_unimplemented(
    message = "contradiction: two numbers side by side cannot both hold their mines",
    label = "no way to place the mines these two numbers count"
)]
pub trait Pair<First, Second> {}

/// No cells left, no mines left for either number: `[] : 0, 0`.
impl Pair<Z, Z> for HNil {}

/// A mine only the first number sees takes one from its count: `[x₁, ..t] : a + 1, b` when
/// `t : a, b`.
impl<A, B, T: Pair<A, B>> Pair<S<A>, B> for HCons<(Mine, OnlyFirst), T> {}

/// A mine both numbers see takes one from each count: `[x₁₂, ..t] : a + 1, b + 1` when
/// `t : a, b`.
impl<A, B, T: Pair<A, B>> Pair<S<A>, S<B>> for HCons<(Mine, Both), T> {}

/// A mine only the second number sees takes one from its count: `[x₂, ..t] : a, b + 1` when
/// `t : a, b`.
impl<A, B, T: Pair<A, B>> Pair<A, S<B>> for HCons<(Mine, OnlySecond), T> {}

/// A safe cell, in any group, keeps both counts: `[k, ..t] : a, b` when `t : a, b`.
impl<A, B, K, G, T: Pair<A, B>> Pair<A, B> for HCons<(Num<K>, G), T> {}

// ---------------------------------------------------------------------------------------------
// PairFirst, PairSecond: waiting until both cells are numbers
// ---------------------------------------------------------------------------------------------

/// The first cell of a pair, `Self`, once decided, with the second cell `Second` and the
/// union's entries `List`.
pub trait PairFirst<Second, List> {}

/// A mine makes no pair.
impl<Second, List> PairFirst<Second, List> for Mine {}

/// A number `n` waits for the second cell: `Second: PairSecond<n, List>`.
impl<N, Second, List> PairFirst<Second, List> for Num<N> where Second: PairSecond<N, List> {}

/// The second cell of a pair, `Self`, once decided, with the first number's count `First`
/// and the union's entries `List`.
pub trait PairSecond<First, List> {}

/// A mine makes no pair.
impl<First, List> PairSecond<First, List> for Mine {}

/// A number `m` with the first number `n`: the union holds both, `List: Pair<n, m>`.
impl<First, M, List: Pair<First, M>> PairSecond<First, List> for Num<M> {}
