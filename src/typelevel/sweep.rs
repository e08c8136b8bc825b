//! The whole-board search of `level: complete`: every number and the mine total at once.
//!
//! `level: complete` decides a cell when every mine layout that fits what is shown (the numbers
//! revealed so far, the cells proved so far and the answer's mine total) agrees on it. The
//! local rules of `level: pairs` run first; what they leave is decided by a *sweep*: a list of
//! steps, one per board position in line order (rows, or columns when the board is wider than
//! tall), that rustc's trait solver walks while it checks a layout, one cell at a time.
//!
//! # The sweep's state
//!
//! Before step `p`, the state is a *window* of counters, one [`Cnt`] per position from
//! `p - W - 1` to `p + W` (`W` the line length, its padding included: below), and the number
//! of mines still to place. A counter holds how many more mines its position's number needs
//! among the neighbours not yet swept. Step `p` opens the counter of position `p + W + 1`,
//! places cell `p` (a mine takes one from each neighbour's counter and from the total), and
//! closes the counter of position `p - W - 1`, whose neighbours are now all placed: it must be
//! at zero. After the last step the total must be zero too. So a run of the sweep that reaches
//! its end is a layout of the whole board that fits every number and the total.
//!
//! Between two lines the sweep has a padding position: a cell known to be safe whose counter
//! is free, as are the counters above the first line and below the last. So every position has
//! eight neighbours, and a mine takes one from the same window slots wherever it is.
//!
//! `solve!` writes the steps four positions at a time: one struct holds four cells, and its 16
//! impls (each cell a mine or a number) do the four positions' work at once, so the list is a
//! quarter as long and the search has a state only at every fourth position. rustc walks the
//! rest of the list at every state it visits, so that makes each search about three times
//! cheaper. With the padding, one struct and its impls serve every step but the last.
//!
//! A counter starts as the position's count, [`Valued`]: a shown number's count, or for an
//! unknown cell a variable that is the revealed count once the cell is proved safe and
//! revealed. Until then the variable is free, and a free counter takes any number of mines and
//! still closes at zero: a cell whose number nobody knows constrains nothing, which is exactly
//! what a player knows of it. After freshening, every free counter looks alike, so two partial
//! layouts that differ only around cells nobody has revealed reach the *same* state.
//!
//! # How rustc searches it
//!
//! For a list whose head is a step on an unknown cell, both impls fit (the cell a mine or a
//! number); rustc evaluates each in a probe, recursively through the rest of the list, and its
//! evaluation cache, keyed by the freshened obligation (the rest of the list and the state), turns
//! that depth-first search into a dynamic programme over (position, window, mines left). A
//! candidate fails exactly when no layout completes it.
//!
//! Only the head of a list is ever committed, so `solve!` writes *probes* for each unknown
//! cell: the whole sweep with a [`Probe`] of that cell in front (two, below: with the mine
//! total and without it). Both probe impls fit an unknown cell; each binds it (a mine, or a
//! number whose count is unknown) and runs the sweep from its start. When one of them fails,
//! rustc commits the other and the cell is decided: exactly when every layout agrees on it.
//!
//! The probes wait for [`Go`]: `solve!` holds them back until rustc has done everything the
//! local rules can do, then releases them in stages, the cheapest first, each once rustc has
//! done everything the stages before it and the local rules can. So the whole-board search
//! runs over what the local rules left rather than over the opening position, and a probe
//! whose cell is decided before its stage never searches.
//!
//! Each cell has two probes: one sweeps without the mine total (its mines left are never
//! counted down, so a state is a window alone, and there are far fewer of them when many mines
//! are left), one with it, whose stages are released each right after the stage three later
//! without it, and decide what only the total decides.
//!
//! On boards of at most 100 cells, and on larger boards the work model refuses that the stages
//! replayed take (`typesweeper_board::search_cost::CompletePlan::Staged`), the probe without the
//! total of a cell that no shown number touches also waits behind a gate ([`Opens`]) until a
//! neighbour is proved safe ([`Wake`]): until then no number constrains the cell and that search
//! cannot decide it. On boards of at most 100 cells, the probes with the total of those cells
//! wait in a chain: each but the first until its cell or the one before
//! it is touched ([`Wake`]) or that one is decided ([`Settle`]). Cells no revealed number touches
//! look alike to the total, so it decides all of them or none, and the first undecided one's
//! probe speaks for the rest (`typesweeper_board::probe_gates` has the proof).
//!
//! On larger boards, while the total cannot decide anything (fewer cells touched by a number
//! than mines left, and fewer mines left than cells untouched), the stages of the probes with
//! the total, and of the probes without it of untouched cells, get their sweeps only once one
//! gate is open ([`FilledBy`]), which the touched cells open once decided ([`Settle`]).
//!
//! ```
//! use typesweeper::typelevel::sweep::{Cnt, Valued};
//! use typesweeper::{Mine, Num, S, Z};
//! // A revealed number's counter starts at its count; a mine's is free.
//! fn start<C: Valued<V>, V: Default>() -> V { V::default() }
//! let _two: S<S<Z>> = start::<Num<S<S<Z>>>, _>();
//! let _any: Cnt<Z> = start::<Mine, Cnt<Z>>();
//! ```

