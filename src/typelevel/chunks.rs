//! [`Holds`]: the board's rules, split into chunks that rustc checks one at a time.
//!
//! `solve!` could state every rule as a bound of one generic function, but rustc checks a
//! function's own signature in time that grows with the square of its bounds (each bound's
//! well-formedness check scans every other bound, and so does the check for `?Sized` on each
//! type parameter): at 4000 unknown cells that alone took seconds. So the macro puts the rules
//! of a few cells at a time into one impl of [`Holds`] on a marker struct (a *chunk*),
//! with only the cells and counts those rules mention as the impl's parameters, and the solving
//! function carries one bound per chunk: `Chunk3: Holds<(Cell_R1C1, MinesAfter_R1C1, ...)>`.
//! The variables are the function's type parameters, passed as `_`, so they are inference
//! variables shared by every chunk that mentions them.
//!
//! A chunk's `Self` is known, so rustc selects its impl at once and registers the impl's
//! where-clauses, with the shared inference variables in them, as obligations: the same
//! obligations one big function would give, found the same way. The variables travel as a
//! tuple. A list of marker structs (`Var<A, Var<B, End>>`, whose parameters could be unsized)
//! was used first; the tuple has half the tokens and took 16x30's type check from 0.78-1.06 s
//! to 0.67-0.97 s (paired runs) and its memory from 166 to 153 MB, with 64x64 unchanged.
//!
//! ```
//! use typesweeper::{Holds, Mine, Num, Rule, HList, S, Z};
//! struct Chunk;
//! // A `1` whose two neighbours are the chunk's variables.
//! impl<A, B> Holds<(A, B)> for Chunk where HList![A, B]: Rule<S<Z>> {}
//! fn solve<A: Default>() -> A where Chunk: Holds<(A, Num<Z>)> {
//!     A::default()
//! }
//! let _a: Mine = solve::<_>(); // the other neighbour is safe, so this one is the mine
//! ```

/// The rules of chunk `Self` hold for the variables `Vars` (a tuple).
pub trait Holds<Vars: ?Sized> {}
