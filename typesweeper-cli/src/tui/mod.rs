//! `typesweeper play`: Minesweeper in the terminal, with the solver beside the player.
//!
//! * [`app`]: the screen's state (cursor, scroll, overlays, timer, messages) around a
//!   [`Game`](typesweeper::runtime::game::Game), which keeps the rules.
//! * [`input`]: keys and mouse buttons to commands.
//! * [`render`]: drawing the state with ratatui.
//!
//! What the browser game shares with it (dealing, the solver's hints, best times) is in
//! [`crate::session`].
//!
//! [`run`] owns the terminal: raw mode, the alternate screen and mouse capture, restored on
//! every exit, including a panic.

pub mod app;
pub mod input;
pub mod render;
#[cfg(test)]
mod testing;

use std::io::{self, Stdout};
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

use crate::session::best::BestTimes;
use app::{clock_seed, App, Settings};

/// How often the screen is redrawn when nothing happens (the timer moves).
const IDLE_FRAME: Duration = Duration::from_millis(200);
/// Time between two solver moves when it plays to the end.
const AUTOPLAY_STEP: Duration = Duration::from_millis(25);

/// Plays until the player quits. Errors are terminal failures (no terminal, a broken pipe);
/// bad settings are reported before the screen is taken over.
pub fn run(settings: Settings) -> Result<(), String> {
    let (best, warning) = BestTimes::open_default();
    let mut app = App::new(settings, best, |_| clock_seed(), warning)?;
    let mut terminal = enter().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let result = event_loop(&mut terminal, &mut app);
    leave();
    let _ = terminal.show_cursor();
    result.map_err(|e| format!("terminal error: {e}"))
}

/// Raw mode, alternate screen, mouse capture; and a panic hook that undoes them first.
fn enter() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave();
        previous(info);
    }));
    enable_raw_mode()?;
    let mut stdout = io::stdout();
    if let Err(e) = execute!(stdout, EnterAlternateScreen, EnableMouseCapture) {
        leave();
        return Err(e);
    }
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout)).inspect_err(|_| leave())?;
    terminal.hide_cursor().inspect_err(|_| leave())?;
    Ok(terminal)
}

/// Gives the terminal back as it was; safe to call more than once.
fn leave() {
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
    let _ = disable_raw_mode();
}

fn event_loop(terminal: &mut Terminal<CrosstermBackend<Stdout>>, app: &mut App) -> io::Result<()> {
    let mut next_step = Instant::now();
    while !app.should_quit() {
        terminal.draw(|frame| render::draw(frame, app, Instant::now()))?;
        let wait = if app.autoplaying() {
            next_step.saturating_duration_since(Instant::now())
        } else {
            IDLE_FRAME
        };
        if event::poll(wait)? {
            // Take everything queued before drawing again, so a burst of keys is not slowed
            // down by a frame per key.
            loop {
                app.handle(&event::read()?, Instant::now());
                if app.should_quit() || !event::poll(Duration::ZERO)? {
                    break;
                }
            }
        }
        if app.autoplaying() && Instant::now() >= next_step {
            app.tick(Instant::now());
            next_step = Instant::now() + AUTOPLAY_STEP;
        }
    }
    Ok(())
}
