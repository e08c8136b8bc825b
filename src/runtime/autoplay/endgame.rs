//! Exhaustive endgame search: when few layouts remain, the guess that maximises the chance to
//! *win*, not just to survive the next click.
//!
//! The layouts of the undecided cells are listed explicitly (as bit masks), then searched: in a
//! set of layouts, cells safe in all of them are opened (their numbers split the set), and
//! otherwise every openable cell is tried, its chance to win being the sum over the numbers it
//! can show of the chance of that number times the best chance to win from the layouts that
//! show it. Results are memoised on the set of layouts (known by the xor of random 128-bit tags
//! of its layouts, so a key costs no allocation) and the cells opened; cells are tried
//! safest first and the search stops as soon as a cell's safety cannot beat the best so far.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::neighbours;
use crate::runtime::deduction::Deduced;
use crate::runtime::layout::mix64;

use super::position::Position;

/// The search runs when at most this many layouts fit the position ([`layout_limit`] raises
/// it where mines are dense).
pub const MAX_LAYOUTS: f64 = 300.0;
/// Where mines are dense the limit is `DENSE_SCALE / (safe share of the undecided cells)^3`
/// (D. Hill's Java solver), at most [`DENSE_MAX_LAYOUTS`]: above [`MAX_LAYOUTS`] once more than
/// about one undecided cell in eight is a mine (390 layouts at one in five, the density of a
/// fresh expert board). Such positions have few safe cells to try at each step, so their
/// search stays small.
pub const DENSE_SCALE: f64 = 200.0;
/// The most layouts the search takes on, however dense the mines.
pub const DENSE_MAX_LAYOUTS: f64 = 5000.0;
/// At most this many undecided cells (they are bits of a `u128`).
pub const MAX_CELLS: usize = 128;
/// Work limit (search nodes, and backtracking steps when listing layouts); beyond it the search
/// gives up and the ordinary guess is made.
pub const BUDGET: usize = 200_000;

/// The cell (row-major) with the best chance to win, or `None` when the position is too big
/// for the search (more than [`MAX_LAYOUTS`] layouts, [`MAX_CELLS`] undecided cells, or
/// [`BUDGET`] steps) or has no undecided cell.
pub fn best_cell(position: &Position<'_>) -> Option<usize> {
    best_cell_within(position, MAX_LAYOUTS)
}

/// As [`best_cell`], with at most `limit` layouts instead of [`MAX_LAYOUTS`].
pub fn best_cell_within(position: &Position<'_>, limit: f64) -> Option<usize> {
    let search = Search::new(position, limit)?;
    search.root()
}

/// How many layouts the search takes on with `undecided` cells holding `mines` mines:
/// [`MAX_LAYOUTS`], or more where mines are dense ([`DENSE_SCALE`]).
///
/// ```
/// use typesweeper::runtime::autoplay::endgame::{layout_limit, MAX_LAYOUTS};
///
/// assert_eq!(layout_limit(100, 10), MAX_LAYOUTS); // 90 % safe: 200 / 0.729 < 300
/// assert!((layout_limit(100, 20) - 390.625).abs() < 1e-9); // 80 % safe: 200 / 0.512
/// assert_eq!(layout_limit(20, 10), 1600.0); // half safe: 200 / 0.125
/// assert_eq!(layout_limit(10, 9), 5000.0); // capped
/// ```
pub fn layout_limit(undecided: usize, mines: usize) -> f64 {
    if undecided == 0 || mines >= undecided {
        return MAX_LAYOUTS;
    }
    let safe = (undecided - mines) as f64 / undecided as f64;
    (DENSE_SCALE / safe.powi(3)).clamp(MAX_LAYOUTS, DENSE_MAX_LAYOUTS)
}

/// The chance to win with best play from `position`, or `None` as for [`best_cell`].
pub fn win_chance(position: &Position<'_>) -> Option<f64> {
    let mut search = Search::new(position, MAX_LAYOUTS)?;
    let all: Vec<u16> = (0..search.layouts.len() as u16).collect();
    search.win(&all, 0)
}

struct Search {
    /// Undecided cells (row-major ids); bit `k` of a mask is `cells[k]`.
    cells: Vec<usize>,
    /// Per undecided cell: its mines among decided cells, and its undecided neighbours (mask).
    base: Vec<u8>,
    around: Vec<u128>,
    /// Every layout of the undecided cells (bit set = mine).
    layouts: Vec<u128>,
    /// Per layout, a random tag; a set of layouts is known by the xor of its tags.
    tags: Vec<u128>,
    /// Per undecided cell, a random tag (to tell apart the numbers certain cells show).
    cell_tags: Vec<u128>,
    memo: HashMap<(u128, u128), f64, BuildHasherDefault<TagHasher>>,
    steps: usize,
}

