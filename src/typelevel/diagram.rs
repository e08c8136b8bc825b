//! Full deduction as deterministic passes over hash-consed decision diagrams (`level:
//! complete`).
//!
//! Everything here is decided by associated-type projections and, where a result is a trait
//! parameter ([`Meet`]), by the one impl that matches: no search. One *round* (eight stages,
//! [`LocalStage`] to [`NextStage`]) reads a board and returns the next one, on which every
//! cell that all mine layouts agree on is decided: a cell proved safe shows its number, taken
//! from the concealed answer only through [`Uncover`], and a cell proved a mine is a [`Mine`].
//! `solve!` chains rounds until one decides nothing ([`Done`]).
//!
//! The board is a balanced tree ([`Nd`], [`Lf`]) of its lines in the sweep order of `solve!`
//! (lines of the board's shorter side), each line a struct of its cells and [`Out`] pads (at
//! least one, so that a line's ends have no neighbours on the next line, and at least seven
//! positions in all, so that a block's positions are distinct). A round:
//!
//! 1. computes each line's *facts* ([`FactLine`], from the line and the lines before and
//!    after it), one per position ([`FactOf`]): for a shown number, its *need* (the number
//!    less the known mines around it) and, for each neighbour, whether it is the first, a
//!    middle, the last or the only unknown neighbour ([`ev`]), each read off one table impl of
//!    the eight neighbours ([`Eight`], [`Less`]); for an unknown cell whether a number touches
//!    it ([`Fr`]) or not ([`In`]);
//! 2. applies the local rules line by line, from the facts of the line and the lines next to
//!    it ([`Local`], [`LocalLine`], [`LocalAt`]): a number that needs no more mines, or all
//!    its unknown neighbours; when they decide a cell, that is the round;
//! 3. lays out, for the passes, each position's [`Block`]: the thirteen facts around it that
//!    its step reads, from the lines of facts around its line ([`Lines`], [`Blocks`]);
//! 4. when the local rules decide nothing, runs full deduction ([`CountStage`] to [`NextStage`]): a forward pass ([`Fw`]) folds the
//!    positions in sweep order over a decision diagram of the *live* numbers (those with
//!    unknown neighbours on both sides of the cut), one level each in position order,
//!    children indexed by how many mines the number still needs ([`N9`]), ending in the set of
//!    mine counts still available ([`Bn`], a binary trie). What a step does to each level is
//!    the *planner*: the events of the step's eight neighbours' numbers, and two counts of the
//!    levels the step passes at a distance (span flags of [`Eight`]), the only state the plan carries. A
//!    backward pass ([`Bw`]) does the same from the end, counting the mines placed after the
//!    cut. A frontier cell can be a mine if the forward diagram after placing a mine there
//!    meets the backward diagram at the same cut ([`Mt`]), and likewise safe; a cell no number
//!    touches is decided by the mine total, from the counts the forward pass ends with and the
//!    number of such cells ([`Interior`]).
//!
//! rustc interns types, so equal sub-diagrams are one type, and its projection cache memoises
//! every operation on them. Each step of a pass is a projection of the step before through its
//! *inputs*, never nested in it, and the folds are balanced trees, so that the solver's
//! recursion depth grows with the logarithm of the board's size.

// Type-level code: its types are as complex as the computations they spell.
#![allow(clippy::type_complexity)]

use super::cell::{Mine, Num};
use super::peano::{S, Z};
use core::marker::PhantomData as P;

// =============================================================================================
// Booleans
// =============================================================================================

/// True.
pub struct Tt;
/// False.
pub struct Ff;

/// Disjunction: `<A as Or<B>>::O`.
pub trait Or<B> {
    /// `A or B`.
    type O;
}
/// `true or B = true`
impl<B> Or<B> for Tt {
    type O = Tt;
}
/// `false or B = B`
impl<B> Or<B> for Ff {
    type O = B;
}

// =============================================================================================
// Cells of a round's board
// =============================================================================================

/// A cell nobody has decided yet.
pub struct Unk;
/// The padding after each line (and beyond the board's edges): never a number, never unknown.
pub struct Out;
/// A cell every layout rules out both ways: the shown cells contradict each other.
pub struct Contra;

/// Whether a cell is unknown.
pub trait IsUnk {
    /// [`Tt`] or [`Ff`].
    type B;
}
/// Whether a cell is a shown number.
pub trait IsNum {
    /// [`Tt`] or [`Ff`].
    type B;
}
/// Whether a cell is a known mine.
pub trait IsMine {
    /// [`Tt`] or [`Ff`].
    type B;
}

/// Below zero: a number with more known mines around it than it shows.
pub struct Neg;

macro_rules! not_unknown {
    ($($t:ty),*) => {$(
        /// Not unknown.
        impl IsUnk for $t { type B = Ff; }
    )*};
}
not_unknown!(Out, Contra, Mine);
/// `Unk` is unknown.
impl IsUnk for Unk {
    type B = Tt;
}
/// A number is not unknown.
impl<N> IsUnk for Num<N> {
    type B = Ff;
}
macro_rules! not_number {
    ($($t:ty),*) => {$(
        /// Not a number.
        impl IsNum for $t { type B = Ff; }
        /// Not a mine.
        impl IsMine for $t { type B = Ff; }
    )*};
}
not_number!(Unk, Out, Contra);
/// A number is a number.
impl<N> IsNum for Num<N> {
    type B = Tt;
}
/// A number is not a mine.
impl<N> IsMine for Num<N> {
    type B = Ff;
}
/// Not a number.
impl IsNum for Mine {
    type B = Ff;
}
/// A mine is a mine.
impl IsMine for Mine {
    type B = Tt;
}

// =============================================================================================
// Facts: what a position is, for this round
// =============================================================================================

/// A known cell that is no number with unknown neighbours (a pad, a number with none, or a
/// counter already passed).
pub struct Kn;
/// A known mine (counted against the total).
pub struct Mn;
/// An unknown cell next to a number: the passes place it.
pub struct Fr;
/// An unknown cell no number touches: the mine total decides it.
pub struct In;
/// A number the known cells contradict: more mines around it than it shows, or too few
/// unknown neighbours left.
pub struct Bad;
/// A shown number with unknown neighbours: `Need` mines to place among them, `E` its
/// neighbours' events ([`ev`]) in sweep order, `Nu` how many are unknown, and the span flags
/// of [`Eight`].
pub struct Ctr<Need, E, Nu, Before, After>(P<(Need, E, Nu, Before, After)>);

/// The event a neighbour is to its number.
pub mod ev {
    /// Not unknown: nothing happens there.
    pub struct No;
    /// The first unknown neighbour (of several): the forward pass opens the number there.
    pub struct First;
    /// Between the first and the last.
    pub struct Mid;
    /// The last unknown neighbour (of several): the forward pass closes the number there.
    pub struct Last;
    /// The only unknown neighbour: opened and closed at once.
    pub struct Only;
}

/// What eight flags (one a neighbour, in sweep order) say, for a number's neighbours marked
/// unknown (or mines, or numbers): one impl for each of the 256 cases, written by the build
/// script, so that a position's facts take one step of the solver, not a recursion over its
/// neighbours.
pub trait Eight {
    /// Each neighbour's event ([`ev`]), a list `(e1, (e2, .. ()))`: a marked neighbour is the
    /// first, a middle, the last or the only marked one.
    type Ev;
    /// Whether any is marked.
    type Any;
    /// How many are marked, a Peano count.
    type Count;
    /// Marked neighbours above or beside (1-5), and below (6-8): a number that is a level
    /// while a step on the line below, to its left, or on its own line, to its right, passes
    /// it at a distance ([`Ctr`]).
    type Before;
    /// Marked neighbours above (1-3), and beside or below (4-8): a level while a step on its
    /// own line, to its left, or on the line above, to its right, passes it at a distance.
    type After;
}

/// `V - M` for Peano counts up to eight: a number's need from its known mines (81 impls
/// written by the build script).
pub trait Less<M> {
    /// The difference, or [`Neg`] below zero.
    type O;
}

include!(concat!(env!("OUT_DIR"), "/neighbourhood.rs"));

/// A position's fact from its cell and its eight neighbours in sweep order
/// (`(cell, n1, .., n8)`).
pub trait FactOf {
    /// [`Kn`], [`Mn`], [`Fr`], [`In`], [`Bad`] or [`Ctr`].
    type O;
}

macro_rules! known_fact {
    ($t:ty, $f:ty) => {
        /// A known cell that is not a number.
        impl<N1, N2, N3, N4, N5, N6, N7, N8> FactOf for ($t, N1, N2, N3, N4, N5, N6, N7, N8) {
            type O = $f;
        }
    };
}
known_fact!(Out, Kn);
known_fact!(Contra, Kn);
known_fact!(Mine, Mn);

/// An unknown cell: [`Fr`] if any neighbour is a number, else [`In`].
impl<N1, N2, N3, N4, N5, N6, N7, N8> FactOf for (Unk, N1, N2, N3, N4, N5, N6, N7, N8)
where
    N1: IsNum,
    N2: IsNum,
    N3: IsNum,
    N4: IsNum,
    N5: IsNum,
    N6: IsNum,
    N7: IsNum,
    N8: IsNum,
    (N1::B, N2::B, N3::B, N4::B, N5::B, N6::B, N7::B, N8::B): Eight,
    <(N1::B, N2::B, N3::B, N4::B, N5::B, N6::B, N7::B, N8::B) as Eight>::Any: UnkFact,
{
    type O =
        <<(N1::B, N2::B, N3::B, N4::B, N5::B, N6::B, N7::B, N8::B) as Eight>::Any as UnkFact>::O;
}

/// An unknown cell's fact from whether a number touches it.
pub trait UnkFact {
    /// [`Fr`] or [`In`].
    type O;
}
/// A number touches it: the frontier.
impl UnkFact for Tt {
    type O = Fr;
}
/// No number touches it: the interior.
impl UnkFact for Ff {
    type O = In;
}

/// A shown number: its need (the number less the known mines around it) and what its unknown
/// neighbours say.
impl<V, N1, N2, N3, N4, N5, N6, N7, N8> FactOf for (Num<V>, N1, N2, N3, N4, N5, N6, N7, N8)
where
    N1: IsUnk + IsMine,
    N2: IsUnk + IsMine,
    N3: IsUnk + IsMine,
    N4: IsUnk + IsMine,
    N5: IsUnk + IsMine,
    N6: IsUnk + IsMine,
    N7: IsUnk + IsMine,
    N8: IsUnk + IsMine,
    (
        <N1 as IsMine>::B,
        <N2 as IsMine>::B,
        <N3 as IsMine>::B,
        <N4 as IsMine>::B,
        <N5 as IsMine>::B,
        <N6 as IsMine>::B,
        <N7 as IsMine>::B,
        <N8 as IsMine>::B,
    ): Eight,
    (
        V,
        <(
            <N1 as IsMine>::B,
            <N2 as IsMine>::B,
            <N3 as IsMine>::B,
            <N4 as IsMine>::B,
            <N5 as IsMine>::B,
            <N6 as IsMine>::B,
            <N7 as IsMine>::B,
            <N8 as IsMine>::B,
        ) as Eight>::Count,
        (
            <N1 as IsUnk>::B,
            <N2 as IsUnk>::B,
            <N3 as IsUnk>::B,
            <N4 as IsUnk>::B,
            <N5 as IsUnk>::B,
            <N6 as IsUnk>::B,
            <N7 as IsUnk>::B,
            <N8 as IsUnk>::B,
        ),
    ): NumFact,
{
    type O = <(
        V,
        <(
            <N1 as IsMine>::B,
            <N2 as IsMine>::B,
            <N3 as IsMine>::B,
            <N4 as IsMine>::B,
            <N5 as IsMine>::B,
            <N6 as IsMine>::B,
            <N7 as IsMine>::B,
            <N8 as IsMine>::B,
        ) as Eight>::Count,
        (
            <N1 as IsUnk>::B,
            <N2 as IsUnk>::B,
            <N3 as IsUnk>::B,
            <N4 as IsUnk>::B,
            <N5 as IsUnk>::B,
            <N6 as IsUnk>::B,
            <N7 as IsUnk>::B,
            <N8 as IsUnk>::B,
        ),
    ) as NumFact>::O;
}

