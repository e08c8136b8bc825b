//! `complete`: every cell whose value is the same in all mine layouts consistent with the
//! visible numbers and the total mine count (when known).
//!
//! How: the cheap local rules of [`fragment`](super::fragment) run first. What is left is
//! split into the *frontier* (undecided cells touching a number with undecided neighbours) and
//! the *interior* (the other undecided cells). Frontier cells joined through shared numbers form
//! independent *components*; inside one, cells touching exactly the same numbers form a *box*
//! (they are interchangeable, so only a box's mine count matters, weighted by
//! `C(box size, count)`). Each component is swept box by box, breadth first through shared
//! numbers: its layouts of box counts form a layered graph whose states are what the numbers
//! straddling one point of the sweep still need, so a long frontier costs its length times
//! the states at one point of it, in time and in memory, not its number of layouts. Forward
//! and backward passes over that graph, with no recursion, say which boxes can hold a mine and
//! which can be free, and count the layouts per mine count `k` (as a natural logarithm, so
//! huge boards do not overflow). The total count then keeps only the combinations of
//! per-component counts whose sum leaves the interior between 0 and its size; reachable sums
//! are combined with prefix and suffix sets, and a component whose counts the total cuts down
//! is swept again with only the counts it allows. With an answer, cells proved safe reveal
//! their numbers and the whole thing runs again until nothing changes.
//!
//! The per-`k` layout counts are what exact mine probabilities need (weight each `k` by
//! `C(interior, mines left - frontier mines)`); [`Analysis`] keeps them for that, and sweeps a
//! component once more to weigh its boxes ([`Component::ln_box_mines`]).
//!
//! Deciding whether a cell is forced is NP-hard in general: a component whose numbers form a
//! wide tangle can have too many states at one point of the sweep. The work is therefore
//! bounded by a [`Budget`] (by default [`Budget::DEFAULT_STEPS`] steps): [`solve`] and
//! [`analyse`] fail with [`SolveError::OutOfBudget`] when it runs out, and [`solve_within`]
//! returns what it proved anyway, with the parts of the board it gave up on.
//!
//! ```
//! use typesweeper::board::Board;
//! use typesweeper::runtime::{complete, fragment, Given};
//!
//! // The 1-2-1 pattern: one number alone decides nothing, all of them together decide all.
//! let puzzle: Board = "? ? ?\n1 2 1".parse().unwrap();
//! assert!(!fragment::solve(&puzzle, Given::nothing()).unwrap().is_solved());
//! let solved = complete::solve(&puzzle, Given::nothing()).unwrap();
//! assert_eq!(solved.to_string(), "x s x\n1 2 1");
//! ```

mod budget;
mod sweep;

use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

pub use budget::Budget;
use budget::OutOfBudget;
use sweep::Sweep;

use super::deduction::{Deduced, Deduction, Given, Reason, SolveError, State};
use super::ln;
use crate::board::Board;

/// Solves `puzzle` completely: decides every cell that all consistent layouts agree on,
/// revealing numbers from the answer when one is given and solving again.
///
/// Works within the default [`Budget`]; fails with [`SolveError::OutOfBudget`] (naming the
/// part of the board) when that runs out. [`solve_within`] takes another budget and returns
/// what it proved anyway.
pub fn solve(puzzle: &Board, given: Given<'_>) -> Result<Deduction, SolveError> {
    solve_all_within(puzzle, given, &Budget::default())
}

/// As [`solve`], within `budget` instead of the default: all of it or
/// [`SolveError::OutOfBudget`] (a server bounds each request this way; [`solve_within`] keeps
/// what it proved instead).
///
/// ```
/// use typesweeper::runtime::complete::{solve_all_within, Budget};
/// use typesweeper::runtime::{Given, SolveError};
///
/// let puzzle = "? ? ?\n1 2 1".parse().unwrap();
/// let solved = solve_all_within(&puzzle, Given::nothing(), &Budget::default()).unwrap();
/// assert_eq!(solved.to_string(), "x s x\n1 2 1");
/// let starved = solve_all_within(&puzzle, Given::nothing(), &Budget::new(0));
/// assert!(matches!(starved, Err(SolveError::OutOfBudget(_))));
/// ```
pub fn solve_all_within(
    puzzle: &Board,
    given: Given<'_>,
    budget: &Budget,
) -> Result<Deduction, SolveError> {
    let solved = solve_within(puzzle, given, budget)?;
    match solved.unfinished.first() {
        None => Ok(solved.deduction),
        Some(part) => Err(out_of_budget(part, puzzle.cols(), budget)),
    }
}

/// The cells `complete` leaves undecided given the answer, as 1-based `(row, col)` pairs in
/// reading order (the first of them is the cell a compile-time error at `level: complete`
/// names). Empty when the board is solved.
///
/// ```
/// use typesweeper::runtime::complete;
/// let (puzzle, answer) = ("? ?\n1 1".parse().unwrap(), "x 1\n1 1".parse().unwrap());
/// assert_eq!(complete::undecided_cells(&puzzle, &answer).unwrap(), [(1, 1), (1, 2)]);
/// ```
pub fn undecided_cells(puzzle: &Board, answer: &Board) -> Result<Vec<(usize, usize)>, SolveError> {
    Ok(solve(puzzle, Given::answer(answer))?.undecided())
}

/// What [`solve_within`] proved, and where it gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Every cell it decided. All of it is proved: when the budget ran out, the components it
    /// finished and the local rules elsewhere, without the total count.
    pub deduction: Deduction,
    /// The frontier components it gave up on when the budget ran out (empty when it did not):
    /// their cells may hold more that could be decided.
    pub unfinished: Vec<Unfinished>,
}

/// A frontier component whose layouts [`solve_within`] could not go through within its budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfinished {
    /// Its number cells (row-major).
    pub numbers: Vec<usize>,
    /// Its cells still undecided (row-major).
    pub cells: Vec<usize>,
}

impl Unfinished {
    /// Where it is, for people: the rectangle around it and its size.
    ///
    /// ```
    /// use typesweeper::runtime::complete::Unfinished;
    ///
    /// let part = Unfinished { numbers: vec![1, 3], cells: vec![0, 2, 4] };
    /// assert_eq!(part.describe(5), "R1C1 to R1C5 (3 undecided cells around 2 numbers)");
    /// ```
    pub fn describe(&self, cols: usize) -> String {
        let all = self.numbers.iter().chain(&self.cells);
        let (rows, columns) = (all.clone().map(|&i| i / cols), all.map(|&i| i % cols));
        let (r0, r1) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
        let (c0, c1) = (
            columns.clone().min().unwrap_or(0),
            columns.max().unwrap_or(0),
        );
        let name = |r: usize, c: usize| super::deduction::cell_name(cols, r * cols + c);
        format!(
            "{} to {} ({} around {})",
            name(r0, c0),
            name(r1, c1),
            super::deduction::plural(self.cells.len(), "undecided cell"),
            super::deduction::plural(self.numbers.len(), "number")
        )
    }
}

/// The error of a search that ran out of `budget` on `part` (on a board of `cols` columns).
fn out_of_budget(part: &Unfinished, cols: usize, budget: &Budget) -> SolveError {
    SolveError::OutOfBudget(format!(
        "the work budget ({budget}) ran out on the frontier at {}",
        part.describe(cols)
    ))
}

