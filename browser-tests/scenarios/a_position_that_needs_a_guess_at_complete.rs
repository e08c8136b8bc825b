//! The scenario `a_position_that_needs_a_guess_at_complete`: where `level: complete` stops, in
//! the compile-time view and the export.

use std::path::PathBuf;
use std::time::Duration;

use fantoccini::Client;
use typesweeper::runtime::compile_view::compile_view;
use typesweeper::runtime::game::{Config, Game};
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::layout::FirstClick;
use typesweeper::runtime::pairs;

use crate::harness::browser_test;
use crate::page::{
    click, compile_view_rows, intermediate_opened, js, screenshot, select, wait_js_for,
};

browser_test!(
    /// A position that needs a guess with most of the board undecided: the compile-time view
    /// names the cell `level: complete` stops at, and the export at that level is its
    /// compile-fail case.
    a_position_that_needs_a_guess_at_complete
);

async fn play(c: Client, url: String, _work: PathBuf) {
    // The first intermediate deal whose opening at R2C2 needs a guess with over 40 cells
    // undecided by `pairs` (where the level's former search refused the position).
    let config = Config::new(16, 16, 40, FirstClick::Zero);
    let (seed, puzzle, answer) = (0..200)
        .find_map(|seed| {
            let mut game = Game::new(config, seed).unwrap();
            game.open(1, 1).unwrap();
            let (puzzle, answer) = (game.visible(), game.answer().unwrap());
            let left = pairs::undecided_cells(&puzzle, &answer).unwrap().len();
            (left > 40 && !Level::Complete.solves(&puzzle, &answer))
                .then_some((seed, puzzle, answer))
        })
        .expect("such a deal");
    intermediate_opened(&c, &url, seed).await;
    let view = compile_view(&puzzle, &answer).unwrap();
    let first = view.complete.first_undecided.expect("it needs a guess");
    let rows = compile_view_rows(&c).await;
    let said = format!(
        "finishes no ({}) · first undecided {first}",
        view.complete.expect
    );
    assert!(rows[2].contains(&said), "{:?} should say {said:?}", rows[2]);
    select(&c, "#export-level", "complete").await;
    click(&c, "#export").await;
    wait_js_for(
        &c,
        "the export",
        Duration::from_secs(60),
        "document.querySelectorAll('#export-out pre').length > 0",
    )
    .await;
    let shown = js(
        &c,
        "[...document.querySelectorAll('#export-out .file pre')].map((p) => p.textContent).join('\\n')",
    )
    .await;
    let shown = shown.as_str().unwrap();
    let error = format!("error[E0277]: the rules cannot decide cell {first}");
    assert!(shown.contains(&error), "the export should hold {error:?}");
    screenshot(&c, "intermediate-guess-at-complete.png").await;
}
