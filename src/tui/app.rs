//! The play screen's state: the game plus everything the terminal adds to it (cursor, scroll,
//! overlays, timer, messages, best times). Driven by terminal events and a clock reading passed
//! in, so tests can run it without a terminal and without waiting.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use crossterm::event::Event;
use typesweeper::runtime::deduction::cell_name;
use typesweeper::runtime::game::{Action, ActionError, CellState, Config, Game, Status};
use typesweeper::runtime::generator::{find_board, GenError, Level as SolverLevel, Spec};
use typesweeper::runtime::layout::{default_click, FirstClick};

use super::best::{BestTimes, Record};
use super::input::{command, Command};
use super::solver::{self, Knowledge};

/// How many seeds `--no-guess` tries for one board before dealing an ordinary one.
pub const NO_GUESS_ATTEMPTS: u64 = 20_000;

/// A board size: one of the three presets or a custom one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLevel {
    /// 9x9 with 10 mines.
    Beginner,
    /// 16x16 with 40 mines.
    Intermediate,
    /// 16 rows, 30 columns, 99 mines.
    Expert,
    /// Any size.
    Custom {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Mines.
        mines: usize,
    },
}

impl BoardLevel {
    /// Rows, columns and mines.
    pub fn size(self) -> (usize, usize, usize) {
        match self {
            BoardLevel::Beginner => (9, 9, 10),
            BoardLevel::Intermediate => (16, 16, 40),
            BoardLevel::Expert => (16, 30, 99),
            BoardLevel::Custom { rows, cols, mines } => (rows, cols, mines),
        }
    }
}

impl fmt::Display for BoardLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardLevel::Beginner => f.write_str("beginner"),
            BoardLevel::Intermediate => f.write_str("intermediate"),
            BoardLevel::Expert => f.write_str("expert"),
            BoardLevel::Custom { rows, cols, mines } => write!(f, "{rows}x{cols}/{mines}"),
        }
    }
}

impl FromStr for BoardLevel {
    type Err = String;

    /// `beginner`, `intermediate`, `expert` or `RxC/M` (rows, columns, mines).
    fn from_str(text: &str) -> Result<BoardLevel, String> {
        let bad = || {
            format!(
                "expected beginner, intermediate, expert or ROWSxCOLS/MINES (like 10x12/20), \
                 got `{text}`"
            )
        };
        match text.to_ascii_lowercase().as_str() {
            "beginner" => return Ok(BoardLevel::Beginner),
            "intermediate" => return Ok(BoardLevel::Intermediate),
            "expert" => return Ok(BoardLevel::Expert),
            _ => {}
        }
        let (size, mines) = text.split_once('/').ok_or_else(bad)?;
        let (rows, cols) = size.split_once(['x', 'X']).ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        Ok(BoardLevel::Custom {
            rows: number(rows)?,
            cols: number(cols)?,
            mines: number(mines)?,
        })
    }
}

/// How games are dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The board size.
    pub level: BoardLevel,
    /// The first-click rule.
    pub first_click: FirstClick,
    /// Deal only boards the `complete` solver finishes from the rule's default first click,
    /// and open that click for the player.
    pub no_guess: bool,
    /// The first game's seed (`None`: from the clock).
    pub seed: Option<u64>,
}

/// A seed from the clock, short enough to read out and type back (below 10^9).
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // splitmix64's finaliser, so seeds a few nanoseconds apart look unrelated.
    let mut z = nanos.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % 1_000_000_000
}

/// The part of the board the last frame showed, for mouse clicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Screen column of the first shown cell's left edge.
    pub x: u16,
    /// Screen row of the first shown row.
    pub y: u16,
    /// Screen columns per cell.
    pub cell_width: u16,
    /// First board row shown.
    pub first_row: usize,
    /// First board column shown.
    pub first_col: usize,
    /// How many rows are shown.
    pub rows: usize,
    /// How many columns are shown.
    pub cols: usize,
}

impl View {
    /// The board cell under screen position `(x, y)`, if one is shown there.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        let dx = x.checked_sub(self.x)?;
        let dy = y.checked_sub(self.y)?;
        let (r, c) = (usize::from(dy), usize::from(dx / self.cell_width.max(1)));
        (r < self.rows && c < self.cols).then_some((self.first_row + r, self.first_col + c))
    }
}

