//! End to end in a real browser: the real `typesweeper serve` on a free port, headless Chromium
//! driven through chromedriver (WebDriver, by fantoccini), the page clicked and read back from
//! its DOM as a player would: open, marks, hint and why, chord, the solver to the end, an expert
//! board with the probability overlay. Screenshots go to `target/browser/`.
//!
//! Chromium and chromedriver are not part of the toolchain, so the test is ignored by a plain
//! `cargo test`, which lists it with the reason; with both installed, `cargo test -p
//! typesweeper-browser-tests -- --ignored` runs it (CI does), and there a missing program is a
//! failure naming it and the command that installs it. It lives in a package of its own (see
//! its `Cargo.toml`) and asks cargo for the `typesweeper` command the workspace's `cargo test`
//! built.

use std::io::{BufRead, BufReader, Read};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, MOUSE_BUTTON_RIGHT,
};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use typesweeper::runtime::autoplay::play_game;
use typesweeper::runtime::game::Config;
use typesweeper::runtime::layout::FirstClick;

/// The beginner board the player plays by hand (first click zero at R5C5): after that click
/// and the hint, some number has exactly as many proved mines around it as it shows, and other
/// hidden neighbours, so flagging them and clicking the number chords.
const BEGINNER_SEED: u64 = 2024;
/// The expert board of the probability screenshot, and how many solver moves are played on it
/// first (all proved safe, or guesses that survive: the game is still on).
const EXPERT_SEED: u64 = 17;
const EXPERT_SOLVER_MOVES: usize = 30;
/// The browser window: expert (16x30) must fit it without scrolling.
const WINDOW: (u32, u32) = (1400, 1000);

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

// ---------------------------------------------------------------------------------------------
// Reading and driving the page
// ---------------------------------------------------------------------------------------------

/// What the page shows, read from its DOM.
#[derive(Clone, Debug)]
struct Dom {
    rows: usize,
    cols: usize,
    seed: String,
    status: String,
    message: String,
    /// Per cell, its `data-state`: the API's board character.
    states: Vec<char>,
    /// Per cell, its classes.
    classes: Vec<String>,
    /// Per cell, its text.
    texts: Vec<String>,
}

impl Dom {
    fn state(&self, row: usize, col: usize) -> char {
        self.states[row * self.cols + col]
    }

    fn has_class(&self, i: usize, class: &str) -> bool {
        self.classes[i].split_whitespace().any(|c| c == class)
    }

    /// The cells around `i`, as indices.
    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (r, c) = ((i / self.cols) as isize, (i % self.cols) as isize);
        let mut out = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (nr, nc) = (r + dr, c + dc);
                if (dr, dc) != (0, 0)
                    && nr >= 0
                    && nc >= 0
                    && (nr as usize) < self.rows
                    && (nc as usize) < self.cols
                {
                    out.push(nr as usize * self.cols + nc as usize);
                }
            }
        }
        out
    }

    fn at(&self, i: usize) -> (usize, usize) {
        (i / self.cols, i % self.cols)
    }
}

const READ_DOM: &str = r#"
const board = document.getElementById('board');
const cells = [...board.querySelectorAll('.cell')];
return {
  rows: Number(board.dataset.rows || 0),
  cols: Number(board.dataset.cols || 0),
  seed: board.dataset.seed || '',
  status: document.getElementById('status').textContent,
  message: document.getElementById('message').textContent,
  states: cells.map((c) => c.dataset.state || '.').join(''),
  classes: cells.map((c) => c.className),
  texts: cells.map((c) => c.textContent),
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
        seed: v["seed"].as_str().unwrap().to_string(),
        status: v["status"].as_str().unwrap().to_string(),
        message: v["message"].as_str().unwrap().to_string(),
        states: v["states"].as_str().unwrap().chars().collect(),
        classes: strings("classes"),
        texts: strings("texts"),
    }
}