use super::cell::{Mine, Num};
use super::gate::Never;
use super::peano::{S, Z};
use core::marker::PhantomData;

/// A counter in the sweep's window: how many more mines the number at its position needs
/// among its neighbours still to be swept (a Peano count, or a free variable when the position
/// shows no number).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cnt<N>(PhantomData<N>);

/// The probe in front of the sweep `L`: the cell `C` is placed first, as a mine or as a number,
/// and the sweep must still reach its end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Probe<C, L>(PhantomData<(C, L)>);

/// The signal that releases a stage of probes once the local rules and the stages before it
/// have done what they can, carrying the sweeps `L` they run.
///
/// Until it is set, a probe names only its cell, its direction and the mines it starts with
/// (the total, or none counted), so rustc, which re-examines a waiting obligation whenever a
/// variable in it changes, looks at each probe only when its own cell changes, not on every
/// change anywhere on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Go<L>(PhantomData<L>);

/// The last step of a sweep: every counter closed and no mine left (in a search without the
/// total, any mines placed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct End;

/// An open gate of a probe that waits for more than its stage.
///
/// Until a number touches a cell, every counter around it is free, so a search without the
/// total cannot decide it: on small boards (and on the larger ones the work model refuses that
/// the stages replayed take) `solve!` holds such a probe back with a gate ([`Opens`]) that its
/// cell's neighbours open ([`Wake`]), as well as until its stage. On small boards, the probes
/// with the total of such cells wait in a chain, each behind a gate that the cell before it
/// opens once decided ([`Settle`]) and that the neighbours of both open ([`Wake`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Woken;

/// The neighbour `Self` opens the gate `G` once it is proved safe.
///
/// ```
/// use typesweeper::typelevel::sweep::{Wake, Woken};
/// use typesweeper::{Mine, Num, Z};
/// fn gate<N: Wake<G>, G: Default>() -> G { G::default() }
/// // A number opens the gate; a mine leaves it as it is.
/// let _open: Woken = gate::<Num<Z>, _>();
/// let _still: () = gate::<Mine, ()>();
/// ```
pub trait Wake<G> {}

/// A neighbour proved safe opens the gate: a number now touches the cell.
impl<N> Wake<Woken> for Num<N> {}

/// A mine leaves the gate as it is.
impl<G> Wake<G> for Mine {}

/// The cell `Self` opens the gate `G` once it is decided, a mine or a number.
///
/// ```
/// use typesweeper::typelevel::sweep::{Settle, Woken};
/// use typesweeper::{Mine, Num, Z};
/// fn gate<C: Settle<G>, G: Default>() -> G { G::default() }
/// let _open: Woken = gate::<Num<Z>, _>();
/// let _also: Woken = gate::<Mine, _>();
/// ```
pub trait Settle<G> {}

/// A cell proved safe opens the gate.
impl<N> Settle<Woken> for Num<N> {}

/// A cell proved a mine opens the gate.
impl Settle<Woken> for Mine {}

/// The gate `Self`, once open, opens the gate `G` too.
///
/// ```
/// use typesweeper::typelevel::sweep::{Relay, Woken};
/// fn gate<A: Relay<G>, G: Default>() -> G { G::default() }
/// let _open: Woken = gate::<Woken, _>();
/// ```
pub trait Relay<G> {}

/// An open gate opens the next.
impl Relay<Woken> for Woken {}

/// A gate never opened, fallen back to `()`, opens nothing.
impl<G> Relay<G> for () {}

/// A gate never opened, fallen back to `!`, opens nothing.
impl<G> Relay<G> for Never {}

/// The released trigger `Self` carries the sweeps `L` once the gate `G` is open: on a larger
/// board where the mine total cannot decide anything yet, `solve!` releases the stages of the
/// probes with the total, and of the probes without it of the cells no number touches, with
/// triggers that get their sweeps only once a cell is decided that the local rules alone do
/// not decide from what is shown (`typesweeper_board::probe_gates::TotalSlack`).
///
/// ```
/// use typesweeper::typelevel::sweep::{FilledBy, Go, Woken};
/// fn fill<K: FilledBy<G, L>, G, L>(_: K, _: G, _: L) {}
/// // Through an open gate the trigger carries the sweeps; through one never opened, nothing.
/// fill(Go::<u8>::default(), Woken, 0u8);
/// fill(Go::<()>::default(), (), 0u8);
/// ```
pub trait FilledBy<G, L> {}

/// Through an open gate, the trigger carries the sweeps: its probes run.
impl<L> FilledBy<Woken, L> for Go<L> {}

