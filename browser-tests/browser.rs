//! End to end in a real browser: the real `typesweeper serve` on a free port, headless Chromium
//! driven through chromedriver (WebDriver, by fantoccini), the page used as a player would, one
//! test per behaviour: opening and chording (left and middle click), flags and marks (right
//! click, flag mode, a touch long-press), hint and why, the solver, the compile-time view and the
//! export (Download and Copy), the keyboard alone, Back and Forward, seeds beyond 2^53, and large
//! boards with every overlay on. What the page shows is checked against the library: the same
//! seed deals the same board here (`runtime::game::Game`), and the compile-time view and the
//! export are the library's own. Screenshots go to `target/browser/`.
//!
//! Chromium and chromedriver are not part of the toolchain, so the tests are ignored by a plain
//! `cargo test`, which lists them with the reason; with both installed, `cargo test -p
//! typesweeper-browser-tests -- --ignored` runs them (CI does), and there a missing program is
//! a failure naming it and the command that installs it. Each test starts its own server,
//! chromedriver and Chromium, one test at a time (a lock: the browsers would only compete for
//! the cores). The package is one of its own (see its `Cargo.toml`) and asks cargo for the
//! `typesweeper` command the workspace's `cargo test` built.

use std::future::Future;
use std::io::{BufRead, BufReader, Read};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use fantoccini::actions::{
    ActionSequence, Actions, InputSource, KeyAction, KeyActions, MouseActions, PointerAction,
    TouchActions, MOUSE_BUTTON_LEFT, MOUSE_BUTTON_MIDDLE, MOUSE_BUTTON_RIGHT,
};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use typesweeper::codegen::{export_for, Edition};
use typesweeper::runtime::autoplay::play_game;
use typesweeper::runtime::compile_view::compile_view;
use typesweeper::runtime::game::{CellState, Config, Game};
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::layout::FirstClick;
use typesweeper::runtime::pairs;
use typesweeper::runtime::Deduced;

/// The beginner board most scenarios play (first click zero at R5C5, which opens an area with
/// numbers to chord around).
const BEGINNER_SEED: u64 = 2024;
/// The first click of every scenario's board: the middle of a beginner board.
const FIRST: (usize, usize) = (4, 4);
/// The browser window: expert (16x30) must fit it without scrolling.
const WINDOW: (u32, u32) = (1400, 1000);
/// How long a wait for the page may take before the scenario fails (the machine may be busy).
const WAIT: Duration = Duration::from_secs(20);
/// How long a whole scenario may take.
const SCENARIO_LIMIT: Duration = Duration::from_secs(240);

// WebDriver's codes for the keys that are not characters.
const TAB: char = '\u{e004}';
const ENTER: char = '\u{e007}';
const SHIFT: char = '\u{e008}';
const ESCAPE: char = '\u{e00c}';
const SPACE: char = '\u{e00d}';
const END: char = '\u{e010}';
const HOME: char = '\u{e011}';
const LEFT: char = '\u{e012}';
const UP: char = '\u{e013}';
const RIGHT: char = '\u{e014}';
const DOWN: char = '\u{e015}';

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

/// A child process of this test, killed when dropped (also when the test panics). Started as
/// the leader of a process group of its own, and the whole group is killed: whatever
/// chromedriver started (Chromium) goes too.
struct Process {
    child: Child,
}

impl Process {
    fn spawn(mut command: Command, what: &str) -> Process {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let child = command
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {what}: {e}"));
        Process { child }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Kills the other members of process group `group` (one this test made), each by its id as
/// /proc lists it. Never `kill -PGID`: procps-ng 4.0.2's kill takes a negative id after a
/// signal for something else and killed every process of the machine here.
#[cfg(target_os = "linux")]
fn kill_group(group: u32) {
    let own = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    let members: Vec<String> = entries
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            let pid: u32 = name.parse().ok()?;
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // After the command name in parentheses: state, parent, process group.
            let rest = stat.get(stat.rfind(')')? + 1..)?;
            let pgrp: u32 = rest.split_whitespace().nth(2)?.parse().ok()?;
            (pgrp == group && pid != group && pid != own && pid > 1).then_some(name)
        })
        .collect();
    if !members.is_empty() {
        let _ = Command::new("kill")
            .arg("-KILL")
            .args(&members)
            .stderr(Stdio::null())
            .status();
    }
}

