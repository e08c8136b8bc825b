//! The line order of `level: complete`'s whole-board sweep: the positions it steps through and
//! which window slots each position's mine takes one from. The macro writes its sweep with it,
//! and [`search_cost`](crate::search_cost) counts that sweep's states with it, so both walk
//! the same board the same way.
//!
//! ```
//! use typesweeper_board::sweep_lines::SweepLines;
//!
//! // A board wider than tall is swept column by column.
//! let lines = SweepLines::of(2, 3);
//! assert_eq!((lines.width, lines.lines), (2, 3));
//! assert_eq!(lines.index, vec![0, 3, 1, 4, 2, 5]);
//! // Position 0 (the top-left cell): its neighbour along the line, slot W + 2, and the next
//! // line's two, slots 2W + 1 and 2W + 2.
//! assert_eq!(lines.shape(0), vec![4, 5, 6]);
//! ```

/// The board's positions in sweep order: lines of the shorter side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepLines {
    /// Cells per line (`W`).
    pub width: usize,
    /// Number of lines.
    pub lines: usize,
    /// Board index (row-major) of each sweep position.
    pub index: Vec<usize>,
}

impl SweepLines {
    /// The sweep of a `rows` x `cols` board: row by row, or column by column when the board is
    /// wider than tall.
    pub fn of(rows: usize, cols: usize) -> SweepLines {
        if cols <= rows {
            SweepLines {
                width: cols,
                lines: rows,
                index: (0..rows * cols).collect(),
            }
        } else {
            // Column by column: position `p` is row `p % rows` of column `p / rows`.
            SweepLines {
                width: rows,
                lines: cols,
                index: (0..rows * cols)
                    .map(|p| (p % rows) * cols + p / rows)
                    .collect(),
            }
        }
    }

    /// The window slots a mine at position `p` takes one from. Window slot `i` (from 0) before
    /// step `p` is position `p - W - 1 + i`; slot `2W + 2` is the one the step opens, position
    /// `p + W + 1`.
    pub fn shape(&self, p: usize) -> Vec<usize> {
        let w = self.width;
        let (line, k) = (p / w, p % w);
        let (left, right) = (k > 0, k + 1 < w);
        let (up, down) = (line > 0, line + 1 < self.lines);
        [
            (up && left, 0),
            (up, 1),
            (up && right, 2),
            (left, w),
            (right, w + 2),
            (down && left, 2 * w),
            (down, 2 * w + 1),
            (down && right, 2 * w + 2),
        ]
        .into_iter()
        .filter(|&(on, _)| on)
        .map(|(_, slot)| slot)
        .collect()
    }
}
