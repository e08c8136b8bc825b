//! `cargo run --release -p typesweeper-benches --bin search-tune -- LEVEL RULE FIRST_SEED GAMES
//! THREADS [strong | quick | within candidates layouts batch drop_z z max_undecided quick|fast
//! [steps]]`: plays games with the autoplayer at `fast` (no settings), `strong`, the quick
//! player alone, or the given rollout settings (`steps`, the work limit per guess, is none when
//! left out, as in the runs before it existed; `strong` is `0.9 4 32 8 2 2.5 200 quick
//! 750000`), and writes one line per game, `seed won guesses cpu_us`, to standard output, in
//! seed order; a summary on standard error. For pairing two players' games by seed (see
//! docs/autoplayer.md).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use typesweeper::runtime::autoplay::play_game_with;
use typesweeper::runtime::autoplay::search::{Search, Strength};
use typesweeper::runtime::game::{BoardLevel, Config};
use typesweeper::runtime::layout::FirstClick;

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level: BoardLevel = args[0].parse().expect("a level");
    let rule = match args[1].as_str() {
        "safe" => FirstClick::Safe,
        "zero" => FirstClick::Zero,
        other => panic!("rule {other}"),
    };
    let first: u64 = args[2].parse().unwrap();
    let games: u64 = args[3].parse().unwrap();
    let threads: usize = args[4].parse().unwrap();
    let strength = match &args[5..] {
        [] => Strength::Fast,
        [s] if s == "strong" => Strength::Strong,
        [s] if s == "quick" => {
            let (rows, cols, mines) = level.size();
            let config = Config::new(rows, cols, mines, rule);
            let (mut wins, mut cpu) = (0, 0.0);
            for seed in first..first + games {
                let t = typesweeper::runtime::autoplay::thread_cpu_time();
                let mut g = typesweeper::runtime::game::Game::new(config, seed).unwrap();
                let won = typesweeper::runtime::autoplay::play_quick(&mut g);
                let t = typesweeper::runtime::autoplay::thread_cpu_time() - t;
                println!("{seed} {} 0 {}", u8::from(won), t.as_micros());
                wins += u64::from(won);
                cpu += t.as_secs_f64();
            }
            eprintln!(
                "{wins}/{games} won, {:.2} ms/game",
                1e3 * cpu / games as f64
            );
            return;
        }
        [w, c, l, b, d, z, u, q, rest @ ..] if rest.len() <= 1 => Strength::Custom(Search {
            within: w.parse().unwrap(),
            candidates: c.parse().unwrap(),
            layouts: l.parse().unwrap(),
            batch: b.parse().unwrap(),
            drop_z: d.parse().unwrap(),
            z: z.parse().unwrap(),
            max_undecided: u.parse().unwrap(),
            quick: q == "quick",
            steps: rest.first().map_or(u64::MAX, |s| s.parse().unwrap()),
        }),
        _ => panic!(
            "settings: within candidates layouts batch drop_z z max_undecided quick|fast [steps]"
        ),
    };
    let (rows, cols, mines) = level.size();
    let config = Config::new(rows, cols, mines, rule);
    let next = AtomicU64::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let r = play_game_with(config, first + i, strength).unwrap();
                results.lock().unwrap().push((first + i, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let (mut wins, mut cpu) = (0, 0.0);
    for (seed, r) in &results {
        println!(
            "{seed} {} {} {}",
            u8::from(r.won),
            r.guesses,
            r.cpu.as_micros()
        );
        wins += u64::from(r.won);
        cpu += r.cpu.as_secs_f64();
    }
    eprintln!(
        "{wins}/{games} won ({:.2} %), {:.2} ms/game",
        100.0 * wins as f64 / games as f64,
        1e3 * cpu / games as f64
    );
}
