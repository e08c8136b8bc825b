//! The scenario `large_boards_and_overlays`: board sizes and scrolling, and the probability
//! figures with every overlay on (the figures' check is this module's).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::json;
use typesweeper::runtime::game::{Config, Game};
use typesweeper::runtime::layout::FirstClick;

use crate::harness::{browser_test, WINDOW};
use crate::page::{
    board_fits, click, click_cell, dom, js, new_game_with_seed, open_page, press, screenshot,
    select, text_of, wait_board, wait_dom, wait_dom_for, wait_js, wait_level, Dom, BEGINNER_SEED,
    ESCAPE, FIRST,
};

browser_test!(
    /// Large boards scroll, expert fits; at every level the probability figures fit their cells
    /// clear of the overlay's dots, with the hint on.
    large_boards_and_overlays
);

async fn play(c: Client, url: String, _work: PathBuf) {
    open_page(&c, &url).await;
    select(&c, "#first-click", "zero").await;

    // The limits, as the server states them.
    select(&c, "#level", "custom").await;
    let limits = js(&c, "fetch('/api/limits').then((r) => r.json())").await;
    let want = format!("up to {} × {}", limits["max_rows"], limits["max_cols"]);
    assert!(limits["max_rows"].as_u64().unwrap() >= 60, "{limits}");
    assert_eq!(text_of(&c, "#limits").await, want);

    // A custom board larger than the window scrolls, its cells still readable.
    for (id, value) in [
        ("#custom-rows", "60"),
        ("#custom-cols", "100"),
        ("#custom-mines", "900"),
    ] {
        let field = c.find(Locator::Css(id)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(value).await.unwrap();
    }
    click(&c, "#new-game").await;
    wait_level(&c, "60x100/900").await;
    let (fits, cell) = board_fits(&c).await;
    assert!(!fits, "a 60x100 board scrolls");
    assert!(cell >= 22.0, "custom cells are {cell} px");
    let seed: u64 = dom(&c).await.seed.parse().unwrap();
    click_cell(&c, 30, 50).await;
    let mut game = Game::new(Config::new(60, 100, 900, FirstClick::Zero), seed).unwrap();
    game.open(30, 50).unwrap();
    wait_board(&c, "the custom first click", &game).await;
    let shape = js(
        &c,
        "[document.querySelectorAll('#board > [role=row]').length, \
          document.querySelectorAll('#board [tabindex=\"0\"]').length]",
    )
    .await;
    assert_eq!(shape, json!([60, 1]));
    screenshot(&c, "custom-large.png").await;

    // Expert fits the window, and a 1280x800 one, with cells still readable.
    select(&c, "#level", "expert").await;
    wait_level(&c, "expert").await;
    let (fits, cell) = board_fits(&c).await;
    assert!(fits, "expert scrolls in a {}x{} window", WINDOW.0, WINDOW.1);
    assert!(cell >= 22.0, "expert cells are {cell} px");
    c.set_window_size(1280, 800).await.unwrap();
    let start = Instant::now();
    loop {
        let (fits, cell) = board_fits(&c).await;
        if fits && cell >= 22.0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "expert in a 1280x800 window: fits {fits}, cells {cell} px"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    screenshot(&c, "expert-1280.png").await;
    c.set_window_size(WINDOW.0, WINDOW.1).await.unwrap();

    // Every level with the probabilities, the hint and the overlay on.
    overlays_at(&c, "beginner", BEGINNER_SEED, FIRST, 0).await;
    overlays_at(&c, "intermediate", 11, (1, 1), 6).await;
    overlays_at(&c, "expert", 17, (7, 14), 30).await;
}

/// Per cell showing a chance: its figure, whether the figure lies inside the cell's border,
/// and whether it is clear of the overlay's dot (true without one).
const FIGURES: &str = "(() => [...document.querySelectorAll('#board .cell.prob')].map((cell) => {
  const box = cell.getBoundingClientRect();
  const st = getComputedStyle(cell);
  const inner = {
    left: box.left + parseFloat(st.borderLeftWidth), right: box.right - parseFloat(st.borderRightWidth),
    top: box.top + parseFloat(st.borderTopWidth), bottom: box.bottom - parseFloat(st.borderBottomWidth),
  };
  const range = document.createRange();
  range.selectNodeContents(cell);
  const t = range.getBoundingClientRect();
  const inside = t.left >= inner.left - 0.5 && t.right <= inner.right + 0.5 &&
    t.top >= inner.top - 0.5 && t.bottom <= inner.bottom + 0.5;
  let clear = true;
  let dotted = false;
  if (cell.matches('.lvl-safe, .lvl-mine')) {
    dotted = true;
    const a = getComputedStyle(cell, '::after');
    const px = (v, of) => v.endsWith('%') ? parseFloat(v) / 100 * of : parseFloat(v);
    const w = inner.right - inner.left, h = inner.bottom - inner.top;
    const dw = px(a.width, w) + parseFloat(a.borderLeftWidth) + parseFloat(a.borderRightWidth);
    const dh = px(a.height, h) + parseFloat(a.borderTopWidth) + parseFloat(a.borderBottomWidth);
    const right = inner.right - px(a.right, w);
    const top = inner.top + px(a.top, h);
    const dot = { left: right - dw, right, top, bottom: top + dh };
    clear = t.right <= dot.left || t.left >= dot.right || t.bottom <= dot.top || t.top >= dot.bottom;
  }
  const at = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(' ');
  return [cell.textContent, inside, clear, dotted, `text ${at(t)} in ${at(inner)}`];
}))()";

