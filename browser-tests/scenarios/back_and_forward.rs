//! The scenario `back_and_forward`: the page after the browser's Back and Forward.

use std::path::PathBuf;

use fantoccini::Client;
use serde_json::json;
use typesweeper::runtime::game::CellState;

use crate::harness::browser_test;
use crate::page::{
    beginner, click_cell, is_mine, js, shown, wait_board, wait_dom, wait_js, BEGINNER_SEED, FIRST,
};

browser_test!(
    /// Back and Forward: the page restored from the browser's cache plays on, or deals anew with
    /// a message when its game is gone.
    back_and_forward
);

async fn play(c: Client, url: String, _work: PathBuf) {
    let mut game = beginner(&c, &url, BEGINNER_SEED).await;
    click_cell(&c, FIRST.0, FIRST.1).await;
    game.open(FIRST.0, FIRST.1).unwrap();
    let d = wait_board(&c, "the first click", &game).await;
    let id = d.game.clone();

    // Away and Back: the page comes back from the browser's cache with its game alive.
    js(&c, "(() => { window.leftOnce = true; return true; })()").await;
    c.goto(&format!("{url}api/limits")).await.unwrap();
    c.back().await.unwrap();
    wait_js(
        &c,
        "the page restored from the back/forward cache (its script's state kept)",
        "document.getElementById('board') !== null && window.leftOnce === true",
    )
    .await;
    let d = wait_dom(&c, "the same game", |d| d.game == id).await;
    assert_eq!(d.board(), shown(&game));
    let safe = (0..81)
        .find(|&i| game.cells()[i] == CellState::Hidden && !is_mine(&game, i))
        .unwrap();
    click_cell(&c, safe / 9, safe % 9).await;
    game.open(safe / 9, safe % 9).unwrap();
    wait_board(&c, "a click after Back to play on", &game).await;

    // Forward, the game ended meanwhile (as an idle game is), and Back: a new game, said.
    c.forward().await.unwrap();
    let gone = js(
        &c,
        &format!("fetch('/api/games/{id}', {{method: 'DELETE'}}).then((r) => r.status)"),
    )
    .await;
    assert_eq!(gone, json!(204));
    c.back().await.unwrap();
    let d = wait_dom(&c, "a new game after Back", |d| {
        !d.game.is_empty() && d.game != id && d.message.contains("gone")
    })
    .await;
    assert!(d.states.iter().all(|&s| s == '.'), "{}", d.board());
    assert_eq!(d.status, "playing");
    click_cell(&c, FIRST.0, FIRST.1).await;
    wait_dom(&c, "the new game to play", |d| {
        d.state(FIRST.0, FIRST.1) == '0'
    })
    .await;
}
