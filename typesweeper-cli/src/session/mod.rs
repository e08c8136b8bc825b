//! One game session, the same for both games: `play` in the terminal ([`crate::tui`]) and
//! `serve` in the browser (`crate::web`) are views over a [`Session`].
//!
//! A session deals boards ([`deal`]), applies the player's actions to its
//! [`Game`](typesweeper::runtime::game::Game), keeps the clock ([`clock`]), finishes games
//! (the result, and a won game's record for the best times, [`best`]), and makes the solver's
//! moves and shows what the position proves ([`solver`]), all within its solver budget. It is
//! plain data driven by calls with the time passed in: no terminal, no HTTP, no global state,
//! no file (a win is offered to a [`BestTimes`] the view hands in, when and where it chooses).

pub mod best;
pub mod clock;
pub mod deal;
pub mod solver;

use std::fmt;
use std::time::{Duration, Instant};

use typesweeper::board::Board;
use typesweeper::codegen::{self, Edition, Export};
use typesweeper::runtime::compile_view::{compile_view_within, CompileView};
use typesweeper::runtime::complete::{self, Budget};
use typesweeper::runtime::deduction::cell_name;
use typesweeper::runtime::game::{Action, ActionError, CellState, Game, Status};
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::layout::FirstClick;
use typesweeper::runtime::{Deduced, Given};

use best::{helped_win, BestTimes, Record};
use clock::{millis, Clock};
use deal::{deal, format_duration, Dealt, Settings};
use solver::{knowledge_within, next_move_within, Knowledge, Move};

/// How a view names its controls in the session's messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// What marks a cell, e.g. `f` or `right-click`.
    pub mark: &'static str,
    /// What starts again after a game ended, e.g. `n new game, r restart`.
    pub again: &'static str,
    /// Whether a lost game's message ends with [`Words::again`].
    pub again_after_loss: bool,
}

impl Words {
    /// The terminal game's keys.
    pub const TERMINAL: Words = Words {
        mark: "f",
        again: "n new game, r restart",
        again_after_loss: true,
    };
    /// The browser game's buttons.
    pub const BROWSER: Words = Words {
        mark: "right-click",
        again: "start a new game or restart",
        again_after_loss: false,
    };
}

/// Why a request to a session did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// The request names no cell of the board.
    OffBoard(String),
    /// The action does not apply now (the game is over, nothing to do before the first click,
    /// the solver found nothing).
    Conflict(String),
    /// The request's values cannot be used (an export name that is not an identifier, a board
    /// too wide for a compile-fail case).
    Invalid(String),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::OffBoard(m) | SessionError::Conflict(m) | SessionError::Invalid(m) => {
                f.write_str(m)
            }
        }
    }
}

/// Why a cell is what it is, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The cell's name, e.g. `R3C4`.
    pub cell: String,
    /// `safe`, `mine`, `undecided` or `open`.
    pub verdict: &'static str,
    /// The deduction, a sentence per step, the cell's own last (as `solve --explain` writes
    /// them), or why there is none.
    pub lines: Vec<String>,
}

/// At most this many steps explain one cell.
pub const EXPLAIN_STEPS: usize = 12;

/// One game session: the settings, the game in play and everything around it.
#[derive(Clone, Debug)]
pub struct Session {
    settings: Settings,
    words: Words,
    solver_steps: u64,
    game: Game,
    seed: u64,
    question_marks: bool,
    opened_for_you: Option<(usize, usize)>,
    helped: bool,
    clock: Clock,
    message: Option<String>,
    /// Counts the changes of the position (and new deals), for caches.
    version: u64,
    knowledge: Option<(u64, Option<Knowledge>)>,
    unoffered: Option<Record>,
    new_best: bool,
    last_move: Option<Move>,
}

impl Session {
    /// Deals the first game for `seed` under `settings` (for no-guess: the first seed from it
    /// that gives one); `words` name the view's controls in messages, and every solver call of
    /// the session stays within `solver_steps` steps of `complete` (see [`Budget`]). Fails when
    /// the settings make no valid board.
    pub fn new(
        settings: Settings,
        seed: u64,
        question_marks: bool,
        words: Words,
        solver_steps: u64,
    ) -> Result<Session, String> {
        let game = Game::new(settings.config(question_marks), seed).map_err(|e| e.to_string())?;
        let mut session = Session {
            settings,
            words,
            solver_steps,
            game,
            seed,
            question_marks,
            opened_for_you: None,
            helped: false,
            clock: Clock::default(),
            message: None,
            version: 0,
            knowledge: None,
            unoffered: None,
            new_best: false,
            last_move: None,
        };
        session.deal(seed)?;
        Ok(session)
    }

