//! The sweep along one frontier component: its layouts of box counts as a layered graph, and
//! the forward and backward passes that read everything [`complete`](super) needs off it.
//!
//! The component's boxes are taken in a fixed order (breadth first through shared numbers, so
//! that numbers close soon after they open). Layer `p` of the graph holds the *states* before
//! box `p`: what each number with boxes both before and from `p` on (a *straddling* number)
//! still needs. An edge from a state of layer `p` to one of layer `p + 1` gives box `p` a mine
//! count `k`, weighted by `C(box size, k)`. Layouts of the component are exactly the paths from
//! the one start state to the one end state, so a long frontier costs its length times the
//! states at one point of it, however many layouts it has.
//!
//! Building the graph walks forward once; a backward walk then drops the states no layout
//! goes through. After that every state and edge lies on some layout, so whether a box can
//! hold a mine or be free is read straight off its edges. Counting layouts per mine count
//! (the distribution) is one backward pass over the layers, keeping only the layer being
//! computed and the one after it; each box's mine count summed over layouts with a weight per
//! total mine count (for exact probabilities, or for which counts the total allows) is one
//! backward pass folding the weights in and one forward pass meeting it, as in a hidden Markov
//! model's forward-backward. Nothing recurses, and nothing keeps a per-box vector per state.

use rustc_hash::FxHashMap as HashMap;

use super::budget::{Budget, OutOfBudget};
use crate::runtime::ln;

/// The layered graph of one component's layouts of box counts.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Sweep {
    /// Per box, in sweep order, its cell count (at most 8: the neighbours of a number).
    sizes: Vec<u8>,
    /// The states of layer `p` (before box `p`) are `layer[p]..layer[p + 1]`; layer 0 holds
    /// the start, the last layer the end.
    layer: Vec<u32>,
    /// The edges out of state `s` are `out[s]..out[s + 1]`, in increasing mine count.
    out: Vec<u32>,
    /// Per edge, the state it leads to and the mines it gives its box.
    to: Vec<u32>,
    mines: Vec<u8>,
    /// Per state, the fewest and most mines of the boxes before it, over layouts.
    least_before: Vec<u32>,
    most_before: Vec<u32>,
}

/// One layer's values per state and mine count, flat, with each state's start (and the end).
type Layer = (Vec<f64>, Vec<usize>);

/// Per box, from a weighted pass ([`Sweep::weighted`]).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Marginals {
    /// `ln` of the sum, over layouts, of the weight of the layout's mine count times the
    /// box's mines (`-inf` when no weighted layout puts a mine there).
    pub(super) ln_box_mines: Vec<f64>,
    /// Whether some layout of nonzero weight puts a mine in the box.
    pub(super) can_be_mine: Vec<bool>,
    /// Whether some layout of nonzero weight leaves a cell of the box free.
    pub(super) can_be_safe: Vec<bool>,
}

/// Steps charged per state created (its key, hash-table entry, edge offset and bounds, about
/// a hundred bytes at worst; a step per eight more straddling numbers is added for its key).
const STATE_STEPS: u64 = 8;

/// Where a number's need at a box comes from.
#[derive(Clone, Copy, Debug)]
enum Need {
    /// Entry `i` of the state's key: the number straddles the box.
    Key(usize),
    /// Its need from the position: the box is its first.
    Fresh(u8),
}

/// What the graph's walk does at one box.
#[derive(Clone, Debug)]
struct Plan {
    /// The box's numbers: where their need comes from, and the cells of their later boxes
    /// (a number needing more than that must have some mines here).
    numbers: Vec<(Need, usize)>,
    /// The next layer's key: per straddling number after the box, where its need comes from
    /// and whether the box's mines count against it.
    next: Vec<(Need, bool)>,
}

/// A layer's states by key, for finding a state reached again. Keys of up to 32 numbers are
/// packed into a `u128` (a need is at most 8, four bits); wider ones are kept as bytes.
#[derive(Default)]
struct Index {
    packed: HashMap<u128, u32>,
    bytes: HashMap<Box<[u8]>, u32>,
}

impl Index {
    fn clear(&mut self) {
        self.packed.clear();
        self.bytes.clear();
    }

