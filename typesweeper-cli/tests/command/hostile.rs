//! The `typesweeper` binary against hostile surroundings and input: standard output that is
//! closed or full, absurd `bench` sizes, and the messages and exit statuses of bad input.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_typesweeper"))
}

/// Status code and standard error of a finished run.
fn status_and_stderr(out: &Output) -> (i32, String) {
    (
        out.status.code().expect("exited normally, not by a signal"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts that a run ended with status 1 and no panic.
fn assert_quiet_failure(what: &str, out: &Output) -> String {
    let (code, err) = status_and_stderr(out);
    assert!(!err.contains("panicked"), "{what}: a panic:\n{err}");
    assert_eq!(code, 1, "{what}: {err}");
    err
}

/// Runs `args` with standard output on `/dev/full`, where every write fails (no space left).
#[cfg(target_os = "linux")]
fn with_full_stdout(args: &[&str], stdin: &str) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists on Linux");
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that does not read its input (gen, bench) may have ended already: ignore that.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// Starts `args` with standard output a pipe whose reading end is closed at once, as when the
/// command is piped into `head -c1` and `head` has finished. `stdin` is written after the pipe
/// is closed, so a command that reads its input first cannot write before.
fn with_closed_stdout(args: &[&str], stdin: &str) -> Output {
    let mut child: Child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    // The command may already have failed and closed its standard input: ignore that.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

const WALL: &str = "? ? ? ?\n1 2 2 1\n";

#[test]
#[cfg(target_os = "linux")]
fn a_full_stdout_ends_each_command_with_status_1_and_says_why() {
    let runs: [(&str, &[&str]); 4] = [
        ("solve", &["solve", "-"]),
        ("solve --explain", &["solve", "--explain", "-"]),
        (
            "gen",
            &[
                "gen", "--rows", "5", "--cols", "5", "--mines", "3", "--seed", "1",
            ],
        ),
        ("bench", &["bench", "--level", "beginner", "--games", "5"]),
    ];
    for (what, args) in runs {
        let out = with_full_stdout(args, WALL);
        let err = assert_quiet_failure(what, &out);
        assert_eq!(
            err, "error: cannot write to standard output: No space left on device (os error 28)\n",
            "{what}"
        );
    }
    // gen --format rust writes its file at the end, in one piece.
    let out = with_full_stdout(
        &[
            "gen", "--rows", "5", "--cols", "5", "--mines", "3", "--seed", "1", "--format", "rust",
        ],
        "",
    );
    assert_quiet_failure("gen --format rust", &out);
}

#[test]
fn a_closed_stdout_ends_each_command_quietly_with_status_1() {
    let out = with_closed_stdout(&["solve", "--explain", "-"], WALL);
    let err = assert_quiet_failure("solve", &out);
    assert_eq!(err, "", "a reader that stopped reading needs no message");
    // More than a pipe holds (64 KiB), so some write fails whenever the reader closed.
    let out = with_closed_stdout(
        &[
            "gen", "--rows", "30", "--cols", "30", "--mines", "20", "--count", "30", "--seed", "0",
            "--level", "complete",
        ],
        "",
    );
    assert_eq!(assert_quiet_failure("gen", &out), "");
    // bench writes only after its games, long after the pipe was closed.
    let out = with_closed_stdout(&["bench", "--level", "beginner", "--games", "20"], "");
    assert_eq!(assert_quiet_failure("bench", &out), "");
}

#[test]
#[cfg(target_os = "linux")]
fn a_full_stderr_does_not_panic_either() {
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = bin()
        .args(["solve", "/nonexistent/board.txt"])
        .stderr(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "bad input, said or not");
}

/// The peak resident memory of a running process, in KiB, from `/proc`.
#[cfg(target_os = "linux")]
fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM in /proc/PID/status");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
#[cfg(target_os = "linux")]
fn bench_keeps_nothing_per_game() {
    // The most games `--games` takes: bench starts playing at once, in a few megabytes, rather
    // than reserving room for every game's result first.
    let mut child = bin()
        .args([
            "bench",
            "--level",
            "beginner",
            "--games",
            "18446744073709551615",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let running = child.try_wait().unwrap().is_none();
    let peak = running.then(|| peak_rss_kib(child.id()));
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    assert!(
        running,
        "bench stopped: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let peak = peak.unwrap();
    assert!(peak < 100 * 1024, "{peak} KiB after 1.5 s of games");
}

#[test]
fn bench_threads_are_at_most_one_per_cpu() {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let too_many = (cpus + 1).to_string();
    let out = bin()
        .args(["bench", "--games", "1", "--threads", &too_many])
        .output()
        .unwrap();
    let (code, err) = status_and_stderr(&out);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(&format!(
            "error: --threads {too_many} is more than the {cpus} CPU"
        )),
        "{err}"
    );
    for threads in ["0", "18446744073709551615"] {
        let out = bin()
            .args(["bench", "--games", "1", "--threads", threads])
            .output()
            .unwrap();
        let (code, err) = status_and_stderr(&out);
        assert_eq!(code, 2, "--threads {threads}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let out = bin()
        .args([
            "bench",
            "--level",
            "beginner",
            "--games",
            "3",
            "--threads",
            &cpus.to_string(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("games            3\n"), "{report}");
}

/// Runs `args` with `stdin` as standard input: status, standard output, standard error.
fn run_with_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    let (code, err) = status_and_stderr(&out);
    (code, String::from_utf8(out.stdout).unwrap(), err)
}

/// Writes `bytes` to a fresh file named after the test; returns its path.
fn file(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("typesweeper-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn standard_input_has_one_name_in_every_message() {
    let (code, _, err) = run_with_stdin(&["solve", "-"], b"? z\n");
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "error: <stdin>:1:3: unknown cell `z` (expected `?`, `x` or a number 0-8)\n"
        )
    );
    let (code, _, err) = run_with_stdin(&["solve", "-"], b"1 ? 1\n? 3 ?\n");
    assert_eq!(code, 2);
    assert!(err.starts_with("error: <stdin>: contradiction: "), "{err}");
    let puzzle = file("stdin-answer.txt", b"? 1\n");
    let (code, _, err) = run_with_stdin(&["solve", "--answer", "-", &puzzle], b"x 2\n");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: <stdin>: the answer is inconsistent: R1C2"),
        "{err}"
    );
    let (code, _, err) = run_with_stdin(&["solve", "-"], b"? 1\n\xff\n");
    assert_eq!(
        (code, err.as_str()),
        (2, "error: <stdin>:2:1: not UTF-8 text (byte 0xFF)\n")
    );
    let (code, _, err) = run_with_stdin(&["solve", "--answer", "-", "-"], b"x 1\n");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: the puzzle and --answer cannot both be `-`: standard input is read once\n"
    );
}

#[test]
fn line_breaks_of_every_kind_and_a_leading_bom_read_as_text_editors_show_them() {
    // Old-Mac line breaks (CR only), Windows ones, and a byte-order mark before the first row.
    for (name, bytes) in [
        ("cr.txt", &b"? ? ?\r1 2 1\r"[..]),
        ("crlf.txt", b"? ? ?\r\n1 2 1\r\n"),
        ("bom.txt", b"\xef\xbb\xbf? ? ?\n1 2 1\n"),
        ("bom-cr.rs", b"\xef\xbb\xbfpuzzle: [[? ? ?]\r[1 2 1]]\r"),
        ("block-cr.txt", b"# a block\rpuzzle:\r? ? ?\r1 2 1\r"),
    ] {
        let path = file(name, bytes);
        let (code, out, err) = run_with_stdin(&["solve", &path], b"");
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (0, "x s x\n1 2 1\n", ""),
            "{name}"
        );
    }
    let path = file("cr-typo.txt", b"? ? ?\r1 q 1\r");
    let (code, _, err) = run_with_stdin(&["solve", &path], b"");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!("error: {path}:2:3: unknown cell `q` (expected `?`, `x` or a number 0-8)\n")
    );
}

#[test]
fn invisible_characters_in_bad_cells_are_spelled_out() {
    for (input, shown) in [
        (&b"? 1\n? \xef\xbb\xbf2\n"[..], "`<U+FEFF>2`"),
        (b"? 1\n? 2\x00\n", "`2<U+0000>`"),
        (b"? 1\n? 2\xe2\x80\x8b\n", "`2<U+200B>`"),
    ] {
        let (code, _, err) = run_with_stdin(&["solve", "-"], input);
        assert_eq!(code, 2, "{err}");
        assert_eq!(
            err,
            format!(
                "error: <stdin>:2:3: unknown cell {shown} (expected `?`, `x` or a number 0-8)\n"
            )
        );
    }
}

/// Runs `args`: status, standard output, standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    run_with_stdin(args, b"")
}

#[test]
fn gen_names_sizes_and_clicks_as_the_user_wrote_them() {
    let gen = |extra: &[&str]| {
        let mut args = vec!["gen", "--seed", "0"];
        args.extend_from_slice(extra);
        run(&args)
    };
    for (args, message) in [
        (
            &["--rows", "0", "--cols", "3", "--mines", "0"][..],
            "the board has no rows",
        ),
        (
            &["--rows", "3", "--cols", "0", "--mines", "0"],
            "the board has no columns",
        ),
        (
            &[
                "--rows", "5", "--cols", "5", "--mines", "3", "--click", "6,1",
            ],
            "the first click R6C1 is off the 5x5 board",
        ),
        (
            &[
                "--rows", "5", "--cols", "5", "--mines", "3", "--click", "2,9",
            ],
            "the first click R2C9 is off the 5x5 board",
        ),
        (
            &["--rows", "9000", "--cols", "9000", "--mines", "1"],
            "a 9000x9000 board is too large (at most 67108864 cells, such as 8192x8192)",
        ),
    ] {
        let (code, out, err) = gen(args);
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (2, "", format!("error: {message}\n").as_str()),
            "{args:?}"
        );
    }
}

#[test]
fn gen_checks_every_argument_before_writing_anything() {
    let bad_requests: [&[&str]; 3] = [
        &["--rows", "3", "--cols", "3", "--mines", "10"],
        &["--rows", "0", "--cols", "3", "--mines", "0"],
        &[
            "--rows", "5", "--cols", "5", "--mines", "3", "--click", "6,1",
        ],
    ];
    for request in bad_requests {
        for extra in [
            &[][..],
            &["--count", "0"],
            &["--format", "rust"],
            &["--format", "rust", "--count", "0"],
            &["--format", "rust", "--count", "3", "--level", "pairs"],
        ] {
            let args = [&["gen", "--seed", "0"][..], request, extra].concat();
            let (code, out, err) = run(&args);
            assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
            assert!(
                err.starts_with("error: ") && err.lines().count() == 1,
                "{args:?}: {err}"
            );
        }
    }
    // A good request for no boards is no error, and writes nothing.
    let (code, out, _) = run(&[
        "gen", "--rows", "3", "--cols", "3", "--mines", "1", "--count", "0",
    ]);
    assert_eq!((code, out.as_str()), (0, ""));
}

#[test]
fn every_level_calls_a_board_no_layout_fits_bad_input() {
    // Each number alone can be satisfied; together they cannot (they see the same four cells).
    let (code, out, err) =
        run_with_stdin(&["solve", "--level", "fragment", "-"], b"? 3 ?\n? 2 ?\n");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            2,
            "",
            "error: <stdin>: contradiction: no mine layout fits the numbers at R1C2, R2C2\n"
        )
    );
    for level in ["pairs", "complete"] {
        let (code, out, err) = run_with_stdin(&["solve", "--level", level, "-"], b"? 3 ?\n? 2 ?\n");
        assert_eq!((code, out.as_str()), (2, ""), "{level}: {err}");
        assert!(
            err.starts_with("error: <stdin>: contradiction: "),
            "{level}: {err}"
        );
    }
    // The same pair at the end of a long row of ones over unknown cells, which fit in many
    // ways: the slip is found and named there, and quickly.
    let n = 20_000;
    let mut top = vec!["?"; n];
    let mut bottom: Vec<&str> = (0..n).map(|c| if c % 2 == 0 { "1" } else { "?" }).collect();
    (top[n - 2], bottom[n - 2], bottom[n - 3], bottom[n - 1]) = ("3", "2", "?", "?");
    let board = format!("{}\n{}\n", top.join(" "), bottom.join(" "));
    for level in ["fragment", "pairs"] {
        let start = std::time::Instant::now();
        let (code, _, err) = run_with_stdin(&["solve", "--level", level, "-"], board.as_bytes());
        assert_eq!(code, 2, "{level}: {err}");
        assert!(
            err.contains("R1C19999") && err.contains("R2C19999"),
            "{level}: {err}"
        );
        assert!(
            start.elapsed().as_secs() < 10,
            "{level}: {:?}",
            start.elapsed()
        );
    }
    // A board some layout fits is not refused, at any level.
    for level in ["fragment", "pairs", "complete"] {
        let (code, _, err) = run_with_stdin(&["solve", "--level", level, "-"], b"? 3 ?\n? 3 ?\n");
        assert_eq!((code, err.as_str()), (1, ""), "{level}");
    }
}