impl Search {
    fn new(position: &Position<'_>, limit: f64) -> Option<Search> {
        let (rows, cols, cells) = (position.rows, position.cols, position.cells);
        let undecided: Vec<usize> = (0..cells.len())
            .filter(|&i| cells[i] == Deduced::Undecided)
            .collect();
        if undecided.is_empty() || undecided.len() > MAX_CELLS {
            return None;
        }
        let mut bit = vec![usize::MAX; cells.len()];
        for (k, &i) in undecided.iter().enumerate() {
            bit[i] = k;
        }
        let around_of = |i: usize| {
            neighbours(rows, cols, i / cols, i % cols)
                .filter(|&j| bit[j] != usize::MAX)
                .fold(0u128, |m, j| m | 1 << bit[j])
        };
        let mines_of = |i: usize| {
            neighbours(rows, cols, i / cols, i % cols)
                .filter(|&j| cells[j] == Deduced::Mine)
                .count()
        };
        // Constraints: shown numbers with undecided neighbours.
        let mut constraints: Vec<(u128, usize)> = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            if let Deduced::Safe(Some(v)) = c {
                let mask = around_of(i);
                if mask != 0 {
                    let need = usize::from(v).checked_sub(mines_of(i))?;
                    constraints.push((mask, need));
                }
            }
        }
        let layouts = list_layouts(undecided.len(), &constraints, position.mines_left, limit)?;
        Some(Search {
            base: undecided.iter().map(|&i| mines_of(i) as u8).collect(),
            around: undecided.iter().map(|&i| around_of(i)).collect(),
            tags: (0..layouts.len() as u64).map(tag).collect(),
            cell_tags: (0..undecided.len() as u64)
                .map(|k| tag(CELL_TAGS + k))
                .collect(),
            cells: undecided,
            layouts,
            memo: HashMap::default(),
            steps: 0,
        })
    }

    fn value(&self, k: usize, layout: u128) -> u8 {
        self.base[k] + (layout & self.around[k]).count_ones() as u8
    }

    fn full(&self) -> u128 {
        if self.cells.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.cells.len()) - 1
        }
    }

    /// The best first guess: the cell with the highest chance to win.
    fn root(mut self) -> Option<usize> {
        let all: Vec<u16> = (0..self.layouts.len() as u16).collect();
        let (_, k) = self.best_guess(&all, 0)?;
        Some(self.cells[k?])
    }

    /// Chance to win from layouts `set` with cells `opened` open, or `None` over budget.
    fn win(&mut self, set: &[u16], opened: u128) -> Option<f64> {
        if set.len() == 1 {
            return Some(1.0);
        }
        self.steps += 1;
        if self.steps > BUDGET {
            return None;
        }
        let key = (
            set.iter().fold(0, |h, &l| h ^ self.tags[l as usize]),
            opened,
        );
        if let Some(&w) = self.memo.get(&key) {
            return Some(w);
        }
        let any_mine = set.iter().fold(0, |m, &l| m | self.layouts[l as usize]);
        let safe = self.full() & !any_mine & !opened;
        let w = if safe != 0 {
            // Open every certain cell at once; their numbers split the layouts.
            let ks: Vec<usize> = (0..self.cells.len())
                .filter(|&k| safe >> k & 1 == 1)
                .collect();
            // Layouts showing the same numbers there (told apart by a random-weighted sum).
            let mut parts: Vec<(u128, Vec<u16>)> = Vec::new();
            for &l in set {
                let layout = self.layouts[l as usize];
                let key = ks.iter().fold(0u128, |h, &k| {
                    h.wrapping_add(
                        u128::from(self.value(k, layout)).wrapping_mul(self.cell_tags[k]),
                    )
                });
                match parts.iter_mut().find(|p| p.0 == key) {
                    Some(part) => part.1.push(l),
                    None => parts.push((key, vec![l])),
                }
            }
            let mut w = 0.0;
            for (_, part) in &parts {
                w += part.len() as f64 * self.win(part, opened | safe)?;
            }
            w / set.len() as f64
        } else {
            self.best_guess(set, opened)?.0
        };
        self.memo.insert(key, w);
        Some(w)
    }

    /// The best guess in `set` (no cell is certain): chance to win and the cell's bit.
    fn best_guess(&mut self, set: &[u16], opened: u128) -> Option<(f64, Option<usize>)> {
        let mut options: Vec<(usize, usize)> = (0..self.cells.len())
            .filter(|&k| opened >> k & 1 == 0)
            .map(|k| {
                let safe = set
                    .iter()
                    .filter(|&&l| self.layouts[l as usize] >> k & 1 == 0)
                    .count();
                (safe, k)
            })
            .filter(|&(safe, _)| safe > 0)
            .collect();
        options.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best = (0.0, None);
        for (safe, k) in options {
            if (safe as f64) / (set.len() as f64) <= best.0 + 1e-12 {
                break; // cannot beat the best even if it always wins afterwards
            }
            let mut parts: Vec<Vec<u16>> = vec![Vec::new(); 9];
            for &l in set {
                let layout = self.layouts[l as usize];
                if layout >> k & 1 == 0 {
                    parts[usize::from(self.value(k, layout)).min(8)].push(l);
                }
            }
            let mut w = 0.0;
            for part in parts.iter().filter(|p| !p.is_empty()) {
                w += part.len() as f64 * self.win(part, opened | 1 << k)?;
            }
            let w = w / set.len() as f64;
            if w > best.0 + 1e-12 {
                best = (w, Some(k));
            }
        }
        Some(best)
    }
}