/// A number's fact from `(value, known mines around it, its neighbours' unknown flags)`.
pub trait NumFact {
    /// [`Ctr`], [`Kn`] or [`Bad`].
    type O;
}
/// The need, then the fact by it and by whether any neighbour is unknown.
impl<V: Less<M>, M, Us: Eight> NumFact for (V, M, Us)
where
    (V::O, Us::Any, Us): NeedFact,
{
    type O = <(V::O, Us::Any, Us) as NeedFact>::O;
}

/// A number's fact from `(need, any unknown neighbour, the unknown flags)`.
pub trait NeedFact {
    /// [`Ctr`], [`Kn`] or [`Bad`].
    type O;
}
/// More known mines than the number: contradicted.
impl<A, Us> NeedFact for (Neg, A, Us) {
    type O = Bad;
}
/// Satisfied and no unknown neighbour: nothing to do.
impl<Us> NeedFact for (Z, Ff, Us) {
    type O = Kn;
}
/// Mines still needed and no unknown neighbour: contradicted.
impl<X, Us> NeedFact for (S<X>, Ff, Us) {
    type O = Bad;
}
/// Unknown neighbours and need zero: a counter.
impl<Us: Eight> NeedFact for (Z, Tt, Us) {
    type O = Ctr<Z, Us::Ev, Us::Count, Us::Before, Us::After>;
}
/// Unknown neighbours and a need: a counter.
impl<X, Us: Eight> NeedFact for (S<X>, Tt, Us) {
    type O = Ctr<S<X>, Us::Ev, Us::Count, Us::Before, Us::After>;
}

// =============================================================================================
// Decision diagrams: nodes and mine-count sets
// =============================================================================================

/// The empty set.
pub struct E;
/// A set of mine counts (in the leaves), as a binary trie, least significant bit first: `S0`
/// holds the counts `2a` as `a`, `S1` the counts `2a + 1`. [`T`] ends a path: the count whose
/// bits the path spelled is in the set.
pub struct Bn<S0, S1>(P<(S0, S1)>);
/// The end of a path of a mine-count trie: that count is in the set.
pub struct T;
/// A level of a diagram: child `v` holds the states in which the level's number needs `v` more
/// mines (forward) or has `v` placed after the cut (backward).
pub struct N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>(P<(C0, C1, C2, C3, C4, C5, C6, C7, C8)>);

/// Whether a set is empty.
pub trait IsE {
    /// [`Tt`] or [`Ff`].
    type B;
}
/// `E` is empty.
impl IsE for E {
    type B = Tt;
}
/// A trie node is not (tries are kept canonical).
impl<A, B> IsE for Bn<A, B> {
    type B = Ff;
}
/// `T` is not.
impl IsE for T {
    type B = Ff;
}
/// A level is not (levels are kept canonical).
impl<C0, C1, C2, C3, C4, C5, C6, C7, C8> IsE for N9<C0, C1, C2, C3, C4, C5, C6, C7, C8> {
    type B = Ff;
}

/// Conjunction.
pub trait And<B> {
    /// `A and B`.
    type O;
}
/// `true and B = B`
impl<B> And<B> for Tt {
    type O = B;
}
/// `false and B = false`
impl<B> And<B> for Ff {
    type O = Ff;
}

/// The canonical trie node of two children (`E` when both are empty).
pub trait MkBn {
    /// `Bn<A, B>` or `E`.
    type O;
}
/// `mk(E, E) = E`, otherwise the node.
impl<A: IsE, B: IsE> MkBn for (A, B)
where
    A::B: And<B::B>,
    <A::B as And<B::B>>::O: Choose<E, Bn<A, B>>,
{
    type O = <<A::B as And<B::B>>::O as Choose<E, Bn<A, B>>>::O;
}

/// The canonical level of nine children (`E` when all are empty).
pub trait Mk9 {
    /// `N9<..>` or `E`.
    type O;
}
/// `mk(E, .., E) = E`, otherwise the level (the children's emptiness read by one [`EIfAll9`],
/// so that a level nests one goal above its children, not a tree of [`And`]s).
impl<C0, C1, C2, C3, C4, C5, C6, C7, C8> Mk9 for (C0, C1, C2, C3, C4, C5, C6, C7, C8)
where
    C0: IsE,
    C1: IsE,
    C2: IsE,
    C3: IsE,
    C4: IsE,
    C5: IsE,
    C6: IsE,
    C7: IsE,
    C8: IsE,
    (
        C0::B,
        C1::B,
        C2::B,
        C3::B,
        C4::B,
        C5::B,
        C6::B,
        C7::B,
        C8::B,
    ): EIfAll9<N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>>,
{
    type O = <(
        C0::B,
        C1::B,
        C2::B,
        C3::B,
        C4::B,
        C5::B,
        C6::B,
        C7::B,
        C8::B,
    ) as EIfAll9<N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>>>::O;
}

/// `E` when nine flags are all true, otherwise `X` (one goal, whose impl the first false flag
/// picks).
pub trait EIfAll9<X> {
    /// `E` or `X`.
    type O;
}
/// Whether any of nine flags is true (one goal, whose impl the first true flag picks).
pub trait Any9 {
    /// [`Tt`] or [`Ff`].
    type B;
}
/// All true: `E`.
impl<X> EIfAll9<X> for (Tt, Tt, Tt, Tt, Tt, Tt, Tt, Tt, Tt) {
    type O = E;
}
/// All false.
impl Any9 for (Ff, Ff, Ff, Ff, Ff, Ff, Ff, Ff, Ff) {
    type B = Ff;
}
// One impl per position of the first flag that is not `$same`: `[$g]` the impl's own generics,
// `$assoc = $out` what that flag decides.
macro_rules! first9_all {
    ([$($g:ident),*] $tr:ty, $assoc:ident = $out:ty; $same:ident, $other:ident) => {
        first9_impl!([$($g),*] $tr, $assoc = $out; $other; [] [A1 A2 A3 A4 A5 A6 A7 A8]);
        first9_impl!([$($g),*] $tr, $assoc = $out; $other; [$same] [A2 A3 A4 A5 A6 A7 A8]);
        first9_impl!([$($g),*] $tr, $assoc = $out; $other; [$same $same] [A3 A4 A5 A6 A7 A8]);
        first9_impl!([$($g),*] $tr, $assoc = $out; $other; [$same $same $same] [A4 A5 A6 A7 A8]);
        first9_impl!([$($g),*] $tr, $assoc = $out; $other; [$same $same $same $same] [A5 A6 A7 A8]);
        first9_impl!([$($g),*] $tr, $assoc = $out; $other; [$same $same $same $same $same] [A6 A7 A8]);
        first9_impl!([$($g),*] $tr, $assoc = $out; $other; [$same $same $same $same $same $same] [A7 A8]);
        first9_impl!([$($g),*] $tr, $assoc = $out; $other; [$same $same $same $same $same $same $same] [A8]);
        first9_impl!([$($g),*] $tr, $assoc = $out; $other; [$same $same $same $same $same $same $same $same] []);
    };
}
macro_rules! first9_impl {
    ([$($g:ident),*] $tr:ty, $assoc:ident = $out:ty; $other:ident; [$($before:ident)*] [$($after:ident)*]) => {
        /// The first flag that decides: the answer.
        impl<$($g,)* $($after),*> $tr for ($($before,)* $other, $($after),*) {
            type $assoc = $out;
        }
    };
}
first9_all!([X] EIfAll9<X>, O = X; Tt, Ff);
first9_all!([] Any9, B = Tt; Ff, Tt);

// ---------------------------------------------------------------------------------------------
// Union
// ---------------------------------------------------------------------------------------------

/// Union of two diagrams with the same levels.
pub trait Un<Y> {
    /// `X ∪ Y`.
    type O;
}
/// `E ∪ Y = Y`
impl<Y> Un<Y> for E {
    type O = Y;
}
/// `T ∪ E = T`
impl Un<E> for T {
    type O = T;
}
/// `T ∪ T = T`
impl Un<T> for T {
    type O = T;
}
/// `Bn ∪ E = Bn`
impl<A, B> Un<E> for Bn<A, B> {
    type O = Bn<A, B>;
}
/// Tries unite child by child.
impl<A: Un<C>, B: Un<D>, C, D> Un<Bn<C, D>> for Bn<A, B> {
    type O = Bn<A::O, B::O>;
}
/// `N9 ∪ E = N9`
impl<C0, C1, C2, C3, C4, C5, C6, C7, C8> Un<E> for N9<C0, C1, C2, C3, C4, C5, C6, C7, C8> {
    type O = N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>;
}
/// Levels unite child by child.
impl<C0, C1, C2, C3, C4, C5, C6, C7, C8, D0, D1, D2, D3, D4, D5, D6, D7, D8>
    Un<N9<D0, D1, D2, D3, D4, D5, D6, D7, D8>> for N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>
where
    C0: Un<D0>,
    C1: Un<D1>,
    C2: Un<D2>,
    C3: Un<D3>,
    C4: Un<D4>,
    C5: Un<D5>,
    C6: Un<D6>,
    C7: Un<D7>,
    C8: Un<D8>,
{
    type O = N9<C0::O, C1::O, C2::O, C3::O, C4::O, C5::O, C6::O, C7::O, C8::O>;
}

// ---------------------------------------------------------------------------------------------
// Meet
// ---------------------------------------------------------------------------------------------

/// Whether two diagrams with the same levels share a state.
pub trait Mt<Y> {
    /// [`Tt`] or [`Ff`].
    type B;
}
/// Nothing meets `E`.
impl<Y> Mt<Y> for E {
    type B = Ff;
}
/// Nothing meets `E`.
impl Mt<E> for T {
    type B = Ff;
}
/// `T` meets `T`.
impl Mt<T> for T {
    type B = Tt;
}
/// Nothing meets `E`.
impl<A, B> Mt<E> for Bn<A, B> {
    type B = Ff;
}
/// Tries meet where a child does.
impl<A: Mt<C>, B: Mt<D>, C, D> Mt<Bn<C, D>> for Bn<A, B>
where
    A::B: Or<B::B>,
{
    type B = <A::B as Or<B::B>>::O;
}
/// Nothing meets `E`.
impl<C0, C1, C2, C3, C4, C5, C6, C7, C8> Mt<E> for N9<C0, C1, C2, C3, C4, C5, C6, C7, C8> {
    type B = Ff;
}
/// Levels meet where a child does (read by one [`Any9`]).
impl<C0, C1, C2, C3, C4, C5, C6, C7, C8, D0, D1, D2, D3, D4, D5, D6, D7, D8>
    Mt<N9<D0, D1, D2, D3, D4, D5, D6, D7, D8>> for N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>
where
    C0: Mt<D0>,
    C1: Mt<D1>,
    C2: Mt<D2>,
    C3: Mt<D3>,
    C4: Mt<D4>,
    C5: Mt<D5>,
    C6: Mt<D6>,
    C7: Mt<D7>,
    C8: Mt<D8>,
    (
        C0::B,
        C1::B,
        C2::B,
        C3::B,
        C4::B,
        C5::B,
        C6::B,
        C7::B,
        C8::B,
    ): Any9,
{
    type B = <(
        C0::B,
        C1::B,
        C2::B,
        C3::B,
        C4::B,
        C5::B,
        C6::B,
        C7::B,
        C8::B,
    ) as Any9>::B;
}

// =============================================================================================
// Instructions: what one step does to each level
// =============================================================================================