/// As [`solve`], within `budget` (shared: what one call spends, the next cannot). When it runs
/// out, the result holds what was proved until then (the components finished and the local
/// rules elsewhere, all of it still proved) and the parts given up on.
///
/// ```
/// use typesweeper::board::Board;
/// use typesweeper::runtime::complete::{solve_within, Budget};
/// use typesweeper::runtime::Given;
///
/// let puzzle: Board = "? ? ?\n1 2 1".parse().unwrap();
/// let solved = solve_within(&puzzle, Given::nothing(), &Budget::default()).unwrap();
/// assert!(solved.unfinished.is_empty());
/// assert_eq!(solved.deduction.to_string(), "x s x\n1 2 1");
/// // With no budget at all, only what the local rules prove (here nothing).
/// let solved = solve_within(&puzzle, Given::nothing(), &Budget::new(0)).unwrap();
/// assert_eq!(solved.deduction.to_string(), "? ? ?\n1 2 1");
/// assert_eq!(solved.unfinished[0].describe(3), "R1C1 to R2C3 (3 undecided cells around 3 numbers)");
/// ```
pub fn solve_within(
    puzzle: &Board,
    given: Given<'_>,
    budget: &Budget,
) -> Result<Solved, SolveError> {
    let mut state = State::new(puzzle, given)?;
    loop {
        state.run_fragment()?;
        let left = state.total.map(|t| t - state.mines);
        let (analysis, unfinished) =
            analyse_parts(&state.cells, state.rows, state.cols, left, budget)?;
        let forced = analysis.forced_steps();
        let progress = !forced.is_empty();
        for (i, mine, reason) in forced {
            if state.cells[i] == Deduced::Undecided {
                state.decide(i, mine, reason)?;
            }
        }
        if !unfinished.is_empty() {
            state.run_fragment()?;
            let unfinished = unfinished
                .into_iter()
                .map(|mut part| {
                    part.cells.retain(|&i| state.cells[i] == Deduced::Undecided);
                    part
                })
                .collect();
            return Ok(Solved {
                deduction: state.finish(),
                unfinished,
            });
        }
        if !progress {
            return Ok(Solved {
                deduction: state.finish(),
                unfinished: Vec::new(),
            });
        }
    }
}

/// What one component's layouts look like when they hold exactly `mines` mines.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutSummary {
    /// Mines in the component.
    pub mines: usize,
    /// Natural logarithm of the number of layouts (cell-level, i.e. box layouts weighted by
    /// `C(box size, box mines)`).
    pub ln_layouts: f64,
}

/// An independent part of the frontier.
#[derive(Clone, Debug, PartialEq)]
pub struct Component {
    /// The number cells (row-major) whose constraints tie it together.
    pub numbers: Vec<usize>,
    /// Its cells grouped into boxes: cells touching exactly the same numbers, in the order of
    /// the sweep.
    pub boxes: Vec<Vec<usize>>,
    /// One entry per mine count that some layout has, in increasing order of `mines`.
    pub summaries: Vec<LayoutSummary>,
    /// Per summary, whether its layouts are still possible once the total mine count is taken
    /// into account.
    pub feasible: Vec<bool>,
    /// Its layouts of box counts, to sweep again.
    sweep: Sweep,
    /// Per mine count and box, `ln` of the box's mines summed over layouts
    /// ([`Sweep::box_mines_table`]), made at the first [`Component::ln_box_mines`] when the
    /// component is small enough ([`EXACT_WORK`]).
    table: Lazy,
}

/// The most work ([`Sweep::table_work`]) for which [`Component::ln_box_mines`] keeps a table per
/// mine count and box, summed in the order of a depth-first search over box counts (as
/// `complete` did before it swept), instead of weighing the component with a forward and a
/// backward pass. The two agree up to rounding; the table keeps the last bits as they were, so
/// that where exact arithmetic ties two cells' chances, the autoplayer breaks the tie as it
/// did. Every component of an expert game is far below this; long frontiers, where the
/// table's cost grows with the square of the length, are above it.
const EXACT_WORK: u64 = 1 << 22;

/// What [`Component::table`] holds once made: the table, or `None` for a component too big
/// for it. Not part of what a component is, so components compare equal whatever it holds.
#[derive(Clone, Debug, Default)]
struct Lazy(std::sync::OnceLock<Option<Vec<f64>>>);

impl PartialEq for Lazy {
    fn eq(&self, _: &Lazy) -> bool {
        true
    }
}

impl Component {
    /// Its cells (row-major), box by box.
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.boxes.iter().flatten().copied()
    }

    /// The natural logarithm of its layout count, indexed by mine count (`-inf` where none),
    /// ignoring the total count.
    pub fn ln_distribution(&self) -> Vec<f64> {
        let max = self.summaries.last().map_or(0, |t| t.mines);
        let mut d = vec![f64::NEG_INFINITY; max + 1];
        for t in &self.summaries {
            d[t.mines] = t.ln_layouts;
        }
        d
    }

    /// Per box, the natural logarithm of the sum over its layouts of `e^ln_weight[m]` (`m` the
    /// layout's mine count; `-inf`, or past the end of `ln_weight`, for a weight of zero) times
    /// the box's mine count: with the weights the rest of the board gives each `m`, over all
    /// layouts of the board, the chance that a cell of box `b` is a mine is
    /// `exp(result[b] - ln(all layouts)) / size of b`. `-inf` for a box no weighted layout puts
    /// a mine in.
    ///
    /// One forward and one backward pass over the component's sweep, costing about as much as
    /// counting its layouts did (not charged to a budget: that counting was).
    ///
    /// ```
    /// use typesweeper::runtime::complete::analyse;
    /// use typesweeper::runtime::Deduced::{Safe, Undecided};
    ///
    /// // `? 1 ? 1 ?`: one mine in the middle, or one at each end.
    /// let (u, one) = (Undecided, Safe(Some(1)));
    /// let a = analyse(&[u, one, u, one, u], 1, 5, None).unwrap();
    /// let comp = &a.components[0];
    /// // Weigh the layouts with one mine 1 and those with two 3: the middle holds 1 mine in
    /// // weight 1, each end 1 mine in weight 3.
    /// let mines = comp.ln_box_mines(&[f64::NEG_INFINITY, 0.0, 3f64.ln()]);
    /// for (cells, m) in comp.boxes.iter().zip(&mines) {
    ///     let want = if cells == &[2] { 1.0 } else { 3.0 };
    ///     assert!((m.exp() - want).abs() < 1e-12, "{cells:?}: {}", m.exp());
    /// }
    /// ```
    pub fn ln_box_mines(&self, ln_weight: &[f64]) -> Vec<f64> {
        let table = self.table.0.get_or_init(|| {
            (self.sweep.table_work() <= EXACT_WORK).then(|| self.sweep.box_mines_table())
        });
        match table {
            Some(table) if !self.summaries.is_empty() => {
                let boxes = self.boxes.len();
                let mut out = vec![f64::NEG_INFINITY; boxes];
                for t in &self.summaries {
                    let w = ln_weight.get(t.mines).copied().unwrap_or(f64::NEG_INFINITY);
                    let row = &table[t.mines * boxes..(t.mines + 1) * boxes];
                    for (m, &x) in out.iter_mut().zip(row) {
                        *m = ln::add(*m, w + x);
                    }
                }
                out
            }
            _ => {
                self.sweep
                    .weighted(ln_weight, &Budget::unlimited())
                    .expect("no limit")
                    .ln_box_mines
            }
        }
    }

    /// About the work of [`Component::ln_box_mines`] the first time (later ones are cheaper
    /// when the table is kept).
    fn weighing_work(&self) -> u64 {
        let table = self.sweep.table_work();
        if table <= EXACT_WORK {
            table
        } else {
            self.sweep.weighted_work()
        }
    }

    /// Counts its layouts per mine count into `summaries` (all `feasible` if not marked yet),
    /// unless done already.
    fn count_layouts(&mut self, budget: &Budget) -> Result<(), OutOfBudget> {
        if self.summaries.is_empty() {
            let d = self.sweep.ln_distribution(budget)?;
            self.summaries = (0..d.len())
                .filter(|&m| d[m] > f64::NEG_INFINITY)
                .map(|m| LayoutSummary {
                    mines: m,
                    ln_layouts: d[m],
                })
                .collect();
        }
        if self.feasible.len() != self.summaries.len() {
            self.feasible = vec![true; self.summaries.len()];
        }
        Ok(())
    }

    /// The component as a part given up on.
    fn unfinished(&self) -> Unfinished {
        let mut cells: Vec<usize> = self.cells().collect();
        cells.sort_unstable();
        Unfinished {
            numbers: self.numbers.clone(),
            cells,
        }
    }
}