/// Where the tags of cells start (those of layouts start at 0).
const CELL_TAGS: u64 = 1 << 40;

/// A random 128-bit tag for `i` (splitmix64, twice).
fn tag(i: u64) -> u128 {
    let a = mix64(
        i.wrapping_mul(2)
            .wrapping_add(1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15),
    );
    let b = mix64(
        i.wrapping_mul(2)
            .wrapping_add(2)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15),
    );
    u128::from(a) << 64 | u128::from(b)
}

/// Hashes memo keys, which are random tags already: folds their bits together.
#[derive(Default)]
struct TagHasher(u64);

impl Hasher for TagHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn write_u128(&mut self, x: u128) {
        self.0 = (self.0.rotate_left(29) ^ x as u64 ^ (x >> 64) as u64)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// Every assignment of mines to `n` cells with exactly `mines` mines that meets each
/// constraint (`mask` of cells, mines it needs); `None` when there are more than `limit` or
/// listing takes more than [`BUDGET`] steps.
fn list_layouts(
    n: usize,
    constraints: &[(u128, usize)],
    mines: usize,
    limit: f64,
) -> Option<Vec<u128>> {
    // Cells in an order where constraints close early: constrained cells first.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&k| {
        let first = constraints.iter().position(|c| c.0 >> k & 1 == 1);
        (first.is_none(), first.unwrap_or(0), k)
    });
    // Per cell position in `order`, the constraints it belongs to.
    let member: Vec<Vec<usize>> = order
        .iter()
        .map(|&k| {
            (0..constraints.len())
                .filter(|&c| constraints[c].0 >> k & 1 == 1)
                .collect()
        })
        .collect();
    struct State<'a> {
        order: &'a [usize],
        member: &'a [Vec<usize>],
        need: Vec<usize>,
        room: Vec<usize>,
        out: Vec<u128>,
        steps: usize,
        limit: f64,
    }
    fn go(s: &mut State<'_>, p: usize, layout: u128, mines: usize) -> Option<()> {
        s.steps += 1;
        if s.steps > BUDGET || s.out.len() as f64 > s.limit {
            return None;
        }
        let left = s.order.len() - p;
        if mines > left {
            return Some(());
        }
        if p == s.order.len() {
            if s.need.iter().all(|&n| n == 0) {
                s.out.push(layout);
            }
            return Some(());
        }
        let k = s.order[p];
        let cs = s.member[p].clone();
        for &c in &cs {
            s.room[c] -= 1;
        }
        // Safe here: every constraint must still fit in its remaining room.
        if cs.iter().all(|&c| s.need[c] <= s.room[c]) {
            go(s, p + 1, layout, mines)?;
        }
        // A mine here.
        if mines > 0 && cs.iter().all(|&c| s.need[c] > 0) {
            for &c in &cs {
                s.need[c] -= 1;
            }
            go(s, p + 1, layout | 1 << k, mines - 1)?;
            for &c in &cs {
                s.need[c] += 1;
            }
        }
        for &c in &cs {
            s.room[c] += 1;
        }
        Some(())
    }
    let mut state = State {
        order: &order,
        member: &member,
        need: constraints.iter().map(|c| c.1).collect(),
        room: constraints
            .iter()
            .map(|c| c.0.count_ones() as usize)
            .collect(),
        limit,
        out: Vec::new(),
        steps: 0,
    };
    go(&mut state, 0, 0, mines)?;
    Some(state.out)
}
