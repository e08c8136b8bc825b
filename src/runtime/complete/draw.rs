//! Drawing layouts from the exact posterior: every layout of the undecided cells that fits the
//! numbers and the total count equally likely, as [`Analysis::mine_probabilities`] weighs them.
//!
//! A draw takes the frontier's mine count first (each count weighted by its layouts times the
//! interior's `C(interior, mines left - count)`), then splits it among the components from
//! the last to the first (each share weighted by the component's layouts with that many mines
//! times those of the components before it), then walks each component's sweep for its box
//! counts ([`Sweep::draw`]), and finally picks which cells of each box, and of the interior,
//! hold the mines, uniformly.

use rand_chacha::rand_core::RngCore;

use super::sweep::{pick, DrawTable};
use super::{ln, ln_interior, Analysis};

/// Draws layouts of an analysed position: see [`Analysis::sampler`].
#[derive(Clone, Debug)]
pub struct Sampler<'a> {
    analysis: &'a Analysis,
    /// Per component, the table its sweep is walked with.
    tables: Vec<DrawTable>,
    /// Per component, `ln` of its layouts by mine count.
    dists: Vec<Vec<f64>>,
    /// `prefix[k]`: `ln` of the layouts of components `0..k` together by mine count.
    prefix: Vec<Vec<f64>>,
    /// Per mine count of the whole frontier, `ln` of the layouts of the board with it.
    by_frontier: Vec<f64>,
    /// Mines among the undecided cells.
    left: usize,
}

impl Analysis {
    /// A sampler of the position's layouts, each layout that fits the numbers and the total
    /// equally likely; `None` when the total is unknown or no layout fits. Making it costs about
    /// as much as counting the components' layouts; each draw then costs about the number of
    /// undecided cells.
    ///
    /// ```
    /// use rand_chacha::{rand_core::SeedableRng, ChaCha8Rng};
    /// use typesweeper::runtime::complete::analyse;
    /// use typesweeper::runtime::Deduced::{Safe, Undecided};
    ///
    /// // `? 1 ? ?` with 1 mine: the mine is beside the 1, on either side, never at the end.
    /// let a = analyse(&[Undecided, Safe(Some(1)), Undecided, Undecided], 1, 4, Some(1)).unwrap();
    /// let sampler = a.sampler().unwrap();
    /// let mut rng = ChaCha8Rng::seed_from_u64(7);
    /// let mut seen = [0; 4];
    /// for _ in 0..1000 {
    ///     let mines = sampler.draw(&mut rng);
    ///     assert_eq!(mines.len(), 1);
    ///     seen[mines[0]] += 1;
    /// }
    /// assert_eq!(seen[1] + seen[3], 0);
    /// assert!(seen[0] > 400 && seen[2] > 400, "{seen:?}");
    /// ```
    pub fn sampler(&self) -> Option<Sampler<'_>> {
        let left = self.mines_left?;
        let tables: Vec<DrawTable> = self
            .components
            .iter()
            .map(|c| c.sweep.draw_table())
            .collect();
        let dists: Vec<Vec<f64>> = tables.iter().map(DrawTable::distribution).collect();
        let mut prefix = vec![vec![0.0]];
        for d in &dists {
            let next = ln::convolve(prefix.last().expect("starts non-empty"), d);
            prefix.push(next);
        }
        let interior = ln_interior(self.interior.len(), left);
        let full = prefix.last().expect("starts non-empty");
        let by_frontier: Vec<f64> = (0..full.len()).map(|t| full[t] + interior(t)).collect();
        if by_frontier.iter().all(|&w| w == f64::NEG_INFINITY) {
            return None;
        }
        Some(Sampler {
            analysis: self,
            tables,
            dists,
            prefix,
            by_frontier,
            left,
        })
    }
}

impl Sampler<'_> {
    /// One layout: the undecided cells (row-major, increasing) that hold a mine in it.
    pub fn draw(&self, rng: &mut impl RngCore) -> Vec<usize> {
        let mut uniform = || (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
        let a = self.analysis;
        let mut frontier = pick(&self.by_frontier, uniform());
        let mut mines = Vec::with_capacity(self.left);
        mines.extend(choose(&a.interior, self.left - frontier, &mut uniform));
        for k in (0..a.components.len()).rev() {
            let (d, before) = (&self.dists[k], &self.prefix[k]);
            let weights: Vec<f64> = (0..d.len().min(frontier + 1))
                .map(|m| {
                    d[m] + before
                        .get(frontier - m)
                        .copied()
                        .unwrap_or(f64::NEG_INFINITY)
                })
                .collect();
            let m = pick(&weights, uniform());
            frontier -= m;
            let comp = &a.components[k];
            let counts = comp
                .sweep
                .draw(&self.tables[k], m, &mut uniform)
                .expect("a mine count with layouts");
            for (cells, &c) in comp.boxes.iter().zip(&counts) {
                mines.extend(choose(cells, usize::from(c), &mut uniform));
            }
        }
        debug_assert_eq!(frontier, 0);
        mines.sort_unstable();
        mines
    }
}

/// `k` of `cells`, every choice equally likely (a partial Fisher-Yates shuffle).
fn choose(cells: &[usize], k: usize, uniform: &mut impl FnMut() -> f64) -> Vec<usize> {
    let mut pool = cells.to_vec();
    for i in 0..k {
        let j = i + ((uniform() * (pool.len() - i) as f64) as usize).min(pool.len() - i - 1);
        pool.swap(i, j);
    }
    pool.truncate(k);
    pool
}