/// Everything [`analyse`] found about a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Per cell (row-major): whether some consistent layout makes it a mine.
    pub can_be_mine: Vec<bool>,
    /// Per cell: whether some consistent layout makes it safe.
    pub can_be_safe: Vec<bool>,
    /// The independent frontier components.
    pub components: Vec<Component>,
    /// Undecided cells that touch no number with undecided neighbours.
    pub interior: Vec<usize>,
    /// Mines not yet decided, when the total is known.
    pub mines_left: Option<usize>,
    /// Per cell, whether it took the total count to decide it.
    by_total: Vec<bool>,
}

impl Analysis {
    /// `Some(true)` when cell `i` is a mine in every consistent layout, `Some(false)` when it is
    /// safe in every one, `None` when layouts disagree.
    pub fn forced(&self, i: usize) -> Option<bool> {
        match (self.can_be_mine[i], self.can_be_safe[i]) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    }

    /// The exact chance that each cell (row-major) is a mine, all layouts consistent with the
    /// numbers and the total count being equally likely: 1 for mines, 0 for safe cells. `None`
    /// when the total is unknown (without it the interior has no distribution).
    ///
    /// Each component mine count `k` is weighted by the layouts of the other components and
    /// `C(interior, mines left - frontier mines)`, all in log space so that huge boards neither
    /// overflow nor underflow; each component is then swept once with those weights
    /// ([`Component::ln_box_mines`]).
    ///
    /// ```
    /// use typesweeper::runtime::complete::analyse;
    /// use typesweeper::runtime::Deduced::{Safe, Undecided};
    ///
    /// // `? 1 ? ?` with 1 mine: the mine is beside the 1, each side equally likely.
    /// let a = analyse(&[Undecided, Safe(Some(1)), Undecided, Undecided], 1, 4, Some(1)).unwrap();
    /// let p = a.mine_probabilities().unwrap();
    /// let expected = [0.5, 0.0, 0.5, 0.0];
    /// assert!(p.iter().zip(expected).all(|(p, e)| (p - e).abs() < 1e-12), "{p:?}");
    /// ```
    pub fn mine_probabilities(&self) -> Option<Vec<f64>> {
        let left = self.mines_left?;
        let size = self.interior.len();
        let interior = ln_interior(size, left);
        let dists = self.ln_distributions();
        let mut prefix = vec![vec![0.0]];
        for d in &dists {
            let next = ln::convolve(prefix.last().expect("starts non-empty"), d);
            prefix.push(next);
        }
        let mut suffix = vec![vec![0.0]; dists.len() + 1];
        for k in (0..dists.len()).rev() {
            suffix[k] = ln::convolve(&suffix[k + 1], &dists[k]);
        }
        let full = &prefix[dists.len()];
        let ln_total = (0..full.len()).fold(f64::NEG_INFINITY, |acc, s| {
            ln::add(acc, full[s] + interior(s))
        });
        let mut p: Vec<f64> = (0..self.can_be_mine.len())
            .map(|i| if self.can_be_mine[i] { 1.0 } else { 0.0 })
            .collect();
        for (k, comp) in self.components.iter().enumerate() {
            let others = ln::convolve(&prefix[k], &suffix[k + 1]);
            // Per mine count of the component, the layouts of everything else.
            let mut rest = vec![f64::NEG_INFINITY; dists[k].len()];
            for t in &comp.summaries {
                rest[t.mines] = (0..others.len()).fold(f64::NEG_INFINITY, |acc, s| {
                    ln::add(acc, others[s] + interior(s + t.mines))
                });
            }
            let mines = comp.ln_box_mines(&rest);
            for (b, cells) in comp.boxes.iter().enumerate() {
                let chance = (mines[b] - ln_total).exp() / cells.len() as f64;
                for &i in cells {
                    p[i] = chance;
                }
            }
        }
        if size > 0 {
            let expected = (0..full.len())
                .filter(|&s| s < left)
                .fold(f64::NEG_INFINITY, |acc, s| {
                    ln::add(acc, full[s] + interior(s) + ((left - s) as f64).ln())
                });
            let chance = (expected - ln_total).exp() / size as f64;
            for &i in &self.interior {
                p[i] = chance;
            }
        }
        Some(p)
    }

    /// As [`Analysis::mine_probabilities`], within `budget`: `None` also when the work (about
    /// the square of the frontier's mine counts, and a sweep of each component) is more than
    /// is left, charged before anything is done.
    pub fn mine_probabilities_within(&self, budget: &Budget) -> Option<Vec<f64>> {
        self.mines_left?;
        budget.charge(self.probability_work()).ok()?;
        self.mine_probabilities()
    }

    /// About the work of [`Analysis::mine_probabilities`] (and of [`Analysis::ln_layouts`]), in
    /// budget steps: the convolutions of the components' layout counts, and weighing each
    /// component's boxes.
    pub(crate) fn probability_work(&self) -> u64 {
        let lens: Vec<u64> = self
            .components
            .iter()
            .map(|c| c.summaries.last().map_or(0, |t| t.mines as u64) + 1)
            .collect();
        let total: u64 = 1 + lens.iter().map(|l| l - 1).sum::<u64>();
        let mut prefix = 1;
        let mut work = self.interior.len() as u64;
        for (comp, &len) in self.components.iter().zip(&lens) {
            let suffix = total - prefix - (len - 1) + 1;
            let others = prefix + suffix - 1;
            work += 2 * prefix * len + prefix * suffix + others * len + comp.weighing_work();
            prefix += len - 1;
        }
        work
    }