/// Keep this level as it is, then `R` below.
pub struct K<R>(P<R>);
/// A mine for this level's number (forward): every child moves down one (needs one less).
pub struct D<R>(P<R>);
/// A mine for this level's number (backward): every child moves up one, up to `Cap` (the
/// number's need).
pub struct U<Cap, R>(P<(Cap, R)>);
/// Close this level: keep child `V` only (the number is satisfied by exactly that), then `R`.
pub struct Tk<V, R>(P<(V, R)>);
/// Open a level here whose only child is `V`, then `R` below it.
pub struct I<V, R>(P<(V, R)>);
/// Nothing below changes.
pub struct Id;
/// The leaf: one mine fewer available (forward mine).
pub struct LDec;
/// The leaf: one mine more available before the cut (backward mine).
pub struct LInc;
/// The branch is impossible: everything goes.
pub struct Dead;
/// The end of an instruction list still being built.
pub struct Hole;

/// Apply an instruction list to a diagram.
pub trait Ap<Ins> {
    /// The diagram after.
    type O;
}
/// Nothing happens to `E`.
impl<Ins> Ap<Ins> for E {
    type O = E;
}

macro_rules! ap_nonempty {
    ([$($g:ident),*] $t:ty) => {
        /// `Id` keeps the diagram.
        impl<$($g),*> Ap<Id> for $t { type O = $t; }
        /// `Dead` empties it.
        impl<$($g),*> Ap<Dead> for $t { type O = E; }
        /// `I<V, R>` opens a level above: child `V` is the diagram after `R`.
        impl<$($g,)* V, R> Ap<I<V, R>> for $t
        where
            $t: Ap<R>,
            (V, <$t as Ap<R>>::O): Open9,
        {
            type O = <(V, <$t as Ap<R>>::O) as Open9>::O;
        }
    };
}
ap_nonempty!([] T);
ap_nonempty!([A, B] Bn<A, B>);
ap_nonempty!([C0, C1, C2, C3, C4, C5, C6, C7, C8] N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>);

/// The level whose child `V` is `X` and whose other children are empty (`(V, X)`).
pub trait Open9 {
    /// `N9<.., X, ..>`, or `E` when `X` is.
    type O;
}
macro_rules! open9 {
    ($v:ty; $($c:ident),*) => {
        /// Child `V` is `X`, the others empty.
        impl<X: IsE> Open9 for ($v, X)
        where
            X::B: Choose<E, N9<$($c),*>>,
        {
            type O = <X::B as Choose<E, N9<$($c),*>>>::O;
        }
    };
}
open9!(Z; X, E, E, E, E, E, E, E, E);
open9!(S<Z>; E, X, E, E, E, E, E, E, E);
open9!(S<S<Z>>; E, E, X, E, E, E, E, E, E);
open9!(S<S<S<Z>>>; E, E, E, X, E, E, E, E, E);
open9!(S<S<S<S<Z>>>>; E, E, E, E, X, E, E, E, E);
open9!(S<S<S<S<S<Z>>>>>; E, E, E, E, E, X, E, E, E);
open9!(S<S<S<S<S<S<Z>>>>>>; E, E, E, E, E, E, X, E, E);
open9!(S<S<S<S<S<S<S<Z>>>>>>>; E, E, E, E, E, E, E, X, E);
open9!(S<S<S<S<S<S<S<S<Z>>>>>>>>; E, E, E, E, E, E, E, E, X);

/// The leaf: one mine fewer available (`r -> r - 1`, dropping `r = 0`).
impl<A, B> Ap<LDec> for Bn<A, B>
where
    A: Ap<LDec>,
    (B, <A as Ap<LDec>>::O): MkBn,
{
    type O = <(B, <A as Ap<LDec>>::O) as MkBn>::O;
}
/// Below zero: gone.
impl Ap<LDec> for T {
    type O = E;
}
/// The leaf: one mine more (`r -> r + 1`, dropping what overflows the trie).
impl<A, B> Ap<LInc> for Bn<A, B>
where
    B: Ap<LInc>,
    (<B as Ap<LInc>>::O, A): MkBn,
{
    type O = <(<B as Ap<LInc>>::O, A) as MkBn>::O;
}
/// Past the largest count: gone.
impl Ap<LInc> for T {
    type O = E;
}

/// `K<R>`: each child gets `R`.
impl<R, C0, C1, C2, C3, C4, C5, C6, C7, C8> Ap<K<R>> for N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>
where
    C0: Ap<R>,
    C1: Ap<R>,
    C2: Ap<R>,
    C3: Ap<R>,
    C4: Ap<R>,
    C5: Ap<R>,
    C6: Ap<R>,
    C7: Ap<R>,
    C8: Ap<R>,
    (
        C0::O,
        C1::O,
        C2::O,
        C3::O,
        C4::O,
        C5::O,
        C6::O,
        C7::O,
        C8::O,
    ): Mk9,
{
    type O = <(
        C0::O,
        C1::O,
        C2::O,
        C3::O,
        C4::O,
        C5::O,
        C6::O,
        C7::O,
        C8::O,
    ) as Mk9>::O;
}
/// `D<R>`: child `v` becomes child `v - 1` (one mine fewer needed); child 0 goes.
impl<R, C0, C1, C2, C3, C4, C5, C6, C7, C8> Ap<D<R>> for N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>
where
    C1: Ap<R>,
    C2: Ap<R>,
    C3: Ap<R>,
    C4: Ap<R>,
    C5: Ap<R>,
    C6: Ap<R>,
    C7: Ap<R>,
    C8: Ap<R>,
    (C1::O, C2::O, C3::O, C4::O, C5::O, C6::O, C7::O, C8::O, E): Mk9,
{
    type O = <(C1::O, C2::O, C3::O, C4::O, C5::O, C6::O, C7::O, C8::O, E) as Mk9>::O;
}

macro_rules! take {
    ($v:ty, $c:ident) => {
        /// `Tk<V, R>`: only child `V` stays, and the level goes.
        impl<R, C0, C1, C2, C3, C4, C5, C6, C7, C8> Ap<Tk<$v, R>>
            for N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>
        where
            $c: Ap<R>,
        {
            type O = <$c as Ap<R>>::O;
        }
    };
}
take!(Z, C0);
take!(S<Z>, C1);
take!(S<S<Z>>, C2);
take!(S<S<S<Z>>>, C3);
take!(S<S<S<S<Z>>>>, C4);
take!(S<S<S<S<S<Z>>>>>, C5);
take!(S<S<S<S<S<S<Z>>>>>>, C6);
take!(S<S<S<S<S<S<S<Z>>>>>>>, C7);
take!(S<S<S<S<S<S<S<S<Z>>>>>>>>, C8);

macro_rules! up {
    ($cap:ty; $($keep:ident),*; $($gone:ident),*) => {
        /// `U<Cap, R>`: child `v` becomes child `v + 1`, up to `Cap`.
        impl<R, C0, C1, C2, C3, C4, C5, C6, C7, C8> Ap<U<$cap, R>>
            for N9<C0, C1, C2, C3, C4, C5, C6, C7, C8>
        where
            $($keep: Ap<R>,)*
            (E, $(<$keep as Ap<R>>::O,)* $($gone,)*): Mk9,
        {
            type O = <(E, $(<$keep as Ap<R>>::O,)* $($gone,)*) as Mk9>::O;
        }
    };
}
up!(Z; ; E, E, E, E, E, E, E, E);
up!(S<Z>; C0; E, E, E, E, E, E, E);
up!(S<S<Z>>; C0, C1; E, E, E, E, E, E);
up!(S<S<S<Z>>>; C0, C1, C2; E, E, E, E, E);
up!(S<S<S<S<Z>>>>; C0, C1, C2, C3; E, E, E, E);
up!(S<S<S<S<S<Z>>>>>; C0, C1, C2, C3, C4; E, E, E);
up!(S<S<S<S<S<S<Z>>>>>>; C0, C1, C2, C3, C4, C5; E, E);
up!(S<S<S<S<S<S<S<Z>>>>>>>; C0, C1, C2, C3, C4, C5, C6; E);
up!(S<S<S<S<S<S<S<S<Z>>>>>>>>; C0, C1, C2, C3, C4, C5, C6, C7;);

// ---------------------------------------------------------------------------------------------
// Building instruction lists
// ---------------------------------------------------------------------------------------------

/// What one window slot contributes to a step's instruction list (a token).
pub mod tok {
    /// Nothing: not a level.
    pub struct Skip;
    /// Keep the level.
    pub struct Keep;
    /// The level's number gets a mine (forward).
    pub struct Dec;
    /// The level's number gets a mine (backward), up to `Cap`.
    pub struct Up<Cap>(core::marker::PhantomData<Cap>);
    /// Close the level on child `V`.
    pub struct Take<V>(core::marker::PhantomData<V>);
    /// Open a level on child `V`.
    pub struct Open<V>(core::marker::PhantomData<V>);
    /// The branch is impossible.
    pub struct Dead;
}

// A token as an instruction list ending in a [`Hole`] ([`Build`]):
/// Nothing: the empty list.
impl Build for tok::Skip {
    type O = Hole;
}
/// `K`
impl Build for tok::Keep {
    type O = K<Hole>;
}
/// `D`
impl Build for tok::Dec {
    type O = D<Hole>;
}
/// `U<Cap>`
impl<Cap> Build for tok::Up<Cap> {
    type O = U<Cap, Hole>;
}
/// `Tk<V>`
impl<V> Build for tok::Take<V> {
    type O = Tk<V, Hole>;
}
/// `I<V>`
impl<V> Build for tok::Open<V> {
    type O = I<V, Hole>;
}
/// `Dead`
impl Build for tok::Dead {
    type O = Dead;
}

/// Fill a list's [`Hole`] with `B`: `<A as Fill<B>>::O` is `A` then `B`, with a run of `K`
/// before `Id` dropped (nothing below changes) and `Dead` taking everything.
pub trait Fill<B> {
    /// The joined list.
    type O;
}
/// `Hole` then `B` is `B`.
impl<B> Fill<B> for Hole {
    type O = B;
}
/// `Dead` then anything is `Dead`.
impl<B> Fill<B> for Dead {
    type O = Dead;
}
/// `K<R>` then `B` is `K` pushed on `R` then `B`.
impl<R: Fill<B>, B> Fill<B> for K<R>
where
    R::O: PushK,
{
    type O = <R::O as PushK>::O;
}
/// `D<R>` then `B`.
impl<R: Fill<B>, B> Fill<B> for D<R>
where
    R::O: Push<D<R::O>>,
{
    type O = <R::O as Push<D<R::O>>>::O;
}
/// `U<C, R>` then `B`.
impl<Cap, R: Fill<B>, B> Fill<B> for U<Cap, R>
where
    R::O: Push<U<Cap, R::O>>,
{
    type O = <R::O as Push<U<Cap, R::O>>>::O;
}
/// `Tk<V, R>` then `B`.
impl<V, R: Fill<B>, B> Fill<B> for Tk<V, R>
where
    R::O: Push<Tk<V, R::O>>,
{
    type O = <R::O as Push<Tk<V, R::O>>>::O;
}
/// `I<V, R>` then `B`.
impl<V, R: Fill<B>, B> Fill<B> for I<V, R>
where
    R::O: Push<I<V, R::O>>,
{
    type O = <R::O as Push<I<V, R::O>>>::O;
}

/// Pushing an instruction on a list: `Dead` below makes the list `Dead`.
pub trait Push<Whole> {
    /// `Whole`, or `Dead`.
    type O;
}
/// Onto `Dead`: `Dead`.
impl<Whole> Push<Whole> for Dead {
    type O = Dead;
}
macro_rules! push_onto {
    ([$($g:ident),*] $t:ty) => {
        /// Onto a live list: the list with the instruction.
        impl<Whole, $($g),*> Push<Whole> for $t { type O = Whole; }
        /// `K` onto a live list that changes something below.
        impl<$($g),*> PushK for $t { type O = K<$t>; }
    };
}
push_onto!([] Hole);
push_onto!([] LDec);
push_onto!([] LInc);
push_onto!([R] K<R>);
push_onto!([R] D<R>);
push_onto!([C, R] U<C, R>);
push_onto!([V, R] Tk<V, R>);
push_onto!([V, R] I<V, R>);
/// Onto `Id` (when pushing anything but `K`): the list.
impl<Whole> Push<Whole> for Id {
    type O = Whole;
}

