//! The autoplayer: plays a [`Game`] from the first click to a win or a loss, one move at a time.
//!
//! Each move is decided from what the player sees (open numbers and the total mine count; flags
//! are ignored, since they are the player's guesses, not knowledge):
//!
//! 1. **First click**: the rule's documented cell, [`default_click`] (the corner for
//!    [`FirstClick::Safe`](super::layout::FirstClick::Safe), `R3C3` on expert and `R2C2` on
//!    smaller boards for [`FirstClick::Zero`](super::layout::FirstClick::Zero)). The rule
//!    promises it is safe, so it counts as certain.
//! 2. **Certain moves**: every cell proved safe, first by the cheap local rules of
//!    [`fragment`], then by [`complete`](super::complete) (all layouts agree). Flags are never
//!    needed.
//! 3. **A guess** when nothing is certain, chosen by [`guess`] from the exact mine
//!    probabilities of [`Analysis`](super::complete::Analysis): an exhaustive search for the
//!    best chance to *win* when few layouts remain ([`endgame`]); otherwise a forced 50/50 if
//!    there is one (it must be guessed sooner or later, so it is guessed now); otherwise, among
//!    the cells nearly as safe as the safest, the one with the best chance to be safe and then
//!    either make progress (reveal a number that proves some other cell safe) or leave a safe
//!    next guess. Dead cells (whose number, if safe, is already known, so opening them tells
//!    nothing) are not guessed while any other cell remains.
//!
//! Every analysis of one move shares one [`Budget`] (the default of
//! [`complete`](super::complete)): on a board too tangled to solve within it, the move is what
//! the components that fit prove, and otherwise [`guess::cheap`], a guess from the numbers
//! around each cell alone. A move never hangs.
//!
//! ```
//! use typesweeper::runtime::autoplay::{next_move, play_game};
//! use typesweeper::runtime::game::{Config, Game};
//! use typesweeper::runtime::layout::FirstClick;
//!
//! let mut game = Game::new(Config::new(9, 9, 10, FirstClick::Safe), 1).unwrap();
//! let first = next_move(&game).unwrap();
//! assert_eq!((first.row, first.col, first.certain), (0, 0, true));
//! while let Some(m) = next_move(&game) {
//!     game.open(m.row, m.col).unwrap();
//! }
//! assert_eq!(next_move(&game), None); // the game is over
//!
//! let result = play_game(Config::new(9, 9, 10, FirstClick::Safe), 1).unwrap();
//! assert!(result.moves >= result.guesses);
//! ```

pub mod endgame;
pub mod guess;
pub mod position;
pub mod record;
pub mod risk;

use std::time::Duration;

use super::complete::{analyse_parts, Budget};
use super::deduction::{Deduced, Deduction, Given};
use super::fragment;
use super::game::{CellState, Config, Game, Status};
use super::layout::{default_click, LayoutError};

/// A move: open a cell, 0-based (row, col) and whether it is certain (proved safe) or a guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// Whether the cell is proved safe (or promised safe by the first-click rule).
    pub certain: bool,
}

/// How one game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Whether every safe cell was opened.
    pub won: bool,
    /// Cells opened by the player (flood fill not counted), the first click included.
    pub moves: usize,
    /// Moves that were guesses (the first click is not one when the rule makes it safe).
    pub guesses: usize,
    /// CPU time the playing thread spent on the game (zero where the platform cannot say).
    pub cpu: Duration,
}

/// What to do next, as row-major cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// The game is over.
    Over,
    /// These hidden cells are proved safe (in reading order); open all of them.
    Certain(Vec<usize>),
    /// Nothing is certain: open this cell.
    Guess(usize),
}

/// The autoplayer's next move for the game as it stands: `None` when the game is over.
///
/// A certain move is the first proved-safe cell in reading order that is not flagged (a flagged
/// one when all are: unflag it before opening, [`Game::open`] leaves flags alone).
pub fn next_move(game: &Game) -> Option<Move> {
    next_move_within(game, &Budget::default())
}

/// As [`next_move`], with the move's analyses within `budget` ([`plan_within`]): a server
/// bounds each request's work this way.
pub fn next_move_within(game: &Game, budget: &Budget) -> Option<Move> {
    let cols = game.cols();
    let at = |i: usize, certain| Move {
        row: i / cols,
        col: i % cols,
        certain,
    };
    match plan_within(game, budget) {
        Plan::Over => None,
        Plan::Certain(cells) => {
            let unflagged = cells
                .iter()
                .find(|&&i| game.cells()[i] != CellState::Flagged);
            Some(at(*unflagged.unwrap_or(&cells[0]), true))
        }
        Plan::Guess(i) => Some(at(i, false)),
    }
}

/// Plans the next step for the game as it stands: every cell proved safe, or one guess.
pub fn plan(game: &Game) -> Plan {
    plan_within(game, &Budget::default())
}

