//! Helpers for the UI's tests: apps on fixed seeds, events, and screens drawn on ratatui's
//! `TestBackend`.

use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::Terminal;
use typesweeper::runtime::game::{CellState, Status};
use typesweeper::runtime::layout::FirstClick;

use super::app::{App, BoardLevel, Settings};
use super::render;
use crate::session::best::BestTimes;

/// Settings for `level` with the zero rule, guessing allowed, seed `seed`.
pub fn settings(level: BoardLevel, seed: u64) -> Settings {
    Settings {
        level,
        first_click: FirstClick::Zero,
        no_guess: false,
        seed: Some(seed),
    }
}

/// An app on `settings` whose new games count seeds up and whose best times stay in memory.
pub fn app_with(settings: Settings) -> App {
    App::new(
        settings,
        BestTimes::in_memory(),
        |s| s.wrapping_add(1),
        None,
    )
    .unwrap()
}

/// A beginner app on `seed`.
pub fn beginner(seed: u64) -> App {
    app_with(settings(BoardLevel::Beginner, seed))
}

/// A fixed instant and offsets from it.
pub fn at(secs: f64) -> Instant {
    thread_local!(static T0: Instant = Instant::now());
    T0.with(|t0| *t0 + Duration::from_secs_f64(secs))
}

/// A key press.
pub fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// A character key press.
pub fn ch(c: char) -> Event {
    key(KeyCode::Char(c))
}

/// A mouse button press at screen position `(x, y)`.
pub fn click(button: MouseButton, x: u16, y: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(button),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    })
}

/// Presses each key of `keys` (characters) at time `now`.
pub fn press(app: &mut App, keys: &str, now: Instant) {
    for c in keys.chars() {
        app.handle(&ch(c), now);
    }
}

/// Moves the cursor to `(row, col)` with the arrow keys.
pub fn goto(app: &mut App, row: usize, col: usize) {
    let (rows, cols) = (app.game().rows(), app.game().cols());
    for _ in 0..rows {
        app.handle(&key(KeyCode::Up), at(0.0));
    }
    for _ in 0..cols {
        app.handle(&key(KeyCode::Left), at(0.0));
    }
    for _ in 0..row {
        app.handle(&key(KeyCode::Down), at(0.0));
    }
    for _ in 0..col {
        app.handle(&key(KeyCode::Right), at(0.0));
    }
    assert_eq!(app.cursor(), (row, col));
}

/// Opens every safe cell the player has not opened, with the keyboard, at time `now`.
pub fn win_by_hand(app: &mut App, now: Instant) {
    let mines = app
        .game()
        .layout()
        .expect("the game has started")
        .mines()
        .to_vec();
    let cols = app.game().cols();
    for (i, &mine) in mines.iter().enumerate() {
        if app.game().status() != Status::Playing {
            break;
        }
        if !mine && !matches!(app.game().cells()[i], CellState::Open(_)) {
            goto(app, i / cols, i % cols);
            app.handle(&ch(' '), now);
        }
    }
    assert_eq!(app.game().status(), Status::Won);
}

/// Draws `app` on a `width` x `height` test terminal at time `now` and returns the buffer.
pub fn screen(app: &mut App, width: u16, height: u16, now: Instant) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| render::draw(frame, app, now))
        .unwrap();
    terminal.backend().buffer().clone()
}

/// The buffer's text, one string per line, trailing spaces kept.
pub fn lines(buffer: &Buffer) -> Vec<String> {
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

/// The text of board cell `(row, col)` as drawn (three columns), board unscrolled.
pub fn cell_text(buffer: &Buffer, row: usize, col: usize) -> String {
    let (x, y) = cell_origin(row, col);
    (0..3)
        .map(|k| buffer[(x + k, y)].symbol().to_string())
        .collect()
}

/// The screen position of the left edge of board cell `(row, col)`, board unscrolled.
pub fn cell_origin(row: usize, col: usize) -> (u16, u16) {
    (1 + 3 * col as u16, 2 + row as u16)
}
