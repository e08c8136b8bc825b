//! Drawing the play screen: an information line, the board (scrolled so the cursor stays in
//! view), a status line and a message line; the help on top when asked for.
//!
//! Each cell is three columns wide: the glyph in the middle, the cursor's `[` `]` on either
//! side. Glyphs: `■` hidden, blank for an open 0, the number (classic colours: 1 blue, 2 green,
//! 3 red, 4 navy, 5 maroon, 6 teal, 7 black, 8 grey) on light grey, `⚑` flag, `?` question
//! mark, `*` mine, `X` wrong flag; the mine that was hit is on red. The probability overlay
//! shows each unopened cell's chance of being a mine in percent (0 and 100 only when proved),
//! shaded green to red.

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
use super::solver::Knowledge;

/// Screen columns per cell.
pub const CELL_WIDTH: u16 = 3;
/// The smallest terminal the game draws in (one row and a few columns of board, scrolled).
pub const MIN_SIZE: (u16, u16) = (24, 6);
/// Lines besides the board: information, status, message.
const CHROME_LINES: u16 = 3;

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
    let message = app.message().map_or_else(
        || {
            Line::styled(
                "? help · q quit · arrows/hjkl move · space open · f flag · c chord · a A t p solver",
                Style::new().fg(Color::DarkGray),
            )
        },
        |m| Line::raw(m.to_string()),
    );
    frame.render_widget(Paragraph::new(message), line(status_y + 1));

    if app.help_shown() {
        draw_help(frame, app, area);
    }
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
    let rule = match s.first_click {
        FirstClick::Safe => "safe",
        FirstClick::Zero => "zero",
    };
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
                        format!("{pct:>3}"),
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
        "p               each unopened cell's chance of a mine, in percent",
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
