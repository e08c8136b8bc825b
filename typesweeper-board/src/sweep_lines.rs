//! The line order of `level: complete`'s whole-board sweep: the positions it steps through and
//! which window slots each position's mine takes one from. The macro writes its sweep with it,
//! and [`search_cost`](crate::search_cost) counts that sweep's states with it, so both walk
//! the same board the same way.
//!
//! Between two lines the sweep has a *padding* position: a cell known to be safe whose counter
//! is free (it takes any number of mines and still closes), as are the counters above the
//! first line and below the last. So every position has all eight neighbours, a mine takes one
//! from the same window slots wherever it is, and `solve!` writes every step of four positions
//! with the same struct and its impls, instead of a struct for each run of edges and corners.
//!
//! ```
//! use typesweeper_board::sweep_lines::SweepLines;
//!
//! // A board wider than tall is swept column by column, with padding between the columns.
//! let lines = SweepLines::of(2, 3);
//! assert_eq!((lines.width, lines.lines, lines.stride()), (2, 3, 3));
//! assert_eq!(
//!     lines.index,
//!     vec![Some(0), Some(3), None, Some(1), Some(4), None, Some(2), Some(5)]
//! );
//! // Any position's mine: the three neighbours of the line before (window slots 0, 1, 2),
//! // the two beside it (3 + 0 and 3 + 2), and the three of the next line.
//! assert_eq!(lines.shape(), [0, 1, 2, 3, 5, 6, 7, 8]);
//! ```

use crate::Cell;

/// How many stages `level: complete` releases its probes in ([`SweepLines::probe_order`]). A
/// stage waits until rustc has done what the probes before it and the local rules can, so a
/// probe whose cell they decide never searches. Two to sixteen stages are measured in
/// docs/compile-time.md ("The probes are released in stages"); eight did best over the boards
/// measured.
pub const PROBE_STAGES: usize = 8;

/// How many stages without the mine total `level: complete` releases before the first stage
/// with it: each stage with the total comes right after the stage `TOTAL_LAG` later without it
/// (docs/compile-time.md, "Searching without the total first").
pub const TOTAL_LAG: usize = 3;

/// The release (the index of its trigger, `0 .. 2 * PROBE_STAGES`) of the probes of `stage`
/// with the total or without it: the stages without it in order, and each stage with it right
/// after the stage [`TOTAL_LAG`] later without it (without 0, 1, 2, 3, with 0, without 4, with
/// 1, ..., without 7, with 3, with 4, ..., with 7).
///
/// ```
/// use typesweeper_board::sweep_lines::release;
/// assert_eq!((release(3, false), release(0, true), release(4, false)), (3, 4, 5));
/// assert_eq!((release(3, true), release(7, false), release(7, true)), (10, 11, 15));
/// ```
pub fn release(stage: usize, with_total: bool) -> usize {
    if with_total {
        (stage + TOTAL_LAG + 1).min(PROBE_STAGES) + stage
    } else {
        stage + stage.saturating_sub(TOTAL_LAG)
    }
}

/// Whether the probe of the cell at sweep position `p` (of `n`) runs the forward sweep rather
/// than the backward one under [`ProbeDirections::Nearer`]: the sweep in which its cell comes
/// earlier, so that its own share of the search, the states before its cell's step, is the
/// shorter (the middle of an even-length sweep goes backward).
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

/// The least share of a board's cells, in per cent, that must be shown numbers for
/// `level: complete` to run every probe from the shown side ([`ProbeDirections::One`]).
/// Measured in docs/compile-time.md ("Every probe from the shown side"): below it, on boards
/// opened by a few cells, one direction makes the searches of the cells nothing decides up to
/// twice as long.
pub const ONE_DIRECTION_MIN_SHOWN_PERCENT: usize = 10;

/// The most cells a board may have for `level: complete` to run every probe from the shown side
/// ([`ProbeDirections::One`]). On 16x16 boards it was much faster on most boards measured, but
/// on one (corpus 600101, refused by the work model) it took nine minutes and 3.1 GB where the
/// probes from the nearer end take 22 s: the work model, which does not count the probes
/// without the total, does not see that, so the limits could not be trusted past the sizes
/// measured board by board (docs/compile-time.md, "Every probe from the shown side").
pub const ONE_DIRECTION_MAX_CELLS: usize = 100;

