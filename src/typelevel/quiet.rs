//! Impls that keep a stuck board's error list short.
//!
//! When inference fails, rustc reports one `E0283` per ambiguous obligation, but after the first
//! error it skips an obligation when more than five impls could apply to it and all of them are
//! generic. Every obligation whose `Self` is a still-unknown cell (`CellRules`, `NeighbsToRules`, `Tally`,
//! `Verify` and `VerifyBack` on an unknown count) matches every impl of its trait, so four generic impls on
//! [`Quiet`] push those past five and rustc reports only the first of them. A stuck 9x9 corpus
//! board went from 233 errors to a handful.
//!
//! They change no deduction: an obligation with an unknown `Self` is never selected, and no
//! impl of the solver ever unifies a cell or a count with `Quiet`.

use super::rules::{CellRules, Decided, NeighbsToRules};
use super::verify::{Tally, Verify, VerifyBack};

/// A type no cell or count is ever inferred to be; see the module docs.
#[doc(hidden)]
pub struct Quiet<const K: u8>;

macro_rules! quiet {
    ($($k:literal)*) => {$(
        /// Never selected: keeps error lists short (see the module docs).
        impl<Name> Decided<Name> for Quiet<$k> {}
        /// Never selected: keeps error lists short (see the module docs).
        impl<Ns> NeighbsToRules<Ns> for Quiet<$k> {}
        /// Never selected: keeps error lists short (see the module docs).
        impl<Before, After> Tally<Before, After> for Quiet<$k> {}
        /// Never selected: keeps error lists short (see the module docs).
        impl<A, Ns, Before, After> CellRules<A, Ns, Before, After> for Quiet<$k> {}
        /// Never selected: keeps error lists short (see the module docs).
        impl<C, After> Verify<C, After> for Quiet<$k> {}
        /// Never selected: keeps error lists short (see the module docs).
        impl<C, Before> VerifyBack<C, Before> for Quiet<$k> {}
    )*};
}

quiet!(0 1 2 3 4 5);
