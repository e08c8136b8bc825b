//! How much searching `level: complete` makes rustc do on a board: a model of the compile-time
//! solve, so that `solve!` (and `export`) can refuse a board that would keep rustc busy for
//! minutes instead of letting it run away.
//!
//! The compile-time solve at `level: complete` alternates two things until the board is done
//! or nothing more can be decided: the local rules of `level: pairs` (each number alone, two
//! numbers side by side, the mine total alone, a proved-safe cell revealing its number from the
//! answer), and, when they stop, whole-board searches per undecided cell (*probes*). A probe
//! walks the sweep of `typesweeper::typelevel::sweep`, a dynamic programme over (position,
//! window of counters, mines left); it pays for every state before its cell's step (those are
//! its own) and shares the states after it. rustc's cost per state grows with the board's
//! length, and after the probes decide cells, every pending probe runs again in each round of
//! the local rules that follows.
//!
//! [`complete_search_cost`] replays that solve (the local rules in rounds, then the sweep's
//! states counted exactly, then the cells every layout agrees on, revealed) and adds up the
//! work, each state weighted by the board's cell count plus a fixed part: the first search, every probe's whole
//! run; then, after each change (the cells a search decides, and each round of local rules),
//! what the pending probes pay again. A state's cache key holds the rest of the sweep, so after
//! a change the states up to the last changed position are new and those after it come from
//! rustc's cache. The answer is used only to reveal proved-safe cells, as the compile-time
//! solve does; the model decides nothing for the solver (on the boards [`complete_plan`] takes
//! with [`CompletePlan::Staged`], it decides only which probes wait behind gates, which changes
//! when they run, never what they decide).
//!
//! The model replays the probes with the mine total, those whose gate is open ([`TotalChain`]:
//! on boards of at most 100 cells, the probes of the cells no number touches wait in a chain);
//! a probe whose gate has just opened pays all its own states, and a search decides only the
//! cells whose probes run, as the compile-time solve does. The compile-time solve also runs,
//! ahead of them, a probe per cell without the total, whose states are windows alone; the
//! model does not count those (a model of them fitted rustc too loosely to set a limit by), and
//! its limits were measured again with them: docs/compile-time.md, "Searching without the total
//! first". But past 100 cells, while the total cannot decide anything ([`TotalSlack`]), the
//! probes with the total wait, and the first search is the one without the total of the
//! touched cells: when it decides nothing, the model charges it (its states without the mines
//! left) and stops there, as rustc does.
//!
//! Past 100 cells (up to [`STAGED_MAX_CELLS`]), a board this model refuses is taken when the
//! stages replayed finish it within [`COMPLETE_STAGED_WORK_LIMIT`] ([`complete_plan`], and
//! `solve!` then holds the probes without the total of untouched cells behind their gates, as
//! on a small board, and the sweeps of decided probes without the total at their start): the
//! probes released in the macro's order, each stage
//! once the ones before it decide nothing more, the probes without the total of untouched cells
//! behind their gates, and each pass paid on the board after it. On the boards where the
//! probes without the total open the board one round of local rules after another, before the
//! probes with it are released, that is a hundredth of this model's charge or less.
//!
//! One function here is not part of the model: [`deduction_end`], full deduction worked out
//! with the sweep's states, which a refusal's message uses to say whether the board needs a
//! guess and where.
//!
//! [`TotalSlack`]: crate::probe_gates::TotalSlack
//!
//! ```
//! use typesweeper_board::search_cost::{complete_search_cost, COMPLETE_WORK_LIMIT};
//! use typesweeper_board::Board;
//!
//! // Two 1s that share one mine between two cells: a guess; one small search.
//! let puzzle: Board = "? ?\n1 1".parse().unwrap();
//! let answer: Board = "x 1\n1 1".parse().unwrap();
//! let cost = complete_search_cost(&puzzle, &answer, COMPLETE_WORK_LIMIT);
//! assert_eq!(cost.searches, 1);
//! assert!(cost.work < 10_000);
//! ```

use crate::probe_gates::{beside_a_number, TotalChain, TotalSlack, GATE_MAX_CELLS};
use crate::sweep_lines::{release, ProbeDirections, SweepLines, PROBE_STAGES};
use crate::{Board, Cell};
use std::collections::HashMap;

/// The most work (in the units of [`SearchCost::work`]) `solve!` takes at `level: complete` on
/// a board the level does not finish (it stops where a guess is needed). Measured on a 2-core
/// machine, rustc spends up to 0.61 seconds per million on such boards (9x9 boards that need a
/// guess early: every probe of an undecided cell searches to the end): at this limit, under a
/// minute and 1 GB, and under a minute still with the probes without the total, which came
/// later and take such boards up to 20 % longer (docs/compile-time.md). On the boards whose
/// probes all run from the shown side, the most measured is 0.44 seconds per million of the
/// whole build (9x9 `gen` 2277): 27 s at this limit ("Every probe from the shown side"); with
/// the probes with the total of untouched cells in a chain, 0.41 (adversarial 700011: 55.8
/// million units, 23 s; 10x10 `gen` 1380 0.40: "The probes with the total of untouched cells in
/// a chain").
pub const COMPLETE_WORK_LIMIT: u64 = 60_000_000;

/// The most work `solve!` takes at `level: complete` on a board the level finishes. The probes
/// are released in stages, cheapest first, and on a board that gets finished the later stages
/// find most of their cells decided: measured, rustc spends 0.01 to 0.19 seconds per million
/// on such boards (the most on 16x16 boards with 39 to 52 cells undecided when the local rules
/// first stop), so at this limit about half a minute and under 1 GB. The probes without the
/// total, which came later, take boards near this limit up to 1.8 times as long or as little
/// as a third (docs/compile-time.md, "Searching without the total first"): at 1.8 times, about
/// 50 s; and the padded sweep, later still, takes search-heavy boards up to 1.15 times as long
/// ("Every position the same shape"): about 59 s at both. The slowest board measured near this
/// limit took 23 s (9x9 `gen` 7978); since every probe of a board of at most 100 cells with a
/// tenth of them shown runs from the shown side, it takes 1 s, and the most measured on such
/// boards is 0.06 seconds per million (9x9 `gen` 7978, the whole build less the 0.2 s a board
/// with nothing to search takes): 9 s at this limit ("Every probe from the shown side").
pub const COMPLETE_FINISHED_WORK_LIMIT: u64 = 150_000_000;

/// The most work `solve!` takes at `level: complete` on a board of more than 100 and at most
/// [`SLACK_MAX_CELLS`] cells that needs a guess before the mine total can decide anything
/// ([`TotalSlack`]), where the work is the searches without the
/// total of the touched cells alone ([`SearchCost::slack`]). Measured on 16x30 boards that need
/// a guess from the start: rustc takes about 3.6 s with nothing to search and about 1.2 s per
/// million units more (`gen` seed 1004: 16.0 million units, 22.7 s), so about 34 s at this
/// limit (docs/compile-time.md).
pub const COMPLETE_SLACK_WORK_LIMIT: u64 = 25_000_000;

