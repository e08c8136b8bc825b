//! Which probes of `level: complete` wait behind a gate: shared by the `solve!` macro, which
//! writes the gates, and the work model ([`search_cost`](crate::search_cost)), which counts
//! only the probes that run.
//!
//! On a board of at most [`GATE_MAX_CELLS`] cells, two kinds of probe wait for more than their
//! stage, each only while it cannot decide anything its release would not decide later:
//!
//! * the probe *without* the mine total of a cell no shown number touches ([`untouched`]), until
//!   a neighbour of the cell is proved safe: until then every counter around the cell is free,
//!   and a search without the total cannot decide it;
//! * the probes *with* the total of the untouched cells, in one chain ([`TotalChain`]): the
//!   first runs at its stage, each other one once its cell or the cell before it in the chain
//!   is touched (a neighbour proved safe), or that cell is decided.
//!
//! The chain is exact. Two undecided cells that no revealed number touches look alike to
//! every number and to the total (swapping them in a layout keeps it a layout), so the total
//! decides both or neither. Say a cell's gate is still shut when rustc stops, and the total
//! decides it: then the cell before it is undecided and untouched, so the total decides that
//! one too, and its gate must be shut as well (an open probe would have decided it); and so
//! on back to the first cell of the chain, whose probe has no gate: a contradiction. So every
//! cell the probes with the total would decide, they still decide.
//!
//! Larger boards have no such gates: a gate names its probe's stage, and once that is released
//! rustc looks at every shut gate again at every change on the board, resolving the sweeps,
//! which costs more there than the searches it saves (docs/compile-time.md). The exception is a
//! board the work model refuses and the stages replayed take
//! ([`CompletePlan::Staged`](crate::search_cost::CompletePlan::Staged)): its probes without the
//! total of untouched cells wait behind their gates (no chain), since its untouched cells are
//! opened one round of the local rules after another. They have one
//! gate instead, while the mine total cannot decide anything ([`TotalSlack`]), on the stages
//! of the probes that cannot decide anything until a touched cell is decided.
//!
//! ```
//! use typesweeper_board::probe_gates::{untouched, TotalChain};
//! use typesweeper_board::{Board, Cell};
//!
//! let board: Board = "? ? ? ? ?\n? 1 ? ? ?".parse().unwrap();
//! // R1C4 and R1C5, R2C4 and R2C5 touch no number; the others touch the 1.
//! let far: Vec<usize> = (0..10).filter(|&i| untouched(&board, i)).collect();
//! assert_eq!(far, vec![3, 4, 8, 9]);
//! // A chain in the order the probes are written: the first has no gate.
//! let chain = TotalChain::of(&board, &[9, 4, 3, 8]);
//! assert_eq!(chain.before(9), None);
//! assert_eq!(chain.before(4), Some(9));
//! assert_eq!(chain.before(1), None);
//! // R1C5's gate opens once R2C5 is decided, or a neighbour of either is proved safe.
//! let mut known = board.cells().to_vec();
//! assert!(!chain.open(&board, &known, 4));
//! known[9] = Cell::Mine;
//! assert!(chain.open(&board, &known, 4));
//! ```

use crate::sweep_lines::{ProbeDirections, SweepLines};
use crate::{Board, Cell};

/// The most cells a board may have for its probes to wait behind gates (see the module's
/// documentation).
pub const GATE_MAX_CELLS: usize = 100;

/// Whether cell `i` of `board` is not shown and no shown number touches it.
pub fn untouched(board: &Board, i: usize) -> bool {
    !board.cells()[i].is_known() && !beside_a_number(board, board.cells(), i)
}

/// Whether a neighbour of cell `i` of `board` is a number in `cells` (the board's cells as
/// shown, or with the decided ones filled in).
pub(crate) fn beside_a_number(board: &Board, cells: &[Cell], i: usize) -> bool {
    board
        .neighbours_of(i)
        .any(|j| matches!(cells[j], Cell::Num(_)))
}

/// The chain of the probes with the mine total of a board's untouched cells (see the module's
/// documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TotalChain {
    /// Per cell, the cell before it in the chain, when its probe waits behind a gate.
    before: Vec<Option<usize>>,
}

impl TotalChain {
    /// The chain of `board`'s untouched cells, in the order of `probes` (the unknown cells in
    /// the order their probes are written): empty on a board of more than [`GATE_MAX_CELLS`]
    /// cells.
    pub fn of(board: &Board, probes: &[usize]) -> TotalChain {
        let mut before = vec![None; board.cells().len()];
        if before.len() <= GATE_MAX_CELLS {
            let mut last = None;
            for &i in probes.iter().filter(|&&i| untouched(board, i)) {
                before[i] = last;
                last = Some(i);
            }
        }
        TotalChain { before }
    }