    /// Deals the board for `seed` (for no-guess: the first seed from it that gives one) and
    /// resets everything but the settings and the question-mark switch. On an error nothing
    /// changes.
    pub fn deal(&mut self, seed: u64) -> Result<(), String> {
        let Dealt {
            game,
            seed,
            opened_for_you,
            message,
        } = deal(&self.settings, seed, self.question_marks)?;
        self.clock = if game.status() == Status::Playing {
            Clock::default()
        } else {
            Clock::stopped() // a board the dealt click already finished
        };
        self.game = game;
        self.seed = seed;
        self.opened_for_you = opened_for_you;
        self.helped = false;
        self.message = message;
        self.version += 1;
        self.knowledge = None;
        self.unoffered = None;
        self.new_best = false;
        self.last_move = None;
        Ok(())
    }

    /// The same board again, from the start (a no-guess board's seed is dealt as it is).
    pub fn restart(&mut self) -> Result<(), String> {
        self.deal(self.seed)
    }

    /// An error when `(row, col)` is off the board.
    pub fn check(&self, row: usize, col: usize) -> Result<(), SessionError> {
        if row < self.game.rows() && col < self.game.cols() {
            return Ok(());
        }
        Err(SessionError::OffBoard(format!(
            "row {row} col {col} is off the {}x{} board (rows and columns count from 0)",
            self.game.rows(),
            self.game.cols()
        )))
    }

    /// Opens `(row, col)` at `now`, as a click does: a number chords, a flag protects its cell
    /// (the message says how to take it off).
    pub fn open(&mut self, row: usize, col: usize, now: Instant) -> Result<(), SessionError> {
        self.check(row, col)?;
        self.last_move = None;
        match self.game.cell(row, col) {
            Ok(CellState::Open(n)) if n > 0 => self.act(Action::Chord(row, col), now),
            Ok(CellState::Flagged) if self.game.status() == Status::Playing => {
                self.message = Some(format!(
                    "{} is flagged: {} takes the flag off",
                    self.name(row, col),
                    self.words.mark
                ));
                Ok(())
            }
            _ => self.act(Action::Open(row, col), now),
        }
    }

    /// Chords `(row, col)`: opens its neighbours when its flags match its number.
    pub fn chord(&mut self, row: usize, col: usize, now: Instant) -> Result<(), SessionError> {
        self.check(row, col)?;
        self.last_move = None;
        self.act(Action::Chord(row, col), now)
    }

    /// Cycles the mark on `(row, col)`: hidden, flag, `?` (when on), hidden.
    pub fn mark(&mut self, row: usize, col: usize, now: Instant) -> Result<(), SessionError> {
        self.check(row, col)?;
        self.last_move = None;
        self.act(Action::Mark(row, col), now)
    }

    /// Switches question marks in the mark cycle on or off (for this game and the next ones).
    pub fn set_question_marks(&mut self, on: bool) {
        self.question_marks = on;
        self.game.set_question_marks(on);
        let cycle = if on {
            "flag, ?, hidden"
        } else {
            "flag, hidden"
        };
        let state = if on { "on" } else { "off" };
        self.message = Some(format!(
            "question marks {state}: {} cycles {cycle}",
            self.words.mark
        ));
    }

    /// Applies an action at `now`, keeping the clock, the caches and the message in step.
    fn act(&mut self, action: Action, now: Instant) -> Result<(), SessionError> {
        let before = self.game.status();
        let marks = (self.game.flags(), self.game.questions());
        match self.game.apply(action) {
            Ok(opened) => {
                let ended = self.game.status() != before;
                if !opened.is_empty()
                    || ended
                    || marks != (self.game.flags(), self.game.questions())
                {
                    self.version += 1;
                    self.message = None;
                }
                if !opened.is_empty() || ended {
                    self.clock.start(now);
                }
                if ended {
                    self.finish(now);
                }
                Ok(())
            }
            Err(ActionError::GameOver) => Err(SessionError::Conflict(format!(
                "the game is {}: {}",
                self.game.status().word(),
                self.words.again
            ))),
            Err(e) => Err(SessionError::OffBoard(e.to_string())),
        }
    }

    /// Stops the clock and says how the game ended; an unhelped win waits for
    /// [`Session::offer_best`].
    fn finish(&mut self, now: Instant) {
        let took = self.clock.stop(now);
        self.message = Some(match self.game.status() {
            Status::Lost { hit } => {
                let cols = self.game.cols();
                let mine = self.name(hit / cols, hit % cols);
                match self.words.again_after_loss {
                    true => format!("lost: {mine} was a mine. {}", self.words.again),
                    false => format!("lost: {mine} was a mine"),
                }
            }
            Status::Won if self.helped => helped_win(millis(took)),
            Status::Won => {
                self.unoffered = Some(Record {
                    millis: millis(took),
                    seed: self.seed,
                });
                format!("won in {}", format_duration(took))
            }
            Status::Playing => String::new(),
        });
    }

