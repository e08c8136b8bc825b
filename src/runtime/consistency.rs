//! Whether any mine layout fits a board: a search for one layout, so that every level can tell a
//! board with no solution (bad input) from one it merely cannot finish.
//!
//! [`fragment`](super::fragment) and [`pairs`](super::pairs) report only the contradictions
//! their rules meet: `? 3 ?` over `? 2 ?` breaks no rule of one number (or of the pair rule's
//! neighbours-in-common, had the numbers not been side by side), so they stop with the cells
//! undecided, though no layout gives both numbers their counts. [`check`] settles that, for the
//! cells a solver left undecided, without the cost of [`complete`](super::complete): it looks
//! for one layout, not for what all of them agree on.
//!
//! How: first each number with the numbers it shares an undecided cell with, alone (no layout
//! there, none on the board: a slip in one number is found at once and named precisely); then
//! the undecided cells joined through a number that still needs mines form independent
//! components, and each is searched cell by cell (along its longer side, so the numbers whose cells
//! are partly placed stay few), depth first with no recursion, and a state that failed (a
//! position and what the partly placed numbers still need) is remembered, so no state is
//! searched twice and a long frontier costs its length times its states, not its number of
//! layouts. The search stops after a budget of work and then says [`Fit::Unknown`]. The total
//! mine count is not used (the solvers' own total rule checks it).
//!
//! ```
//! use typesweeper::board::Board;
//! use typesweeper::runtime::consistency::{check, Fit, DEFAULT_BUDGET};
//! use typesweeper::runtime::{fragment, Given};
//!
//! let puzzle: Board = "? 3 ?\n? 2 ?".parse().unwrap();
//! let d = fragment::solve(&puzzle, Given::nothing()).unwrap(); // no rule of one number breaks
//! let e = check(d.cells(), d.rows(), d.cols(), DEFAULT_BUDGET).unwrap_err();
//! assert_eq!(e.to_string(), "contradiction: no mine layout fits the numbers at R1C2, R2C2");
//!
//! let puzzle: Board = "? ? ?\n1 2 1".parse().unwrap();
//! let d = fragment::solve(&puzzle, Given::nothing()).unwrap();
//! assert_eq!(check(d.cells(), d.rows(), d.cols(), DEFAULT_BUDGET), Ok(Fit::Fits));
//! ```

use rustc_hash::FxHashSet as HashSet;

use super::deduction::{cell_name, plural, Deduced, SolveError};

/// What [`check`] found when it did not find a contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// Some layout of the undecided cells gives every number its count.
    Fits,
    /// The budget ran out before the search could tell (no contradiction was found).
    Unknown,
}

/// The budget [`check`] is given by the `solve` command: enough for boards of thousands of
/// cells, about a second and some tens of megabytes at most.
pub const DEFAULT_BUDGET: u64 = 30_000_000;

/// The work one number and its neighbours in [`check`]'s first pass may take.
const WINDOW_BUDGET: u64 = 20_000;

/// At most this many numbers are named in the error.
const NAMED: usize = 12;

