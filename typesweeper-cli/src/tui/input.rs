//! Keys and mouse buttons to commands. Pure: no state, so every event maps the same way.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// What the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Move the cursor one row up.
    Up,
    /// Move the cursor one row down.
    Down,
    /// Move the cursor one column left.
    Left,
    /// Move the cursor one column right.
    Right,
    /// Open the cell under the cursor (chord when it is an open number).
    Open,
    /// Cycle the mark under the cursor.
    Flag,
    /// Chord on the number under the cursor.
    Chord,
    /// Switch question marks off or on.
    ToggleQuestionMarks,
    /// A new game with a new seed.
    NewGame,
    /// The same board again.
    Restart,
    /// Show or hide the help.
    Help,
    /// Close the help and overlays.
    Escape,
    /// Leave.
    Quit,
    /// The solver plays one move.
    SolverMove,
    /// The solver plays to the end (again: stop).
    SolverRun,
    /// Highlight the cells the position proves.
    Hint,
    /// Show or hide mine probabilities.
    Probabilities,
    /// Mouse: open the cell at screen position `(x, y)` (chord on an open number).
    ClickOpen(u16, u16),
    /// Mouse: cycle the mark at `(x, y)`.
    ClickFlag(u16, u16),
    /// Mouse: chord at `(x, y)`.
    ClickChord(u16, u16),
}

/// The command for a terminal event, if any (key releases, mouse moves and resizes have none).
pub fn command(event: &Event) -> Option<Command> {
    match event {
        Event::Key(key) => key_command(key),
        Event::Mouse(mouse) => mouse_command(mouse),
        _ => None,
    }
}

fn key_command(key: &KeyEvent) -> Option<Command> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') | KeyCode::Char('d') => Some(Command::Quit),
            _ => None,
        };
    }
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('k') => Command::Up,
        KeyCode::Down | KeyCode::Char('j') => Command::Down,
        KeyCode::Left | KeyCode::Char('h') => Command::Left,
        KeyCode::Right | KeyCode::Char('l') => Command::Right,
        KeyCode::Char(' ') | KeyCode::Enter => Command::Open,
        KeyCode::Char('f') => Command::Flag,
        KeyCode::Char('c') => Command::Chord,
        KeyCode::Char('m') => Command::ToggleQuestionMarks,
        KeyCode::Char('n') => Command::NewGame,
        KeyCode::Char('r') => Command::Restart,
        KeyCode::Char('?') => Command::Help,
        KeyCode::Esc => Command::Escape,
        KeyCode::Char('q') => Command::Quit,
        KeyCode::Char('a') => Command::SolverMove,
        KeyCode::Char('A') => Command::SolverRun,
        KeyCode::Char('t') => Command::Hint,
        KeyCode::Char('p') => Command::Probabilities,
        _ => return None,
    })
}

fn mouse_command(mouse: &MouseEvent) -> Option<Command> {
    let (x, y) = (mouse.column, mouse.row);
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => Some(Command::ClickOpen(x, y)),
        MouseEventKind::Down(MouseButton::Right) => Some(Command::ClickFlag(x, y)),
        MouseEventKind::Down(MouseButton::Middle) => Some(Command::ClickChord(x, y)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn keys_map_to_commands() {
        let cases = [
            (KeyCode::Up, Command::Up),
            (KeyCode::Char('j'), Command::Down),
            (KeyCode::Char('h'), Command::Left),
            (KeyCode::Right, Command::Right),
            (KeyCode::Char(' '), Command::Open),
            (KeyCode::Enter, Command::Open),
            (KeyCode::Char('f'), Command::Flag),
            (KeyCode::Char('c'), Command::Chord),
            (KeyCode::Char('A'), Command::SolverRun),
            (KeyCode::Char('a'), Command::SolverMove),
            (KeyCode::Char('q'), Command::Quit),
        ];
        for (code, expected) in cases {
            assert_eq!(command(&key(code)), Some(expected), "{code:?}");
        }
        assert_eq!(command(&key(KeyCode::Char('z'))), None);
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert_eq!(command(&ctrl_c), Some(Command::Quit));
        let mut release = KeyEvent::new(KeyCode::Char('f'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(command(&Event::Key(release)), None);
    }

    #[test]
    fn mouse_buttons_map_to_commands() {
        let click = |kind| {
            Event::Mouse(MouseEvent {
                kind,
                column: 4,
                row: 2,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(
            command(&click(MouseEventKind::Down(MouseButton::Left))),
            Some(Command::ClickOpen(4, 2))
        );
        assert_eq!(
            command(&click(MouseEventKind::Down(MouseButton::Right))),
            Some(Command::ClickFlag(4, 2))
        );
        assert_eq!(
            command(&click(MouseEventKind::Down(MouseButton::Middle))),
            Some(Command::ClickChord(4, 2))
        );
        assert_eq!(command(&click(MouseEventKind::Moved)), None);
    }
}