    /// Whether an unhelped win waits to be offered to the best times.
    pub fn has_unoffered_win(&self) -> bool {
        self.unoffered.is_some()
    }

    /// Offers an unhelped win to `best` (once), and says how it went in the message. It may
    /// read and write the best-times file: a server calls it off its async workers.
    pub fn offer_best(&mut self, best: &mut BestTimes) {
        let Some(record) = self.unoffered.take() else {
            return;
        };
        let (message, new_best) = best.offer_win(&self.settings.best_key(), record);
        self.message = Some(message);
        self.new_best = new_best;
    }

    /// A fresh budget of the session's solver steps.
    fn budget(&self) -> Budget {
        Budget::new(self.solver_steps)
    }

    /// An error naming `what` when the game is over.
    pub fn playing(&self, what: &str) -> Result<(), SessionError> {
        match self.game.status() {
            Status::Playing => Ok(()),
            status => Err(SessionError::Conflict(format!(
                "{what}: the game is {}",
                status.word()
            ))),
        }
    }

    /// An error naming `what` before the first click (no mines are placed yet).
    pub fn placed(&self, what: &str) -> Result<(), SessionError> {
        if self.game.layout().is_some() {
            return Ok(());
        }
        Err(SessionError::Conflict(format!(
            "{what} before the first click: every cell is safe to start with{}",
            match self.settings.first_click {
                FirstClick::Zero => " and opens an area",
                FirstClick::Safe => "",
            }
        )))
    }

    /// Plays the solver's next move at `now` (the autoplayer's, within the session's budget),
    /// clearing a wrong flag on its cell first; the session counts as helped.
    pub fn solver_move(&mut self, now: Instant) -> Result<Move, SessionError> {
        self.playing("no solver move")?;
        self.helped = true;
        let budget = self.budget();
        let Some(m) = next_move_within(&self.game, &budget) else {
            return Err(SessionError::Conflict("the solver has no move".to_string()));
        };
        if self.check(m.row, m.col).is_err() {
            return Err(SessionError::Conflict(
                "the solver chose a cell off the board".to_string(),
            ));
        }
        // A flag on the cell is a wrong flag: clear it so the open goes through.
        for _ in 0..2 {
            if self.game.cell(m.row, m.col) == Ok(CellState::Flagged) {
                self.act(Action::Mark(m.row, m.col), now)?;
            }
        }
        self.act(Action::Open(m.row, m.col), now)?;
        self.last_move = Some(m);
        if self.game.status() == Status::Playing {
            self.message = Some(format!(
                "solver opened {}{}",
                self.name(m.row, m.col),
                if m.certain {
                    " (proved safe)"
                } else {
                    " (a guess)"
                }
            ));
        }
        Ok(m)
    }

    /// What the position proves, within the session's budget, computed once per change of
    /// the position; `None` before the first click, after the end, or when the solver fails.
    /// Looking does not count as help: see [`Session::knowledge`].
    pub fn peek_knowledge(&mut self) -> Option<&Knowledge> {
        if self
            .knowledge
            .as_ref()
            .is_none_or(|(v, _)| *v != self.version)
        {
            let k = knowledge_within(&self.game, &self.budget());
            self.knowledge = Some((self.version, k));
        }
        self.knowledge.as_ref().and_then(|(_, k)| k.as_ref())
    }

    /// What the position proves, for the hint or the probabilities (`what` names them in
    /// errors); the session counts as helped.
    pub fn knowledge(&mut self, what: &str) -> Result<&Knowledge, SessionError> {
        self.playing(what)?;
        self.placed(what)?;
        self.helped = true;
        self.peek_knowledge()
            .ok_or_else(|| SessionError::Conflict(format!("{what}: the solver found nothing")))
    }

    /// Why `(row, col)` is safe, a mine or undecided, from the position and the mine total, as
    /// the `complete` solver proves it within the session's budget; the session counts as
    /// helped.
    pub fn explain(&mut self, row: usize, col: usize) -> Result<Explanation, SessionError> {
        self.check(row, col)?;
        let name = self.name(row, col);
        let cols = self.game.cols();
        if let Ok(CellState::Open(n)) = self.game.cell(row, col) {
            return Ok(Explanation {
                cell: name.clone(),
                verdict: "open",
                lines: vec![format!("{name} is open: it shows {n}")],
            });
        }
        self.placed("no explanation")?;
        self.helped = true;
        let solved = complete::solve_within(
            &self.game.visible(),
            Given::total(self.game.mines()),
            &self.budget(),
        )
        .map_err(|e| SessionError::Conflict(format!("no explanation: {e}")))?;
        let i = row * cols + col;
        let (verdict, lines) = match solved.deduction.cells()[i] {
            Deduced::Undecided => (
                "undecided",
                vec![if solved.unfinished.is_empty() {
                    format!(
                        "{name} is undecided: some layouts that fit the numbers and the mine \
                         total have a mine there and some do not"
                    )
                } else {
                    format!(
                        "{name} is undecided within the solver's budget: the board is too \
                         tangled to finish"
                    )
                }],
            ),
            d => (
                if d == Deduced::Mine { "mine" } else { "safe" },
                solved
                    .deduction
                    .why(i, EXPLAIN_STEPS)
                    .iter()
                    .map(|s| s.describe(cols))
                    .collect(),
            ),
        };
        Ok(Explanation {
            cell: name,
            verdict,
            lines,
        })
    }