/// Pushing `K` on a list.
pub trait PushK {
    /// `K<list>`, `Id` or `Dead`.
    type O;
}
/// `K` before `Id` changes nothing: `Id`.
impl PushK for Id {
    type O = Id;
}
/// `K` onto `Dead`: `Dead`.
impl PushK for Dead {
    type O = Dead;
}

// =============================================================================================
// The planner: what a window slot does at a step
// =============================================================================================

/// The direction a step's cell is from a number: `D1` for the first of the number's
/// neighbours in sweep order (up and left), `D8` for the last.
pub mod dir {
    /// First neighbour (up-left in a row sweep).
    pub struct D1;
    /// Second.
    pub struct D2;
    /// Third.
    pub struct D3;
    /// Fourth.
    pub struct D4;
    /// Fifth.
    pub struct D5;
    /// Sixth.
    pub struct D6;
    /// Seventh.
    pub struct D7;
    /// Eighth (down-right in a row sweep).
    pub struct D8;
}

/// The event at a direction of an event list.
pub trait EvAt<Dir> {
    /// The [`ev`] marker.
    type O;
}
macro_rules! ev_at {
    ($d:ident: $($e:ident),* => $pick:ident) => {
        /// The event at this direction.
        impl<E1, E2, E3, E4, E5, E6, E7, E8> EvAt<dir::$d>
            for (E1, (E2, (E3, (E4, (E5, (E6, (E7, (E8, ()))))))))
        {
            type O = $pick;
        }
    };
}
ev_at!(D1: => E1);
ev_at!(D2: => E2);
ev_at!(D3: => E3);
ev_at!(D4: => E4);
ev_at!(D5: => E5);
ev_at!(D6: => E6);
ev_at!(D7: => E7);
ev_at!(D8: => E8);

/// A number next to the step's cell, forward: the tokens of the mine branch (`M`) and of the
/// safe branch (`S`). `Dir` is where the cell is from the number; the number's event there
/// says what the cell does to it.
pub trait FAdj<Dir> {
    /// The mine branch's token.
    type M;
    /// The safe branch's token.
    type S;
}
/// A number: by its event at the cell.
impl<Dir, N, Es, Nu, Bf, Af> FAdj<Dir> for Ctr<N, Es, Nu, Bf, Af>
where
    Es: EvAt<Dir>,
    (N, <Es as EvAt<Dir>>::O): FTok,
{
    type M = <(N, <Es as EvAt<Dir>>::O) as FTok>::M;
    type S = <(N, <Es as EvAt<Dir>>::O) as FTok>::S;
}
/// A number next to the step's cell, backward (see [`FAdj`]).
pub trait BAdj<Dir> {
    /// The mine branch's token.
    type M;
    /// The safe branch's token.
    type S;
}
/// A number: by its event at the cell.
impl<Dir, N, Es, Nu, Bf, Af> BAdj<Dir> for Ctr<N, Es, Nu, Bf, Af>
where
    Es: EvAt<Dir>,
    (N, <Es as EvAt<Dir>>::O): BTok,
{
    type M = <(N, <Es as EvAt<Dir>>::O) as BTok>::M;
    type S = <(N, <Es as EvAt<Dir>>::O) as BTok>::S;
}
macro_rules! no_number {
    ($($t:ty),*) => {$(
        /// Not a number with unknown neighbours: nothing, forward.
        impl<Dir> FAdj<Dir> for $t { type M = tok::Skip; type S = tok::Skip; }
        /// Nothing, backward.
        impl<Dir> BAdj<Dir> for $t { type M = tok::Skip; type S = tok::Skip; }
    )*};
}
no_number!(Kn, Mn, Fr, In, Bad);

/// What a cell does to a number, forward, from `(need, event)`.
pub trait FTok {
    /// The mine branch's token.
    type M;
    /// The safe branch's token.
    type S;
}
/// First of several, need zero: a mine is impossible; safe opens the level at 0.
impl FTok for (Z, ev::First) {
    type M = tok::Dead;
    type S = tok::Open<Z>;
}
/// First of several: a mine opens the level at `need - 1`, safe at `need`.
impl<X> FTok for (S<X>, ev::First) {
    type M = tok::Open<X>;
    type S = tok::Open<S<X>>;
}
/// A middle neighbour: a mine takes one from the need.
impl<N> FTok for (N, ev::Mid) {
    type M = tok::Dec;
    type S = tok::Keep;
}
/// The last neighbour: a mine needs exactly one left, safe none; the level closes.
impl<N> FTok for (N, ev::Last) {
    type M = tok::Take<S<Z>>;
    type S = tok::Take<Z>;
}
/// The only unknown neighbour, need zero: it must be safe.
impl FTok for (Z, ev::Only) {
    type M = tok::Dead;
    type S = tok::Skip;
}
/// The only unknown neighbour, need one: it must be a mine.
impl FTok for (S<Z>, ev::Only) {
    type M = tok::Skip;
    type S = tok::Dead;
}
/// The only unknown neighbour, need two or more: impossible.
impl<X> FTok for (S<S<X>>, ev::Only) {
    type M = tok::Dead;
    type S = tok::Dead;
}

/// What a cell does to a number, backward, from `(need, event)`: the level counts the mines
/// placed after the cut, and opens at the number's last unknown neighbour.
pub trait BTok {
    /// The mine branch's token.
    type M;
    /// The safe branch's token.
    type S;
}
/// Last of several, need zero: no mine; safe opens the level at 0 placed.
impl BTok for (Z, ev::Last) {
    type M = tok::Dead;
    type S = tok::Open<Z>;
}
/// Last of several: a mine opens the level at 1 placed, safe at 0.
impl<X> BTok for (S<X>, ev::Last) {
    type M = tok::Open<S<Z>>;
    type S = tok::Open<Z>;
}
/// A middle neighbour: a mine adds one placed, up to the need.
impl<N> BTok for (N, ev::Mid) {
    type M = tok::Up<N>;
    type S = tok::Keep;
}
/// The first neighbour, need zero: no mine; safe closes on 0 placed after it.
impl BTok for (Z, ev::First) {
    type M = tok::Dead;
    type S = tok::Take<Z>;
}
/// The first neighbour: a mine closes on `need - 1` placed after it, safe on `need`.
impl<X> BTok for (S<X>, ev::First) {
    type M = tok::Take<X>;
    type S = tok::Take<S<X>>;
}
/// The only unknown neighbour, need zero: safe.
impl BTok for (Z, ev::Only) {
    type M = tok::Dead;
    type S = tok::Skip;
}
/// The only unknown neighbour, need one: a mine.
impl BTok for (S<Z>, ev::Only) {
    type M = tok::Skip;
    type S = tok::Dead;
}
/// The only unknown neighbour, need two or more: impossible.
impl<X> BTok for (S<S<X>>, ev::Only) {
    type M = tok::Dead;
    type S = tok::Dead;
}

/// What a step's own cell says the step is.
pub trait SelfKind {
    /// [`Fr`] (place the cell), [`In`] (counted by the total) or [`Kn`] (known).
    type K;
}
/// A frontier cell.
impl SelfKind for Fr {
    type K = Fr;
}
/// An interior cell.
impl SelfKind for In {
    type K = In;
}
macro_rules! known_kind {
    ($([$($g:ident),*] $t:ty),*) => {$(
        /// A known cell.
        impl<$($g),*> SelfKind for $t { type K = Kn; }
    )*};
}
known_kind!([] Kn, [] Mn, [] Bad, [N, Es, Nu, Bf, Af] Ctr<N, Es, Nu, Bf, Af>);

/// The two span flags ([`Eight`]) of a fact: whether a number is a level while a step passes it
/// at a distance, before it (`B`) or after it (`A`).
pub trait Passing {
    /// Before the step.
    type B;
    /// After the step.
    type A;
}
/// A number: its flags.
impl<N, Es, Nu, Bf, Af> Passing for Ctr<N, Es, Nu, Bf, Af> {
    type B = Bf;
    type A = Af;
}
macro_rules! not_passing {
    ($($t:ty),*) => {$(
        /// No level.
        impl Passing for $t { type B = Ff; type A = Ff; }
    )*};
}
not_passing!(Kn, Mn, Fr, In, Bad);

/// A Peano count, one up if the flag is true (`(n, flag)`).
pub trait Plus {
    /// `n + flag`.
    type O;
}
/// Plus one.
impl<N> Plus for (N, Tt) {
    type O = S<N>;
}
/// Plus none.
impl<N> Plus for (N, Ff) {
    type O = N;
}
/// A Peano count, one down if the flag is true.
pub trait Minus {
    /// `n - flag`.
    type O;
}
/// Minus one.
impl<N> Minus for (S<N>, Tt) {
    type O = N;
}
/// Minus none.
impl<N> Minus for (N, Ff) {
    type O = N;
}

/// `n` levels kept, as a list ending in a [`Hole`].
pub trait Keeps {
    /// `K<K<..Hole>>`.
    type O;
}
/// None.
impl Keeps for Z {
    type O = Hole;
}
/// One more.
impl<N: Keeps> Keeps for S<N> {
    type O = K<N::O>;
}

// =============================================================================================
// The passes: balanced folds over the positions
// =============================================================================================

/// An inner node of a balanced tree over positions in sweep order.
pub struct Nd<L, R>(P<(L, R)>);
/// A leaf of such a tree.
pub struct Lf<X>(P<X>);
/// A pass's state: the diagram `Dd` and the two counts of the levels a step passes at a
/// distance (`M = (before, after)`, Peano).
pub struct Sweep<Dd, M>(P<(Dd, M)>);

/// A frontier cell's forward result: the diagram after placing a mine there, and after
/// placing a safe cell.
pub struct FrOut<Fm, Fs>(P<(Fm, Fs)>);
/// An interior cell: decided by the total.
pub struct InOut;
/// A known cell.
pub struct KnOut;