    /// The chain of `board`'s untouched cells in the order `solve!` writes their probes: the
    /// unknown cells in [`SweepLines::probe_order`] for the sweeps `directions` the probes run
    /// ([`SweepLines::probe_directions`]). The macro and the work model both build it here.
    pub fn of_probes(board: &Board, lines: &SweepLines, directions: ProbeDirections) -> TotalChain {
        if board.cells().len() > GATE_MAX_CELLS {
            return TotalChain::of(board, &[]);
        }
        let unknown: Vec<usize> = (0..board.cells().len())
            .filter(|&i| !board.cells()[i].is_known())
            .collect();
        let order: Vec<usize> = lines
            .probe_order(&unknown, directions)
            .into_iter()
            .map(|(i, _)| i)
            .collect();
        TotalChain::of(board, &order)
    }

    /// The cell before `i` in the chain, when `i`'s probe with the total waits behind a gate.
    pub fn before(&self, i: usize) -> Option<usize> {
        self.before[i]
    }

    /// Whether the probe with the total of cell `i` runs, given what is `known` of each cell
    /// (the board's cells with every decided one filled in): it has no gate, or its cell or
    /// the cell before it has a neighbour proved safe, or that cell is decided.
    pub fn open(&self, board: &Board, known: &[Cell], i: usize) -> bool {
        let touched = |c: usize| beside_a_number(board, known, c);
        match self.before[i] {
            None => true,
            Some(b) => known[b] != Cell::Unknown || touched(i) || touched(b),
        }
    }
}

/// The gate of a board on which the mine total cannot decide anything yet (see
/// [`TotalSlack::of`]): past [`GATE_MAX_CELLS`] cells, `solve!` holds back every probe with the
/// total, and every probe without it of a cell no number touches, until a cell is decided that
/// the local rules alone do not decide from what is shown.
///
/// Let `T` be the undecided cells a number touches, `U` the undecided cells none touches, and
/// `M` the mines left. Every layout of the touched cells that fits the numbers has between 0
/// and `T` mines, so when `T < M < U` it leaves between 1 and `U - 1` mines to the untouched
/// cells, which take them in more than one way: every such layout is part of a whole layout
/// with the total, and each untouched cell is a mine in some whole layouts and not in others.
/// So the searches with the total decide exactly what those without it decide, and those of
/// untouched cells decide nothing. The position the gate is judged on is the one the local
/// rules reach from what is shown, the cells they prove safe revealed (their numbers unknown
/// to the macro, but they touch their neighbours all the same); rustc reaches it before any
/// probe runs, and while no other cell is decided, it stays there. Once one is, the gate opens
/// and every probe runs as on a board without it.
///
/// ```
/// use typesweeper_board::probe_gates::TotalSlack;
/// use typesweeper_board::Board;
///
/// // 16x16 with one 1 shown in a corner: 3 touched cells, 252 untouched, 40 mines.
/// let mut rows = vec![vec!["?"; 16]; 16];
/// rows[0][0] = "1";
/// let text: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
/// let board: Board = text.join("\n").parse().unwrap();
/// let slack = TotalSlack::of(&board, 40).expect("3 < 40 < 252");
/// // R2C3 touches no number; R2C2 touches the 1.
/// assert!(slack.waits(18) && !slack.waits(17));
/// assert!(!slack.settled(1));
/// // With 2 mines the total may bind: no gate.
/// assert!(TotalSlack::of(&board, 2).is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TotalSlack {
    /// Per cell: not shown, and decided by the local rules from what is shown.
    settled: Vec<bool>,
    /// Per cell: undecided and touched by no number in that position.
    untouched: Vec<bool>,
}

impl TotalSlack {
    /// The gate of `board` with `total` mines, when it has more than [`GATE_MAX_CELLS`] cells
    /// and, in the position the local rules reach from what is shown, fewer cells touched by a
    /// number than mines left, and fewer mines left than cells untouched.
    pub fn of(board: &Board, total: usize) -> Option<TotalSlack> {
        let n = board.cells().len();
        if n <= GATE_MAX_CELLS {
            return None;
        }
        let mut known = board.cells().to_vec();
        crate::search_cost::local_rules(board, None, total, &mut known);
        let touched: Vec<bool> = (0..n).map(|i| beside_a_number(board, &known, i)).collect();
        let undecided: Vec<usize> = (0..n).filter(|&i| known[i] == Cell::Unknown).collect();
        let t = undecided.iter().filter(|&&i| touched[i]).count();
        let u = undecided.len() - t;
        let mines = known.iter().filter(|&&c| c == Cell::Mine).count();
        let m = total.checked_sub(mines)?;
        (t < m && m < u).then(|| TotalSlack {
            settled: (0..n)
                .map(|i| !board.cells()[i].is_known() && known[i] != Cell::Unknown)
                .collect(),
            untouched: (0..n)
                .map(|i| known[i] == Cell::Unknown && !touched[i])
                .collect(),
        })
    }

