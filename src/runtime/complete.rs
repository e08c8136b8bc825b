//! `complete`: every cell whose value is the same in all mine layouts consistent with the
//! visible numbers and the total mine count (when known).
//!
//! How: the cheap local rules of [`fragment`](super::fragment) run first. What is left is
//! split into the *frontier* (undecided cells touching a number with undecided neighbours) and
//! the *interior* (the other undecided cells). Frontier cells joined through shared numbers form
//! independent *components*; inside one, cells touching exactly the same numbers form a *box*
//! (they are interchangeable, so only a box's mine count matters, weighted by
//! `C(box size, count)`). Each component is searched over box counts in breadth-first order,
//! pruned by each number's remaining mines and capacity, and memoised on what the numbers
//! straddling the current position still need (so a long frontier costs its length, not its
//! number of layouts). The search summarises the component per mine count `k`: how many layouts
//! (as a natural logarithm, so huge boards do not overflow) and the least and most mines each box
//! takes. The total count then keeps only the
//! combinations of per-component counts whose sum leaves the interior between 0 and its size;
//! reachable sums are combined with prefix and suffix sets. With an answer, cells proved safe
//! reveal their numbers and the whole thing runs again until nothing changes.
//!
//! The per-`k` layout counts are what exact mine probabilities need (weight each `k` by
//! `C(interior, mines left - frontier mines)`); [`Analysis`] keeps them for that.
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

use std::rc::Rc;

use rustc_hash::FxHashMap as HashMap;

use super::deduction::{Deduced, Deduction, Given, Reason, SolveError, State};
use super::ln;
use crate::board::Board;

