//! `typesweeper bench [--level beginner|intermediate|expert|RxC/M] [--first-click safe|zero]
//! [--games N] [--seed S] [--threads T] [--record FILE] [--against FILE]`, by default `--level
//! expert --first-click safe --games 1000 --seed 0 --threads 1`.
//!
//! The first-click rule defaults to `safe` here, unlike `gen` and `play` (`zero`): the headline
//! win rates of the solvers this command is compared with (D. Hill's, JSMinesweeper,
//! MineSweeperProb: expert 41 %) are for the safe first click at R1C1.
//!
//! Plays `N` games with the autoplayer (game `i` from seed `S + i`, so the results do not depend
//! on the thread count), shows a progress bar on stderr, and prints a table and, as the last
//! line, `win rate: 41.23% (4123/10000), 1.85 ms/game` (mean CPU time per game of the thread
//! that played it). Nothing is kept per game, so `--games` is limited only by time. Exit 0, 1
//! when the results cannot be written (standard output closed or full), 2 on bad arguments.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use typesweeper::runtime::autoplay::record::{parse_record, record_text, Played};
use typesweeper::runtime::autoplay::{play_game, GameResult};
use typesweeper::runtime::game::{BoardLevel, Config, Game};
use typesweeper::runtime::layout::FirstClick;

use super::output;
use super::{bad_input, FirstClickArg};

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// beginner (9x9/10), intermediate (16x16/40), expert (16x30/99) or ROWSxCOLS/MINES.
    #[arg(long, default_value = "expert")]
    level: BoardLevel,
    /// First-click rule. Default `safe`, unlike `gen` and `play` (`zero`): the headline win
    /// rates of the solvers bench is compared with (expert 41 %) are for the safe rule.
    #[arg(long, value_enum, default_value_t = FirstClickArg::Safe)]
    first_click: FirstClickArg,
    /// How many games (at least 1; nothing is kept per game, so any number fits in memory).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads playing games, at most one per CPU (the CPU time reported stays per game and
    /// per thread).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Write each game's result to FILE, one line per game in seed order: `seed won guesses
    /// cpu_us` (won is 1 or 0), after a `#` line naming the run.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Pair the games with those of a file written by `--record` (same seeds, another version
    /// of the player): prints the paired difference in wins and its standard deviation.
    #[arg(long, value_name = "FILE")]
    against: Option<PathBuf>,
}

/// Runs `bench`.
pub fn run(args: Args) -> ExitCode {
    let (rows, cols, mines) = args.level.size();
    let rule = FirstClick::from(args.first_click);
    let config = Config::new(rows, cols, mines, rule);
    if let Err(e) = Game::new(config, args.seed) {
        return bad_input(e);
    }
    if args.games == 0 {
        return bad_input("--games must be at least 1");
    }
    if let Err(message) = check_threads(args.threads, cpus()) {
        return bad_input(message);
    }
    let against = match &args.against {
        Some(path) => match read_record(path) {
            Ok(games) => Some(games),
            Err(e) => return bad_input(e),
        },
        None => None,
    };
    let keep = args.record.is_some() || against.is_some();
    let run = Run {
        config,
        seed: args.seed,
        games: args.games,
        threads: args.threads,
        keep,
    };
    let (tally, mut games) = match play_all(&run) {
        Ok(played) => played,
        Err(e) => {
            output::error(format_args!("cannot start a thread to play games: {e}"));
            return ExitCode::from(1);
        }
    };
    games.sort_by_key(|g| g.seed);
    if let Some(path) = &args.record {
        let header = format!(
            "# typesweeper bench --level {} --first-click {} --seed {} --games {}",
            args.level,
            rule.word(),
            args.seed,
            args.games
        );
        if let Err(e) = write_record(path, &header, &games) {
            output::error(format_args!("cannot write {}: {e}", path.display()));
            return ExitCode::from(1);
        }
    }
    let mut text = String::new();
    let mut lines = report(&tally);
    if let (Some(path), Some(theirs)) = (&args.against, &against) {
        lines.splice(
            lines.len() - 1..lines.len() - 1,
            paired(&games, theirs, &path.display().to_string()),
        );
    }
    for line in lines {
        text.push_str(&line);
        text.push('\n');
    }
    match output::print(&text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// The CPUs this process may run on (1 when the platform cannot say).
fn cpus() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// `--threads` is at least 1 and at most one per CPU: more threads would not play more games at
/// once, only take turns, and each would need its own stack.
fn check_threads(threads: usize, cpus: usize) -> Result<(), String> {
    if threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    if threads > cpus {
        return Err(format!(
            "--threads {threads} is more than the {} this machine has (at most one thread per \
             CPU)",
            typesweeper::runtime::deduction::plural(cpus, "CPU")
        ));
    }
    Ok(())
}

/// What the games played add up to. Nothing is kept per game: the median CPU time comes from a
/// count of games per whole microsecond, whose size depends on how long games take, not on how
/// many there are.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tally {
    games: u64,
    wins: u64,
    guesses: u128,
    cpu: Duration,
    /// Games per CPU time in whole microseconds (rounded).
    micros: BTreeMap<u64, u64>,
}

impl Tally {
    fn add(&mut self, result: &GameResult) {
        self.games += 1;
        self.wins += u64::from(result.won);
        self.guesses += result.guesses as u128;
        self.cpu += result.cpu;
        let micros = (result.cpu.as_nanos() + 500) / 1000;
        *self
            .micros
            .entry(u64::try_from(micros).unwrap_or(u64::MAX))
            .or_default() += 1;
    }

    fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.wins += other.wins;
        self.guesses += other.guesses;
        self.cpu += other.cpu;
        for (micros, games) in other.micros {
            *self.micros.entry(micros).or_default() += games;
        }
    }

    /// The CPU time of game `k` (from 0) in order of CPU time, in microseconds.
    fn nth_micros(&self, k: u64) -> u64 {
        let mut seen = 0;
        for (&micros, &games) in &self.micros {
            seen += games;
            if k < seen {
                return micros;
            }
        }
        0
    }

    /// The median CPU time per game, in milliseconds (to the microsecond).
    fn median_ms(&self) -> f64 {
        let n = self.games;
        if n == 0 {
            return 0.0;
        }
        let middle = if n % 2 == 1 {
            self.nth_micros(n / 2) as f64
        } else {
            (self.nth_micros(n / 2 - 1) as f64 + self.nth_micros(n / 2) as f64) / 2.0
        };
        middle / 1e3
    }
}

