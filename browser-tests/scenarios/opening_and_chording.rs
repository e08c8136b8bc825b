//! The scenario `opening_and_chording`: opening an area, chording by left and middle click, a lost
//! game, a no-guess board.

use std::path::PathBuf;
use std::time::Duration;

use fantoccini::actions::MOUSE_BUTTON_MIDDLE;
use fantoccini::Client;
use typesweeper::runtime::game::CellState;

use crate::harness::browser_test;
use crate::page::{
    beginner, chordable, click, click_cell, dom, is_mine, mouse_on_cell, right_click_to,
    screenshot, text_of, wait_board, wait_dom, wait_js_for, BEGINNER_SEED, FIRST,
};

browser_test!(
    /// A left click opens an area; a left click on a number whose flags match chords, and so
    /// does a middle click; a lost game shows the mine hit, every mine and the wrong flag; a
    /// no-guess board opens already played.
    opening_and_chording
);

async fn play(c: Client, url: String, _work: PathBuf) {
    let mut game = beginner(&c, &url, BEGINNER_SEED).await;

    // The first click opens an area: the mirror's board exactly.
    click_cell(&c, FIRST.0, FIRST.1).await;
    game.open(FIRST.0, FIRST.1).unwrap();
    let d = wait_board(&c, "the first click to open an area", &game).await;
    assert!(d.state(FIRST.0, FIRST.1) == '0' && d.has_class(40, "open"));
    assert!(d.states.iter().filter(|s| s.is_ascii_digit()).count() > 9);

    // A left click on a number whose mines are flagged chords: its other hidden neighbours
    // open.
    let (number, mines) = chordable(&game).expect("a number to chord");
    for &m in &mines {
        let (r, col) = (m / 9, m % 9);
        if game.cells()[m] != CellState::Flagged {
            right_click_to(&c, r, col, 'F').await;
            game.mark(r, col).unwrap();
        }
    }
    let (nr, nc) = (number / 9, number % 9);
    click_cell(&c, nr, nc).await;
    game.chord(nr, nc).unwrap();
    wait_board(&c, "a left click on a number to chord", &game).await;

    // A middle click chords too.
    let (number, mines) = chordable(&game).expect("a second number to chord");
    for &m in &mines {
        let (r, col) = (m / 9, m % 9);
        if game.cells()[m] != CellState::Flagged {
            right_click_to(&c, r, col, 'F').await;
            game.mark(r, col).unwrap();
        }
    }
    let (nr, nc) = (number / 9, number % 9);
    mouse_on_cell(&c, nr, nc, MOUSE_BUTTON_MIDDLE, None).await;
    game.chord(nr, nc).unwrap();
    wait_board(&c, "a middle click on a number to chord", &game).await;
    screenshot(&c, "beginner.png").await;

    // A lost game: a wrong flag, then a click on a mine. The page shows the mine hit, the
    // other mines, and the wrong flag crossed out.
    let cells = game.cells().to_vec();
    let wrong = (0..81)
        .find(|&i| cells[i] == CellState::Hidden && !is_mine(&game, i))
        .expect("a hidden safe cell");
    let boom = (0..81)
        .find(|&i| cells[i] == CellState::Hidden && is_mine(&game, i))
        .expect("a hidden mine");
    right_click_to(&c, wrong / 9, wrong % 9, 'F').await;
    click_cell(&c, boom / 9, boom % 9).await;
    let d = wait_dom(&c, "the game to be lost", |d| d.status == "lost").await;
    assert_eq!(text_of(&c, "#status").await, "lost");
    assert!(
        d.states[boom] == 'X' && d.has_class(boom, "hit"),
        "the mine hit: {:?} {}",
        d.states[boom],
        d.classes[boom]
    );
    assert!(
        d.states[wrong] == 'W' && d.has_class(wrong, "wrong"),
        "the wrong flag: {:?} {}",
        d.states[wrong],
        d.classes[wrong]
    );
    for i in 0..81 {
        if is_mine(&game, i) {
            assert!(
                matches!(d.states[i], 'X' | '*' | 'F'),
                "mine {i} shows {}",
                d.states[i]
            );
        }
    }
    assert_eq!(
        d.labels[boom],
        format!("R{}C{}, mine, hit", boom / 9 + 1, boom % 9 + 1)
    );
    screenshot(&c, "beginner-lost.png").await;

    // A no-guess board is dealt with its first click made: it opens already played, at the
    // cell the line under the board names.
    click(&c, "#no-guess").await;
    wait_js_for(
        &c,
        "a no-guess board",
        Duration::from_secs(60),
        "document.getElementById('info').textContent.includes('was opened for you')",
    )
    .await;
    let d = dom(&c).await;
    assert_eq!(d.status, "playing");
    let info = text_of(&c, "#info").await;
    let opened = (0..81)
        .find(|&i| info.contains(&format!("R{}C{} was opened", i / 9 + 1, i % 9 + 1)))
        .unwrap_or_else(|| panic!("no cell named in {info:?}"));
    assert!(d.states[opened].is_ascii_digit(), "{info}: {}", d.board());
    click(&c, "#no-guess").await;
    wait_dom(&c, "an ordinary board again", |d| {
        d.states.iter().all(|&s| s == '.')
    })
    .await;
}
