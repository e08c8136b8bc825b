//! The play screen's state: a [`Session`] plus everything the terminal adds to it (cursor,
//! scroll, overlays, help, the solver playing to the end, the best-times file). Driven by
//! terminal events and a clock reading passed in, so tests can run it without a terminal and
//! without waiting.

use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyEventKind, MouseEventKind};
use typesweeper::runtime::complete::Budget;
use typesweeper::runtime::deduction::{cell_name, plural};
use typesweeper::runtime::game::{CellState, Game, Status};
use typesweeper::runtime::layout::{default_click, FirstClick};

use super::input::{command, Command};
use crate::session::best::{BestTimes, Record};
use crate::session::solver::Knowledge;
use crate::session::{Session, Words};

pub use crate::session::deal::{clock_seed, format_duration, format_millis, BoardLevel, Settings};

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
    session: Session,
    next_seed: fn(u64) -> u64,
    cursor: (usize, usize),
    /// First row and column the view shows; the renderer keeps the cursor inside it.
    pub scroll: (usize, usize),
    /// What the last frame showed, for mouse clicks; `None` before the first frame or when the
    /// board was not drawn.
    pub view: Option<View>,
    help: bool,
    probabilities: bool,
    /// The session's version when the hint was asked for: it shows until the position changes.
    hint: Option<u64>,
    autoplay: bool,
    best: BestTimes,
    quit: bool,
}

impl App {
    /// Whether `settings` make a valid board (checked before the terminal is taken over).
    pub fn check(settings: &Settings) -> Result<(), String> {
        settings.check()
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
        let session = Session::new(settings, seed, true, Words::TERMINAL, Budget::DEFAULT_STEPS)?;
        let mut app = App {
            session,
            next_seed,
            cursor: (0, 0),
            scroll: (0, 0),
            view: None,
            help: false,
            probabilities: false,
            hint: None,
            autoplay: false,
            best,
            quit: false,
        };
        app.dealt();
        if let Some(warning) = warning {
            let message = match app.session.message() {
                Some(dealt) => format!("{warning} · {dealt}"),
                None => warning,
            };
            app.session.set_message(Some(message));
        }
        Ok(app)
    }

    /// Puts the cursor on a new deal's first click and stops the solver.
    fn dealt(&mut self) {
        let game = self.session.game();
        let (rows, cols) = (game.rows(), game.cols());
        let rule = self.session.settings().first_click;
        self.cursor = self
            .session
            .opened_for_you()
            .unwrap_or_else(|| default_click(rows, cols, rule));
        self.autoplay = false;
    }

    /// Handles one terminal event at time `now`. Never panics, whatever the event.
    pub fn handle(&mut self, event: &Event, now: Instant) {
        self.command(event, now);
        self.settle();
    }