/// The play screen's state.
#[derive(Debug)]
pub struct App {
    settings: Settings,
    game: Game,
    seed: u64,
    next_seed: fn(u64) -> u64,
    question_marks: bool,
    opened_for_you: Option<(usize, usize)>,
    helped: bool,
    cursor: (usize, usize),
    /// First row and column the view shows; the renderer keeps the cursor inside it.
    pub scroll: (usize, usize),
    /// What the last frame showed, for mouse clicks; `None` before the first frame or when the
    /// board was not drawn.
    pub view: Option<View>,
    help: bool,
    probabilities: bool,
    hint: bool,
    knowledge: Option<(u64, Option<Knowledge>)>,
    version: u64,
    autoplay: bool,
    started: Option<Instant>,
    finished: Option<Duration>,
    message: Option<String>,
    best: BestTimes,
    quit: bool,
}

impl App {
    /// Whether `settings` make a valid board (checked before the terminal is taken over).
    pub fn check(settings: &Settings) -> Result<(), String> {
        let (rows, cols, mines) = settings.level.size();
        let config = Config::new(rows, cols, mines, settings.first_click);
        Game::new(config, 0).map(|_| ()).map_err(|e| e.to_string())
    }

    /// A new screen dealing its first game; `next_seed` gives the seed of a new game from the
    /// last one (the game uses `|_| clock_seed()`, tests count up); `warning` (e.g. about the
    /// best-times file) is shown in the message line. Fails when the settings make no valid
    /// board.
    pub fn new(
        settings: Settings,
        best: BestTimes,
        next_seed: fn(u64) -> u64,
        warning: Option<String>,
    ) -> Result<App, String> {
        let seed = settings.seed.unwrap_or_else(clock_seed);
        let (rows, cols, mines) = settings.level.size();
        let config = Config::new(rows, cols, mines, settings.first_click);
        let game = Game::new(config, seed).map_err(|e| e.to_string())?;
        let mut app = App {
            settings,
            game,
            seed,
            next_seed,
            question_marks: true,
            opened_for_you: None,
            helped: false,
            cursor: (0, 0),
            scroll: (0, 0),
            view: None,
            help: false,
            probabilities: false,
            hint: false,
            knowledge: None,
            version: 0,
            autoplay: false,
            started: None,
            finished: None,
            message: None,
            best,
            quit: false,
        };
        app.deal(seed)?;
        if warning.is_some() {
            app.message = warning;
        }
        Ok(app)
    }

    /// Deals the board for `seed` (for no-guess: the first seed from it that gives one) and
    /// resets everything but the settings, the question-mark switch and the overlays' switches.
    fn deal(&mut self, seed: u64) -> Result<(), String> {
        let (rows, cols, mines) = self.settings.level.size();
        let rule = self.settings.first_click;
        let mut config = Config::new(rows, cols, mines, rule);
        config.question_marks = self.question_marks;
        let mut game = Game::new(config, seed).map_err(|e| e.to_string())?;
        let mut seed = seed;
        let mut opened_for_you = None;
        let mut message = None;
        if self.settings.no_guess {
            let spec = Spec::new(rows, cols, mines, rule, SolverLevel::Complete);
            match find_board(&spec, seed, NO_GUESS_ATTEMPTS) {
                Ok(found) => {
                    seed = found.seed;
                    game = Game::new(config, seed).map_err(|e| e.to_string())?;
                    let (r, c) = spec.click();
                    game.open(r, c).map_err(|e| e.to_string())?;
                    debug_assert_eq!(game.visible(), found.puzzle);
                    opened_for_you = Some((r, c));
                }
                Err(GenError::NotFound { attempts }) => {
                    message = Some(format!(
                        "no no-guess board in {attempts} seeds from {seed}: this one may need \
                         a guess"
                    ));
                }
                Err(GenError::Layout(e)) => return Err(e.to_string()),
            }
        }
        self.game = game;
        self.seed = seed;
        self.opened_for_you = opened_for_you;
        self.cursor = opened_for_you.unwrap_or_else(|| default_click(rows, cols, rule));
        self.helped = false;
        self.hint = false;
        self.knowledge = None;
        self.version += 1;
        self.autoplay = false;
        self.started = None;
        self.finished = None;
        self.message = message;
        if self.game.status() != Status::Playing {
            self.finished = Some(Duration::ZERO); // a board the dealt click already finished
        }
        Ok(())
    }