/// Which sweep each probe of `level: complete` runs. `solve!` writes each probe so, and
/// [`search_cost`](crate::search_cost) charges it so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeDirections {
    /// Each probe the sweep in which its cell comes earlier ([`probe_runs_forward`]): its
    /// own share of the search is at most half the sweep.
    Nearer,
    /// Every probe the same sweep (the forward one when `forward`): the one that starts on the
    /// side of the board the shown numbers are on. The probes share one sweep's cached states,
    /// and the cells where the board opens first come first in it, so a change there leaves
    /// most of the sweep's states cached; the cells far from the numbers come last, and are
    /// mostly decided before their probes are released.
    One {
        /// Whether the sweep is the forward one.
        forward: bool,
    },
}

impl ProbeDirections {
    /// Whether the probe of the cell at sweep position `p` (of `n`) runs the forward sweep.
    ///
    /// ```
    /// use typesweeper_board::sweep_lines::ProbeDirections;
    ///
    /// assert!(!ProbeDirections::Nearer.forward(3, 4));
    /// assert!(ProbeDirections::One { forward: true }.forward(3, 4));
    /// ```
    pub fn forward(self, p: usize, n: usize) -> bool {
        match self {
            ProbeDirections::Nearer => probe_runs_forward(p, n),
            ProbeDirections::One { forward } => forward,
        }
    }

    /// The probe's own share of the search: how many positions its sweep steps through before
    /// its cell at position `p` (of `n`).
    pub fn own_share(self, p: usize, n: usize) -> usize {
        if self.forward(p, n) {
            p
        } else {
            n - 1 - p
        }
    }

    /// Whether a probe may run the forward sweep (`forward`) or the backward one: under
    /// [`ProbeDirections::Nearer`], both.
    pub fn uses(self, forward: bool) -> bool {
        match self {
            ProbeDirections::Nearer => true,
            ProbeDirections::One { forward: f } => f == forward,
        }
    }
}

/// The board's positions in sweep order: lines of the shorter side, a padding position between
/// two lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepLines {
    /// Cells per line (`W`).
    pub width: usize,
    /// Number of lines.
    pub lines: usize,
    /// Board index (row-major) of each sweep position, `None` for the padding between two
    /// lines.
    pub index: Vec<Option<usize>>,
}

impl SweepLines {
    /// The sweep of a `rows` x `cols` board: row by row, or column by column when the board is
    /// wider than tall.
    pub fn of(rows: usize, cols: usize) -> SweepLines {
        let by_rows = cols <= rows;
        let (width, lines) = if by_rows { (cols, rows) } else { (rows, cols) };
        // Cell `k` of line `l`, as a board index.
        let cell = |l: usize, k: usize| if by_rows { l * cols + k } else { k * cols + l };
        let mut index = Vec::with_capacity(lines * (width + 1));
        for l in 0..lines {
            if l > 0 {
                index.push(None);
            }
            index.extend((0..width).map(|k| Some(cell(l, k))));
        }
        SweepLines {
            width,
            lines,
            index,
        }
    }

    /// Positions per line, the padding included (`W + 1`): the distance from a position to
    /// the one beside it on the next line.
    pub fn stride(&self) -> usize {
        self.width + 1
    }

    /// The position in the forward sweep of position `p` of the sweep in line order
    /// (`backward` false) or of the backward sweep, the board turned half a turn (`backward`
    /// true). Positions before the start and past the end are off the board.
    ///
    /// ```
    /// use typesweeper_board::sweep_lines::SweepLines;
    ///
    /// let lines = SweepLines::of(2, 2); // positions 0, 1, padding, 3, 4
    /// assert_eq!(lines.forward(0, true), 4);
    /// assert_eq!(lines.forward(-1, true), 5);
    /// assert_eq!(lines.forward(-1, false), -1);
    /// ```
    pub fn forward(&self, p: isize, backward: bool) -> isize {
        if backward {
            self.index.len() as isize - 1 - p
        } else {
            p
        }
    }

    /// The board cell at position `p` of the forward sweep: `None` for a padding position and
    /// off the board, where the counters are free.
    ///
    /// ```
    /// use typesweeper_board::sweep_lines::SweepLines;
    ///
    /// let lines = SweepLines::of(2, 2);
    /// assert_eq!((lines.at(1), lines.at(2), lines.at(3)), (Some(1), None, Some(2)));
    /// assert_eq!((lines.at(-1), lines.at(5)), (None, None));
    /// ```
    pub fn at(&self, p: isize) -> Option<usize> {
        usize::try_from(p)
            .ok()
            .and_then(|p| self.index.get(p).copied().flatten())
    }