/// The most work `solve!` takes at `level: complete` on a board of more than
/// [`GATE_MAX_CELLS`] cells that the model above refuses, as the stages replayed count it
/// ([`staged_finish_work`]), when they finish the board ([`CompletePlan::Staged`]). Measured on
/// 16x16 and 16x30 boards with the search that plan writes (the sweeps of decided probes held
/// at their start, a number's counter free until the number is revealed): every finished board
/// of 20 to 135 million units from the `gen --need complete` sets measured (107) built within
/// 46 s and 758 MB; the 34 of 45 to 90 million in 3.5 to 31.8 s, at most 0.45 seconds a million
/// and 581 MB, and the 13 above 90 million at most 0.47 seconds a million, so about 42 s at this
/// limit (docs/compile-time.md, "Boards the model refuses"; `cargo run --release -p xtask --
/// staged-times` builds them for any seeds). Boards the level does not finish are not taken:
/// replayed to where it stops, they came to 0.26 to 0.98 seconds a million (102 s at 104
/// million).
pub const COMPLETE_STAGED_WORK_LIMIT: u64 = 90_000_000;

/// The most cells a board may have for [`CompletePlan::Staged`]: the stages replayed and their
/// limit were measured on 16x16 and 16x30 boards only.
pub const STAGED_MAX_CELLS: usize = 480;

/// The most cells a board may have for the work model to charge only the searches without the
/// total while the total is slack; on larger boards it charges the probes with the total as if
/// they ran, as before, since the rates were measured on 16x30 boards only.
pub const SLACK_MAX_CELLS: usize = 480;

/// The part of a state's weight that does not grow with the board: a state costs rustc its
/// bookkeeping (selection, the caches, the evaluation stack) as well as a walk over the rest of
/// the sweep, which is the part that grows. Fitted to measured builds: with the board's length
/// alone as the weight, rustc's seconds per unit were four to five times higher on 9x9 boards
/// than on 16x30 ones.
pub const STATE_BASE_WEIGHT: u64 = 300;

/// What the model of a `level: complete` solve found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchCost {
    /// The work: sweep states paid for (by the first search, and again after each change),
    /// each weighted by the board's cell count plus [`STATE_BASE_WEIGHT`]. Stops growing soon after it passes the limit
    /// given to [`complete_search_cost`].
    pub work: u64,
    /// How many times the local rules stopped with cells undecided, so that the probes ran.
    pub searches: usize,
    /// The undecided cells the first search started from (0 when the local rules finish).
    pub undecided_at_first_search: usize,
    /// Whether the model stopped early because the work passed the limit.
    pub over_limit: bool,
    /// Whether the solve decides every cell (the level finishes the board); `false` also when
    /// the model stopped at the limit first.
    pub finished: bool,
    /// Whether the work is that of the searches without the total of the touched cells alone:
    /// the total was slack and they decided nothing, so the probes with it never ran.
    pub slack: bool,
}

/// Why `solve!` refuses a board at `level: complete`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The board has more than [`MAX_COMPLETE_CELLS`](crate::MAX_COMPLETE_CELLS) cells.
    TooLarge {
        /// The board's cells.
        cells: usize,
    },
    /// Its search would take more than [`COMPLETE_FINISHED_WORK_LIMIT`], or, on a board the
    /// level does not finish, more than [`COMPLETE_WORK_LIMIT`].
    TooCostly {
        /// The cells undecided when the local rules first stop.
        undecided: usize,
    },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::TooLarge { cells } => write!(
                f,
                "it takes at most {} cells, and this board has {cells}",
                crate::MAX_COMPLETE_CELLS
            ),
            Refusal::TooCostly { undecided } => write!(
                f,
                "its search would take too long: {undecided} cells are undecided when the local \
                 rules stop"
            ),
        }
    }
}

/// How `solve!` writes the whole-board search of a board it takes at `level: complete`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletePlan {
    /// The search every board gets: the probes without the total of untouched cells behind
    /// their gates on boards of at most [`GATE_MAX_CELLS`] cells only.
    Standard,
    /// A board of more than [`GATE_MAX_CELLS`] and at most [`STAGED_MAX_CELLS`] cells that the
    /// work model refuses and the stages replayed finish within
    /// [`COMPLETE_STAGED_WORK_LIMIT`]: the probes without the total of untouched cells wait
    /// behind their gates as on small boards, and the sweep of a probe without the total that
    /// has decided its cell waits at its start (docs/compile-time.md, "Boards the model
    /// refuses").
    Staged,
}

/// Whether `solve!` takes `puzzle` (with its full `answer`) at `level: complete`, and how it
/// writes its search; or why it refuses it: more than
/// [`MAX_COMPLETE_CELLS`](crate::MAX_COMPLETE_CELLS) cells, or more work than
/// [`COMPLETE_FINISHED_WORK_LIMIT`] on a board the level finishes and than
/// [`COMPLETE_WORK_LIMIT`] on one where it stops, unless the board has more than
/// [`GATE_MAX_CELLS`] and at most [`STAGED_MAX_CELLS`] cells and the stages replayed finish it
/// within [`COMPLETE_STAGED_WORK_LIMIT`] ([`CompletePlan::Staged`]).
///
/// ```
/// use typesweeper_board::search_cost::{complete_plan, CompletePlan, Refusal};
/// use typesweeper_board::Board;
///
/// let puzzle: Board = "? ?\n1 1".parse().unwrap();
/// let answer: Board = "x 1\n1 1".parse().unwrap();
/// assert_eq!(complete_plan(&puzzle, &answer), Ok(CompletePlan::Standard));
/// let wide: Board = vec!["0"; 1200].join(" ").parse().unwrap();
/// assert_eq!(complete_plan(&wide, &wide), Err(Refusal::TooLarge { cells: 1200 }));
/// ```
pub fn complete_plan(puzzle: &Board, answer: &Board) -> Result<CompletePlan, Refusal> {
    let cells = puzzle.cells().len();
    if cells > crate::MAX_COMPLETE_CELLS {
        return Err(Refusal::TooLarge { cells });
    }
    let cost = complete_search_cost(puzzle, answer, COMPLETE_FINISHED_WORK_LIMIT);
    let stuck_limit = if cost.slack {
        COMPLETE_SLACK_WORK_LIMIT
    } else {
        COMPLETE_WORK_LIMIT
    };
    if !(cost.over_limit || (!cost.finished && cost.work > stuck_limit)) {
        return Ok(CompletePlan::Standard);
    }
    if (GATE_MAX_CELLS + 1..=STAGED_MAX_CELLS).contains(&cells)
        && staged_finish_work(puzzle, answer, COMPLETE_STAGED_WORK_LIMIT).is_some()
    {
        return Ok(CompletePlan::Staged);
    }
    Err(Refusal::TooCostly {
        undecided: cost.undecided_at_first_search,
    })
}

