//! Peano counts: `Z` and `S<N>`, and their conversions to and from `typenum`.
//!
//! Counts the solver must infer *backwards* (from a number to the mines around it, from a total to
//! the cells that hold it) are Peano numbers: unification can run `S<N>` in both directions, while
//! `typenum`'s operators are associated-type functions that only run forwards. Where a count
//! becomes a runtime value, [`Peano::Unsigned`] hands it to `typenum`.
//!
//! ```
//! use typesweeper::{S, Z, Peano, FromUnsigned};
//! use typenum::{U3, Unsigned};
//!
//! assert_eq!(<S<S<S<Z>>> as Peano>::USIZE, 3);
//! assert_eq!(<<S<S<Z>> as Peano>::Unsigned as Unsigned>::U8, 2);
//! let _three: <U3 as FromUnsigned>::Peano = S::<S<S<Z>>>::new();
//! ```

use core::marker::PhantomData;
use typenum::{Add1, Sub1, UInt, UTerm, Unsigned, B1};

/// Zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Z;

/// The successor of `N`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct S<N>(PhantomData<N>);

impl<N> S<N> {
    /// The (zero-sized) value of this count.
    pub const fn new() -> Self {
        S(PhantomData)
    }
}

// ---------------------------------------------------------------------------------------------
// Peano -> typenum
// ---------------------------------------------------------------------------------------------

/// A Peano count, with its `typenum` equivalent and its runtime value.
pub trait Peano {
    /// The same count as a `typenum` unsigned integer.
    type Unsigned: Unsigned;
    /// The count as a runtime value.
    const USIZE: usize = <Self::Unsigned as Unsigned>::USIZE;
}

/// `Z` is `U0`.
impl Peano for Z {
    type Unsigned = UTerm;
}

/// `S<N>` is `N + 1`.
impl<N: Peano> Peano for S<N>
where
    N::Unsigned: core::ops::Add<B1>,
    Add1<N::Unsigned>: Unsigned,
{
    type Unsigned = Add1<N::Unsigned>;
}

// ---------------------------------------------------------------------------------------------
// typenum -> Peano
// ---------------------------------------------------------------------------------------------

/// A `typenum` unsigned integer as a Peano count, for writing counts as `U3` instead of
/// `S<S<S<Z>>>`.
pub trait FromUnsigned {
    /// The Peano count.
    type Peano;
}

/// `U0` is `Z`.
impl FromUnsigned for UTerm {
    type Peano = Z;
}

/// A positive `U` is `S<U - 1>`.
impl<U, B> FromUnsigned for UInt<U, B>
where
    UInt<U, B>: core::ops::Sub<B1>,
    Sub1<UInt<U, B>>: FromUnsigned,
{
    type Peano = S<<Sub1<UInt<U, B>> as FromUnsigned>::Peano>;
}