/// Reads the DOM until `done` holds, or fails after `timeout` showing the status and message.
async fn wait_dom(c: &Client, what: &str, timeout: Duration, done: impl Fn(&Dom) -> bool) -> Dom {
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
            d.states.iter().collect::<String>()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs `script` (a JavaScript expression) until it is true, or fails after `timeout`.
async fn wait_js(c: &Client, what: &str, timeout: Duration, script: &str) {
    let start = Instant::now();
    loop {
        let v = c
            .execute(&format!("return !!({script});"), vec![])
            .await
            .expect("the page runs the script");
        if v == Value::Bool(true) {
            return;
        }
        let message = c
            .execute(
                "return document.getElementById('message').textContent;",
                vec![],
            )
            .await
            .unwrap_or(Value::Null);
        assert!(
            start.elapsed() < timeout,
            "timed out after {timeout:?} waiting for {what} ({script}); message {message}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
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

/// A real right click on a cell (the page must cycle the mark and show no context menu).
async fn right_click_cell(c: &Client, row: usize, col: usize) {
    let cell = c.find(Locator::Css(&cell_css(row, col))).await.unwrap();
    let mouse = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement {
            element: cell,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_RIGHT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_RIGHT,
        });
    c.perform_actions(mouse).await.unwrap();
    c.release_actions().await.unwrap();
}

/// Right-clicks the cell at (`row`, `col`) and waits until it shows `want` (`what` names the
/// wait in a failure).
async fn right_click_to(c: &Client, row: usize, col: usize, want: char, what: &str) {
    right_click_cell(c, row, col).await;
    wait_dom(c, what, Duration::from_secs(10), |d| {
        d.state(row, col) == want
    })
    .await;
}

/// A key pressed and released on the page.
async fn press(c: &Client, key: char) {
    let keys = KeyActions::new("keyboard".to_string())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    c.perform_actions(keys).await.unwrap();
    c.release_actions().await.unwrap();
}

/// Chooses `value` in the select `css`.
async fn select(c: &Client, css: &str, value: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("cannot choose {value} in {css}: {e}"));
}

/// Waits until the board is a game of `level` with first click `rule` (changing either in the
/// top bar deals a new game).
async fn wait_game(c: &Client, level: &str, rule: &str) {
    wait_js(
        c,
        &format!("a {level} game, first click {rule}"),
        Duration::from_secs(20),
        &format!(
            "document.getElementById('board').dataset.level === '{level}' && \
             document.getElementById('board').dataset.firstClick === '{rule}'"
        ),
    )
    .await;
}

/// Types `seed` in the seed field and presses New game; waits for that board, untouched.
async fn new_game_with_seed(c: &Client, seed: u64) -> Dom {
    let field = c.find(Locator::Css("#seed")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(&seed.to_string()).await.unwrap();
    click(c, "#new-game").await;
    let want = seed.to_string();
    wait_dom(
        c,
        &format!("the game of seed {seed}"),
        Duration::from_secs(20),
        |d| d.seed == want && d.status == "playing" && d.states.iter().all(|&s| s == '.'),
    )
    .await
}

/// Whether the whole board shows without scrolling, and the width of a cell in pixels.
async fn board_fits(c: &Client) -> (bool, f64) {
    let v = c
        .execute(
            "const s = document.getElementById('board-scroll'); \
             const cell = document.querySelector('#board .cell').getBoundingClientRect(); \
             const page = document.documentElement; \
             return [s.scrollWidth <= s.clientWidth && s.scrollHeight <= s.clientHeight \
                     && page.scrollWidth <= page.clientWidth, cell.width];",
            vec![],
        )
        .await
        .unwrap();
    (v[0] == Value::Bool(true), v[1].as_f64().unwrap())
}

async fn screenshot(c: &Client, path: &Path) {
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(path, png).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
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
// The game, played
// ---------------------------------------------------------------------------------------------

#[tokio::test(flavor = "current_thread")]
#[ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver); CI runs it"]
async fn browser_plays_the_game() {
    let chromium = require(&["chromium", "chromium-browser"], "chromium");
    let driver = require(&["chromedriver"], "chromium-driver");

    let work = fresh_dir("run");
    let data = work.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let (_server, url) = start_server(&data);
    let (_driver, driver_url) = start_chromedriver(&driver, &work.join("chromedriver.log"));

    let profile = work.join("profile");
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
                format!("--user-data-dir={}", profile.display()),
                format!("--window-size={},{}", WINDOW.0, WINDOW.1),
            ],
        }),
    );
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver_url)
        .await
        .unwrap_or_else(|e| {
            panic!(
                "chromedriver did not start Chromium ({}): {e}; its log: {}",
                chromium.display(),
                work.join("chromedriver.log").display()
            )
        });

    // The steps run as a task of their own, so a failed step still ends the browser session
    // (chromedriver closes Chromium) before the failure is reported.
    let outcome = tokio::spawn(play(client.clone(), url, shots_dir())).await;
    let _ = client.close().await;
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
    let _ = std::fs::remove_dir_all(&work);
}

