//! The search-based guess of [`Strength::Strong`]: where the heuristic's best candidates
//! ([`guess::options`](super::guess::options)) score close together, each is played on over
//! layouts drawn from the exact posterior ([`Analysis::sampler`]), and the one that wins most
//! is chosen, if it wins clearly more than the heuristic's choice.
//!
//! * **Rollouts.** A layout is drawn (every layout that fits what the player sees equally
//!   likely, [`Sampler`](crate::runtime::complete::Sampler)); over it, each candidate is
//!   opened ([`Game::on_layout`]) and, when safe, the game is played to the end by the quick
//!   player ([`play_quick`](super::play_quick), [`Search::quick`]) or the fast one ([`play`](super::play)). A candidate's
//!   rollouts are won or lost.
//! * **Common random numbers.** Every candidate is played over the same layouts, so the
//!   comparison is paired: what differs between two candidates is only the layouts where one
//!   wins and the other loses (the *discordant* ones), and the standard deviation of their
//!   difference in wins is the square root of that count.
//! * **Reproducible.** The layouts come from a generator seeded by the game's seed and the
//!   number of open cells, and the fast player is deterministic: a game plays the same on any
//!   thread, however many threads play.
//! * **Budget.** Layouts are drawn in batches, at most [`Search::layouts`] per guess; after
//!   each batch a candidate that loses to the leader by more than [`Search::drop_z`] standard
//!   deviations is dropped, and the search stops once one candidate is left.
//! * **Keeping the heuristic.** The leader replaces the heuristic's choice only when it wins
//!   more by more than [`Search::z`] standard deviations of the paired difference; otherwise
//!   the heuristic's choice stands.

use std::fmt;
use std::str::FromStr;

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::guess::Options;
use super::{play_rollout, step, GuessPoint, GuessRule, Plan};
use crate::runtime::complete::{Analysis, Budget};
use crate::runtime::deduction::Deduced;
use crate::runtime::game::{Game, Status};
use crate::runtime::layout::mix64;

/// How hard the autoplayer thinks about a guess.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Strength {
    /// The heuristic alone ([`guess::choose`](super::guess::choose)): about 2.6 ms of CPU per
    /// expert game.
    #[default]
    Fast,
    /// The heuristic, and rollouts ([`Search::STRONG`]) where its best candidates are close:
    /// about 18 ms of CPU per expert game on average (25 ms under the zero rule), most of it in
    /// a few games, and at most about 80 ms on one guess as measured; in 100,000 expert games it
    /// won 1 more than [`Strength::Fast`].
    Strong,
    /// The heuristic, and rollouts with these settings.
    Custom(Search),
}

impl Strength {
    /// The search this strength runs at close guesses, if any.
    pub fn search(self) -> Option<Search> {
        match self {
            Strength::Fast => None,
            Strength::Strong => Some(Search::STRONG),
            Strength::Custom(search) => Some(search),
        }
    }

    /// Its name: `fast`, `strong` or `custom`.
    pub fn name(self) -> &'static str {
        match self {
            Strength::Fast => "fast",
            Strength::Strong => "strong",
            Strength::Custom(_) => "custom",
        }
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strength {
    type Err = String;

    fn from_str(s: &str) -> Result<Strength, String> {
        match s {
            "fast" => Ok(Strength::Fast),
            "strong" => Ok(Strength::Strong),
            _ => Err(format!(
                "unknown strength `{s}`: expected `fast` or `strong`"
            )),
        }
    }
}

/// The settings of the rollout search (see the [module](self) documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    /// Candidates whose [`guess::score`](super::guess::score) is at least this share of the best
    /// are compared.
    pub within: f64,
    /// At most this many candidates, the heuristic's choice and the best scores after it.
    pub candidates: usize,
    /// At most this many layouts per guess.
    pub layouts: usize,
    /// Layouts drawn between two looks at the tallies.
    pub batch: usize,
    /// A candidate losing to the leader by more than this many standard deviations of the
    /// paired difference is dropped.
    pub drop_z: f64,
    /// The leader replaces the heuristic's choice only when it wins more by more than this
    /// many standard deviations.
    pub z: f64,
    /// The search runs only where at most this many cells are undecided (rollouts from later
    /// positions are shorter, so cheaper, and their guesses riskier).
    pub max_undecided: usize,
    /// Whether the rollouts are played on by the quick player ([`play_quick`](super::play_quick): safest-cell
    /// guesses) instead of the fast one ([`play`](super::play)).
    pub quick: bool,
    /// At most this much work per guess, in [`Budget`] steps, for all its rollouts together
    /// (and never more than the move's budget has left): a batch of layouts that would need
    /// more is not counted, and the search stops there. Steps are counted, not timed, so the
    /// limit keeps games reproducible.
    pub steps: u64,
}

