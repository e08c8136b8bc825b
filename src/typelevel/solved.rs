//! [`Solved`]: the value `solve!` returns. Its type holds the derived cells; its cells are
//! constants computed from that type.

use super::cell::CellType;
use core::fmt;
use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use typesweeper_board::{Board, Cell};

/// A board whose every cell rustc has derived: `Rows` is an HList of rows, each an HList of
/// [`Mine`](crate::Mine) and [`Num<N>`](crate::Num) types.
///
/// It is zero-sized; [`Solved::CELLS`] reads the cells off the type at compile time and
/// `Display` prints them (cells joined by one space, rows by `\n`, no trailing newline).
///
/// ```
/// use typesweeper::{Solved, Mine, Num, S, Z, HList};
/// type One = Num<S<Z>>;
/// let board: Solved<HList![HList![Mine, One]]> = Solved::new();
/// assert_eq!(board.to_string(), "x 1");
/// const SECOND: Option<typesweeper::board::Cell> = Solved::<HList![HList![Mine, One]]>::CELLS.get(0, 1);
/// assert_eq!(SECOND, Some(typesweeper::board::Cell::Num(1)));
/// ```
pub struct Solved<Rows>(PhantomData<Rows>);

impl<Rows> Solved<Rows> {
    /// The (zero-sized) value.
    pub const fn new() -> Self {
        Solved(PhantomData)
    }
}

impl<Rows> Default for Solved<Rows> {
    fn default() -> Self {
        Solved::new()
    }
}

impl<Rows> Clone for Solved<Rows> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<Rows> Copy for Solved<Rows> {}

impl<Rows: BoardRows> Solved<Rows> {
    /// The cells, computed at compile time from the type.
    pub const CELLS: CellRows = Rows::ROWS;

    /// The cells, computed at compile time from the type; usable in constants:
    ///
    /// ```
    /// const GAME3: typesweeper::CellRows = typesweeper::solve! {
    ///     puzzle: [[? 1]]
    ///     answer: [[x 1]]
    /// }
    /// .cells();
    /// assert_eq!(GAME3.get(0, 0), Some(typesweeper::board::Cell::Mine));
    /// assert_eq!(GAME3.mines(), 1);
    /// ```
    pub const fn cells(&self) -> CellRows {
        Rows::ROWS
    }

    /// The cells as a runtime [`Board`].
    pub fn to_board(&self) -> Board {
        let rows = Self::CELLS.iter().map(|row| row.iter().collect()).collect();
        Board::from_rows(rows).expect("every row of a solved board has the same length")
    }
}

impl<Rows: BoardRows> fmt::Display for Solved<Rows> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<Vec<Cell>> = Self::CELLS.iter().map(|row| row.iter().collect()).collect();
        let cols = rows.first().map_or(0, Vec::len);
        typesweeper_board::write_grid(f, rows.len(), cols, |r, c| rows[r][c].to_char())
    }
}

impl<Rows: BoardRows> fmt::Debug for Solved<Rows> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solved(\n{self}\n)")
    }
}

// ---------------------------------------------------------------------------------------------
// Constant lists read off the types
// ---------------------------------------------------------------------------------------------

/// One row of cells as a constant linked list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellRow {
    /// The end of the row.
    End,
    /// A cell and the rest of the row.
    Cell(Cell, &'static CellRow),
}

/// The rows of a board as a constant linked list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellRows {
    /// The end of the board.
    End,
    /// A row and the rows below it.
    Row(&'static CellRow, &'static CellRows),
}

impl CellRow {
    /// The cell in column `col` (from 0), if the row is that long.
    pub const fn get(&self, col: usize) -> Option<Cell> {
        match (self, col) {
            (CellRow::End, _) => None,
            (CellRow::Cell(c, _), 0) => Some(*c),
            (CellRow::Cell(_, rest), _) => rest.get(col - 1),
        }
    }

    /// Number of cells.
    pub const fn len(&self) -> usize {
        match self {
            CellRow::End => 0,
            CellRow::Cell(_, rest) => 1 + rest.len(),
        }
    }

    /// Whether the row has no cells.
    pub const fn is_empty(&self) -> bool {
        matches!(self, CellRow::End)
    }

    /// The cells, left to right.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        let mut at = self;
        core::iter::from_fn(move || match at {
            CellRow::End => None,
            CellRow::Cell(c, rest) => {
                at = rest;
                Some(*c)
            }
        })
    }
}

impl CellRows {
    /// The cell at `(row, col)` (from 0), if the board has it.
    pub const fn get(&self, row: usize, col: usize) -> Option<Cell> {
        match (self, row) {
            (CellRows::End, _) => None,
            (CellRows::Row(r, _), 0) => r.get(col),
            (CellRows::Row(_, rest), _) => rest.get(row - 1, col),
        }
    }

    /// Number of rows.
    pub const fn len(&self) -> usize {
        match self {
            CellRows::End => 0,
            CellRows::Row(_, rest) => 1 + rest.len(),
        }
    }

    /// Whether the board has no rows.
    pub const fn is_empty(&self) -> bool {
        matches!(self, CellRows::End)
    }

    /// How many cells are mines.
    pub const fn mines(&self) -> usize {
        match self {
            CellRows::End => 0,
            CellRows::Row(r, rest) => row_mines(r) + rest.mines(),
        }
    }

    /// The rows, top to bottom.
    pub fn iter(&self) -> impl Iterator<Item = &'static CellRow> + '_ {
        let mut at = self;
        core::iter::from_fn(move || match at {
            CellRows::End => None,
            CellRows::Row(r, rest) => {
                at = rest;
                Some(*r)
            }
        })
    }
}

const fn row_mines(row: &CellRow) -> usize {
    match row {
        CellRow::End => 0,
        CellRow::Cell(c, rest) => matches!(c, Cell::Mine) as usize + row_mines(rest),
    }
}

/// An HList of decided cells, read as a constant row.
pub trait RowCells {
    /// The row.
    const ROW: CellRow;
}

/// An empty row.
impl RowCells for HNil {
    const ROW: CellRow = CellRow::End;
}

/// A cell before the rest of the row.
impl<H: CellType, T: RowCells> RowCells for HCons<H, T> {
    const ROW: CellRow = CellRow::Cell(H::CELL, &T::ROW);
}

/// An HList of rows, read as constant rows.
pub trait BoardRows {
    /// The rows.
    const ROWS: CellRows;
}

/// No more rows.
impl BoardRows for HNil {
    const ROWS: CellRows = CellRows::End;
}

/// A row above the rest of the board.
impl<H: RowCells, T: BoardRows> BoardRows for HCons<H, T> {
    const ROWS: CellRows = CellRows::Row(&H::ROW, &T::ROWS);
}