async fn play(c: Client, url: String, shots: PathBuf) {
    c.goto(&url).await.expect("the page loads");
    assert_eq!(c.title().await.unwrap(), "typesweeper");
    wait_js(
        &c,
        "the first game",
        Duration::from_secs(20),
        "document.getElementById('board').dataset.gameId",
    )
    .await;
    let limits = text_of(&c, "#limits").await;
    assert!(limits.is_empty() || limits.contains("100"), "{limits}");

    // ---- A beginner game by hand, first click zero, seed typed in.
    select(&c, "#level", "beginner").await;
    select(&c, "#first-click", "zero").await;
    wait_game(&c, "beginner", "zero").await;
    let d = new_game_with_seed(&c, BEGINNER_SEED).await;
    assert_eq!((d.rows, d.cols), (9, 9));
    assert_eq!(text_of(&c, "#status").await, "playing");

    // Open: the first click opens an area (a 0 and the numbers around it).
    click_cell(&c, 4, 4).await;
    let d = wait_dom(
        &c,
        "the first click to open",
        Duration::from_secs(10),
        |d| d.state(4, 4) == '0',
    )
    .await;
    let numbers = (0..d.states.len())
        .filter(|&i| d.states[i].is_ascii_digit() && d.states[i] != '0')
        .count();
    assert!(numbers > 0, "no open number shown: {:?}", d.states);
    assert!(
        d.has_class(4 * 9 + 4, "open"),
        "the opened cell looks open: {}",
        d.classes[40]
    );
    assert_eq!(d.status, "playing");

    // Marks: right clicks cycle flag, ?, hidden; the mine counter follows the flag.
    let hidden = (0..d.states.len()).find(|&i| d.states[i] == '.').unwrap();
    let (hr, hc) = d.at(hidden);
    for (want, counter) in [('F', "9"), ('?', "10"), ('.', "10")] {
        right_click_to(&c, hr, hc, want, &format!("right click to show {want:?}")).await;
        assert_eq!(text_of(&c, "#mines-left").await, counter);
    }
    // With "? marks" off, right clicks cycle flag, hidden; the line under the board says so.
    click(&c, "#marks").await;
    wait_js(
        &c,
        "question marks off",
        Duration::from_secs(10),
        "document.getElementById('info').textContent.includes('no ? marks')",
    )
    .await;
    for want in ['F', '.'] {
        let what = format!("right click without ? marks to show {want:?}");
        right_click_to(&c, hr, hc, want, &what).await;
    }
    click(&c, "#marks").await;
    wait_js(
        &c,
        "question marks on again",
        Duration::from_secs(10),
        "!document.getElementById('info').textContent.includes('no ? marks')",
    )
    .await;

    // Flag mode (for touch screens): a left click flags instead of opening.
    click(&c, "#flag-mode").await;
    click_cell(&c, hr, hc).await;
    wait_dom(&c, "flag mode to flag", Duration::from_secs(10), |d| {
        d.state(hr, hc) == 'F'
    })
    .await;
    click(&c, "#flag-mode").await;
    right_click_cell(&c, hr, hc).await;
    right_click_cell(&c, hr, hc).await;
    wait_dom(&c, "the cell hidden again", Duration::from_secs(10), |d| {
        d.state(hr, hc) == '.'
    })
    .await;

    // The hint: proved mines red, proved safe cells green.
    click(&c, "#hint").await;
    let d = wait_dom(&c, "the hint", Duration::from_secs(20), |d| {
        (0..d.classes.len()).any(|i| d.has_class(i, "hint-mine") || d.has_class(i, "hint-safe"))
    })
    .await;
    let hinted = d.clone();
    let proved_mine = |i: usize| d.has_class(i, "hint-mine");
    // A number with exactly as many proved mines around it as it shows, and other hidden
    // neighbours: flag those mines and the number chords.
    let (number, mines, others) = (0..d.states.len())
        .find_map(|i| {
            let n = d.states[i].to_digit(10)? as usize;
            if n == 0 {
                return None;
            }
            let around = d.neighbours(i);
            let mines: Vec<usize> = around.iter().copied().filter(|&j| proved_mine(j)).collect();
            let others: Vec<usize> = around
                .iter()
                .copied()
                .filter(|&j| d.states[j] == '.' && !proved_mine(j))
                .collect();
            (mines.len() == n && !others.is_empty()).then_some((i, mines, others))
        })
        .unwrap_or_else(|| {
            panic!(
                "seed {BEGINNER_SEED} gives no number to chord after the first click and the \
                 hint: choose another BEGINNER_SEED; board {:?}",
                d.states
            )
        });

    // Why: with the hint shown, a click on a highlighted cell explains it instead of opening.
    let (mr, mc) = d.at(mines[0]);
    click_cell(&c, mr, mc).await;
    wait_js(
        &c,
        "the explanation",
        Duration::from_secs(20),
        "!document.getElementById('why').hidden && \
         document.getElementById('why-lines').children.length > 0",
    )
    .await;
    assert_eq!(text_of(&c, "#why-verdict").await, "mine");
    assert!(text_of(&c, "#why-cell").await.starts_with('R'));
    assert_eq!(
        dom(&c).await.state(mr, mc),
        '.',
        "a click on a hinted mine opened it"
    );
    screenshot(&c, &shots.join("beginner-why.png")).await;

    for &m in &mines {
        let (r, col) = d.at(m);
        right_click_to(&c, r, col, 'F', "a flag on a proved mine").await;
    }
    let (nr, nc) = d.at(number);
    click_cell(&c, nr, nc).await;
    let d = wait_dom(
        &c,
        "the chord to open the number's other neighbours",
        Duration::from_secs(10),
        |d| others.iter().all(|&j| d.states[j].is_ascii_digit()),
    )
    .await;
    assert_eq!(d.status, "playing", "the chord lost: {}", d.message);
    screenshot(&c, &shots.join("beginner.png")).await;

    // A lost game: a wrong flag on a proved-safe cell, then a click on a proved mine. The page
    // shows the mine hit, the other mines, and the wrong flag crossed out.
    let wrong =
        (0..d.states.len()).find(|&i| hinted.has_class(i, "hint-safe") && d.states[i] == '.');
    let boom =
        (0..d.states.len()).find(|&i| hinted.has_class(i, "hint-mine") && d.states[i] == '.');
    let (Some(wrong), Some(boom)) = (wrong, boom) else {
        panic!("seed {BEGINNER_SEED}: the hint left no hidden safe cell and mine to lose on; choose another BEGINNER_SEED");
    };
    let (wr, wc) = d.at(wrong);
    right_click_to(&c, wr, wc, 'F', "a wrong flag").await;
    let (br, bc) = d.at(boom);
    click_cell(&c, br, bc).await;
    let d = wait_dom(&c, "the game to be lost", Duration::from_secs(10), |d| {
        d.status == "lost"
    })
    .await;
    assert_eq!(text_of(&c, "#status").await, "lost");
    assert!(
        d.state(br, bc) == 'X' && d.has_class(boom, "hit"),
        "the mine hit: {:?} {}",
        d.state(br, bc),
        d.classes[boom]
    );
    assert!(
        d.state(wr, wc) == 'W' && d.has_class(wrong, "wrong"),
        "the wrong flag: {:?} {}",
        d.state(wr, wc),
        d.classes[wrong]
    );
    let shown = d
        .states
        .iter()
        .filter(|&&s| matches!(s, 'X' | '*' | 'F'))
        .count();
    assert_eq!(shown, 10, "a lost game shows every mine: {:?}", d.states);
    screenshot(&c, &shots.join("beginner-lost.png")).await;

    // Help: ? shows the controls, any key closes them.
    press(&c, '?').await;
    wait_js(
        &c,
        "the help",
        Duration::from_secs(5),
        "!document.getElementById('help').hidden",
    )
    .await;
    assert!(text_of(&c, "#help").await.contains("chord"));
    press(&c, 'x').await;
    wait_js(
        &c,
        "the help to close",
        Duration::from_secs(5),
        "document.getElementById('help').hidden",
    )
    .await;

    // Keys: l shows and moves the cursor, r restarts the same board.
    press(&c, 'l').await;
    wait_js(
        &c,
        "the cursor",
        Duration::from_secs(5),
        "document.querySelectorAll('#board .cell.cursor').length === 1",
    )
    .await;
    press(&c, 'r').await;
    let want = BEGINNER_SEED.to_string();
    wait_dom(&c, "the restart", Duration::from_secs(10), |d| {
        d.status == "playing" && d.seed == want && d.states.iter().all(|&s| s == '.')
    })
    .await;

    // ---- A no-guess board: dealt with its first click made, so it opens already played.
    click(&c, "#no-guess").await;
    wait_js(
        &c,
        "a no-guess board",
        Duration::from_secs(60),
        "document.getElementById('info').textContent.includes('was opened for you')",
    )
    .await;
    let d = dom(&c).await;
    assert_eq!(d.status, "playing");
    assert!(
        d.states.iter().any(|s| s.is_ascii_digit()),
        "the first click was made: {:?}",
        d.states
    );
    click(&c, "#no-guess").await;
    wait_dom(
        &c,
        "an ordinary board again",
        Duration::from_secs(10),
        |d| d.states.iter().all(|&s| s == '.'),
    )
    .await;

    // ---- The solver plays a game to the end. What the page sends is read too: no option (the
    // solver has one strength; an option would be refused).
    let seed = winning_beginner_seed();
    c.execute(
        "window.solverBodies = [];
         const send = window.fetch;
         window.fetch = (url, init) => {
           if (String(url).endsWith('/solver-move')) window.solverBodies.push(init.body);
           return send(url, init);
         };",
        vec![],
    )
    .await
    .expect("fetch is wrapped");
    new_game_with_seed(&c, seed).await;
    click(&c, "#ai-run").await;
    assert_eq!(text_of(&c, "#ai-run").await, "Stop");
    let d = wait_dom(&c, "the solver to win", Duration::from_secs(90), |d| {
        d.status != "playing"
    })
    .await;
    assert_eq!(
        d.status, "won",
        "the solver lost seed {seed}: {}",
        d.message
    );
    assert_eq!(text_of(&c, "#status").await, "won");
    assert_eq!(
        d.states.iter().filter(|&&s| s == 'F').count(),
        10,
        "a won game shows every mine flagged"
    );
    wait_js(
        &c,
        "the AI button back",
        Duration::from_secs(5),
        "document.getElementById('ai-run').textContent === 'AI till end'",
    )
    .await;
    assert!(
        c.find(Locator::Css("#helped"))
            .await
            .unwrap()
            .is_displayed()
            .await
            .unwrap(),
        "a game the solver played shows the helped marker"
    );
    assert_eq!(
        text_of(&c, "#mines-led").await,
        "000",
        "a won game's counter"
    );
    let bodies = c
        .execute("return window.solverBodies", vec![])
        .await
        .expect("the bodies read back");
    let bodies = bodies.as_array().expect("a list");
    assert!(!bodies.is_empty(), "the solver moves went through fetch");
    for body in bodies {
        assert_eq!(body, "{}", "a solver move sends no option");
    }
    screenshot(&c, &shots.join("beginner-won.png")).await;

    // ---- A custom board larger than the window scrolls, its cells still readable.
    select(&c, "#level", "custom").await;
    assert!(
        text_of(&c, "#limits").await.contains("100"),
        "the limits are stated"
    );
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
    wait_game(&c, "60x100/900", "zero").await;
    let (fits, cell) = board_fits(&c).await;
    assert!(!fits, "a 60x100 board scrolls");
    assert!(cell >= 22.0, "custom cells are {cell} px");
    click_cell(&c, 30, 50).await;
    wait_dom(&c, "the custom first click", Duration::from_secs(10), |d| {
        d.state(30, 50) == '0'
    })
    .await;
    screenshot(&c, &shots.join("custom-large.png")).await;

    // ---- Expert: fits the window; the probability overlay.
    select(&c, "#level", "expert").await;
    wait_game(&c, "expert", "zero").await;
    let d = new_game_with_seed(&c, EXPERT_SEED).await;
    assert_eq!((d.rows, d.cols), (16, 30));
    let (fits, cell) = board_fits(&c).await;
    assert!(fits, "expert scrolls in a {}x{} window", WINDOW.0, WINDOW.1);
    assert!(cell >= 22.0, "expert cells are {cell} px");
    // A 1280-wide window shows expert whole too, with cells still readable.
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
    screenshot(&c, &shots.join("expert-1280.png")).await;
    c.set_window_size(WINDOW.0, WINDOW.1).await.unwrap();
    click_cell(&c, 7, 14).await;
    wait_dom(&c, "the expert first click", Duration::from_secs(10), |d| {
        d.state(7, 14) == '0'
    })
    .await;
    // The solver plays on a while (key a), one move at a time, so the overlay has a game in
    // progress to show.
    let opened = |d: &Dom| d.states.iter().filter(|s| s.is_ascii_digit()).count();
    for _ in 0..EXPERT_SOLVER_MOVES {
        let before = opened(&dom(&c).await);
        press(&c, 'a').await;
        wait_dom(&c, "a solver move", Duration::from_secs(20), |d| {
            opened(d) > before || d.status != "playing"
        })
        .await;
    }
    let d = dom(&c).await;
    assert_eq!(
        d.status, "playing",
        "the solver ended expert seed {EXPERT_SEED}: {}",
        d.message
    );
    click(&c, "#probabilities").await;
    let d = wait_dom(
        &c,
        "the probability overlay",
        Duration::from_secs(30),
        |d| (0..d.classes.len()).any(|i| d.has_class(i, "prob")),
    )
    .await;
    for i in (0..d.classes.len()).filter(|&i| d.has_class(i, "prob")) {
        let pct: u32 = d.texts[i]
            .parse()
            .unwrap_or_else(|_| panic!("cell {i} shows {:?}, not a percent", d.texts[i]));
        assert!(pct <= 100);
        assert!(d.states[i] == '.' || d.states[i] == '?');
    }
    screenshot(&c, &shots.join("expert-probabilities.png")).await;

    // The compile-time view: per level what solve! decides here; the board overlay of fragment
    // against complete; the export as a Rust test, with its files to read and download.
    click(&c, "#probabilities").await;
    click(&c, "#compile-view").await;
    wait_js(
        &c,
        "the compile-time view",
        Duration::from_secs(60),
        "document.querySelectorAll('#compile-rows li code').length === 3",
    )
    .await;
    let levels = text_of(&c, "#compile-rows").await;
    for level in ["fragment", "pairs", "complete"] {
        assert!(levels.contains(level), "no {level} in {levels:?}");
    }
    assert!(levels.contains(" of "), "{levels:?}");
    select(&c, "#compile-overlay", "fragment").await;
    wait_js(
        &c,
        "the fragment overlay",
        Duration::from_secs(10),
        "document.querySelectorAll('#board .cell.lvl-safe, #board .cell.lvl-mine, \
         #board .cell.only-complete').length > 0",
    )
    .await;
    select(&c, "#export-level", "fragment").await;
    click(&c, "#export").await;
    wait_js(
        &c,
        "the export",
        Duration::from_secs(60),
        "document.querySelectorAll('#export-out pre').length > 0",
    )
    .await;
    let download = c
        .find(Locator::Css("#export-out a[download]"))
        .await
        .expect("a Download link");
    let href = download.attr("href").await.unwrap().unwrap_or_default();
    assert!(href.starts_with("blob:"), "the Download link is {href:?}");
    let file = text_of(&c, "#export-out pre").await;
    assert!(
        file.contains("solve!") || file.contains("typesweeper"),
        "{file}"
    );
    screenshot(&c, &shots.join("expert-compile.png")).await;
}