#[cfg(not(target_os = "linux"))]
fn kill_group(_group: u32) {}

/// The first of `names` found on PATH.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|file| file.is_file())
}

/// The program, or a failure naming it and the command that installs it.
fn require(names: &[&str], package: &str) -> PathBuf {
    on_path(names).unwrap_or_else(|| {
        panic!(
            "{} is not installed (none of {names:?} is on PATH): this test plays the game in a \
             real headless browser. Install it with `apt-get install {package}` (Debian, as \
             root; Ubuntu: `sudo apt-get install {package}`); a plain `cargo test` leaves this \
             test out (it is ignored).",
            names[0]
        )
    })
}

/// A fresh directory under target/ (the tests' temporary directory).
fn fresh_dir(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("browser-{name}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Where the screenshots go: `target/browser/`.
fn shots_dir() -> PathBuf {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the tests' temporary directory is inside target/")
        .to_path_buf();
    let dir = target.join("browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `typesweeper` command as the workspace's `cargo test` built it. In this package
/// `CARGO_BIN_EXE_` does not name another package's binary, so cargo is asked: `cargo test
/// --no-run` from the workspace root selects what `cargo test` selects, with the same features,
/// so after a `cargo test` it only reports the binary it already built.
fn typesweeper_binary() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(ask_cargo_for_typesweeper).clone()
}

fn ask_cargo_for_typesweeper() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new(env!("CARGO"))
        .args([
            "test",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .current_dir(&root)
        .stderr(Stdio::inherit())
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo could not build the typesweeper command"
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|m| {
            m["reason"] == "compiler-artifact"
                && m["target"]["name"] == "typesweeper"
                && m["target"]["kind"] == json!(["bin"])
                && m["profile"]["test"] == false
        })
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .expect("cargo names the typesweeper executable it built")
}

/// Starts `typesweeper serve` on a free loopback port with its own data directory; answers the
/// process and the URL it prints.
fn start_server(data: &Path) -> (Process, String) {
    let mut command = Command::new(typesweeper_binary());
    command
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("TYPESWEEPER_DATA_DIR", data)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut server = Process::spawn(command, "typesweeper serve");
    let mut stdout = BufReader::new(server.child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    // Keep reading what it prints after, so its writes never fail.
    std::thread::spawn(move || {
        let mut rest = Vec::new();
        let _ = stdout.read_to_end(&mut rest);
    });
    let url = line
        .split_whitespace()
        .find(|word| word.starts_with("http://"))
        .unwrap_or_else(|| panic!("typesweeper serve printed no URL, but {line:?}"))
        .to_string();
    (server, url)
}

/// A free loopback port (free when asked; chromedriver takes it right after).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts chromedriver on a free port and waits until it listens; answers it and its URL.
fn start_chromedriver(driver: &Path, log: &Path) -> (Process, String) {
    let port = free_port();
    let mut command = Command::new(driver);
    command
        .arg(format!("--port={port}"))
        .arg(format!("--log-path={}", log.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let process = Process::spawn(command, "chromedriver");
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "chromedriver did not listen on port {port} within 30 s (its log: {})",
            log.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (process, format!("http://127.0.0.1:{port}"))
}

/// The running scenario's chromedriver, for the commands fantoccini does not send.
static DRIVER: Mutex<String> = Mutex::new(String::new());

/// Runs `play` against a fresh server in a fresh headless Chromium (window `WINDOW`), one
/// scenario at a time; `name` names its scratch directory under the tests' temporary one. A
/// failed step still ends the browser session (chromedriver closes Chromium) before the
/// failure is reported.
fn scenario<F, Fut>(name: &str, play: F)
where
    F: FnOnce(Client, String, PathBuf) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let chromium = require(&["chromium", "chromium-browser"], "chromium");
    let driver = require(&["chromedriver"], "chromium-driver");

    let work = fresh_dir(name);
    let data = work.join("data");
    let downloads = work.join("downloads");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::create_dir_all(&downloads).unwrap();
    let (_server, url) = start_server(&data);
    let log = work.join("chromedriver.log");
    let (_driver, driver_url) = start_chromedriver(&driver, &log);
    *DRIVER.lock().unwrap_or_else(|e| e.into_inner()) = driver_url.clone();

    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_string(),
        json!({
            "binary": chromium,
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                format!("--user-data-dir={}", work.join("profile").display()),
                format!("--window-size={},{}", WINDOW.0, WINDOW.1),
            ],
            "prefs": {
                "download.default_directory": downloads,
                "download.prompt_for_download": false,
            },
        }),
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let scratch = work.clone();
    runtime.block_on(async move {
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&driver_url)
            .await
            .unwrap_or_else(|e| {
                panic!(
                    "chromedriver did not start Chromium ({}): {e}; its log: {}",
                    chromium.display(),
                    log.display()
                )
            });
        // A scenario that hangs fails instead (each takes seconds).
        let session = client.clone();
        let outcome = tokio::spawn(async move {
            tokio::time::timeout(SCENARIO_LIMIT, play(session, url, scratch))
                .await
                .unwrap_or_else(|_| panic!("the scenario took over {SCENARIO_LIMIT:?}"))
        })
        .await;
        let _ = client.close().await;
        if let Err(e) = outcome {
            std::panic::resume_unwind(e.into_panic());
        }
    });
    let _ = std::fs::remove_dir_all(&work);
}

// ---------------------------------------------------------------------------------------------
// Reading and driving the page
// ---------------------------------------------------------------------------------------------

/// What the page shows, read from its DOM.
#[derive(Clone, Debug)]
struct Dom {
    rows: usize,
    cols: usize,
    game: String,
    seed: String,
    status: String,
    message: String,
    /// Per cell, its `data-state`: the API's board character.
    states: Vec<char>,
    /// Per cell, its classes.
    classes: Vec<String>,
    /// Per cell, its text.
    texts: Vec<String>,
    /// Per cell, its accessible name.
    labels: Vec<String>,
    /// The focused cell, if a cell has the focus.
    focused: Option<usize>,
}

impl Dom {
    fn state(&self, row: usize, col: usize) -> char {
        self.states[row * self.cols + col]
    }

    fn board(&self) -> String {
        self.states.iter().collect()
    }

    fn has_class(&self, i: usize, class: &str) -> bool {
        self.classes[i].split_whitespace().any(|c| c == class)
    }

    fn with_class(&self, class: &str) -> Vec<usize> {
        (0..self.classes.len())
            .filter(|&i| self.has_class(i, class))
            .collect()
    }

    fn at(&self, i: usize) -> (usize, usize) {
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

async fn dom(c: &Client) -> Dom {
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
async fn wait_dom(c: &Client, what: &str, done: impl Fn(&Dom) -> bool) -> Dom {
    wait_dom_for(c, what, WAIT, done).await
}

async fn wait_dom_for(
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
async fn wait_js(c: &Client, what: &str, script: &str) {
    wait_js_for(c, what, WAIT, script).await
}

async fn wait_js_for(c: &Client, what: &str, timeout: Duration, script: &str) {
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
async fn js(c: &Client, expression: &str) -> Value {
    c.execute(&format!("return ({expression});"), vec![])
        .await
        .unwrap_or_else(|e| panic!("the page cannot run {expression}: {e}"))
}

async fn js_str(c: &Client, expression: &str) -> String {
    match js(c, expression).await {
        Value::String(s) => s,
        other => panic!("{expression} is {other}, not a string"),
    }
}

async fn text_of(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .text()
        .await
        .unwrap()
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
}

fn cell_css(row: usize, col: usize) -> String {
    format!("#board .cell[data-row='{row}'][data-col='{col}']")
}

async fn click_cell(c: &Client, row: usize, col: usize) {
    click(c, &cell_css(row, col)).await;
}

/// A real press of mouse button `button` on a cell, with `held` keys down meanwhile.
async fn mouse_on_cell(c: &Client, row: usize, col: usize, button: u64, held: Option<char>) {
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
async fn right_click_to(c: &Client, row: usize, col: usize, want: char) {
    right_click_cell(c, row, col).await;
    let what = format!("a right click to show {want:?} at R{}C{}", row + 1, col + 1);
    wait_dom(c, &what, |d| d.state(row, col) == want).await;
}

/// A finger on a cell for `held`: a tap when short, a long press when long.
async fn touch_cell(c: &Client, row: usize, col: usize, held: Duration) {
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
async fn press(c: &Client, key: char) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(keys).await.unwrap();
    c.release_actions().await.unwrap();
}

/// Shift and `key` together.
async fn press_shifted(c: &Client, key: char) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down { value: SHIFT })
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key })
        .then(KeyAction::Up { value: SHIFT });
    c.perform_actions(keys).await.unwrap();
    c.release_actions().await.unwrap();
}

/// What has the focus: `#id`, `cell R3C4`, or the tag name.
async fn focus(c: &Client) -> String {
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
async fn select(c: &Client, css: &str, value: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("cannot choose {value} in {css}: {e}"));
}

/// Waits until the board is a game of `level`.
async fn wait_level(c: &Client, level: &str) {
    wait_js(
        c,
        &format!("a {level} game"),
        &format!("document.getElementById('board').dataset.level === '{level}'"),
    )
    .await;
}

/// Opens the page and waits for its first game.
async fn open_page(c: &Client, url: &str) {
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
async fn new_game_with_seed(c: &Client, seed: &str) -> Dom {
    let field = c.find(Locator::Css("#seed")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(seed).await.unwrap();
    click(c, "#new-game").await;
    wait_dom(c, &format!("the game of seed {seed}"), |d| {
        d.seed == seed && d.status == "playing" && d.states.iter().all(|&s| s == '.')
    })
    .await
}

/// A beginner game of `seed` (first click zero) on the page, and its mirror in the library:
/// the same settings and seed deal the same board.
/// The page at intermediate with the zero rule, dealt from `seed` and opened at R2C2: the
/// library's game, opened there too, and the page's board.
async fn intermediate_opened(c: &Client, url: &str, seed: u64) -> (Game, Dom) {
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
async fn compile_view_rows(c: &Client) -> Vec<String> {
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

async fn beginner(c: &Client, url: &str, seed: u64) -> Game {
    open_page(c, url).await;
    select(c, "#level", "beginner").await;
    select(c, "#first-click", "zero").await;
    wait_level(c, "beginner").await;
    new_game_with_seed(c, &seed.to_string()).await;
    Game::new(Config::new(9, 9, 10, FirstClick::Zero), seed).unwrap()
}

/// The board as the API and the page write it (`.` hidden, `F`, `?`, `0`-`8`).
fn shown(game: &Game) -> String {
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
async fn wait_board(c: &Client, what: &str, game: &Game) -> Dom {
    let want = shown(game);
    let d = wait_dom(c, what, |d| d.board() == want).await;
    assert_eq!(d.status, "playing", "{what}: {}", d.message);
    d
}

/// Whether the mirror's cell `i` is a mine (its mines are placed by the first open).
fn is_mine(game: &Game, i: usize) -> bool {
    game.layout().expect("the mines are placed").mines()[i]
}

/// The cells around `i` on a `rows` x `cols` board.
fn neighbours(rows: usize, cols: usize, i: usize) -> Vec<usize> {
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
fn chordable(game: &Game) -> Option<(usize, Vec<usize>)> {
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
async fn board_fits(c: &Client) -> (bool, f64) {
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

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("a screenshot");
    let path = shots_dir().join(name);
    std::fs::write(&path, png).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// The first seed from 1 on which the autoplayer wins beginner with first click zero: the
/// page's "AI till end" plays the same moves (the server asks the same autoplayer).
fn winning_beginner_seed() -> u64 {
    (1..=500)
        .find(|&seed| {
            play_game(Config::new(9, 9, 10, FirstClick::Zero), seed)
                .unwrap()
                .won
        })
        .expect("the autoplayer wins some beginner game among seeds 1 to 500")
}

// ---------------------------------------------------------------------------------------------
// The scenarios
// ---------------------------------------------------------------------------------------------

/// Why a scenario is not run by a plain `cargo test`.
macro_rules! browser_test {
    ($(#[doc = $doc:literal])* $name:ident) => {
        $(#[doc = $doc])*
        #[test]
        #[ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver); CI runs it"]
        fn $name() {
            scenario(stringify!($name), |c, url, work| async move {
                scenarios::$name(c, url, work).await
            });
        }
    };
}

browser_test!(
    /// A left click opens an area; a left click on a number whose flags match chords, and so
    /// does a middle click; a lost game shows the mine hit, every mine and the wrong flag; a
    /// no-guess board opens already played.
    opening_and_chording
);
browser_test!(
    /// Right clicks cycle flag, ?, hidden (flag, hidden with ? marks off) with the counter;
    /// Flag mode makes a click flag; on a touch screen a tap opens and a long press flags.
    flags_and_marks
);
browser_test!(
    /// With Hint on a click still opens; shift+click and the w key tell why; hints differ by
    /// shape, not only colour.
    hint_and_why
);
browser_test!(
    /// The solver's one move and its play to the end, which wins.
    the_solver
);
browser_test!(
    /// The compile-time view states what the library's view decides, its overlay marks those
    /// cells, and the export's files (read, downloaded, copied) are the library's.
    compile_time_view_and_export
);
browser_test!(
    /// A position that needs a guess with most of the board undecided: the compile-time view
    /// names the cell `level: complete` stops at, and the export at that level is its
    /// compile-fail case.
    a_position_that_needs_a_guess_at_complete
);
browser_test!(
    /// The page by keyboard alone: Tab order with the board one stop, buttons and lists keep
    /// their keys, the grid's rows and named cells, the arrow keys and the game's keys.
    keyboard_use
);
browser_test!(
    /// Back and Forward: the page restored from the browser's cache plays on, or deals anew with
    /// a message when its game is gone.
    back_and_forward
);
browser_test!(
    /// A seed above 2^53 is shown, kept and dealt exactly.
    seeds_beyond_2_pow_53
);
browser_test!(
    /// Large boards scroll, expert fits; at every level the probability figures fit their cells
    /// clear of the overlay's dots, with the hint on.
    large_boards_and_overlays
);

mod scenarios {
    use super::*;

    pub async fn opening_and_chording(c: Client, url: String, _work: PathBuf) {
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

    pub async fn flags_and_marks(c: Client, url: String, _work: PathBuf) {
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

    pub async fn hint_and_why(c: Client, url: String, _work: PathBuf) {
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

    pub async fn the_solver(c: Client, url: String, _work: PathBuf) {
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

    pub async fn compile_time_view_and_export(c: Client, url: String, work: PathBuf) {
        // Intermediate, seed 11, first click at R2C2.
        let (game, before) = intermediate_opened(&c, &url, 11).await;
        let (puzzle, answer) = (game.visible(), game.answer().unwrap());
        let view = compile_view(&puzzle, &answer).unwrap();

        // Per level, what the library's view decides, in words.
        let rows = compile_view_rows(&c).await;
        for ((name, level), row) in [
            ("fragment", &view.fragment),
            ("pairs", &view.pairs),
            ("complete", &view.complete),
        ]
        .into_iter()
        .zip(&rows)
        {
            let head = format!(
                "{name} decides {} of {} hidden cells",
                level.decided, view.hidden_count
            );
            let finishes = format!("finishes {}", if level.finishes { "yes" } else { "no" });
            assert!(
                row.contains(&head) && row.contains(&finishes),
                "{row:?} should say {head:?} and {finishes:?}"
            );
        }

        // The board overlay of fragment against complete marks exactly those cells: a dot
        // (round: safe, square: a mine) for what fragment decides, a dashed ring for what only
        // complete decides.
        select(&c, "#compile-overlay", "fragment").await;
        let d = wait_dom(&c, "the fragment overlay", |d| {
            !(d.with_class("lvl-safe").is_empty() && d.with_class("lvl-mine").is_empty())
        })
        .await;
        for i in 0..256 {
            let fragment = view.fragment.cells[i];
            let complete = view.complete.cells[i];
            let want = match fragment {
                _ if !view.hidden[i] => "",
                Deduced::Safe(_) => "lvl-safe",
                Deduced::Mine => "lvl-mine",
                Deduced::Undecided if complete != Deduced::Undecided => "only-complete",
                Deduced::Undecided => "",
            };
            for class in ["lvl-safe", "lvl-mine", "only-complete"] {
                assert_eq!(
                    d.has_class(i, class),
                    class == want,
                    "cell {i} ({fragment:?}, complete {complete:?}): {}",
                    d.classes[i]
                );
            }
        }
        let dot = |class: &str| {
            let i = d.with_class(class)[0];
            let (r, col) = d.at(i);
            format!(
                "getComputedStyle(document.querySelector(\"{}\"), '::after').borderRadius",
                cell_css(r, col)
            )
        };
        if !d.with_class("lvl-mine").is_empty() && !d.with_class("lvl-safe").is_empty() {
            assert_ne!(
                js_str(&c, &dot("lvl-safe")).await,
                js_str(&c, &dot("lvl-mine")).await,
                "the overlay's safe and mine dots differ in shape"
            );
        }
        assert!(js(&c, "!document.getElementById('compile-legend').hidden").await == json!(true));
        screenshot(&c, "intermediate-compile.png").await;

        // The export: the library's files for this position, shown, downloadable and copied.
        select(&c, "#export-level", "fragment").await;
        select(&c, "#export-edition", "2021").await;
        let name = c.find(Locator::Css("#export-name")).await.unwrap();
        name.send_keys("browser_export").await.unwrap();
        click(&c, "#export").await;
        wait_js_for(
            &c,
            "the export",
            Duration::from_secs(60),
            "document.querySelectorAll('#export-out pre').length > 0",
        )
        .await;
        let want = export_for(
            &puzzle,
            &answer,
            Level::Fragment,
            "browser_export",
            Edition::E2021,
        )
        .unwrap();
        let shown = js(
            &c,
            "[...document.querySelectorAll('#export-out .file')].map((f) => \
               [f.querySelector('code').textContent, f.querySelector('pre').textContent])",
        )
        .await;
        let want_files: Vec<Value> = want
            .files
            .iter()
            .map(|f| json!([f.path, f.contents]))
            .collect();
        assert_eq!(shown, Value::Array(want_files), "the exported files");
        assert!(want.files[0].contents.contains("browser_export"));
        let first = &want.files[0];
        let blob = js(
            &c,
            "fetch(document.querySelector('#export-out a[download]').href).then((r) => r.text())",
        )
        .await;
        assert_eq!(
            blob.as_str(),
            Some(first.contents.as_str()),
            "the Download link's file"
        );

        // Enter on the Download link downloads (and opens no cell, as it once did).
        js(
            &c,
            "(() => { document.querySelector('#export-out a[download]').focus(); return true; })()",
        )
        .await;
        press(&c, ENTER).await;
        let file = work
            .join("downloads")
            .join(first.path.rsplit('/').next().unwrap());
        let start = Instant::now();
        while std::fs::read_to_string(&file).ok().as_deref() != Some(first.contents.as_str()) {
            assert!(
                start.elapsed() < WAIT,
                "Enter on Download saved no {} with the file's text",
                file.display()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(
            dom(&c).await.board(),
            before.board(),
            "Enter on the link played the board"
        );

        // Copy puts the file's text on the clipboard (read back through the page, allowed to).
        allow_clipboard_reading(&c).await;
        click(&c, "#export-out .file-head button").await;
        wait_js(
            &c,
            "Copy to answer",
            "document.querySelector('#export-out .file-head button').textContent === 'Copied'",
        )
        .await;
        let copied = js(&c, "navigator.clipboard.readText()").await;
        assert_eq!(
            copied.as_str(),
            Some(first.contents.as_str()),
            "the clipboard"
        );
        screenshot(&c, "intermediate-export.png").await;
    }

    pub async fn keyboard_use(c: Client, url: String, _work: PathBuf) {
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

    pub async fn back_and_forward(c: Client, url: String, _work: PathBuf) {
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

    pub async fn seeds_beyond_2_pow_53(c: Client, url: String, _work: PathBuf) {
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

    pub async fn a_position_that_needs_a_guess_at_complete(c: Client, url: String, _work: PathBuf) {
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

    pub async fn large_boards_and_overlays(c: Client, url: String, _work: PathBuf) {
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
}

/// Lets the page read the clipboard (WebDriver's Set Permission, sent to chromedriver by hand:
/// fantoccini has no call for it).
async fn allow_clipboard_reading(c: &Client) {
    use std::io::Write;
    let session = c.session_id().await.unwrap().expect("a session");
    let address = DRIVER
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .trim_start_matches("http://")
        .to_string();
    let body = json!({"descriptor": {"name": "clipboard-read"}, "state": "granted"}).to_string();
    let mut stream = TcpStream::connect(&address).expect("chromedriver answers");
    write!(
        stream,
        "POST /session/{session}/permissions HTTP/1.1\r\nHost: {address}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    // The status line is enough (chromedriver may keep the connection open).
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut head = [0; 64];
    let read = stream
        .read(&mut head)
        .expect("chromedriver answers the permission");
    let answer = String::from_utf8_lossy(&head[..read]);
    assert!(
        answer.starts_with("HTTP/1.1 200"),
        "chromedriver refused the clipboard permission: {answer}"
    );
}

/// Moves the board's cursor (the focused cell, shown) to cell `i` with the arrow keys.
async fn cursor_to(c: &Client, i: usize) {
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
