//! One browser game: the [`Game`] plus what the page shows around it (seed, timer, message,
//! whether the solver helped) and what it sends (the [`State`] every action answers with).
//! No HTTP here: [`super::api`] turns requests into these calls.

use std::time::Instant;

use serde::Serialize;
use typesweeper::board::Board;
use typesweeper::codegen::{self, Edition, ExportKind};
use typesweeper::runtime::compile_view::{compile_view, LevelView};
use typesweeper::runtime::complete::{self, Budget};
use typesweeper::runtime::deduction::cell_name;
use typesweeper::runtime::game::{Action, ActionError, CellState, Game, Status};
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::layout::FirstClick;
use typesweeper::runtime::{Deduced, Given};

use crate::frontend::best::helped_win;
use crate::frontend::best::{BestTimes, Record};
use crate::frontend::clock::{millis, Clock};
use crate::frontend::deal::{deal, format_duration, Dealt, Settings};
use crate::frontend::solver::{knowledge_within, next_move_within, Knowledge, Move};

/// A cell as the API names it: row and column from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct At {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
}

/// A solver move as the page sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SolverMove {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// Whether the cell was proved safe (else it was a guess).
    pub certain: bool,
}

/// Everything the page draws, sent after every action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// The game's id.
    pub id: String,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Mines on the board.
    pub mines: usize,
    /// `beginner`, `intermediate`, `expert` or `RxC/M`.
    pub level: String,
    /// `safe` or `zero`.
    pub first_click: &'static str,
    /// Whether the board was dealt to need no guess.
    pub no_guess: bool,
    /// The seed that dealt the board (replayable).
    pub seed: u64,
    /// Whether marking cycles through `?`.
    pub question_marks: bool,
    /// `playing`, `won` or `lost`.
    pub status: &'static str,
    /// The mine that was hit, in a lost game.
    pub hit: Option<At>,
    /// Mines minus flags (negative with too many flags).
    pub mines_left: i64,
    /// Time on the clock: from the first opening, stopped at the end.
    pub elapsed_ms: u64,
    /// Whether the clock is running.
    pub running: bool,
    /// Whether the solver helped (a helped win sets no best time).
    pub helped: bool,
    /// One string per row, a character per cell: `.` hidden, `F` flag, `?` question mark,
    /// `0`-`8` open; in a lost game `X` the mine hit, `*` the other mines and `W` wrong flags;
    /// in a won game every mine is `F`.
    pub board: Vec<String>,
    /// The cell no-guess opened for the player.
    pub opened_for_you: Option<At>,
    /// A line for the player (the result, a deal note, why an action did nothing).
    pub message: Option<String>,
    /// The best-times key of this game's settings, e.g. `expert safe`.
    pub best_key: String,
    /// The best time for that key.
    pub best: Option<BestView>,
    /// Whether this game just set the best time.
    pub new_best: bool,
    /// The solver's last move in this game, if the last action was one.
    pub last_move: Option<SolverMove>,
}

/// A best time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BestView {
    /// Milliseconds.
    pub millis: u64,
    /// The seed of that game.
    pub seed: u64,
}

/// The hint: what the position proves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// Unopened cells proved safe, in reading order.
    pub safe: Vec<At>,
    /// Cells proved to be mines, in reading order (flagged or not).
    pub mines: Vec<At>,
    /// Whether the solver finished within its budget (else what the parts it finished prove).
    pub exact: bool,
}

/// The probability overlay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Chances {
    /// Per row, per cell: the chance that an unopened cell is a mine, `null` for open cells.
    pub chances: Vec<Vec<Option<f64>>>,
    /// Whether the chances are exact (else the solver's estimates on a board too tangled for
    /// its budget).
    pub exact: bool,
}

/// One browser game.
#[derive(Debug)]
pub struct Table {
    settings: Settings,
    game: Game,
    seed: u64,
    question_marks: bool,
    opened_for_you: Option<(usize, usize)>,
    helped: bool,
    clock: Clock,
    message: Option<String>,
    new_best: bool,
    unoffered: Option<Record>,
    last_move: Option<SolverMove>,
}