    /// The position and its answer, once the mines are placed; the session counts as helped.
    fn position(&mut self, what: &str) -> Result<(Board, Board), SessionError> {
        self.placed(what)?;
        let answer = self
            .game
            .answer()
            .ok_or_else(|| SessionError::Conflict(format!("{what}: no mines placed yet")))?;
        self.helped = true;
        Ok((self.game.visible(), answer))
    }

    /// What `solve!`'s rules decide of the position at each level, with reveals from the answer
    /// and its mine total, as at compile time; `complete` within the session's budget.
    pub fn compile_view(&mut self) -> Result<CompileView, SessionError> {
        let (puzzle, answer) = self.position("no compile-time view")?;
        compile_view_within(&puzzle, &answer, &self.budget())
            .map_err(|e| SessionError::Conflict(format!("no compile-time view: {e}")))
    }

    /// The position as Rust files for a crate of `edition`: a test when `level` finishes it,
    /// else a trybuild compile-fail case. `name` defaults to `game_SEED_OPENED`; `complete`
    /// works within the session's budget.
    pub fn export(
        &mut self,
        level: Level,
        name: Option<&str>,
        edition: Edition,
    ) -> Result<Export, SessionError> {
        self.placed("nothing to export")?;
        let default = format!("game_{}_{}", self.seed, self.game.opened());
        let name = name.unwrap_or(&default);
        codegen::check_name(name).map_err(|e| SessionError::Invalid(e.to_string()))?;
        let (puzzle, answer) = self.position("nothing to export")?;
        codegen::export_within(&puzzle, &answer, level, name, edition, &self.budget()).map_err(
            |e| match e {
                codegen::ExportError::Solve(e) => {
                    SessionError::Conflict(format!("nothing to export: {e}"))
                }
                e => SessionError::Invalid(e.to_string()),
            },
        )
    }

    /// The name of `(row, col)`, e.g. `R3C4`.
    pub fn name(&self, row: usize, col: usize) -> String {
        cell_name(self.game.cols(), row * self.game.cols() + col)
    }

    /// The game in play.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The settings games are dealt with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The seed of the board in play (with no-guess, the seed that dealt it).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether question marks are in the mark cycle.
    pub fn question_marks(&self) -> bool {
        self.question_marks
    }

    /// The cell no-guess opened for the player, if any.
    pub fn opened_for_you(&self) -> Option<(usize, usize)> {
        self.opened_for_you
    }

    /// Whether the solver helped in this game (moves, hints, probabilities, explanations, the
    /// compile-time view, exports): a helped win sets no best time.
    pub fn helped(&self) -> bool {
        self.helped
    }

    /// Counts the game as helped (a view's own help, such as the terminal's probability
    /// overlay or its solver playing to the end).
    pub fn set_helped(&mut self) {
        self.helped = true;
    }

    /// The line for the player, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Sets (or clears) the line for the player.
    pub fn set_message(&mut self, message: Option<String>) {
        self.message = message;
    }

    /// Time on the clock at `now`: from the first opening, stopped when the game ended.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }

    /// Whether the clock runs.
    pub fn running(&self) -> bool {
        self.clock.is_running()
    }

    /// Whether this game just set the best time.
    pub fn new_best(&self) -> bool {
        self.new_best
    }

    /// The solver's last move, if the last action was one.
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// The best-times key of the settings, e.g. `beginner zero` or `expert safe no-guess`.
    pub fn best_key(&self) -> String {
        self.settings.best_key()
    }

    /// Counts the changes of the position: equal counts, equal positions.
    pub fn version(&self) -> u64 {
        self.version
    }
}

/// The rows of a row-major `cells` of `cols` columns, each made by `f(index, cell)` for its
/// cells, collected (into a `String`, a `Vec`, ...).
pub fn by_rows<T, U, R>(cells: &[T], cols: usize, f: impl Fn(usize, &T) -> U) -> Vec<R>
where
    R: FromIterator<U>,
{
    cells
        .chunks(cols.max(1))
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(c, cell)| f(r * cols + c, cell))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests;
