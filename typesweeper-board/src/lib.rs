//! The board text format and the cell vocabulary of typesweeper.
//!
//! This is the only thing the compile-time solver (the `solve!` macro) and the runtime mirror
//! share, with the two formats built on it: [`corpus`] files (boards, their answers and the
//! outcome expected) and [`solve_body`], a `solve!` call's body read as text. A board is written
//! as rows of whitespace-separated cells:
//!
//! * `?`: a cell the puzzle does not show,
//! * `x`: a mine,
//! * `0` to `8`: a safe cell showing how many of its (up to eight) neighbours are mines.
//!
//! In text files, blank lines and everything after a `#` are ignored, and a line may end in
//! `\n`, `\r\n` or a lone `\r` ([`lines`]). Messages quote the input with invisible characters
//! spelled out ([`Quoted`]). Rows and columns are counted
//! from 1 in every message meant for a person (`R1C1` is the top-left cell); code indexes cells
//! from 0 in row-major order.
//!
//! ```
//! use typesweeper_board::{Board, Cell};
//!
//! let board: Board = "2 ? 2\n? ? ?\n? ? 3".parse().unwrap();
//! assert_eq!((board.rows(), board.cols()), (3, 3));
//! assert_eq!(board.get(0, 0), Cell::Num(2));
//! assert_eq!(board.to_string(), "2 ? 2\n? ? ?\n? ? 3");
//!
//! let err = "2 ? 2\n? ? z".parse::<Board>().unwrap_err();
//! assert_eq!(err.to_string(), "line 2, column 5: unknown cell `z` (expected `?`, `x` or a number 0-8)");
//! ```

pub mod corpus;
pub mod solve_body;

use std::fmt::{self, Write as _};
use std::str::FromStr;

/// A cell's name as every message writes it: `R{row}C{col}`, rows and columns counted from 1.
/// The fields count from 0, as code does.
///
/// ```
/// use typesweeper_board::CellName;
/// assert_eq!(CellName { row: 0, col: 0 }.to_string(), "R1C1");
/// assert_eq!(CellName::of_index(31, 30).to_string(), "R2C2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellName {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
}

impl CellName {
    /// The name of row-major cell `i` on a board with `cols` columns.
    pub fn of_index(i: usize, cols: usize) -> CellName {
        CellName {
            row: i / cols,
            col: i % cols,
        }
    }
}

/// `R{row}C{col}`, from 1.
impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}C{}", self.row + 1, self.col + 1)
    }
}

/// The recursion limit `solve!` needs at `level: fragment` and `pairs` for a board: the
/// largest of its width plus 2, its height and the number of mines hidden under `?`, plus 10,
/// and at least 30. The macro holds every board to it (under a lower limit the build fails with rustc's
/// overflow, `E0275`, never with a cell the rules cannot decide), and the command writes it
/// into the files it generates. `typesweeper/docs/recursion-limit.md` has the measurements.
///
/// ```
/// use typesweeper_board::{recursion_limit_of, Board};
/// let (puzzle, answer): (Board, Board) = ("? 1".parse().unwrap(), "x 1".parse().unwrap());
/// assert_eq!(recursion_limit_of(&puzzle, &answer), 30);
/// ```
pub fn recursion_limit_of(puzzle: &Board, answer: &Board) -> usize {
    let hidden_mines = puzzle
        .cells()
        .iter()
        .zip(answer.cells())
        .filter(|&(&p, &a)| p == Cell::Unknown && a == Cell::Mine)
        .count();
    (hidden_mines.max(puzzle.cols() + 2).max(puzzle.rows()) + 10).max(30)
}