impl Search {
    /// The settings of [`Strength::Strong`].
    pub const STRONG: Search = Search {
        within: 0.9,
        candidates: 4,
        layouts: 32,
        batch: 8,
        drop_z: 2.0,
        z: 2.5,
        max_undecided: 200,
        quick: true,
        steps: 750_000,
    };
}

/// As [`plan_within`](super::plan_within), at `strength`: with [`Strength::Strong`], a guess
/// whose best candidates are close is chosen by rollouts, their work charged to `budget` too
/// (at most [`Search::steps`] of it), so that the whole move stays within it.
pub fn plan_with(game: &Game, strength: Strength, budget: &Budget) -> Plan {
    let Some(search) = strength.search() else {
        return super::plan_within(game, budget);
    };
    // Past the search's reach (more undecided cells than it takes on, whatever the mines
    // decided), only the heuristic's choice is needed: no candidates to score beside it.
    let within = if game.hidden().saturating_sub(game.mines()) > search.max_undecided {
        1.0
    } else {
        search.within
    };
    step(game, budget, GuessRule::Scored(within)).plan(|point| choose(game, point, &search, budget))
}

/// The guess at `point`: by rollouts when several candidates are scored and the position was
/// analysed exactly, else the heuristic's.
fn choose(game: &Game, point: &GuessPoint, search: &Search, budget: &Budget) -> usize {
    let heuristic = point.choice();
    let (Options::Scored(scored), Some((cells, analysis))) = (&point.options, &point.exact) else {
        return heuristic;
    };
    let undecided = cells.iter().filter(|&&c| c == Deduced::Undecided).count();
    if scored.len() < 2 || undecided > search.max_undecided {
        return heuristic;
    }
    let candidates: Vec<usize> = scored
        .iter()
        .take(search.candidates)
        .map(|s| s.cell)
        .collect();
    rollouts(game, cells, analysis, &candidates, search, budget)
        .map_or(heuristic, |t| t.choice(search))
}

/// What the rollouts of one guess found: per layout, which candidates won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The candidates, the heuristic's choice first.
    pub candidates: Vec<usize>,
    /// Per layout drawn, a bit per candidate (bit `k` for `candidates[k]`) set when it won;
    /// a dropped candidate's bits are clear from the layout it was dropped at.
    pub wins: Vec<u64>,
    /// Per candidate, the layouts it was played on.
    pub played: Vec<usize>,
}

impl Tally {
    /// Wins of candidate `k` over the first `n` layouts.
    fn wins_of(&self, k: usize, n: usize) -> i64 {
        self.wins[..n].iter().filter(|&&w| w >> k & 1 == 1).count() as i64
    }

    /// The paired difference `wins(a) - wins(b)` and its standard deviation, over the layouts
    /// both were played on.
    pub fn paired(&self, a: usize, b: usize) -> (i64, f64) {
        let n = self.played[a].min(self.played[b]);
        let discordant = self.wins[..n]
            .iter()
            .filter(|&&w| (w >> a & 1) != (w >> b & 1))
            .count();
        (
            self.wins_of(a, n) - self.wins_of(b, n),
            (discordant as f64).sqrt(),
        )
    }