    /// Handles one terminal event at time `now`. Never panics, whatever the event.
    pub fn handle(&mut self, event: &Event, now: Instant) {
        let Some(command) = command(event) else {
            return;
        };
        if self.help {
            if command == Command::Quit {
                self.quit = true;
            }
            self.help = false;
            return;
        }
        if command != Command::SolverRun {
            self.autoplay = false;
        }
        match command {
            Command::Up => self.move_cursor(-1, 0),
            Command::Down => self.move_cursor(1, 0),
            Command::Left => self.move_cursor(0, -1),
            Command::Right => self.move_cursor(0, 1),
            Command::Open => self.open_or_chord(now),
            Command::Flag => {
                let (r, c) = self.cursor;
                self.act(Action::Mark(r, c), now);
            }
            Command::Chord => {
                let (r, c) = self.cursor;
                self.act(Action::Chord(r, c), now);
            }
            Command::ToggleQuestionMarks => {
                self.question_marks = !self.question_marks;
                self.game.set_question_marks(self.question_marks);
                self.message = Some(
                    if self.question_marks {
                        "question marks on: f cycles flag, ?, hidden"
                    } else {
                        "question marks off: f cycles flag, hidden"
                    }
                    .to_string(),
                );
            }
            Command::NewGame => {
                let mut seed = (self.next_seed)(self.seed);
                if seed == self.seed {
                    seed = seed.wrapping_add(1);
                }
                self.redeal(seed);
            }
            Command::Restart => self.redeal(self.seed),
            Command::Help => self.help = true,
            Command::Escape => {
                self.hint = false;
                self.probabilities = false;
                self.message = None;
            }
            Command::Quit => self.quit = true,
            Command::SolverMove => {
                self.solver_move(now);
            }
            Command::SolverRun => {
                self.autoplay = !self.autoplay && self.game.status() == Status::Playing;
                if self.autoplay {
                    self.helped = true;
                    self.message = Some("the solver is playing (A again stops it)".to_string());
                } else {
                    self.message = None;
                }
            }
            Command::Hint => self.show_hint(),
            Command::Probabilities => {
                self.probabilities = !self.probabilities;
                if self.probabilities {
                    self.helped = true;
                    if self.game.layout().is_none() {
                        self.message =
                            Some("probabilities appear after the first click".to_string());
                    }
                }
            }
            Command::ClickOpen(x, y) => {
                if self.click(x, y) {
                    self.open_or_chord(now);
                }
            }
            Command::ClickFlag(x, y) => {
                if self.click(x, y) {
                    let (r, c) = self.cursor;
                    self.act(Action::Mark(r, c), now);
                }
            }
            Command::ClickChord(x, y) => {
                if self.click(x, y) {
                    let (r, c) = self.cursor;
                    self.act(Action::Chord(r, c), now);
                }
            }
        }
    }

    /// Advances time-driven work: while the solver plays to the end, one move per call.
    pub fn tick(&mut self, now: Instant) {
        if self.autoplay && !self.solver_move(now) {
            self.autoplay = false;
        }
        if self.game.status() != Status::Playing {
            self.autoplay = false;
        }
    }

    fn redeal(&mut self, seed: u64) {
        if let Err(e) = self.deal(seed) {
            self.message = Some(format!("cannot deal seed {seed}: {e}"));
        }
    }

    fn move_cursor(&mut self, dr: isize, dc: isize) {
        let (rows, cols) = (self.game.rows(), self.game.cols());
        let step = |v: usize, d: isize, n: usize| v.saturating_add_signed(d).min(n - 1);
        self.cursor = (step(self.cursor.0, dr, rows), step(self.cursor.1, dc, cols));
    }