/// The lines of `text`, each without its line break. `\n`, `\r\n` and a lone `\r` (the line
/// break of old Mac files) all end a line; as with [`str::lines`], a break at the very end does
/// not start another line. Every parser of board text splits lines here.
///
/// ```
/// let lines: Vec<&str> = typesweeper_board::lines("1 x\r1 1\r\n\n? ?\r").collect();
/// assert_eq!(lines, ["1 x", "1 1", "", "? ?"]);
/// ```
pub fn lines(text: &str) -> impl Iterator<Item = &str> + Clone {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (line, next) = match rest.find(['\n', '\r']) {
            None => (rest, ""),
            Some(at) if rest[at..].starts_with("\r\n") => (&rest[..at], &rest[at + 2..]),
            Some(at) => (&rest[..at], &rest[at + 1..]),
        };
        rest = next;
        Some(line)
    })
}

/// Whether `c` would not show, or not show as itself, where a message quotes it: control
/// characters (`U+0000`, a tab), white space, format characters (a byte-order mark `U+FEFF`,
/// zero-width spaces and joiners, direction marks), variation selectors, tags and combining
/// marks (which draw on the character before them).
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{0300}'..='\u{036F}'
                | '\u{061C}'
                | '\u{115F}'..='\u{1160}'
                | '\u{17B4}'..='\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{1AB0}'..='\u{1AFF}'
                | '\u{1DC0}'..='\u{1DFF}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{20D0}'..='\u{20FF}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FE20}'..='\u{FE2F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// A piece of input as a message quotes it: each [invisible](is_invisible) character written
/// as `<U+XXXX>`, the rest as it is. Every message that quotes what the user wrote goes through
/// here, so a byte-order mark or a NUL byte pasted with a board shows.
///
/// ```
/// use typesweeper_board::Quoted;
/// assert_eq!(Quoted("\u{feff}2").to_string(), "<U+FEFF>2");
/// assert_eq!(Quoted("x\0").to_string(), "x<U+0000>");
/// assert_eq!(Quoted("é?").to_string(), "é?");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            if is_invisible(c) {
                write!(f, "<U+{:04X}>", u32::from(c))?;
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}

/// The longest row the compile-time solver takes: a solved row is read off its type into a
/// packed constant of this many cells, and `solve!` rejects a wider row where it is written.
pub const MAX_SOLVED_COLS: usize = 1024;

/// One cell of a board as the board format writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `?`: not shown.
    Unknown,
    /// `x`: a mine.
    Mine,
    /// `0`-`8`: a safe cell and the number of mines around it.
    Num(u8),
}

impl Cell {
    /// Reads one cell token: `?`, `x` (or `X`), or a single digit `0`-`8`.
    ///
    /// ```
    /// use typesweeper_board::Cell;
    /// assert_eq!(Cell::from_token("x"), Some(Cell::Mine));
    /// assert_eq!(Cell::from_token("9"), None);
    /// ```
    pub fn from_token(token: &str) -> Option<Cell> {
        match token {
            "?" => Some(Cell::Unknown),
            "x" | "X" => Some(Cell::Mine),
            _ => match token.as_bytes() {
                [d @ b'0'..=b'8'] => Some(Cell::Num(d - b'0')),
                _ => None,
            },
        }
    }

    /// The character the board format writes for this cell.
    pub fn to_char(self) -> char {
        match self {
            Cell::Unknown => '?',
            Cell::Mine => 'x',
            Cell::Num(n) => char::from(b'0' + n),
        }
    }

