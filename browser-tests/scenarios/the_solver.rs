//! The scenario `the_solver`: the solver's one move, and its play to the end.

use std::path::PathBuf;
use std::time::Duration;

use fantoccini::Client;
use serde_json::Value;

use crate::harness::browser_test;
use crate::page::{
    beginner, click, js, neighbours, new_game_with_seed, press, screenshot, text_of, wait_dom,
    wait_dom_for, wait_js, winning_beginner_seed, BEGINNER_SEED,
};

browser_test!(
    /// The solver's one move and its play to the end, which wins.
    the_solver
);

async fn play(c: Client, url: String, _work: PathBuf) {
    // The solver plays a game to the end. What the page sends is read too: no option (the
    // solver has one strength; an option would be refused).
    let seed = winning_beginner_seed();
    beginner(&c, &url, BEGINNER_SEED).await;
    js(
        &c,
        "(() => { window.solverBodies = []; \
           const send = window.fetch; \
           window.fetch = (url, init) => { \
             if (String(url).endsWith('/solver-move')) window.solverBodies.push(init.body); \
             return send(url, init); }; \
           return true; })()",
    )
    .await;
    new_game_with_seed(&c, &seed.to_string()).await;
    click(&c, "#ai-run").await;
    assert_eq!(text_of(&c, "#ai-run").await, "Stop");
    let d = wait_dom_for(&c, "the solver to win", Duration::from_secs(90), |d| {
        d.status != "playing"
    })
    .await;
    assert_eq!(
        d.status, "won",
        "the solver lost seed {seed}: {}",
        d.message
    );
    assert_eq!(text_of(&c, "#status").await, "won");
    // Won: every cell open or flagged, ten flags, each number the count of the flags
    // around it.
    assert_eq!(
        d.states.iter().filter(|&&s| s == 'F').count(),
        10,
        "{}",
        d.board()
    );
    for i in 0..81 {
        let flags = neighbours(9, 9, i)
            .into_iter()
            .filter(|&j| d.states[j] == 'F')
            .count();
        assert!(
            d.states[i] == 'F' || d.states[i] == char::from(b'0' + flags as u8),
            "a won game shows every mine flagged and every other cell open: {}",
            d.board()
        );
    }
    wait_js(
        &c,
        "the AI button back",
        "document.getElementById('ai-run').textContent === 'AI till end'",
    )
    .await;
    assert!(
        js(&c, "!document.getElementById('helped').hidden").await == Value::Bool(true),
        "a game the solver played shows the helped marker"
    );
    assert_eq!(
        text_of(&c, "#mines-led").await,
        "000",
        "a won game's counter"
    );
    let bodies = js(&c, "window.solverBodies").await;
    let bodies = bodies.as_array().expect("a list");
    assert!(
        bodies.len() > 3,
        "the solver moves went through fetch: {bodies:?}"
    );
    for body in bodies {
        assert_eq!(body, "{}", "a solver move sends no option");
    }
    screenshot(&c, "beginner-won.png").await;

    // One move (a, after a restart): it opens cells and marks the solver's last move, in
    // words too.
    press(&c, 'r').await;
    wait_dom(&c, "the restart", |d| {
        d.status == "playing" && d.states.iter().all(|&s| s == '.')
    })
    .await;
    assert!(js(&c, "document.getElementById('helped').hidden").await == Value::Bool(true));
    press(&c, 'a').await;
    let d = wait_dom(&c, "one solver move", |d| {
        d.states.iter().any(|s| s.is_ascii_digit())
    })
    .await;
    let last: Vec<usize> = (0..81)
        .filter(|&i| d.has_class(i, "last-certain") || d.has_class(i, "last-guess"))
        .collect();
    assert_eq!(
        last.len(),
        1,
        "one cell marks the last move: {:?}",
        d.classes
    );
    assert!(
        d.labels[last[0]].contains("the solver's last move"),
        "{}",
        d.labels[last[0]]
    );
    assert!(js(&c, "!document.getElementById('helped').hidden").await == Value::Bool(true));
}
