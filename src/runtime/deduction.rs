//! What a solver knows about each cell, why it knows it, and what it was given.
//!
//! The solvers ([`fragment`](super::fragment), [`pairs`](super::pairs) and
//! [`complete`](super::complete)) take a visible board plus a [`Given`] (the concealed answer and/or the total mine count) and return a
//! [`Deduction`]: one [`Deduced`] per cell and a trace of [`Step`]s saying which constraint forced
//! each decision. Cells are indexed row-major from 0 in code; people see 1-based `R{row}C{col}`.

use std::collections::VecDeque;
use std::fmt;

use crate::board::{Board, Cell};

/// What a solver concluded about one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deduced {
    /// Not decided: some consistent layouts disagree (or the rules in use cannot tell).
    Undecided,
    /// The cell is a mine.
    Mine,
    /// The cell is safe; `Some(n)` when its number is known (shown or revealed from the answer).
    Safe(Option<u8>),
}

impl Deduced {
    /// The character the `solve` command prints: `x`, the number, `s` (safe, number unknown)
    /// or `?` (`#` for a number above 9, which no board holds).
    pub fn to_char(self) -> char {
        match self {
            Deduced::Undecided => '?',
            Deduced::Mine => 'x',
            Deduced::Safe(Some(n)) => char::from_digit(u32::from(n), 10).unwrap_or('#'),
            Deduced::Safe(None) => 's',
        }
    }

    /// What a puzzle cell already says.
    pub fn from_cell(cell: Cell) -> Deduced {
        match cell {
            Cell::Unknown => Deduced::Undecided,
            Cell::Mine => Deduced::Mine,
            Cell::Num(n) => Deduced::Safe(Some(n)),
        }
    }

    /// Whether the cell is decided (a mine or safe).
    pub fn is_decided(self) -> bool {
        self != Deduced::Undecided
    }
}

/// The name people see for row-major cell `i` on a board with `cols` columns: `R{row}C{col}`,
/// counted from 1.
///
/// ```
/// assert_eq!(typesweeper::runtime::deduction::cell_name(30, 31), "R2C2");
/// ```
pub fn cell_name(cols: usize, i: usize) -> String {
    crate::board::CellName::of_index(i, cols).to_string()
}

/// A count and a noun, the noun in the plural unless the count is 1: `1 mine`, `2 mines`,
/// `0 mines`. Every count the runtime, the command and the game print goes through here.
///
/// ```
/// use typesweeper::runtime::deduction::plural;
/// assert_eq!(plural(1, "unknown neighbour"), "1 unknown neighbour");
/// assert_eq!(plural(3u64, "attempt"), "3 attempts");
/// ```
pub fn plural(n: impl fmt::Display, what: &str) -> String {
    let n = n.to_string();
    if n == "1" {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Why a cell was decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The number at cell `at` (row-major) alone forces it: `number` mines in total around it,
    /// `mines_left` of them still to place among `unknown_left` undecided neighbours.
    Number {
        /// The number cell.
        at: usize,
        /// Its number.
        number: u8,
        /// Undecided neighbours before this deduction.
        unknown_left: usize,
        /// Mines still to place among them.
        mines_left: usize,
    },
    /// The total mine count alone forces it: `mines_left` mines for `unknown_left` undecided
    /// cells.
    Total {
        /// Undecided cells on the whole board before this deduction.
        unknown_left: usize,
        /// Mines not yet found.
        mines_left: usize,
    },
    /// The cell was proved safe, so its number was read from the answer (a "click").
    Revealed(u8),
    /// Two numbers side by side (sharing an edge), reasoned jointly, force it: every way of
    /// placing mines among their undecided neighbours that gives both numbers their counts
    /// agrees on the cell. `first` is the upper or left one of the two.
    Pair {
        /// The upper or left number cell (row-major).
        first: usize,
        /// Its number.
        first_number: u8,
        /// The number cell right of or below `first`.
        second: usize,
        /// Its number.
        second_number: u8,
    },
    /// Every mine layout that fits these numbers (row-major number cells), and the total count
    /// when `with_total`, agrees on the cell. Empty `numbers` means an interior cell decided by
    /// the count alone together with the frontier.
    AllLayouts {
        /// The number cells of the cell's frontier component (shared by the steps of one
        /// component, which can be as long as the board).
        numbers: std::sync::Arc<[usize]>,
        /// Whether the total mine count took part.
        with_total: bool,
    },
}

/// One deduction of the trace: `cell` became `what` because of `reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The cell, row-major from 0.
    pub cell: usize,
    /// What it became ([`Deduced::Mine`] or [`Deduced::Safe`]).
    pub what: Deduced,
    /// Why.
    pub reason: Reason,
}

