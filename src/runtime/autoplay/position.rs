//! The position the autoplayer guesses in, and what opening one of its cells can lead to.
//!
//! A [`Position`] is what the player knows once every cell that can be decided is decided. Its
//! [`Context`] holds what stays the same while guesses in it are compared (the analysis'
//! components as layout counts per mine count, each cell's chance), and answers two questions
//! exactly, with the total count: how likely a pattern of mines and safe cells is
//! ([`Context::chance_of`]), and what opening a cell can lead to ([`Context::outcome`]). Both
//! solve again only the region the cells touch, cut out of the board, and take the
//! rest of the board as its layout count per mine count.

use std::cell::OnceCell;

use crate::board::neighbours;
use crate::runtime::complete::{analyse_within, Analysis, Budget};
use crate::runtime::deduction::Deduced;
use crate::runtime::ln;

/// A position to guess in: every cell that can be decided is decided.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Per cell (row-major): shown numbers, decided mines, undecided cells.
    pub cells: &'a [Deduced],
    /// Mines among the undecided cells.
    pub mines_left: usize,
    /// The work every analysis made while guessing here may spend, together (see [`Budget`]):
    /// once it is spent, the analyses still to make fail and the guess makes do without them.
    pub budget: &'a Budget,
}

impl Position<'_> {
    /// The cells next to cell `i` (row-major).
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        neighbours(self.rows, self.cols, i / self.cols, i % self.cols)
    }

    /// How many cells next to cell `i` are undecided.
    pub fn undecided_neighbours(&self, i: usize) -> usize {
        self.neighbours(i)
            .filter(|&j| self.cells[j] == Deduced::Undecided)
            .count()
    }
}

/// The next guess is judged by a blend of the safest and the second safest cell left (weights
/// `1 - SECOND_WEIGHT` and `SECOND_WEIGHT`, JSMinesweeper's 4:1): a position with two good
/// guesses is better than one with a single good guess.
pub const SECOND_WEIGHT: f64 = 0.2;

/// The two highest safeties among cells (a safety shared by two cells counts twice).
#[derive(Clone, Copy, Debug, Default)]
struct Top {
    first: f64,
    second: f64,
}

impl Top {
    /// Counts `n` cells of safety `s`.
    fn add(&mut self, s: f64, n: usize) {
        for _ in 0..n.min(2) {
            if s > self.first {
                self.second = self.first;
                self.first = s;
            } else if s > self.second {
                self.second = s;
            }
        }
    }

    fn blend(self) -> f64 {
        (1.0 - SECOND_WEIGHT) * self.first + SECOND_WEIGHT * self.second
    }
}

/// What opening one cell can lead to.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The chance that it is safe.
    pub safety: f64,
    /// How many different numbers it can show when safe (1: a dead cell).
    pub values: usize,
    /// The chance, given that it is safe, that its number proves another cell safe (judged
    /// from the numbers, without the total count) whose own number is still unknown (a
    /// living cell; a dead one tells nothing when opened).
    pub progress: f64,
    /// Each number it can show and the chance of it, given that it is safe.
    pub chances: Vec<(u8, f64)>,
    /// Given that it is safe, the expected chance that the game goes on: the safety of the next
    /// guess after its number (cells near it re-solved exactly, interior cells at their chance
    /// given the number, which moves the mines left for them, and cells of other components at
    /// their chance now), the safest cell's blended with the second safest's
    /// ([`SECOND_WEIGHT`]). A living cell the number proves safe counts as safety 1; a dead
    /// one does not count (JSMinesweeper's blend over living cells): one living cell proved
    /// safe gives at least `1 - SECOND_WEIGHT`, two give 1.
    pub secondary: f64,
}

/// What stays the same while the candidates of one position are compared: the position's
/// components (as layout counts by mine count) and which cell belongs to which.
#[derive(Debug)]
pub struct Context<'a> {
    position: &'a Position<'a>,
    analysis: &'a Analysis,
    /// Per cell, its component in `analysis`, if any.
    component_of: Vec<Option<usize>>,
    /// Per cell, whether it is in the interior.
    is_interior: Vec<bool>,
    /// Per component, the natural logarithm of its layout count by mine count.
    dists: Vec<Vec<f64>>,
    /// For log-binomials up to the board's size.
    factorials: ln::Factorials,
    /// Per cell, its chance of being a mine now.
    p: Vec<f64>,
    /// The natural logarithm of the position's layout count.
    ln_total: f64,
}