/// Whether some layout of the undecided cells of `cells` (a `rows` x `cols` board, row-major)
/// gives every number (`Deduced::Safe(Some(n))`) exactly its count of mines among its
/// neighbours, counting the cells already decided as mines.
///
/// `Err(SolveError::Contradiction)` when none does, naming the numbers of a part of the board
/// no layout fits; `Ok(Fit::Fits)` when one does; `Ok(Fit::Unknown)` when `budget` units of
/// work (about one per cell placed, and one per byte remembered) ran out first.
pub fn check(cells: &[Deduced], rows: usize, cols: usize, budget: u64) -> Result<Fit, SolveError> {
    assert_eq!(cells.len(), rows * cols, "one cell per square of the board");
    let near = |i: usize| crate::board::neighbours(rows, cols, i / cols, i % cols);
    // Every number: what it still needs, and whether it has undecided neighbours.
    let mut need = vec![0u8; cells.len()];
    let mut live = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        let Deduced::Safe(Some(n)) = cell else {
            continue;
        };
        let (mut mines, mut open) = (0, 0);
        for j in near(i) {
            match cells[j] {
                Deduced::Mine => mines += 1,
                Deduced::Undecided => open += 1,
                Deduced::Safe(_) => {}
            }
        }
        let n = usize::from(n);
        if mines > n || n - mines > open {
            return Err(no_layout(cols, &[i]));
        }
        need[i] = (n - mines) as u8;
        if open > 0 {
            live.push(i);
        }
    }
    // Components: undecided cells joined through a live number.
    let mut parent: Vec<usize> = (0..cells.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for &i in &live {
        let mut first = None;
        for j in near(i).filter(|&j| cells[j] == Deduced::Undecided) {
            let r = root(&mut parent, j);
            match first {
                None => first = Some(r),
                Some(f) if f != r => parent[r] = f,
                Some(_) => {}
            }
        }
    }
    let mut by_root: rustc_hash::FxHashMap<usize, Vec<usize>> = Default::default();
    for &i in &live {
        let j = near(i)
            .find(|&j| cells[j] == Deduced::Undecided)
            .expect("a live number has an undecided neighbour");
        by_root.entry(root(&mut parent, j)).or_default().push(i);
    }
    let mut components: Vec<Vec<usize>> = by_root.into_values().collect();
    // Small parts first, so that a part too large for the budget leaves it to the others.
    components.sort_by_key(|numbers| (numbers.len(), numbers[0]));
    let mut work = Work { left: budget };
    // First each number with the numbers it shares a cell with: a slip in one number is found
    // there, at little cost and named precisely, however large the part of the board around it.
    let mut live_at = vec![false; cells.len()];
    for &i in &live {
        live_at[i] = true;
    }
    let mut unknown = false;
    for &i in &live {
        let mut window: Vec<usize> = near(i)
            .filter(|&c| cells[c] == Deduced::Undecided)
            .flat_map(|c| near(c).filter(|&j| live_at[j]))
            .collect();
        window.sort_unstable();
        window.dedup();
        let mut local = Work {
            left: work.left.min(WINDOW_BUDGET),
        };
        let found = Component::new(cells, rows, cols, &window, &need).search(&mut local);
        work.spend((work.left.min(WINDOW_BUDGET) - local.left) as usize);
        match found {
            Some(false) => return Err(no_layout(cols, &window)),
            Some(true) => {}
            None if work.left == 0 => {
                unknown = true;
                break;
            }
            None => {}
        }
    }
    for numbers in &components {
        match Component::new(cells, rows, cols, numbers, &need).search(&mut work) {
            Some(true) => {}
            Some(false) => return Err(no_layout(cols, numbers)),
            None => unknown = true,
        }
    }
    Ok(if unknown { Fit::Unknown } else { Fit::Fits })
}

/// The contradiction for `numbers` (row-major), naming the first [`NAMED`] of them.
fn no_layout(cols: usize, numbers: &[usize]) -> SolveError {
    let mut sorted = numbers.to_vec();
    sorted.sort_unstable();
    let mut names: Vec<String> = sorted
        .iter()
        .take(NAMED)
        .map(|&j| cell_name(cols, j))
        .collect();
    if sorted.len() > NAMED {
        names.push(format!(
            "and {}",
            plural(sorted.len() - NAMED, "more number")
        ));
    }
    let numbers = if sorted.len() == 1 {
        "number"
    } else {
        "numbers"
    };
    SolveError::Contradiction(format!(
        "no mine layout fits the {numbers} at {}",
        names.join(", ")
    ))
}

/// The work left.
struct Work {
    left: u64,
}

impl Work {
    /// Spends `units`; false when the budget is gone.
    fn spend(&mut self, units: usize) -> bool {
        match self.left.checked_sub(units as u64) {
            Some(left) => {
                self.left = left;
                true
            }
            None => {
                self.left = 0;
                false
            }
        }
    }
}

/// One component, its cells in search order (positions `0..len`).
struct Component {
    /// Per position, the component's numbers (local indices) that see the cell.
    seen_by: Vec<Vec<u32>>,
    /// Per position `p`, the numbers with cells both before `p` and at or after it: what they
    /// still need is the state at `p`.
    straddling: Vec<Vec<u32>>,
    /// Per number, mines it still needs among the cells not yet placed.
    need: Vec<u8>,
    /// Per number, its cells not yet placed.
    open: Vec<u8>,
}