    /// The id of the state `key`, giving it `next` if it is new (and saying so).
    fn find_or_insert(&mut self, key: &[u8], next: u32) -> (u32, bool) {
        if key.len() <= 32 {
            let packed = key.iter().fold(0u128, |acc, &v| acc << 4 | u128::from(v));
            match self.packed.entry(packed) {
                std::collections::hash_map::Entry::Occupied(e) => (*e.get(), false),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(next);
                    (next, true)
                }
            }
        } else if let Some(&id) = self.bytes.get(key) {
            (id, false)
        } else {
            self.bytes.insert(key.into(), next);
            (next, true)
        }
    }
}

/// `ln C(n, k)` for boxes (`n`, `k` at most 8), as [`ln::Factorials`] computes it, and
/// `ln k`: made once.
fn logs() -> &'static Logs {
    static LOGS: std::sync::OnceLock<Logs> = std::sync::OnceLock::new();
    LOGS.get_or_init(|| {
        let f = ln::Factorials::up_to(8);
        let mut binomial = [[f64::NEG_INFINITY; 9]; 9];
        for (n, row) in binomial.iter_mut().enumerate() {
            for (k, x) in row.iter_mut().enumerate() {
                *x = f.binomial(n, k);
            }
        }
        Logs {
            binomial,
            ln: std::array::from_fn(|k| (k as f64).ln()),
        }
    })
}

/// See [`logs`].
struct Logs {
    binomial: [[f64; 9]; 9],
    ln: [f64; 9],
}

/// A count as a `u32` index, or out of budget when it does not fit (billions of states, far
/// beyond any budget but the unlimited one).
fn index(n: usize) -> Result<u32, OutOfBudget> {
    u32::try_from(n).map_err(|_| OutOfBudget)
}

impl Sweep {
    /// The graph of a component whose boxes, in sweep order, have `sizes` cells and touch the
    /// numbers `constraints[b]` (numbered within the component), number `c` still needing
    /// `need[c]` mines. `None` when no layout fits. Charges `budget` for every state and edge
    /// before making it.
    pub(super) fn build(
        sizes: &[u8],
        constraints: &[Vec<usize>],
        need: &[usize],
        budget: &Budget,
    ) -> Result<Option<Sweep>, OutOfBudget> {
        let plans = plans(sizes, constraints, need);
        let boxes = sizes.len();
        let mut layer: Vec<u32> = vec![0, 1];
        let mut out: Vec<u32> = vec![0];
        let mut to: Vec<u32> = Vec::new();
        let mut mines: Vec<u8> = Vec::new();
        budget.charge(STATE_STEPS)?;
        let (mut keys, mut width, mut count): (Vec<u8>, usize, usize) = (Vec::new(), 0, 1);
        let mut index_of = Index::default();
        let mut scratch: Vec<u8> = Vec::new();
        for (p, plan) in plans.iter().enumerate() {
            let size = usize::from(sizes[p]);
            let next_width = plan.next.len();
            let state_steps = STATE_STEPS + next_width as u64 / 8;
            let next_base = layer[p + 1];
            let mut next_keys: Vec<u8> = Vec::new();
            let mut next_count: usize = 0;
            index_of.clear();
            scratch.resize(next_width, 0);
            for s in 0..count {
                let key = &keys[s * width..(s + 1) * width];
                let get = |n: Need| match n {
                    Need::Key(i) => usize::from(key[i]),
                    Need::Fresh(v) => usize::from(v),
                };
                let (mut lo, mut hi) = (0, size);
                for &(n, room) in &plan.numbers {
                    let v = get(n);
                    hi = hi.min(v);
                    lo = lo.max(v.saturating_sub(room));
                }
                for k in lo..=hi {
                    for (slot, &(n, counts)) in scratch.iter_mut().zip(&plan.next) {
                        // Never below zero: `k` is at most the need of each of the box's numbers.
                        *slot = (get(n) - if counts { k } else { 0 }) as u8;
                    }
                    let (id, new) = index_of.find_or_insert(&scratch, index(next_count)?);
                    if new {
                        budget.charge(state_steps)?;
                        next_keys.extend_from_slice(&scratch);
                        next_count += 1;
                    }
                    budget.charge(1)?;
                    to.push(next_base + id);
                    mines.push(k as u8);
                }
                out.push(index(to.len())?);
            }
            layer.push(index(next_base as usize + next_count)?);
            keys = next_keys;
            width = next_width;
            count = next_count;
        }
        // The end state has no edges out.
        out.push(index(to.len())?);
        debug_assert_eq!(layer.len(), boxes + 2);
        let mut sweep = Sweep {
            sizes: sizes.to_vec(),
            layer,
            out,
            to,
            mines,
            least_before: Vec::new(),
            most_before: Vec::new(),
        };
        if !sweep.prune() {
            return Ok(None);
        }
        sweep.bounds_before();
        Ok(Some(sweep))
    }

