//! Reading and driving the page: its DOM as the tests read it, clicks, keys, touches and
//! waits, and the game the library deals for the same seed (the mirror the page is checked
//! against).

use std::time::{Duration, Instant};

use fantoccini::actions::{
    ActionSequence, Actions, InputSource, KeyAction, KeyActions, MouseActions, PointerAction,
    TouchActions, MOUSE_BUTTON_LEFT, MOUSE_BUTTON_RIGHT,
};
use fantoccini::{Client, Locator};
use serde_json::Value;
use typesweeper::runtime::autoplay::play_game;
use typesweeper::runtime::game::{CellState, Config, Game};
use typesweeper::runtime::layout::FirstClick;

use crate::harness::shots_dir;

/// The beginner board most scenarios play (first click zero at R5C5, which opens an area with
/// numbers to chord around).
pub(crate) const BEGINNER_SEED: u64 = 2024;
/// The first click of every scenario's board: the middle of a beginner board.
pub(crate) const FIRST: (usize, usize) = (4, 4);

/// How long a wait for the page may take before the scenario fails (the machine may be busy).
pub(crate) const WAIT: Duration = Duration::from_secs(20);

// WebDriver's codes for the keys that are not characters.
pub(crate) const TAB: char = '\u{e004}';
pub(crate) const ENTER: char = '\u{e007}';
pub(crate) const SHIFT: char = '\u{e008}';
pub(crate) const ESCAPE: char = '\u{e00c}';
pub(crate) const SPACE: char = '\u{e00d}';
pub(crate) const END: char = '\u{e010}';
pub(crate) const HOME: char = '\u{e011}';
pub(crate) const LEFT: char = '\u{e012}';
pub(crate) const UP: char = '\u{e013}';
pub(crate) const RIGHT: char = '\u{e014}';
pub(crate) const DOWN: char = '\u{e015}';

/// What the page shows, read from its DOM.
#[derive(Clone, Debug)]
pub(crate) struct Dom {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) game: String,
    pub(crate) seed: String,
    pub(crate) status: String,
    pub(crate) message: String,
    /// Per cell, its `data-state`: the API's board character.
    pub(crate) states: Vec<char>,
    /// Per cell, its classes.
    pub(crate) classes: Vec<String>,
    /// Per cell, its text.
    pub(crate) texts: Vec<String>,
    /// Per cell, its accessible name.
    pub(crate) labels: Vec<String>,
    /// The focused cell, if a cell has the focus.
    pub(crate) focused: Option<usize>,
}

impl Dom {
    pub(crate) fn state(&self, row: usize, col: usize) -> char {
        self.states[row * self.cols + col]
    }

    pub(crate) fn board(&self) -> String {
        self.states.iter().collect()
    }

    pub(crate) fn has_class(&self, i: usize, class: &str) -> bool {
        self.classes[i].split_whitespace().any(|c| c == class)
    }

    pub(crate) fn with_class(&self, class: &str) -> Vec<usize> {
        (0..self.classes.len())
            .filter(|&i| self.has_class(i, class))
            .collect()
    }

    pub(crate) fn at(&self, i: usize) -> (usize, usize) {
        (i / self.cols, i % self.cols)
    }
}

const READ_DOM: &str = r#"
const board = document.getElementById('board');
const cells = [...board.querySelectorAll('.cell')];
const active = document.activeElement;
return {
  rows: Number(board.dataset.rows || 0),
  cols: Number(board.dataset.cols || 0),
  game: board.dataset.gameId || '',
  seed: board.dataset.seed || '',
  status: document.getElementById('status').textContent,
  message: document.getElementById('message').textContent,
  states: cells.map((c) => c.dataset.state || '.').join(''),
  classes: cells.map((c) => c.className),
  texts: cells.map((c) => c.textContent),
  labels: cells.map((c) => c.getAttribute('aria-label') || ''),
  focused: cells.indexOf(active),
};
"#;

