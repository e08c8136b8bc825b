//! Drawing the play screen: an information line, the board (scrolled so the cursor stays in
//! view), a status line, the keys, and the message, wrapped over the lines left below; the help
//! on top when asked for.
//!
//! Each cell is three columns wide: the glyph in the middle, the cursor's `[` `]` on either
//! side. Glyphs: `■` hidden, blank for an open 0, the number (classic colours: 1 blue, 2 green,
//! 3 red, 4 navy, 5 maroon, 6 teal, 7 black, 8 grey) on light grey, `⚑` flag, `?` question
//! mark, `*` mine, `X` wrong flag; the mine that was hit is on red. The probability overlay
//! shows each unopened cell's chance of being a mine in percent, 1 to 99, with `s` for a cell
//! proved safe and `x` for one proved a mine (two digits at most, so a blank column always
//! separates neighbours), shaded green to red.

use std::time::Instant;

use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;
use typesweeper::runtime::deduction::cell_name;
use typesweeper::runtime::game::{CellState, Game, Status};
use typesweeper::runtime::layout::FirstClick;

use super::app::{format_duration, format_millis, App, BoardLevel, View};
use crate::session::solver::Knowledge;

/// Screen columns per cell.
pub const CELL_WIDTH: u16 = 3;
/// The smallest terminal the game draws in (one row and a few columns of board, scrolled).
pub const MIN_SIZE: (u16, u16) = (24, 7);
/// Lines besides the board: information, status, keys, message (at least one line).
const CHROME_LINES: u16 = 4;

/// The key-help line, always shown under the status line.
pub const KEYS_LINE: &str =
    "? help · q quit · arrows/hjkl · space open · f flag · c chord · a A t p solver";

/// Background of open cells.
const OPEN_BG: Color = Color::Indexed(252);
/// Background of unopened cells.
const HIDDEN_BG: Color = Color::Indexed(240);
/// The `■` of unopened cells.
const HIDDEN_FG: Color = Color::Indexed(248);
/// The cursor's brackets' background.
const CURSOR_BG: Color = Color::Indexed(220);
/// Hint: proved safe.
const SAFE_BG: Color = Color::Indexed(35);
/// Hint: proved mine.
const MINE_BG: Color = Color::Indexed(167);

/// The classic colour of each number 1 to 8 (index 0 unused).
pub const NUMBER_COLOURS: [Color; 9] = [
    Color::Indexed(252), // 0: blank
    Color::Indexed(21),  // 1 blue
    Color::Indexed(28),  // 2 green
    Color::Indexed(160), // 3 red
    Color::Indexed(18),  // 4 dark blue (navy)
    Color::Indexed(88),  // 5 dark red (maroon)
    Color::Indexed(30),  // 6 cyan (teal)
    Color::Indexed(16),  // 7 black
    Color::Indexed(244), // 8 grey
];

/// The terminal size, in columns and lines, that shows a `rows` x `cols` board whole.
pub fn needed_size(rows: usize, cols: usize) -> (usize, usize) {
    (
        (cols * usize::from(CELL_WIDTH) + 2).max(usize::from(MIN_SIZE.0)),
        rows + 2 + usize::from(CHROME_LINES),
    )
}