    /// Drops the states no layout goes through, and the edges into them; false when no layout
    /// is left at all.
    fn prune(&mut self) -> bool {
        let states = self.out.len() - 1;
        let boxes = self.sizes.len();
        let end_layer = self.layer[boxes] as usize..self.layer[boxes + 1] as usize;
        if end_layer.is_empty() {
            return false;
        }
        let mut alive = vec![false; states];
        alive[end_layer.start] = true;
        for s in (0..self.layer[boxes] as usize).rev() {
            alive[s] = self.edges(s).any(|e| alive[self.to[e] as usize]);
        }
        if !alive[0] {
            return false;
        }
        // New ids in the old order, so layers and edge order carry over.
        let mut new_id = vec![u32::MAX; states];
        let mut next = 0u32;
        for s in (0..states).filter(|&s| alive[s]) {
            new_id[s] = next;
            next += 1;
        }
        // A layer starts at the number of live states before its old start.
        let mut alive_before = Vec::with_capacity(states + 1);
        alive_before.push(0u32);
        for s in 0..states {
            alive_before.push(alive_before[s] + u32::from(alive[s]));
        }
        let layer: Vec<u32> = self
            .layer
            .iter()
            .map(|&start| alive_before[start as usize])
            .collect();
        let mut written = 0;
        let mut out = Vec::with_capacity(next as usize + 1);
        out.push(0);
        for s in (0..states).filter(|&s| alive[s]) {
            for e in self.edges(s) {
                let t = self.to[e] as usize;
                if alive[t] {
                    self.to[written] = new_id[t];
                    self.mines[written] = self.mines[e];
                    written += 1;
                }
            }
            out.push(written as u32);
        }
        self.to.truncate(written);
        self.mines.truncate(written);
        self.to.shrink_to_fit();
        self.mines.shrink_to_fit();
        self.out = out;
        self.layer = layer;
        true
    }

    /// The fewest and most mines before each state, forward from the start.
    fn bounds_before(&mut self) {
        let states = self.out.len() - 1;
        let mut least = vec![u32::MAX; states];
        let mut most = vec![0u32; states];
        least[0] = 0;
        for s in 0..states {
            for e in self.edges(s) {
                let (t, k) = (self.to[e] as usize, u32::from(self.mines[e]));
                least[t] = least[t].min(least[s] + k);
                most[t] = most[t].max(most[s] + k);
            }
        }
        self.least_before = least;
        self.most_before = most;
    }

    /// The edges out of state `s`.
    fn edges(&self, s: usize) -> std::ops::Range<usize> {
        self.out[s] as usize..self.out[s + 1] as usize
    }

    /// The states of layer `p`.
    fn states_of(&self, p: usize) -> std::ops::Range<usize> {
        self.layer[p] as usize..self.layer[p + 1] as usize
    }

    /// The end state.
    fn end(&self) -> usize {
        self.layer[self.sizes.len()] as usize
    }

    /// Per box, whether some layout puts a mine in it and whether some layout leaves one of its
    /// cells free.
    pub(super) fn box_range(&self) -> (Vec<bool>, Vec<bool>) {
        let boxes = self.sizes.len();
        let (mut mine, mut free) = (vec![false; boxes], vec![false; boxes]);
        for p in 0..boxes {
            let size = self.sizes[p];
            for s in self.states_of(p) {
                for e in self.edges(s) {
                    mine[p] |= self.mines[e] > 0;
                    free[p] |= self.mines[e] < size;
                }
            }
        }
        (mine, free)
    }

    /// The fewest and most mines of a layout.
    pub(super) fn mine_range(&self) -> (usize, usize) {
        let end = self.end();
        (
            self.least_before[end] as usize,
            self.most_before[end] as usize,
        )
    }

    /// The fewest and most mines after each state, backward from the end.
    fn bounds_after(&self) -> (Vec<u32>, Vec<u32>) {
        let states = self.out.len() - 1;
        let mut least = vec![u32::MAX; states];
        let mut most = vec![0u32; states];
        least[self.end()] = 0;
        for s in (0..self.end()).rev() {
            for e in self.edges(s) {
                let (t, k) = (self.to[e] as usize, u32::from(self.mines[e]));
                least[s] = least[s].min(least[t] + k);
                most[s] = most[s].max(most[t] + k);
            }
        }
        (least, most)
    }

