//! The `bench` command: its summary line, its errors, and the records it writes and pairs.

use std::process::Command;

use typesweeper::runtime::game::Config;
use typesweeper::runtime::layout::FirstClick;

fn bench(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_typesweeper"))
        .arg("bench")
        .args(args)
        .output()
        .unwrap()
}

/// `win rate: 41.23% (4123/10000), 1.85 ms/game`, strictly; returns (percent, wins, games).
fn parse_summary(line: &str) -> Option<(f64, usize, usize)> {
    let two_decimals = |s: &str| {
        let (whole, frac) = s.split_once('.')?;
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        (digits(whole) && frac.len() == 2 && digits(frac)).then(|| s.parse::<f64>().ok())?
    };
    let rest = line.strip_prefix("win rate: ")?;
    let (rate, rest) = rest.split_once("% (")?;
    let (wins, rest) = rest.split_once('/')?;
    let (games, rest) = rest.split_once("), ")?;
    let ms = rest.strip_suffix(" ms/game")?;
    two_decimals(ms)?;
    let count = |t: &str| {
        let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        digits.then(|| t.parse::<usize>().ok())?
    };
    let (wins, games) = (count(wins)?, count(games)?);
    Some((two_decimals(rate)?, wins, games))
}

#[test]
fn bench_prints_the_summary_line_last() {
    let out = bench(&["--level", "beginner", "--games", "12", "--seed", "3"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let last = stdout.lines().last().unwrap();
    let (rate, wins, games) = parse_summary(last).unwrap_or_else(|| panic!("{last:?}"));
    assert_eq!(games, 12);
    assert!((rate - 100.0 * wins as f64 / 12.0).abs() < 0.006, "{last}");
    // Same seeds, two threads: the same games, so the same wins.
    let out = bench(&[
        "--level",
        "9x9/10",
        "--games",
        "12",
        "--seed",
        "3",
        "--threads",
        "2",
    ]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let (_, wins2, _) = parse_summary(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(wins, wins2);
    assert!(parse_summary("win rate: 41.2% (4123/10000), 1.85 ms/game").is_none());
    assert!(parse_summary("win rate: 41.23% (+4123/10000), 1.85 ms/game").is_none());
    assert!(parse_summary("win rate: 41.23% (4123/10000), 1.85 ms/game ").is_none());
    assert_eq!(
        parse_summary("win rate: 41.23% (4123/10000), 1.85 ms/game"),
        Some((41.23, 4123, 10000))
    );
}

#[test]
fn bench_rejects_bad_arguments_with_exit_2() {
    for args in [
        &["--level", "3x3/10"][..],
        &["--level", "huge"],
        &["--games", "0"],
        &["--threads", "0"],
        &["--first-click", "corner"],
    ] {
        let out = bench(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

/// `--record` writes one line per game in seed order, as `play_game` plays them; `--against`
/// pairs a run with such a file by seed.
#[test]
fn bench_records_games_and_pairs_two_runs() {
    use typesweeper::runtime::autoplay::play_game;
    let dir = std::env::temp_dir().join(format!("typesweeper-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fast = dir.join("fast.txt");
    // Eight beginner games from seed 5, with more arguments; they must succeed.
    let eight = |more: &[&str]| {
        let args = [
            &["--level", "beginner", "--games", "8", "--seed", "5"][..],
            more,
        ]
        .concat();
        let out = bench(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        out
    };
    eight(&["--threads", "2", "--record", fast.to_str().unwrap()]);
    let text = std::fs::read_to_string(&fast).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("# typesweeper bench --level beginner --first-click safe --seed 5 --games 8")
    );
    let config = Config::new(9, 9, 10, FirstClick::Safe);
    let mut fast_wins = 0;
    for (i, line) in lines.enumerate() {
        let f: Vec<u64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        let r = play_game(config, 5 + i as u64).unwrap();
        assert_eq!(
            (f[0], f[1], f[2]),
            (5 + i as u64, u64::from(r.won), r.guesses as u64)
        );
        fast_wins += f[1];
    }
    // The same games against a record whose third game is turned around: one game differs.
    let edited = dir.join("edited.txt");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut third: Vec<String> = lines[3].split(' ').map(String::from).collect();
    let third_won = third[1] == "1";
    third[1] = if third_won { "0" } else { "1" }.to_string();
    lines[3] = third.join(" ");
    std::fs::write(&edited, lines.join("\n") + "\n").unwrap();
    let theirs = if third_won {
        fast_wins - 1
    } else {
        fast_wins + 1
    };
    let out = eight(&["--against", edited.to_str().unwrap()]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let want = format!(
        "paired wins      {fast_wins} here, {theirs} there: {:+}",
        fast_wins as i64 - theirs as i64
    );
    assert!(stdout.contains(&want), "{want} in\n{stdout}");
    assert!(
        stdout.contains("SD 1.0 (1 game won by one only)"),
        "{stdout}"
    );
    assert!(stdout.contains("paired with      "), "{stdout}");
    parse_summary(stdout.lines().last().unwrap()).expect("the summary line last");
    // A malformed record: its line and column, exit 2.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "# header\n5 1 0 120\n6 yes 0 130\n").unwrap();
    let out = bench(&[
        "--level",
        "beginner",
        "--games",
        "2",
        "--against",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("bad.txt:3:3: won `yes` is not 1 or 0"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    // There is one strength: the option is gone.
    let out = bench(&["--strength", "strong"]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