/// An impl for a block, the tuple `(F0, .., F12)` of the thirteen facts around its position
/// ([`Block`]): the facts are computed once a line ([`FactLine`]), and a block only reads them.
macro_rules! block_impl {
    ($(#[$m:meta])* $tr:path { $($body:tt)* }) => {
        $(#[$m])*
        impl<F0, F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12> $tr
            for (F0, F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12)
        {
            $($body)*
        }
    };
}

/// A line's facts from the board's line and the lines before (`Up`) and after (`Down`) it
/// (implemented by `solve!` for its line type): each position's [`FactOf`] from its cell and
/// its eight neighbours, [`Kn`] for the pads.
pub trait FactLine<Up, Down> {
    /// The line of facts.
    type O;
}

/// The facts a step reads, laid out for its position: the facts of the position, of its eight
/// neighbours, and of the four positions whose numbers enter or leave the counts of levels
/// passed at a distance (two before and two after the position, on its line and the lines
/// next to it): `(nw, n, ne, p - w + 2, p - 2, w, p, e, p + 2, p + w - 2, sw, s, se)` for
/// lines of `w` positions.
pub trait Block {
    /// The thirteen facts.
    type F;
}

/// The position's own fact ([`Block`]'s seventh).
pub trait Centre {
    /// The fact.
    type Me;
}
block_impl! {
    /// The centre's fact.
    Centre { type Me = F6; }
}
block_impl! {
    /// All thirteen.
    Block { type F = (F0, F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12); }
}

/// The four facts a pass's step reads at every position to move its two counts of levels
/// passed at a distance: a number entering (`In1`) and leaving (`Out1`) the count of levels
/// passed before, and entering (`In2`) and leaving (`Out2`) the count passed after.
pub trait Moves<Sd> {
    /// Enters the first count.
    type In1;
    /// Leaves the first count.
    type Out1;
    /// Enters the second count.
    type In2;
    /// Leaves the second count.
    type Out2;
}
block_impl! {
    /// Forward: `w` and `p - w + 2` move the first count, `sw` and `p + 2` the second.
    Moves<Fwd> { type In1 = F5; type Out1 = F3; type In2 = F10; type Out2 = F8; }
}
block_impl! {
    /// Backward: `ne` and `p - 2` move the first count, `e` and `p + w - 2` the second.
    Moves<Bwd> { type In1 = F2; type Out1 = F4; type In2 = F7; type Out2 = F9; }
}

/// The forward pass over a tree whose leaves are blocks ([`Block`]).
pub trait Fw<St> {
    /// The state after the tree.
    type St;
    /// The per-position results, a tree of the same shape.
    type Out;
}
/// A node: the left subtree, then the right one from where the left ended.
impl<L, R, St0> Fw<St0> for Nd<L, R>
where
    L: Fw<St0>,
    R: Fw<L::St>,
{
    type St = R::St;
    type Out = Nd<L::Out, R::Out>;
}
// A pass's leaf: one step, the counts moved ([`Counts`]) and the diagram by the kind of the
// cell ([`PassCell`]), side by side.
macro_rules! pass_leaf {
    ($tr:ident, $sd:ty) => {
        /// A leaf: one step, the counts moved ([`Counts`]) and the diagram by the kind of the
        /// cell ([`PassCell`]), side by side.
        impl<Blk: Centre, Dd, M1, M2> $tr<Sweep<Dd, (M1, M2)>> for Lf<Blk>
        where
            Blk::Me: SelfKind,
            (M1, M2, Blk): Counts<$sd>,
            (<Blk::Me as SelfKind>::K, Dd, M1, M2, Blk): PassCell<$sd>,
        {
            type St = Sweep<
                <(<Blk::Me as SelfKind>::K, Dd, M1, M2, Blk) as PassCell<$sd>>::D,
                <(M1, M2, Blk) as Counts<$sd>>::O,
            >;
            type Out = Lf<<(<Blk::Me as SelfKind>::K, Dd, M1, M2, Blk) as PassCell<$sd>>::Out>;
        }
    };
}
pass_leaf!(Fw, Fwd);

/// The backward pass over the same tree.
pub trait Bw<St> {
    /// The state after the tree (before its first position).
    type St;
    /// The per-position results.
    type Out;
}
/// A node: the right subtree, then the left one.
impl<L, R, St0> Bw<St0> for Nd<L, R>
where
    R: Bw<St0>,
    L: Bw<R::St>,
{
    type St = L::St;
    type Out = Nd<L::Out, R::Out>;
}
pass_leaf!(Bw, Bwd);

/// A line of the board in a round's tree: `X` is the window of lines of facts around it
/// ([`FactLine`]), which `solve!`'s [`Blocks`] impl turns into the line's positions' blocks,
/// a subtree of leaves, and its [`LocalLine`] impl into the local rules' decisions.
pub struct Lines<X>(P<X>);

/// The blocks of a line's positions, from the lines of facts around it (implemented by
/// `solve!` for its window type): a balanced subtree of [`Lf`]s of [`Block`]s.
pub trait Blocks {
    /// The subtree.
    type O;
}

/// The tree of the positions' blocks under a tree of lines: each line ([`Lines`]) replaced by
/// its positions' subtree ([`Blocks`]). The passes and the counts fold over this tree of
/// [`Nd`]s and [`Lf`]s, computed beside them, so that no line nests its positions' fold under
/// a goal of its own.
pub trait BlocksOf {
    /// The tree of blocks.
    type O;
}
/// A node: both subtrees'.
impl<L: BlocksOf, R: BlocksOf> BlocksOf for Nd<L, R> {
    type O = Nd<L::O, R::O>;
}
/// A line: its positions' blocks.
impl<X: Blocks> BlocksOf for Lines<X> {
    type O = X::O;
}

/// How one step of a pass ([`Fwd`] or [`Bwd`]) moves the two counts of levels passed at a
/// distance, from `(passed before, passed after, block)`: the block's facts alone, not the
/// diagram, so that the step's diagram is bound by no impl but [`PassCell`]'s (rustc walks a
/// type each time it binds one to an impl's parameter).
pub trait Counts<Sd> {
    /// The two counts after.
    type O;
}
/// Each count takes the number entering it and loses the one leaving it.
impl<Sd, M1, M2, Blk: Moves<Sd>> Counts<Sd> for (M1, M2, Blk)
where
    Blk::In1: Passing,
    Blk::Out1: Passing,
    Blk::In2: Passing,
    Blk::Out2: Passing,
    (M1, <Blk::In1 as Passing>::B): Plus,
    (
        <(M1, <Blk::In1 as Passing>::B) as Plus>::O,
        <Blk::Out1 as Passing>::B,
    ): Minus,
    (M2, <Blk::In2 as Passing>::A): Plus,
    (
        <(M2, <Blk::In2 as Passing>::A) as Plus>::O,
        <Blk::Out2 as Passing>::A,
    ): Minus,
{
    type O = (
        <(
            <(M1, <Blk::In1 as Passing>::B) as Plus>::O,
            <Blk::Out1 as Passing>::B,
        ) as Minus>::O,
        <(
            <(M2, <Blk::In2 as Passing>::A) as Plus>::O,
            <Blk::Out2 as Passing>::A,
        ) as Minus>::O,
    );
}

/// What the step's cell does to a pass's diagram, by its kind.
pub trait PassCell<Sd> {
    /// The diagram after (for the backward pass, before the cell).
    type D;
    /// What the decisions read: forward, [`FrOut`], [`InOut`] or [`KnOut`]; backward, the
    /// diagram after a frontier cell, else [`KnOut`].
    type Out;
}
/// The diagram after a frontier cell as a mine, in pass `Sd` (`Dd` with [`Lists`]'s `Im`
/// applied; an alias, so no goal of its own).
pub type AfterMine<Sd, Dd, M1, M2, F> = <Dd as Ap<<(M1, M2, F) as Lists<Sd>>::Im>>::O;
/// The diagram after a frontier cell as safe, in pass `Sd`.
pub type AfterSafe<Sd, Dd, M1, M2, F> = <Dd as Ap<<(M1, M2, F) as Lists<Sd>>::Is>>::O;
/// A frontier cell: both branches' lists ([`Lists`]) applied and united; the decisions read
/// `$out` (forward both diagrams, backward the diagram after the cell).
macro_rules! pass_frontier {
    ($sd:ident, $out:ty) => {
        /// A frontier cell: both branches' lists ([`Lists`]) applied and united.
        impl<Dd, M1, M2, Blk: Block> PassCell<$sd> for (Fr, Dd, M1, M2, Blk)
        where
            (M1, M2, Blk::F): Lists<$sd>,
            Dd: Ap<<(M1, M2, Blk::F) as Lists<$sd>>::Im> + Ap<<(M1, M2, Blk::F) as Lists<$sd>>::Is>,
            AfterMine<$sd, Dd, M1, M2, Blk::F>: Un<AfterSafe<$sd, Dd, M1, M2, Blk::F>>,
        {
            type D =
                <AfterMine<$sd, Dd, M1, M2, Blk::F> as Un<AfterSafe<$sd, Dd, M1, M2, Blk::F>>>::O;
            type Out = $out;
        }
    };
}
pass_frontier!(
    Fwd,
    FrOut<AfterMine<Fwd, Dd, M1, M2, Blk::F>, AfterSafe<Fwd, Dd, M1, M2, Blk::F>>
);
pass_frontier!(Bwd, Dd);
/// An interior cell, forward: the diagram stays; the total decides it.
impl<Dd, M1, M2, Blk> PassCell<Fwd> for (In, Dd, M1, M2, Blk) {
    type D = Dd;
    type Out = InOut;
}
/// An interior cell, backward: the diagram stays.
impl<Dd, M1, M2, Blk> PassCell<Bwd> for (In, Dd, M1, M2, Blk) {
    type D = Dd;
    type Out = KnOut;
}
/// A known cell: the diagram stays.
impl<Sd, Dd, M1, M2, Blk> PassCell<Sd> for (Kn, Dd, M1, M2, Blk) {
    type D = Dd;
    type Out = KnOut;
}

/// Which pass a step belongs to: [`Fwd`] or [`Bwd`].
pub trait Side {
    /// The mine branch's leaf instruction.
    type Leaf;
}
/// The forward pass.
pub struct Fwd;
/// The backward pass.
pub struct Bwd;
/// Forward, a mine leaves one fewer available.
impl Side for Fwd {
    type Leaf = LDec;
}
/// Backward, a mine needs one more before the cut.
impl Side for Bwd {
    type Leaf = LInc;
}

/// A neighbour's tokens in a pass: [`FAdj`] forward, [`BAdj`] backward.
pub trait Adj<Sd, Dir> {
    /// The mine branch's token.
    type M;
    /// The safe branch's token.
    type S;
}
/// Forward.
impl<X: FAdj<Dir>, Dir> Adj<Fwd, Dir> for X {
    type M = X::M;
    type S = X::S;
}
/// Backward.
impl<X: BAdj<Dir>, Dir> Adj<Bwd, Dir> for X {
    type M = X::M;
    type S = X::S;
}

/// A frontier cell's two instruction lists in a pass, from `(passed before, passed after,
/// facts)`: each neighbour's token and the levels passed at a distance kept, in position
/// order, the mine branch's ending in the side's leaf instruction, the safe branch's in `Id`.
pub trait Lists<Sd> {
    /// The list if the cell is a mine.
    type Im;
    /// The list if it is safe.
    type Is;
}
/// The tokens of the step's neighbours and the kept levels, as a [`Tree`], built into lists.
impl<
        Sd: Side,
        M1: Keeps,
        M2: Keeps,
        Fnw,
        Fn,
        Fne,
        Fq1o,
        Fq1b,
        Fw,
        Fme,
        Fe,
        Fq2o,
        Fq2b,
        Fsw,
        Fs,
        Fse,
    > Lists<Sd>
    for (
        M1,
        M2,
        (
            Fnw,
            Fn,
            Fne,
            Fq1o,
            Fq1b,
            Fw,
            Fme,
            Fe,
            Fq2o,
            Fq2b,
            Fsw,
            Fs,
            Fse,
        ),
    )
where
    Fnw: Adj<Sd, dir::D8>,
    Fn: Adj<Sd, dir::D7>,
    Fne: Adj<Sd, dir::D6>,
    Fw: Adj<Sd, dir::D5>,
    Fe: Adj<Sd, dir::D4>,
    Fsw: Adj<Sd, dir::D3>,
    Fs: Adj<Sd, dir::D2>,
    Fse: Adj<Sd, dir::D1>,
    Tree<Fnw::M, Fn::M, Fne::M, M1::O, Fw::M, Fe::M, M2::O, Fsw::M, Fs::M, Fse::M>: Build,
    Tree<Fnw::S, Fn::S, Fne::S, M1::O, Fw::S, Fe::S, M2::O, Fsw::S, Fs::S, Fse::S>: Build,
    <Tree<Fnw::M, Fn::M, Fne::M, M1::O, Fw::M, Fe::M, M2::O, Fsw::M, Fs::M, Fse::M> as Build>::O:
        Fill<Sd::Leaf>,
    <Tree<Fnw::S, Fn::S, Fne::S, M1::O, Fw::S, Fe::S, M2::O, Fsw::S, Fs::S, Fse::S> as Build>::O:
        Fill<Id>,
{
    type Im = <<Tree<Fnw::M, Fn::M, Fne::M, M1::O, Fw::M, Fe::M, M2::O, Fsw::M, Fs::M, Fse::M> as Build>::O as Fill<Sd::Leaf>>::O;
    type Is = <<Tree<Fnw::S, Fn::S, Fne::S, M1::O, Fw::S, Fe::S, M2::O, Fsw::S, Fs::S, Fse::S> as Build>::O as Fill<Id>>::O;
}

/// A step's tokens as a tree for [`Build`], in position order: the three numbers above, the
/// levels passed before, the numbers left and right, the levels passed after, the three
/// below (`Kb` and `Ka` are lists of kept levels).
pub type Tree<Nw, N, Ne, Kb, W, E, Ka, Sw, S, Se> =
    (((Nw, N), (Ne, Ls<Kb>)), ((W, E), ((Ls<Ka>, Sw), (S, Se))));

/// An instruction list ready made, in a [`Build`] tree.
pub struct Ls<X>(P<X>);
/// A ready list: itself.
impl<X> Build for Ls<X> {
    type O = X;
}

// =============================================================================================
// Counting: known mines, interior cells, contradictions
// =============================================================================================

/// The counts of a round over a tree of positions: known mines, interior cells (fixed-width
/// binary numbers, least significant bit first: `(Tt, (Ff, ()))` is 1 in two bits), and
/// whether some number is contradicted. `Zero` and `One` are 0 and 1 at the width.
pub trait Count<Zero, One> {
    /// Known mines.
    type Mines;
    /// Interior cells.
    type Inner;
    /// Whether some number is contradicted.
    type Bad;
}
/// A node: both sides' counts added.
impl<L: Count<Z0, O1>, R: Count<Z0, O1>, Z0, O1> Count<Z0, O1> for Nd<L, R>
where
    (L::Mines, R::Mines, Ff): Add,
    (L::Inner, R::Inner, Ff): Add,
    L::Bad: Or<R::Bad>,
{
    type Mines = <(L::Mines, R::Mines, Ff) as Add>::O;
    type Inner = <(L::Inner, R::Inner, Ff) as Add>::O;
    type Bad = <L::Bad as Or<R::Bad>>::O;
}
/// A leaf: what its position's fact counts.
impl<Blk: Centre, Z0, O1> Count<Z0, O1> for Lf<Blk>
where
    Blk::Me: LeafCount,
    <Blk::Me as LeafCount>::Mines: Choose<O1, Z0>,
    <Blk::Me as LeafCount>::Inner: Choose<O1, Z0>,
{
    type Mines = <<Blk::Me as LeafCount>::Mines as Choose<O1, Z0>>::O;
    type Inner = <<Blk::Me as LeafCount>::Inner as Choose<O1, Z0>>::O;
    type Bad = <Blk::Me as LeafCount>::Bad;
}

/// `A` if true, `B` if false.
pub trait Choose<A, B> {
    /// The choice.
    type O;
}
/// True: `A`.
impl<A, B> Choose<A, B> for Tt {
    type O = A;
}
/// False: `B`.
impl<A, B> Choose<A, B> for Ff {
    type O = B;
}

/// What one fact counts: flags.
pub trait LeafCount {
    /// A known mine.
    type Mines;
    /// An interior cell.
    type Inner;
    /// A contradicted number.
    type Bad;
}
/// A known mine.
impl LeafCount for Mn {
    type Mines = Tt;
    type Inner = Ff;
    type Bad = Ff;
}
/// An interior cell.
impl LeafCount for In {
    type Mines = Ff;
    type Inner = Tt;
    type Bad = Ff;
}
/// A contradicted number.
impl LeafCount for Bad {
    type Mines = Ff;
    type Inner = Ff;
    type Bad = Tt;
}
macro_rules! counts_nothing {
    ($([$($g:ident),*] $t:ty),*) => {$(
        /// Counts nothing.
        impl<$($g),*> LeafCount for $t { type Mines = Ff; type Inner = Ff; type Bad = Ff; }
    )*};
}
counts_nothing!([] Kn, [] Fr, [N, Es, Nu, Bf, Af] Ctr<N, Es, Nu, Bf, Af>);

/// Binary addition with a carry (`(a, b, carry)`) of two numbers of one width, least
/// significant bit first; what overflows the width is dropped.
pub trait Add {
    /// `a + b + carry`.
    type O;
}
/// The end: nothing.
impl<C> Add for ((), (), C) {
    type O = ();
}
/// A bit of each with a carry: the full adder, then the rest.
impl<A, As, B, Bs, C> Add for ((A, As), (B, Bs), C)
where
    (A, B, C): FullAdd,
    (As, Bs, <(A, B, C) as FullAdd>::Carry): Add,
{
    type O = (
        <(A, B, C) as FullAdd>::Sum,
        <(As, Bs, <(A, B, C) as FullAdd>::Carry) as Add>::O,
    );
}

/// One bit's sum and carry.
pub trait FullAdd {
    /// The sum bit.
    type Sum;
    /// The carry out.
    type Carry;
}
macro_rules! full_add {
    ($(($a:ty, $b:ty, $c:ty) => $s:ty, $k:ty;)*) => {$(
        /// One row of the full adder's table.
        impl FullAdd for ($a, $b, $c) { type Sum = $s; type Carry = $k; }
    )*};
}
full_add! {
    (Ff, Ff, Ff) => Ff, Ff;
    (Ff, Ff, Tt) => Tt, Ff;
    (Ff, Tt, Ff) => Tt, Ff;
    (Ff, Tt, Tt) => Ff, Tt;
    (Tt, Ff, Ff) => Tt, Ff;
    (Tt, Ff, Tt) => Ff, Tt;
    (Tt, Tt, Ff) => Ff, Tt;
    (Tt, Tt, Tt) => Tt, Tt;
}

/// Binary subtraction with a borrow (`(a, b, borrow)`) of two numbers of one width.
pub trait SubB {
    /// `a - b - borrow`, modulo the width.
    type O;
    /// Whether it went below zero.
    type Neg;
}
/// The end: the borrow says whether it went below zero.
impl<C> SubB for ((), (), C) {
    type O = ();
    type Neg = C;
}
/// A bit of each with a borrow: the full subtractor, then the rest.
impl<A, As, B, Bs, C> SubB for ((A, As), (B, Bs), C)
where
    (A, B, C): FullSub,
    (As, Bs, <(A, B, C) as FullSub>::Borrow): SubB,
{
    type O = (
        <(A, B, C) as FullSub>::Diff,
        <(As, Bs, <(A, B, C) as FullSub>::Borrow) as SubB>::O,
    );
    type Neg = <(As, Bs, <(A, B, C) as FullSub>::Borrow) as SubB>::Neg;
}

/// One bit's difference and borrow.
pub trait FullSub {
    /// The difference bit.
    type Diff;
    /// The borrow out.
    type Borrow;
}
macro_rules! full_sub {
    ($(($a:ty, $b:ty, $c:ty) => $s:ty, $k:ty;)*) => {$(
        /// One row of the full subtractor's table.
        impl FullSub for ($a, $b, $c) { type Diff = $s; type Borrow = $k; }
    )*};
}
full_sub! {
    (Ff, Ff, Ff) => Ff, Ff;
    (Ff, Ff, Tt) => Tt, Tt;
    (Ff, Tt, Ff) => Tt, Tt;
    (Ff, Tt, Tt) => Ff, Tt;
    (Tt, Ff, Ff) => Tt, Ff;
    (Tt, Ff, Tt) => Ff, Ff;
    (Tt, Tt, Ff) => Ff, Ff;
    (Tt, Tt, Tt) => Tt, Tt;
}

// =============================================================================================
// Mine-count sets from counts
// =============================================================================================

/// The trie of the one count `n` (a binary number as wide as the trie is deep).
pub trait Single {
    /// The trie.
    type O;
}
/// The path's end.
impl Single for () {
    type O = T;
}
/// Bit 0: the path goes left.
impl<Bs: Single> Single for (Ff, Bs) {
    type O = Bn<Bs::O, E>;
}
/// Bit 1: the path goes right.
impl<Bs: Single> Single for (Tt, Bs) {
    type O = Bn<E, Bs::O>;
}

/// The tries of the counts `0..=n` (`Le`) and `0..n` (`Lt`), from `n`'s bits.
pub trait Upto {
    /// `{r : r <= n}`.
    type Le;
    /// `{r : r < n}`.
    type Lt;
}
/// No bits left: `{0}` and nothing.
impl Upto for () {
    type Le = T;
    type Lt = E;
}
/// Bit 0 (`n = 2c`): `r <= n` has even `r` up to `c`, odd below; `r < n` has both below `c`.
impl<Bs: Upto> Upto for (Ff, Bs)
where
    (Bs::Le, Bs::Lt): MkBn,
    (Bs::Lt, Bs::Lt): MkBn,
{
    type Le = <(Bs::Le, Bs::Lt) as MkBn>::O;
    type Lt = <(Bs::Lt, Bs::Lt) as MkBn>::O;
}
/// Bit 1 (`n = 2c + 1`): `r <= n` has both up to `c`; `r < n` has even up to `c`, odd below.
impl<Bs: Upto> Upto for (Tt, Bs)
where
    (Bs::Le, Bs::Le): MkBn,
    (Bs::Le, Bs::Lt): MkBn,
{
    type Le = <(Bs::Le, Bs::Le) as MkBn>::O;
    type Lt = <(Bs::Le, Bs::Lt) as MkBn>::O;
}

/// A set without the count 0.
pub trait NoZero {
    /// The set less `{0}`.
    type O;
}
/// Empty stays empty.
impl NoZero for E {
    type O = E;
}
/// The path of 0 (all bits 0) ends here: drop it.
impl NoZero for T {
    type O = E;
}
/// 0 is even: drop it from the left child.
impl<A: NoZero, B> NoZero for Bn<A, B>
where
    (A::O, B): MkBn,
{
    type O = <(A::O, B) as MkBn>::O;
}

// =============================================================================================
// A round
// =============================================================================================

/// What every layout says of a cell: `(can be a mine, can be safe)`.
pub trait Decide {
    /// [`dec::Mine`], [`dec::Safe`], [`dec::Open`] or [`dec::None`].
    type O;
}
/// The decisions.
pub mod dec {
    /// Every layout has a mine there.
    pub struct Mine;
    /// No layout has a mine there.
    pub struct Safe;
    /// Some layouts do, some do not: undecided.
    pub struct Open;
    /// No layout at all: the shown cells contradict each other.
    pub struct None;
}
/// Mine only.
impl Decide for (Tt, Ff) {
    type O = dec::Mine;
}
/// Safe only.
impl Decide for (Ff, Tt) {
    type O = dec::Safe;
}
/// Both.
impl Decide for (Tt, Tt) {
    type O = dec::Open;
}
/// Neither.
impl Decide for (Ff, Ff) {
    type O = dec::None;
}

/// The next board's cell from the decision, the cell and the concealed answer's cell: the
/// only place the answer is read. A cell proved safe shows the answer's number; one proved a
/// mine must be a mine in the answer.
#[diagnostic::on_unimplemented(
    message = "the answer contradicts what the rules proved about a cell: `{Self}`",
    note = "the answer must be a layout that fits every shown number and the mine total"
)]
pub trait Uncover {
    /// The cell in the next round.
    type O;
}
/// Proved safe: its number, from the answer.
impl<N> Uncover for (dec::Safe, Unk, Num<N>) {
    type O = Num<N>;
}
/// Proved a mine, and the answer agrees.
impl Uncover for (dec::Mine, Unk, Mine) {
    type O = Mine;
}
/// Undecided: stays unknown.
impl<A> Uncover for (dec::Open, Unk, A) {
    type O = Unk;
}
/// No layout: marked.
impl<A> Uncover for (dec::None, Unk, A) {
    type O = Contra;
}