/// As [`plan`], with every analysis of the move within `budget` (the default one of
/// [`complete`](super::complete) for [`plan`]): when it runs out, the cells proved by what
/// fitted in it, else [`guess::cheap`].
pub fn plan_within(game: &Game, budget: &Budget) -> Plan {
    if game.status() != Status::Playing {
        return Plan::Over;
    }
    let (rows, cols) = (game.rows(), game.cols());
    if game.opened() == 0 {
        let (r, c) = default_click(rows, cols, game.config().first_click);
        let promised = game.layout().is_none() && game.mines() < rows * cols;
        return if promised {
            Plan::Certain(vec![r * cols + c])
        } else {
            Plan::Guess(r * cols + c)
        };
    }
    let hidden: Vec<bool> = game
        .cells()
        .iter()
        .map(|c| !matches!(c, CellState::Open(_)))
        .collect();
    let fallback = || Plan::Guess(hidden.iter().position(|&h| h).unwrap_or(0));
    let board = game.visible();
    let given = Given::total(game.mines());
    let safe_hidden = |d: &Deduction| -> Vec<usize> {
        (0..hidden.len())
            .filter(|&i| hidden[i] && matches!(d.cells()[i], Deduced::Safe(_)))
            .collect()
    };
    // Cheap local rules first; the full solver only when they find nothing.
    let Ok(local) = fragment::solve(&board, given) else {
        return fallback(); // a position no layout fits: cannot happen in a real game
    };
    let safe = safe_hidden(&local);
    if !safe.is_empty() {
        return Plan::Certain(safe);
    }
    // Then everything every layout agrees on; mines it proves are recorded and the position
    // analysed again, so the guess sees every decided cell. All of it, the guess included,
    // within one budget: on a board too tangled for it, what the finished components prove,
    // and else the cheap guess.
    let mut cells = local.cells().to_vec();
    loop {
        let known = cells.iter().filter(|&&c| c == Deduced::Mine).count();
        let Some(left) = game.mines().checked_sub(known) else {
            return fallback();
        };
        let Ok((mut analysis, unfinished)) = analyse_parts(&cells, rows, cols, Some(left), budget)
        else {
            return fallback();
        };
        let safe: Vec<usize> = (0..cells.len())
            .filter(|&i| hidden[i] && analysis.forced(i) == Some(false))
            .collect();
        if !safe.is_empty() {
            return Plan::Certain(safe);
        }
        let mines: Vec<usize> = (0..cells.len())
            .filter(|&i| cells[i] == Deduced::Undecided && analysis.forced(i) == Some(true))
            .collect();
        if mines.is_empty() {
            let position = position::Position {
                rows,
                cols,
                cells: &cells,
                mines_left: left,
                budget,
            };
            let exact = unfinished.is_empty()
                && analysis.count_layouts(budget, cols).is_ok()
                && budget.charge(analysis.probability_work()).is_ok();
            if !exact {
                return Plan::Guess(guess::cheap(&position));
            }
            return Plan::Guess(guess::choose(&position, &analysis));
        }
        for i in mines {
            cells[i] = Deduced::Mine;
        }
    }
}

/// Plays `game` to the end with the autoplayer.
pub fn play(game: &mut Game) -> GameResult {
    play_noting_guesses(game, |_, _| {})
}

/// Plays `game` to the end with the autoplayer, as [`play`] does, telling `guessed` each guess
/// as it is made: (the moves made before it, the row-major cell). For comparing guesses with
/// another player's on the same game.
pub fn play_noting_guesses(game: &mut Game, guessed: impl FnMut(usize, usize)) -> GameResult {
    let start = thread_cpu_time();
    let (moves, guesses) = play_by(game, plan, guessed);
    GameResult {
        won: game.status() == Status::Won,
        moves,
        guesses,
        cpu: thread_cpu_time().saturating_sub(start),
    }
}

/// Plays `game` to the end, each step as `next` plans it (a flagged cell to open is unflagged
/// first), passing each guess to `guessed` as (moves before it, cell); the cells opened by the
/// player (flood fill not counted) and how many were guesses.
fn play_by(
    game: &mut Game,
    mut next: impl FnMut(&Game) -> Plan,
    mut guessed: impl FnMut(usize, usize),
) -> (usize, usize) {
    let (mut moves, mut guesses) = (0, 0);
    let cols = game.cols();
    let open = |game: &mut Game, i: usize| {
        if game.cells()[i] == CellState::Flagged {
            game.mark(i / cols, i % cols)
                .expect("on the board, game on");
        }
        game.open(i / cols, i % cols)
            .expect("on the board, game on");
    };
    loop {
        match next(game) {
            Plan::Over => break,
            Plan::Certain(cells) => {
                for i in cells {
                    if game.status() != Status::Playing {
                        break;
                    }
                    if matches!(game.cells()[i], CellState::Open(_)) {
                        continue; // opened by an earlier flood fill
                    }
                    moves += 1;
                    open(game, i);
                }
            }
            Plan::Guess(i) => {
                guessed(moves, i);
                moves += 1;
                guesses += 1;
                open(game, i);
            }
        }
    }
    (moves, guesses)
}

/// Plays a new game (`Game::new(config, seed)`) to the end; fails only on a bad
/// configuration. The result depends only on `config` and `seed`.
pub fn play_game(config: Config, seed: u64) -> Result<GameResult, LayoutError> {
    let start = thread_cpu_time();
    let mut game = Game::new(config, seed)?;
    let mut result = play(&mut game);
    result.cpu = thread_cpu_time().saturating_sub(start);
    Ok(result)
}

/// CPU time used so far by the calling thread (through the `cpu-time` crate:
/// `CLOCK_THREAD_CPUTIME_ID` on Unix, `GetThreadTimes` on Windows); zero where the platform
/// cannot say.
pub fn thread_cpu_time() -> Duration {
    #[cfg(any(unix, windows))]
    if let Ok(now) = cpu_time::ThreadTime::try_now() {
        return now.as_duration();
    }
    Duration::ZERO
}