impl Step {
    /// The step as a sentence, e.g. `R3C4 is a mine: the 2 at R2C3 has 2 unknown neighbours left
    /// for 2 mines`.
    pub fn describe(&self, cols: usize) -> String {
        let name = cell_name(cols, self.cell);
        let is = match self.what {
            Deduced::Mine => "is a mine",
            _ => "is safe",
        };
        match &self.reason {
            Reason::Revealed(n) => format!("{name} revealed {n} from the answer"),
            Reason::Pair {
                first,
                first_number,
                second,
                second_number,
            } => format!(
                "{name} {is}: the {first_number} at {} and the {second_number} at {} together",
                cell_name(cols, *first),
                cell_name(cols, *second)
            ),
            Reason::Number {
                at,
                number,
                unknown_left,
                mines_left,
            } => {
                let at = cell_name(cols, *at);
                if *number == 0 {
                    format!("{name} {is}: the 0 at {at} has no mines around it")
                } else if *mines_left == 0 {
                    format!(
                        "{name} {is}: the {number} at {at} already has its {}",
                        plural(number, "mine")
                    )
                } else {
                    format!(
                        "{name} {is}: the {number} at {at} has {} left for {}",
                        plural(*unknown_left, "unknown neighbour"),
                        plural(*mines_left, "mine")
                    )
                }
            }
            Reason::Total {
                unknown_left,
                mines_left,
            } => {
                if *mines_left == 0 {
                    format!("{name} {is}: no mines remain (total count)")
                } else {
                    format!(
                        "{name} {is}: {} {} for {} (total count)",
                        plural(*mines_left, "mine"),
                        if *mines_left == 1 {
                            "remains"
                        } else {
                            "remain"
                        },
                        plural(*unknown_left, "unknown cell")
                    )
                }
            }
            Reason::AllLayouts {
                numbers,
                with_total,
            } => {
                let total = if *with_total {
                    " and the total count"
                } else {
                    ""
                };
                if numbers.is_empty() {
                    format!("{name} {is}: every layout that fits the numbers{total} agrees")
                } else if numbers.len() > NAMED_NUMBERS {
                    // A frontier can be as long as the board: a line per step naming all of
                    // its numbers would make the trace quadratic in its length.
                    format!(
                        "{name} {is}: every layout that fits the {} numbers from {} to {}{total} \
                         agrees",
                        numbers.len(),
                        cell_name(cols, numbers[0]),
                        cell_name(cols, numbers[numbers.len() - 1])
                    )
                } else {
                    let names: Vec<String> = numbers.iter().map(|&j| cell_name(cols, j)).collect();
                    format!(
                        "{name} {is}: every layout that fits the numbers at {}{total} agrees",
                        names.join(", ")
                    )
                }
            }
        }
    }
}

/// At most this many numbers are named in a step's sentence ([`Step::describe`]); a longer
/// list is given by its count, first and last.
pub const NAMED_NUMBERS: usize = 12;

/// What a solver is told besides the visible board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Given<'a> {
    /// The full answer: cells proved safe reveal their number from it, and its mine count is the
    /// total.
    pub answer: Option<&'a Board>,
    /// The number of mines on the whole board (shown ones included). Implied by `answer`.
    pub total_mines: Option<usize>,
}