    /// Per state of layer `p`, a vector over the mine counts after it (from `least[s]` to
    /// `most[s]`, the bounds after each state): the fold, over the state's edges in increasing
    /// mine count, of `term(w, k, x)` (`w` = `ln C(size, k)`) for each entry `x` of the next
    /// layer's vector (`next`, per state of the next layer from its start in `next.1`), at the
    /// entry's count plus `k`. Written flat into `here`, with each state's start.
    fn fold_layer(
        &self,
        p: usize,
        (least, most): (&[u32], &[u32]),
        next: &Layer,
        here: &mut Layer,
        term: impl Fn(f64, usize, f64) -> f64,
    ) {
        let binomial = &logs().binomial;
        let size = usize::from(self.sizes[p]);
        let next_first = self.layer[p + 1] as usize;
        let (values, starts) = (&mut here.0, &mut here.1);
        values.clear();
        starts.clear();
        starts.push(0);
        for s in self.states_of(p) {
            let base = values.len();
            values.resize(base + (most[s] - least[s]) as usize + 1, f64::NEG_INFINITY);
            for e in self.edges(s) {
                let (t, k) = (self.to[e] as usize, usize::from(self.mines[e]));
                let w = binomial[size][k];
                let local = t - next_first;
                let after = &next.0[next.1[local]..next.1[local + 1]];
                // Counts after `t` start at least[t]; after `s` at least[s].
                let shift = least[t] as usize + k - least[s] as usize;
                for (j, &x) in after.iter().enumerate() {
                    let at = base + shift + j;
                    values[at] = ln::add(values[at], term(w, k, x));
                }
            }
            starts.push(values.len());
        }
    }

    /// `ln` of the number of layouts (cell-level: box counts weighted by `C(size, count)`) per
    /// mine count, `-inf` where there is none. One backward pass, two layers at a time; the sums
    /// are made in the same order as a depth-first search over box counts (mine counts of a
    /// box in increasing order), so they agree with it to the last bit.
    pub(super) fn ln_distribution(&self, budget: &Budget) -> Result<Vec<f64>, OutOfBudget> {
        let states = self.out.len() - 1;
        let (least, most) = self.bounds_after();
        let span = |s: usize| (most[s] - least[s]) as u64 + 1;
        let work: u64 = (0..states)
            .map(|s| {
                span(s)
                    + self
                        .edges(s)
                        .map(|e| span(self.to[e] as usize))
                        .sum::<u64>()
            })
            .sum();
        budget.charge(work)?;
        let mut after: Layer = (vec![0.0], vec![0, 1]);
        let mut here: Layer = Default::default();
        for p in (0..self.sizes.len()).rev() {
            self.fold_layer(p, (&least, &most), &after, &mut here, |w, _, x| w + x);
            std::mem::swap(&mut after, &mut here);
        }
        let mut d = vec![f64::NEG_INFINITY; most[0] as usize + 1];
        d[least[0] as usize..].copy_from_slice(&after.0);
        Ok(d)
    }

    /// The work of [`Sweep::box_mines_table`]: per edge, the mine counts after it times the
    /// boxes from its own on.
    pub(super) fn table_work(&self) -> u64 {
        let (least, most) = self.bounds_after();
        let boxes = self.sizes.len();
        (0..boxes)
            .map(|p| {
                let layer: u64 = self
                    .states_of(p)
                    .flat_map(|s| self.edges(s))
                    .map(|e| {
                        let t = self.to[e] as usize;
                        u64::from(most[t] - least[t]) + 1
                    })
                    .sum();
                layer * (boxes - p) as u64
            })
            .sum()
    }

