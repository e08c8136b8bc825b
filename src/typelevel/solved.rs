//! [`Solved`]: the type `solve!`'s generated function returns, which holds the derived cells,
//! and [`CellRows`]: the value `solve!` returns, those cells as a constant read off the type.

use super::cell::CellType;
use core::fmt;
use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use typesweeper_board::{Board, Cell};

/// A board whose every cell rustc has derived: `Rows` is an HList of rows, each an HList of
/// [`Mine`](crate::Mine) and [`Num<N>`](crate::Num) types.
///
/// It is zero-sized; [`Solved::CELLS`] reads the cells off the type at compile time (this is
/// how [`solve!`](crate::solve) computes the [`CellRows`] it returns) and `Display` prints them
/// (cells joined by one space, rows by `\n`, no trailing newline).
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

    /// The cells, computed at compile time from the type; usable in constants (`solve!` ends
    /// with this call on its generated function's result):
    ///
    /// ```
    /// use typesweeper::{HList, Mine, Num, Solved, Z};
    /// const ROW: typesweeper::CellRows = Solved::<HList![HList![Mine, Num<Z>]]>::new().cells();
    /// assert_eq!(ROW.get(0, 1), Some(typesweeper::board::Cell::Num(0)));
    /// assert_eq!(ROW.mines(), 1);
    /// ```
    pub const fn cells(&self) -> CellRows {
        Rows::ROWS
    }

    /// The cells as a runtime [`Board`].
    pub fn to_board(&self) -> Board {
        Self::CELLS.to_board()
    }
}

impl<Rows: BoardRows> fmt::Display for Solved<Rows> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Self::CELLS, f)
    }
}

impl<Rows: BoardRows> fmt::Debug for Solved<Rows> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solved(\n{self}\n)")
    }
}

// ---------------------------------------------------------------------------------------------
// The cells as constants
// ---------------------------------------------------------------------------------------------

/// One row of cells, read off a row type at compile time.
///
/// A plain value (the cells packed two to a byte), not a linked list of references: a list
/// would give every cell of a solved board its own static, and rustc spent seconds emitting the
/// statics of a 64x64 board.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CellRow {
    len: usize,
    /// Cell codes (0-8 a number, 9 a mine), two per byte, last cell first: each row type adds
    /// its head cell at the end without moving the others.
    packed: [u8; CellRow::CAPACITY / 2],
}

/// The rows of a board as a constant linked list: what [`solve!`](crate::solve) returns.
///
/// `Display` prints the board as board text (cells joined by one space, rows by `\n`, no
/// trailing newline); `Debug` prints the rows as lists of cells.
///
/// ```
/// const BOARD: typesweeper::CellRows = typesweeper::solve! {
///     puzzle: [[? 1] [1 1]]
///     answer: [[x 1] [1 1]]
/// };
/// assert_eq!(BOARD.to_string(), "x 1\n1 1");
/// assert_eq!(BOARD.get(0, 0), Some(typesweeper::board::Cell::Mine));
/// assert_eq!(BOARD.to_board().mine_count(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum CellRows {
    /// The end of the board.
    End,
    /// A row and the rows below it.
    Row(&'static CellRow, &'static CellRows),
}

impl CellRow {
    /// The longest row a solved board can have (`solve!` rejects longer ones).
    pub const CAPACITY: usize = typesweeper_board::MAX_SOLVED_COLS;

    /// A row with no cells.
    pub const EMPTY: CellRow = CellRow {
        len: 0,
        packed: [0; CellRow::CAPACITY / 2],
    };

    /// `cell` followed by the cells of `self`.
    ///
    /// # Panics
    ///
    /// If the row would be longer than [`CellRow::CAPACITY`] (at compile time, when a row type
    /// is read).
    pub const fn prepend(self, cell: Cell) -> CellRow {
        assert!(
            self.len < CellRow::CAPACITY,
            "a solved row can hold at most 1024 cells"
        );
        let code = match cell {
            Cell::Mine => 9,
            Cell::Num(n) => n,
            Cell::Unknown => panic!("a solved row holds only decided cells"),
        };
        let mut packed = self.packed;
        let (byte, shift) = (self.len / 2, (self.len % 2) * 4);
        packed[byte] |= code << shift;
        CellRow {
            len: self.len + 1,
            packed,
        }
    }

    /// The cell in column `col` (from 0), if the row is that long.
    pub const fn get(&self, col: usize) -> Option<Cell> {
        if col >= self.len {
            return None;
        }
        let at = self.len - 1 - col;
        let code = (self.packed[at / 2] >> ((at % 2) * 4)) & 0xf;
        Some(if code == 9 {
            Cell::Mine
        } else {
            Cell::Num(code)
        })
    }

    /// Number of cells.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether the row has no cells.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cells, left to right.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.len).filter_map(|col| self.get(col))
    }

    /// How many cells are mines.
    pub const fn mines(&self) -> usize {
        let mut count = 0;
        let mut col = 0;
        while col < self.len {
            if matches!(self.get(col), Some(Cell::Mine)) {
                count += 1;
            }
            col += 1;
        }
        count
    }
}

impl fmt::Debug for CellRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
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
            CellRows::Row(r, rest) => r.mines() + rest.mines(),
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

    /// The cells as a runtime [`Board`].
    pub fn to_board(&self) -> Board {
        let rows = self.iter().map(|row| row.iter().collect()).collect();
        Board::from_rows(rows).expect("every row of a solved board has the same length")
    }
}

impl fmt::Display for CellRows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<&CellRow> = self.iter().collect();
        let cols = rows.first().map_or(0, |row| row.len());
        typesweeper_board::write_grid(f, rows.len(), cols, |r, c| {
            rows[r].get(c).map_or('?', Cell::to_char)
        })
    }
}

impl fmt::Debug for CellRows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

// ---------------------------------------------------------------------------------------------
// Reading rows off the types
// ---------------------------------------------------------------------------------------------

/// An HList of decided cells, read as a constant row.
pub trait RowCells {
    /// The row.
    const ROW: CellRow;
}

/// An empty row.
impl RowCells for HNil {
    const ROW: CellRow = CellRow::EMPTY;
}

/// A cell before the rest of the row.
impl<H: CellType, T: RowCells> RowCells for HCons<H, T> {
    const ROW: CellRow = T::ROW.prepend(H::CELL);
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