impl<'a> Given<'a> {
    /// Nothing but the visible board.
    pub fn nothing() -> Given<'a> {
        Given::default()
    }

    /// The answer (which also gives the total mine count).
    pub fn answer(answer: &'a Board) -> Given<'a> {
        Given {
            answer: Some(answer),
            total_mines: None,
        }
    }

    /// Only the total mine count.
    pub fn total(total_mines: usize) -> Given<'a> {
        Given {
            answer: None,
            total_mines: Some(total_mines),
        }
    }

    /// Checks the givens against the puzzle and returns the total mine count in force.
    pub fn check(&self, puzzle: &Board) -> Result<Option<usize>, SolveError> {
        let mut total = self.total_mines;
        if let Some(answer) = self.answer {
            answer
                .check_answer()
                .map_err(|e| SolveError::BadInput(format!("the answer is inconsistent: {e}")))?;
            puzzle
                .check_puzzle_of(answer)
                .map_err(|e| SolveError::BadInput(format!("the answer does not fit: {e}")))?;
            let mines = answer.mine_count();
            if total.is_some_and(|t| t != mines) {
                return Err(SolveError::BadInput(format!(
                    "the total of {} differs from the answer's {mines}",
                    plural(total.unwrap_or_default(), "mine")
                )));
            }
            total = Some(mines);
        }
        if let Some(t) = total {
            let shown = puzzle.mine_count();
            let unknown = puzzle.cells().iter().filter(|c| !c.is_known()).count();
            if t < shown || t - shown > unknown {
                return Err(SolveError::BadInput(format!(
                    "a total of {} cannot fit: the puzzle shows {} and has {}",
                    plural(t, "mine"),
                    plural(shown, "mine"),
                    plural(unknown, "unknown cell")
                )));
            }
        }
        Ok(total)
    }
}