    /// The natural logarithm of the number of mine layouts of the undecided cells that fit the
    /// numbers and the total count (`-inf` when none does; `None` when the total is unknown).
    /// Comparing it between positions gives relative likelihoods: e.g. the chance that a safe
    /// cell shows `v` is the layouts with `v` written there over the sum for every `v`.
    ///
    /// ```
    /// use typesweeper::runtime::complete::analyse;
    /// use typesweeper::runtime::Deduced::{Safe, Undecided};
    ///
    /// // `? 1 ? ?` with 1 mine: two layouts (the mine on either side of the 1).
    /// let a = analyse(&[Undecided, Safe(Some(1)), Undecided, Undecided], 1, 4, Some(1)).unwrap();
    /// assert!((a.ln_layouts().unwrap().exp() - 2.0).abs() < 1e-9);
    /// ```
    pub fn ln_layouts(&self) -> Option<f64> {
        let interior = ln_interior(self.interior.len(), self.mines_left?);
        let full = self
            .ln_distributions()
            .iter()
            .fold(vec![0.0], |acc, d| ln::convolve(&acc, d));
        Some((0..full.len()).fold(f64::NEG_INFINITY, |acc, s| {
            ln::add(acc, full[s] + interior(s))
        }))
    }

    /// The frontier cells (row-major), component by component.
    pub fn frontier(&self) -> impl Iterator<Item = usize> + '_ {
        self.components.iter().flat_map(Component::cells)
    }

    /// Per cell (row-major), the index in [`Analysis::components`] of the component it belongs
    /// to (`None` for interior and decided cells).
    pub fn component_by_cell(&self) -> Vec<Option<usize>> {
        let mut out = vec![None; self.can_be_mine.len()];
        for (k, comp) in self.components.iter().enumerate() {
            for i in comp.cells() {
                out[i] = Some(k);
            }
        }
        out
    }

    /// Per cell (row-major), whether it is in [`Analysis::interior`].
    pub fn interior_by_cell(&self) -> Vec<bool> {
        let mut out = vec![false; self.can_be_mine.len()];
        for &i in &self.interior {
            out[i] = true;
        }
        out
    }

    /// Per component, `ln` of its layout count indexed by mine count (`-inf` where none).
    fn ln_distributions(&self) -> Vec<Vec<f64>> {
        self.components
            .iter()
            .map(Component::ln_distribution)
            .collect()
    }

    /// Counts the layouts of every component per mine count (for probabilities and layout
    /// counts), where [`analyse_parts`] did not need them.
    pub(crate) fn count_layouts(&mut self, budget: &Budget, cols: usize) -> Result<(), SolveError> {
        for comp in &mut self.components {
            if comp.count_layouts(budget).is_err() {
                return Err(out_of_budget(&comp.unfinished(), cols, budget));
            }
        }
        Ok(())
    }

    /// The undecided cells that every layout agrees on, with the reason to record.
    fn forced_steps(&self) -> Vec<(usize, bool, Reason)> {
        let mut out = Vec::new();
        for comp in &self.components {
            // One list of numbers shared by the steps of a component, however many.
            let numbers: Arc<[usize]> = comp.numbers.as_slice().into();
            for i in comp.cells() {
                if let Some(mine) = self.forced(i) {
                    let reason = Reason::AllLayouts {
                        numbers: Arc::clone(&numbers),
                        with_total: self.by_total[i],
                    };
                    out.push((i, mine, reason));
                }
            }
        }
        for &i in &self.interior {
            if let Some(mine) = self.forced(i) {
                let reason = Reason::AllLayouts {
                    numbers: Arc::from([]),
                    with_total: true,
                };
                out.push((i, mine, reason));
            }
        }
        out.sort_by_key(|s| s.0);
        out
    }
}

/// Analyses a position: `cells` (row-major, `rows` x `cols`) as far as they are decided, and
/// `mines_left`, the number of mines among the undecided cells when the total is known.
///
/// Fails with [`SolveError::Contradiction`] when no layout fits, with
/// [`SolveError::BadInput`] when `cells` does not hold `rows * cols` cells, and with
/// [`SolveError::OutOfBudget`] when the default [`Budget`] runs out ([`analyse_within`] takes
/// another).
pub fn analyse(
    cells: &[Deduced],
    rows: usize,
    cols: usize,
    mines_left: Option<usize>,
) -> Result<Analysis, SolveError> {
    analyse_within(cells, rows, cols, mines_left, &Budget::default())
}

/// As [`analyse`], within `budget` (shared: what one call spends, the next cannot).
pub fn analyse_within(
    cells: &[Deduced],
    rows: usize,
    cols: usize,
    mines_left: Option<usize>,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    let (mut analysis, unfinished) = analyse_parts(cells, rows, cols, mines_left, budget)?;
    if let Some(part) = unfinished.first() {
        return Err(out_of_budget(part, cols, budget));
    }
    analysis.count_layouts(budget, cols)?;
    Ok(analysis)
}

/// As [`analyse_within`], for which cells are forced only: layouts are not counted per mine
/// count where the total count does not need it (so the analysis has no probabilities), which
/// saves most of the work on big frontiers.
pub(crate) fn analyse_forced(
    cells: &[Deduced],
    rows: usize,
    cols: usize,
    mines_left: Option<usize>,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    let (analysis, unfinished) = analyse_parts(cells, rows, cols, mines_left, budget)?;
    match unfinished.first() {
        Some(part) => Err(out_of_budget(part, cols, budget)),
        None => Ok(analysis),
    }
}

/// The analysis of what fits in `budget`: which cells are forced (the components finished, and
/// with the total count only when all of them are), and the components given up on. Layouts
/// are counted per mine count only where the total count needs it
/// ([`Analysis::count_layouts`] does the rest).
pub(crate) fn analyse_parts(
    cells: &[Deduced],
    rows: usize,
    cols: usize,
    mines_left: Option<usize>,
    budget: &Budget,
) -> Result<(Analysis, Vec<Unfinished>), SolveError> {
    let n = cells.len();
    if rows.checked_mul(cols) != Some(n) {
        return Err(SolveError::BadInput(format!(
            "{n} cells do not make a {rows}x{cols} board"
        )));
    }
    // Looking the board over costs a step per four cells: without it, a search that decides
    // one cell of a huge board at a time (revealing numbers from an answer) would not count
    // the time it takes.
    let scan = budget.charge(n as u64 / 4);
    let constraints = Constraints::of(cells, rows, cols)?;
    let undecided = Undecided::of(cells, rows, cols, &constraints);
    let groups = undecided.groups(constraints.need.len());
    // The smallest first, so that a huge one spending the budget leaves the others done.
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.sort_by_key(|&g| groups[g].cells.len());
    let mut built: Vec<Option<Component>> = (0..groups.len()).map(|_| None).collect();
    let mut no_layout: Option<usize> = None;
    let mut given_up: Vec<usize> = Vec::new();
    for g in order {
        if scan.is_err() {
            given_up.push(g);
            continue;
        }
        match enumerate(&groups[g], &undecided.signature, &constraints, budget) {
            Ok(Some(comp)) => built[g] = Some(comp),
            Ok(None) => no_layout = Some(no_layout.map_or(g, |first| first.min(g))),
            Err(OutOfBudget) => given_up.push(g),
        }
    }
    if let Some(g) = no_layout {
        return Err(no_layout_fits(cols, &numbers_of(&groups[g], &constraints)));
    }
    given_up.sort_unstable();
    let mut unfinished: Vec<Unfinished> = given_up
        .iter()
        .map(|&g| Unfinished {
            numbers: numbers_of(&groups[g], &constraints),
            cells: groups[g].cells.clone(),
        })
        .collect();
    let components: Vec<Component> = built.into_iter().flatten().collect();
    // Without every component, the total count says nothing sure.
    let total = if unfinished.is_empty() {
        mines_left
    } else {
        None
    };
    let (mut analysis, ran_out) = decide(cells, components, undecided.interior, total, budget)?;
    if let Some(k) = ran_out {
        unfinished.push(analysis.components[k].unfinished());
    }
    if !unfinished.is_empty() {
        analysis.mines_left = None;
    }
    Ok((analysis, unfinished))
}
struct Constraints {
    /// Per cell (row-major), the index of its constraint, if it is one.
    of_cell: Vec<Option<usize>>,
    /// Per constraint, its number's cell.
    cells: Vec<usize>,
    /// Per constraint, the mines it still needs among its undecided neighbours.
    need: Vec<usize>,
}