    /// Whether the cell is known (a mine or a number).
    pub fn is_known(self) -> bool {
        self != Cell::Unknown
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// The neighbours of cell `(row, col)` on a `rows` x `cols` board, as row-major indices, in
/// reading order (row above left to right, then left, right, then the row below).
///
/// ```
/// assert_eq!(typesweeper_board::neighbours(3, 3, 0, 0).collect::<Vec<_>>(), vec![1, 3, 4]);
/// assert_eq!(typesweeper_board::neighbours(3, 3, 1, 1).count(), 8);
/// ```
pub fn neighbours(
    rows: usize,
    cols: usize,
    row: usize,
    col: usize,
) -> impl Iterator<Item = usize> + Clone {
    let r0 = row.saturating_sub(1);
    let r1 = (row + 1).min(rows.saturating_sub(1));
    let c0 = col.saturating_sub(1);
    let c1 = (col + 1).min(cols.saturating_sub(1));
    (r0..=r1).flat_map(move |r| {
        (c0..=c1)
            .filter(move |&c| (r, c) != (row, col))
            .map(move |c| r * cols + c)
    })
}

/// A rectangular board of [`Cell`]s, stored row-major in one flat vector.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

impl Board {
    /// A board from its size and row-major cells.
    ///
    /// # Panics
    /// When `cells.len() != rows * cols`.
    pub fn new(rows: usize, cols: usize, cells: Vec<Cell>) -> Board {
        assert_eq!(
            cells.len(),
            rows * cols,
            "a {rows}x{cols} board needs {} cells",
            rows * cols
        );
        Board { rows, cols, cells }
    }

    /// A board from rows of cells; `None` when the rows have different lengths.
    pub fn from_rows(rows: Vec<Vec<Cell>>) -> Option<Board> {
        let cols = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|r| r.len() != cols) {
            return None;
        }
        let n = rows.len();
        Some(Board::new(n, cols, rows.into_iter().flatten().collect()))
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell at `(row, col)`, counted from 0.
    pub fn get(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.cols + col]
    }

    /// Sets the cell at row-major index `i`.
    pub fn set(&mut self, i: usize, cell: Cell) {
        self.cells[i] = cell;
    }

    /// The neighbours of row-major cell `i`.
    pub fn neighbours_of(&self, i: usize) -> impl Iterator<Item = usize> + Clone {
        neighbours(
            self.rows,
            self.cols,
            i / self.cols.max(1),
            i % self.cols.max(1),
        )
    }

    /// How many cells are mines.
    pub fn mine_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::Mine).count()
    }

    /// Checks that this board is a complete, consistent answer: no `?`, and every number equals
    /// the count of mines around it. The error names the first offending cell.
    pub fn check_answer(&self) -> Result<(), CellError> {
        for (i, &cell) in self.cells.iter().enumerate() {
            match cell {
                Cell::Unknown => {
                    return Err(self.cell_error(i, "an answer cannot contain `?`".into()));
                }
                Cell::Num(n) => {
                    let mines = self
                        .neighbours_of(i)
                        .filter(|&j| self.cells[j] == Cell::Mine)
                        .count();
                    if usize::from(n) != mines {
                        return Err(self.cell_error(
                            i,
                            match mines {
                                1 => format!("the answer says {n} but 1 neighbour is a mine"),
                                _ => {
                                    format!("the answer says {n} but {mines} neighbours are mines")
                                }
                            },
                        ));
                    }
                }
                Cell::Mine => {}
            }
        }
        Ok(())
    }

    /// Checks that `answer` has this board's shape and agrees with every cell this board shows.
    pub fn check_puzzle_of(&self, answer: &Board) -> Result<(), ShapeOrCellError> {
        if (self.rows, self.cols) != (answer.rows, answer.cols) {
            return Err(ShapeOrCellError::Shape {
                puzzle: (self.rows, self.cols),
                answer: (answer.rows, answer.cols),
            });
        }
        for (i, (&p, &a)) in self.cells.iter().zip(&answer.cells).enumerate() {
            if p.is_known() && p != a {
                return Err(ShapeOrCellError::Cell(self.cell_error(
                    i,
                    format!("the puzzle shows `{p}` but the answer has `{a}`"),
                )));
            }
        }
        Ok(())
    }

    fn cell_error(&self, i: usize, message: String) -> CellError {
        CellError {
            row: i / self.cols,
            col: i % self.cols,
            message,
        }
    }
}

/// A problem with one cell of a board (row and column counted from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellError {
    /// Row of the cell, from 0.
    pub row: usize,
    /// Column of the cell, from 0.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = CellName {
            row: self.row,
            col: self.col,
        };
        write!(f, "{name}: {}", self.message)
    }
}