pub(crate) async fn dom(c: &Client) -> Dom {
    let v = c.execute(READ_DOM, vec![]).await.expect("the page reads");
    let strings = |key: &str| -> Vec<String> {
        v[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    Dom {
        rows: v["rows"].as_u64().unwrap() as usize,
        cols: v["cols"].as_u64().unwrap() as usize,
        game: v["game"].as_str().unwrap().to_string(),
        seed: v["seed"].as_str().unwrap().to_string(),
        status: v["status"].as_str().unwrap().to_string(),
        message: v["message"].as_str().unwrap().to_string(),
        states: v["states"].as_str().unwrap().chars().collect(),
        classes: strings("classes"),
        texts: strings("texts"),
        labels: strings("labels"),
        focused: usize::try_from(v["focused"].as_i64().unwrap()).ok(),
    }
}

/// Reads the DOM until `done` holds, or fails after `WAIT` showing the status and message.
pub(crate) async fn wait_dom(c: &Client, what: &str, done: impl Fn(&Dom) -> bool) -> Dom {
    wait_dom_for(c, what, WAIT, done).await
}

pub(crate) async fn wait_dom_for(
    c: &Client,
    what: &str,
    timeout: Duration,
    done: impl Fn(&Dom) -> bool,
) -> Dom {
    let start = Instant::now();
    loop {
        let d = dom(c).await;
        if done(&d) {
            return d;
        }
        assert!(
            start.elapsed() < timeout,
            "timed out after {timeout:?} waiting for {what}: status {:?}, message {:?}, board {}x{} {:?}",
            d.status,
            d.message,
            d.rows,
            d.cols,
            d.board()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs `script` (a JavaScript expression) until it is true, or fails after `WAIT`.
pub(crate) async fn wait_js(c: &Client, what: &str, script: &str) {
    wait_js_for(c, what, WAIT, script).await
}

pub(crate) async fn wait_js_for(c: &Client, what: &str, timeout: Duration, script: &str) {
    let start = Instant::now();
    loop {
        if js(c, &format!("!!({script})")).await == Value::Bool(true) {
            return;
        }
        let message = js(c, "document.getElementById('message').textContent").await;
        assert!(
            start.elapsed() < timeout,
            "timed out after {timeout:?} waiting for {what} ({script}); message {message}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The value of a JavaScript expression on the page (a promise is awaited).
pub(crate) async fn js(c: &Client, expression: &str) -> Value {
    c.execute(&format!("return ({expression});"), vec![])
        .await
        .unwrap_or_else(|e| panic!("the page cannot run {expression}: {e}"))
}

pub(crate) async fn js_str(c: &Client, expression: &str) -> String {
    match js(c, expression).await {
        Value::String(s) => s,
        other => panic!("{expression} is {other}, not a string"),
    }
}

pub(crate) async fn text_of(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .text()
        .await
        .unwrap()
}

pub(crate) async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
}

pub(crate) fn cell_css(row: usize, col: usize) -> String {
    format!("#board .cell[data-row='{row}'][data-col='{col}']")
}

pub(crate) async fn click_cell(c: &Client, row: usize, col: usize) {
    click(c, &cell_css(row, col)).await;
}

/// A real press of mouse button `button` on a cell, with `held` keys down meanwhile.
pub(crate) async fn mouse_on_cell(
    c: &Client,
    row: usize,
    col: usize,
    button: u64,
    held: Option<char>,
) {
    let cell = c.find(Locator::Css(&cell_css(row, col))).await.unwrap();
    let mouse = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement {
            element: cell,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down { button })
        .then(PointerAction::Up { button })
        .then(PointerAction::Pause {
            duration: Duration::ZERO,
        });
    let mut actions = Actions::from(ActionSequence::from(mouse));
    if let Some(key) = held {
        let pause = KeyAction::Pause {
            duration: Duration::ZERO,
        };
        let keys = KeyActions::new("keyboard".to_string())
            .then(KeyAction::Down { value: key })
            .then(pause.clone())
            .then(pause)
            .then(KeyAction::Up { value: key });
        actions = actions.and(keys);
    }
    c.perform_actions(actions).await.unwrap();
    c.release_actions().await.unwrap();
}

/// A real right click on a cell (the page must cycle the mark and show no context menu).
async fn right_click_cell(c: &Client, row: usize, col: usize) {
    mouse_on_cell(c, row, col, MOUSE_BUTTON_RIGHT, None).await;
}

/// Right-clicks the cell at (`row`, `col`) and waits until it shows `want`.
pub(crate) async fn right_click_to(c: &Client, row: usize, col: usize, want: char) {
    right_click_cell(c, row, col).await;
    let what = format!("a right click to show {want:?} at R{}C{}", row + 1, col + 1);
    wait_dom(c, &what, |d| d.state(row, col) == want).await;
}

/// A finger on a cell for `held`: a tap when short, a long press when long.
pub(crate) async fn touch_cell(c: &Client, row: usize, col: usize, held: Duration) {
    let cell = c.find(Locator::Css(&cell_css(row, col))).await.unwrap();
    let finger = TouchActions::new("finger".to_string())
        .then(PointerAction::MoveToElement {
            element: cell,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Pause { duration: held })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(finger).await.unwrap();
    c.release_actions().await.unwrap();
}

/// A key pressed and released, where the focus is.
pub(crate) async fn press(c: &Client, key: char) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(keys).await.unwrap();
    c.release_actions().await.unwrap();
}

/// Shift and `key` together.
pub(crate) async fn press_shifted(c: &Client, key: char) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down { value: SHIFT })
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key })
        .then(KeyAction::Up { value: SHIFT });
    c.perform_actions(keys).await.unwrap();
    c.release_actions().await.unwrap();
}

/// What has the focus: `#id`, `cell R3C4`, or the tag name.
pub(crate) async fn focus(c: &Client) -> String {
    js_str(
        c,
        "(() => { const a = document.activeElement; \
           if (!a) return 'nothing'; \
           if (a.dataset && a.dataset.row !== undefined) \
             return `cell R${Number(a.dataset.row) + 1}C${Number(a.dataset.col) + 1}`; \
           return a.id ? '#' + a.id : a.tagName.toLowerCase(); })()",
    )
    .await
}

/// Chooses `value` in the select `css` (as with the mouse).
pub(crate) async fn select(c: &Client, css: &str, value: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("cannot choose {value} in {css}: {e}"));
}

/// Waits until the board is a game of `level`.
pub(crate) async fn wait_level(c: &Client, level: &str) {
    wait_js(
        c,
        &format!("a {level} game"),
        &format!("document.getElementById('board').dataset.level === '{level}'"),
    )
    .await;
}

/// Opens the page and waits for its first game.
pub(crate) async fn open_page(c: &Client, url: &str) {
    c.goto(url).await.expect("the page loads");
    assert_eq!(c.title().await.unwrap(), "typesweeper");
    wait_js(
        c,
        "the first game",
        "document.getElementById('board').dataset.gameId",
    )
    .await;
}

/// Types `seed` in the seed field and presses New game; waits for that board, untouched.
pub(crate) async fn new_game_with_seed(c: &Client, seed: &str) -> Dom {
    let field = c.find(Locator::Css("#seed")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(seed).await.unwrap();
    click(c, "#new-game").await;
    wait_dom(c, &format!("the game of seed {seed}"), |d| {
        d.seed == seed && d.status == "playing" && d.states.iter().all(|&s| s == '.')
    })
    .await
}

/// The page at intermediate with the zero rule, dealt from `seed` and opened at R2C2: the
/// library's game, opened there too, and the page's board.
pub(crate) async fn intermediate_opened(c: &Client, url: &str, seed: u64) -> (Game, Dom) {
    open_page(c, url).await;
    select(c, "#level", "intermediate").await;
    wait_level(c, "intermediate").await;
    new_game_with_seed(c, &seed.to_string()).await;
    let mut game = Game::new(Config::new(16, 16, 40, FirstClick::Zero), seed).unwrap();
    click_cell(c, 1, 1).await;
    game.open(1, 1).unwrap();
    let board = wait_board(c, "the first click", &game).await;
    (game, board)
}

/// Opens the compile-time view and returns its three levels' lines as the page shows them.
pub(crate) async fn compile_view_rows(c: &Client) -> Vec<String> {
    click(c, "#compile-view").await;
    wait_js_for(
        c,
        "the compile-time view",
        Duration::from_secs(60),
        "document.querySelectorAll('#compile-rows li code').length === 3",
    )
    .await;
    let rows = js(
        c,
        "[...document.querySelectorAll('#compile-rows > li')].map((li) => li.textContent)",
    )
    .await;
    serde_json::from_value(rows).unwrap()
}

/// A beginner game of `seed` (first click zero) on the page, and its mirror in the library:
/// the same settings and seed deal the same board.
pub(crate) async fn beginner(c: &Client, url: &str, seed: u64) -> Game {
    open_page(c, url).await;
    select(c, "#level", "beginner").await;
    select(c, "#first-click", "zero").await;
    wait_level(c, "beginner").await;
    new_game_with_seed(c, &seed.to_string()).await;
    Game::new(Config::new(9, 9, 10, FirstClick::Zero), seed).unwrap()
}

/// The board as the API and the page write it (`.` hidden, `F`, `?`, `0`-`8`).
pub(crate) fn shown(game: &Game) -> String {
    game.cells()
        .iter()
        .map(|cell| match cell {
            CellState::Hidden => '.',
            CellState::Flagged => 'F',
            CellState::Questioned => '?',
            CellState::Open(n) => char::from(b'0' + n),
        })
        .collect()
}

/// Waits until the page's board is the mirror's.
pub(crate) async fn wait_board(c: &Client, what: &str, game: &Game) -> Dom {
    let want = shown(game);
    let d = wait_dom(c, what, |d| d.board() == want).await;
    assert_eq!(d.status, "playing", "{what}: {}", d.message);
    d
}

/// Whether the mirror's cell `i` is a mine (its mines are placed by the first open).
pub(crate) fn is_mine(game: &Game, i: usize) -> bool {
    game.layout().expect("the mines are placed").mines()[i]
}

/// The cells around `i` on a `rows` x `cols` board.
pub(crate) fn neighbours(rows: usize, cols: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / cols, i % cols);
    let mut out = Vec::new();
    for nr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
        for nc in c.saturating_sub(1)..=(c + 1).min(cols - 1) {
            if (nr, nc) != (r, c) {
                out.push(nr * cols + nc);
            }
        }
    }
    out
}

/// An open number of the mirror with hidden safe cells around it (what a chord opens), and its
/// mines.
pub(crate) fn chordable(game: &Game) -> Option<(usize, Vec<usize>)> {
    let (rows, cols) = (game.rows(), game.cols());
    (0..rows * cols).find_map(|i| {
        let CellState::Open(n) = game.cells()[i] else {
            return None;
        };
        let around = neighbours(rows, cols, i);
        let mines: Vec<usize> = around
            .iter()
            .copied()
            .filter(|&j| is_mine(game, j))
            .collect();
        let opens = around
            .iter()
            .any(|&j| game.cells()[j] == CellState::Hidden && !is_mine(game, j));
        (n > 0 && opens && mines.len() == usize::from(n)).then_some((i, mines))
    })
}

/// Whether the whole board shows without scrolling, and the width of a cell in pixels.
pub(crate) async fn board_fits(c: &Client) -> (bool, f64) {
    let v = js(
        c,
        "(() => { const s = document.getElementById('board-scroll'); \
           const cell = document.querySelector('#board .cell').getBoundingClientRect(); \
           const page = document.documentElement; \
           return [s.scrollWidth <= s.clientWidth && s.scrollHeight <= s.clientHeight \
                   && page.scrollWidth <= page.clientWidth, cell.width]; })()",
    )
    .await;
    (v[0] == Value::Bool(true), v[1].as_f64().unwrap())
}

pub(crate) async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("a screenshot");
    let path = shots_dir().join(name);
    std::fs::write(&path, png).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// The first seed from 1 on which the autoplayer wins beginner with first click zero: the
/// page's "AI till end" plays the same moves (the server asks the same autoplayer).
pub(crate) fn winning_beginner_seed() -> u64 {
    (1..=500)
        .find(|&seed| {
            play_game(Config::new(9, 9, 10, FirstClick::Zero), seed)
                .unwrap()
                .won
        })
        .expect("the autoplayer wins some beginner game among seeds 1 to 500")
}

/// Moves the board's cursor (the focused cell, shown) to cell `i` with the arrow keys.
pub(crate) async fn cursor_to(c: &Client, i: usize) {
    for _ in 0..100 {
        let d = dom(c).await;
        let (tr, tc) = d.at(i);
        let key = match d.focused.map(|f| d.at(f)) {
            Some(at) if at == (tr, tc) && d.has_class(i, "cursor") => return,
            Some((r, _)) if r < tr => DOWN,
            Some((r, _)) if r > tr => UP,
            Some((_, col)) if col < tc => RIGHT,
            Some((_, col)) if col > tc => LEFT,
            // On the cell with the cursor hidden (it had a click): away and back.
            _ if tc + 1 < d.cols => RIGHT,
            _ => LEFT,
        };
        press(c, key).await;
    }
    panic!("the arrow keys never brought the cursor to cell {i}");
}