impl<'a> Context<'a> {
    /// Prepares the comparison of guesses in `position`, whose `analysis` knows the total.
    pub fn new(position: &'a Position<'a>, analysis: &'a Analysis) -> Context<'a> {
        Context {
            position,
            analysis,
            component_of: analysis.component_by_cell(),
            is_interior: analysis.interior_by_cell(),
            dists: analysis
                .components
                .iter()
                .map(|c| c.ln_distribution())
                .collect(),
            factorials: ln::Factorials::up_to(position.cells.len()),
            p: analysis
                .mine_probabilities()
                .expect("the analysis knows the total"),
            ln_total: analysis.ln_layouts().expect("the analysis knows the total"),
        }
    }

    /// The chance that every cell of `mines` is a mine and every cell of `safe` is safe (all
    /// undecided; see [`Context::ln_layouts_with`]).
    pub fn chance_of(&self, mines: &[usize], safe: &[usize]) -> f64 {
        (self.ln_layouts_with(mines, safe) - self.ln_total).exp()
    }

    /// The chance that `cell` is safe.
    pub fn safety(&self, cell: usize) -> f64 {
        1.0 - self.p[cell]
    }

    /// Adds to `top` the safeties of the undecided cells of the region solved in `a` (numbers
    /// only), with the rest of the board as `ln_rest` (layouts per mine count) and `ln_total`
    /// all layouts, leaving out the cells of `a` marked in `dead`; `free` cells of `a` touch no
    /// number.
    fn region_top(
        &self,
        a: &Analysis,
        ln_rest: &[f64],
        ln_total: f64,
        free: usize,
        dead: &[bool],
        top: &mut Top,
    ) {
        let left = self.position.mines_left;
        let free_row: Vec<f64> = (0..=free)
            .map(|j| self.factorials.binomial(free, j))
            .collect();
        let dists: Vec<Vec<f64>> = a.components.iter().map(|c| c.ln_distribution()).collect();
        for (j, comp) in a.components.iter().enumerate() {
            let others = (0..dists.len())
                .filter(|&k| k != j)
                .fold(free_row.clone(), |acc, k| ln::convolve(&acc, &dists[k]));
            // Per mine count of the component, the layouts of everything else.
            let mut rest = vec![f64::NEG_INFINITY; dists[j].len()];
            for t in &comp.summaries {
                rest[t.mines] = ln::sum(
                    (0..others.len())
                        .filter(|&s| s + t.mines <= left)
                        .map(|s| others[s] + ln_rest[left - s - t.mines]),
                );
            }
            let mines = comp.ln_box_mines(&rest);
            for (b, cells) in comp.boxes.iter().enumerate() {
                let p = (mines[b] - ln_total).exp() / cells.len() as f64;
                top.add(1.0 - p, cells.iter().filter(|&&x| !dead[x]).count());
            }
        }
    }

    /// The components (indices into the analysis, sorted) that some of `cells` belong to, and
    /// the layouts of all the other components together by mine count.
    fn split(&self, cells: impl Iterator<Item = usize>) -> (Vec<usize>, Vec<f64>) {
        let mut touched: Vec<usize> = cells.filter_map(|i| self.component_of[i]).collect();
        touched.sort_unstable();
        touched.dedup();
        let rest = (0..self.dists.len())
            .filter(|k| touched.binary_search(k).is_err())
            .fold(vec![0.0], |acc, k| ln::convolve(&acc, &self.dists[k]));
        (touched, rest)
    }

    /// The cells of the components `touched`.
    fn cells_of<'b>(&'b self, touched: &'b [usize]) -> impl Iterator<Item = usize> + 'b {
        touched
            .iter()
            .flat_map(|&k| self.analysis.components[k].cells())
    }

    /// The shown numbers next to some cell of `region` (with repeats).
    fn numbers_around(&self, region: &[usize]) -> Vec<usize> {
        let (position, cells) = (self.position, self.position.cells);
        region
            .iter()
            .flat_map(|&i| position.neighbours(i))
            .filter(|&j| matches!(cells[j], Deduced::Safe(Some(_))))
            .collect()
    }

    /// Layouts of a cropped region's analysis `a` (made without the total) by mine count,
    /// its free cells (touching no number) counted in.
    fn ln_local(&self, a: &Analysis) -> Vec<f64> {
        let local = a
            .components
            .iter()
            .fold(vec![0.0], |acc, c| ln::convolve(&acc, &c.ln_distribution()));
        let free = a.interior.len();
        if free == 0 {
            return local;
        }
        let row: Vec<f64> = (0..=free)
            .map(|j| self.factorials.binomial(free, j))
            .collect();
        ln::convolve(&local, &row)
    }

    /// The natural logarithm of the number of layouts (with the total count) in which every
    /// cell of `mines` is a mine and every cell of `safe` is safe, all of them undecided
    /// (`-inf` when none). Only the components these cells belong to are solved again; the
    /// rest of the board enters as its layout count per mine count.
    pub fn ln_layouts_with(&self, mines: &[usize], safe: &[usize]) -> f64 {
        let position = self.position;
        let Some(left) = position.mines_left.checked_sub(mines.len()) else {
            return f64::NEG_INFINITY;
        };
        let fixed: Vec<usize> = mines.iter().chain(safe).copied().collect();
        let (touched, rest) = self.split(fixed.iter().copied());
        let interior =
            self.analysis.interior.len() - fixed.iter().filter(|&&i| self.is_interior[i]).count();
        // Layouts of the rest holding `m` mines.
        let rest_layouts = |m: usize| self.ln_rest_layouts(&rest, interior, m);
        let region: Vec<usize> = self.cells_of(&touched).collect();
        if region.is_empty() {
            return rest_layouts(left); // only interior cells are fixed
        }
        let mut crop = Crop::new(position, &region, &self.numbers_around(&region));
        // Interior cells are in no number's reach: they entered as fewer free cells above.
        for (&i, mine) in fixed.iter().zip((0..fixed.len()).map(|k| k < mines.len())) {
            if !self.is_interior[i] {
                let at = crop.at(i);
                crop.cells[at] = if mine {
                    Deduced::Mine
                } else {
                    Deduced::Safe(None)
                };
            }
        }
        let Ok(a) = crop.analyse(position.budget) else {
            return f64::NEG_INFINITY;
        };
        let local = self.ln_local(&a);
        ln::sum((0..local.len().min(left + 1)).map(|k| local[k] + rest_layouts(left - k)))
    }

    /// Opens `cell` in thought with every number it could show: the chance of each, whether it
    /// proves some living cell safe, and the blended safety of the next guess. `safety` is the
    /// cell's chance of being safe.
    ///
    /// Only the region the number touches is solved again (the components of the cell and of
    /// its undecided neighbours, and those neighbours); the rest of the board enters as its
    /// layout count per mine count, so the chances stay exact with the total count. Progress is
    /// judged from the numbers alone.
    pub fn outcome(&self, cell: usize, safety: f64) -> Outcome {
        let opening = self.opening(cell);
        // The region alone, on the smallest rectangle holding it, its numbers and their
        // neighbours: numbers and undecided cells outside it drop out.
        let mut numbers = self.numbers_around(&opening.region);
        numbers.push(cell);
        let mut crop = Crop::new(self.position, &opening.region, &numbers);
        let outside = self.outside_top(&opening);
        let mines = self
            .position
            .neighbours(cell)
            .filter(|&j| self.position.cells[j] == Deduced::Mine)
            .count();
        let shown: Vec<Shown> = (mines..=mines + opening.around.len())
            .filter_map(|v| self.shown(&opening, &mut crop, outside, v as u8))
            .collect();
        Outcome::of(&shown, safety)
    }

    /// The layouts of the rest of the board holding `mines` mines: components whose layouts
    /// by mine count are `rest`, and `free` interior cells.
    fn ln_rest_layouts(&self, rest: &[f64], free: usize, mines: usize) -> f64 {
        ln::sum(
            (0..rest.len().min(mines + 1))
                .map(|s| rest[s] + self.factorials.binomial(free, mines - s)),
        )
    }

    /// What opening `cell` solves again, and the rest of the board as layout counts.
    fn opening(&self, cell: usize) -> Opening {
        let cells = self.position.cells;
        let left = self.position.mines_left;
        let around: Vec<usize> = self
            .position
            .neighbours(cell)
            .filter(|&j| cells[j] == Deduced::Undecided)
            .collect();
        let (touched, rest) = self.split(std::iter::once(cell).chain(around.iter().copied()));
        let mut region: Vec<usize> = self
            .cells_of(&touched)
            .chain(around.iter().copied())
            .filter(|&i| i != cell)
            .collect();
        region.sort_unstable();
        region.dedup();
        let mut in_region = vec![false; cells.len()];
        for &i in &region {
            in_region[i] = true;
        }
        in_region[cell] = true;
        // The rest: untouched components and the interior cells the number does not see.
        let freed = around.iter().filter(|&&i| self.is_interior[i]).count()
            + usize::from(self.is_interior[cell]);
        let interior = self.analysis.interior.len() - freed;
        // The region holds at most `region.len()` mines, so the rest holds at least the others.
        let lowest = left.saturating_sub(region.len());
        let ln_rest = (0..=left)
            .map(|m| {
                if m < lowest {
                    return f64::NEG_INFINITY; // never asked for
                }
                self.ln_rest_layouts(&rest, interior, m)
            })
            .collect();
        Opening {
            cell,
            around,
            region,
            in_region,
            interior,
            lowest,
            rest,
            ln_rest,
            ln_rest_one: OnceCell::new(),
        }
    }

    /// Layouts of the rest with one given interior cell a mine, per mine count of the rest:
    /// `C(n, j) j = n C(n - 1, j - 1)`, so this over `ln_rest` is that cell's chance.
    fn ln_rest_one(&self, opening: &Opening) -> Vec<f64> {
        let (interior, lowest) = (opening.interior, opening.lowest);
        (0..=self.position.mines_left)
            .map(|m| {
                if m < lowest || m == 0 || interior == 0 {
                    return f64::NEG_INFINITY;
                }
                self.ln_rest_layouts(&opening.rest, interior - 1, m - 1)
            })
            .collect()
    }

    /// The two safest cells of untouched components, at their chance now (the interior cells
    /// the number does not see are added per number, at their chance given it).
    fn outside_top(&self, opening: &Opening) -> Top {
        let cells = self.position.cells;
        let mut outside = Top::default();
        for i in (0..cells.len()).filter(|&i| {
            !opening.in_region[i] && !self.is_interior[i] && cells[i] == Deduced::Undecided
        }) {
            outside.add(1.0 - self.p[i], 1);
        }
        outside
    }

    /// The opened cell showing `v`: its layouts, whether it proves a living cell safe, and the
    /// blended safety of the next guess (from `outside`, the cells it leaves as they are).
    /// `None` when no layout shows `v` there.
    fn shown(&self, opening: &Opening, crop: &mut Crop, outside: Top, v: u8) -> Option<Shown> {
        let (position, cells, cell) = (self.position, self.position.cells, opening.cell);
        let left = position.mines_left;
        let at = crop.at(cell);
        crop.cells[at] = Deduced::Safe(Some(v));
        let a = crop.analyse(position.budget).ok()?;
        let local = self.ln_local(&a);
        let free = a.interior.len();
        let ln_rest = &opening.ln_rest;
        let ln_layouts =
            ln::sum((0..local.len().min(left + 1)).map(|k| local[k] + ln_rest[left - k]));
        if ln_layouts == f64::NEG_INFINITY {
            return None;
        }
        // Cells proved safe: a next guess of safety 1, if living.
        let settled = |j: usize| {
            j == cell
                || cells[j] != Deduced::Undecided
                || (opening.in_region[j] && a.forced(crop.at(j)).is_some())
        };
        let mut dead = vec![false; crop.cells.len()];
        let mut cleared = 0;
        for &i in &opening.region {
            if a.forced(crop.at(i)) == Some(false) {
                if living(position, i, cell, &settled) {
                    cleared += 1;
                } else {
                    dead[crop.at(i)] = true;
                }
            }
        }
        let progress = cleared > 0;
        if cleared >= 2 {
            // The blend of two safe cells; the rest need not be solved (made lazily for that).
            return Some(Shown {
                value: v,
                ln_layouts,
                progress,
                next: 1.0,
            });
        }
        let mut top = outside;
        if opening.interior > 0 {
            let one = opening
                .ln_rest_one
                .get_or_init(|| self.ln_rest_one(opening));
            let ln_one = ln::sum((0..local.len().min(left + 1)).map(|k| local[k] + one[left - k]));
            top.add(1.0 - (ln_one - ln_layouts).exp(), opening.interior);
        }
        self.region_top(&a, ln_rest, ln_layouts, free, &dead, &mut top);
        Some(Shown {
            value: v,
            ln_layouts,
            progress,
            next: top.blend(),
        })
    }
}

/// What opening one cell solves again ([`Context::outcome`]): the region its number can touch,
/// and the rest of the board as layout counts.
struct Opening {
    /// The cell opened.
    cell: usize,
    /// Its undecided neighbours.
    around: Vec<usize>,
    /// The undecided cells solved again, sorted: its undecided neighbours and every cell of
    /// the components they or the cell belong to, the cell left out.
    region: Vec<usize>,
    /// Per cell, whether it is in `region` or is `cell`.
    in_region: Vec<bool>,
    /// The interior cells the number does not see.
    interior: usize,
    /// The fewest mines the rest holds (the region holds at most `region.len()`).
    lowest: usize,
    /// The layouts of the untouched components together, by mine count.
    rest: Vec<f64>,
    /// The layouts of the rest of the board (untouched components and `interior` cells) by
    /// mine count, up to the mines left (`-inf` below `lowest`, never asked for).
    ln_rest: Vec<f64>,
    /// The same with one given interior cell a mine ([`Context::ln_rest_one`]), made at the
    /// first number that needs it (not one proving two living cells safe).
    ln_rest_one: OnceCell<Vec<f64>>,
}

/// The opened cell showing one number.
#[derive(Clone, Copy, Debug)]
struct Shown {
    /// The number.
    value: u8,
    /// The natural logarithm of the layouts (with the total count) in which it shows `value`.
    ln_layouts: f64,
    /// Whether the number proves some living cell safe.
    progress: bool,
    /// The blended safety of the next guess after it.
    next: f64,
}

impl Outcome {
    /// The outcome of opening a cell of chance `safety` to be safe, from each number it can
    /// show.
    fn of(shown: &[Shown], safety: f64) -> Outcome {
        let top = shown
            .iter()
            .map(|s| s.ln_layouts)
            .fold(f64::NEG_INFINITY, f64::max);
        let weight = |s: &Shown| (s.ln_layouts - top).exp();
        let total: f64 = shown.iter().map(weight).sum();
        let progress: f64 = shown.iter().filter(|s| s.progress).map(weight).sum();
        let next: f64 = shown.iter().map(|s| weight(s) * s.next).sum();
        Outcome {
            secondary: if total > 0.0 { next / total } else { 0.0 },
            safety,
            values: shown.len(),
            progress: if total > 0.0 { progress / total } else { 0.0 },
            chances: shown.iter().map(|s| (s.value, weight(s) / total)).collect(),
        }
    }
}

/// Whether `y`, a cell proved safe once `cell` shows its number, is living: opening it can
/// still tell something, since its own number is not known yet (JSMinesweeper's living tiles,
/// in their common form). `settled(j)`: cell `j` is open, a mine or proved either way.
///
/// It is dead when no undecided neighbour is left to it, or when some shown number (or `cell`)
/// has exactly its undecided neighbours: given `y` safe, `y` then sees as many of them as that
/// number does.
fn living(position: &Position<'_>, y: usize, cell: usize, settled: &dyn Fn(usize) -> bool) -> bool {
    // The undecided neighbours of a cell (at most eight).
    let unknown = |i: usize| {
        let mut found = ([0; 8], 0);
        for j in position.neighbours(i).filter(|&j| !settled(j)) {
            found.0[found.1] = j;
            found.1 += 1;
        }
        found
    };
    let own = unknown(y);
    if own.1 == 0 {
        return false;
    }
    !position.neighbours(own.0[0]).any(|n| {
        (n == cell || matches!(position.cells[n], Deduced::Safe(Some(_)))) && unknown(n) == own
    })
}

/// A rectangle of the board cut around a region of undecided cells, enough to solve the region
/// alone: the region's numbers and the cells next to them.
struct Crop {
    rows: usize,
    cols: usize,
    /// The board's column count.
    board_cols: usize,
    r0: usize,
    c0: usize,
    /// Per cell of the rectangle (row-major).
    cells: Vec<Deduced>,
}

impl Crop {
    /// The smallest rectangle holding `region` and `numbers` and their neighbours: known mines
    /// kept, `region` undecided, `numbers` as shown, every other cell safe (so that numbers and
    /// undecided cells outside the region drop out).
    fn new(position: &Position<'_>, region: &[usize], numbers: &[usize]) -> Crop {
        let (rows, cols, cells) = (position.rows, position.cols, position.cells);
        let (mut r0, mut c0, mut r1, mut c1) = (rows, cols, 0, 0);
        for &i in region.iter().chain(numbers) {
            let (r, c) = (i / cols, i % cols);
            (r0, c0) = (r0.min(r.saturating_sub(1)), c0.min(c.saturating_sub(1)));
            (r1, c1) = (r1.max((r + 1).min(rows - 1)), c1.max((c + 1).min(cols - 1)));
        }
        let mut crop = Crop {
            rows: r1 - r0 + 1,
            cols: c1 - c0 + 1,
            board_cols: cols,
            r0,
            c0,
            cells: Vec::new(),
        };
        crop.cells = vec![Deduced::Safe(None); crop.rows * crop.cols];
        for r in r0..=r1 {
            for c in c0..=c1 {
                if cells[r * cols + c] == Deduced::Mine {
                    let at = crop.at(r * cols + c);
                    crop.cells[at] = Deduced::Mine;
                }
            }
        }
        for &i in region {
            let at = crop.at(i);
            crop.cells[at] = Deduced::Undecided;
        }
        for &j in numbers {
            let at = crop.at(j);
            crop.cells[at] = cells[j];
        }
        crop
    }

