//! The scenario `keyboard_use`: the page by keyboard alone.

use std::path::PathBuf;
use std::time::Duration;

use fantoccini::Client;
use serde_json::json;
use typesweeper::runtime::game::CellState;

use crate::harness::browser_test;
use crate::page::{
    beginner, chordable, cursor_to, dom, focus, is_mine, js, open_page, press, press_shifted,
    screenshot, wait_board, wait_js, wait_level, BEGINNER_SEED, DOWN, END, ENTER, ESCAPE, FIRST,
    HOME, LEFT, RIGHT, SPACE, TAB, UP,
};

browser_test!(
    /// The page by keyboard alone: Tab order with the board one stop, buttons and lists keep
    /// their keys, the grid's rows and named cells, the arrow keys and the game's keys.
    keyboard_use
);

async fn play(c: Client, url: String, _work: PathBuf) {
    // Tab from the top of a fresh page: every control of the top bar, the face, then the
    // board, one stop.
    open_page(&c, &url).await;
    let mut stops = Vec::new();
    loop {
        press(&c, TAB).await;
        let at = focus(&c).await;
        stops.push(at.clone());
        if at.starts_with("cell") {
            break;
        }
        assert!(stops.len() < 30, "Tab never reaches the board: {stops:?}");
    }
    assert_eq!(
        stops,
        [
            "#level",
            "#first-click",
            "#no-guess",
            "#seed",
            "#new-game",
            "#restart",
            "#marks",
            "#flag-mode",
            "#help-button",
            "#face",
            "cell R1C1"
        ]
    );
    press(&c, TAB).await;
    assert_eq!(focus(&c).await, "#ai-move", "the board is one tab stop");
    press_shifted(&c, TAB).await;
    assert_eq!(focus(&c).await, "cell R1C1");
    let d = dom(&c).await;
    assert!(
        d.has_class(0, "cursor"),
        "the focused cell shows the cursor"
    );
    assert_eq!(d.labels[0], "R1C1, hidden");

    let mut game = beginner(&c, &url, BEGINNER_SEED).await;

    // The board is a grid of rows of cells, with one cell in the tab order.
    let shape = js(
        &c,
        "(() => { const b = document.getElementById('board'); \
           const rows = [...b.children]; \
           return [b.getAttribute('role'), \
                   rows.every((r) => r.getAttribute('role') === 'row'), rows.length, \
                   rows.every((r) => r.children.length === 9 && \
                     [...r.children].every((c) => c.getAttribute('role') === 'gridcell')), \
                   b.querySelectorAll('[tabindex=\"0\"]').length, \
                   b.querySelectorAll('[tabindex=\"-1\"]').length]; })()",
    )
    .await;
    assert_eq!(
        shape,
        json!(["grid", true, 9, true, 1, 80]),
        "the grid's shape"
    );

    // Back to the board from the New game button (Tab order).
    while !focus(&c).await.starts_with("cell") {
        press(&c, TAB).await;
    }
    assert_eq!(focus(&c).await, "cell R1C1");

    // Arrows move the focus; Space opens; the cell's name says what it shows.
    press(&c, RIGHT).await;
    assert_eq!(focus(&c).await, "cell R1C2");
    assert_eq!(dom(&c).await.labels[1], "R1C2, hidden");
    for key in [DOWN, DOWN, DOWN, DOWN, RIGHT, RIGHT, RIGHT, LEFT, RIGHT] {
        press(&c, key).await;
    }
    assert_eq!(focus(&c).await, "cell R5C5");
    // Home and End: the row's ends; h j k l as the arrows.
    press(&c, HOME).await;
    assert_eq!(focus(&c).await, "cell R5C1");
    press(&c, END).await;
    assert_eq!(focus(&c).await, "cell R5C9");
    for key in ['h', 'h', 'h', 'k', 'j', 'h'] {
        press(&c, key).await;
    }
    assert_eq!(focus(&c).await, "cell R5C5");
    press(&c, SPACE).await;
    game.open(FIRST.0, FIRST.1).unwrap();
    let d = wait_board(&c, "Space to open", &game).await;
    assert_eq!(d.labels[40], "R5C5, blank");
    assert_eq!(d.focused, Some(40), "the focus stays on the cell opened");
    let number = (0..81)
        .find(|&i| d.states[i] > '0' && d.states[i] <= '8')
        .unwrap();
    assert_eq!(
        d.labels[number],
        format!(
            "R{}C{}, {}",
            number / 9 + 1,
            number % 9 + 1,
            d.states[number]
        )
    );

    // f flags the cursor's cell; c on a number whose mines are flagged chords.
    let (number, mines) = chordable(&game).expect("a number to chord");
    for &m in &mines {
        if game.cells()[m] == CellState::Flagged {
            continue;
        }
        cursor_to(&c, m).await;
        press(&c, 'f').await;
        game.mark(m / 9, m % 9).unwrap();
        let d = wait_board(&c, "f to flag", &game).await;
        assert_eq!(
            d.labels[m],
            format!("R{}C{}, flagged", m / 9 + 1, m % 9 + 1)
        );
    }
    cursor_to(&c, number).await;
    press(&c, 'c').await;
    game.chord(number / 9, number % 9).unwrap();
    wait_board(&c, "c to chord", &game).await;
    // Enter opens too.
    let safe = (0..81)
        .find(|&i| game.cells()[i] == CellState::Hidden && !is_mine(&game, i))
        .unwrap();
    cursor_to(&c, safe).await;
    press(&c, ENTER).await;
    game.open(safe / 9, safe % 9).unwrap();
    let before = wait_board(&c, "Enter to open", &game).await;

    // Buttons keep Enter and Space (the cursor is on a hidden cell, which they once
    // opened), and the game's keys do nothing there.
    let hidden = (0..81)
        .find(|&i| game.cells()[i] == CellState::Hidden && !is_mine(&game, i))
        .unwrap();
    cursor_to(&c, hidden).await;
    for _ in 0..3 {
        press(&c, TAB).await;
    }
    assert_eq!(focus(&c).await, "#hint");
    let pressed = "document.getElementById('hint').getAttribute('aria-pressed')";
    press(&c, ENTER).await;
    wait_js(&c, "Enter to press Hint", &format!("{pressed} === 'true'")).await;
    press(&c, SPACE).await;
    wait_js(
        &c,
        "Space to press Hint again",
        &format!("{pressed} === 'false'"),
    )
    .await;
    for key in ['n', 'a', 'f'] {
        press(&c, key).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = dom(&c).await;
    assert_eq!(focus(&c).await, "#hint", "the button keeps the focus");
    assert_eq!(
        (after.game.as_str(), after.board()),
        (before.game.as_str(), before.board()),
        "keys on a button played the board"
    );

    // A list changed by keyboard keeps the focus: the arrow deals the level it shows.
    js(
        &c,
        "(() => { document.getElementById('level').focus(); return true; })()",
    )
    .await;
    press(&c, DOWN).await;
    wait_level(&c, "intermediate").await;
    assert_eq!(focus(&c).await, "#level", "the level list keeps the focus");
    press(&c, UP).await;
    wait_level(&c, "beginner").await;
    assert_eq!(focus(&c).await, "#level");

    // Help from the board: ? opens it with the focus, Escape closes it and gives the focus
    // back.
    js(
        &c,
        "(() => { document.querySelector('#board [tabindex=\"0\"]').focus(); return true; })()",
    )
    .await;
    let cell = focus(&c).await;
    assert!(cell.starts_with("cell"), "{cell}");
    press(&c, '?').await;
    wait_js(&c, "the help", "!document.getElementById('help').hidden").await;
    assert_eq!(focus(&c).await, "#help-dialog");
    press(&c, ESCAPE).await;
    wait_js(
        &c,
        "the help to close",
        "document.getElementById('help').hidden",
    )
    .await;
    assert_eq!(focus(&c).await, cell);
    screenshot(&c, "beginner-keyboard.png").await;
}