/// What `bench` plays.
struct Run {
    config: Config,
    seed: u64,
    games: u64,
    threads: usize,
    /// Whether to keep each game's result.
    keep: bool,
}

/// Plays games `seed..seed + games` on `threads` threads (each takes the next game as it
/// finishes one), keeping each game's result when asked. Fails only when no thread can be
/// started; games are left to the threads that did start.
fn play_all(run: &Run) -> std::io::Result<(Tally, Vec<Played>)> {
    let bar = ProgressBar::new(run.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} ({eta} left)")
            .expect("a valid template"),
    );
    let next = AtomicU64::new(0);
    let total = Mutex::new((Tally::default(), Vec::new()));
    let started = std::thread::scope(|scope| {
        let play = || {
            let mut tally = Tally::default();
            let mut kept = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= run.games {
                    break;
                }
                let seed = run.seed.wrapping_add(i);
                let result = play_game(run.config, seed).expect("the configuration was checked");
                tally.add(&result);
                if run.keep {
                    kept.push(Played {
                        seed,
                        won: result.won,
                        guesses: result.guesses,
                        cpu_us: u64::try_from(result.cpu.as_micros()).unwrap_or(u64::MAX),
                    });
                }
                bar.inc(1);
            }
            let mut total = total.lock().expect("no thread panics holding it");
            total.0.merge(tally);
            total.1.extend(kept);
        };
        let wanted = u64::try_from(run.threads).map_or(run.games, |t| t.min(run.games));
        let (mut started, mut refused) = (0, None);
        for _ in 0..wanted {
            match std::thread::Builder::new().spawn_scoped(scope, play) {
                Ok(_) => started += 1,
                Err(e) => {
                    refused = Some(e);
                    break;
                }
            }
        }
        match refused {
            Some(e) if started == 0 => Err(e),
            _ => Ok(()),
        }
    });
    bar.finish_and_clear();
    started?;
    Ok(total.into_inner().expect("no thread panicked"))
}

/// Writes `games` to `path`: the `header` line, then `seed won guesses cpu_us` per game.
fn write_record(path: &std::path::Path, header: &str, games: &[Played]) -> std::io::Result<()> {
    std::fs::write(path, record_text(header, games))
}

/// Reads a file written by `--record`; an error names the line and column of what is wrong.
fn read_record(path: &std::path::Path) -> Result<Vec<Played>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_record(&text).map_err(|e| format!("{}:{e}", path.display()))
}

/// The paired comparison of `ours` (sorted by seed) with `theirs` over the seeds both played.
fn paired(ours: &[Played], theirs: &[Played], name: &str) -> Vec<String> {
    let by_seed: BTreeMap<u64, bool> = theirs.iter().map(|g| (g.seed, g.won)).collect();
    let (mut games, mut mine, mut other, mut discordant) = (0u64, 0u64, 0u64, 0u64);
    for g in ours {
        if let Some(&won) = by_seed.get(&g.seed) {
            games += 1;
            mine += u64::from(g.won);
            other += u64::from(won);
            discordant += u64::from(g.won != won);
        }
    }
    if games == 0 {
        return vec![format!("paired           no seed in common with {name}")];
    }
    let diff = mine as i64 - other as i64;
    let sd = (discordant as f64).sqrt();
    let z = if discordant == 0 {
        0.0
    } else {
        diff as f64 / sd
    };
    vec![
        format!(
            "paired with      {name}: {} with the same seeds",
            typesweeper::runtime::deduction::plural(games, "game")
        ),
        format!(
            "paired wins      {mine} here, {other} there: {diff:+} ({:+.2} points), SD {sd:.1} \
             ({} won by one only), {z:+.2} SD",
            100.0 * diff as f64 / games as f64,
            typesweeper::runtime::deduction::plural(discordant, "game"),
        ),
    ]
}