/// Whether, and why, `solve!` refuses `puzzle` (with its full `answer`) at `level: complete`
/// ([`complete_plan`]'s refusal).
///
/// ```
/// use typesweeper_board::search_cost::{complete_refusal, Refusal};
/// use typesweeper_board::Board;
///
/// let puzzle: Board = "? ?\n1 1".parse().unwrap();
/// let answer: Board = "x 1\n1 1".parse().unwrap();
/// assert_eq!(complete_refusal(&puzzle, &answer), None);
/// let wide: Board = vec!["0"; 1200].join(" ").parse().unwrap();
/// assert_eq!(complete_refusal(&wide, &wide), Some(Refusal::TooLarge { cells: 1200 }));
/// ```
pub fn complete_refusal(puzzle: &Board, answer: &Board) -> Option<Refusal> {
    complete_plan(puzzle, answer).err()
}

/// Replays the compile-time solve of `puzzle` at `level: complete`, with proved-safe cells
/// revealed from `answer` (which must have the puzzle's size; its mines give the total), and
/// returns the work it takes. Stops as soon as the work passes `limit`.
///
/// # Panics
/// When `answer` does not have the puzzle's size.
pub fn complete_search_cost(puzzle: &Board, answer: &Board, limit: u64) -> SearchCost {
    assert_eq!(
        (puzzle.rows(), puzzle.cols()),
        (answer.rows(), answer.cols()),
        "the answer must have the puzzle's size"
    );
    let total = answer.mine_count();
    // What the solve knows of each cell: `?` while undecided.
    let mut known: Vec<Cell> = puzzle.cells().to_vec();
    let weight = known.len() as u64 + STATE_BASE_WEIGHT;
    let mut cost = SearchCost {
        work: 0,
        searches: 0,
        undecided_at_first_search: 0,
        over_limit: false,
        finished: false,
        slack: false,
    };
    // The last search's sweeps: what a re-run of the pending probes costs.
    let mut last: Option<Search> = None;
    let lines = SweepLines::of(puzzle.rows(), puzzle.cols());
    // Which sweep each probe runs: `solve!` decides it from the puzzle as shown.
    let directions = lines.probe_directions(puzzle.cells());
    // Which probes with the total wait behind a gate, and which have run.
    let chain = TotalChain::of_probes(puzzle, &lines, directions);
    // Past 100 cells and up to `SLACK_MAX_CELLS`, whether the probes with the total wait while
    // the total cannot bind (on larger boards they are charged as if they ran).
    let slack = (known.len() <= SLACK_MAX_CELLS)
        .then(|| TotalSlack::of(puzzle, total))
        .flatten();
    let mut ran = vec![false; known.len()];
    loop {
        let rounds = local_rules(puzzle, Some(answer), total, &mut known);
        if let Some(search) = &last {
            for changed in &rounds {
                let runs = probe_runs(puzzle, &chain, &known, &mut ran);
                let rerun = search.rerun(&runs, changed).saturating_mul(weight);
                cost.work = cost.work.saturating_add(rerun);
            }
        }
        let undecided = known.iter().filter(|&&k| k == Cell::Unknown).count();
        cost.finished = undecided == 0;
        if undecided == 0 || cost.work > limit {
            break;
        }
        if cost.searches == 0 {
            cost.undecided_at_first_search = undecided;
        }
        cost.searches += 1;
        // Past 100 cells, while the total cannot decide anything (`TotalSlack`), only the
        // probes without the total of touched cells run: if they decide nothing, the gate
        // never opens and that search is the whole of the work.
        if let Some(slack) = slack
            .as_ref()
            .filter(|s| cost.searches == 1 && s.shut(puzzle, &known))
        {
            let waiting: Vec<Run> = (0..known.len())
                .map(|i| {
                    if known[i] == Cell::Unknown && !slack.waits(i) {
                        Run::First
                    } else {
                        Run::Idle
                    }
                })
                .collect();
            let Some(search) =
                Search::run(&lines, &known, None, directions, &waiting, limit / weight)
            else {
                cost.over_limit = true;
                cost.work = cost.work.max(limit.saturating_add(1));
                break;
            };
            if search.decided.is_empty() {
                cost.work = cost
                    .work
                    .saturating_add(search.states.saturating_mul(weight));
                cost.slack = true;
                break;
            }
        }
        let runs = probe_runs(puzzle, &chain, &known, &mut ran);
        let Some(search) = Search::run(
            &lines,
            &known,
            Some(total),
            directions,
            &runs,
            limit / weight,
        ) else {
            cost.over_limit = true;
            cost.work = cost.work.max(limit.saturating_add(1));
            break;
        };
        // The first search is every probe's whole run; later ones are the pending probes
        // running again after the last change, paid for as re-runs.
        if cost.searches == 1 {
            cost.work = cost
                .work
                .saturating_add(search.states.saturating_mul(weight));
        }
        let decided: Vec<usize> = search.decided.iter().map(|&(i, _)| i).collect();
        if decided.is_empty() || cost.work > limit {
            break;
        }
        for &(i, mine) in &search.decided {
            decide(answer, &mut known, i, mine);
        }
        // The decisions are a change the pending probes run again after.
        let runs = probe_runs(puzzle, &chain, &known, &mut ran);
        let rerun = search.rerun(&runs, &decided).saturating_mul(weight);
        cost.work = cost.work.saturating_add(rerun);
        last = Some(search);
    }
    cost.over_limit |= cost.work > limit;
    cost
}

/// Where a cell's probe with the total stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// Its cell is decided, or it waits behind its gate (`TotalChain`).
    Idle,
    /// It searches for the first time: all its own states.
    First,
    /// It searches again: its own states up to the last change.
    Again,
}

impl Run {
    /// A probe that searches: again if it `ran` before, else for the first time; marks it as
    /// having run.
    fn of(ran: &mut bool) -> Run {
        if std::mem::replace(ran, true) {
            Run::Again
        } else {
            Run::First
        }
    }
}

/// Each cell's probe with the total, given what is `known`; marks the probes that search as
/// having run.
fn probe_runs(puzzle: &Board, chain: &TotalChain, known: &[Cell], ran: &mut [bool]) -> Vec<Run> {
    (0..known.len())
        .map(|i| {
            if known[i] != Cell::Unknown || !chain.open(puzzle, known, i) {
                Run::Idle
            } else {
                Run::of(&mut ran[i])
            }
        })
        .collect()
}

/// Cell `i` proved a mine, or safe (and then revealed from the answer).
fn decide(answer: &Board, known: &mut [Cell], i: usize, mine: bool) {
    known[i] = if mine {
        Cell::Mine
    } else {
        match answer.cells()[i] {
            Cell::Num(k) => Cell::Num(k),
            // The answer disagrees with the proof: the compile-time solve fails here; the
            // model goes on as if the cell were a number nobody sees.
            _ => Cell::Num(0),
        }
    };
}

