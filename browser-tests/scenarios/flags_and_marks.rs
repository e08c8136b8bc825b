//! The scenario `flags_and_marks`: right clicks, Flag mode and a touch screen's tap and long press.

use std::path::PathBuf;
use std::time::Duration;

use fantoccini::Client;

use crate::harness::browser_test;
use crate::page::{
    beginner, click, click_cell, dom, is_mine, js_str, press, right_click_to, text_of, touch_cell,
    wait_board, wait_dom, wait_js, BEGINNER_SEED, FIRST,
};

browser_test!(
    /// Right clicks cycle flag, ?, hidden (flag, hidden with ? marks off) with the counter;
    /// Flag mode makes a click flag; on a touch screen a tap opens and a long press flags.
    flags_and_marks
);

async fn play(c: Client, url: String, _work: PathBuf) {
    let mut game = beginner(&c, &url, BEGINNER_SEED).await;
    click_cell(&c, FIRST.0, FIRST.1).await;
    game.open(FIRST.0, FIRST.1).unwrap();
    let d = wait_board(&c, "the first click", &game).await;
    let hidden: Vec<usize> = (0..81).filter(|&i| d.states[i] == '.').collect();
    let (hr, hc) = d.at(hidden[0]);

    // Right clicks cycle flag, ?, hidden; the counters follow the flag; the cell's name
    // says what it shows.
    for (want, counter, words) in [
        ('F', "9", "flagged"),
        ('?', "10", "question mark"),
        ('.', "10", "hidden"),
    ] {
        right_click_to(&c, hr, hc, want).await;
        assert_eq!(text_of(&c, "#mines-left").await, counter);
        assert_eq!(text_of(&c, "#mines-led").await, format!("{counter:0>3}"));
        let d = dom(&c).await;
        assert_eq!(
            d.labels[hidden[0]],
            format!("R{}C{}, {words}", hr + 1, hc + 1)
        );
    }
    // With "? marks" off, right clicks cycle flag, hidden; the line under the board says so.
    click(&c, "#marks").await;
    wait_js(
        &c,
        "question marks off",
        "document.getElementById('info').textContent.includes('no ? marks')",
    )
    .await;
    for want in ['F', '.'] {
        right_click_to(&c, hr, hc, want).await;
    }
    // m (nothing has the focus after a click on the box) turns them on again.
    press(&c, 'm').await;
    wait_js(
        &c,
        "question marks on again",
        "!document.getElementById('info').textContent.includes('no ? marks') && \
         document.getElementById('marks').checked",
    )
    .await;
    right_click_to(&c, hr, hc, 'F').await;
    right_click_to(&c, hr, hc, '?').await;
    right_click_to(&c, hr, hc, '.').await;

    // Flag mode (for touch screens): a click flags instead of opening.
    click(&c, "#flag-mode").await;
    assert_eq!(
        js_str(
            &c,
            "document.getElementById('flag-mode').getAttribute('aria-pressed')"
        )
        .await,
        "true"
    );
    click_cell(&c, hr, hc).await;
    wait_dom(&c, "flag mode to flag", |d| d.state(hr, hc) == 'F').await;
    click(&c, "#flag-mode").await;
    right_click_to(&c, hr, hc, '?').await;
    right_click_to(&c, hr, hc, '.').await;

    // Touch: a long press flags (once: a flag, not a ?), a tap opens.
    let mine = (0..81)
        .find(|&i| d.states[i] == '.' && is_mine(&game, i))
        .unwrap();
    touch_cell(&c, mine / 9, mine % 9, Duration::from_millis(1200)).await;
    wait_dom(&c, "a long press to flag", |d| d.states[mine] == 'F').await;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(
        dom(&c).await.states[mine],
        'F',
        "a long press flags once, and opens nothing"
    );
    game.mark(mine / 9, mine % 9).unwrap();
    let safe = (0..81)
        .find(|&i| d.states[i] == '.' && !is_mine(&game, i))
        .unwrap();
    touch_cell(&c, safe / 9, safe % 9, Duration::from_millis(50)).await;
    game.open(safe / 9, safe % 9).unwrap();
    wait_board(&c, "a tap to open", &game).await;

    // Help: ? shows the controls, any key closes them.
    press(&c, '?').await;
    wait_js(&c, "the help", "!document.getElementById('help').hidden").await;
    assert!(text_of(&c, "#help").await.contains("long press flags"));
    press(&c, 'x').await;
    wait_js(
        &c,
        "the help to close",
        "document.getElementById('help').hidden",
    )
    .await;

    // r restarts the same board.
    press(&c, 'r').await;
    let want = BEGINNER_SEED.to_string();
    wait_dom(&c, "the restart", |d| {
        d.status == "playing" && d.seed == want && d.states.iter().all(|&s| s == '.')
    })
    .await;
}