impl Constraints {
    /// The constraints of `cells`; fails on a number with more mines around it than it shows,
    /// or with too few undecided neighbours left for the rest.
    fn of(cells: &[Deduced], rows: usize, cols: usize) -> Result<Constraints, SolveError> {
        let mut out = Constraints {
            of_cell: vec![None; cells.len()],
            cells: Vec::new(),
            need: Vec::new(),
        };
        for (i, &cell) in cells.iter().enumerate() {
            let Deduced::Safe(Some(v)) = cell else {
                continue;
            };
            let (mut mines, mut unknown) = (0, 0);
            for j in crate::board::neighbours(rows, cols, i / cols, i % cols) {
                match cells[j] {
                    Deduced::Mine => mines += 1,
                    Deduced::Undecided => unknown += 1,
                    Deduced::Safe(_) => {}
                }
            }
            let v = usize::from(v);
            if mines > v || v - mines > unknown {
                return Err(SolveError::Contradiction(format!(
                    "the {v} at {} cannot be satisfied",
                    super::deduction::cell_name(cols, i)
                )));
            }
            if unknown > 0 {
                out.of_cell[i] = Some(out.cells.len());
                out.cells.push(i);
                out.need.push(v - mines);
            }
        }
        Ok(out)
    }
}

/// The undecided cells, split by whether they touch a constraint.
struct Undecided {
    /// Per cell (row-major), the constraints it touches: its *signature* (empty but for
    /// frontier cells).
    signature: Vec<Vec<usize>>,
    /// The cells that touch some constraint, row-major.
    frontier: Vec<usize>,
    /// The cells that touch none, row-major.
    interior: Vec<usize>,
}

/// One component before its search: its constraints and its cells.
struct Group {
    constraints: Vec<usize>,
    cells: Vec<usize>,
}

impl Undecided {
    /// The undecided cells of `cells` and their signatures.
    fn of(cells: &[Deduced], rows: usize, cols: usize, constraints: &Constraints) -> Undecided {
        let mut out = Undecided {
            signature: vec![Vec::new(); cells.len()],
            frontier: Vec::new(),
            interior: Vec::new(),
        };
        for (i, &cell) in cells.iter().enumerate() {
            if cell != Deduced::Undecided {
                continue;
            }
            let signature: Vec<usize> = crate::board::neighbours(rows, cols, i / cols, i % cols)
                .filter_map(|j| constraints.of_cell[j])
                .collect();
            if signature.is_empty() {
                out.interior.push(i);
            } else {
                out.signature[i] = signature;
                out.frontier.push(i);
            }
        }
        out
    }

    /// The frontier's independent parts: the `count` constraints joined through the cells they
    /// share (union-find), in order of their first constraint, each with its cells.
    fn groups(&self, count: usize) -> Vec<Group> {
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let mut parent: Vec<usize> = (0..count).collect();
        for &i in &self.frontier {
            let first = find(&mut parent, self.signature[i][0]);
            for &c in &self.signature[i][1..] {
                let r = find(&mut parent, c);
                parent[r] = first;
            }
        }
        let mut group_of_root: HashMap<usize, usize> = HashMap::default();
        let mut groups: Vec<Group> = Vec::new();
        for c in 0..count {
            let r = find(&mut parent, c);
            let k = *group_of_root.entry(r).or_insert_with(|| {
                groups.push(Group {
                    constraints: Vec::new(),
                    cells: Vec::new(),
                });
                groups.len() - 1
            });
            groups[k].constraints.push(c);
        }
        for &i in &self.frontier {
            let r = find(&mut parent, self.signature[i][0]);
            groups[group_of_root[&r]].cells.push(i);
        }
        groups
    }
}

/// The contradiction of a component no layout fits, naming its `numbers`.
fn no_layout_fits(cols: usize, numbers: &[usize]) -> SolveError {
    let names: Vec<String> = numbers
        .iter()
        .map(|&j| super::deduction::cell_name(cols, j))
        .collect();
    SolveError::Contradiction(format!(
        "no mine layout fits the numbers at {}",
        names.join(", ")
    ))
}

/// The number cells of `group`, sorted.
fn numbers_of(group: &Group, constraints: &Constraints) -> Vec<usize> {
    let mut numbers: Vec<usize> = group
        .constraints
        .iter()
        .map(|&c| constraints.cells[c])
        .collect();
    numbers.sort_unstable();
    numbers
}

/// The analysis of `cells` from its swept `components` and its `interior`: which undecided
/// cells can be mines and which safe, first from the numbers alone, then with `mines_left`
/// when it is known (noting the cells only the total decides). Also the component, if any,
/// whose sweep with the total count ran out of `budget`: the analysis then stops short of the
/// total there and after, every cell it decides still decided.
fn decide(
    cells: &[Deduced],
    components: Vec<Component>,
    interior: Vec<usize>,
    mines_left: Option<usize>,
    budget: &Budget,
) -> Result<(Analysis, Option<usize>), SolveError> {
    let n = cells.len();
    let mut a = Analysis {
        can_be_mine: cells.iter().map(|&c| c == Deduced::Mine).collect(),
        can_be_safe: cells
            .iter()
            .map(|&c| matches!(c, Deduced::Safe(_)))
            .collect(),
        components,
        interior,
        mines_left,
        by_total: vec![false; n],
    };
    // The numbers alone.
    for comp in &a.components {
        let (mine, free) = comp.sweep.box_range();
        mark_boxes(
            &mut a.can_be_mine,
            &mut a.can_be_safe,
            &comp.boxes,
            &mine,
            &free,
        );
    }
    for &i in &a.interior {
        a.can_be_mine[i] = true;
        a.can_be_safe[i] = true;
    }
    let Some(left) = mines_left else {
        return Ok((a, None));
    };
    let before: Vec<Option<bool>> = (0..n).map(|i| a.forced(i)).collect();
    let ran_out = restrict(&mut a, left, budget)?;
    for (i, was) in before.iter().enumerate() {
        a.by_total[i] = was.is_none() && a.forced(i).is_some();
    }
    Ok((a, ran_out))
}

