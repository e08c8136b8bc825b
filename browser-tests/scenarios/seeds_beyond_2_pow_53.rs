//! The scenario `seeds_beyond_2_pow_53`: a seed above 2^53, shown, kept and dealt exactly.

use std::path::PathBuf;

use fantoccini::Client;

use crate::harness::browser_test;
use crate::page::{beginner, click, click_cell, js_str, text_of, wait_board, wait_dom, FIRST};

browser_test!(
    /// A seed above 2^53 is shown, kept and dealt exactly.
    seeds_beyond_2_pow_53
);

async fn play(c: Client, url: String, _work: PathBuf) {
    // 2^64 - 59: as a JavaScript number it would read 18446744073709551616.
    let seed: u64 = 18_446_744_073_709_551_557;
    let mut game = beginner(&c, &url, seed).await;
    let text = seed.to_string();
    assert_eq!(text_of(&c, "#seed-shown").await, text);
    assert_eq!(
        js_str(&c, "document.getElementById('seed').value").await,
        text
    );
    click_cell(&c, FIRST.0, FIRST.1).await;
    game.open(FIRST.0, FIRST.1).unwrap();
    wait_board(&c, "the first click on that seed's board", &game).await;
    // Restart keeps it; a new game from the field shows it as typed.
    click(&c, "#restart").await;
    wait_dom(&c, "the restart", |d| d.states.iter().all(|&s| s == '.')).await;
    assert_eq!(text_of(&c, "#seed-shown").await, text);
    assert_eq!(
        js_str(&c, "document.getElementById('seed').value").await,
        text
    );
    click_cell(&c, FIRST.0, FIRST.1).await;
    wait_board(&c, "the same board after restart", &game).await;
}