impl std::error::Error for CellError {}

/// Why a puzzle does not fit an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeOrCellError {
    /// The two boards have different sizes (`(rows, cols)` each).
    Shape {
        /// Size of the puzzle.
        puzzle: (usize, usize),
        /// Size of the answer.
        answer: (usize, usize),
    },
    /// A cell the puzzle shows differs from the answer.
    Cell(CellError),
}

impl fmt::Display for ShapeOrCellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeOrCellError::Shape { puzzle, answer } => write!(
                f,
                "the puzzle is {}x{} but the answer is {}x{}",
                puzzle.0, puzzle.1, answer.0, answer.1
            ),
            ShapeOrCellError::Cell(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ShapeOrCellError {}

/// Writes a `rows` x `cols` grid in the board format: each cell's character (from `cell(row,
/// col)`, counted from 0) joined by one space, rows by `\n`, no trailing newline. Every board the
/// project prints (puzzles, answers, solver results, solved types) goes through here.
///
/// ```
/// struct Diagonal;
/// impl std::fmt::Display for Diagonal {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         typesweeper_board::write_grid(f, 2, 2, |r, c| if r == c { 'x' } else { '1' })
///     }
/// }
/// assert_eq!(Diagonal.to_string(), "x 1\n1 x");
/// ```
pub fn write_grid(
    f: &mut impl fmt::Write,
    rows: usize,
    cols: usize,
    cell: impl Fn(usize, usize) -> char,
) -> fmt::Result {
    for r in 0..rows {
        if r > 0 {
            f.write_char('\n')?;
        }
        for c in 0..cols {
            if c > 0 {
                f.write_char(' ')?;
            }
            f.write_char(cell(r, c))?;
        }
    }
    Ok(())
}

impl fmt::Display for Board {
    /// Cells joined by one space, rows by `\n`, no trailing newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, self.rows, self.cols, |r, c| self.get(r, c).to_char())
    }
}

/// A parse error in board text, with the 1-based line and column where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Line, from 1.
    pub line: usize,
    /// Column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// Parses board text. Blank lines and `#` comments are ignored; every other line is a row.
/// An input with no rows is an error.
impl FromStr for Board {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Board, ParseError> {
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        let mut first_row_line = 0;
        for (ln, line) in lines(text).enumerate() {
            let content = line.split('#').next().unwrap_or("");
            let mut row = Vec::new();
            for (col, token) in tokens(content) {
                let cell = Cell::from_token(token).ok_or_else(|| ParseError {
                    line: ln + 1,
                    column: col + 1,
                    message: format!(
                        "unknown cell `{}` (expected `?`, `x` or a number 0-8)",
                        Quoted(token)
                    ),
                })?;
                row.push(cell);
            }
            if row.is_empty() {
                continue;
            }
            if let Some(first) = rows.first() {
                if first.len() != row.len() {
                    return Err(ParseError {
                        line: ln + 1,
                        column: 1,
                        message: format!(
                            "this row has {} but the first row (line {first_row_line}) has {}",
                            match row.len() {
                                1 => "1 cell".to_string(),
                                n => format!("{n} cells"),
                            },
                            first.len()
                        ),
                    });
                }
            } else {
                first_row_line = ln + 1;
            }
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(ParseError {
                line: lines(text).count().max(1),
                column: 1,
                message: "the board is empty (no rows)".into(),
            });
        }
        Ok(Board::from_rows(rows).expect("rows were checked to have one length"))
    }
}