/// What the total count, `left` mines for the undecided cells, adds to the numbers' analysis
/// `a`; the component whose sweep ran out of `budget`, if one did (what was restricted before it
/// stays: each step is sound on its own).
fn restrict(a: &mut Analysis, left: usize, budget: &Budget) -> Result<Option<usize>, SolveError> {
    let size = a.interior.len();
    let (least, most) = a.components.iter().fold((0, 0), |(l, m), comp| {
        let (cl, cm) = comp.sweep.mine_range();
        (l + cl, m + cm)
    });
    if most <= left && left - least <= size {
        // Every sum is possible (the usual case on big boards): only the interior can be
        // decided, by the extremes, and no component needs its layouts counted.
        for comp in &mut a.components {
            comp.feasible = vec![true; comp.summaries.len()];
        }
        for &i in &a.interior {
            a.can_be_mine[i] = least < left;
            a.can_be_safe[i] = most + size > left;
        }
        return Ok(None);
    }
    for k in 0..a.components.len() {
        if a.components[k].count_layouts(budget).is_err() {
            return Ok(Some(k));
        }
    }
    restrict_to_total(a, left)?;
    for k in 0..a.components.len() {
        let comp = &a.components[k];
        if comp.feasible.iter().all(|&ok| ok) {
            continue; // as the numbers alone have it
        }
        // Sweep again with only the mine counts the total allows.
        let mut allowed = vec![f64::NEG_INFINITY; comp.summaries.last().map_or(0, |t| t.mines) + 1];
        for (t, _) in comp
            .summaries
            .iter()
            .zip(&comp.feasible)
            .filter(|(_, &ok)| ok)
        {
            allowed[t.mines] = 0.0;
        }
        let Ok(m) = comp.sweep.weighted(&allowed, budget) else {
            return Ok(Some(k));
        };
        for (b, cells) in comp.boxes.iter().enumerate() {
            for &i in cells {
                a.can_be_mine[i] = m.can_be_mine[b];
                a.can_be_safe[i] = m.can_be_safe[b];
            }
        }
    }
    mark_interior(a, left);
    Ok(None)
}

/// Marks the cells of `boxes` by whether some layout puts a mine in their box (`mine`) and
/// whether some layout leaves one of its cells free (`free`).
fn mark_boxes(
    can_be_mine: &mut [bool],
    can_be_safe: &mut [bool],
    boxes: &[Vec<usize>],
    mine: &[bool],
    free: &[bool],
) {
    for (b, cells) in boxes.iter().enumerate() {
        for &i in cells {
            can_be_mine[i] = mine[b];
            can_be_safe[i] = free[b];
        }
    }
}

/// Marks the interior cells from the feasible frontier totals, with `mines_left` for the
/// undecided cells.
fn mark_interior(a: &mut Analysis, mines_left: usize) {
    let size = a.interior.len();
    if size == 0 {
        return;
    }
    let left = mines_left;
    let (least, most) = feasible_range(&a.components);
    if most <= left && left - least <= size {
        // Every sum is possible: the extremes decide.
        for &i in &a.interior {
            a.can_be_mine[i] = least < left;
            a.can_be_safe[i] = most + size > left;
        }
        return;
    }
    let sums = reachable(a.components.iter());
    let interior_counts = sums
        .iter()
        .enumerate()
        .filter(|&(s, &ok)| ok && s <= left && left - s <= size)
        .map(|(s, _)| left - s);
    let (mut mine, mut safe) = (false, false);
    for j in interior_counts {
        mine |= j > 0;
        safe |= j < size;
    }
    for &i in &a.interior {
        a.can_be_mine[i] = mine;
        a.can_be_safe[i] = safe;
    }
}

/// The fewest and most frontier mines, over the feasible summaries of every component.
fn feasible_range(components: &[Component]) -> (usize, usize) {
    let mut range = (0, 0);
    for comp in components {
        let mut feasible = comp
            .summaries
            .iter()
            .zip(&comp.feasible)
            .filter(|(_, &ok)| ok)
            .map(|(t, _)| t.mines);
        let least = feasible.next().unwrap_or(0);
        let most = feasible.next_back().unwrap_or(least);
        range = (range.0 + least, range.1 + most);
    }
    range
}

/// The sums of feasible per-component mine counts, as a membership vector.
fn reachable<'c>(components: impl Iterator<Item = &'c Component>) -> Vec<bool> {
    let mut sums = vec![true];
    for comp in components {
        let max = comp.summaries.last().map_or(0, |t| t.mines);
        let mut next = vec![false; sums.len() + max];
        for (s, _) in sums.iter().enumerate().filter(|(_, &ok)| ok) {
            for (t, summary) in comp.summaries.iter().enumerate() {
                if comp.feasible[t] {
                    next[s + summary.mines] = true;
                }
            }
        }
        sums = next;
    }
    sums
}

/// Keeps the summaries that some combination with the other components and the interior can
/// complete to exactly `left` mines.
fn restrict_to_total(a: &mut Analysis, left: usize) -> Result<(), SolveError> {
    let size = a.interior.len();
    let count = a.components.len();
    let (least, most) = feasible_range(&a.components);
    if most <= left && left - least <= size {
        return Ok(()); // every combination fits: nothing to restrict
    }
    // prefix[k]: sums over components before k; suffix[k]: over components k and after.
    let mut prefix = vec![vec![true]];
    for comp in &a.components {
        let last = prefix.last().expect("starts non-empty");
        prefix.push(add(last, comp));
    }
    let mut suffix = vec![vec![true]; count + 1];
    for k in (0..count).rev() {
        suffix[k] = add(&suffix[k + 1], &a.components[k]);
    }
    let full = &prefix[count];
    if !full
        .iter()
        .enumerate()
        .any(|(s, &ok)| ok && s <= left && left - s <= size)
    {
        return Err(SolveError::Contradiction(format!(
            "no mine layout fits the numbers with {} left for the undecided cells",
            super::deduction::plural(left, "mine")
        )));
    }
    for k in 0..count {
        // Sums of all the other components.
        let others = convolve(&prefix[k], &suffix[k + 1]);
        // cumulative[s] = how many reachable sums are < s.
        let mut cumulative = vec![0usize; others.len() + 1];
        for (s, &ok) in others.iter().enumerate() {
            cumulative[s + 1] = cumulative[s] + usize::from(ok);
        }
        let comp = &mut a.components[k];
        for (t, summary) in comp.summaries.iter().enumerate() {
            // need others in [left - size - m, left - m]
            let m = summary.mines;
            comp.feasible[t] = if m > left {
                false
            } else {
                let hi = (left - m).min(others.len() - 1);
                let lo = (left - m).saturating_sub(size);
                lo <= hi && cumulative[hi + 1] > cumulative[lo]
            };
        }
    }
    Ok(())
}

fn add(sums: &[bool], comp: &Component) -> Vec<bool> {
    let max = comp.summaries.last().map_or(0, |t| t.mines);
    let mut next = vec![false; sums.len() + max];
    for (s, _) in sums.iter().enumerate().filter(|(_, &ok)| ok) {
        for summary in &comp.summaries {
            next[s + summary.mines] = true;
        }
    }
    next
}