    /// Each board cell's position in the sweep (the inverse of [`SweepLines::index`]).
    pub fn positions(&self) -> Vec<usize> {
        let mut position = vec![0; self.width * self.lines];
        for (p, &i) in self.index.iter().enumerate() {
            if let Some(i) = i {
                position[i] = p;
            }
        }
        position
    }

    /// Which sweep the probes of a board showing `cells` run: on a board of at most
    /// [`ONE_DIRECTION_MAX_CELLS`] cells of which at least [`ONE_DIRECTION_MIN_SHOWN_PERCENT`]
    /// are shown numbers, every probe from the shown side ([`ProbeDirections::One`]), the
    /// forward sweep when their mean position is in its first half; otherwise each probe the
    /// nearer end ([`ProbeDirections::Nearer`]). It depends on what a player sees only.
    ///
    /// ```
    /// use typesweeper_board::sweep_lines::{ProbeDirections, SweepLines};
    /// use typesweeper_board::Board;
    ///
    /// let lines = SweepLines::of(3, 3);
    /// let top: Board = "0 1 ?\n1 2 ?\n? ? ?".parse().unwrap();
    /// let bottom: Board = "? ? ?\n? 2 1\n? 1 0".parse().unwrap();
    /// let none: Board = "? ? ?\n? ? ?\n? ? ?".parse().unwrap();
    /// assert_eq!(lines.probe_directions(top.cells()), ProbeDirections::One { forward: true });
    /// assert_eq!(lines.probe_directions(bottom.cells()), ProbeDirections::One { forward: false });
    /// assert_eq!(lines.probe_directions(none.cells()), ProbeDirections::Nearer);
    /// ```
    pub fn probe_directions(&self, cells: &[Cell]) -> ProbeDirections {
        if cells.len() > ONE_DIRECTION_MAX_CELLS {
            return ProbeDirections::Nearer;
        }
        let position = self.positions();
        let shown: Vec<usize> = (0..cells.len())
            .filter(|&i| matches!(cells[i], Cell::Num(_)))
            .map(|i| position[i])
            .collect();
        if shown.is_empty() || 100 * shown.len() < ONE_DIRECTION_MIN_SHOWN_PERCENT * cells.len() {
            return ProbeDirections::Nearer;
        }
        let n = self.index.len();
        ProbeDirections::One {
            forward: 2 * shown.iter().sum::<usize>() <= (n - 1) * shown.len(),
        }
    }

    /// The probes of `unknown` (board indices, in reading order) in the order `level: complete`
    /// writes them, with the stage each is released in: the cells with the shortest own share
    /// of the search under `directions` first (nearest the start of the sweep they run; ties
    /// in reading order), split into [`PROBE_STAGES`] stages of as equal a size as can be.
    ///
    /// ```
    /// use typesweeper_board::sweep_lines::{ProbeDirections, SweepLines};
    ///
    /// // A 1x4 board: the ends first, then the middle; or from the start.
    /// let lines = SweepLines::of(1, 4);
    /// let order = lines.probe_order(&[0, 1, 2, 3], ProbeDirections::Nearer);
    /// assert_eq!(order.iter().map(|&(i, _)| i).collect::<Vec<_>>(), vec![0, 3, 1, 2]);
    /// assert_eq!(order.iter().map(|&(_, s)| s).collect::<Vec<_>>(), vec![0, 2, 4, 6]);
    /// let order = lines.probe_order(&[0, 1, 2, 3], ProbeDirections::One { forward: false });
    /// assert_eq!(order.iter().map(|&(i, _)| i).collect::<Vec<_>>(), vec![3, 2, 1, 0]);
    /// ```
    pub fn probe_order(
        &self,
        unknown: &[usize],
        directions: ProbeDirections,
    ) -> Vec<(usize, usize)> {
        let n = self.index.len();
        let position = self.positions();
        let mut probes = unknown.to_vec();
        probes.sort_by_key(|&i| directions.own_share(position[i], n));
        let len = probes.len();
        probes
            .into_iter()
            .enumerate()
            .map(|(k, i)| (i, k * PROBE_STAGES / len))
            .collect()
    }

    /// The window slots a mine at any position takes one from. Window slot `i` (from 0) before
    /// step `p` is position `p - S - 1 + i` (`S` the [`stride`](SweepLines::stride)); slot
    /// `2S + 2` is the one the step opens, position `p + S + 1`. Off the board and on the
    /// padding, the counters are free.
    pub fn shape(&self) -> [usize; 8] {
        let s = self.stride();
        [0, 1, 2, s, s + 2, 2 * s, 2 * s + 1, 2 * s + 2]
    }
}