/// Whitespace-separated tokens with their 0-based character column.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (char column, byte offset)
    for (col, (byte, ch)) in line.char_indices().enumerate() {
        let sep = ch.is_whitespace() || ch == ',';
        match (sep, start) {
            (true, Some((c0, b0))) => {
                out.push((c0, &line[b0..byte]));
                start = None;
            }
            (false, None) => start = Some((col, byte)),
            _ => {}
        }
    }
    if let Some((c0, b0)) = start {
        out.push((c0, &line[b0..]));
    }
    out.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_comments_blank_lines_and_commas() {
        let b: Board = "# a board\n\n1, x  # mine\n1 1\n".parse().unwrap();
        assert_eq!(b.to_string(), "1 x\n1 1");
        assert_eq!(b.mine_count(), 1);
    }

    #[test]
    fn ragged_rows_name_the_line() {
        let e = "1 x\n\n1 1 1".parse::<Board>().unwrap_err();
        assert_eq!((e.line, e.column), (3, 1));
        assert!(e.message.contains("has 3 cells"), "{e}");
        let e = "1 x\n1".parse::<Board>().unwrap_err();
        assert_eq!(
            e.message,
            "this row has 1 cell but the first row (line 1) has 2"
        );
    }

    #[test]
    fn empty_text_is_an_error() {
        let e = "# nothing\n".parse::<Board>().unwrap_err();
        assert!(e.message.contains("empty"));
    }

    #[test]
    fn columns_count_characters() {
        let e = "? ?  9".parse::<Board>().unwrap_err();
        assert_eq!((e.line, e.column), (1, 6));
    }

    #[test]
    fn answer_checks_name_the_cell() {
        let a: Board = "1 x\n1 2".parse().unwrap();
        let e = a.check_answer().unwrap_err();
        assert_eq!((e.row, e.col), (1, 1));
        assert_eq!(
            e.to_string(),
            "R2C2: the answer says 2 but 1 neighbour is a mine"
        );
        let p: Board = "? x\n? 2".parse().unwrap();
        let good: Board = "1 x\n1 1".parse().unwrap();
        assert!(good.check_answer().is_ok());
        assert!(matches!(
            p.check_puzzle_of(&good),
            Err(ShapeOrCellError::Cell(_))
        ));
        let small: Board = "1".parse().unwrap();
        assert!(matches!(
            p.check_puzzle_of(&small),
            Err(ShapeOrCellError::Shape { .. })
        ));
    }

    #[test]
    fn every_line_break_ends_a_row() {
        for text in ["1 x\n1 1\n", "1 x\r\n1 1\r\n", "1 x\r1 1\r", "1 x\r\r1 1"] {
            let b: Board = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(b.to_string(), "1 x\n1 1", "{text:?}");
        }
        let e = "? ?\r? ? ?".parse::<Board>().unwrap_err();
        assert_eq!((e.line, e.column), (2, 1), "{e}");
        assert_eq!(lines("").count(), 0);
        assert_eq!(lines("\r").collect::<Vec<_>>(), [""]);
        assert_eq!(lines("a\r\r\nb\n").collect::<Vec<_>>(), ["a", "", "b"]);
    }

    #[test]
    fn invisible_characters_are_quoted_by_code_point() {
        let e = "\u{feff}2 ?".parse::<Board>().unwrap_err();
        assert_eq!(
            e.message,
            "unknown cell `<U+FEFF>2` (expected `?`, `x` or a number 0-8)"
        );
        let e = "? 1\0".parse::<Board>().unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        assert!(e.message.starts_with("unknown cell `1<U+0000>`"), "{e}");
        assert_eq!(Quoted("1\u{200b}").to_string(), "1<U+200B>");
        assert_eq!(Quoted("2\u{301}").to_string(), "2<U+0301>");
        assert_eq!(Quoted("\u{1b}[31m").to_string(), "<U+001B>[31m");
        assert_eq!(Quoted("×•■").to_string(), "×•■");
    }

    #[test]
    fn neighbours_at_edges() {
        assert_eq!(neighbours(1, 1, 0, 0).count(), 0);
        assert_eq!(neighbours(1, 3, 0, 1).collect::<Vec<_>>(), vec![0, 2]);
        assert_eq!(neighbours(3, 3, 2, 2).collect::<Vec<_>>(), vec![4, 5, 7]);
    }
}