    /// Moves the cursor to the cell under a click; false when no cell is there.
    fn click(&mut self, x: u16, y: u16) -> bool {
        match self.view.and_then(|v| v.cell_at(x, y)) {
            Some((r, c)) if r < self.game.rows() && c < self.game.cols() => {
                self.cursor = (r, c);
                true
            }
            _ => false,
        }
    }

    fn open_or_chord(&mut self, now: Instant) {
        let (r, c) = self.cursor;
        match self.game.cell(r, c) {
            Ok(CellState::Open(n)) if n > 0 => self.act(Action::Chord(r, c), now),
            _ => self.act(Action::Open(r, c), now),
        }
    }

    /// Applies an action to the game, keeping the timer, caches and messages in step.
    fn act(&mut self, action: Action, now: Instant) {
        let before = self.game.status();
        let flags = (self.game.flags(), self.game.questions());
        match self.game.apply(action) {
            Ok(opened) => {
                let ended = self.game.status() != before;
                if !opened.is_empty()
                    || ended
                    || flags != (self.game.flags(), self.game.questions())
                {
                    self.version += 1;
                    self.hint = false;
                    self.message = None;
                }
                if (!opened.is_empty() || ended) && self.started.is_none() {
                    self.started = Some(now);
                }
                if ended {
                    self.finish(now);
                }
            }
            Err(ActionError::GameOver) => {
                self.message = Some(format!(
                    "the game is {}: n new game, r restart",
                    self.state_word()
                ));
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Stops the timer and reports the result; a won game the solver did not help is offered
    /// to the best times.
    fn finish(&mut self, now: Instant) {
        let took = self
            .started
            .map_or(Duration::ZERO, |s| now.saturating_duration_since(s));
        self.finished = Some(took);
        self.autoplay = false;
        let time = format_duration(took);
        self.message = Some(match self.game.status() {
            Status::Lost { hit } => format!(
                "lost: {} was a mine. n new game, r restart",
                cell_name(self.game.cols(), hit)
            ),
            Status::Won if self.helped => {
                format!("won in {time} with the solver's help (not a best time)")
            }
            Status::Won => {
                let key = self.best_key();
                let record = Record {
                    millis: took.as_millis().min(u128::from(u64::MAX)) as u64,
                    seed: self.seed,
                };
                let old = self.best.get(&key);
                match self.best.offer(&key, record) {
                    Ok(true) => format!("won in {time}: a new best time for {key}!"),
                    Ok(false) => format!(
                        "won in {time} (best for {key}: {})",
                        old.map_or_else(String::new, |r| format_millis(r.millis))
                    ),
                    Err(e) => format!("won in {time}; the best time could not be saved: {e}"),
                }
            }
            Status::Playing => String::new(),
        });
    }

    /// Plays the solver's next move; false when it had none.
    fn solver_move(&mut self, now: Instant) -> bool {
        if self.game.status() != Status::Playing {
            self.message = Some(format!("no solver move: the game is {}", self.state_word()));
            return false;
        }
        self.helped = true;
        let Some(m) = solver::next_move(&self.game) else {
            self.message = Some("the solver has no move".to_string());
            return false;
        };
        if m.row >= self.game.rows() || m.col >= self.game.cols() {
            self.message = Some("the solver chose a cell off the board".to_string());
            return false;
        }
        // A flag on the cell is a wrong flag: clear it so the open goes through.
        for _ in 0..2 {
            if self.game.cell(m.row, m.col) == Ok(CellState::Flagged) {
                self.act(Action::Mark(m.row, m.col), now);
            }
        }
        self.cursor = (m.row, m.col);
        self.act(Action::Open(m.row, m.col), now);
        if self.game.status() == Status::Playing && !self.autoplay {
            self.message = Some(format!(
                "solver opened {}{}",
                cell_name(self.game.cols(), m.row * self.game.cols() + m.col),
                if m.certain {
                    " (proved safe)"
                } else {
                    " (a guess)"
                }
            ));
        }
        true
    }

    fn show_hint(&mut self) {
        if self.game.status() != Status::Playing {
            self.message = Some(format!("no hint: the game is {}", self.state_word()));
            return;
        }
        self.helped = true;
        if self.game.layout().is_none() {
            let (r, c) = default_click(
                self.game.rows(),
                self.game.cols(),
                self.settings.first_click,
            );
            self.message = Some(format!(
                "hint: the first click is safe; {} opens an area under the zero rule",
                cell_name(self.game.cols(), r * self.game.cols() + c)
            ));
            return;
        }
        self.hint = true;
        self.message = Some(match self.knowledge().cloned() {
            Some(k) => {
                let cells = self.game.cells();
                let mines = k
                    .mines
                    .iter()
                    .filter(|&&i| cells[i] != CellState::Flagged)
                    .count();
                if k.safe.is_empty() && mines == 0 {
                    "hint: nothing more is proved; p shows each cell's chance".to_string()
                } else {
                    format!(
                        "hint: {} safe (green), {} unflagged mines (red)",
                        k.safe.len(),
                        mines
                    )
                }
            }
            None => "hint: the solver found nothing".to_string(),
        });
    }

    /// What the position proves, computed once per change of the game.
    pub fn knowledge(&mut self) -> Option<&Knowledge> {
        if self
            .knowledge
            .as_ref()
            .is_none_or(|(v, _)| *v != self.version)
        {
            self.knowledge = Some((self.version, solver::knowledge(&self.game)));
        }
        self.knowledge.as_ref().and_then(|(_, k)| k.as_ref())
    }

    /// The game.
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

    /// The cursor, `(row, col)` from 0.
    pub fn cursor(&self) -> (usize, usize) {
        self.cursor
    }

    /// The cell no-guess opened for the player, if any.
    pub fn opened_for_you(&self) -> Option<(usize, usize)> {
        self.opened_for_you
    }

    /// Whether the solver helped in this game (moves, hints or probabilities).
    pub fn helped(&self) -> bool {
        self.helped
    }

    /// Whether the help is shown.
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// Whether the probability overlay is on.
    pub fn probabilities_shown(&self) -> bool {
        self.probabilities
    }

    /// Whether the hint highlight is on (until the game changes).
    pub fn hint_shown(&self) -> bool {
        self.hint
    }

    /// Whether the solver is playing to the end.
    pub fn autoplaying(&self) -> bool {
        self.autoplay
    }

    /// Whether question marks are in the mark cycle.
    pub fn question_marks(&self) -> bool {
        self.question_marks
    }

    /// The message line's text, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Whether the player asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The game's state in one word: `playing`, `won` or `lost`.
    pub fn state_word(&self) -> &'static str {
        match self.game.status() {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost { .. } => "lost",
        }
    }

    /// Time on the clock at `now`: from the first opening, stopped when the game ended.
    pub fn elapsed(&self, now: Instant) -> Duration {
        match (self.started, self.finished) {
            (_, Some(took)) => took,
            (Some(start), None) => now.saturating_duration_since(start),
            (None, None) => Duration::ZERO,
        }
    }

    /// The best-times key of the current settings, e.g. `beginner zero` or
    /// `expert safe no-guess`.
    pub fn best_key(&self) -> String {
        let rule = match self.settings.first_click {
            FirstClick::Safe => "safe",
            FirstClick::Zero => "zero",
        };
        let no_guess = if self.settings.no_guess {
            " no-guess"
        } else {
            ""
        };
        format!("{} {rule}{no_guess}", self.settings.level)
    }

    /// The best record for the current settings.
    pub fn best(&self) -> Option<Record> {
        self.best.get(&self.best_key())
    }
}

/// `12.3s` (tenths below a minute), `4m05s` above.
pub fn format_duration(d: Duration) -> String {
    format_millis(d.as_millis().min(u128::from(u64::MAX)) as u64)
}

/// Milliseconds as [`format_duration`] writes them.
pub fn format_millis(ms: u64) -> String {
    if ms < 60_000 {
        format!("{}.{}s", ms / 1000, ms % 1000 / 100)
    } else {
        format!("{}m{:02}s", ms / 60_000, ms % 60_000 / 1000)
    }
}