#[cfg(test)]
mod tests {
    use super::SweepLines;
    use crate::{Board, Cell};

    /// Every board cell appears once in the sweep, a padding position sits between two lines
    /// and nowhere else, and the window slots a cell's mine takes one from are exactly its
    /// neighbours on the board, the other slots padding or off the board.
    #[test]
    fn a_mine_takes_one_from_its_neighbours_and_from_free_counters_only() {
        for (rows, cols) in [
            (1, 1),
            (1, 4),
            (4, 1),
            (2, 3),
            (3, 5),
            (5, 3),
            (9, 9),
            (4, 7),
        ] {
            let board = Board::new(rows, cols, vec![Cell::Unknown; rows * cols]);
            let lines = SweepLines::of(rows, cols);
            let s = lines.stride();
            assert_eq!(lines.width, rows.min(cols));
            assert_eq!(lines.index.len(), rows * cols + lines.lines - 1);
            let mut seen: Vec<usize> = lines.index.iter().flatten().copied().collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..rows * cols).collect::<Vec<_>>());
            for (p, &at) in lines.index.iter().enumerate() {
                assert_eq!(at.is_none(), p % s == s - 1, "{rows}x{cols}: position {p}");
            }
            for (p, &at) in lines.index.iter().enumerate() {
                let Some(i) = at else { continue };
                // Window slot `k` before step `p` is position `p - s - 1 + k`.
                let mut hit: Vec<usize> = lines
                    .shape()
                    .iter()
                    .filter_map(|&k| (p + k).checked_sub(s + 1))
                    .filter_map(|q| lines.index.get(q).copied().flatten())
                    .collect();
                hit.sort_unstable();
                let mut around: Vec<usize> = board.neighbours_of(i).collect();
                around.sort_unstable();
                assert_eq!(hit, around, "{rows}x{cols}: cell {i}");
            }
        }
    }

    /// A tenth of the cells shown is enough for every probe to run from the shown side; one
    /// cell fewer is not, nor a board of over 100 cells. The side is the one the shown numbers'
    /// mean position is nearer.
    #[test]
    fn every_probe_runs_from_the_shown_side_once_a_tenth_is_shown() {
        use super::{ProbeDirections, ONE_DIRECTION_MIN_SHOWN_PERCENT};
        assert_eq!(
            ONE_DIRECTION_MIN_SHOWN_PERCENT, 10,
            "the test is written for a tenth"
        );
        let lines = SweepLines::of(10, 10);
        let shown = |cells: &[usize]| {
            let mut board = vec![Cell::Unknown; 100];
            for &i in cells {
                board[i] = Cell::Num(1);
            }
            lines.probe_directions(&board)
        };
        let last_rows: Vec<usize> = (80..90).collect();
        assert_eq!(shown(&last_rows), ProbeDirections::One { forward: false });
        assert_eq!(shown(&last_rows[1..]), ProbeDirections::Nearer);
        let first_rows: Vec<usize> = (5..15).collect();
        assert_eq!(shown(&first_rows), ProbeDirections::One { forward: true });
        // Past 100 cells, the nearer end whatever is shown.
        let larger = SweepLines::of(11, 10);
        let mut board = vec![Cell::Unknown; 110];
        board[..20].fill(Cell::Num(1));
        assert_eq!(larger.probe_directions(&board), ProbeDirections::Nearer);
        // A board wider than tall is swept by columns: a 1 in the middle column's second row
        // is at position 4 of 8 (columns of two and a padding), past the middle, so backward,
        // as the nearer end of a single cell there would be.
        let wide = SweepLines::of(2, 3);
        let middle = [
            Cell::Unknown,
            Cell::Unknown,
            Cell::Unknown,
            Cell::Unknown,
            Cell::Num(1),
            Cell::Unknown,
        ];
        assert_eq!(wide.positions()[4], 4);
        assert_eq!(
            wide.probe_directions(&middle),
            ProbeDirections::One { forward: false }
        );
        assert!(!super::probe_runs_forward(4, wide.index.len()));
        // Under one direction, every probe's own share is its distance from that sweep's
        // start; from the nearer end, at most half the sweep.
        let n = lines.index.len();
        for p in 0..n {
            assert_eq!(
                ProbeDirections::One { forward: false }.own_share(p, n),
                n - 1 - p
            );
            assert!(2 * ProbeDirections::Nearer.own_share(p, n) < n);
        }
    }
}
