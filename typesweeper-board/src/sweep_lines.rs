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

/// How many stages `level: complete` releases its probes in ([`SweepLines::probe_order`]). A
/// stage waits until rustc has done what the probes before it and the local rules can, so a
/// probe whose cell they decide never searches. Two to sixteen stages are measured in
/// docs/compile-time.md ("The probes are released in stages"); eight did best over the boards
/// measured.
pub const PROBE_STAGES: usize = 8;

/// Whether the probe of the cell at sweep position `p` (of `n`) runs the forward sweep rather
/// than the backward one: the sweep in which its cell comes earlier, so that its own share of
/// the search, the states before its cell's step, is the shorter (the middle of an even-length
/// sweep goes backward). `solve!` writes each probe so, and [`search_cost`](crate::search_cost)
/// charges it so.
///
/// ```
/// use typesweeper_board::sweep_lines::probe_runs_forward;
///
/// assert!(probe_runs_forward(1, 4));
/// assert!(!probe_runs_forward(2, 4));
/// ```
pub fn probe_runs_forward(p: usize, n: usize) -> bool {
    2 * p < n
}

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

    /// Each board cell's position in the sweep (the inverse of [`SweepLines::index`]).
    pub fn positions(&self) -> Vec<usize> {
        let mut position = vec![0; self.index.len()];
        for (p, &i) in self.index.iter().enumerate() {
            position[i] = p;
        }
        position
    }

    /// The probes of `unknown` (board indices, in reading order) in the order `level: complete`
    /// writes them, with the stage each is released in: the cells nearest either end of the
    /// sweep first (their own share of the search is the shortest; ties in reading order),
    /// split into [`PROBE_STAGES`] stages of as equal a size as can be.
    ///
    /// ```
    /// use typesweeper_board::sweep_lines::SweepLines;
    ///
    /// // A 1x4 board: the ends first, then the middle.
    /// let order = SweepLines::of(1, 4).probe_order(&[0, 1, 2, 3]);
    /// assert_eq!(order.iter().map(|&(i, _)| i).collect::<Vec<_>>(), vec![0, 3, 1, 2]);
    /// assert_eq!(order.iter().map(|&(_, s)| s).collect::<Vec<_>>(), vec![0, 2, 4, 6]);
    /// ```
    pub fn probe_order(&self, unknown: &[usize]) -> Vec<(usize, usize)> {
        let n = self.index.len();
        let position = self.positions();
        let mut probes = unknown.to_vec();
        probes.sort_by_key(|&i| position[i].min(n - 1 - position[i]));
        let len = probes.len();
        probes
            .into_iter()
            .enumerate()
            .map(|(k, i)| (i, k * PROBE_STAGES / len))
            .collect()
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