// ---------------------------------------------------------------------------------------------
// Past 100 cells: the stages replayed
// ---------------------------------------------------------------------------------------------

/// The work of `level: complete` on `puzzle` (with its `answer`) replayed stage by stage, as
/// rustc does it past [`GATE_MAX_CELLS`] cells: `Some(work)` when the replay finishes the board
/// within `limit`, `None` when it stops with cells undecided or passes the limit.
///
/// The stages are released in the macro's order ([`release`]), each once the probes released
/// before it and the local rules decide nothing more. A probe runs once its stage is released
/// and its cell is undecided, if its gate is open: without the total, a cell some revealed
/// number touches; with it, while the total may bind ([`TotalSlack`]). Each pass (a release,
/// a search's decisions, a round of the local rules) is paid on the board after it: a release
/// the states of the probes it starts, a change the states of the pending probes up to the
/// last changed position. [`complete_search_cost`] charges every probe with the total from the
/// first search on, which counts many times the work on a board that the probes without the
/// total open before those with it are released.
///
/// ```
/// use typesweeper_board::search_cost::staged_finish_work;
/// use typesweeper_board::{Board, Cell};
///
/// // Nothing shown, 11 mines on the last row: no probe can run, and the replay stops with
/// // every cell undecided.
/// let puzzle = Board::new(11, 11, vec![Cell::Unknown; 121]);
/// let mut answer = Board::new(11, 11, vec![Cell::Num(0); 121]);
/// (110..121).for_each(|i| answer.set(i, Cell::Mine));
/// (99..110).for_each(|i| answer.set(i, Cell::Num(if i % 11 == 0 || i % 11 == 10 { 2 } else { 3 })));
/// assert_eq!(staged_finish_work(&puzzle, &answer, u64::MAX), None);
/// // A 0 in a corner opens the board down to the numbers above the mines by the local rules
/// // alone, and the total decides the last row: no search.
/// let mut corner = puzzle.clone();
/// corner.set(0, Cell::Num(0));
/// assert_eq!(staged_finish_work(&corner, &answer, u64::MAX), Some(0));
/// ```
pub fn staged_finish_work(puzzle: &Board, answer: &Board, limit: u64) -> Option<u64> {
    let total = answer.mine_count();
    let n = puzzle.cells().len();
    let weight = n as u64 + STATE_BASE_WEIGHT;
    let lines = SweepLines::of(puzzle.rows(), puzzle.cols());
    let directions = lines.probe_directions(puzzle.cells());
    let unknown: Vec<usize> = (0..n).filter(|&i| !puzzle.cells()[i].is_known()).collect();
    let mut stage = vec![0; n];
    for (i, s) in lines.probe_order(&unknown, directions) {
        stage[i] = s;
    }
    let slack = TotalSlack::of(puzzle, total);
    let mut releases: Vec<(usize, bool)> = (0..PROBE_STAGES)
        .flat_map(|s| [(s, false), (s, true)])
        .collect();
    releases.sort_by_key(|&(s, with_total)| release(s, with_total));
    // Each kind's probes (0 without the total, 1 with it) that run on `known`, marking those
    // that run as having run.
    let runs_on =
        |known: &[Cell], released: &[[bool; PROBE_STAGES]; 2], ran: &mut [Vec<bool>; 2]| {
            let shut = slack.as_ref().is_some_and(|s| s.shut(puzzle, known));
            let touched = |i: usize| beside_a_number(puzzle, known, i);
            let mut runs = [vec![Run::Idle; n], vec![Run::Idle; n]];
            for &i in unknown.iter().filter(|&&i| known[i] == Cell::Unknown) {
                let open = [
                    released[0][stage[i]]
                        && touched(i)
                        && !(shut && slack.as_ref().is_some_and(|s| s.waits(i))),
                    released[1][stage[i]] && !shut,
                ];
                for kind in 0..2 {
                    if open[kind] {
                        runs[kind][i] = Run::of(&mut ran[kind][i]);
                    }
                }
            }
            runs
        };
    // Each kind's search on `known`, for the probes that run.
    let search_on = |known: &[Cell], runs: &[Vec<Run>; 2]| -> Option<[Option<Search>; 2]> {
        let mut found = [None, None];
        for kind in 0..2 {
            if runs[kind].iter().any(|&r| r != Run::Idle) {
                let mines = (kind == 1).then_some(total);
                let search = Search::run(
                    &lines,
                    known,
                    mines,
                    directions,
                    &runs[kind],
                    limit / weight,
                )?;
                found[kind] = Some(search);
            }
        }
        Some(found)
    };
    let mut known: Vec<Cell> = puzzle.cells().to_vec();
    local_rules(puzzle, Some(answer), total, &mut known);
    let mut work: u64 = 0;
    let mut released = [[false; PROBE_STAGES]; 2];
    let mut ran = [vec![false; n], vec![false; n]];
    // The cells changed since the probes last ran, and whether each kind's shared states have
    // been paid for on the board as it is.
    let mut change: Option<Vec<usize>> = None;
    let mut shared_paid = [false; 2];
    for (s, with_total) in releases {
        released[usize::from(with_total)][s] = true;
        loop {
            if known.iter().all(|&k| k != Cell::Unknown) {
                return (work <= limit).then_some(work);
            }
            let runs = runs_on(&known, &released, &mut ran);
            if runs.iter().all(|r| r.iter().all(|&run| run == Run::Idle)) {
                break;
            }
            let searches = search_on(&known, &runs)?;
            let change_now = change.take();
            for (kind, search) in searches.iter().enumerate() {
                let Some(search) = search else { continue };
                let paid = match &change_now {
                    Some(changed) => search.rerun(&runs[kind], changed),
                    // A release: the probes it starts, and the shared states once a board.
                    None => {
                        // Every position of the sweep, the padding included.
                        let all = [search.length - 1; 2];
                        let shared = if shared_paid[kind] {
                            0
                        } else {
                            search.shared(all)
                        };
                        let first: Vec<Run> = runs[kind]
                            .iter()
                            .map(|&r| if r == Run::First { r } else { Run::Idle })
                            .collect();
                        shared + search.own(&first, all)
                    }
                };
                shared_paid[kind] = true;
                work = work.saturating_add(paid.saturating_mul(weight));
            }
            if work > limit {
                return None;
            }
            let mut decided: Vec<(usize, bool)> = searches
                .iter()
                .flatten()
                .flat_map(|search| search.decided.iter().copied())
                .collect();
            decided.sort_unstable();
            decided.dedup();
            if decided.is_empty() {
                break;
            }
            // The decisions, then each round of the local rules they start: each a pass,
            // paid on the board after it; the last one is paid by the next search.
            let mut batches = vec![decided.iter().map(|&(i, _)| i).collect::<Vec<_>>()];
            let mut after = known.clone();
            for &(i, mine) in &decided {
                decide(answer, &mut after, i, mine);
            }
            batches.extend(local_rules(puzzle, Some(answer), total, &mut after));
            let last = batches.len() - 1;
            for (b, batch) in batches.into_iter().enumerate() {
                for &i in &batch {
                    known[i] = after[i];
                }
                shared_paid = [false; 2];
                if b == last {
                    change = Some(batch);
                    break;
                }
                let runs = runs_on(&known, &released, &mut ran);
                for (kind, search) in search_on(&known, &runs)?.iter().enumerate() {
                    if let Some(search) = search {
                        let paid = search.rerun(&runs[kind], &batch);
                        work = work.saturating_add(paid.saturating_mul(weight));
                    }
                }
            }
        }
    }
    known
        .iter()
        .all(|&k| k != Cell::Unknown)
        .then_some(work)
        .filter(|&w| w <= limit)
}