/// Why an action on a table failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The request names no cell of the board.
    OffBoard(String),
    /// The action does not apply now (the game is over, nothing to do before the first click).
    Conflict(String),
    /// The request's values cannot be used (an export name that is not an identifier, a
    /// board too wide for a compile-fail case).
    Invalid(String),
}

impl Table {
    /// Deals a game for `seed` under `settings`.
    pub fn deal(settings: Settings, seed: u64, question_marks: bool) -> Result<Table, String> {
        let Dealt {
            game,
            seed,
            opened_for_you,
            message,
        } = deal(&settings, seed, question_marks)?;
        let clock = if game.status() == Status::Playing {
            Clock::default()
        } else {
            Clock::stopped() // a board the dealt click already finished
        };
        Ok(Table {
            settings,
            game,
            seed,
            question_marks,
            opened_for_you,
            helped: false,
            clock,
            message,
            new_best: false,
            unoffered: None,
            last_move: None,
        })
    }

    /// The same board again, from the start (the marks switch kept).
    pub fn restart(&mut self) -> Result<(), String> {
        let mut settings = self.settings;
        // The dealt seed is already a no-guess one: deal it as it is.
        settings.seed = Some(self.seed);
        *self = Table::deal(settings, self.seed, self.question_marks)?;
        Ok(())
    }

    /// Checks that `at` is on the board.
    fn check(&self, at: At) -> Result<(), TableError> {
        if at.row < self.game.rows() && at.col < self.game.cols() {
            Ok(())
        } else {
            Err(TableError::OffBoard(format!(
                "row {} col {} is off the {}x{} board (rows and columns count from 0)",
                at.row,
                at.col,
                self.game.rows(),
                self.game.cols()
            )))
        }
    }

    /// Opens `at` (a number: chords it, as a click on a number does).
    pub fn open(&mut self, at: At, now: Instant) -> Result<(), TableError> {
        self.check(at)?;
        self.last_move = None;
        match self.game.cell(at.row, at.col) {
            Ok(CellState::Open(n)) if n > 0 => self.act(Action::Chord(at.row, at.col), now),
            Ok(CellState::Flagged) if self.game.status() == Status::Playing => {
                self.message = Some(format!(
                    "{} is flagged: right-click takes the flag off",
                    self.name(at)
                ));
                Ok(())
            }
            _ => self.act(Action::Open(at.row, at.col), now),
        }
    }

    /// Chords `at`: opens its neighbours when its flags match its number.
    pub fn chord(&mut self, at: At, now: Instant) -> Result<(), TableError> {
        self.check(at)?;
        self.last_move = None;
        self.act(Action::Chord(at.row, at.col), now)
    }

    /// Cycles the mark on `at`: hidden, flag, `?` (when on), hidden.
    pub fn mark(&mut self, at: At, now: Instant) -> Result<(), TableError> {
        self.check(at)?;
        self.last_move = None;
        self.act(Action::Mark(at.row, at.col), now)
    }

    /// Switches question marks in the mark cycle on or off.
    pub fn set_question_marks(&mut self, on: bool) {
        self.question_marks = on;
        self.game.set_question_marks(on);
        self.message = Some(
            if on {
                "question marks on: right-click cycles flag, ?, hidden"
            } else {
                "question marks off: right-click cycles flag, hidden"
            }
            .to_string(),
        );
    }