/// The decisions, zipped over the board and the answer (`(decisions, board, answer)`, trees of
/// one shape down to the board's lines, whose leaves are lines of cells): the next board.
pub trait Zip {
    /// The next board.
    type O;
    /// Whether it decides any cell.
    type Ch;
}
/// A node: both sides.
impl<A, B, C, Dd, Ee, F> Zip for (Nd<A, B>, Nd<C, Dd>, Nd<Ee, F>)
where
    (A, C, Ee): Zip,
    (B, Dd, F): Zip,
{
    type O = Nd<<(A, C, Ee) as Zip>::O, <(B, Dd, F) as Zip>::O>;
    type Ch = (<(A, C, Ee) as Zip>::Ch, <(B, Dd, F) as Zip>::Ch);
}
/// A line: its cells (`solve!`'s [`ZipLine`] impl for its line type).
impl<Dc, L, An> Zip for (Dc, Lf<L>, Lf<An>)
where
    L: ZipLine<Dc, An>,
{
    type O = Lf<<L as ZipLine<Dc, An>>::O>;
    type Ch = <L as ZipLine<Dc, An>>::Ch;
}

/// Whether any of a balanced tree of flags (pairs) is true.
pub trait AnyOf {
    /// [`Tt`] or [`Ff`].
    type B;
}
/// True.
impl AnyOf for Tt {
    type B = Tt;
}
/// False.
impl AnyOf for Ff {
    type B = Ff;
}
/// A pair: either.
impl<A: AnyOf, B: AnyOf> AnyOf for (A, B)
where
    A::B: Or<B::B>,
{
    type B = <A::B as Or<B::B>>::O;
}