// ---------------------------------------------------------------------------------------------
// Where full deduction ends, for a refusal's message
// ---------------------------------------------------------------------------------------------

/// Where full deduction, what `level: complete` decides, ends on a board ([`deduction_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeductionEnd {
    /// Every cell is decided: the board needs no guess.
    Finished,
    /// The cell (its index in row-major order) is the first, in reading order, that nothing
    /// decides once everything that can be decided is: the board needs a guess.
    GuessAt(usize),
}

/// The most states [`deduction_end`] counts in one pass over the board before it gives up.
/// Optimised, it then takes at most about a fifth of a second on the boards `solve!` refuses,
/// and gives up on 2 of the 542 refused among 16x30 boards dealt from seed 1000 to 1999 (1 of
/// 95 on 16x16); at 2 million states one board took 3.5 s.
pub const DEDUCTION_STATE_LIMIT: u64 = 250_000;

/// Where full deduction ends on `puzzle`, with proved-safe cells revealed from `answer` (a
/// whole board of the puzzle's size that agrees with every cell it shows, as `solve!` checks
/// before it gets here; its mines give the total): the cells every layout fitting the numbers
/// and the total agrees on, decided, revealed, and again, until none is left or the board is
/// finished. `None` when one pass over the board has more than [`DEDUCTION_STATE_LIMIT`]
/// states.
///
/// This is not the compile-time solve: one forward pass and one back over the sweep decide
/// every cell at once, which rustc's probes cannot do. `solve!` runs it only to say, when it
/// refuses a board ([`Refusal::TooCostly`]), whether the board needs a guess and where. It
/// ends where the runtime `complete` does (tested against it on generated boards).
///
/// ```
/// use typesweeper_board::search_cost::{deduction_end, DeductionEnd};
/// use typesweeper_board::Board;
///
/// // Two 1s sharing one mine between two cells: a guess; the first cell is the first undecided.
/// let puzzle: Board = "? ?\n1 1".parse().unwrap();
/// let answer: Board = "x 1\n1 1".parse().unwrap();
/// assert_eq!(deduction_end(&puzzle, &answer), Some(DeductionEnd::GuessAt(0)));
/// // Two mines in all: a mine beside both 1s would leave the other nowhere, so the numbers
/// // with the total decide every cell.
/// let puzzle: Board = "? ? ? ? ?\n? 1 ? 1 ?\n? ? ? ? ?".parse().unwrap();
/// let answer: Board = "x 1 0 1 x\n1 1 0 1 1\n0 0 0 0 0".parse().unwrap();
/// assert_eq!(deduction_end(&puzzle, &answer), Some(DeductionEnd::Finished));
/// ```
pub fn deduction_end(puzzle: &Board, answer: &Board) -> Option<DeductionEnd> {
    let total = answer.mine_count();
    let n = puzzle.cells().len();
    let lines = SweepLines::of(puzzle.rows(), puzzle.cols());
    let mut known: Vec<Cell> = puzzle.cells().to_vec();
    local_rules(puzzle, Some(answer), total, &mut known);
    loop {
        let Some(first) = (0..n).find(|&i| known[i] == Cell::Unknown) else {
            return Some(DeductionEnd::Finished);
        };
        let runs: Vec<Run> = known
            .iter()
            .map(|&k| {
                if k == Cell::Unknown {
                    Run::First
                } else {
                    Run::Idle
                }
            })
            .collect();
        let forward = ProbeDirections::One { forward: true };
        let search = Search::run(
            &lines,
            &known,
            Some(total),
            forward,
            &runs,
            DEDUCTION_STATE_LIMIT,
        )?;
        if search.decided.is_empty() {
            return Some(DeductionEnd::GuessAt(first));
        }
        for &(i, mine) in &search.decided {
            decide(answer, &mut known, i, mine);
        }
        local_rules(puzzle, Some(answer), total, &mut known);
    }
}

// ---------------------------------------------------------------------------------------------
// The local rules, in rounds
// ---------------------------------------------------------------------------------------------

/// Runs the local rules of `level: pairs` in rounds (each round applies every rule to what the
/// last one left) until none decides anything; returns, per round, the cells it decided. A
/// cell proved safe reveals its number from `answer`; without one, it is decided but shows no
/// number (`known` holds it as a 0 that the rules do not read).
pub(crate) fn local_rules(
    puzzle: &Board,
    answer: Option<&Board>,
    total: usize,
    known: &mut [Cell],
) -> Vec<Vec<usize>> {
    // Cells proved safe whose number is not revealed (no `answer`): decided, but no number.
    let mut hidden = vec![false; known.len()];
    let cols = puzzle.cols();
    let neighbours: Vec<Vec<usize>> = (0..known.len())
        .map(|i| puzzle.neighbours_of(i).collect())
        .collect();
    let mut rounds = Vec::new();
    loop {
        let mut found: HashMap<usize, bool> = HashMap::new();
        // Each number alone, and two numbers sharing an edge, jointly.
        for i in 0..known.len() {
            let Cell::Num(_) = known[i] else { continue };
            if hidden[i] {
                continue;
            }
            decide_group(known, &neighbours, &[i], &mut found);
            for j in [i + 1, i + cols] {
                let beside = (j == i + 1 && j % cols != 0) || (j == i + cols && j < known.len());
                if beside && matches!(known[j], Cell::Num(_)) && !hidden[j] {
                    decide_group(known, &neighbours, &[i, j], &mut found);
                }
            }
        }
        // The total alone.
        let mines = known.iter().filter(|&&k| k == Cell::Mine).count();
        let open: Vec<usize> = (0..known.len())
            .filter(|&i| known[i] == Cell::Unknown)
            .collect();
        let left = total.saturating_sub(mines);
        if !open.is_empty() && (left == 0 || left == open.len()) {
            for &i in &open {
                found.insert(i, left != 0);
            }
        }
        if found.is_empty() {
            return rounds;
        }
        let mut changed = Vec::new();
        for (i, mine) in found {
            if known[i] == Cell::Unknown {
                match answer {
                    Some(answer) => decide(answer, known, i, mine),
                    None => {
                        known[i] = if mine { Cell::Mine } else { Cell::Num(0) };
                        hidden[i] = !mine;
                    }
                }
                changed.push(i);
            }
        }
        rounds.push(changed);
    }
}