/// Solves `puzzle` completely: decides every cell that all consistent layouts agree on,
/// revealing numbers from the answer when one is given and solving again.
pub fn solve(puzzle: &Board, given: Given<'_>) -> Result<Deduction, SolveError> {
    let mut state = State::new(puzzle, given)?;
    loop {
        state.run_fragment()?;
        let left = state.total.map(|t| t - state.mines);
        let analysis = analyse(&state.cells, state.rows, state.cols, left)?;
        let forced = analysis.forced_steps();
        if forced.is_empty() {
            return Ok(state.finish());
        }
        for (i, mine, reason) in forced {
            if state.cells[i] == Deduced::Undecided {
                state.decide(i, mine, reason)?;
            }
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
    /// Per box, the fewest mines it holds in such a layout.
    pub least: Vec<usize>,
    /// Per box, the most mines it holds in such a layout.
    pub most: Vec<usize>,
    /// Per box, the natural logarithm of the sum over layouts of the box's mine count (so the
    /// chance that a given cell of box `b` is a mine, given `mines`, is
    /// `exp(ln_box_mines[b] - ln_layouts) / size of b`); `-inf` when the box never has a mine.
    pub ln_box_mines: Vec<f64>,
}

/// An independent part of the frontier.
#[derive(Clone, Debug, PartialEq)]
pub struct Component {
    /// The number cells (row-major) whose constraints tie it together.
    pub numbers: Vec<usize>,
    /// Its cells grouped into boxes: cells touching exactly the same numbers.
    pub boxes: Vec<Vec<usize>>,
    /// One entry per mine count that some layout has, in increasing order of `mines`.
    pub summaries: Vec<LayoutSummary>,
    /// Per summary, whether its layouts are still possible once the total mine count is taken
    /// into account.
    pub feasible: Vec<bool>,
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
    /// overflow nor underflow.
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
            let mut mines = vec![f64::NEG_INFINITY; comp.boxes.len()];
            for t in &comp.summaries {
                let rest = (0..others.len()).fold(f64::NEG_INFINITY, |acc, s| {
                    ln::add(acc, others[s] + interior(s + t.mines))
                });
                for (b, m) in mines.iter_mut().enumerate() {
                    *m = ln::add(*m, rest + t.ln_box_mines[b]);
                }
            }
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

    /// The undecided cells that every layout agrees on, with the reason to record.
    fn forced_steps(&self) -> Vec<(usize, bool, Reason)> {
        let mut out = Vec::new();
        for comp in &self.components {
            for i in comp.cells() {
                if let Some(mine) = self.forced(i) {
                    let reason = Reason::AllLayouts {
                        numbers: comp.numbers.clone(),
                        with_total: self.by_total[i],
                    };
                    out.push((i, mine, reason));
                }
            }
        }
        for &i in &self.interior {
            if let Some(mine) = self.forced(i) {
                let reason = Reason::AllLayouts {
                    numbers: Vec::new(),
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
/// Fails with [`SolveError::Contradiction`] when no layout fits, and with
/// [`SolveError::BadInput`] when `cells` does not hold `rows * cols` cells.
pub fn analyse(
    cells: &[Deduced],
    rows: usize,
    cols: usize,
    mines_left: Option<usize>,
) -> Result<Analysis, SolveError> {
    let n = cells.len();
    if rows.checked_mul(cols) != Some(n) {
        return Err(SolveError::BadInput(format!(
            "{n} cells do not make a {rows}x{cols} board"
        )));
    }
    let constraints = Constraints::of(cells, rows, cols)?;
    let undecided = Undecided::of(cells, rows, cols, &constraints);
    // A box holds at most 8 cells (the neighbours of a number).
    let factorials = ln::Factorials::up_to(8);
    let mut components = Vec::new();
    for group in undecided.groups(constraints.need.len()) {
        let comp = enumerate(&group, &undecided.signature, &constraints, &factorials);
        if comp.summaries.is_empty() {
            return Err(no_layout_fits(cols, &comp.numbers));
        }
        components.push(comp);
    }
    decide(cells, components, undecided.interior, mines_left)
}

/// The shown numbers that still have undecided neighbours: the *constraints*.
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

/// The analysis of `cells` from its searched `components` and its `interior`: which undecided
/// cells can be mines and which safe, first from the numbers alone, then with `mines_left`
/// when it is known (noting the cells only the total decides).
fn decide(
    cells: &[Deduced],
    components: Vec<Component>,
    interior: Vec<usize>,
    mines_left: Option<usize>,
) -> Result<Analysis, SolveError> {
    let n = cells.len();
    let mut analysis = Analysis {
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
    // Without the total, every summary is feasible; note what that alone decides.
    let before: Vec<Option<bool>> = {
        mark(&mut analysis, None);
        (0..n).map(|i| analysis.forced(i)).collect()
    };
    if let Some(left) = mines_left {
        restrict_to_total(&mut analysis, left)?;
        for (i, cell) in cells.iter().enumerate() {
            if *cell == Deduced::Undecided {
                analysis.can_be_mine[i] = false;
                analysis.can_be_safe[i] = false;
            }
        }
        mark(&mut analysis, Some(left));
        for (i, was) in before.iter().enumerate() {
            analysis.by_total[i] = was.is_none() && analysis.forced(i).is_some();
        }
    }
    Ok(analysis)
}

/// Sets `can_be_mine`/`can_be_safe` of undecided cells from the feasible summaries; interior
/// cells from the feasible frontier totals when `mines_left` is known (else they can be
/// anything).
fn mark(a: &mut Analysis, mines_left: Option<usize>) {
    for comp in &a.components {
        for (t, summary) in comp.summaries.iter().enumerate() {
            if !comp.feasible[t] {
                continue;
            }
            for (b, cells) in comp.boxes.iter().enumerate() {
                for &i in cells {
                    a.can_be_mine[i] |= summary.most[b] > 0;
                    a.can_be_safe[i] |= summary.least[b] < cells.len();
                }
            }
        }
    }
    let size = a.interior.len();
    if size == 0 {
        return;
    }
    let (mut mine, mut safe) = (true, true);
    if let Some(left) = mines_left {
        let (least, most) = feasible_range(&a.components);
        if most <= left && left - least <= size {
            // Every sum is possible (the usual case on big boards): the extremes decide.
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
        (mine, safe) = (false, false);
        for j in interior_counts {
            mine |= j > 0;
            safe |= j < size;
        }
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

/// The layouts of the boxes from some position on, grouped by how many mines they hold.
/// Box vectors are indexed from that position.
#[derive(Clone, Debug)]
struct Entry {
    mines: usize,
    ln_layouts: f64,
    least: Vec<u8>,
    most: Vec<u8>,
    ln_box_mines: Vec<f64>,
}

impl Entry {
    /// No layout yet with `mines` mines, over `boxes` boxes.
    fn empty(mines: usize, boxes: usize) -> Entry {
        Entry {
            mines,
            ln_layouts: f64::NEG_INFINITY,
            least: vec![u8::MAX; boxes],
            most: vec![0; boxes],
            ln_box_mines: vec![f64::NEG_INFINITY; boxes],
        }
    }

    /// The public form of a finished entry (over all of a component's boxes).
    fn summary(&self) -> LayoutSummary {
        LayoutSummary {
            mines: self.mines,
            ln_layouts: self.ln_layouts,
            least: self.least.iter().map(|&k| usize::from(k)).collect(),
            most: self.most.iter().map(|&k| usize::from(k)).collect(),
            ln_box_mines: self.ln_box_mines.clone(),
        }
    }
}

/// Search over box counts for one component, memoised: the layouts of boxes `p..` depend only
/// on what the numbers shared with earlier boxes still need, so each such state is solved once.
/// That makes a long frontier line cost about its length times the states at one point of it,
/// instead of its (exponential) number of layouts.
struct Search<'a> {
    /// The component's cells grouped into boxes (cells with the same signature), in search
    /// order: breadth first through shared constraints, so that constraints close early.
    boxes: Vec<Vec<usize>>,
    /// Per box, its constraints (numbered within the component).
    constraints: Vec<Vec<usize>>,
    /// Per constraint: mines still needed, and capacity of unassigned boxes.
    need: Vec<usize>,
    capacity: Vec<usize>,
    /// Per position `p`: the constraints with boxes both before `p` and at or after it.
    active: Vec<Vec<usize>>,
    memo: Vec<HashMap<Vec<u8>, Rc<Vec<Entry>>>>,
    factorials: &'a ln::Factorials,
    /// Calls of [`Search::run`] so far: the work done, which the tests bound.
    steps: usize,
}

impl<'a> Search<'a> {
    /// The search over the component `group`, from the cells' `signature`s and the mines each
    /// constraint of the position still `need`s.
    fn new(
        group: &Group,
        signature: &[Vec<usize>],
        need: &[usize],
        factorials: &'a ln::Factorials,
    ) -> Search<'a> {
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
        let count = group.constraints.len();
        let order = breadth_first(&box_constraints, count);
        let boxes: Vec<Vec<usize>> = order.iter().map(|&b| boxes[b].clone()).collect();
        let constraints: Vec<Vec<usize>> =
            order.iter().map(|&b| box_constraints[b].clone()).collect();
        let mut capacity = vec![0; count];
        for (b, cs) in constraints.iter().enumerate() {
            for &c in cs {
                capacity[c] += boxes[b].len();
            }
        }
        Search {
            active: active_constraints(&constraints, count),
            memo: vec![HashMap::default(); boxes.len()],
            boxes,
            constraints,
            need: group.constraints.iter().map(|&c| need[c]).collect(),
            capacity,
            factorials,
            steps: 0,
        }
    }

    /// The layouts of boxes `p..` given the current needs.
    fn run(&mut self, p: usize) -> Rc<Vec<Entry>> {
        self.steps += 1;
        if p == self.boxes.len() {
            let mut done = Entry::empty(0, 0);
            done.ln_layouts = 0.0;
            return Rc::new(vec![done]);
        }
        let key: Vec<u8> = self.active[p].iter().map(|&c| self.need[c] as u8).collect();
        if let Some(known) = self.memo[p].get(&key) {
            return Rc::clone(known);
        }
        let size = self.boxes[p].len();
        let (mut lo, mut hi) = (0, size);
        for &c in &self.constraints[p] {
            hi = hi.min(self.need[c]);
            // the other unassigned boxes of `c` can take at most capacity - size
            lo = lo.max(self.need[c].saturating_sub(self.capacity[c] - size));
        }
        let mut out: Vec<Entry> = Vec::new();
        if lo <= hi {
            let constraints = std::mem::take(&mut self.constraints[p]);
            for &c in &constraints {
                self.capacity[c] -= size;
            }
            for k in lo..=hi {
                for &c in &constraints {
                    self.need[c] -= k;
                }
                let rest = self.run(p + 1);
                for &c in &constraints {
                    self.need[c] += k;
                }
                let w = self.factorials.binomial(size, k);
                for e in rest.iter() {
                    merge(&mut out, e, k, w, self.boxes.len() - p);
                }
            }
            for &c in &constraints {
                self.capacity[c] += size;
            }
            self.constraints[p] = constraints;
        }
        out.sort_by_key(|e| e.mines);
        let out = Rc::new(out);
        self.memo[p].insert(key, Rc::clone(&out));
        out
    }
}

/// Adds the layouts `rest` of the later boxes, with `k` mines in this box (`w` = ln C(size, k)
/// ways), to `out`.
fn merge(out: &mut Vec<Entry>, rest: &Entry, k: usize, w: f64, boxes: usize) {
    let mines = rest.mines + k;
    let at = match out.iter().position(|e| e.mines == mines) {
        Some(at) => at,
        None => {
            out.push(Entry::empty(mines, boxes));
            out.len() - 1
        }
    };
    let e = &mut out[at];
    let lw = w + rest.ln_layouts;
    e.ln_layouts = ln::add(e.ln_layouts, lw);
    let k8 = k as u8; // a box holds at most 8 cells
    e.least[0] = e.least[0].min(k8);
    e.most[0] = e.most[0].max(k8);
    if k > 0 {
        e.ln_box_mines[0] = ln::add(e.ln_box_mines[0], lw + (k as f64).ln());
    }
    for q in 0..rest.least.len() {
        e.least[q + 1] = e.least[q + 1].min(rest.least[q]);
        e.most[q + 1] = e.most[q + 1].max(rest.most[q]);
        e.ln_box_mines[q + 1] = ln::add(e.ln_box_mines[q + 1], w + rest.ln_box_mines[q]);
    }
}

/// Enumerates one component's layouts by box counts.
fn enumerate(
    group: &Group,
    signature: &[Vec<usize>],
    constraints: &Constraints,
    factorials: &ln::Factorials,
) -> Component {
    let mut search = Search::new(group, signature, &constraints.need, factorials);
    let summaries: Vec<LayoutSummary> = search.run(0).iter().map(Entry::summary).collect();
    let mut numbers: Vec<usize> = group
        .constraints
        .iter()
        .map(|&c| constraints.cells[c])
        .collect();
    numbers.sort_unstable();
    Component {
        numbers,
        boxes: search.boxes,
        feasible: vec![true; summaries.len()],
        summaries,
    }
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

/// Per position `p` of boxes in search order (`box_constraints[b]`: the constraints of box
/// `b`, numbered below `count`), the constraints with boxes both before `p` and at or after it,
/// sorted: what the search is memoised on.
fn active_constraints(box_constraints: &[Vec<usize>], count: usize) -> Vec<Vec<usize>> {
    let boxes = box_constraints.len();
    let mut first = vec![usize::MAX; count];
    let mut last = vec![0; count];
    for (b, cs) in box_constraints.iter().enumerate() {
        for &c in cs {
            first[c] = first[c].min(b);
            last[c] = b;
        }
    }
    // Constraint c is active at positions first[c] + 1 ..= last[c]: sweep once.
    let mut opens = vec![Vec::new(); boxes + 1];
    for c in 0..count {
        if last[c] > first[c] {
            opens[first[c] + 1].push(c);
        }
    }
    let mut active: Vec<Vec<usize>> = Vec::with_capacity(boxes);
    let mut current: Vec<usize> = Vec::new();
    for (p, opening) in opens.iter().enumerate().take(boxes) {
        current.retain(|&c| last[c] >= p);
        current.extend(opening);
        current.sort_unstable();
        active.push(current.clone());
    }
    active
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

    /// The work of the component search on the one frontier component of `cells`: calls of
    /// [`Search::run`], boxes, and the natural logarithm of the layouts it counted.
    fn search_work(cells: &[Deduced], rows: usize, cols: usize) -> (usize, usize, f64) {
        let constraints = Constraints::of(cells, rows, cols).unwrap();
        let undecided = Undecided::of(cells, rows, cols, &constraints);
        let groups = undecided.groups(constraints.need.len());
        assert_eq!(groups.len(), 1);
        let factorials = ln::Factorials::up_to(8);
        let mut search = Search::new(
            &groups[0],
            &undecided.signature,
            &constraints.need,
            &factorials,
        );
        let ln_layouts = ln::sum(search.run(0).iter().map(|e| e.ln_layouts));
        (search.steps, search.boxes.len(), ln_layouts)
    }

    #[test]
    fn long_frontier_lines_are_not_enumerated_layout_by_layout() {
        // Solving each state of the search once makes its work grow with the line's length;
        // without that, the search takes a step per layout of the box counts, exponentially
        // many. On 40 columns such a search still ends (so that this fails rather than hangs);
        // on 300 it never would.
        for cols in [40, 300] {
            let (cells, _) = long_line(cols);
            let (steps, boxes, ln_layouts) = search_work(&cells, 3, cols);
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

    /// The search's work per box on [`long_line`] boards, with room to spare: it takes about
    /// 3.5 (a state there is the need of the one number straddling a box, at most 8 mines);
    /// without the memo, about 470,000 on 40 columns.
    const STEPS_PER_BOX: usize = 16;

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
        assert!(close(s[0].ln_box_mines[0].exp(), 3.0));
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