fn convolve(a: &[bool], b: &[bool]) -> Vec<bool> {
    let mut out = vec![false; a.len() + b.len() - 1];
    let bs: Vec<usize> = (0..b.len()).filter(|&j| b[j]).collect();
    for i in (0..a.len()).filter(|&i| a[i]) {
        for &j in &bs {
            out[i + j] = true;
        }
    }
    out
}

/// `ln C(size, left - frontier)`: the ways `size` interior cells take the mines that `frontier`
/// frontier mines leave of `left` (`-inf` when impossible).
fn ln_interior(size: usize, left: usize) -> impl Fn(usize) -> f64 {
    let factorials = ln::Factorials::up_to(size);
    move |frontier: usize| match left.checked_sub(frontier) {
        Some(j) => factorials.binomial(size, j),
        None => f64::NEG_INFINITY,
    }
}

/// Sweeps one component: its boxes in breadth-first order and the graph of their layouts;
/// `None` when no layout fits.
fn enumerate(
    group: &Group,
    signature: &[Vec<usize>],
    constraints: &Constraints,
    budget: &Budget,
) -> Result<Option<Component>, OutOfBudget> {
    let boxes = boxes_of(&group.cells, signature);
    let local: HashMap<usize, usize> = group
        .constraints
        .iter()
        .enumerate()
        .map(|(l, &c)| (c, l))
        .collect();
    let box_constraints: Vec<Vec<usize>> = boxes
        .iter()
        .map(|cells| signature[cells[0]].iter().map(|c| local[c]).collect())
        .collect();
    let order = breadth_first(&box_constraints, group.constraints.len());
    let boxes: Vec<Vec<usize>> = order.iter().map(|&b| boxes[b].clone()).collect();
    let box_constraints: Vec<Vec<usize>> =
        order.iter().map(|&b| box_constraints[b].clone()).collect();
    // A box holds at most 8 cells (the neighbours of a number).
    let sizes: Vec<u8> = boxes.iter().map(|cells| cells.len() as u8).collect();
    let need: Vec<usize> = group
        .constraints
        .iter()
        .map(|&c| constraints.need[c])
        .collect();
    let Some(sweep) = Sweep::build(&sizes, &box_constraints, &need, budget)? else {
        return Ok(None);
    };
    Ok(Some(Component {
        numbers: numbers_of(group, constraints),
        boxes,
        summaries: Vec::new(),
        feasible: Vec::new(),
        sweep,
        table: Lazy::default(),
    }))
}

/// `cells` grouped into boxes: cells with the same `signature`, in order of their first cell.
fn boxes_of(cells: &[usize], signature: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut box_of: HashMap<&[usize], usize> = HashMap::default();
    let mut boxes: Vec<Vec<usize>> = Vec::new();
    for &i in cells {
        let b = *box_of.entry(&signature[i]).or_insert_with(|| {
            boxes.push(Vec::new());
            boxes.len() - 1
        });
        boxes[b].push(i);
    }
    boxes
}