/// Why a solver could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The givens do not fit the puzzle (shape, an inconsistent answer, an impossible total).
    BadInput(String),
    /// The rules cannot all hold (the board has no solution, or the answer disagrees with what
    /// the rules prove).
    Contradiction(String),
    /// [`complete`](super::complete) gave up: its work [`Budget`](super::complete::Budget) ran
    /// out on a part of the board too tangled to search (the message says which).
    OutOfBudget(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::BadInput(m) => f.write_str(m),
            SolveError::Contradiction(m) => write!(f, "contradiction: {m}"),
            SolveError::OutOfBudget(m) => write!(f, "out of budget: {m}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// A solver's result: one [`Deduced`] per cell (row-major) and the trace of deductions in the
/// order they were made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    rows: usize,
    cols: usize,
    cells: Vec<Deduced>,
    trace: Vec<Step>,
}

impl Deduction {
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Per cell, row-major.
    pub fn cells(&self) -> &[Deduced] {
        &self.cells
    }

    /// The deductions in order (cells the puzzle showed are not in it).
    pub fn trace(&self) -> &[Step] {
        &self.trace
    }

    /// The trace as sentences, one per step.
    pub fn explain(&self) -> Vec<String> {
        self.trace.iter().map(|s| s.describe(self.cols)).collect()
    }

    /// Why `cell` (row-major) was decided: the step that decided it and, before it, up to
    /// `limit - 1` earlier steps it rests on (the steps that decided the other neighbours of the
    /// numbers it names, and so on back), in the order they were made. Empty when the cell was
    /// not decided by a step (undecided, or shown by the puzzle).
    ///
    /// ```
    /// use typesweeper::runtime::{fragment, Given};
    ///
    /// // The 0 clears R1C2, which leaves the 1 at R2C1 one unknown neighbour.
    /// let puzzle = "? ? ?\n1 1 0".parse().unwrap();
    /// let deduction = fragment::solve(&puzzle, Given::nothing()).unwrap();
    /// let why: Vec<String> = deduction.why(0, 10).iter().map(|s| s.describe(3)).collect();
    /// assert_eq!(why, [
    ///     "R1C2 is safe: the 0 at R2C3 has no mines around it",
    ///     "R1C1 is a mine: the 1 at R2C1 has 1 unknown neighbour left for 1 mine",
    /// ]);
    /// assert_eq!(deduction.why(0, 1).len(), 1, "the limit counts the cell's own step");
    /// assert!(deduction.why(4, 10).is_empty(), "R2C2 is shown, not deduced");
    /// ```
    pub fn why(&self, cell: usize, limit: usize) -> Vec<&Step> {
        let decided_at = |c: usize| {
            self.trace
                .iter()
                .position(|s| s.cell == c && !matches!(s.reason, Reason::Revealed(_)))
        };
        let Some(last) = decided_at(cell) else {
            return Vec::new();
        };
        let neighbours =
            |c: usize| crate::board::neighbours(self.rows, self.cols, c / self.cols, c % self.cols);
        // Earlier steps about the cells a step's numbers look at (and the numbers' own reveals).
        let rests_on = |k: usize| -> Vec<usize> {
            let numbers: Vec<usize> = match &self.trace[k].reason {
                Reason::Number { at, .. } => vec![*at],
                Reason::Pair { first, second, .. } => vec![*first, *second],
                Reason::AllLayouts { numbers, .. } => numbers.iter().copied().collect(),
                Reason::Revealed(_) | Reason::Total { .. } => Vec::new(),
            };
            let mut cells: Vec<usize> = numbers
                .iter()
                .flat_map(|&n| neighbours(n).chain(std::iter::once(n)))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            (0..k)
                .filter(|&j| cells.binary_search(&self.trace[j].cell).is_ok())
                .collect()
        };
        let mut chosen = vec![last];
        let mut next = 0;
        while next < chosen.len() && chosen.len() < limit {
            // Most recent first: the steps closest to the cell explain it best.
            for j in rests_on(chosen[next]).into_iter().rev() {
                if chosen.len() >= limit {
                    break;
                }
                if !chosen.contains(&j) {
                    chosen.push(j);
                }
            }
            next += 1;
        }
        chosen.sort_unstable();
        chosen.into_iter().map(|k| &self.trace[k]).collect()
    }

    /// Whether every cell is decided.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|c| c.is_decided())
    }

    /// The undecided cells as 1-based `(row, col)` pairs in reading order (the cells a
    /// compile-time error should name).
    pub fn undecided(&self) -> Vec<(usize, usize)> {
        (0..self.cells.len())
            .filter(|&i| !self.cells[i].is_decided())
            .map(|i| (i / self.cols + 1, i % self.cols + 1))
            .collect()
    }

    /// The result as a board when every decided cell has a known value (`?` for undecided);
    /// `None` when some safe cell's number is unknown.
    pub fn to_board(&self) -> Option<Board> {
        let cells = self
            .cells
            .iter()
            .map(|d| match d {
                Deduced::Undecided => Some(Cell::Unknown),
                Deduced::Mine => Some(Cell::Mine),
                Deduced::Safe(Some(n)) => Some(Cell::Num(*n)),
                Deduced::Safe(None) => None,
            })
            .collect::<Option<Vec<Cell>>>()?;
        Some(Board::new(self.rows, self.cols, cells))
    }
}

impl fmt::Display for Deduction {
    /// Cells joined by one space, rows by `\n`: `x`, a number, `s` or `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::board::write_grid(f, self.rows, self.cols, |r, c| {
            self.cells[r * self.cols + c].to_char()
        })
    }
}