    /// Plays the solver's next move, with all its work within `budget`.
    pub fn solver_move(&mut self, now: Instant, budget: &Budget) -> Result<SolverMove, TableError> {
        self.playing("no solver move")?;
        self.helped = true;
        let Some(Move { row, col, certain }) = next_move_within(&self.game, budget) else {
            return Err(TableError::Conflict("the solver has no move".to_string()));
        };
        // A flag on the cell is a wrong flag: clear it so the open goes through.
        for _ in 0..2 {
            if self.game.cell(row, col) == Ok(CellState::Flagged) {
                self.act(Action::Mark(row, col), now)?;
            }
        }
        self.act(Action::Open(row, col), now)?;
        let played = SolverMove { row, col, certain };
        self.last_move = Some(played);
        if self.game.status() == Status::Playing {
            self.message = Some(format!(
                "solver opened {}{}",
                self.name(At { row, col }),
                if certain {
                    " (proved safe)"
                } else {
                    " (a guess)"
                }
            ));
        }
        Ok(played)
    }

    /// What the position proves, within `budget`.
    pub fn hint(&mut self, budget: &Budget) -> Result<Hint, TableError> {
        let k = self.knowledge(budget, "no hint")?;
        let at = |i: &usize| self.at(i);
        Ok(Hint {
            safe: k.safe.iter().map(at).collect(),
            mines: k.mines.iter().map(at).collect(),
            exact: k.exact,
        })
    }

    /// Each unopened cell's chance of being a mine, within `budget`.
    pub fn chances(&mut self, budget: &Budget) -> Result<Chances, TableError> {
        let k = self.knowledge(budget, "no probabilities")?;
        let cols = self.game.cols();
        let chances = self
            .game
            .cells()
            .chunks(cols)
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, cell)| {
                        (!matches!(cell, CellState::Open(_)))
                            .then(|| k.mine_probability[r * cols + c])
                    })
                    .collect()
            })
            .collect();
        Ok(Chances {
            chances,
            exact: k.exact,
        })
    }

    fn knowledge(&mut self, budget: &Budget, what: &str) -> Result<Knowledge, TableError> {
        self.playing(what)?;
        self.before_first_click(what)?;
        self.helped = true;
        knowledge_within(&self.game, budget)
            .ok_or_else(|| TableError::Conflict(format!("{what}: the solver found nothing")))
    }

    /// An error when the game is over.
    pub fn playing(&self, what: &str) -> Result<(), TableError> {
        match self.game.status() {
            Status::Playing => Ok(()),
            _ => Err(TableError::Conflict(format!(
                "{what}: the game is {}",
                self.game.status().word()
            ))),
        }
    }

    /// An error before the first click (no mines are placed yet).
    pub fn before_first_click(&self, what: &str) -> Result<(), TableError> {
        if self.game.layout().is_some() {
            return Ok(());
        }
        Err(TableError::Conflict(format!(
            "{what} before the first click: every cell is safe to start with{}",
            match self.settings.first_click {
                FirstClick::Zero => " and opens an area",
                FirstClick::Safe => "",
            }
        )))
    }

    /// Applies an action, keeping the timer and messages in step.
    fn act(&mut self, action: Action, now: Instant) -> Result<(), TableError> {
        let before = self.game.status();
        match self.game.apply(action) {
            Ok(opened) => {
                let ended = self.game.status() != before;
                if !opened.is_empty() || ended {
                    self.clock.start(now);
                }
                self.message = None;
                if ended {
                    self.finish(now);
                }
                Ok(())
            }
            Err(ActionError::GameOver) => Err(TableError::Conflict(format!(
                "the game is {}: start a new game or restart",
                self.game.status().word()
            ))),
            Err(e) => Err(TableError::OffBoard(e.to_string())),
        }
    }

    /// Stops the clock and reports the result; an unhelped win waits for [`Table::offer_best`].
    fn finish(&mut self, now: Instant) {
        let took = self.clock.stop(now);
        self.message = Some(match self.game.status() {
            Status::Lost { hit } => format!("lost: {} was a mine", self.name(self.at(&hit))),
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

    /// Offers an unhelped win to the best times (once), and says how it went. The server calls
    /// it with the best times locked, after the action, so no solver work holds that lock.
    pub fn offer_best(&mut self, best: &mut BestTimes) {
        let Some(record) = self.unoffered.take() else {
            return;
        };
        let (message, new_best) = best.offer_win(&self.settings.best_key(), record);
        self.message = Some(message);
        self.new_best = new_best;
    }

    fn at(&self, i: &usize) -> At {
        At {
            row: i / self.game.cols(),
            col: i % self.game.cols(),
        }
    }

    fn name(&self, at: At) -> String {
        cell_name(self.game.cols(), at.row * self.game.cols() + at.col)
    }

    /// The board as [`State::board`] writes it.
    fn board(&self) -> Vec<String> {
        let status = self.game.status();
        let mines = self.game.layout().map(|l| l.mines());
        let cols = self.game.cols();
        let cell = |i: usize, state: &CellState| -> char {
            let mine = mines.is_some_and(|m| m[i]);
            match (state, status) {
                (CellState::Open(n), _) => char::from(b'0' + n),
                (_, Status::Lost { hit }) if hit == i => 'X',
                (CellState::Flagged, Status::Lost { .. }) if !mine => 'W',
                (CellState::Flagged, _) => 'F',
                (_, Status::Lost { .. }) if mine => '*',
                (_, Status::Won) => 'F',
                (CellState::Questioned, _) => '?',
                (CellState::Hidden, _) => '.',
            }
        };
        self.game
            .cells()
            .chunks(cols)
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, state)| cell(r * cols + c, state))
                    .collect()
            })
            .collect()
    }

    /// What the page draws, at time `now`.
    pub fn state(&self, id: &str, now: Instant, best: &BestTimes) -> State {
        let (rows, cols, mines) = self.settings.level.size();
        let key = self.settings.best_key();
        State {
            id: id.to_string(),
            rows,
            cols,
            mines,
            level: self.settings.level.to_string(),
            first_click: self.settings.first_click.word(),
            no_guess: self.settings.no_guess,
            seed: self.seed,
            question_marks: self.question_marks,
            status: self.game.status().word(),
            hit: match self.game.status() {
                Status::Lost { hit } => Some(self.at(&hit)),
                _ => None,
            },
            mines_left: self.game.mines_left(),
            elapsed_ms: millis(self.clock.elapsed(now)),
            running: self.clock.is_running(),
            helped: self.helped,
            board: self.board(),
            opened_for_you: self.opened_for_you.map(|(row, col)| At { row, col }),
            message: self.message.clone(),
            best: best.get(&key).map(|r| BestView {
                millis: r.millis,
                seed: r.seed,
            }),
            best_key: key,
            new_best: self.new_best,
            last_move: self.last_move,
        }
    }
}