/// The boxes in breadth-first order through shared constraints (`box_constraints[b]`: those of
/// box `b`, numbered below `count`), starting from the first box of each part.
fn breadth_first(box_constraints: &[Vec<usize>], count: usize) -> Vec<usize> {
    let mut boxes_of_constraint = vec![Vec::new(); count];
    for (b, cs) in box_constraints.iter().enumerate() {
        for &c in cs {
            boxes_of_constraint[c].push(b);
        }
    }
    let mut order = Vec::with_capacity(box_constraints.len());
    let mut seen = vec![false; box_constraints.len()];
    for start in 0..box_constraints.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut head = order.len();
        order.push(start);
        while head < order.len() {
            let b = order[head];
            head += 1;
            for &c in &box_constraints[b] {
                for &nb in &boxes_of_constraint[c] {
                    if !seen[nb] {
                        seen[nb] = true;
                        order.push(nb);
                    }
                }
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn one_two_one() {
        let d = solve(&board("? ? ? ?\n1 2 2 1"), Given::nothing()).unwrap();
        assert_eq!(d.to_string(), "s x x s\n1 2 2 1");
    }

    #[test]
    fn total_count_decides_interior() {
        // The 1 takes one of two frontier cells; with 1 mine in all, the far cell is safe.
        let puzzle = board("1 ? ?\n1 ? ?\n");
        let d = solve(&puzzle, Given::total(1)).unwrap();
        assert_eq!(d.to_string(), "1 ? s\n1 ? s");
        assert!(d.explain()[0].contains("total count"), "{:?}", d.explain());
        let d = solve(&puzzle, Given::total(3)).unwrap();
        assert_eq!(d.to_string(), "1 ? x\n1 ? x");
    }

    #[test]
    fn contradictions_are_errors() {
        let e = solve(&board("1 ? 1\n? 3 ?"), Given::nothing()).unwrap_err();
        assert!(matches!(e, SolveError::Contradiction(_)), "{e}");
        let e = solve(&board("1 ? ?"), Given::total(0)).unwrap_err();
        assert!(matches!(e, SolveError::Contradiction(_)), "{e}");
    }

    /// Three rows of `cols` (a seeded random layout, about one mine in three in the outer rows,
    /// none in the middle one): the outer rows are unknown, the middle row shows its numbers in
    /// odd columns and is known safe in even ones. One frontier component: each number shares
    /// the column to either side with the next number and has one to itself, so the box counts
    /// alone (not just the cells within boxes) have exponentially many layouts in `cols`. The
    /// answer comes with it.
    fn long_line(cols: usize) -> (Vec<Deduced>, Board) {
        let mut x: u64 = 12345;
        let mut mines = vec![false; 3 * cols];
        for (i, m) in mines.iter_mut().enumerate() {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            *m = !(cols..2 * cols).contains(&i) && (x >> 33) % 3 == 0;
        }
        let answer = crate::runtime::layout::Layout::from_mines(3, cols, mines)
            .unwrap()
            .answer();
        let cells = (0..3 * cols)
            .map(|i| match (i / cols, i % cols % 2) {
                (1, 1) => Deduced::from_cell(answer.cells()[i]),
                (1, _) => Deduced::Safe(None),
                _ => Deduced::Undecided,
            })
            .collect();
        (cells, answer)
    }

    /// The work of the sweep of the one frontier component of `cells`, within `steps` steps:
    /// steps charged to build its graph (`None` when they ran out), boxes, and the natural
    /// logarithm of the layouts the graph counts.
    fn search_work(
        cells: &[Deduced],
        rows: usize,
        cols: usize,
        steps: u64,
    ) -> Option<(usize, usize, f64)> {
        let constraints = Constraints::of(cells, rows, cols).unwrap();
        let undecided = Undecided::of(cells, rows, cols, &constraints);
        let groups = undecided.groups(constraints.need.len());
        assert_eq!(groups.len(), 1);
        let budget = Budget::new(steps);
        let mut comp = enumerate(&groups[0], &undecided.signature, &constraints, &budget)
            .ok()?
            .unwrap();
        let steps = budget.spent() as usize;
        comp.count_layouts(&Budget::unlimited()).unwrap();
        let ln_layouts = ln::sum(comp.summaries.iter().map(|t| t.ln_layouts));
        Some((steps, comp.boxes.len(), ln_layouts))
    }

    #[test]
    fn long_frontier_lines_are_not_enumerated_layout_by_layout() {
        // Taking each state of the sweep once makes its work grow with the line's length;
        // without that, the search takes a step per layout of the box counts, exponentially
        // many. Within a budget of the steps allowed, such a search runs out (and fails here)
        // rather than hangs.
        for cols in [40, 300] {
            let (cells, _) = long_line(cols);
            // A box per column (or two), less the ends.
            let allowed = (STEPS_PER_BOX * cols) as u64;
            let Some((steps, boxes, ln_layouts)) = search_work(&cells, 3, cols, allowed) else {
                panic!("{cols} columns: more than {allowed} steps");
            };
            let least = (cols / 3) as f64 * std::f64::consts::LN_2;
            assert!(
                ln_layouts > least,
                "{cols} columns: only e^{ln_layouts} layouts"
            );
            assert!(
                steps <= STEPS_PER_BOX * boxes,
                "{cols} columns: {steps} steps for {boxes} boxes (e^{ln_layouts} layouts)"
            );
        }
    }

    /// The sweep's work per box on [`long_line`] boards, with room to spare: it takes about 23
    /// (a state, which costs 8 steps, is the need of the one number straddling a box, at most 8
    /// mines; a transition costs 1); a search without states, one step per layout, about
    /// 470,000 on 40 columns.
    const STEPS_PER_BOX: usize = 40;

    #[test]
    fn weighing_by_sweeps_agrees_with_the_table() {
        // The forward-backward weighing (long frontiers) against the table summed in the old
        // depth-first order (small components), on frontiers of several lengths, with weights
        // that leave some mine counts out.
        let close = |a: f64, b: f64| a == b || (a - b).abs() <= 1e-9 * a.abs().max(1.0);
        for cols in [3, 8, 20, 60] {
            let (cells, _) = long_line(cols);
            let constraints = Constraints::of(&cells, 3, cols).unwrap();
            let undecided = Undecided::of(&cells, 3, cols, &constraints);
            let budget = Budget::unlimited();
            for group in undecided.groups(constraints.need.len()) {
                let mut comp = enumerate(&group, &undecided.signature, &constraints, &budget)
                    .unwrap()
                    .unwrap();
                comp.count_layouts(&budget).unwrap();
                let table = comp.sweep.box_mines_table();
                let boxes = comp.boxes.len();
                let most = comp.summaries.last().unwrap().mines;
                // Every mine count weighed, or one in two or three left out.
                for skip in [0, 2, 3] {
                    let weight: Vec<f64> = (0..=most)
                        .map(|m| {
                            if skip > 0 && m % skip == 1 {
                                f64::NEG_INFINITY
                            } else {
                                (m * 7919 % 13) as f64 * 0.3 - 1.0
                            }
                        })
                        .collect();
                    let swept = comp.sweep.weighted(&weight, &budget).unwrap();
                    for b in 0..boxes {
                        let want = comp.summaries.iter().fold(f64::NEG_INFINITY, |acc, t| {
                            ln::add(acc, weight[t.mines] + table[t.mines * boxes + b])
                        });
                        let got = swept.ln_box_mines[b];
                        assert!(close(got, want), "{cols} columns, box {b}: {got} {want}");
                        assert_eq!(swept.can_be_mine[b], want > f64::NEG_INFINITY);
                    }
                    if skip == 0 {
                        let (mine, free) = comp.sweep.box_range();
                        assert_eq!((swept.can_be_mine, swept.can_be_safe), (mine, free));
                    }
                }
            }
        }
    }

    #[test]
    fn chances_stay_exact_with_astronomically_many_layouts() {
        let (cells, answer) = long_line(300);
        let a = analyse(&cells, 3, 300, Some(answer.mine_count())).unwrap();
        assert_eq!(a.components.len(), 1);
        let most = a.components[0]
            .summaries
            .iter()
            .map(|t| t.ln_layouts)
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(most > 100.0 * std::f64::consts::LN_2, "{most}");
        let p = a.mine_probabilities().unwrap();
        // The expected mine count is the total, even with 2^100 layouts and a big interior.
        let expected: f64 = p.iter().sum();
        assert!(
            (expected - answer.mine_count() as f64).abs() < 1e-6,
            "{expected}"
        );
        for (i, &chance) in p.iter().enumerate() {
            assert!((0.0..=1.0 + 1e-9).contains(&chance), "{chance}");
            match a.forced(i) {
                Some(mine) => assert_eq!(mine, answer.cells()[i] == crate::board::Cell::Mine),
                None => assert!(a.can_be_mine[i] && a.can_be_safe[i]),
            }
        }
    }

    #[test]
    fn wrong_sizes_are_errors() {
        let e = analyse(&[Deduced::Undecided; 3], 2, 2, None).unwrap_err();
        assert_eq!(
            e,
            SolveError::BadInput("3 cells do not make a 2x2 board".into())
        );
    }

    #[test]
    fn layout_counts_are_kept_for_probabilities() {
        use Deduced::{Safe, Undecided};
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        // `1 ?` over `? ?`: the 1 has three undecided neighbours, one box of three cells. One
        // summary: one mine, three layouts (one per cell), and the box's mine count summed
        // over them is three.
        let cells = [Safe(Some(1)), Undecided, Undecided, Undecided];
        let a = analyse(&cells, 2, 2, None).unwrap();
        assert_eq!(a.components.len(), 1);
        assert_eq!(a.components[0].boxes, [vec![1, 2, 3]]);
        let s = &a.components[0].summaries;
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].mines, 1);
        assert!(close(s[0].ln_layouts.exp(), 3.0));
        assert!(close(
            a.components[0].ln_box_mines(&[f64::NEG_INFINITY, 0.0])[0].exp(),
            3.0
        ));
        // `? 1 ? 1 ? ? ?` with two mines: the frontier holds one mine (R1C3) or two (R1C1 and
        // R1C5), one layout each, and the interior (R1C6, R1C7) the rest: C(2, 1) = 2 layouts
        // with one frontier mine, C(2, 0) = 1 with two. The chances come from those counts.
        let one = Safe(Some(1));
        let u = Undecided;
        let a = analyse(&[u, one, u, one, u, u, u], 1, 7, Some(2)).unwrap();
        assert_eq!(a.interior, [5, 6]);
        let s = &a.components[0].summaries;
        assert_eq!(s.iter().map(|t| t.mines).collect::<Vec<_>>(), [1, 2]);
        assert!(s.iter().all(|t| close(t.ln_layouts.exp(), 1.0)), "{s:?}");
        assert!(close(a.ln_layouts().unwrap().exp(), 3.0));
        let p = a.mine_probabilities().unwrap();
        let third = 1.0 / 3.0;
        let want = [third, 0.0, 2.0 * third, 0.0, third, third, third];
        assert!(p.iter().zip(want).all(|(&p, w)| close(p, w)), "{p:?}");
        let forced: Vec<Option<bool>> = (0..7).map(|i| a.forced(i)).collect();
        assert_eq!(
            forced,
            [None, Some(false), None, Some(false), None, None, None]
        );
    }
}
