//! The scenario `hint_and_why`: the Hint overlay, and why a cell is safe or a mine (shift+click, w).

use std::path::PathBuf;

use fantoccini::actions::MOUSE_BUTTON_LEFT;
use fantoccini::Client;
use serde_json::Value;

use crate::harness::browser_test;
use crate::page::{
    beginner, cell_css, click, click_cell, cursor_to, dom, focus, is_mine, js, js_str,
    mouse_on_cell, press, screenshot, text_of, wait_board, wait_dom, wait_js, BEGINNER_SEED,
    ESCAPE, FIRST, SHIFT,
};

browser_test!(
    /// With Hint on a click still opens; shift+click and the w key tell why; hints differ by
    /// shape, not only colour.
    hint_and_why
);

async fn play(c: Client, url: String, _work: PathBuf) {
    let mut game = beginner(&c, &url, BEGINNER_SEED).await;
    click_cell(&c, FIRST.0, FIRST.1).await;
    game.open(FIRST.0, FIRST.1).unwrap();
    wait_board(&c, "the first click", &game).await;

    // The hint: what it marks is right, and safe and mine marks differ by shape (their
    // images) and in words, not only by colour.
    click(&c, "#hint").await;
    let d = wait_dom(&c, "the hint", |d| {
        !d.with_class("hint-safe").is_empty() && !d.with_class("hint-mine").is_empty()
    })
    .await;
    for i in d.with_class("hint-safe") {
        assert!(!is_mine(&game, i), "cell {i} is marked safe but is a mine");
        assert!(d.labels[i].ends_with(", proved safe"), "{}", d.labels[i]);
    }
    for i in d.with_class("hint-mine") {
        assert!(is_mine(&game, i), "cell {i} is marked a mine but is safe");
        assert!(d.labels[i].ends_with(", proved mine"), "{}", d.labels[i]);
    }
    let image = |i: usize| {
        let (r, col) = d.at(i);
        format!(
            "getComputedStyle(document.querySelector(\"{}\")).backgroundImage",
            cell_css(r, col)
        )
    };
    let safe_look = js_str(&c, &image(d.with_class("hint-safe")[0])).await;
    let mine_look = js_str(&c, &image(d.with_class("hint-mine")[0])).await;
    assert!(
        safe_look.contains("svg") && mine_look.contains("svg") && safe_look != mine_look,
        "a proved safe cell and a proved mine look alike but for colour: {safe_look} / {mine_look}"
    );
    assert!(text_of(&c, "#solver-note").await.contains("Shift+click"));
    screenshot(&c, "beginner-hint.png").await;

    // Shift+click on a proved mine: why, and the cell stays as it was.
    let mine = *d
        .with_class("hint-mine")
        .iter()
        .find(|&&i| d.states[i] == '.')
        .expect("a hidden proved mine");
    let (mr, mc) = d.at(mine);
    mouse_on_cell(&c, mr, mc, MOUSE_BUTTON_LEFT, Some(SHIFT)).await;
    wait_js(
        &c,
        "the explanation",
        "!document.getElementById('why').hidden && \
         document.getElementById('why-lines').children.length > 0",
    )
    .await;
    let name = format!("R{}C{}", mr + 1, mc + 1);
    assert_eq!(text_of(&c, "#why-verdict").await, "mine");
    assert_eq!(text_of(&c, "#why-cell").await, name);
    let d = dom(&c).await;
    assert_eq!(
        d.states[mine], '.',
        "a shift+click on a hidden mine opened it"
    );
    assert!(d.has_class(mine, "explained") && d.labels[mine].ends_with(", explained"));
    assert!(
        d.message.starts_with(&format!("Why {name}: mine")),
        "the message line: {:?}",
        d.message
    );
    assert!(js(&c, "!document.getElementById('helped').hidden").await == Value::Bool(true));
    screenshot(&c, "beginner-why.png").await;

    // With the hint on, a click on a proved safe cell opens it.
    let safe = *d
        .with_class("hint-safe")
        .iter()
        .find(|&&i| d.states[i] == '.')
        .expect("a hidden proved safe cell");
    let (sr, sc) = d.at(safe);
    click_cell(&c, sr, sc).await;
    game.open(sr, sc).unwrap();
    wait_board(&c, "a click on a proved safe cell to open it", &game).await;
    wait_js(
        &c,
        "the Why panel to close",
        "document.getElementById('why').hidden",
    )
    .await;

    // w on the board's cursor: the hint again (t), the cursor to a proved mine, w.
    press(&c, 't').await;
    let d = wait_dom(&c, "the hint again", |d| {
        !d.with_class("hint-mine").is_empty()
    })
    .await;
    let mine = *d
        .with_class("hint-mine")
        .iter()
        .find(|&&i| d.states[i] == '.')
        .expect("a hidden proved mine");
    cursor_to(&c, mine).await;
    press(&c, 'w').await;
    let (mr, mc) = d.at(mine);
    wait_js(
        &c,
        "w to explain",
        &format!(
            "!document.getElementById('why').hidden && \
             document.getElementById('why-cell').textContent === 'R{}C{}'",
            mr + 1,
            mc + 1
        ),
    )
    .await;
    assert_eq!(text_of(&c, "#why-verdict").await, "mine");
    assert_eq!(dom(&c).await.states[mine], '.');
    // Escape closes it; the focus stays on the board.
    press(&c, ESCAPE).await;
    wait_js(
        &c,
        "Escape to close why",
        "document.getElementById('why').hidden",
    )
    .await;
    assert_eq!(focus(&c).await, format!("cell R{}C{}", mr + 1, mc + 1));
}
