//! End to end: the real `typesweeper play` in a real terminal (tmux), driven by keys and read
//! back from the screen. tmux is not part of the toolchain, so these tests are ignored by a plain
//! `cargo test`, which lists them with the reason; with tmux installed, `cargo test -p
//! typesweeper-cli --test command -- --ignored` runs them (CI does), and there a missing tmux
//! is a failure that says so.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A tmux server of our own (`-L` socket), killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn available() -> bool {
        Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success())
    }

    fn new(name: &str) -> Tmux {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        Tmux {
            socket: format!("typesweeper-{name}-{}-{nanos}", std::process::id()),
        }
    }

    fn run(&self, args: &[&str]) -> Output {
        let out = Command::new("tmux")
            .arg("-u") // the screen holds UTF-8 (box drawing, glyphs) whatever the locale
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "play"]).stdout)
            .into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Polls the screen until `done` holds, or fails after `timeout` showing the last screen.
    fn wait_for(&self, what: &str, timeout: Duration, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < timeout,
                "timed out after {timeout:?} waiting for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// Fails the test when tmux is not installed, saying why and what to do.
fn require_tmux() {
    assert!(
        Tmux::available(),
        "tmux is not installed (`tmux -V` did not run): this test plays the real game in a \
         tmux terminal. Install tmux (CI does: `apt-get install tmux`); a plain `cargo test` \
         leaves these tests out (they are ignored)."
    );
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// A fresh data directory for best times, so the test never touches the real one.
fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("typesweeper-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Starts `typesweeper play ARGS` in a 100x40 tmux session; when it exits, the shell prints
/// its exit status and stays, so the test can read it.
fn start(tmux: &Tmux, data: &Path, args: &str) {
    let command = format!(
        "TYPESWEEPER_DATA_DIR='{}' '{}' play {args}; echo \"typesweeper exited with status $?\"; \
         sleep 600",
        data.display(),
        env!("CARGO_BIN_EXE_typesweeper"),
    );
    tmux.run(&[
        "new-session",
        "-d",
        "-x",
        "100",
        "-y",
        "40",
        "-s",
        "play",
        "sh",
        "-c",
        &command,
    ]);
}

/// The status line: the one that starts with the mine counter.
fn status_line(screen: &str) -> Option<&str> {
    screen.lines().find(|l| l.starts_with("mines "))
}

fn state_word(screen: &str) -> Option<&'static str> {
    let words: Vec<&str> = status_line(screen)?.split([' ', '│']).collect();
    ["playing", "won", "lost"]
        .into_iter()
        .find(|w| words.contains(w))
}

const TIMEOUT: Duration = Duration::from_secs(60);

/// The key-help line under the status line.
const KEYS: &str = "? help · q quit · arrows/hjkl · space open · f flag · c chord · a A t p solver";

#[test]
#[ignore = "needs tmux (apt-get install tmux); CI runs it"]
fn tmux_the_solver_plays_a_seeded_game_to_its_end_and_q_exits_cleanly() {
    require_tmux();
    let tmux = Tmux::new("autoplay");
    let data = data_dir("autoplay");
    start(&tmux, &data, "--level beginner --seed 7");
    let screen = tmux.wait_for("the board", TIMEOUT, |s| state_word(s).is_some());
    assert!(
        screen.contains("beginner 9x9/10 · seed 7 · first click zero"),
        "{screen}"
    );
    assert_eq!(state_word(&screen), Some("playing"));

    // The hint's message leaves the key help in place.
    tmux.keys(&["Space", "t"]);
    let screen = tmux.wait_for("the hint", TIMEOUT, |s| s.contains("hint: "));
    assert!(screen.contains(KEYS), "{screen}");

    tmux.keys(&["A"]);
    let screen = tmux.wait_for("the game to end", TIMEOUT, |s| {
        matches!(state_word(s), Some("won" | "lost"))
    });
    let status = status_line(&screen).unwrap();
    assert!(status.contains("helped"), "{status}");
    // The solver may have had to guess: either end is fine, each said in words.
    if state_word(&screen) == Some("won") {
        assert!(
            screen.contains("with the solver's help (not a best time)"),
            "{screen}"
        );
    } else {
        assert!(screen.contains("lost: R"), "{screen}");
    }

    tmux.keys(&["q"]);
    let screen = tmux.wait_for("the exit status", TIMEOUT, |s| {
        s.contains("typesweeper exited with status")
    });
    assert!(
        screen.contains("typesweeper exited with status 0"),
        "{screen}"
    );
    assert!(
        !screen.contains("mines "),
        "the alternate screen is gone after quitting:\n{screen}"
    );
    assert!(
        !data.join("best-times.txt").exists(),
        "a helped game writes no best time"
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
#[ignore = "needs tmux (apt-get install tmux); CI runs it"]
fn tmux_keys_play_a_game_by_hand_and_a_win_is_saved_as_a_best_time() {
    require_tmux();
    let tmux = Tmux::new("byhand");
    let data = data_dir("byhand");
    // One row of 9 cells with one mine. The safe rule's first click is the left end; it opens
    // rightwards up to the 1 beside the mine, so the mine is the first hidden cell.
    // A corrupt best-times file is reported on screen and replaced, not fatal.
    std::fs::write(data.join("best-times.txt"), "beginner: fast\n").unwrap();
    start(&tmux, &data, "--level 1x9/1 --seed 3 --first-click safe");
    let screen = tmux.wait_for("the board", TIMEOUT, |s| state_word(s).is_some());
    // The whole warning is on screen, wrapped over the lines under the keys, not cut at the
    // terminal's edge.
    let aside = data.join("best-times.txt.corrupt");
    let words: Vec<&str> = screen.split_whitespace().collect();
    let warning = format!(
        "best times file was corrupt (unknown header); replaced (old copy: {})",
        aside.display()
    );
    assert!(
        words.join(" ").contains(&warning),
        "{warning} not in\n{screen}"
    );
    assert!(screen.lines().all(|l| l.chars().count() <= 100), "{screen}");
    assert_eq!(
        std::fs::read_to_string(data.join("best-times.txt.corrupt")).unwrap(),
        "beginner: fast\n"
    );
    tmux.keys(&["Space"]);
    let screen = tmux.wait_for("the opening", TIMEOUT, |s| !s.contains("time 0.0s"));
    let row = screen
        .lines()
        .find(|l| l.starts_with('│'))
        .expect("the board row");
    // Each cell is three columns after the border: the glyph is the middle one.
    let glyphs: Vec<char> = row.chars().skip(2).step_by(3).take(9).collect();
    let mine = glyphs
        .iter()
        .position(|&g| g == '■')
        .expect("a hidden cell");
    assert!(mine > 0 && glyphs[mine - 1] == '1', "{screen}");
    assert_eq!(state_word(&screen), Some("playing"));

    // Walk right: flag the mine, open each hidden cell after it.
    let mut keys = Vec::new();
    for c in 1..9 {
        keys.push("l");
        keys.push(if c == mine { "f" } else { "Space" });
    }
    tmux.keys(&keys);
    let screen = tmux.wait_for("the win", TIMEOUT, |s| state_word(s) == Some("won"));
    let status = status_line(&screen).unwrap();
    assert!(status.starts_with("mines 0 │"), "{status}");
    assert!(
        status.contains("│ won │ best "),
        "an unhelped win is a best time: {status}"
    );
    assert!(!status.contains("helped"), "{status}");

    tmux.keys(&["q"]);
    tmux.wait_for("the exit status", TIMEOUT, |s| {
        s.contains("typesweeper exited with status 0")
    });
    let best = std::fs::read_to_string(data.join("best-times.txt")).unwrap();
    let line = best.lines().nth(1).unwrap_or_default();
    assert!(
        line.starts_with("1x9/1 safe\t") && line.ends_with("\t3"),
        "level, time and seed are kept: {best}"
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
#[ignore = "needs tmux (apt-get install tmux); CI runs it"]
fn tmux_no_guess_says_on_screen_when_it_deals_a_later_seed() {
    require_tmux();
    let tmux = Tmux::new("noguess");
    let data = data_dir("noguess");
    // Expert seed 3 needs a guess from R3C3; seed 4 is the next that does not.
    start(&tmux, &data, "--level expert --seed 3 --no-guess");
    let screen = tmux.wait_for("the board", TIMEOUT, |s| state_word(s).is_some());
    assert!(
        screen.contains("expert 16x30/99 · seed 4 · first click zero · no-guess: R3C3 opened"),
        "{screen}"
    );
    assert!(
        screen.contains(
            "no-guess: seed 3 needs a guess, so this is seed 4, the next one that does not"
        ),
        "{screen}"
    );
    assert!(screen.contains(KEYS), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("the exit status", TIMEOUT, |s| {
        s.contains("typesweeper exited with status 0")
    });
    let _ = std::fs::remove_dir_all(&data);
}
