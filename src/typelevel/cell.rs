//! The cells: [`Mine`] and [`Num<N>`]. An unknown cell is an inference variable.

use super::peano::Peano;
use core::marker::PhantomData;
use typesweeper_board::Cell;

/// A mine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mine;

/// A safe cell with `N` (a Peano count) mines among its neighbours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Num<N>(PhantomData<N>);

/// A decided cell type, as a runtime [`Cell`].
///
/// ```
/// use typesweeper::{CellType, Mine, Num, S, Z};
/// use typesweeper::board::Cell;
/// assert_eq!(<Num<S<S<Z>>> as CellType>::CELL, Cell::Num(2));
/// assert_eq!(<Mine as CellType>::CELL, Cell::Mine);
/// ```
pub trait CellType {
    /// The cell's runtime value.
    const CELL: Cell;
}

/// `Mine` renders as `x`.
impl CellType for Mine {
    const CELL: Cell = Cell::Mine;
}

/// `Num<N>` renders as the digit `N`.
impl<N: Peano> CellType for Num<N> {
    const CELL: Cell = Cell::Num(N::USIZE as u8);
}