    /// Per mine count `m` (up to the most a layout has) and box `b`, at `m * boxes + b`: `ln`
    /// of the sum, over the layouts with `m` mines, of the box's mines (`-inf` for none).
    ///
    /// One backward pass, carrying per state and mine count after it a row over the boxes
    /// from the state's on, summed in the order of a depth-first search over box counts that
    /// carries such rows (as `complete` did before it swept), so that the values agree with it
    /// to the last bit. The rows make it cost [`Sweep::table_work`], the square of the
    /// component's length: it is for small components.
    pub(super) fn box_mines_table(&self) -> Vec<f64> {
        let (least, most) = self.bounds_after();
        let span = |s: usize| (most[s] - least[s]) as usize + 1;
        let boxes = self.sizes.len();
        let Logs {
            binomial,
            ln: ln_of,
        } = logs();
        // The layer after the one being made: per state from `next_at[state - first]`, its
        // layout counts per mine count after it, and its rows (`width` boxes each).
        let (mut next_counts, mut next_rows, mut next_at) = (vec![0.0], Vec::new(), vec![0, 1]);
        let (mut counts, mut rows, mut at): (Vec<f64>, Vec<f64>, Vec<usize>) = Default::default();
        for p in (0..boxes).rev() {
            let width = boxes - p;
            let size = usize::from(self.sizes[p]);
            let next_first = self.layer[p + 1] as usize;
            counts.clear();
            rows.clear();
            at.clear();
            at.push(0);
            for s in self.states_of(p) {
                let base = counts.len();
                counts.resize(base + span(s), f64::NEG_INFINITY);
                rows.resize((base + span(s)) * width, f64::NEG_INFINITY);
                for e in self.edges(s) {
                    let (t, k) = (self.to[e] as usize, usize::from(self.mines[e]));
                    let w = binomial[size][k];
                    let local = t - next_first;
                    let shift = least[t] as usize + k - least[s] as usize;
                    for j in 0..span(t) {
                        let l = next_counts[next_at[local] + j];
                        if l == f64::NEG_INFINITY {
                            continue;
                        }
                        let to = base + shift + j;
                        let lw = w + l;
                        counts[to] = ln::add(counts[to], lw);
                        let row = &mut rows[to * width..(to + 1) * width];
                        if k > 0 {
                            row[0] = ln::add(row[0], lw + ln_of[k]);
                        }
                        let from = (next_at[local] + j) * (width - 1);
                        for (x, &y) in row[1..].iter_mut().zip(&next_rows[from..from + width - 1]) {
                            *x = ln::add(*x, w + y);
                        }
                    }
                }
                at.push(counts.len());
            }
            std::mem::swap(&mut counts, &mut next_counts);
            std::mem::swap(&mut rows, &mut next_rows);
            std::mem::swap(&mut at, &mut next_at);
        }
        let mut table = vec![f64::NEG_INFINITY; (most[0] as usize + 1) * boxes];
        table[least[0] as usize * boxes..].copy_from_slice(&next_rows);
        table
    }

    /// The work of [`Sweep::weighted`]: per state, its edges both ways and itself, times the
    /// mine counts before it.
    pub(super) fn weighted_work(&self) -> u64 {
        (0..self.out.len() - 1)
            .map(|s| {
                let span = u64::from(self.most_before[s] - self.least_before[s]) + 1;
                (1 + 2 * self.edges(s).len() as u64) * span
            })
            .sum()
    }