    fn command(&mut self, event: &Event, now: Instant) {
        if self.help {
            // Any key or click closes the help; q still quits.
            let pressed = match event {
                Event::Key(key) => key.kind != KeyEventKind::Release,
                Event::Mouse(mouse) => matches!(mouse.kind, MouseEventKind::Down(_)),
                _ => false,
            };
            if pressed {
                self.quit = command(event) == Some(Command::Quit);
                self.help = false;
            }
            return;
        }
        let Some(command) = command(event) else {
            return;
        };
        // The player's own moves take the game back from a solver playing to the end; looking
        // (cursor, help, overlays) does not.
        if matches!(
            command,
            Command::Open
                | Command::Flag
                | Command::Chord
                | Command::SolverMove
                | Command::ClickOpen(..)
                | Command::ClickFlag(..)
                | Command::ClickChord(..)
        ) {
            self.autoplay = false;
        }
        let (r, c) = self.cursor;
        match command {
            Command::Up => self.move_cursor(-1, 0),
            Command::Down => self.move_cursor(1, 0),
            Command::Left => self.move_cursor(0, -1),
            Command::Right => self.move_cursor(0, 1),
            Command::Open => self.report(|s| s.open(r, c, now)),
            Command::Flag => self.report(|s| s.mark(r, c, now)),
            Command::Chord => self.report(|s| s.chord(r, c, now)),
            Command::ToggleQuestionMarks => {
                let on = !self.session.question_marks();
                self.session.set_question_marks(on);
            }
            Command::NewGame => {
                let old = self.session.seed();
                let mut seed = (self.next_seed)(old);
                if seed == old {
                    seed = seed.wrapping_add(1);
                }
                self.redeal(seed);
            }
            Command::Restart => self.redeal(self.session.seed()),
            Command::Help => self.help = true,
            Command::Escape => {
                self.hint = None;
                self.probabilities = false;
                self.session.set_message(None);
            }
            Command::Quit => self.quit = true,
            Command::SolverMove => {
                self.solver_move(now);
            }
            Command::SolverRun => {
                self.autoplay = !self.autoplay && self.session.game().status() == Status::Playing;
                if self.autoplay {
                    self.session.set_helped();
                    self.session
                        .set_message(Some("the solver is playing (A again stops it)".to_string()));
                } else {
                    self.session.set_message(None);
                }
            }
            Command::Hint => self.show_hint(),
            Command::Probabilities => {
                self.probabilities = !self.probabilities;
                if self.probabilities {
                    self.session.set_helped();
                    if self.session.game().layout().is_none() {
                        self.session.set_message(Some(
                            "probabilities appear after the first click".to_string(),
                        ));
                    }
                }
            }
            Command::ClickOpen(x, y) => {
                if let Some((r, c)) = self.click(x, y) {
                    self.report(|s| s.open(r, c, now));
                }
            }
            Command::ClickFlag(x, y) => {
                if let Some((r, c)) = self.click(x, y) {
                    self.report(|s| s.mark(r, c, now));
                }
            }
            Command::ClickChord(x, y) => {
                if let Some((r, c)) = self.click(x, y) {
                    self.report(|s| s.chord(r, c, now));
                }
            }
        }
    }

    /// After every event and tick: a won game is offered to the best times (the terminal
    /// writes the file at once), and a finished game stops the solver.
    fn settle(&mut self) {
        if self.session.has_unoffered_win() {
            self.session.offer_best(&mut self.best);
        }
        if self.session.game().status() != Status::Playing {
            self.autoplay = false;
        }
    }

    /// Runs an action on the session; why it did nothing goes to the message line.
    fn report<E: ToString>(&mut self, action: impl FnOnce(&mut Session) -> Result<(), E>) {
        if let Err(e) = action(&mut self.session) {
            self.session.set_message(Some(e.to_string()));
        }
    }

    /// Advances time-driven work: while the solver plays to the end, one move per call.
    pub fn tick(&mut self, now: Instant) {
        if self.autoplay && !self.solver_move(now) {
            self.autoplay = false;
        }
        self.settle();
    }

    fn redeal(&mut self, seed: u64) {
        match self.session.deal(seed) {
            Ok(()) => self.dealt(),
            Err(e) => self
                .session
                .set_message(Some(format!("cannot deal seed {seed}: {e}"))),
        }
    }

    fn move_cursor(&mut self, dr: isize, dc: isize) {
        let (rows, cols) = (self.session.game().rows(), self.session.game().cols());
        let step = |v: usize, d: isize, n: usize| v.saturating_add_signed(d).min(n - 1);
        self.cursor = (step(self.cursor.0, dr, rows), step(self.cursor.1, dc, cols));
    }

    /// Moves the cursor to the cell under a click and returns it; `None` when no cell is there.
    fn click(&mut self, x: u16, y: u16) -> Option<(usize, usize)> {
        let (r, c) = self.view.and_then(|v| v.cell_at(x, y))?;
        self.session.check(r, c).ok()?;
        self.cursor = (r, c);
        Some((r, c))
    }