/// A gate never opened, fallen back to `()` (editions up to 2021) at the end of type inference:
/// the trigger carries nothing, and its probes search nothing.
impl<X, L> FilledBy<(), L> for Go<X> {}

/// A gate never opened, fallen back to `!` (edition 2024): its probes search nothing.
impl<X, L> FilledBy<Never, L> for Go<X> {}

/// The gate `Self` lets the probe `P` through.
pub trait Opens<P> {}

/// An open gate lets the probe through: it runs once its stage is released.
impl<P: Released> Opens<P> for Woken {}

/// A gate never opened, fallen back to `()` (editions up to 2021) at the end of type inference:
/// no number ever touched the cell (or, in the chain of the probes with the total, the cell
/// before it stayed undecided and untouched), and its probe searches nothing.
impl<P> Opens<P> for () {}

/// A gate never opened, fallen back to `!` (edition 2024): its probe searches nothing.
impl<P> Opens<P> for Never {}

/// A probe `Self` that runs once released (`solve!` implements it for the probes it writes).
pub trait Released {}

/// The diverging variable `Self`, fallen back at the end of type inference, lets the sweeps of
/// decided probes past their first step (`Out` is [`Passed`]).
///
/// On a board `solve!` writes with the stages replayed, each sweep starts with
/// `Start<<Count_Held as Fallen>::Out, ..>`, which two impls fit, one for [`Passed`] and one for
/// [`Waiting`], while `Count_Held` is unknown: a probe's search goes through either, and the
/// sweep of a probe that has decided its cell, which rustc would otherwise confirm step by step
/// and so bind the counters of unrevealed cells, waits there.
///
/// ```
/// use typesweeper::typelevel::sweep::{Fallen, Passed};
/// fn out<D: Fallen<Out = Passed>>() {}
/// out::<()>();
/// ```
pub trait Fallen {
    /// [`Passed`], whatever the variable fell back to.
    type Out;
}

/// Up to edition 2021 a diverging variable falls back to `()`.
impl Fallen for () {
    type Out = Passed;
}

/// From edition 2024 a diverging variable falls back to `!`.
impl Fallen for Never {
    type Out = Passed;
}

/// What [`Fallen`] gives once type inference is done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Passed;

/// The second type a held sweep's first step has an impl for, so that two fit while the
/// variable is unknown; nothing ever produces it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Waiting;

/// Cell `Self`, once decided, starts its counter at `V`.
///
/// A number's counter starts at its count. A mine's is left free: nothing counts the mines
/// around a mine.
///
/// ```
/// use typesweeper::typelevel::sweep::Valued;
/// use typesweeper::{Num, S, Z};
/// fn counter<C: Valued<V>, V: Default>() -> V {
///     V::default()
/// }
/// // A revealed 2 gives its counter 2: exactly one impl fits.
/// let two: S<S<Z>> = counter::<Num<S<S<Z>>>, _>();
/// assert_eq!(two, S::new());
/// ```
pub trait Valued<V> {}

// A number `n` starts its counter at `n`, with one impl per number: while the number is
// unknown (a cell proved safe and not yet revealed, `Num<_>`) nine impls fit, so the counter
// stays free, and once it is revealed one does, which binds the counter at once. A single
// `impl<N> Valued<N> for Num<N>` made the counter the number's own variable as soon as the
// cell was proved safe, so every search before the reveal carried, in that cell's `Num<..>`,
// how many mines it had taken from the counter so far, and its paths never met again
// (docs/compile-time.md, "One impl per number").

/// `Num<0>` starts its counter at 0.
impl Valued<Z> for Num<Z> {}

/// `Num<1>` starts its counter at 1.
impl Valued<S<Z>> for Num<S<Z>> {}

/// `Num<2>` starts its counter at 2.
impl Valued<S<S<Z>>> for Num<S<S<Z>>> {}

/// `Num<3>` starts its counter at 3.
impl Valued<S<S<S<Z>>>> for Num<S<S<S<Z>>>> {}

/// `Num<4>` starts its counter at 4.
impl Valued<S<S<S<S<Z>>>>> for Num<S<S<S<S<Z>>>>> {}

/// `Num<5>` starts its counter at 5.
impl Valued<S<S<S<S<S<Z>>>>>> for Num<S<S<S<S<S<Z>>>>>> {}

/// `Num<6>` starts its counter at 6.
impl Valued<S<S<S<S<S<S<Z>>>>>>> for Num<S<S<S<S<S<S<Z>>>>>>> {}

/// `Num<7>` starts its counter at 7.
impl Valued<S<S<S<S<S<S<S<Z>>>>>>>> for Num<S<S<S<S<S<S<S<Z>>>>>>>> {}

/// `Num<8>` starts its counter at 8.
impl Valued<S<S<S<S<S<S<S<S<Z>>>>>>>>> for Num<S<S<S<S<S<S<S<S<Z>>>>>>>>> {}

/// A mine leaves its counter free.
impl<V> Valued<V> for Mine {}