/// Draws the whole screen for `app` at time `now`, and records in `app` what part of the
/// board was shown (for mouse clicks and scrolling).
pub fn draw(frame: &mut Frame, app: &mut App, now: Instant) {
    let area = frame.area();
    let (rows, cols) = (app.game().rows(), app.game().cols());
    let (need_w, need_h) = needed_size(rows, cols);
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        app.view = None;
        let text = format!(
            "Terminal too small ({}x{}): typesweeper needs at least {}x{}, and {need_w}x{need_h} \
             to show this {rows}x{cols} board whole. Enlarge the window, or q to quit.",
            area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }

    // Geometry: the board block takes what the three text lines leave.
    let fits = usize::from(area.width) >= need_w && usize::from(area.height) >= need_h;
    let shown_rows = rows.min(usize::from(area.height - CHROME_LINES - 2));
    let shown_cols = cols.min(usize::from((area.width - 2) / CELL_WIDTH));
    let (cr, cc) = app.cursor();
    app.scroll = (
        follow(app.scroll.0, cr, shown_rows, rows),
        follow(app.scroll.1, cc, shown_cols, cols),
    );
    let board_area = Rect {
        x: area.x,
        y: area.y + 1,
        width: shown_cols as u16 * CELL_WIDTH + 2,
        height: shown_rows as u16 + 2,
    };
    let view = View {
        x: board_area.x + 1,
        y: board_area.y + 1,
        cell_width: CELL_WIDTH,
        first_row: app.scroll.0,
        first_col: app.scroll.1,
        rows: shown_rows,
        cols: shown_cols,
    };
    app.view = Some(view);

    let line = |y: u16| Rect {
        x: area.x,
        y,
        width: area.width,
        height: 1,
    };
    frame.render_widget(Paragraph::new(info_line(app)), line(area.y));

    let mut block = Block::bordered();
    if !fits {
        block = block.title(format!(
            " rows {}-{} cols {}-{} of {rows}x{cols}; needs {need_w}x{need_h} ",
            view.first_row + 1,
            view.first_row + shown_rows,
            view.first_col + 1,
            view.first_col + shown_cols
        ));
    }
    frame.render_widget(block, board_area);

    let overlay = app.probabilities_shown();
    let hint = app.hint_shown();
    let known = if (overlay || hint) && app.game().status() == Status::Playing {
        app.knowledge().cloned()
    } else {
        None
    };
    let buffer = frame.buffer_mut();
    for r in 0..shown_rows {
        for c in 0..shown_cols {
            let (row, col) = (view.first_row + r, view.first_col + c);
            let i = row * cols + col;
            let (text, style) = cell_look(app.game(), i, known.as_ref(), overlay, hint);
            let x = view.x + c as u16 * CELL_WIDTH;
            let y = view.y + r as u16;
            let mut chars: Vec<char> = text.chars().collect();
            chars.resize(3, ' ');
            let is_cursor = (row, col) == app.cursor();
            for (k, ch) in chars.into_iter().enumerate() {
                let mut s = style;
                let mut ch = ch;
                if is_cursor {
                    if text.starts_with(' ') && text.ends_with(' ') && k != 1 {
                        ch = if k == 0 { '[' } else { ']' };
                        s = Style::new()
                            .fg(Color::Black)
                            .bg(CURSOR_BG)
                            .add_modifier(Modifier::BOLD);
                    } else {
                        s = s.add_modifier(Modifier::REVERSED);
                    }
                }
                buffer[(x + k as u16, y)].set_char(ch).set_style(s);
            }
        }
    }

    let status_y = board_area.y + board_area.height;
    frame.render_widget(Paragraph::new(status_line(app, now)), line(status_y));
    frame.render_widget(
        Paragraph::new(Line::styled(KEYS_LINE, Style::new().fg(Color::DarkGray))),
        line(status_y + 1),
    );
    if let Some(message) = app.message() {
        let first = status_y + 2;
        let room = usize::from((area.y + area.height).saturating_sub(first));
        for (k, text) in wrap(message, usize::from(area.width))
            .into_iter()
            .take(room)
            .enumerate()
        {
            frame.render_widget(Paragraph::new(Line::raw(text)), line(first + k as u16));
        }
    }

    if app.help_shown() {
        draw_help(frame, app, area);
    }
}

/// `text` in lines of at most `width` characters, broken at spaces (a word longer than a line
/// is broken where the line ends).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        if len > 0 && len + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
            len = 0;
        }
        // Here the line is empty or has room for the word.
        while word.len() > width {
            lines.push(word.drain(..width).collect());
        }
        if len > 0 {
            line.push(' ');
            len += 1;
        }
        len += word.len();
        line.extend(word);
    }
    if len > 0 {
        lines.push(line);
    }
    lines
}

/// The first row or column to show so that `cursor` is inside a window of `shown` out of
/// `total`, moving the window as little as possible from `first`.
fn follow(first: usize, cursor: usize, shown: usize, total: usize) -> usize {
    if shown == 0 {
        return 0;
    }
    let mut first = first.min(total.saturating_sub(shown));
    if cursor < first {
        first = cursor;
    } else if cursor >= first + shown {
        first = cursor + 1 - shown;
    }
    first
}