/// Why a cell is what it is, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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

impl Table {
    /// Why `at` is safe, a mine or undecided, from the position and the mine total, as the
    /// `complete` solver proves it within `budget`.
    pub fn explain(&mut self, at: At, budget: &Budget) -> Result<Explanation, TableError> {
        self.check(at)?;
        let name = self.name(at);
        let cols = self.game.cols();
        if let Ok(CellState::Open(n)) = self.game.cell(at.row, at.col) {
            return Ok(Explanation {
                cell: name.clone(),
                verdict: "open",
                lines: vec![format!("{name} is open: it shows {n}")],
            });
        }
        self.before_first_click("no explanation")?;
        self.helped = true;
        let solved = complete::solve_within(
            &self.game.visible(),
            Given::total(self.game.mines()),
            budget,
        )
        .map_err(|e| TableError::Conflict(format!("no explanation: {e}")))?;
        let i = at.row * cols + at.col;
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
}

/// What one level of `solve!`'s rules decides of the position (see [`Table::compile_view`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LevelJson {
    /// `fragment`, `pairs` or `complete`.
    pub level: &'static str,
    /// Cells the position shows as hidden.
    pub hidden: usize,
    /// How many of them the level decides.
    pub decided: usize,
    /// Whether it decides all of them (for `fragment` and `pairs`: `solve!` compiles).
    pub finishes: bool,
    /// `solved`, `stuck` (one layout fits, but this level cannot finish) or `ambiguous`.
    pub expect: String,
    /// The first undecided cell, the one `solve!`'s error names.
    pub first_undecided: Option<At>,
    /// A string per row: `m` a decided mine, `s` a decided safe cell, `?` undecided, `.` shown.
    pub cells: Vec<String>,
}