    /// The rectangle's index of board cell `i`.
    fn at(&self, i: usize) -> usize {
        (i / self.board_cols - self.r0) * self.cols + (i % self.board_cols - self.c0)
    }

    /// The rectangle analysed without the total count, within `budget`.
    fn analyse(&self, budget: &Budget) -> Result<Analysis, crate::runtime::SolveError> {
        analyse_within(&self.cells, self.rows, self.cols, None, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_proved_safe_is_dead_when_a_number_sees_its_unknown_neighbours() {
        use Deduced::{Mine, Safe, Undecided};
        // c y 1
        // u v x   (x a known mine; c is guessed, and its number proves y safe)
        let mut cells = [
            Undecided,
            Undecided,
            Safe(Some(1)),
            Undecided,
            Undecided,
            Mine,
        ];
        let settled = |cells: &[Deduced], j: usize| j <= 1 || cells[j] != Undecided;
        fn position<'a>(cells: &'a [Deduced], budget: &'a Budget) -> Position<'a> {
            Position {
                rows: 2,
                cols: 3,
                cells,
                mines_left: 1,
                budget,
            }
        }
        let budget = Budget::default();
        // y would see u and v, exactly what c sees: its number is c's.
        let with_one = cells;
        let at = position(&with_one, &budget);
        assert!(!living(&at, 1, 0, &|j| settled(&with_one, j)));
        // With the cell at top right unknown, y sees one cell more than c does.
        cells[2] = Undecided;
        let at = position(&cells, &budget);
        assert!(living(&at, 1, 0, &|j| settled(&cells, j)));
        // With u and v known, y sees nothing unknown.
        cells[3] = Mine;
        cells[4] = Safe(Some(2));
        cells[2] = Mine;
        let at = position(&cells, &budget);
        assert!(!living(&at, 1, 0, &|j| settled(&cells, j)));
    }
}
