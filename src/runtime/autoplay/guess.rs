//! Choosing a guess when no cell is certain.
//!
//! In order: the [`endgame`] search when few layouts remain; a forced 50/50
//! ([`risk::forced_fifty_fifty`], or of any shape: [`risk::unavoidable_fifty_fifty`]); a pseudo
//! 50/50 ([`risk::pseudo_fifty_fifty`]: a cell that is a mine only inside a 50/50 no number can
//! settle); otherwise the best [`score`] among the candidates nearly as safe as the safest
//! cell. A cell's [`Outcome`] is found by writing each number it could show into the position
//! and counting the layouts that fit ([`Analysis::ln_layouts`]): that gives the exact chance of
//! each number, whether it is dead (one possible number), the chance that opening it proves
//! some living cell safe (progress), and how safe the next guess would be.

use crate::runtime::complete::Analysis;
use crate::runtime::deduction::Deduced;

use super::position::{Context, Outcome, Position};
use super::{endgame, risk};

/// Candidates within this much safety of the safest cell are compared by [`score`].
pub const MARGIN: f64 = 0.12;
/// At most this many frontier candidates are compared (the safest first).
pub const MAX_FRONTIER: usize = 8;
/// At most this many interior cells (all equally safe) are compared: those with the fewest
/// undecided neighbours (corners and edges, most likely to open an area).
pub const MAX_INTERIOR: usize = 3;
/// And at most this many interior cells next to the frontier (whose number may settle it),
/// again those with the fewest undecided neighbours.
pub const MAX_NEXT_TO_FRONTIER: usize = 4;

/// The guess: a row-major undecided cell of `position`, from its `analysis` (which must know
/// the total, i.e. be made with `Some(mines_left)`). One cell when a rule decides (the
/// [`endgame`] search, a forced or pseudo 50/50); otherwise the candidate of best [`score`],
/// or the safest live cell when every candidate is dead.
///
/// # Panics
/// When no cell is undecided.
pub fn choose(position: &Position<'_>, analysis: &Analysis) -> usize {
    let undecided: Vec<usize> = (0..position.cells.len())
        .filter(|&i| position.cells[i] == Deduced::Undecided)
        .collect();
    assert!(!undecided.is_empty(), "nothing to guess");
    let p = analysis
        .mine_probabilities()
        .expect("the analysis knows the total");
    let limit = endgame::layout_limit(undecided.len(), position.mines_left);
    if analysis.ln_layouts().is_some_and(|ln| ln <= limit.ln()) {
        if let Some(best) = endgame::best_cell_within(position, limit) {
            return best;
        }
    }
    if let Some(cell) = risk::forced_fifty_fifty(position, &p, &undecided)
        .or_else(|| risk::unavoidable_fifty_fifty(position, &p, &undecided))
    {
        return cell;
    }
    let context = Context::new(position, analysis);
    let live = |c: usize| context.outcome(c, 1.0 - p[c]).values > 1;
    if let Some(cell) = risk::pseudo_fifty_fifty(position, analysis, &p, live) {
        return cell;
    }
    let open_around: Vec<usize> = (0..position.cells.len())
        .map(|i| position.undecided_neighbours(i))
        .collect();
    let best_safety = undecided.iter().map(|&i| 1.0 - p[i]).fold(0.0, f64::max);
    let candidates = candidates(
        position,
        analysis,
        &p,
        &undecided,
        &open_around,
        best_safety,
    );
    // In candidate order; the choice is the first to beat every earlier one: best holds its
    // score and cell.
    let mut best: Option<(f64, usize)> = None;
    for &c in &candidates {
        let influence = risk::fifty_fifty_influence(position, &context, c);
        if best.is_some_and(|(b, _)| 1.0 - p[c] + INFLUENCE_WEIGHT * influence <= b) {
            continue; // its score cannot beat the best
        }
        let outcome = context.outcome(c, 1.0 - p[c]);
        if outcome.values <= 1 {
            continue; // dead: opening it tells nothing
        }
        let s = score(&outcome, influence);
        if best.is_none_or(|(b, _)| s > b + 1e-12) {
            best = Some((s, c));
        }
    }
    if let Some((_, cell)) = best {
        return cell;
    }
    // Every candidate is dead: the safest live cell, if any, else the safest cell.
    let mut by_safety = undecided.clone();
    by_safety.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    by_safety
        .iter()
        .copied()
        .filter(|c| !candidates.contains(c))
        .take(2 * MAX_FRONTIER)
        .find(|&c| open_around[c] > 0 && context.outcome(c, 1.0 - p[c]).values > 1)
        .unwrap_or(by_safety[0])
}