/// The compile-time view: the three levels on the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CompileViewJson {
    /// `fragment`, `pairs` and `complete`, in that order.
    pub levels: Vec<LevelJson>,
}

/// A position exported as Rust files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExportJson {
    /// `test` (the level finishes the board) or `compile-fail` (a trybuild case).
    pub kind: &'static str,
    /// What the files are, in a sentence.
    pub summary: String,
    /// The files, each `{path, contents}`, paths from the crate's root.
    pub files: Vec<FileJson>,
}

/// One exported file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FileJson {
    /// Path from the crate's root, e.g. `tests/ui/game_5_12.rs`.
    pub path: String,
    /// The file's text.
    pub contents: String,
}

impl Table {
    /// The position and its answer, once the mines are placed.
    fn position(&self, what: &str) -> Result<(Board, Board), TableError> {
        self.before_first_click(what)?;
        let answer = self
            .game
            .answer()
            .ok_or_else(|| TableError::Conflict(format!("{what}: no mines placed yet")))?;
        Ok((self.game.visible(), answer))
    }

    /// What `solve!`'s rules decide of the position at each level, with reveals from the answer
    /// and its mine total, as at compile time.
    pub fn compile_view(&mut self) -> Result<CompileViewJson, TableError> {
        let (puzzle, answer) = self.position("no compile-time view")?;
        self.helped = true;
        let view = compile_view(&puzzle, &answer)
            .map_err(|e| TableError::Conflict(format!("no compile-time view: {e}")))?;
        let cols = view.cols;
        let level = |name: &'static str, l: &LevelView| LevelJson {
            level: name,
            hidden: view.hidden_count,
            decided: l.decided,
            finishes: l.finishes,
            expect: l.expect.to_string(),
            first_undecided: l.first_undecided.map(|c| At {
                row: c.row,
                col: c.col,
            }),
            cells: l
                .cells
                .chunks(cols.max(1))
                .enumerate()
                .map(|(r, row)| {
                    row.iter()
                        .enumerate()
                        .map(|(c, d)| match d {
                            _ if !view.hidden[r * cols + c] => '.',
                            Deduced::Mine => 'm',
                            Deduced::Safe(_) => 's',
                            Deduced::Undecided => '?',
                        })
                        .collect()
                })
                .collect(),
        };
        Ok(CompileViewJson {
            levels: vec![
                level("fragment", &view.fragment),
                level("pairs", &view.pairs),
                level("complete", &view.complete),
            ],
        })
    }

    /// The position as Rust files for a crate of `edition`: a test when `level` finishes it,
    /// else a trybuild compile-fail case. `name` defaults to `game_SEED_OPENED`.
    pub fn export(
        &mut self,
        level: Level,
        name: Option<&str>,
        edition: Edition,
    ) -> Result<ExportJson, TableError> {
        let (puzzle, answer) = self.position("nothing to export")?;
        let default = format!("game_{}_{}", self.seed, self.game.opened());
        let name = name.unwrap_or(&default);
        codegen::check_name(name).map_err(|e| TableError::Invalid(e.to_string()))?;
        self.helped = true;
        let exported = codegen::export_for(&puzzle, &answer, level, name, edition)
            .map_err(|e| TableError::Invalid(e.to_string()))?;
        Ok(ExportJson {
            kind: match exported.kind {
                ExportKind::Test => "test",
                ExportKind::CompileFail => "compile-fail",
            },
            summary: exported.summary,
            files: exported
                .files
                .into_iter()
                .map(|f| FileJson {
                    path: f.path,
                    contents: f.contents,
                })
                .collect(),
        })
    }
}