    /// Per box, the sum over layouts of `e^ln_weight[m]` (`m` the layout's mine count; `-inf`
    /// or past the end for a weight of zero) times the box's mines, and which boxes layouts of
    /// nonzero weight put a mine in or leave a cell free in. A backward pass folds the weights
    /// in (per state and mine count before it, the weighted layouts from it to the end), and a
    /// forward pass counting the layouts from the start meets it at every edge.
    pub(super) fn weighted(
        &self,
        ln_weight: &[f64],
        budget: &Budget,
    ) -> Result<Marginals, OutOfBudget> {
        let states = self.out.len() - 1;
        let boxes = self.sizes.len();
        let span = |s: usize| (self.most_before[s] - self.least_before[s]) as usize + 1;
        let mut at = Vec::with_capacity(states + 1);
        at.push(0usize);
        for s in 0..states {
            at.push(at[s] + span(s));
        }
        budget.charge(self.weighted_work())?;
        let Logs {
            binomial,
            ln: ln_of,
        } = logs();
        // Backward: after[at[s] + j], the weighted layouts from `s` on with
        // least_before[s] + j mines before it.
        let mut after = vec![f64::NEG_INFINITY; at[states]];
        let end = self.end();
        for j in 0..span(end) {
            let m = self.least_before[end] as usize + j;
            after[at[end] + j] = ln_weight.get(m).copied().unwrap_or(f64::NEG_INFINITY);
        }
        for p in (0..boxes).rev() {
            let size = usize::from(self.sizes[p]);
            for s in self.states_of(p) {
                for e in self.edges(s) {
                    let (t, k) = (self.to[e] as usize, usize::from(self.mines[e]));
                    let w = binomial[size][k];
                    let shift = self.least_before[s] as usize + k - self.least_before[t] as usize;
                    for j in 0..span(s) {
                        let x = w + after[at[t] + shift + j];
                        after[at[s] + j] = ln::add(after[at[s] + j], x);
                    }
                }
            }
        }
        // Forward, a layer at a time: before[j], the layouts up to a state of the layer with
        // least_before + j mines.
        let mut out = Marginals {
            ln_box_mines: vec![f64::NEG_INFINITY; boxes],
            can_be_mine: vec![false; boxes],
            can_be_safe: vec![false; boxes],
        };
        let mut before: Vec<f64> = vec![0.0];
        for p in 0..boxes {
            let size = usize::from(self.sizes[p]);
            let (first, next_first) = (self.layer[p] as usize, self.layer[p + 1] as usize);
            let next_span = at[self.layer[p + 2] as usize] - at[next_first];
            let mut next = vec![f64::NEG_INFINITY; next_span];
            for s in self.states_of(p) {
                let mine_before = self.least_before[s] as usize;
                let here = at[s] - at[first];
                for e in self.edges(s) {
                    let (t, k) = (self.to[e] as usize, usize::from(self.mines[e]));
                    let w = binomial[size][k];
                    let shift = mine_before + k - self.least_before[t] as usize;
                    let there = at[t] - at[next_first] + shift;
                    let ln_k = ln_of[k];
                    for j in 0..span(s) {
                        let a = before[here + j];
                        if a == f64::NEG_INFINITY {
                            continue;
                        }
                        let x = a + w;
                        next[there + j] = ln::add(next[there + j], x);
                        let y = x + after[at[t] + shift + j];
                        if y == f64::NEG_INFINITY {
                            continue;
                        }
                        if k > 0 {
                            out.can_be_mine[p] = true;
                            out.ln_box_mines[p] = ln::add(out.ln_box_mines[p], y + ln_k);
                        }
                        out.can_be_safe[p] |= k < size;
                    }
                }
            }
            before = next;
        }
        Ok(out)
    }
}

/// Per box, what the walk does there ([`Plan`]).
fn plans(sizes: &[u8], constraints: &[Vec<usize>], need: &[usize]) -> Vec<Plan> {
    let boxes = sizes.len();
    let count = need.len();
    let mut first = vec![usize::MAX; count];
    let mut last = vec![0; count];
    for (b, cs) in constraints.iter().enumerate() {
        for &c in cs {
            first[c] = first[c].min(b);
            last[c] = b;
        }
    }
    // The cells of each number's boxes after box `p`, per (box, number of the box).
    let mut room_after: Vec<Vec<usize>> = vec![Vec::new(); boxes];
    let mut room = vec![0usize; count];
    for p in (0..boxes).rev() {
        room_after[p] = constraints[p].iter().map(|&c| room[c]).collect();
        for &c in &constraints[p] {
            room[c] += usize::from(sizes[p]);
        }
    }
    // Straddling numbers before box `p`: boxes both before `p` and at or after it. Number `c`
    // straddles first[c] + 1 ..= last[c].
    let mut opens: Vec<Vec<usize>> = vec![Vec::new(); boxes + 1];
    for c in 0..count {
        if first[c] != usize::MAX && last[c] > first[c] {
            opens[first[c] + 1].push(c);
        }
    }
    let mut straddling: Vec<usize> = Vec::new();
    let mut key_of = vec![usize::MAX; count];
    let mut in_box = vec![false; count];
    let mut plans = Vec::with_capacity(boxes);
    for p in 0..boxes {
        // The key before box p.
        for (i, &c) in straddling.iter().enumerate() {
            key_of[c] = i;
        }
        let source = |c: usize| {
            if key_of[c] == usize::MAX {
                Need::Fresh(need[c] as u8)
            } else {
                Need::Key(key_of[c])
            }
        };
        for &c in &constraints[p] {
            in_box[c] = true;
        }
        let numbers = constraints[p]
            .iter()
            .zip(&room_after[p])
            .map(|(&c, &room)| (source(c), room))
            .collect();
        let mut after: Vec<usize> = straddling
            .iter()
            .copied()
            .filter(|&c| last[c] > p)
            .chain(opens[p + 1].iter().copied())
            .collect();
        after.sort_unstable();
        let next = after.iter().map(|&c| (source(c), in_box[c])).collect();
        plans.push(Plan { numbers, next });
        for &c in &constraints[p] {
            in_box[c] = false;
        }
        for &c in &straddling {
            key_of[c] = usize::MAX;
        }
        straddling = after;
    }
    plans
}