/// The cells that every placement of mines around the numbers `group` agrees on.
fn decide_group(
    known: &[Cell],
    neighbours: &[Vec<usize>],
    group: &[usize],
    found: &mut HashMap<usize, bool>,
) {
    let mut open: Vec<usize> = Vec::new();
    for &g in group {
        for &c in &neighbours[g] {
            if known[c] == Cell::Unknown && !open.contains(&c) {
                open.push(c);
            }
        }
    }
    if open.is_empty() {
        return;
    }
    // Per number: which open cells are its neighbours (as bits), and how many more mines it
    // needs among them.
    let need: Vec<(u32, u32)> = group
        .iter()
        .map(|&g| {
            let Cell::Num(k) = known[g] else {
                unreachable!()
            };
            let mines = neighbours[g]
                .iter()
                .filter(|&&c| known[c] == Cell::Mine)
                .count() as u32;
            let around = open
                .iter()
                .enumerate()
                .filter(|(_, c)| neighbours[g].contains(c))
                .fold(0u32, |bits, (b, _)| bits | 1 << b);
            (around, u32::from(k).wrapping_sub(mines))
        })
        .collect();
    let (mut always, mut ever) = (u32::MAX, 0u32);
    for layout in 0u32..(1 << open.len()) {
        if need
            .iter()
            .all(|&(around, want)| (layout & around).count_ones() == want)
        {
            always &= layout;
            ever |= layout;
        }
    }
    if ever == 0 && always == u32::MAX {
        // No placement fits: the compile-time solve fails here.
        return;
    }
    for (b, &c) in open.iter().enumerate() {
        if always >> b & 1 == 1 {
            found.insert(c, true);
        } else if ever >> b & 1 == 0 {
            found.insert(c, false);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The sweep
// ---------------------------------------------------------------------------------------------

/// A counter: how many more mines its number needs, or [`FREE`] for a cell nobody sees a
/// number of.
type Counter = i8;
const FREE: Counter = -1;

/// One state of the sweep before a step: the window of counters and the mines left.
type State = (Box<[Counter]>, u16);

/// One search: the states its probes pay for, and the cells every layout agrees on.
struct Search {
    states: u64,
    decided: Vec<(usize, bool)>,
    /// Each cell's position in the forward sweep.
    position: Vec<usize>,
    /// The sweep's positions, the padding included.
    length: usize,
    directions: ProbeDirections,
    /// The forward sweep and the backward one, each counted only when a probe may run it.
    sweeps: [Option<Sweep>; 2],
}

impl Search {
    /// Counts the sweep's states in the directions the probes may run and finds the cells
    /// every layout agrees on among those whose probe `runs`; `None` when one direction alone
    /// has more than `limit` states.
    fn run(
        lines: &SweepLines,
        known: &[Cell],
        total: Option<usize>,
        directions: ProbeDirections,
        runs: &[Run],
        limit: u64,
    ) -> Option<Search> {
        let n = lines.index.len();
        let counted = |backward: bool| -> Option<Option<Sweep>> {
            if directions.uses(!backward) {
                Sweep::run(lines, known, total, backward, limit).map(Some)
            } else {
                Some(None)
            }
        };
        let sweeps = [counted(false)?, counted(true)?];
        // Whether some layout makes the cell at forward position `p` a mine, and whether some
        // makes it a number: both directions count the same layouts.
        let options = |p: usize| match &sweeps {
            [Some(forward), _] => forward.options[p],
            [None, Some(backward)] => backward.options[n - 1 - p],
            [None, None] => unreachable!("a probe runs one sweep or the other"),
        };
        let decided = lines
            .index
            .iter()
            .enumerate()
            .filter_map(|(p, i)| i.map(|i| (p, i)))
            .filter(|&(_, i)| runs[i] != Run::Idle)
            .filter_map(|(p, i)| match options(p) {
                (true, false) => Some((i, true)),
                (false, true) => Some((i, false)),
                _ => None,
            })
            .collect();
        let mut search = Search {
            states: 0,
            decided,
            position: lines.positions(),
            length: n,
            directions,
            sweeps,
        };
        // The first search: every state of each sweep a probe runs, once.
        search.states = search.paid(runs, [n - 1, n - 1]);
        Some(search)
    }

    /// The states the pending probes (those that `runs`) pay for again after the cells
    /// `changed` changed: a state's key holds the rest of the sweep, so in each direction the
    /// states up to the last changed position are new, those after it come from rustc's
    /// cache. A probe whose gate has just opened pays all its own states.
    fn rerun(&self, runs: &[Run], changed: &[usize]) -> u64 {
        let n = self.length;
        let Some(last_forward) = changed.iter().map(|&i| self.position[i]).max() else {
            return 0;
        };
        let first = changed.iter().map(|&i| self.position[i]).min().unwrap();
        self.paid(runs, [last_forward, n - 1 - first])
    }

    /// What the pending probes pay when the states of the forward sweep up to its position
    /// `last[0]`, and of the backward one up to its position `last[1]`, are new: the shared
    /// states of each sweep a probe may run, once, and each probe that `runs` its own states
    /// before its cell's step (those up to the last new one, or all of them the first time).
    fn paid(&self, runs: &[Run], last: [usize; 2]) -> u64 {
        self.shared(last) + self.own(runs, last)
    }

    /// The shared states of each sweep a probe may run, up to its position `last`.
    fn shared(&self, last: [usize; 2]) -> u64 {
        self.sweeps
            .iter()
            .zip(last)
            .filter_map(|(sweep, last)| sweep.as_ref().map(|s| s.prefix[last + 1]))
            .sum()
    }

    /// The states each probe that `runs` pays of its own: those before its cell's step, up to
    /// the last new one (`last`), or all of them the first time.
    fn own(&self, runs: &[Run], last: [usize; 2]) -> u64 {
        let n = self.length;
        let mut states = 0;
        for (i, &run) in runs.iter().enumerate() {
            if run == Run::Idle {
                continue;
            }
            let p = self.position[i];
            // The probe's sweep, and its cell's position in it.
            let (d, q) = if self.directions.forward(p, n) {
                (0, p)
            } else {
                (1, n - 1 - p)
            };
            let sweep = self.sweeps[d]
                .as_ref()
                .expect("a probe runs a sweep the search counted");
            let upto = if run == Run::First { q } else { q.min(last[d]) };
            states += sweep.prefix[upto + 1];
        }
        states
    }
}

/// One direction of the sweep, counted.
struct Sweep {
    /// `prefix[p]`: the states before the steps of the board's cells among positions `0..p`,
    /// summed (a padding position adds none).
    prefix: Vec<u64>,
    /// Per position: whether some whole layout makes its cell a mine, and whether some makes
    /// it a number (a padding position is always a number).
    options: Vec<(bool, bool)>,
}

impl Sweep {
    /// Counts the states of the sweep `lines` in line order, or `backward` (the board turned
    /// half a turn), with the mines left counted down from `total` (or, without it, not
    /// counted); `None` past `limit` states.
    fn run(
        lines: &SweepLines,
        known: &[Cell],
        total: Option<usize>,
        backward: bool,
        limit: u64,
    ) -> Option<Sweep> {
        let n = lines.index.len();
        let stride = lines.stride();
        let slots = 2 * stride + 2;
        // The board cell at position `p`, if any.
        let cell_at = |p: isize| lines.at(lines.forward(p, backward));
        // Off the board and on the padding, the counters are free.
        let start = |p: isize| -> Counter {
            match cell_at(p).map(|i| known[i]) {
                Some(Cell::Num(k)) => k as Counter,
                _ => FREE,
            }
        };
        let hits = lines.shape();
        // Forward: the states before each step, with the transitions kept for the way back.
        let first: State = (
            (0..slots as isize)
                .map(|s| start(s - stride as isize - 1))
                .collect(),
            total.unwrap_or(0).min(u16::MAX as usize) as u16,
        );
        let mut layers: Vec<Vec<State>> = vec![vec![first]];
        let mut moves: Vec<Vec<[Option<usize>; 2]>> = Vec::with_capacity(n);
        let mut prefix = vec![0u64; n + 1];
        for p in 0..n {
            // The board's positions only: a padding position places nothing (its states are
            // those before it, carried over), and the limits were fitted before the padding,
            // which made search-heavy boards up to 15 % slower, within the limits' margin
            // (docs/compile-time.md, "Every position the same shape").
            let on_board = cell_at(p as isize);
            let counted = if on_board.is_some() {
                layers[p].len()
            } else {
                0
            };
            prefix[p + 1] = prefix[p] + counted as u64;
            if prefix[p + 1] > limit {
                return None;
            }
            // The padding is a safe cell.
            let cell = on_board.map_or(Cell::Num(0), |i| known[i]);
            let opened = start((p + stride + 1) as isize);
            let mut next: Vec<State> = Vec::new();
            let mut index: HashMap<State, usize> = HashMap::new();
            let mut step_moves = Vec::with_capacity(layers[p].len());
            for (window, left) in &layers[p] {
                let mut to = [None, None];
                for (k, mine) in [(0, true), (1, false)] {
                    let allowed = match cell {
                        Cell::Unknown => true,
                        Cell::Mine => mine,
                        Cell::Num(_) => !mine,
                    };
                    if !allowed || (mine && total.is_some() && *left == 0) {
                        continue;
                    }
                    let mut win: Vec<Counter> = window.to_vec();
                    win.push(opened);
                    if mine && !take_one(&mut win, &hits) {
                        continue;
                    }
                    if win[0] != 0 && win[0] != FREE {
                        continue;
                    }
                    let state: State = (win[1..].into(), left - u16::from(mine && total.is_some()));
                    let id = *index.entry(state.clone()).or_insert_with(|| {
                        next.push(state);
                        next.len() - 1
                    });
                    to[k] = Some(id);
                }
                step_moves.push(to);
            }
            moves.push(step_moves);
            layers.push(next);
        }
        // Back: which states reach the end (every counter closed, no mine left), and which of
        // each step's two moves lie on such a way.
        let mut alive: Vec<bool> = layers[n]
            .iter()
            .map(|(window, left)| *left == 0 && window.iter().all(|&c| c == 0 || c == FREE))
            .collect();
        let mut options = vec![(false, false); n];
        for p in (0..n).rev() {
            let mut here = vec![false; layers[p].len()];
            for (s, to) in moves[p].iter().enumerate() {
                for (k, target) in to.iter().enumerate() {
                    if let Some(t) = target {
                        if alive[*t] {
                            here[s] = true;
                            if k == 0 {
                                options[p].0 = true;
                            } else {
                                options[p].1 = true;
                            }
                        }
                    }
                }
            }
            alive = here;
        }
        Some(Sweep { prefix, options })
    }
}

/// A mine takes one from each counter in `hits`; `false` when one of them is already at zero.
fn take_one(window: &mut [Counter], hits: &[usize]) -> bool {
    for &s in hits {
        match window[s] {
            FREE => {}
            0 => return false,
            _ => window[s] -= 1,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn the_local_rules_alone_need_no_search() {
        let cost = complete_search_cost(&board("? ? ?\n1 2 1"), &board("x 2 x\n1 2 1"), u64::MAX);
        assert_eq!(cost.searches, 0);
        assert_eq!(cost.work, 0);
    }

    #[test]
    fn the_total_with_the_numbers_is_one_search_that_finishes() {
        // Two separate 1s, each with two undecided cells, and two mines in all: every other
        // cell is safe. No local rule sees it; one search does.
        let puzzle = board("? ? ? ? ?\n1 ? ? ? 1");
        let answer = board("x 1 0 1 x\n1 1 0 1 1");
        let cost = complete_search_cost(&puzzle, &answer, u64::MAX);
        assert!(cost.searches >= 1, "{cost:?}");
        assert!(cost.work > 0);
    }

    #[test]
    fn a_board_that_needs_a_guess_stops_after_its_search() {
        let cost = complete_search_cost(&board("? ?\n1 1"), &board("x 1\n1 1"), u64::MAX);
        assert_eq!(cost.searches, 1);
        assert_eq!(cost.undecided_at_first_search, 2);
    }

    /// The full board with mines at `mines` (row-major indices) and every other cell's number.
    fn answer(rows: usize, cols: usize, mines: &[usize]) -> Board {
        let cells = (0..rows * cols)
            .map(|i| {
                if mines.contains(&i) {
                    Cell::Mine
                } else {
                    let around = crate::neighbours(rows, cols, i / cols, i % cols)
                        .filter(|c| mines.contains(c))
                        .count();
                    Cell::Num(around as u8)
                }
            })
            .collect();
        Board::new(rows, cols, cells)
    }

    #[test]
    fn the_chain_of_untouched_cells_moves_one_cell_a_search_through_mines() {
        // Four mines: the 1 has one of its two neighbours, so R1C1 to R1C3, which touch no
        // number, are all mines. Their probes with the total wait in a chain, and a mine wakes
        // no neighbour: each search decides the one cell whose probe runs, and the next one's
        // gate opens once it is decided. A fourth search decides nothing: R1C4 needs a guess.
        let puzzle = board("? ? ? ? 1 ?");
        let answer = board("x x x x 1 0");
        let cost = complete_search_cost(&puzzle, &answer, u64::MAX);
        assert!(!cost.finished, "{cost:?}");
        assert_eq!(cost.searches, 4, "{cost:?}");
    }

    #[test]
    fn more_undecided_cells_cost_more() {
        let answer = answer(6, 6, &[0, 5, 20, 33]);
        let late: Board = board(&answer.to_string().replacen("x", "?", 4));
        let early = Board::new(
            6,
            6,
            (0..36)
                .map(|i| {
                    if i == 14 {
                        answer.cells()[i]
                    } else {
                        Cell::Unknown
                    }
                })
                .collect(),
        );
        let late = complete_search_cost(&late, &answer, u64::MAX);
        let early = complete_search_cost(&early, &answer, u64::MAX);
        assert!(early.work > late.work, "{early:?} {late:?}");
    }

    #[test]
    fn an_expert_board_all_unknown_costs_only_its_searches_without_the_total() {
        // 16x30, nothing shown, 99 mines: the total cannot bind (0 < 99 < 480), nothing is
        // touched, so no probe runs and nothing is decided. With the probes with the total
        // charged it came to about 3,000 million units, and was refused.
        let puzzle: Board = vec![vec!["?"; 30].join(" "); 16]
            .join("\n")
            .parse()
            .unwrap();
        let mines: Vec<usize> = (0..99).map(|k| k * 4 + 2).collect();
        let expert = answer(16, 30, &mines);
        let cost = complete_search_cost(&puzzle, &expert, COMPLETE_FINISHED_WORK_LIMIT);
        assert!(!cost.finished && !cost.over_limit);
        assert_eq!(cost.searches, 1);
        assert!(cost.work < 2_000_000, "{}", cost.work);
        assert!(cost.slack);
        assert_eq!(complete_refusal(&puzzle, &expert), None);
        // The same on 32x32: charged as before, and refused.
        let puzzle: Board = vec![vec!["?"; 32].join(" "); 32]
            .join("\n")
            .parse()
            .unwrap();
        let mines: Vec<usize> = (0..154).map(|k| k * 6 + 3).collect();
        let large = answer(32, 32, &mines);
        let cost = complete_search_cost(&puzzle, &large, COMPLETE_FINISHED_WORK_LIMIT);
        assert!(!cost.slack);
        assert!(complete_refusal(&puzzle, &large).is_some());
    }

    /// Corpus board 600101 (16x16/40, finished by the level): charged with every probe with
    /// the total from the first search, it comes to about 2,000 million units; the probes
    /// without the total open the board before those with it are released, and the stages
    /// replayed come to about 11 million. `solve!` takes it, with the search it writes for
    /// such boards (`CompletePlan::Staged`: 6.7 s).
    #[test]
    fn the_stages_replayed_take_a_board_the_probes_without_the_total_open() {
        let puzzle = board(
            &[
                "? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?",
                "? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?",
                "? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?",
                "? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?",
                "? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?",
                "? 1 1 1 2 ? ? ? ? ? ? ? ? ? ? ?",
                "? 1 0 0 2 ? ? ? ? ? ? ? ? ? ? ?",
                "? 2 0 0 1 ? ? ? ? ? ? ? ? ? ? ?",
                "? 2 0 0 1 ? ? ? ? ? ? ? ? ? ? ?",
                "? 2 0 0 1 ? ? ? ? ? ? ? ? ? ? ?",
                "? 1 0 0 1 ? ? ? ? ? ? ? ? ? ? ?",
                "? 2 0 0 1 1 1 1 ? ? ? ? ? ? ? ?",
                "? 1 0 0 0 0 0 1 3 ? ? ? ? ? ? ?",
                "? 3 1 1 0 0 0 0 2 ? ? ? ? ? ? ?",
                "? ? ? 2 1 0 0 1 3 ? ? ? ? ? ? ?",
                "? ? ? ? 1 0 0 1 ? ? ? ? ? ? ? ?",
            ]
            .join("\n"),
        );
        let answer = board(
            &[
                "1 x 3 x 2 1 2 1 1 0 0 1 1 1 0 0",
                "1 2 x 2 2 x 2 x 2 1 0 1 x 1 0 0",
                "0 1 1 1 1 1 2 2 x 1 0 1 1 1 0 0",
                "1 1 1 1 1 2 1 3 2 2 0 1 1 1 0 0",
                "1 x 1 1 x 3 x 2 x 1 0 1 x 1 0 0",
                "1 1 1 1 2 x 2 3 2 2 0 2 2 2 0 0",
                "1 1 0 0 2 2 3 2 x 1 0 1 x 1 0 0",
                "x 2 0 0 1 x 2 x 2 1 0 1 1 1 0 0",
                "x 2 0 0 1 2 3 2 2 2 2 1 0 0 0 0",
                "2 2 0 0 1 2 x 1 1 x x 1 0 0 0 0",
                "x 1 0 0 1 x 2 2 3 4 3 1 1 1 2 1",
                "2 2 0 0 1 1 1 1 x x 1 0 2 x 3 x",
                "x 1 0 0 0 0 0 1 3 4 3 1 2 x 4 2",
                "2 3 1 1 0 0 0 0 2 x x 1 1 3 x 2",
                "x 2 x 2 1 0 0 1 3 x 3 2 1 3 x 2",
                "1 2 2 x 1 0 0 1 x 2 1 1 x 2 1 1",
            ]
            .join("\n"),
        );
        let cost = complete_search_cost(&puzzle, &answer, COMPLETE_FINISHED_WORK_LIMIT);
        assert!(cost.over_limit, "{cost:?}");
        let staged = staged_finish_work(&puzzle, &answer, COMPLETE_STAGED_WORK_LIMIT)
            .expect("finished within the limit");
        assert!((5_000_000..20_000_000).contains(&staged), "{staged}");
        assert_eq!(complete_plan(&puzzle, &answer), Ok(CompletePlan::Staged));
        // Under a lower limit, it is refused.
        assert_eq!(staged_finish_work(&puzzle, &answer, staged - 1), None);
        // A board the level does not finish is never taken by the replay: nothing shown.
        let stuck = Board::new(16, 16, vec![Cell::Unknown; 256]);
        assert_eq!(staged_finish_work(&stuck, &answer, u64::MAX), None);
    }

    #[test]
    fn the_model_stops_soon_after_the_limit() {
        let mines: Vec<usize> = (0..64).filter(|i| i % 3 == 0).collect();
        let answer = answer(8, 8, &mines);
        let puzzle = Board::new(8, 8, vec![Cell::Unknown; 64]);
        let cost = complete_search_cost(&puzzle, &answer, 1000);
        assert!(cost.over_limit, "{cost:?}");
        assert!(cost.work > 1000);
    }
}