impl Component {
    fn new(
        cells: &[Deduced],
        rows: usize,
        cols: usize,
        numbers: &[usize],
        need: &[u8],
    ) -> Component {
        let near = |i: usize| crate::board::neighbours(rows, cols, i / cols, i % cols);
        let mut members: Vec<usize> = numbers
            .iter()
            .flat_map(|&i| near(i).filter(|&j| cells[j] == Deduced::Undecided))
            .collect();
        members.sort_unstable();
        members.dedup();
        // Along the longer side of the component's bounding box.
        let (r0, r1) = members.iter().fold((usize::MAX, 0), |(lo, hi), &i| {
            (lo.min(i / cols), hi.max(i / cols))
        });
        let (c0, c1) = members.iter().fold((usize::MAX, 0), |(lo, hi), &i| {
            (lo.min(i % cols), hi.max(i % cols))
        });
        if c1 - c0 > r1 - r0 {
            members.sort_unstable_by_key(|&i| (i % cols, i / cols));
        }
        let position: rustc_hash::FxHashMap<usize, usize> =
            members.iter().enumerate().map(|(p, &i)| (i, p)).collect();
        let len = members.len();
        let mut seen_by = vec![Vec::new(); len];
        let mut straddling = vec![Vec::new(); len];
        let mut open = Vec::with_capacity(numbers.len());
        for (k, &i) in numbers.iter().enumerate() {
            let at: Vec<usize> = near(i).filter_map(|j| position.get(&j).copied()).collect();
            for &p in &at {
                seen_by[p].push(k as u32);
            }
            let (first, last) = (at.iter().min().copied(), at.iter().max().copied());
            if let (Some(first), Some(last)) = (first, last) {
                for list in &mut straddling[first + 1..=last] {
                    list.push(k as u32);
                }
            }
            open.push(at.len() as u8);
        }
        Component {
            seen_by,
            straddling,
            need: numbers.iter().map(|&i| need[i]).collect(),
            open,
        }
    }

    /// Places cell `p` (`mine` or safe); false when a number it touches can no longer get its
    /// count. Undone by [`Component::unplace`] either way.
    fn place(&mut self, p: usize, mine: bool) -> bool {
        let mut fine = true;
        for &k in &self.seen_by[p] {
            let k = k as usize;
            self.open[k] -= 1;
            if mine {
                if self.need[k] == 0 {
                    fine = false;
                }
                self.need[k] = self.need[k].wrapping_sub(1);
            }
            if self.need[k] > self.open[k] {
                fine = false;
            }
        }
        fine
    }

    fn unplace(&mut self, p: usize, mine: bool) {
        for &k in &self.seen_by[p] {
            let k = k as usize;
            self.open[k] += 1;
            if mine {
                self.need[k] = self.need[k].wrapping_add(1);
            }
        }
    }

    /// What the numbers straddling position `p` still need.
    fn state(&self, p: usize) -> Box<[u8]> {
        self.straddling[p]
            .iter()
            .map(|&k| self.need[k as usize])
            .collect()
    }

    /// Whether some layout fits (`None`: the budget ran out). Depth first over the positions,
    /// safe before mine, without recursion; each failed state is remembered.
    fn search(mut self, work: &mut Work) -> Option<bool> {
        let len = self.seen_by.len();
        let spent: usize = self.straddling.iter().map(Vec::len).sum::<usize>() + len;
        if !work.spend(spent) {
            return None;
        }
        let mut failed: Vec<HashSet<Box<[u8]>>> = vec![HashSet::default(); len];
        // Per position on the current path: its state on entry and the value placed (0 safe,
        // 1 mine, 2 both tried).
        let mut states: Vec<Box<[u8]>> = Vec::with_capacity(len);
        let mut placed: Vec<u8> = Vec::with_capacity(len);
        // Entering position `states.len()`.
        loop {
            let p = states.len();
            if p == len {
                return Some(true);
            }
            let state = self.state(p);
            if !work.spend(1 + state.len()) {
                return None;
            }
            if failed[p].contains(&state) {
                // Back to the last position with a value left to try.
                if !self.backtrack(&mut states, &mut placed, &mut failed, work)? {
                    return Some(false);
                }
                continue;
            }
            states.push(state);
            placed.push(0);
            if !self.place(p, false)
                && !self.next_value(&mut states, &mut placed, &mut failed, work)?
            {
                return Some(false);
            }
        }
    }

    /// Tries the next value at the last position on the path (whose current value has just
    /// failed or whose subtree has), backing up as far as needed. `Some(false)` when the whole
    /// search is exhausted, `Some(true)` when a value was placed and the search can go deeper.
    fn next_value(
        &mut self,
        states: &mut Vec<Box<[u8]>>,
        placed: &mut Vec<u8>,
        failed: &mut [HashSet<Box<[u8]>>],
        work: &mut Work,
    ) -> Option<bool> {
        loop {
            let p = states.len() - 1;
            let value = placed[p];
            self.unplace(p, value == 1);
            if value == 0 {
                placed[p] = 1;
                if !work.spend(1 + self.seen_by[p].len()) {
                    return None;
                }
                if self.place(p, true) {
                    return Some(true);
                }
                continue;
            }
            // Both values failed below this state: remember it, and go back one position.
            let state = states.pop().expect("on the path");
            placed.pop();
            if !work.spend(state.len() + 16) {
                return None;
            }
            failed[p].insert(state);
            if states.is_empty() {
                return Some(false);
            }
        }
    }