    /// Whether cell `i` is one the local rules decide from what is shown: its decision does not
    /// open the gate.
    pub fn settled(&self, i: usize) -> bool {
        self.settled[i]
    }

    /// Whether the probe without the total of cell `i` waits behind the gate: the cell is
    /// undecided and no number touches it in the position the gate is judged on.
    pub fn waits(&self, i: usize) -> bool {
        self.untouched[i]
    }

    /// Whether the gate is still shut on `board` with the cells `known`: every cell is as shown
    /// or one the local rules decide from what is shown.
    pub fn shut(&self, board: &Board, known: &[Cell]) -> bool {
        (0..known.len()).all(|i| known[i] == board.cells()[i] || self.settled[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_cells_and_cells_beside_a_number_are_not_untouched() {
        let board: Board = "x ? ? ?\n? ? ? 0".parse().unwrap();
        let far: Vec<usize> = (0..8).filter(|&i| untouched(&board, i)).collect();
        // The mine shows no number; R1C3, R1C4 and R2C3 touch the 0.
        assert_eq!(far, vec![1, 4, 5]);
    }

    #[test]
    fn a_gate_opens_when_its_cell_is_touched() {
        let board: Board = "? ? ? ? ?\n? ? ? ? 1".parse().unwrap();
        let chain = TotalChain::of(&board, &[0, 1, 2, 5, 6, 7]);
        assert_eq!(chain.before(0), None);
        assert_eq!(chain.before(1), Some(0));
        assert_eq!(chain.before(7), Some(6));
        let mut known = board.cells().to_vec();
        assert!(chain.open(&board, &known, 0));
        assert!(!chain.open(&board, &known, 7));
        // R2C2 proved safe touches R1C2, R1C3 and R2C3: their gates open.
        known[6] = Cell::Num(0);
        assert!(chain.open(&board, &known, 1));
        assert!(chain.open(&board, &known, 2));
        assert!(chain.open(&board, &known, 7));
        // A mine touches nothing: R1C1 a mine opens only R1C2, the cell after it.
        let mut known = board.cells().to_vec();
        known[0] = Cell::Mine;
        assert!(chain.open(&board, &known, 1));
        assert!(!chain.open(&board, &known, 2));
    }

    /// A `size` x `size` board of `?` but R1C1, which shows `first`.
    fn corner(size: usize, first: &str) -> Board {
        let mut cells = vec!["?"; size * size];
        cells[0] = first;
        let rows: Vec<String> = cells.chunks(size).map(|r| r.join(" ")).collect();
        rows.join("\n").parse().unwrap()
    }

    #[test]
    fn the_total_is_slack_between_the_touched_and_the_untouched_cells() {
        // A 1 in a corner touches 3 cells; 140 are untouched.
        let board = corner(12, "1");
        assert!(TotalSlack::of(&board, 3).is_none());
        assert!(TotalSlack::of(&board, 4).is_some());
        assert!(TotalSlack::of(&board, 139).is_some());
        assert!(TotalSlack::of(&board, 140).is_none());
        // At most 100 cells: no such gate.
        assert!(TotalSlack::of(&corner(10, "1"), 20).is_none());
    }

    #[test]
    fn the_slack_is_judged_where_the_local_rules_stop() {
        // A 0 in a corner: its three neighbours are safe, and touch theirs once revealed.
        let board = corner(12, "0");
        let slack = TotalSlack::of(&board, 20).unwrap();
        assert!(slack.settled(1) && slack.settled(12) && slack.settled(13));
        assert!(!slack.settled(2) && !slack.waits(2));
        assert!(slack.waits(3) && !slack.settled(3));
        // 5 cells touched then (R1C3, R2C3, R3C1, R3C2, R3C3), 135 untouched.
        assert!(TotalSlack::of(&board, 5).is_none());
        assert!(TotalSlack::of(&board, 6).is_some());
        assert!(TotalSlack::of(&board, 134).is_some());
        assert!(TotalSlack::of(&board, 135).is_none());
    }

    #[test]
    fn larger_boards_have_no_chain() {
        let board: Board = vec!["?"; 101].join(" ").parse().unwrap();
        let chain = TotalChain::of(&board, &(0..101).collect::<Vec<_>>());
        assert!((0..101).all(|i| chain.before(i).is_none()));
        let board: Board = vec!["?"; 100].join(" ").parse().unwrap();
        let chain = TotalChain::of(&board, &(0..100).collect::<Vec<_>>());
        assert_eq!(chain.before(99), Some(98));
    }
}