    /// The leader: the candidate with the best win rate over the layouts it was played on
    /// (the first among equals).
    pub fn leader(&self) -> usize {
        let rate = |k: usize| self.wins_of(k, self.played[k]) as f64 / self.played[k].max(1) as f64;
        (0..self.candidates.len()).fold(0, |best, k| if rate(k) > rate(best) { k } else { best })
    }

    /// The chosen cell: the leader's, when it beats the heuristic's choice by more than
    /// `search.z` standard deviations of the paired difference; else the heuristic's.
    pub fn choice(&self, search: &Search) -> usize {
        let leader = self.leader();
        let (diff, sd) = self.paired(leader, 0);
        if leader != 0 && diff as f64 > search.z * sd {
            self.candidates[leader]
        } else {
            self.candidates[0]
        }
    }
}

/// Plays each of `candidates` (at most 64, the heuristic's choice first) on over layouts drawn
/// from the position `cells` of `game` and its `analysis`, within `search`'s limits, the
/// rollouts' work charged to `budget` (the move's). `None` when no layout can be drawn (the
/// analysis does not know the total) or the game has no layout to compare against.
pub fn rollouts(
    game: &Game,
    cells: &[Deduced],
    analysis: &Analysis,
    candidates: &[usize],
    search: &Search,
    budget: &Budget,
) -> Option<Tally> {
    assert!(candidates.len() <= 64, "at most 64 candidates");
    let sampler = analysis.sampler()?;
    game.layout()?;
    let known: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Deduced::Mine)
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(rollout_seed(game));
    let mut tally = Tally {
        candidates: candidates.to_vec(),
        wins: Vec::new(),
        played: vec![0; candidates.len()],
    };
    let mut alive: Vec<bool> = vec![true; candidates.len()];
    // The guess's work: what the search allows, within what the move has left.
    let work = Budget::new(
        search
            .steps
            .min(budget.limit().saturating_sub(budget.spent())),
    );
    let cols = game.cols();
    while tally.wins.len() < search.layouts && alive.iter().filter(|&&a| a).count() > 1 {
        let (layouts, played) = (tally.wins.len(), tally.played.clone());
        'batch: for _ in 0..search.batch.min(search.layouts - tally.wins.len()) {
            let mut mines = vec![false; cells.len()];
            for i in known.iter().copied().chain(sampler.draw(&mut rng)) {
                mines[i] = true;
            }
            let mut won = 0u64;
            for (k, &c) in candidates.iter().enumerate() {
                if !alive[k] {
                    continue;
                }
                tally.played[k] += 1;
                if mines[c] {
                    continue;
                }
                let mut g = game
                    .on_layout(mines.clone())
                    .expect("a drawn layout fits what the game shows");
                g.open(c / cols, c % cols).expect("on the board, game on");
                // Played on without the CPU clock that `play` reads.
                let won_it = g.status() == Status::Won || play_rollout(&mut g, search.quick, &work);
                if work.is_exhausted() {
                    break 'batch; // the rest of the batch would not count
                }
                if won_it {
                    won |= 1 << k;
                }
            }
            tally.wins.push(won);
        }
        if work.is_exhausted() {
            // The batch ran out of work: its last rollouts guessed without the exact analysis,
            // so it is not counted, and the search ends here.
            tally.wins.truncate(layouts);
            tally.played = played;
            break;
        }
        let leader = tally.leader();
        for (k, a) in alive.iter_mut().enumerate() {
            let (diff, sd) = tally.paired(leader, k);
            if *a && k != leader && diff as f64 > search.drop_z * sd.max(1.0) {
                *a = false;
            }
        }
    }
    // The move's budget pays for the guess's work; it cannot run out, since the guess's
    // budget was at most what it had left.
    let _ = budget.charge(work.spent());
    Some(tally)
}

/// The seed of a guess's layouts: the game's seed and its open cells, mixed (SplitMix64).
fn rollout_seed(game: &Game) -> u64 {
    mix64(
        game.seed()
            .wrapping_add((game.opened() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
    )
}