    /// The subtree entered at the current position failed before anything was placed there:
    /// move on from the position before it. As [`Component::next_value`].
    fn backtrack(
        &mut self,
        states: &mut Vec<Box<[u8]>>,
        placed: &mut Vec<u8>,
        failed: &mut [HashSet<Box<[u8]>>],
        work: &mut Work,
    ) -> Option<bool> {
        if states.is_empty() {
            return Some(false);
        }
        self.next_value(states, placed, failed, work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn cells(text: &str) -> (Vec<Deduced>, usize, usize) {
        let board: Board = text.parse().unwrap();
        let cells = board
            .cells()
            .iter()
            .map(|&c| Deduced::from_cell(c))
            .collect();
        (cells, board.rows(), board.cols())
    }

    fn said(text: &str, budget: u64) -> Result<Fit, String> {
        let (cells, rows, cols) = cells(text);
        check(&cells, rows, cols, budget).map_err(|e| e.to_string())
    }

    #[test]
    fn a_number_that_cannot_hold_alone_is_named_alone() {
        assert_eq!(
            said("? 1\n1 x", DEFAULT_BUDGET),
            Ok(Fit::Fits),
            "the 1s have their mine"
        );
        assert_eq!(
            said("x x\n1 ?", DEFAULT_BUDGET),
            Err("contradiction: no mine layout fits the number at R2C1".into())
        );
        assert_eq!(
            said("4 ?\n? ?", DEFAULT_BUDGET),
            Err("contradiction: no mine layout fits the number at R1C1".into())
        );
    }

    #[test]
    fn a_contradiction_no_few_numbers_show_is_found_through_the_whole_row() {
        // `0 1 1 ... 1 0` under unknown cells: the 0s keep the two cells at each end safe, and
        // the 1s then need a mine in every third cell from either end, so `n` 1s fit exactly
        // when `n` is a multiple of 3. Only the whole row shows it.
        let row = |ones: usize| {
            let top = vec!["?"; ones + 2].join(" ");
            let bottom = format!("0 {} 0", vec!["1"; ones].join(" "));
            format!("{top}\n{bottom}")
        };
        for ones in 1..40 {
            let got = said(&row(ones), DEFAULT_BUDGET);
            if ones % 3 == 0 {
                assert_eq!(got, Ok(Fit::Fits), "{ones}");
            } else {
                let e = got.expect_err("no layout");
                assert!(
                    e.starts_with("contradiction: no mine layout fits the numbers at R2C"),
                    "{ones}: {e}"
                );
            }
        }
        assert_eq!(said(&row(3000), DEFAULT_BUDGET), Ok(Fit::Fits));
        assert!(said(&row(3001), DEFAULT_BUDGET).is_err());
        assert_eq!(
            said(&row(3001), 50),
            Ok(Fit::Unknown),
            "a small budget cannot tell"
        );
    }

    #[test]
    fn many_layouts_before_a_contradiction_cost_their_length_not_their_number() {
        // `1 ? 1 ? ...` under unknown cells fits in more ways than can be tried one by one;
        // then `0 1 1 1 1 0`, four 1s, fits in none (a multiple of 3 would), which only the whole
        // stretch shows. The 0 joins the two into one part of the board, searched from the left.
        let k = 300;
        let bottom = format!("{} 0 1 1 1 1 0", vec!["1 ?"; k].join(" "));
        let top = vec!["?"; 2 * k + 6].join(" ");
        let e = said(&format!("{top}\n{bottom}"), DEFAULT_BUDGET).expect_err("no layout");
        assert!(
            e.ends_with("and 294 more numbers"),
            "the whole stretch: {e}"
        );
        let fits = format!("{} 0 1 1 1 0", vec!["1 ?"; k].join(" "));
        let top = vec!["?"; 2 * k + 5].join(" ");
        assert_eq!(
            said(&format!("{top}\n{fits}"), DEFAULT_BUDGET),
            Ok(Fit::Fits)
        );
    }

    #[test]
    fn long_lists_of_numbers_are_cut_short() {
        let e = no_layout(10, &(0..20).collect::<Vec<_>>());
        assert_eq!(
            e.to_string(),
            "contradiction: no mine layout fits the numbers at R1C1, R1C2, R1C3, R1C4, R1C5, \
             R1C6, R1C7, R1C8, R1C9, R1C10, R2C1, R2C2, and 8 more numbers"
        );
    }
}