/// A game of `level` with `seed` (first click at `first`) played on by `moves` solver moves,
/// then the probabilities, the hint and the compile-time overlay on: every figure is a
/// percent that fits its cell, clear of the overlay's dot, "100" among them.
async fn overlays_at(c: &Client, level: &str, seed: u64, first: (usize, usize), moves: usize) {
    select(c, "#level", level).await;
    wait_level(c, level).await;
    new_game_with_seed(c, &seed.to_string()).await;
    click_cell(c, first.0, first.1).await;
    wait_dom(c, "the first click", |d| d.state(first.0, first.1) == '0').await;
    // The solver plays on a while (key a), so the overlays have a game in progress.
    let opened = |d: &Dom| d.states.iter().filter(|s| s.is_ascii_digit()).count();
    for _ in 0..moves {
        let before = opened(&dom(c).await);
        press(c, 'a').await;
        wait_dom(c, "a solver move", |d| {
            opened(d) > before || d.status != "playing"
        })
        .await;
    }
    let d = dom(c).await;
    assert_eq!(
        d.status, "playing",
        "the solver ended {level} seed {seed}: {}",
        d.message
    );
    for key in ['p', 't', 'v'] {
        press(c, key).await;
    }
    select(c, "#compile-overlay", "fragment").await;
    let d = wait_dom_for(c, "the overlays", Duration::from_secs(60), |d| {
        let any = |class: &str| !d.with_class(class).is_empty();
        any("prob")
            && (any("hint-mine") || any("hint-safe"))
            && (any("lvl-safe") || any("lvl-mine"))
    })
    .await;
    for i in d.with_class("prob") {
        let pct: u32 = d.texts[i]
            .parse()
            .unwrap_or_else(|_| panic!("cell {i} shows {:?}, not a percent", d.texts[i]));
        assert!(pct <= 100 && matches!(d.states[i], '.' | '?'));
        assert!(
            d.labels[i].contains(&format!(", {pct}% mine")),
            "{}",
            d.labels[i]
        );
    }
    let figures = js(c, FIGURES).await;
    let figures = figures.as_array().unwrap();
    assert!(
        figures.iter().any(|f| f[0] == "100"),
        "{level}: no 100 to measure: {figures:?}"
    );
    assert!(
        figures.iter().any(|f| f[3] == true),
        "{level}: no figure beside a dot: {figures:?}"
    );
    for f in figures {
        assert!(f[1] == true, "{level}: the figure overflows its cell: {f}");
        assert!(
            f[2] == true,
            "{level}: the figure runs under the overlay's dot: {f}"
        );
    }
    screenshot(c, &format!("{level}-overlays.png")).await;
    // Off again, for the next level (Escape first: the overlay's list has the focus, and
    // takes letters).
    press(c, ESCAPE).await;
    for key in ['p', 'v'] {
        press(c, key).await;
    }
    wait_js(
        c,
        "the overlays off",
        "document.getElementById('compile').hidden",
    )
    .await;
}