/// Whether a decision decides the cell.
pub trait Decides {
    /// [`Tt`] or [`Ff`].
    type B;
}
/// A mine.
impl Decides for dec::Mine {
    type B = Tt;
}
/// Safe.
impl Decides for dec::Safe {
    type B = Tt;
}
/// No layout (the cell is marked).
impl Decides for dec::None {
    type B = Tt;
}
/// Undecided.
impl Decides for dec::Open {
    type B = Ff;
}

/// A line's next cells from its positions' decisions (a subtree) and the answer's line
/// (implemented by `solve!` for its line type, cell by cell with [`ZipCell`]).
pub trait ZipLine<Dec, An> {
    /// The next line.
    type O;
    /// Whether it decides any cell.
    type Ch;
}

/// One cell's next value from `(decision, cell, answer's cell)`.
pub trait ZipCell {
    /// The next cell.
    type O;
    /// Whether it is decided now.
    type Ch;
}
/// A known cell stays.
impl<C, An> ZipCell for (Lf<KnOut>, C, An) {
    type O = C;
    type Ch = Ff;
}
macro_rules! zip_decided {
    ($($d:ty),*) => {$(
        /// A cell the rules decided (or left open).
        impl<C, An> ZipCell for (Lf<$d>, C, An)
        where
            ($d, C, An): Uncover,
        {
            type O = <($d, C, An) as Uncover>::O;
            type Ch = <$d as Decides>::B;
        }
    )*};
}
zip_decided!(dec::Mine, dec::Safe, dec::Open, dec::None);

/// A round's inputs, as `solve!` writes them for a board: the tree of the board's lines
/// ([`Lines`]), each with the lines of facts around it (`Fs`), the mine total (`Tot`, binary, as wide as the tries are deep), 0 and 1 at
/// that width, the board and the answer (trees of cells).
pub struct Rd<Fs, Tot, Zero, One, Bd, An>(P<(Fs, Tot, Zero, One, Bd, An)>);

/// What a number alone forces on its unknown neighbours: `(safe, mine)`, each [`Tt`] or
/// [`Ff`].
pub trait Forces {
    /// All its unknown neighbours are safe: it needs no more mines.
    type Safe;
    /// All are mines: it needs as many as it has unknown neighbours.
    type Mine;
}
/// A number: by its need.
impl<N, Es, Nu, Bf, Af> Forces for Ctr<N, Es, Nu, Bf, Af>
where
    N: PeanoEq<Z> + PeanoEq<Nu>,
{
    type Safe = <N as PeanoEq<Z>>::B;
    type Mine = <N as PeanoEq<Nu>>::B;
}
macro_rules! forces_nothing {
    ($($t:ty),*) => {$(
        /// Not a number with unknown neighbours: nothing.
        impl Forces for $t { type Safe = Ff; type Mine = Ff; }
    )*};
}
forces_nothing!(Kn, Mn, Fr, In, Bad);

/// Equality of Peano counts.
pub trait PeanoEq<M> {
    /// [`Tt`] or [`Ff`].
    type B;
}
/// `0 = 0`
impl PeanoEq<Z> for Z {
    type B = Tt;
}
/// `0 != m + 1`
impl<M> PeanoEq<S<M>> for Z {
    type B = Ff;
}
/// `n + 1 != 0`
impl<N> PeanoEq<Z> for S<N> {
    type B = Ff;
}
/// `n + 1 = m + 1` when `n = m`
impl<N: PeanoEq<M>, M> PeanoEq<S<M>> for S<N> {
    type B = N::B;
}

/// The local rules over the tree of lines: each frontier cell's decision by the numbers around
/// it alone (`Dec`, a tree of [`dec`] markers, [`KnOut`] where there is nothing to decide),
/// and whether they decide any cell (`Any`).
pub trait Local {
    /// The decisions.
    type Dec;
    /// Whether each cell is decided: a tree of pairs of [`Tt`] and [`Ff`] ([`AnyOf`]).
    type Any;
}
/// A node: both sides. (`Any` stays a tree of pairs, read by [`AnyOf`] once a round: an impl
/// whose bounds name its children's results makes rustc's default solver, which proves each
/// node's bound in a context of its own, compute every subtree again at every node above it.)
impl<L: Local, R: Local> Local for Nd<L, R> {
    type Dec = Nd<L::Dec, R::Dec>;
    type Any = (L::Any, R::Any);
}
/// A line: the local rules over its positions, from the lines of facts around it (`solve!`'s
/// [`LocalLine`] impl for its window type).
impl<X: LocalLine> Local for Lines<X> {
    type Dec = X::Dec;
    type Any = X::Any;
}

/// The local rules over a line's positions, from its window of fact lines (implemented by
/// `solve!` for its window type, position by position with [`LocalAt`]): a subtree of
/// decisions shaped as the line's blocks, and a tree of flags.
pub trait LocalLine {
    /// The decisions.
    type Dec;
    /// Whether each is decided.
    type Any;
}

/// One position under the local rules, from `(its fact, its eight neighbours' facts)`: only a
/// frontier cell reads its neighbours' ([`LocalFacts`]).
pub trait LocalAt {
    /// Its decision.
    type Dec;
    /// Whether it is decided.
    type Any;
}
/// A frontier cell: by its neighbours' facts.
impl<N1, N2, N3, N4, N5, N6, N7, N8> LocalAt for (Fr, N1, N2, N3, N4, N5, N6, N7, N8)
where
    (N1, N2, N3, N4, N5, N6, N7, N8): LocalFacts,
{
    type Dec = <(N1, N2, N3, N4, N5, N6, N7, N8) as LocalFacts>::Dec;
    type Any = <(N1, N2, N3, N4, N5, N6, N7, N8) as LocalFacts>::Any;
}
macro_rules! local_nothing {
    ($([$($g:ident),*] $t:ty),*) => {$(
        /// Not a frontier cell: nothing to decide.
        impl<$($g,)* N1, N2, N3, N4, N5, N6, N7, N8> LocalAt for ($t, N1, N2, N3, N4, N5, N6, N7, N8) {
            type Dec = KnOut;
            type Any = Ff;
        }
    )*};
}
local_nothing!([] In, [] Kn, [] Mn, [] Bad, [N, Es, Nu, Bf, Af] Ctr<N, Es, Nu, Bf, Af>);

/// A frontier cell under the local rules, from its eight neighbours' facts.
pub trait LocalFacts {
    /// Its decision.
    type Dec;
    /// Whether it is decided.
    type Any;
}
/// A frontier cell: safe if a number next to it needs no more mines, a mine if one needs all
/// its unknown neighbours.
impl<Fnw, Fn, Fne, Fw, Fe, Fsw, Fs, Fse> LocalFacts for (Fnw, Fn, Fne, Fw, Fe, Fsw, Fs, Fse)
where
    Fnw: Forces,
    Fn: Forces,
    Fne: Forces,
    Fw: Forces,
    Fe: Forces,
    Fsw: Forces,
    Fs: Forces,
    Fse: Forces,
    (
        Fnw::Mine,
        Fn::Mine,
        Fne::Mine,
        Fw::Mine,
        Fe::Mine,
        Fsw::Mine,
        Fs::Mine,
        Fse::Mine,
    ): Eight,
    (
        Fnw::Safe,
        Fn::Safe,
        Fne::Safe,
        Fw::Safe,
        Fe::Safe,
        Fsw::Safe,
        Fs::Safe,
        Fse::Safe,
    ): Eight,
    Forced<Fnw, Fn, Fne, Fw, Fe, Fsw, Fs, Fse>: LocalDecide,
{
    type Dec = <Forced<Fnw, Fn, Fne, Fw, Fe, Fsw, Fs, Fse> as LocalDecide>::Dec;
    type Any = <Forced<Fnw, Fn, Fne, Fw, Fe, Fsw, Fs, Fse> as LocalDecide>::Any;
}

/// What eight neighbours' facts force on a cell: `(a mine, safe)`, whether any of them forces
/// it ([`Forces`], read off the [`Eight`] table's `Any`).
pub type Forced<A, B, C, D, E, F, G, H> = (
    <(
        <A as Forces>::Mine,
        <B as Forces>::Mine,
        <C as Forces>::Mine,
        <D as Forces>::Mine,
        <E as Forces>::Mine,
        <F as Forces>::Mine,
        <G as Forces>::Mine,
        <H as Forces>::Mine,
    ) as Eight>::Any,
    <(
        <A as Forces>::Safe,
        <B as Forces>::Safe,
        <C as Forces>::Safe,
        <D as Forces>::Safe,
        <E as Forces>::Safe,
        <F as Forces>::Safe,
        <G as Forces>::Safe,
        <H as Forces>::Safe,
    ) as Eight>::Any,
);

/// A local decision from `(forced mine, forced safe)`.
pub trait LocalDecide {
    /// A [`dec`] marker.
    type Dec;
    /// Whether it decides.
    type Any;
}
/// Forced a mine.
impl LocalDecide for (Tt, Ff) {
    type Dec = dec::Mine;
    type Any = Tt;
}
/// Forced safe.
impl LocalDecide for (Ff, Tt) {
    type Dec = dec::Safe;
    type Any = Tt;
}
/// Nothing forced.
impl LocalDecide for (Ff, Ff) {
    type Dec = dec::Open;
    type Any = Ff;
}
/// Forced both ways: the numbers contradict each other.
impl LocalDecide for (Tt, Tt) {
    type Dec = dec::None;
    type Any = Tt;
}

/// A board no round changes any more: the rounds after it are this type's, which does nothing.
pub struct Done<B>(P<B>);
/// The inputs of a round after the last: the board.
pub struct DoneRd<B>(P<B>);

// =============================================================================================
// A round in stages
// =============================================================================================
//
// A round is eight stages that `solve!` writes side by side as the where-clauses of one
// function, each stage's result a type parameter that rustc infers from the stage before:
// the local rules, the counts (and the start of the passes), the forward pass, the backward
// pass, the interior, the meet of the two passes, the zip to the next board, and whether the
// zip changed it. Written side by side, the stages are siblings for the trait solver, so a
// round is as deep as its deepest stage, not as the sum of them: nested in one impl, each
// stage's alias nests the next (about three levels of the next solver's depth a stage). A
// stage a round does not need (the full passes after the local rules decided a cell, every
// stage after the board is done) is [`Skip`]. The meet returns its result as a trait
// parameter ([`Meet`]).

/// A stage's result when the round does not need it.
pub struct Skip;
/// The local rules' result: their decisions and whether each decides its cell (a tree of
/// flags, [`AnyOf`]).
pub struct Loc<Dec, Any>(P<(Dec, Any)>);
/// The counts' result: the forward pass's start diagram and the interior cells' counts as two
/// sets, `0..=n` and `0..n`.
pub struct Cnt<Start, Le, Lt>(P<(Start, Le, Lt)>);
/// A pass's result: its end state (for the backward pass, the state before the first position)
/// and its trace (the per-position results).
pub struct PassRes<St, Out>(P<(St, Out)>);