    /// Plays the solver's next move; false when it had none.
    fn solver_move(&mut self, now: Instant) -> bool {
        match self.session.solver_move(now) {
            Ok(m) => {
                self.cursor = (m.row, m.col);
                if self.autoplay && self.session.game().status() == Status::Playing {
                    self.session.set_message(None); // the solver playing says nothing per move
                }
                true
            }
            Err(e) => {
                self.session.set_message(Some(e.to_string()));
                false
            }
        }
    }

    fn show_hint(&mut self) {
        if let Err(e) = self.session.playing("no hint") {
            self.session.set_message(Some(e.to_string()));
            return;
        }
        self.session.set_helped();
        let game = self.session.game();
        if game.layout().is_none() {
            let rule = self.session.settings().first_click;
            let (r, c) = default_click(game.rows(), game.cols(), rule);
            let cell = cell_name(game.cols(), r * game.cols() + c);
            self.session.set_message(Some(match rule {
                FirstClick::Zero => format!("hint: the first click is safe; {cell} opens an area"),
                FirstClick::Safe => format!("hint: the first click is safe, e.g. {cell}"),
            }));
            return;
        }
        self.hint = Some(self.session.version());
        let message = match self.session.peek_knowledge().cloned() {
            Some(k) => {
                let cells = self.session.game().cells();
                let mines = k
                    .mines
                    .iter()
                    .filter(|&&i| cells[i] != CellState::Flagged)
                    .count();
                if !k.exact {
                    format!(
                        "hint: {} (green), {} (red); the board is too big to solve \
                         exactly, so p shows estimates",
                        plural(k.safe.len(), "safe cell"),
                        plural(mines, "unflagged mine")
                    )
                } else if k.safe.is_empty() && mines == 0 {
                    "hint: nothing more is proved; p shows each cell's chance".to_string()
                } else {
                    format!(
                        "hint: {} (green), {} (red)",
                        plural(k.safe.len(), "safe cell"),
                        plural(mines, "unflagged mine")
                    )
                }
            }
            None => "hint: the solver found nothing".to_string(),
        };
        self.session.set_message(Some(message));
    }

    /// What the position proves, computed once per change of the game.
    pub fn knowledge(&mut self) -> Option<&Knowledge> {
        self.session.peek_knowledge()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// The settings games are dealt with.
    pub fn settings(&self) -> &Settings {
        self.session.settings()
    }

    /// The seed of the board in play (with no-guess, the seed that dealt it).
    pub fn seed(&self) -> u64 {
        self.session.seed()
    }

    /// The cursor, `(row, col)` from 0.
    pub fn cursor(&self) -> (usize, usize) {
        self.cursor
    }

    /// The cell no-guess opened for the player, if any.
    pub fn opened_for_you(&self) -> Option<(usize, usize)> {
        self.session.opened_for_you()
    }

    /// Whether the solver helped in this game (moves, hints or probabilities).
    pub fn helped(&self) -> bool {
        self.session.helped()
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
        self.hint == Some(self.session.version())
    }

    /// Whether the solver is playing to the end.
    pub fn autoplaying(&self) -> bool {
        self.autoplay
    }

    /// Whether question marks are in the mark cycle.
    pub fn question_marks(&self) -> bool {
        self.session.question_marks()
    }

    /// The message line's text, if any.
    pub fn message(&self) -> Option<&str> {
        self.session.message()
    }

    /// Whether the player asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The game's state in one word: `playing`, `won` or `lost`.
    #[cfg(test)]
    pub fn state_word(&self) -> &'static str {
        self.session.game().status().word()
    }

