//! The processes a scenario runs against (the `typesweeper serve` command, chromedriver and
//! through it headless Chromium, each in a process group of its own and killed with it),
//! and `scenario`, which runs one against them, one at a time.

use std::future::Future;
use std::io::{BufRead, BufReader, Read};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};

/// The browser window: expert (16x30) must fit it without scrolling.
pub(crate) const WINDOW: (u32, u32) = (1400, 1000);
/// How long a whole scenario may take.
const SCENARIO_LIMIT: Duration = Duration::from_secs(240);

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
pub(crate) fn shots_dir() -> PathBuf {
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
pub(crate) static DRIVER: Mutex<String> = Mutex::new(String::new());

/// Runs `play` against a fresh server in a fresh headless Chromium (window `WINDOW`), one
/// scenario at a time; `name` names its scratch directory under the tests' temporary one. A
/// failed step still ends the browser session (chromedriver closes Chromium) before the
/// failure is reported.
pub(crate) fn scenario<F, Fut>(name: &str, play: F)
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

/// Why a scenario is not run by a plain `cargo test`. `browser_test!(/// docs name)` in a
/// scenario's module is its test, `name`, which runs the module's `async fn play` by
/// [`scenario`].
macro_rules! browser_test {
    ($(#[doc = $doc:literal])* $name:ident) => {
        $(#[doc = $doc])*
        #[test]
        #[ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver); CI runs it"]
        fn $name() {
            $crate::harness::scenario(stringify!($name), |c, url, work| async move {
                play(c, url, work).await
            });
        }
    };
}
pub(crate) use browser_test;