/// The guess when the exact analysis does not fit the position's budget: the undecided cell
/// of least [`estimated_chances`], the first in reading order among equals.
///
/// # Panics
/// When no cell is undecided.
///
/// ```
/// use typesweeper::runtime::autoplay::{guess, position::Position};
/// use typesweeper::runtime::complete::Budget;
/// use typesweeper::runtime::Deduced::{Safe, Undecided};
///
/// // `? 1 ? ?` over `? ? ? ?` with 2 mines: next to the 1, a mine is one in five; the far
/// // cells take what is left, about two mines for seven cells.
/// let u = Undecided;
/// let cells = [u, Safe(Some(1)), u, u, u, u, u, u];
/// let budget = Budget::default();
/// let position = Position { rows: 2, cols: 4, cells: &cells, mines_left: 2, budget: &budget };
/// assert_eq!(guess::cheap(&position), 0);
/// ```
pub fn cheap(position: &Position<'_>) -> usize {
    let chances = estimated_chances(position);
    (0..position.cells.len())
        .filter(|&i| position.cells[i] == Deduced::Undecided)
        .min_by(|&a, &b| chances[a].total_cmp(&chances[b]).then(a.cmp(&b)))
        .expect("nothing to guess")
}

/// A cheap estimate of each cell's chance to be a mine, from the numbers around it alone (1
/// for mines, 0 for safe cells): for an undecided cell next to numbers, the largest share of
/// its mines that one of them still needs per undecided neighbour; for one next to none, the
/// mines left per undecided cell. Not a probability (the numbers are not weighed together):
/// what is left when the exact analysis does not fit the budget.
pub fn estimated_chances(position: &Position<'_>) -> Vec<f64> {
    let cells = position.cells;
    let undecided = cells.iter().filter(|&&c| c == Deduced::Undecided).count();
    // Per number, the share of mines per undecided neighbour it still needs.
    let share = |i: usize| {
        let Deduced::Safe(Some(v)) = cells[i] else {
            return None;
        };
        let (mut mines, mut unknown) = (0usize, 0usize);
        for j in position.neighbours(i) {
            match cells[j] {
                Deduced::Mine => mines += 1,
                Deduced::Undecided => unknown += 1,
                Deduced::Safe(_) => {}
            }
        }
        (unknown > 0).then(|| usize::from(v).saturating_sub(mines) as f64 / unknown as f64)
    };
    let everywhere = position.mines_left as f64 / undecided.max(1) as f64;
    (0..cells.len())
        .map(|i| match cells[i] {
            Deduced::Mine => 1.0,
            Deduced::Safe(_) => 0.0,
            Deduced::Undecided => position
                .neighbours(i)
                .filter_map(share)
                .fold(None, |most: Option<f64>, s| {
                    Some(most.map_or(s, |m| m.max(s)))
                })
                .unwrap_or(everywhere),
        })
        .collect()
}

/// How much of a cell's [`risk::fifty_fifty_influence`] counts as safety in its [`score`]
/// (JSMinesweeper's 0.9).
pub const INFLUENCE_WEIGHT: f64 = 0.9;

/// How good a guess is: its chance of being safe, raised by [`INFLUENCE_WEIGHT`] times its
/// `influence` ([`risk::fifty_fifty_influence`]: the chance that it is the mine of a 50/50 no
/// number can settle, layouts in which the guess loses but which would lose half the time
/// later anyway), times the chance that the game then goes on without a worse blind guess
/// ([`Outcome::secondary`]: the blended safety of the next guess, 1 for a living cell its
/// number proves safe). The raise favours the cells where such 50/50s form, corners and
/// edges, while they can still be opened: JSMinesweeper's "50/50 influence".
pub fn score(outcome: &Outcome, influence: f64) -> f64 {
    outcome.secondary * (outcome.safety + INFLUENCE_WEIGHT * influence)
}

/// The cells worth comparing, safest first: live frontier cells within [`MARGIN`] of the safest
/// (at most [`MAX_FRONTIER`]), and when the interior is within the margin too, the interior cells
/// with the fewest undecided neighbours (`open_around`) and some next to the frontier.
fn candidates(
    position: &Position<'_>,
    analysis: &Analysis,
    p: &[f64],
    undecided: &[usize],
    open_around: &[usize],
    best_safety: f64,
) -> Vec<usize> {
    let mut frontier_next = vec![false; p.len()];
    for i in analysis.frontier() {
        for j in position.neighbours(i) {
            frontier_next[j] = true;
        }
    }
    let close = |i: usize| 1.0 - p[i] >= best_safety - MARGIN;
    let is_interior = analysis.interior_by_cell();
    let mut frontier: Vec<usize> = undecided
        .iter()
        .copied()
        .filter(|&i| !is_interior[i] && close(i) && open_around[i] > 0)
        .collect();
    frontier.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    frontier.truncate(MAX_FRONTIER);
    let mut interior: Vec<usize> = analysis
        .interior
        .iter()
        .copied()
        .filter(|&i| close(i))
        .collect();
    interior.sort_by_key(|&i| (open_around[i], i));
    let mut next_to: Vec<usize> = interior
        .iter()
        .copied()
        .filter(|&i| frontier_next[i])
        .collect();
    interior.truncate(MAX_INTERIOR);
    next_to.retain(|i| !interior.contains(i));
    next_to.truncate(MAX_NEXT_TO_FRONTIER);
    frontier.extend(interior);
    frontier.extend(next_to);
    frontier.sort_by(|&a, &b| p[a].total_cmp(&p[b]).then(a.cmp(&b)));
    frontier
}