/// The working state shared by the solvers: the cells, the answer for reveals, the total, the
/// trace, a queue of number cells whose rule may fire, and (for [`pairs`](super::pairs)) a queue
/// of number cells whose side-by-side pairs may.
pub(crate) struct State<'a> {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) cells: Vec<Deduced>,
    answer: Option<&'a Board>,
    pub(crate) total: Option<usize>,
    trace: Vec<Step>,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    /// Mines decided so far, shown ones included.
    pub(crate) mines: usize,
    /// Undecided cells.
    pub(crate) undecided: usize,
    /// Whether the pair rule is in use ([`State::run_pairs`]): decisions then queue the pairs
    /// they may wake too.
    pairs: bool,
    /// Number cells whose pairs with the numbers beside them may decide something.
    pair_queue: VecDeque<usize>,
    pair_queued: Vec<bool>,
}

impl<'a> State<'a> {
    /// Checks the givens and sets up the state, with every number the puzzle shows queued.
    pub(crate) fn new(puzzle: &Board, given: Given<'a>) -> Result<State<'a>, SolveError> {
        let total = given.check(puzzle)?;
        let cells: Vec<Deduced> = puzzle
            .cells()
            .iter()
            .map(|&c| Deduced::from_cell(c))
            .collect();
        let mut state = State {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            mines: cells.iter().filter(|&&c| c == Deduced::Mine).count(),
            undecided: cells.iter().filter(|c| !c.is_decided()).count(),
            queued: vec![false; cells.len()],
            cells,
            answer: given.answer,
            total,
            trace: Vec::new(),
            queue: VecDeque::new(),
            pairs: false,
            pair_queue: VecDeque::new(),
            pair_queued: Vec::new(),
        };
        for i in 0..state.cells.len() {
            state.enqueue(i);
        }
        Ok(state)
    }

    pub(crate) fn finish(self) -> Deduction {
        Deduction {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells,
            trace: self.trace,
        }
    }

    pub(crate) fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + Clone {
        crate::board::neighbours(self.rows, self.cols, i / self.cols, i % self.cols)
    }

    pub(crate) fn name(&self, i: usize) -> String {
        cell_name(self.cols, i)
    }

    /// Queues cell `i` if it is a number (for the local rule, and for the pair rule when it is
    /// in use).
    fn enqueue(&mut self, i: usize) {
        if !matches!(self.cells[i], Deduced::Safe(Some(_))) {
            return;
        }
        if !self.queued[i] {
            self.queued[i] = true;
            self.queue.push_back(i);
        }
        if self.pairs && !self.pair_queued[i] {
            self.pair_queued[i] = true;
            self.pair_queue.push_back(i);
        }
    }

    /// Records a decision for an undecided cell, reveals a safe cell's number from the answer,
    /// and queues the numbers it may wake. Fails when the answer disagrees.
    pub(crate) fn decide(
        &mut self,
        i: usize,
        mine: bool,
        reason: Reason,
    ) -> Result<(), SolveError> {
        debug_assert_eq!(self.cells[i], Deduced::Undecided);
        let truth = self.answer.map(|a| a.cells()[i]);
        let what = if mine {
            if let Some(Cell::Num(n)) = truth {
                return Err(SolveError::Contradiction(format!(
                    "the rules prove {} is a mine but the answer has {n}",
                    self.name(i)
                )));
            }
            self.mines += 1;
            Deduced::Mine
        } else {
            if truth == Some(Cell::Mine) {
                return Err(SolveError::Contradiction(format!(
                    "the rules prove {} is safe but the answer has a mine",
                    self.name(i)
                )));
            }
            Deduced::Safe(None)
        };
        self.undecided -= 1;
        self.cells[i] = what;
        self.trace.push(Step {
            cell: i,
            what,
            reason,
        });
        if let Some(Cell::Num(n)) = truth {
            self.cells[i] = Deduced::Safe(Some(n));
            self.trace.push(Step {
                cell: i,
                what: self.cells[i],
                reason: Reason::Revealed(n),
            });
            self.enqueue(i);
        }
        for j in self.neighbours(i) {
            self.enqueue(j);
        }
        Ok(())
    }

    /// The local rule for number cell `i`: all undecided neighbours safe when its mines are
    /// found, all mines when they are exactly the mines left. Returns whether it decided
    /// anything.
    fn local(&mut self, i: usize) -> Result<bool, SolveError> {
        let Deduced::Safe(Some(n)) = self.cells[i] else {
            return Ok(false);
        };
        let (mut mines, mut unknown) = (0usize, 0usize);
        for j in self.neighbours(i) {
            match self.cells[j] {
                Deduced::Mine => mines += 1,
                Deduced::Undecided => unknown += 1,
                Deduced::Safe(_) => {}
            }
        }
        let n_us = usize::from(n);
        if mines > n_us || n_us - mines > unknown {
            return Err(SolveError::Contradiction(format!(
                "the {n} at {} has {} and {}",
                self.name(i),
                plural(mines, "neighbouring mine"),
                plural(unknown, "unknown neighbour")
            )));
        }
        let left = n_us - mines;
        if unknown == 0 || (left != 0 && left != unknown) {
            return Ok(false);
        }
        let reason = Reason::Number {
            at: i,
            number: n,
            unknown_left: unknown,
            mines_left: left,
        };
        let targets: Vec<usize> = self
            .neighbours(i)
            .filter(|&j| self.cells[j] == Deduced::Undecided)
            .collect();
        for j in targets {
            self.decide(j, left != 0, reason.clone())?;
        }
        Ok(true)
    }

    /// Runs the local rule on every queued number until the queue is empty.
    pub(crate) fn drain_local(&mut self) -> Result<bool, SolveError> {
        let mut changed = false;
        while let Some(i) = self.queue.pop_front() {
            self.queued[i] = false;
            changed |= self.local(i)?;
        }
        Ok(changed)
    }

    /// The total rule: with `R` mines left for `U` undecided cells, all safe when `R == 0`, all
    /// mines when `R == U`. Returns whether it decided anything.
    pub(crate) fn total_rule(&mut self) -> Result<bool, SolveError> {
        let Some(total) = self.total else {
            return Ok(false);
        };
        let unknown = self.undecided;
        if self.mines > total || total - self.mines > unknown {
            return Err(SolveError::Contradiction(format!(
                "{} {} decided and {} undecided, which cannot make the total of {total}",
                plural(self.mines, "mine"),
                if self.mines == 1 { "is" } else { "are" },
                plural(unknown, "cell")
            )));
        }
        let left = total - self.mines;
        if unknown == 0 || (left != 0 && left != unknown) {
            return Ok(false);
        }
        let reason = Reason::Total {
            unknown_left: unknown,
            mines_left: left,
        };
        for j in 0..self.cells.len() {
            if self.cells[j] == Deduced::Undecided {
                self.decide(j, left != 0, reason.clone())?;
            }
        }
        Ok(true)
    }

    /// The compile-time fragment to a fixpoint: local rules (with reveals) until nothing fires,
    /// then the total rule, again until neither fires.
    pub(crate) fn run_fragment(&mut self) -> Result<(), SolveError> {
        loop {
            self.drain_local()?;
            if !self.total_rule()? {
                return Ok(());
            }
        }
    }

    /// The `pairs` level to a fixpoint: the fragment's rules, then the pair rule on queued
    /// numbers until one pair decides something, then the fragment again, until no rule fires.
    pub(crate) fn run_pairs(&mut self) -> Result<(), SolveError> {
        if !self.pairs {
            self.pairs = true;
            self.pair_queued = vec![false; self.cells.len()];
            for i in 0..self.cells.len() {
                self.enqueue(i);
            }
        }
        loop {
            self.run_fragment()?;
            if !self.drain_pairs()? {
                return Ok(());
            }
        }
    }

    /// Runs the pair rule on the pairs of queued numbers until one of them decides something
    /// (returns `true`, with the rest still queued) or the queue is empty (`false`).
    fn drain_pairs(&mut self) -> Result<bool, SolveError> {
        while let Some(i) = self.pair_queue.pop_front() {
            self.pair_queued[i] = false;
            let (r, c) = (i / self.cols, i % self.cols);
            let beside = [
                (r > 0).then(|| i - self.cols),
                (c > 0).then(|| i - 1),
                (c + 1 < self.cols).then_some(i + 1),
                (r + 1 < self.rows).then_some(i + self.cols),
            ];
            let mut changed = false;
            for j in beside.into_iter().flatten() {
                changed |= self.pair(i.min(j), i.max(j))?;
            }
            if changed {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The pair rule for number cells `first` and `second` side by side (`first` above or left
    /// of `second`): every placement of mines among their undecided neighbours that gives both
    /// numbers their counts is tried, and the cells on which all of them agree are decided.
    ///
    /// The undecided neighbours fall into three groups, those only `first` sees, those both
    /// see and those only `second` sees; both counts depend only on how many mines each group
    /// holds, so the placements are enumerated as the shared group's mine count `s`: `first`
    /// needs `s` plus its own group's count, `second` likewise. A group is forced exactly when
    /// every feasible `s` fills it completely (mines) or leaves it empty (safe), since any count
    /// in between has placements that disagree on each of its cells.
    ///
    /// Returns whether it decided anything. A number that cannot be satisfied even alone is
    /// left to the local rule to report; two that cannot be satisfied together are a
    /// contradiction.
    fn pair(&mut self, first: usize, second: usize) -> Result<bool, SolveError> {
        let (Deduced::Safe(Some(first_number)), Deduced::Safe(Some(second_number))) =
            (self.cells[first], self.cells[second])
        else {
            return Ok(false);
        };
        let sees = |at: usize, j: usize| {
            let (r, c, jr, jc) = (at / self.cols, at % self.cols, j / self.cols, j % self.cols);
            at != j && r.abs_diff(jr) <= 1 && c.abs_diff(jc) <= 1
        };
        // Groups: only `first` sees them, both do, only `second` does.
        let mut groups: [Vec<usize>; 3] = Default::default();
        let mut need = [isize::from(first_number), isize::from(second_number)];
        for (k, (at, other)) in [(first, second), (second, first)].into_iter().enumerate() {
            for j in self.neighbours(at) {
                match self.cells[j] {
                    Deduced::Mine => need[k] -= 1,
                    Deduced::Undecided if !sees(other, j) => groups[2 * k].push(j),
                    Deduced::Undecided if k == 0 => groups[1].push(j),
                    _ => {}
                }
            }
        }
        if groups.iter().all(Vec::is_empty) {
            return Ok(false);
        }
        let size = groups.each_ref().map(|g| g.len() as isize);
        if need[0] < 0 || need[0] > size[0] + size[1] || need[1] < 0 || need[1] > size[1] + size[2]
        {
            return Ok(false);
        }
        // The feasible mine counts of the shared group: `need[0] - s` must fit the first group,
        // `need[1] - s` the last.
        let low = 0.max(need[0] - size[0]).max(need[1] - size[2]);
        let high = size[1].min(need[0]).min(need[1]);
        if low > high {
            return Err(SolveError::Contradiction(format!(
                "no placement of mines gives both the {first_number} at {} and the \
                 {second_number} at {} their counts",
                self.name(first),
                self.name(second)
            )));
        }
        // Per group, the least and most mines it holds over the feasible `s`.
        let range = [
            (need[0] - high, need[0] - low),
            (low, high),
            (need[1] - high, need[1] - low),
        ];
        let reason = Reason::Pair {
            first,
            first_number,
            second,
            second_number,
        };
        let mut changed = false;
        for (g, cells) in groups.iter().enumerate() {
            let (least, most) = range[g];
            let mine = if least == size[g] {
                true
            } else if most == 0 {
                false
            } else {
                continue;
            };
            for &j in cells {
                self.decide(j, mine, reason.clone())?;
                changed = true;
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_read_as_sentences() {
        let step = Step {
            cell: 2 * 5 + 3,
            what: Deduced::Mine,
            reason: Reason::Number {
                at: 5 + 2,
                number: 2,
                unknown_left: 2,
                mines_left: 2,
            },
        };
        assert_eq!(
            step.describe(5),
            "R3C4 is a mine: the 2 at R2C3 has 2 unknown neighbours left for 2 mines"
        );
        let step = Step {
            cell: 0,
            what: Deduced::Safe(None),
            reason: Reason::Total {
                unknown_left: 4,
                mines_left: 0,
            },
        };
        assert_eq!(
            step.describe(5),
            "R1C1 is safe: no mines remain (total count)"
        );
        let step = Step {
            cell: 6,
            what: Deduced::Safe(Some(3)),
            reason: Reason::Revealed(3),
        };
        assert_eq!(step.describe(5), "R2C2 revealed 3 from the answer");
    }

    /// Cell R1C1 decided by the number at R1C2 of a 5-column board.
    fn by_number(what: Deduced, number: u8, unknown_left: usize, mines_left: usize) -> String {
        let reason = Reason::Number {
            at: 1,
            number,
            unknown_left,
            mines_left,
        };
        Step {
            cell: 0,
            what,
            reason,
        }
        .describe(5)
    }

    #[test]
    fn counts_of_one_are_singular() {
        let safe = Deduced::Safe(None);
        assert_eq!(
            by_number(Deduced::Mine, 1, 1, 1),
            "R1C1 is a mine: the 1 at R1C2 has 1 unknown neighbour left for 1 mine"
        );
        assert_eq!(
            by_number(safe, 1, 2, 0),
            "R1C1 is safe: the 1 at R1C2 already has its 1 mine"
        );
        assert_eq!(
            by_number(safe, 3, 2, 0),
            "R1C1 is safe: the 3 at R1C2 already has its 3 mines"
        );
        assert_eq!(
            by_number(safe, 0, 2, 0),
            "R1C1 is safe: the 0 at R1C2 has no mines around it"
        );
        let total = Step {
            cell: 0,
            what: Deduced::Mine,
            reason: Reason::Total {
                unknown_left: 1,
                mines_left: 1,
            },
        };
        assert_eq!(
            total.describe(5),
            "R1C1 is a mine: 1 mine remains for 1 unknown cell (total count)"
        );
        // Contradictions and bad givens count in words too.
        let board = |t: &str| t.parse::<Board>().unwrap();
        let e = crate::runtime::fragment::solve(&board("x 2"), Given::nothing()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "contradiction: the 2 at R1C2 has 1 neighbouring mine and 0 unknown neighbours"
        );
        let e = Given::total(1).check(&board("x x ?")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a total of 1 mine cannot fit: the puzzle shows 2 mines and has 1 unknown cell"
        );
        let answer = board("x 1");
        let e = Given {
            answer: Some(&answer),
            total_mines: Some(2),
        }
        .check(&board("? 1"))
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "the total of 2 mines differs from the answer's 1"
        );
        let e = crate::runtime::fragment::solve(&board("? 1 0 0 ?"), Given::total(2)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "contradiction: 1 mine is decided and 0 cells undecided, which cannot make the \
             total of 2"
        );
    }

    #[test]
    fn givens_are_checked() {
        let puzzle: Board = "? 1".parse().unwrap();
        let bad: Board = "1 1".parse().unwrap();
        assert!(matches!(
            Given::answer(&bad).check(&puzzle),
            Err(SolveError::BadInput(m)) if m.contains("inconsistent")
        ));
        let other: Board = "x 1\n1 1".parse().unwrap();
        assert!(Given::answer(&other).check(&puzzle).is_err());
        assert_eq!(Given::total(1).check(&puzzle), Ok(Some(1)));
        assert!(Given::total(2).check(&puzzle).is_err());
        let good: Board = "x 1".parse().unwrap();
        assert_eq!(Given::answer(&good).check(&puzzle), Ok(Some(1)));
    }
}
