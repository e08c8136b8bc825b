//! `typesweeper bench [--level beginner|intermediate|expert|RxC/M] [--first-click safe|zero]
//! [--games N] [--seed S] [--threads T]`, by default `--level expert --first-click safe
//! --games 1000 --seed 0 --threads 1`.
//!
//! The first-click rule defaults to `safe` here, unlike `gen` and `play` (`zero`): the headline
//! win rates of the solvers this command is compared with (D. Hill's, JSMinesweeper,
//! MineSweeperProb: expert 41 %) are for the safe first click at R1C1.
//!
//! Plays `N` games with the autoplayer (game `i` from seed `S + i`, so the results do not depend
//! on the thread count), shows a progress bar on stderr, and prints a table and, as the last
//! line, `win rate: 41.23% (4123/10000), 1.85 ms/game` (mean CPU time per game of the thread
//! that played it). Exit 0, or 2 on bad arguments.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};
use typesweeper::runtime::autoplay::{play_game, GameResult};
use typesweeper::runtime::game::{BoardLevel, Config, Game};
use typesweeper::runtime::layout::FirstClick;

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
    /// How many games.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Threads playing games (the CPU time reported stays per game and per thread).
    #[arg(long, default_value_t = 1)]
    threads: usize,
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
    if args.threads == 0 {
        return bad_input("--threads must be at least 1");
    }
    let results = play_all(config, args.seed, args.games, args.threads);
    for line in report(&results) {
        println!("{line}");
    }
    ExitCode::SUCCESS
}

/// Plays games `seed..seed + games` on `threads` threads; results in seed order.
fn play_all(config: Config, seed: u64, games: usize, threads: usize) -> Vec<GameResult> {
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} ({eta} left)")
            .expect("a valid template"),
    );
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new(vec![None; games]);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(games) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let result = play_game(config, seed.wrapping_add(i as u64))
                    .expect("the configuration was checked");
                results.lock().expect("no thread panics holding it")[i] = Some(result);
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    results
        .into_inner()
        .expect("no thread panicked")
        .into_iter()
        .map(|r| r.expect("every game was played"))
        .collect()
}

/// The table and the final summary line.
fn report(results: &[GameResult]) -> Vec<String> {
    let games = results.len();
    let wins = results.iter().filter(|r| r.won).count();
    let rate = wins as f64 / games as f64;
    let (lo, hi) = wilson(wins, games);
    let guesses = results.iter().map(|r| r.guesses).sum::<usize>() as f64 / games as f64;
    let mut ms: Vec<f64> = results.iter().map(|r| r.cpu.as_secs_f64() * 1e3).collect();
    let mean = ms.iter().sum::<f64>() / games as f64;
    ms.sort_by(f64::total_cmp);
    let median = if games % 2 == 1 {
        ms[games / 2]
    } else {
        (ms[games / 2 - 1] + ms[games / 2]) / 2.0
    };
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
fn wilson(wins: usize, games: usize) -> (f64, f64) {
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
}