/// The level, seed and rules.
fn info_line(app: &App) -> Line<'static> {
    let s = app.settings();
    let (rows, cols, mines) = s.level.size();
    let level = match s.level {
        BoardLevel::Custom { .. } => format!("{rows}x{cols}/{mines}"),
        level => format!("{level} {rows}x{cols}/{mines}"),
    };
    let rule = s.first_click.word();
    let mut text = format!("{level} · seed {} · first click {rule}", app.seed());
    if s.no_guess {
        match app.opened_for_you() {
            Some((r, c)) => text.push_str(&format!(
                " · no-guess: {} opened for you",
                cell_name(cols, r * cols + c)
            )),
            None => text.push_str(" · no-guess (not found)"),
        }
    }
    Line::styled(text, Style::new().add_modifier(Modifier::BOLD))
}

/// Mine counter, timer, state in words, solver help and best time.
fn status_line(app: &App, now: Instant) -> Line<'static> {
    let game = app.game();
    let sep = || Span::raw(" │ ");
    let (word, colour) = match game.status() {
        Status::Playing => ("playing", Color::Reset),
        Status::Won => ("won", Color::Green),
        Status::Lost { .. } => ("lost", Color::Red),
    };
    let mut spans = vec![
        Span::raw(format!("mines {}", game.mines_left())),
        sep(),
        Span::raw(format!("time {}", format_duration(app.elapsed(now)))),
        sep(),
        Span::styled(word, Style::new().fg(colour).add_modifier(Modifier::BOLD)),
    ];
    if app.helped() {
        spans.push(sep());
        spans.push(Span::styled("helped", Style::new().fg(Color::Magenta)));
    }
    if app.autoplaying() {
        spans.push(Span::raw(" (solver playing)"));
    }
    if !app.question_marks() {
        spans.push(sep());
        spans.push(Span::raw("no ? marks"));
    }
    if let Some(best) = app.best() {
        spans.push(sep());
        spans.push(Span::raw(format!("best {}", format_millis(best.millis))));
    }
    Line::from(spans)
}

/// The three columns of text and the style of cell `i`.
pub fn cell_look(
    game: &Game,
    i: usize,
    known: Option<&Knowledge>,
    overlay: bool,
    hint: bool,
) -> (String, Style) {
    let hidden = Style::new().fg(HIDDEN_FG).bg(HIDDEN_BG);
    let open = Style::new().bg(OPEN_BG);
    let state = game.cells()[i];
    let mine = game.layout().is_some_and(|l| l.mines()[i]);
    match game.status() {
        Status::Lost { hit } if i == hit => {
            return (
                " * ".into(),
                Style::new()
                    .fg(Color::White)
                    .bg(Color::Red)
                    .add_modifier(Modifier::BOLD),
            );
        }
        Status::Lost { .. } => match state {
            CellState::Flagged if !mine => {
                return (
                    " X ".into(),
                    Style::new()
                        .fg(Color::Red)
                        .bg(HIDDEN_BG)
                        .add_modifier(Modifier::BOLD),
                )
            }
            CellState::Hidden | CellState::Questioned if mine => {
                return (
                    " * ".into(),
                    open.fg(Color::Black).add_modifier(Modifier::BOLD),
                )
            }
            _ => {}
        },
        Status::Won if mine => {
            return (
                " ⚑ ".into(),
                hidden.fg(Color::Red).add_modifier(Modifier::BOLD),
            )
        }
        _ => {}
    }
    match state {
        CellState::Open(0) => ("   ".into(), open),
        CellState::Open(n) => (
            format!(" {n} "),
            open.fg(NUMBER_COLOURS[usize::from(n.min(8))])
                .add_modifier(Modifier::BOLD),
        ),
        CellState::Flagged => (
            " ⚑ ".into(),
            hidden.fg(Color::Red).add_modifier(Modifier::BOLD),
        ),
        CellState::Hidden | CellState::Questioned => {
            let (glyph, mut style) = if state == CellState::Questioned {
                (
                    " ? ",
                    hidden.fg(Color::Indexed(229)).add_modifier(Modifier::BOLD),
                )
            } else {
                (" ■ ", hidden)
            };
            if let Some(k) = known {
                if overlay {
                    let p = k.mine_probability.get(i).copied().unwrap_or(0.0);
                    let pct = percent(p);
                    return (
                        overlay_text(pct),
                        Style::new().fg(Color::Black).bg(shade(pct)),
                    );
                }
                if hint && k.safe.contains(&i) {
                    style = style.bg(SAFE_BG).fg(Color::Black);
                } else if hint && k.mines.contains(&i) {
                    style = style.bg(MINE_BG).fg(Color::Black);
                }
            }
            (glyph.into(), style)
        }
    }
}