    /// Time on the clock at `now`: from the first opening, stopped when the game ended.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.session.elapsed(now)
    }

    /// The best-times key of the current settings, e.g. `beginner zero` or
    /// `expert safe no-guess`.
    pub fn best_key(&self) -> String {
        self.session.best_key()
    }

    /// The best record for the current settings.
    pub fn best(&self) -> Option<Record> {
        self.best.get(&self.best_key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::testing::*;
    use crossterm::event::{KeyCode, MouseButton};
    use proptest::prelude::*;
    use typesweeper::runtime::generator::Level as SolverLevel;

    #[test]
    fn a_level_too_dense_for_its_board_is_refused() {
        let too_many = settings("3x3/10".parse().unwrap(), 1);
        assert!(App::check(&too_many).unwrap_err().contains("do not fit"));
        assert!(App::new(too_many, BestTimes::in_memory(), |s| s, None).is_err());
    }

    #[test]
    fn the_cursor_moves_and_stops_at_the_edges() {
        let mut app = beginner(7);
        assert_eq!(
            app.cursor(),
            (1, 1),
            "starts on the zero rule's first click"
        );
        press(&mut app, "kkkhhh", at(0.0));
        assert_eq!(app.cursor(), (0, 0));
        for _ in 0..20 {
            app.handle(&key(KeyCode::Down), at(0.0));
            app.handle(&key(KeyCode::Right), at(0.0));
        }
        assert_eq!(app.cursor(), (8, 8));
        press(&mut app, "kh", at(0.0));
        assert_eq!(app.cursor(), (7, 7));
    }

    #[test]
    fn flags_cycle_and_question_marks_switch_off() {
        let mut app = beginner(7);
        let cell = |app: &App| app.game().cell(0, 0).unwrap();
        goto(&mut app, 0, 0);
        press(&mut app, "f", at(0.0));
        assert_eq!(
            (cell(&app), app.game().mines_left()),
            (CellState::Flagged, 9)
        );
        press(&mut app, " ", at(0.0));
        assert_eq!(cell(&app), CellState::Flagged, "a flag protects its cell");
        assert_eq!(app.message(), Some("R1C1 is flagged: f takes the flag off"));
        press(&mut app, "f", at(0.0));
        assert_eq!(cell(&app), CellState::Questioned);
        press(&mut app, "f", at(0.0));
        assert_eq!(cell(&app), CellState::Hidden);
        press(&mut app, "m", at(0.0));
        assert!(!app.question_marks());
        press(&mut app, "ff", at(0.0));
        assert_eq!(
            cell(&app),
            CellState::Hidden,
            "flag -> hidden without question marks"
        );
        press(&mut app, "n", at(0.0));
        press(&mut app, "ff", at(0.0));
        assert_eq!(
            cell(&app),
            CellState::Hidden,
            "the switch holds for new games"
        );
    }

    #[test]
    fn the_timer_runs_from_the_first_opening_to_the_end() {
        let mut app = beginner(7);
        press(&mut app, "f", at(1.0)); // marking does not start the clock
        press(&mut app, "f", at(1.0));
        press(&mut app, "f", at(1.0));
        assert_eq!(app.elapsed(at(5.0)), Duration::ZERO);
        press(&mut app, " ", at(10.0));
        assert_eq!(app.elapsed(at(12.5)), Duration::from_millis(2500));
        win_by_hand(&mut app, at(40.0));
        assert_eq!(
            app.elapsed(at(100.0)),
            Duration::from_secs(30),
            "stopped at the win"
        );
        assert_eq!(app.state_word(), "won");
    }

    #[test]
    fn an_unhelped_win_sets_a_best_time_and_a_helped_one_does_not() {
        let mut app = beginner(7);
        press(&mut app, " ", at(0.0));
        win_by_hand(&mut app, at(12.0));
        assert!(!app.helped());
        assert_eq!(
            app.best(),
            Some(Record {
                millis: 12_000,
                seed: 7
            })
        );
        assert!(
            app.message().unwrap().contains("new best time"),
            "{:?}",
            app.message()
        );

        // Same board, slower, then faster but helped: neither replaces the record.
        press(&mut app, "r", at(20.0));
        assert_eq!((app.seed(), app.game().opened()), (7, 0));
        press(&mut app, " ", at(20.0));
        win_by_hand(&mut app, at(50.0));
        assert_eq!(app.best().unwrap().millis, 12_000);
        press(&mut app, "r", at(60.0));
        press(&mut app, " ", at(60.0));
        press(&mut app, "t", at(60.0));
        assert!(app.helped(), "a hint is help");
        win_by_hand(&mut app, at(61.0));
        assert_eq!(app.best().unwrap().millis, 12_000);
        assert!(app.message().unwrap().contains("solver's help"));
    }

    #[test]
    fn losing_stops_everything_and_reports_the_mine() {
        let mut app = beginner(7);
        press(&mut app, " ", at(0.0));
        let mines = app.game().layout().unwrap().mines().to_vec();
        let mine = mines.iter().position(|&m| m).unwrap();
        goto(&mut app, mine / 9, mine % 9);
        press(&mut app, " ", at(3.0));
        assert_eq!(app.game().status(), Status::Lost { hit: mine });
        assert_eq!(app.state_word(), "lost");
        assert!(app.message().unwrap().starts_with("lost: R1C4 was a mine"));
        press(&mut app, " fca", at(9.0));
        assert_eq!(
            app.game().status(),
            Status::Lost { hit: mine },
            "nothing changes"
        );
        assert_eq!(app.elapsed(at(20.0)), Duration::from_secs(3));
        press(&mut app, "n", at(9.0));
        assert_eq!((app.seed(), app.game().status()), (8, Status::Playing));
    }

    #[test]
    fn chording_by_key_and_by_space_on_a_number() {
        let mut app = beginner(7);
        press(&mut app, " ", at(0.0));
        // Seed 7: R1C3 shows 1 with its mine at R1C4.
        assert_eq!(app.game().cell(0, 2), Ok(CellState::Open(1)));
        goto(&mut app, 0, 3);
        press(&mut app, "f", at(0.0));
        let before = app.game().opened();
        goto(&mut app, 0, 2);
        press(&mut app, "c", at(0.0));
        assert!(
            app.game().opened() > before,
            "chord opened R2C4's neighbours"
        );
        let before = app.game().opened();
        goto(&mut app, 1, 2);
        press(&mut app, " ", at(0.0)); // a 2 with only 1 flag: nothing happens
        assert_eq!(app.game().opened(), before);
    }

    #[test]
    fn mouse_buttons_open_flag_and_chord_where_clicked() {
        let mut app = beginner(7);
        screen(&mut app, 80, 24, at(0.0));
        let (x, y) = cell_origin(1, 1);
        app.handle(&click(MouseButton::Left, x + 1, y), at(0.0));
        assert_eq!(app.game().cell(1, 1), Ok(CellState::Open(0)));
        let (x, y) = cell_origin(0, 3);
        app.handle(&click(MouseButton::Right, x, y), at(0.0));
        assert_eq!(app.game().cell(0, 3), Ok(CellState::Flagged));
        assert_eq!(app.cursor(), (0, 3));
        let before = app.game().opened();
        let (x, y) = cell_origin(0, 2); // the 1 beside the flag
        app.handle(&click(MouseButton::Left, x + 2, y), at(0.0));
        assert!(
            app.game().opened() > before,
            "a left click on a satisfied number chords"
        );
        let before = app.game().opened();
        app.handle(&click(MouseButton::Middle, x, y), at(0.0));
        assert_eq!(app.game().opened(), before, "nothing left to open there");
        // Clicks on the border, the status line or beyond the board do nothing.
        for (x, y) in [(0, 2), (28, 2), (5, 0), (5, 11), (79, 23)] {
            app.handle(&click(MouseButton::Left, x, y), at(0.0));
            app.handle(&click(MouseButton::Right, x, y), at(0.0));
        }
        assert_eq!((app.game().opened(), app.game().flags()), (before, 1));
    }

    #[test]
    fn solver_moves_mark_the_game_as_helped_and_play_it_out() {
        let mut app = beginner(7);
        press(&mut app, "a", at(0.0));
        assert!(app.helped());
        assert!(app.game().opened() > 0);
        // Whatever cell the solver picks is opened, even under a (wrong) flag.
        let next = typesweeper::runtime::autoplay::next_move(app.game()).unwrap();
        goto(&mut app, next.row, next.col);
        press(&mut app, "f", at(0.0));
        let chosen = typesweeper::runtime::autoplay::next_move(app.game()).unwrap();
        press(&mut app, "a", at(0.0));
        assert!(matches!(
            app.game().cell(chosen.row, chosen.col),
            Ok(CellState::Open(_))
        ));
        assert_eq!(app.cursor(), (chosen.row, chosen.col));
        press(&mut app, "A", at(1.0));
        assert!(app.autoplaying());
        let mut ticks = 0;
        while app.autoplaying() {
            app.tick(at(2.0));
            ticks += 1;
            assert!(ticks < 100, "the solver finishes a beginner board");
        }
        assert_ne!(app.game().status(), Status::Playing);
        assert_eq!(app.best(), None, "helped games set no best time");
        // Looking around does not stop a running solver; A again or a move of one's own does.
        press(&mut app, "nA", at(3.0));
        assert!(app.autoplaying());
        press(&mut app, "jp?x", at(3.0));
        assert!(app.autoplaying());
        press(&mut app, "A", at(3.0));
        assert!(!app.autoplaying());
        press(&mut app, "A", at(3.0));
        app.tick(at(3.0));
        press(&mut app, "f", at(3.0));
        assert!(!app.autoplaying());
    }

    #[test]
    fn no_guess_deals_a_board_the_solver_finishes_and_opens_the_first_click() {
        for (level, click) in [(BoardLevel::Beginner, (1, 1)), (BoardLevel::Expert, (2, 2))] {
            let mut s = settings(level, 100);
            s.no_guess = true;
            let app = app_with(s);
            assert_eq!(app.opened_for_you(), Some(click));
            assert!(app.game().opened() >= 9);
            assert!(app.seed() >= 100);
            let answer = app.game().answer().unwrap();
            assert!(SolverLevel::Complete.solves(&app.game().visible(), &answer));
            assert_eq!(
                app.elapsed(at(5.0)),
                Duration::ZERO,
                "the dealt click starts no clock"
            );
            // The shown seed deals the same board again.
            let mut again = settings(level, app.seed());
            again.no_guess = true;
            assert_eq!(app_with(again).game(), app.game());
        }
    }

    #[test]
    fn no_guess_says_when_it_deals_a_later_seed_than_asked() {
        // Beginner seed 8 needs a guess from R2C2; seed 9 does not.
        let mut app = app_with(no_guess_beginner(8));
        assert_eq!(app.seed(), 9);
        let said = "no-guess: seed 8 needs a guess, so this is seed 9, the next one that does not";
        assert_eq!(app.message(), Some(said));
        // Restarting deals seed 9 itself: nothing to say.
        press(&mut app, "r", at(0.0));
        assert_eq!((app.seed(), app.message()), (9, None));
        // A seed that needs no guess is dealt as asked, silently.
        assert_eq!(app_with(no_guess_beginner(9)).message(), None);
        // A warning from opening the best times comes first.
        let warned = App::new(
            no_guess_beginner(8),
            BestTimes::in_memory(),
            |s| s + 1,
            Some("best times file was corrupt".to_string()),
        )
        .unwrap();
        assert_eq!(
            warned.message(),
            Some(format!("best times file was corrupt · {said}").as_str())
        );
    }

    /// Beginner, no-guess, from seed `seed`.
    fn no_guess_beginner(seed: u64) -> Settings {
        let mut s = settings(BoardLevel::Beginner, seed);
        s.no_guess = true;
        s
    }

    #[test]
    fn no_guess_says_so_when_no_board_can_be_found() {
        // 3x3 with 7 mines: after any first click, one of 8 cells is safe and nothing says
        // which, so no seed gives a no-guess board.
        let mut s = settings("3x3/7".parse().unwrap(), 5);
        s.no_guess = true;
        let app = app_with(s);
        assert_eq!((app.opened_for_you(), app.game().opened()), (None, 0));
        let message = app.message().unwrap();
        assert!(
            message.starts_with("no no-guess board in ") && message.ends_with("may need a guess"),
            "{message}"
        );
        assert_eq!(app.seed(), 5, "the ordinary board of the asked seed");
    }

    #[test]
    fn help_closes_on_any_key_and_q_quits_from_anywhere() {
        let mut app = beginner(7);
        press(&mut app, "?", at(0.0));
        assert!(app.help_shown());
        press(&mut app, " ", at(0.0));
        assert!(!app.help_shown());
        assert_eq!(
            app.game().opened(),
            0,
            "the key that closes the help does nothing else"
        );
        press(&mut app, "?x", at(0.0));
        assert!(!app.help_shown(), "a key with no command closes it too");
        press(&mut app, "?", at(0.0));
        app.handle(&click(MouseButton::Left, 4, 2), at(0.0));
        assert!(!app.help_shown(), "so does a click");
        assert!(!app.should_quit());
        press(&mut app, "?q", at(0.0));
        assert!(app.should_quit());
    }

    /// One step of a random session.
    #[derive(Clone, Debug)]
    enum Op {
        Key(char),
        Special(u8),
        Mouse(u8, u16, u16),
        Draw(u16, u16),
        Tick,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            6 => proptest::sample::select(
                " fcmnr?qaAtphjklx\u{1b}".chars().collect::<Vec<_>>()
            )
            .prop_map(Op::Key),
            3 => (0u8..8).prop_map(Op::Special),
            3 => (0u8..4, 0u16..120, 0u16..45).prop_map(|(b, x, y)| Op::Mouse(b, x, y)),
            1 => (0u16..120, 0u16..45).prop_map(|(w, h)| Op::Draw(w, h)),
            2 => Just(Op::Tick),
        ]
    }

    fn event(op: &Op) -> Option<Event> {
        Some(match *op {
            Op::Key('\u{1b}') => key(KeyCode::Esc),
            Op::Key(c) => ch(c),
            Op::Special(k) => key([
                KeyCode::Up,
                KeyCode::Down,
                KeyCode::Left,
                KeyCode::Right,
                KeyCode::Enter,
                KeyCode::Tab,
                KeyCode::F(1),
                KeyCode::Backspace,
            ][usize::from(k)]),
            Op::Mouse(b, x, y) => match b {
                0 => click(MouseButton::Left, x, y),
                1 => click(MouseButton::Right, x, y),
                2 => click(MouseButton::Middle, x, y),
                _ => Event::Resize(x, y),
            },
            _ => return None,
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// Whatever the player presses or clicks, in whatever terminal size: no panic, the
        /// cursor stays on the board, the counters stay consistent, and a finished game keeps
        /// its clock stopped.
        #[test]
        fn any_input_sequence_is_safe(
            level in proptest::sample::select(vec!["beginner", "5x5/3", "1x1/0", "2x2/4", "3x7/20", "1x9/2"]),
            safe in any::<bool>(),
            no_guess in any::<bool>(),
            seed in 0u64..1000,
            ops in proptest::collection::vec(op(), 0..80),
        ) {
            let mut s = settings(level.parse().unwrap(), seed);
            s.first_click = if safe { FirstClick::Safe } else { FirstClick::Zero };
            s.no_guess = no_guess && (level == "beginner" || level == "5x5/3");
            let mut app = app_with(s);
            for (k, op) in ops.iter().enumerate() {
                let now = at(k as f64);
                match op {
                    Op::Draw(w, h) => { screen(&mut app, *w, *h, now); }
                    Op::Tick => app.tick(now),
                    other => app.handle(&event(other).unwrap(), now),
                }
                let g = app.game();
                prop_assert!(app.cursor().0 < g.rows() && app.cursor().1 < g.cols());
                prop_assert_eq!(
                    g.opened() + g.flags() + g.questions() + g.hidden(),
                    g.rows() * g.cols()
                );
                if g.status() != Status::Playing {
                    prop_assert_eq!(app.elapsed(now), app.elapsed(now + Duration::from_secs(9)));
                }
            }
            screen(&mut app, 80, 24, at(1000.0));
        }
    }
}