/// Stage 1: the local rules ([`Local`]) over every position.
pub trait LocalStage {
    /// [`Loc`], or [`Skip`] once the board is done.
    type O;
}
/// A round's positions under the local rules.
impl<Fs: Local, Tot, Z0, O1, Bd, An> LocalStage for Rd<Fs, Tot, Z0, O1, Bd, An> {
    type O = Loc<Fs::Dec, Fs::Any>;
}
/// The board is done: nothing to do.
impl<B> LocalStage for DoneRd<B> {
    type O = Skip;
}

/// Stage 2: when the local rules decide nothing, the known mines and the interior cells
/// counted ([`Count`]), and the forward pass's start: the mines still available, one set
/// (empty when more mines are known than the total, or a number is contradicted).
pub trait CountStage<L> {
    /// [`Cnt`] or [`Skip`].
    type O;
}
/// By whether the local rules decided a cell (their flags read once, here).
impl<D, A: AnyOf, Fs, Tot, Z0, O1, Bd, An> CountStage<Loc<D, A>> for Rd<Fs, Tot, Z0, O1, Bd, An>
where
    Rd<Fs, Tot, Z0, O1, Bd, An>: CountIf<A::B>,
{
    type O = <Rd<Fs, Tot, Z0, O1, Bd, An> as CountIf<A::B>>::O;
}

/// [`CountStage`] by whether the local rules decided a cell.
pub trait CountIf<Decided> {
    /// [`Cnt`] or [`Skip`].
    type O;
}
/// The local rules decided a cell: no full deduction this round.
impl<Fs, Tot, Z0, O1, Bd, An> CountIf<Tt> for Rd<Fs, Tot, Z0, O1, Bd, An> {
    type O = Skip;
}
/// They decided none: count.
impl<Fs: BlocksOf, Tot, Z0, O1, Bd, An> CountIf<Ff> for Rd<Fs, Tot, Z0, O1, Bd, An>
where
    Fs::O: Count<Z0, O1>,
    (Tot, <Fs::O as Count<Z0, O1>>::Mines, Ff): SubB,
    (
        <(Tot, <Fs::O as Count<Z0, O1>>::Mines, Ff) as SubB>::Neg,
        <Fs::O as Count<Z0, O1>>::Bad,
        <(Tot, <Fs::O as Count<Z0, O1>>::Mines, Ff) as SubB>::O,
        <Fs::O as Count<Z0, O1>>::Inner,
    ): Start,
{
    type O = <(
        <(Tot, <Fs::O as Count<Z0, O1>>::Mines, Ff) as SubB>::Neg,
        <Fs::O as Count<Z0, O1>>::Bad,
        <(Tot, <Fs::O as Count<Z0, O1>>::Mines, Ff) as SubB>::O,
        <Fs::O as Count<Z0, O1>>::Inner,
    ) as Start>::O;
}
/// The board is done.
impl<B> CountStage<Skip> for DoneRd<B> {
    type O = Skip;
}

/// The start of the passes from `(total less known mines below zero, a number contradicted,
/// total less known mines, interior cells)`.
pub trait Start {
    /// [`Cnt`].
    type O;
}
/// The forward pass starts from the mines left (none when they are below zero or a number is
/// contradicted); the interior's counts as sets.
impl<Neg, Bad, Left: Single, Inner: Upto> Start for (Neg, Bad, Left, Inner)
where
    Neg: Or<Bad>,
    <Neg as Or<Bad>>::O: Choose<E, Left::O>,
{
    type O = Cnt<<<Neg as Or<Bad>>::O as Choose<E, Left::O>>::O, Inner::Le, Inner::Lt>;
}

/// Stage 3: the forward pass ([`Fw`]).
pub trait FwStage<C> {
    /// [`PassRes`] or [`Skip`].
    type O;
}
/// From the start diagram, no level passed at a distance.
impl<St0, Le, Lt, Fs: BlocksOf, Tot, Z0, O1, Bd, An> FwStage<Cnt<St0, Le, Lt>>
    for Rd<Fs, Tot, Z0, O1, Bd, An>
where
    Fs::O: Fw<Sweep<St0, (Z, Z)>>,
{
    type O = PassRes<<Fs::O as Fw<Sweep<St0, (Z, Z)>>>::St, <Fs::O as Fw<Sweep<St0, (Z, Z)>>>::Out>;
}
/// Not needed.
impl<X> FwStage<Skip> for X {
    type O = Skip;
}

/// Stage 4: the backward pass ([`Bw`]).
pub trait BwStage<C> {
    /// [`PassRes`] or [`Skip`].
    type O;
}
/// From the interior's counts: the mines the interior can take after the last position.
impl<St0, Le, Lt, Fs: BlocksOf, Tot, Z0, O1, Bd, An> BwStage<Cnt<St0, Le, Lt>>
    for Rd<Fs, Tot, Z0, O1, Bd, An>
where
    Fs::O: Bw<Sweep<Le, (Z, Z)>>,
{
    type O = PassRes<<Fs::O as Bw<Sweep<Le, (Z, Z)>>>::St, <Fs::O as Bw<Sweep<Le, (Z, Z)>>>::Out>;
}
/// Not needed.
impl<X> BwStage<Skip> for X {
    type O = Skip;
}

/// Stage 5: the interior cells' decision ([`Interior`]).
pub trait InteriorStage<C, F> {
    /// A [`dec`] marker, or [`Skip`].
    type O;
}
/// From the forward pass's end and the interior's counts.
impl<X, St0, Le, Lt, St, Out> InteriorStage<Cnt<St0, Le, Lt>, PassRes<St, Out>> for X
where
    (St, Le, Lt): Interior,
{
    type O = <(St, Le, Lt) as Interior>::O;
}
/// Not needed.
impl<X> InteriorStage<Skip, Skip> for X {
    type O = Skip;
}

/// Stage 6: full deduction's decision at every position, from the passes' traces and the
/// interior's decision ([`Meet`]): a tree shaped as the local rules' decisions, or [`Skip`]
/// (a parameter rustc infers).
pub trait MeetStage<F, W, I, O> {}
/// The forward and the backward traces met.
impl<X, St, Fo, Sb, Bo, I, O> MeetStage<PassRes<St, Fo>, PassRes<Sb, Bo>, I, O> for X where
    (Fo, Bo): Meet<I, O>
{
}
/// Not needed.
impl<X> MeetStage<Skip, Skip, Skip, Skip> for X {}

/// The decisions from a forward and a backward trace (`(forward, backward)`), with `Int` the
/// interior's decision: `O` is a tree of [`dec`] markers (and [`KnOut`] for known cells) of
/// the board's shape, the shape of the local rules' decisions.
pub trait Meet<Int, O> {}
/// A node: both sides.
impl<Int, A, B, C, Dd, OA, OB> Meet<Int, Nd<OA, OB>> for (Nd<A, B>, Nd<C, Dd>)
where
    (A, C): Meet<Int, OA>,
    (B, Dd): Meet<Int, OB>,
{
}
/// A frontier cell: a mine there is possible if the diagram after a mine meets the backward
/// one, safe likewise.
impl<Int, Fm, Fs, Bb, Dc> Meet<Int, Lf<Dc>> for (Lf<FrOut<Fm, Fs>>, Lf<Bb>)
where
    Fm: Mt<Bb>,
    Fs: Mt<Bb>,
    (Fm::B, Fs::B): Decide<O = Dc>,
{
}
/// An interior cell: the total's decision.
impl<Int, Bb> Meet<Int, Lf<Int>> for (Lf<InOut>, Lf<Bb>) {}
/// A known cell.
impl<Int, Bb> Meet<Int, Lf<KnOut>> for (Lf<KnOut>, Lf<Bb>) {}

/// Stage 7: the decided cells written in ([`Zip`]), each proved safe uncovered from the
/// answer: [`Ready`] with the next board, or for full deduction [`Zipped`], which
/// [`NextStage`] reads.
pub trait ZipStage<L, M, I> {
    /// [`Ready`] or [`Zipped`].
    type O;
}
/// The next board, known.
pub struct Ready<B>(P<B>);
/// Full deduction's next board `B`, whether it decides any cell (`Ch`, a tree of flags), and
/// the board before (`Bd`).
pub struct Zipped<B, Ch, Bd>(P<(B, Ch, Bd)>);
/// The local rules' decisions.
impl<D, A, Fs, Tot, Z0, O1, Bd, An> ZipStage<Loc<D, A>, Skip, Skip> for Rd<Fs, Tot, Z0, O1, Bd, An>
where
    (D, Bd, An): Zip,
{
    type O = Ready<<(D, Bd, An) as Zip>::O>;
}
/// Full deduction's decisions.
impl<D, A, Ma, Mb, I, Fs, Tot, Z0, O1, Bd, An> ZipStage<Loc<D, A>, Nd<Ma, Mb>, I>
    for Rd<Fs, Tot, Z0, O1, Bd, An>
where
    (Nd<Ma, Mb>, Bd, An): Zip,
{
    type O = Zipped<<(Nd<Ma, Mb>, Bd, An) as Zip>::O, <(Nd<Ma, Mb>, Bd, An) as Zip>::Ch, Bd>;
}
/// The board is done.
impl<B> ZipStage<Skip, Skip, Skip> for DoneRd<B> {
    type O = Ready<Done<B>>;
}

/// Stage 8: the next board, from the zip's result. (A stage of its own: reading the flags in
/// the zip's impl would nest the tree of flags' [`AnyOf`] in the zip, and the zip's in it.)
pub trait NextStage {
    /// The next board, or [`Done`].
    type O;
}
/// Known.
impl<B> NextStage for Ready<B> {
    type O = B;
}
/// Full deduction's: [`Done`] when it decides no cell.
impl<B, Ch: AnyOf, Bd> NextStage for Zipped<B, Ch, Bd>
where
    Ch::B: Choose<B, Done<Bd>>,
{
    type O = <Ch::B as Choose<B, Done<Bd>>>::O;
}

/// The interior's decision from the forward pass's end (`(state, 0..=interior,
/// 0..interior)`): a mine there leaves `r - 1` for the rest, so it can be a mine when some
/// count `r` left is in `1..=interior`, and safe when some is in `0..interior`.
pub trait Interior {
    /// A [`dec`] marker.
    type O;
}
/// The forward pass ends with every level closed: a set of counts left.
impl<Dd, W, Le: NoZero, Lt> Interior for (Sweep<Dd, W>, Le, Lt)
where
    Dd: Mt<Le::O> + Mt<Lt>,
    (<Dd as Mt<Le::O>>::B, <Dd as Mt<Lt>>::B): Decide,
{
    type O = <(<Dd as Mt<Le::O>>::B, <Dd as Mt<Lt>>::B) as Decide>::O;
}

// =============================================================================================
// Building a step's instruction lists, and what `solve!` implements
// =============================================================================================

/// A tree of tokens (pairs `(A, B)`, `A` first) as one instruction list ending in a [`Hole`].
pub trait Build {
    /// The list.
    type O;
}
/// Two subtrees: the first's list, then the second's.
impl<A: Build, B: Build> Build for (A, B)
where
    A::O: Fill<B::O>,
{
    type O = <A::O as Fill<B::O>>::O;
}
/// A round's inputs for board `B` and answer `A` (implemented by `solve!` on a type of its
/// own, for its board's shape): an [`Rd`].
pub trait Prep<B, A> {
    /// The round's inputs.
    type Rd;
}

/// An undecided cell shows as unknown.
impl super::cell::CellType for Unk {
    const CELL: typesweeper_board::Cell = typesweeper_board::Cell::Unknown;
}
/// A contradicted cell shows as unknown.
impl super::cell::CellType for Contra {
    const CELL: typesweeper_board::Cell = typesweeper_board::Cell::Unknown;
}