/// A probability in whole percent, 0 and 100 only when certain.
pub fn percent(p: f64) -> u8 {
    if !p.is_finite() || p <= 0.0 {
        0
    } else if p >= 1.0 {
        100
    } else {
        (p * 100.0).round().clamp(1.0, 99.0) as u8
    }
}

/// The overlay's three columns for a chance in whole percent: ` s ` proved safe, ` x ` proved a
/// mine, else the number in the first two columns (` 5 `, `42 `), so the third column is always
/// blank and neighbouring cells never run together.
pub fn overlay_text(pct: u8) -> String {
    match pct {
        0 => " s ".to_string(),
        100.. => " x ".to_string(),
        _ => format!("{pct:>2} "),
    }
}

/// Green for safe through yellow to red for a mine.
fn shade(pct: u8) -> Color {
    Color::Indexed(match pct {
        0 => 34,
        1..=9 => 114,
        10..=24 => 186,
        25..=49 => 222,
        50..=74 => 215,
        75..=99 => 209,
        _ => 196,
    })
}

/// The help, over the board.
fn draw_help(frame: &mut Frame, app: &App, area: Rect) {
    let s = app.settings();
    let (rows, cols, _) = s.level.size();
    let rule = match s.first_click {
        FirstClick::Safe => "safe: the first click is never a mine",
        FirstClick::Zero => "zero: the first click and its neighbours are mine-free",
    };
    let no_guess = if s.no_guess {
        let (r, c) = app.opened_for_you().unwrap_or((0, 0));
        format!(
            "no-guess: on. Boards are dealt so that the solver finishes them from the first \
             click, which is fixed at {} and opened for you.",
            cell_name(cols, r * cols + c)
        )
    } else {
        "no-guess: off (--no-guess deals boards that never need a guess)".to_string()
    };
    let best = app.best().map_or_else(
        || "none yet".to_string(),
        |b| format!("{} (seed {})", format_millis(b.millis), b.seed),
    );
    let mut lines: Vec<Line> = [
        "Open every cell that is not a mine; a number counts the mines around it.",
        "",
        "arrows, hjkl    move the cursor",
        "space, enter    open (on an open number: chord)",
        "f               flag, then ?, then hidden (m: question marks off/on)",
        "c               chord: open around a number whose mines are all flagged",
        "mouse           left open (on a number: chord), right flag, middle chord",
        "n, r            new game with a new seed; restart this seed",
        "a, A            the solver plays one move; plays to the end (A stops)",
        "t               hint: cells proved safe (green) or mines (red)",
        "p               each unopened cell's % chance of a mine (s safe, x mine)",
        "?, q            this help (any key closes it); quit",
        "",
        "Solver help (a A t p) marks a game as helped: it sets no best time.",
    ]
    .into_iter()
    .map(Line::raw)
    .collect();
    lines.push(Line::raw(format!("First click: {rule}.")));
    lines.push(Line::raw(no_guess));
    lines.push(Line::raw(format!(
        "Board {rows}x{cols}; best time for {}: {best}.",
        app.best_key()
    )));
    let width = area.width.min(78);
    let height = area.height.min(lines.len() as u16 + 4);
    let popup = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" help: any key closes ")),
        popup,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::testing::*;
    use crossterm::event::{KeyCode, MouseButton};
    use ratatui::buffer::Buffer;
    use typesweeper::runtime::game::Game;
    use typesweeper::runtime::layout::Layout;

    /// The screen's text with trailing spaces trimmed, blank lines at the end dropped.
    fn text(buffer: &Buffer) -> Vec<String> {
        let mut out: Vec<String> = lines(buffer)
            .into_iter()
            .map(|l| l.trim_end().to_string())
            .collect();
        while out.last().is_some_and(String::is_empty) {
            out.pop();
        }
        out
    }

    fn style_at(buffer: &Buffer, row: usize, col: usize, k: u16) -> Style {
        let (x, y) = cell_origin(row, col);
        buffer[(x + k, y)].style()
    }

    /// Seed 7's mines (row, col): the board every test below plays.
    const MINES: [(usize, usize); 10] = [
        (0, 3),
        (0, 6),
        (2, 3),
        (3, 3),
        (3, 7),
        (4, 0),
        (4, 7),
        (5, 6),
        (7, 5),
        (7, 6),
    ];

    #[test]
    fn a_fresh_board() {
        let mut app = beginner(7);
        let screen = screen(&mut app, 80, 24, at(0.0));
        let hidden = "│ ■  ■  ■  ■  ■  ■  ■  ■  ■ │";
        let mut expected = vec![
            "beginner 9x9/10 · seed 7 · first click zero",
            "┌───────────────────────────┐",
            hidden,
            "│ ■ [■] ■  ■  ■  ■  ■  ■  ■ │",
        ];
        expected.extend([hidden; 7]);
        expected.extend([
            "└───────────────────────────┘",
            "mines 10 │ time 0.0s │ playing",
            "? help · q quit · arrows/hjkl · space open · f flag · c chord · a A t p solver",
        ]);
        assert_eq!(text(&screen), expected);
        assert_eq!(style_at(&screen, 0, 0, 1).bg, Some(HIDDEN_BG));
        assert_eq!(style_at(&screen, 1, 1, 0).bg, Some(CURSOR_BG));
        assert_eq!(style_at(&screen, 1, 1, 1).bg, Some(HIDDEN_BG));
    }

    #[test]
    fn after_an_opening_numbers_have_their_colours_and_the_clock_runs() {
        let mut app = beginner(7);
        press(&mut app, " ", at(1.0));
        let screen = screen(&mut app, 80, 24, at(3.5));
        assert_eq!(
            text(&screen)[1..=11],
            [
                "┌───────────────────────────┐",
                "│       1  ■  ■  ■  ■  ■  ■ │",
                "│   [ ] 2  ■  ■  ■  ■  ■  ■ │",
                "│       2  ■  ■  ■  ■  ■  ■ │",
                "│ 1  1  2  ■  ■  ■  ■  ■  ■ │",
                "│ ■  ■  ■  ■  ■  ■  ■  ■  ■ │",
                "│ ■  ■  ■  ■  ■  ■  ■  ■  ■ │",
                "│ ■  ■  ■  ■  ■  ■  ■  ■  ■ │",
                "│ ■  ■  ■  ■  ■  ■  ■  ■  ■ │",
                "│ ■  ■  ■  ■  ■  ■  ■  ■  ■ │",
                "└───────────────────────────┘",
            ]
        );
        assert_eq!(text(&screen)[12], "mines 10 │ time 2.5s │ playing");
        for (i, cell) in app.game().cells().iter().enumerate() {
            if let CellState::Open(n) = cell {
                let style = style_at(&screen, i / 9, i % 9, 1);
                assert_eq!(style.bg, Some(OPEN_BG));
                if *n > 0 {
                    assert_eq!(style.fg, Some(NUMBER_COLOURS[usize::from(*n)]), "{n}");
                }
            }
        }
    }

    #[test]
    fn each_number_has_its_classic_colour() {
        // Numbers 1 to 8: the centre of a 3x3 board with that many mines around it.
        let expected = [
            (1, Color::Indexed(21)),  // blue
            (2, Color::Indexed(28)),  // green
            (3, Color::Indexed(160)), // red
            (4, Color::Indexed(18)),  // dark blue
            (5, Color::Indexed(88)),  // maroon
            (6, Color::Indexed(30)),  // teal
            (7, Color::Indexed(16)),  // black
            (8, Color::Indexed(244)), // grey
        ];
        for (n, colour) in expected {
            let mut mines = vec![false; 9];
            for i in [0, 1, 2, 3, 5, 6, 7, 8].into_iter().take(n) {
                mines[i] = true;
            }
            let mut game = Game::with_layout(Layout::from_mines(3, 3, mines).unwrap());
            game.open(1, 1).unwrap();
            let (text, style) = cell_look(&game, 4, None, false, false);
            assert_eq!((text, style.fg), (format!(" {n} "), Some(colour)));
        }
    }

    #[test]
    fn a_won_game_flags_the_mines_stops_the_clock_and_keeps_the_best_time() {
        let mut app = beginner(7);
        press(&mut app, " ", at(0.0));
        win_by_hand(&mut app, at(12.0));
        let screen = screen(&mut app, 80, 24, at(99.0));
        let t = text(&screen);
        assert_eq!(t[12], "mines 10 │ time 12.0s │ won │ best 12.0s");
        assert_eq!(t[13], KEYS_LINE);
        assert_eq!(t[14], "won in 12.0s: a new best time for beginner zero!");
        for (r, c) in MINES {
            assert_eq!(cell_text(&screen, r, c).trim(), "⚑", "R{}C{}", r + 1, c + 1);
        }
        assert!(!t.join("\n").contains('■'), "every safe cell is open");
    }

    #[test]
    fn a_lost_game_shows_the_hit_mine_all_mines_and_wrong_flags() {
        let mut app = beginner(7);
        press(&mut app, " ", at(0.0));
        goto(&mut app, 4, 1); // safe: a wrong flag
        press(&mut app, "f", at(1.0));
        goto(&mut app, 0, 3); // a mine: a right flag
        press(&mut app, "f", at(1.0));
        goto(&mut app, 2, 3);
        press(&mut app, " ", at(4.0));
        let screen = screen(&mut app, 80, 24, at(50.0));
        let t = text(&screen);
        assert_eq!(t[12], "mines 8 │ time 4.0s │ lost");
        assert_eq!(t[13], KEYS_LINE);
        assert_eq!(t[14], "lost: R3C4 was a mine. n new game, r restart");
        // The hit mine is on red (with the cursor's brackets: the cursor is on it).
        assert_eq!(cell_text(&screen, 2, 3), "[*]");
        assert_eq!(style_at(&screen, 2, 3, 1).bg, Some(Color::Red));
        assert_eq!(cell_text(&screen, 4, 1), " X ");
        assert_eq!(style_at(&screen, 4, 1, 1).fg, Some(Color::Red));
        assert_eq!(cell_text(&screen, 0, 3), " ⚑ ", "a right flag stays");
        for (r, c) in MINES.into_iter().filter(|&m| m != (2, 3) && m != (0, 3)) {
            assert_eq!(cell_text(&screen, r, c), " * ", "R{}C{}", r + 1, c + 1);
            assert_ne!(style_at(&screen, r, c, 1).bg, Some(Color::Red));
        }
    }

    #[test]
    fn the_probability_overlay_shows_exact_chances_in_percent() {
        let mut app = beginner(7);
        press(&mut app, " ", at(0.0));
        goto(&mut app, 8, 8);
        press(&mut app, "p", at(0.0));
        assert!(app.helped());
        let screen = screen(&mut app, 80, 24, at(0.0));
        let known = app.knowledge().unwrap().clone();
        let hidden: Vec<usize> = (0..81)
            .filter(|&i| app.game().cells()[i] == CellState::Hidden)
            .collect();
        let total: f64 = hidden.iter().map(|&i| known.mine_probability[i]).sum();
        assert!(
            (total - 10.0).abs() < 1e-9,
            "the chances add up to the mines: {total}"
        );
        for &i in &hidden {
            let shown = cell_text(&screen, i / 9, i % 9);
            let pct = percent(known.mine_probability[i]);
            assert_eq!(shown, overlay_text(pct), "R{}C{}", i / 9 + 1, i % 9 + 1);
        }
        // R3C4 is proved a mine (the 2s beside it), and shows as certain, on red.
        assert_eq!(cell_text(&screen, 2, 3), " x ");
        assert_eq!(style_at(&screen, 2, 3, 1).bg, Some(Color::Indexed(196)));
        // Every row reads as separate cells: the third column of each cell is blank.
        for r in 0..9 {
            for c in (0..9).filter(|&c| (r, c) != app.cursor()) {
                assert_eq!(&cell_text(&screen, r, c)[2..], " ", "R{}C{}", r + 1, c + 1);
            }
        }
        assert_eq!(text(&screen)[6], "│20 80  s 10 11 11 11 11 11 │");
        assert_eq!(text(&screen)[4], "│       2  x 11 11 11 11 11 │");
        // The cursor cell is reversed rather than bracketed.
        assert!(style_at(&screen, 8, 8, 1)
            .add_modifier
            .contains(Modifier::REVERSED));
        // Open cells keep their numbers; p again hides the overlay.
        assert_eq!(cell_text(&screen, 0, 2), " 1 ");
        press(&mut app, "p", at(0.0));
        let screen = super::super::testing::screen(&mut app, 80, 24, at(0.0));
        assert_eq!(cell_text(&screen, 2, 3), " ■ ");
    }

    #[test]
    fn the_hint_highlights_proved_cells_until_the_game_changes() {
        let mut app = beginner(7);
        press(&mut app, " ", at(0.0));
        press(&mut app, "t", at(0.0));
        let screen = screen(&mut app, 80, 24, at(0.0));
        let known = app.knowledge().unwrap().clone();
        assert!(known.mines.contains(&(2 * 9 + 3)), "R3C4 is proved a mine");
        for i in 0..81 {
            let bg = style_at(&screen, i / 9, i % 9, 1).bg;
            if known.safe.contains(&i) {
                assert_eq!(bg, Some(SAFE_BG), "R{}C{}", i / 9 + 1, i % 9 + 1);
            } else if known.mines.contains(&i) {
                assert_eq!(bg, Some(MINE_BG), "R{}C{}", i / 9 + 1, i % 9 + 1);
            } else {
                assert_ne!(bg, Some(SAFE_BG));
                assert_ne!(bg, Some(MINE_BG));
            }
        }
        // The key help stays under the status line; the hint's message goes below it.
        let t = text(&screen);
        assert!(t[12].ends_with("│ helped"));
        assert_eq!(t[13], KEYS_LINE);
        assert_eq!(t[14], "hint: 1 safe cell (green), 1 unflagged mine (red)");

        // Flagging R3C4 changes the game, so every highlight goes, the other cells' too.
        let others: Vec<usize> = known
            .safe
            .iter()
            .chain(&known.mines)
            .copied()
            .filter(|&i| i != 2 * 9 + 3)
            .collect();
        assert!(!others.is_empty());
        goto(&mut app, 2, 3);
        press(&mut app, "f", at(0.0));
        assert_eq!(app.game().cell(2, 3), Ok(CellState::Flagged));
        assert!(!app.hint_shown(), "cleared by the flag");
        let screen = super::super::testing::screen(&mut app, 80, 24, at(0.0));
        for i in others {
            let bg = style_at(&screen, i / 9, i % 9, 1).bg;
            assert_ne!(bg, Some(SAFE_BG), "R{}C{}", i / 9 + 1, i % 9 + 1);
            assert_ne!(bg, Some(MINE_BG), "R{}C{}", i / 9 + 1, i % 9 + 1);
        }
        assert_eq!(text(&screen)[13], KEYS_LINE);
    }

    #[test]
    fn wrap_breaks_at_spaces_and_splits_only_words_longer_than_a_line() {
        assert_eq!(wrap("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(wrap("a bb ccc", 80), ["a bb ccc"]);
        assert_eq!(wrap("abcdefghij k", 4), ["abcd", "efgh", "ij k"]);
        assert_eq!(wrap("ab  cd ", 2), ["ab", "cd"]);
        assert!(wrap("", 10).is_empty());
        assert_eq!(wrap("abc", 0), ["a", "b", "c"]);
    }

    #[test]
    fn a_long_message_wraps_below_the_keys_instead_of_being_cut() {
        let warning = "best times file was corrupt (unknown header); replaced (old copy: \
                       /home/someone/.local/share/typesweeper/best-times.txt.corrupt)";
        let mut app = App::new(
            settings(BoardLevel::Beginner, 7),
            crate::session::best::BestTimes::in_memory(),
            |s| s + 1,
            Some(warning.to_string()),
        )
        .unwrap();
        let t = text(&screen(&mut app, 80, 24, at(0.0)));
        assert_eq!(t[13], KEYS_LINE);
        assert_eq!(
            t[14..],
            [
                "best times file was corrupt (unknown header); replaced (old copy:",
                "/home/someone/.local/share/typesweeper/best-times.txt.corrupt)",
            ]
        );
        // With no line to spare, the first line of the message is what fits.
        let t = text(&screen(&mut app, 80, 15, at(0.0)));
        assert_eq!(t.len(), 15);
        assert_eq!(t[13], KEYS_LINE);
        assert_eq!(
            t[14],
            "best times file was corrupt (unknown header); replaced (old copy:"
        );
    }

    #[test]
    fn the_help_screen_lists_the_keys_and_fits_80x24() {
        let mut app = beginner(7);
        press(&mut app, "?", at(0.0));
        let t = text(&screen(&mut app, 80, 24, at(0.0))).join("\n");
        for needle in [
            " help: any key closes ",
            "space, enter    open (on an open number: chord)",
            "f               flag, then ?, then hidden (m: question marks off/on)",
            "a, A            the solver plays one move; plays to the end (A stops)",
            "p               each unopened cell's % chance of a mine (s safe, x mine)",
            "Solver help (a A t p) marks a game as helped: it sets no best time.",
            "no-guess: off",
            "Board 9x9; best time for beginner zero: none yet.",
        ] {
            assert!(t.contains(needle), "{needle:?} missing from\n{t}");
        }
        app.handle(&key(KeyCode::Esc), at(0.0));
        let t = text(&screen(&mut app, 80, 24, at(0.0))).join("\n");
        assert!(!t.contains("help: any key closes"));
    }

    #[test]
    fn a_too_small_terminal_says_what_it_needs() {
        let mut app = beginner(7);
        let t = text(&screen(&mut app, 20, 5, at(0.0))).join(" ");
        assert!(t.contains("Terminal too small (20x5)"), "{t}");
        assert!(t.contains("at least 24x7"), "{t}");
        assert!(t.contains("29x15"), "{t}");
        assert_eq!(app.view, None);
        app.handle(&click(MouseButton::Left, 4, 2), at(0.0));
        assert_eq!(app.game().opened(), 0, "no board drawn, no click on it");
        for (w, h) in [(0, 0), (1, 1), (23, 30), (200, 6)] {
            screen(&mut app, w, h, at(0.0));
            assert_eq!(app.view, None, "{w}x{h}");
        }
        // The smallest screen shows one row of the board, the cursor's, and the keys.
        let t = text(&screen(&mut app, 24, 7, at(0.0)));
        assert_eq!(app.view.map(|v| (v.rows, v.cols)), Some((1, 7)));
        assert_eq!(t[2], "│ ■ [■] ■  ■  ■  ■  ■ │");
        assert!(t[5].starts_with("? help · q quit"), "{t:?}");
    }

    #[test]
    fn intermediate_fits_80x24_and_expert_scrolls_with_the_cursor() {
        let mut app = app_with(settings(BoardLevel::Intermediate, 3));
        let t = text(&screen(&mut app, 80, 24, at(0.0)));
        assert_eq!(t.len(), 21);
        assert_eq!(t[1], format!("┌{}┐", "─".repeat(48)));
        assert_eq!(t[18], format!("└{}┘", "─".repeat(48)));

        let mut app = app_with(settings(BoardLevel::Expert, 3));
        let t = text(&screen(&mut app, 80, 24, at(0.0)));
        assert!(
            t[1].contains(" rows 1-16 cols 1-26 of 16x30; needs 92x22 "),
            "{}",
            t[1]
        );
        assert_eq!(needed_size(16, 30), (92, 22));
        for _ in 0..40 {
            app.handle(&key(KeyCode::Right), at(0.0));
        }
        let screen = screen(&mut app, 80, 24, at(0.0));
        let t = text(&screen);
        assert!(t[1].contains(" rows 1-16 cols 5-30 of 16x30"), "{}", t[1]);
        assert_eq!(app.cursor(), (2, 29));
        // The cursor's cell is the last one shown; a click on the first shown is column 5.
        let (x, y) = cell_origin(2, 25);
        assert_eq!(screen[(x, y)].symbol(), "[");
        let (x, y) = cell_origin(2, 0);
        app.handle(&click(MouseButton::Left, x + 1, y), at(0.0));
        assert_eq!(app.cursor(), (2, 4));
        assert!(app.game().opened() > 0);
    }
}