/// The table and the final summary line.
fn report(tally: &Tally) -> Vec<String> {
    let games = tally.games;
    let wins = tally.wins;
    let rate = wins as f64 / games as f64;
    let (lo, hi) = wilson(wins, games);
    let guesses = tally.guesses as f64 / games as f64;
    let mean = tally.cpu.as_secs_f64() * 1e3 / games as f64;
    let median = tally.median_ms();
    vec![
        format!("games            {games}"),
        format!("wins             {wins}"),
        format!(
            "win rate         {:.2}% (95% CI {:.2}% to {:.2}%)",
            rate * 100.0,
            lo * 100.0,
            hi * 100.0
        ),
        format!("guesses/game     {guesses:.2}"),
        format!("CPU ms/game      mean {mean:.3}, median {median:.3}"),
        format!(
            "win rate: {:.2}% ({wins}/{games}), {mean:.2} ms/game",
            rate * 100.0
        ),
    ]
}

/// The 95 % Wilson score interval for `wins` successes in `games` trials.
fn wilson(wins: u64, games: u64) -> (f64, f64) {
    let (n, z) = (games as f64, 1.959_963_984_540_054);
    let p = wins as f64 / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    ((centre - spread) / scale, (centre + spread) / scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson(4123, 10000);
        assert!(
            (lo - 0.4027).abs() < 1e-3 && (hi - 0.4220).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10);
        assert!(lo.abs() < 1e-12 && hi > 0.2 && hi < 0.35, "{lo} {hi}");
    }

    fn game(won: bool, micros: u64) -> GameResult {
        GameResult {
            won,
            moves: 1,
            guesses: usize::from(!won),
            cpu: Duration::from_micros(micros),
        }
    }

    #[test]
    fn the_tally_gives_the_median_of_every_game_played_on_any_thread() {
        let mut a = Tally::default();
        for micros in [5, 1, 1000] {
            a.add(&game(true, micros));
        }
        assert_eq!(a.median_ms(), 0.005);
        let mut b = Tally::default();
        b.add(&game(false, 7));
        a.merge(b);
        // 1, 5, 7, 1000 µs: the mean of the middle two.
        assert_eq!((a.games, a.wins, a.guesses), (4, 3, 1));
        assert_eq!(a.median_ms(), 0.006);
        assert_eq!(a.cpu, Duration::from_micros(1013));
        let lines = report(&a);
        assert_eq!(lines[0], "games            4");
        assert_eq!(lines[4], "CPU ms/game      mean 0.253, median 0.006");
        assert_eq!(lines[5], "win rate: 75.00% (3/4), 0.25 ms/game");
        // Sub-microsecond times round to the nearest microsecond.
        let mut c = Tally::default();
        c.add(&GameResult {
            cpu: Duration::from_nanos(1499),
            ..game(true, 0)
        });
        assert_eq!(c.median_ms(), 0.001);
    }

    #[test]
    fn records_parse_back_and_malformed_ones_say_where() {
        let games = [
            Played {
                seed: 7,
                won: true,
                guesses: 2,
                cpu_us: 1500,
            },
            Played {
                seed: 8,
                won: false,
                guesses: 0,
                cpu_us: 3,
            },
        ];
        let dir = std::env::temp_dir().join(format!("typesweeper-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.txt");
        write_record(&path, "# a run", &games).unwrap();
        assert_eq!(read_record(&path).unwrap(), games);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            parse_record("# only a header\n\n"),
            Err("1:1: no games in the file".to_string())
        );
        assert_eq!(
            parse_record("1 1 0 5\n2 1 0\n"),
            Err("2:1: expected 4 fields `seed won guesses cpu_us`, found 3".to_string())
        );
        assert_eq!(
            parse_record("1 1 0 5\n2  1 x 5\n"),
            Err("2:6: guesses `x` is not a whole number".to_string())
        );
        // Paired: only the seeds both played, the difference and its standard deviation.
        let theirs = [
            Played {
                won: false,
                ..games[0]
            },
            Played {
                seed: 9,
                ..games[0]
            },
        ];
        let lines = paired(&games, &theirs, "t.txt");
        assert_eq!(
            lines[0],
            "paired with      t.txt: 1 game with the same seeds"
        );
        assert_eq!(
            lines[1],
            "paired wins      1 here, 0 there: +1 (+100.00 points), SD 1.0 (1 game won by one \
             only), +1.00 SD"
        );
    }

    #[test]
    fn threads_are_at_least_one_and_at_most_one_per_cpu() {
        assert!(check_threads(1, 1).is_ok());
        assert!(check_threads(4, 4).is_ok());
        assert_eq!(
            check_threads(0, 4),
            Err("--threads must be at least 1".into())
        );
        assert_eq!(
            check_threads(2, 1),
            Err(
                "--threads 2 is more than the 1 CPU this machine has (at most one thread per CPU)"
                    .into()
            )
        );
    }
}
