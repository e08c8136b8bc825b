//! `complete` on hostile boards (issue 18): long frontiers it must solve in memory and time
//! linear in their length, and random boards too tangled to solve, which its work budget must
//! stop. Each board runs in a child process of its own, so that its peak memory can be read
//! (`VmHWM`, Linux only), and the table compares it and the wall time with the targets.
//!
//! ```text
//! cargo bench -p typesweeper-benches --bench complete_limits            # every board
//! cargo bench -p typesweeper-benches --bench complete_limits -- alt     # names containing `alt`
//! cargo bench -p typesweeper-benches --bench complete_limits -- --write DIR
//! ```
//!
//! `--write DIR` writes each board to `DIR/NAME.txt` instead (for `typesweeper solve`, e.g.
//! to compare with another build under `/usr/bin/time -f "%e s %M KB"`).
//!
//! Every board is solved as `typesweeper solve FILE` does with nothing given: the default
//! budget, and `solve_within`'s result read as the command's exit status would be (solved,
//! undecided cells left, or out of budget).

use std::process::Command;
use std::time::Instant;

use typesweeper::board::{neighbours, Board, Cell};
use typesweeper::runtime::complete::{self, Budget};
use typesweeper::runtime::Given;

/// One board and the most it may take.
struct Case {
    name: String,
    board: fn(&str) -> Board,
    /// Megabytes and seconds.
    memory: f64,
    seconds: f64,
}

/// A row of `?` over `1 ? 1 ? ...`, `cols` wide.
fn alternating(cols: usize) -> Board {
    let top = vec![Cell::Unknown; cols];
    let bottom = (0..cols).map(|c| {
        if c % 2 == 0 {
            Cell::Num(1)
        } else {
            Cell::Unknown
        }
    });
    Board::new(2, cols, top.into_iter().chain(bottom).collect())
}

/// A row of `?` over a row of `1`s, `cols` wide.
fn over_ones(cols: usize) -> Board {
    let top = vec![Cell::Unknown; cols];
    Board::new(
        2,
        cols,
        top.into_iter().chain(vec![Cell::Num(1); cols]).collect(),
    )
}

/// A random `size` x `size` board (SplitMix64 from `seed`): each cell a mine with chance
/// `density` %, and each safe cell's number shown with chance 1/3.
fn random(size: usize, density: u64, seed: u64) -> Board {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x1818;
    let mut next = move || {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mines: Vec<bool> = (0..size * size).map(|_| next() % 100 < density).collect();
    let cells = (0..size * size)
        .map(|i| {
            if mines[i] || next() % 3 != 0 {
                return Cell::Unknown;
            }
            let n = neighbours(size, size, i / size, i % size)
                .filter(|&j| mines[j])
                .count();
            Cell::Num(n as u8)
        })
        .collect();
    Board::new(size, size, cells)
}

/// The board a case's name describes (`alt-2x1000`, `ones-2x25000`, `rand-24x24-30-s3`).
fn board_of(name: &str) -> Board {
    let parts: Vec<&str> = name.split('-').collect();
    let cols = |dims: &str| dims.split('x').nth(1).unwrap().parse::<usize>().unwrap();
    match parts[0] {
        "alt" => alternating(cols(parts[1])),
        "ones" => over_ones(cols(parts[1])),
        _ => random(
            cols(parts[1]),
            parts[2].parse().unwrap(),
            parts[3][1..].parse().unwrap(),
        ),
    }
}

fn cases() -> Vec<Case> {
    let case = |name: String, memory, seconds| Case {
        name,
        board: board_of,
        memory,
        seconds,
    };
    let mut out = vec![
        case("alt-2x1000".into(), 50.0, 0.2),
        case("alt-2x25000".into(), 500.0, 5.0),
        case("ones-2x25000".into(), 500.0, 5.0),
    ];
    for seed in 0..8 {
        out.push(case(format!("rand-24x24-30-s{seed}"), 1000.0, 10.0));
    }
    for size in [40, 60, 80, 100, 120] {
        for seed in 0..4 {
            out.push(case(format!("rand-{size}x{size}-20-s{seed}"), 1000.0, 10.0));
        }
    }
    out
}

/// The peak resident memory of this process so far, in megabytes (`None` off Linux).
fn peak_megabytes() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Runs one case in this process and prints `outcome steps seconds megabytes`.
fn run_one(case: &Case) {
    let board = (case.board)(&case.name);
    let budget = Budget::default();
    let start = Instant::now();
    let outcome = match complete::solve_within(&board, Given::nothing(), &budget) {
        Err(e) => format!("error:{e}").replace(' ', "_"),
        Ok(s) if !s.unfinished.is_empty() => "out-of-budget".into(),
        Ok(s) if s.deduction.is_solved() => "solved".into(),
        Ok(_) => "undecided-left".into(),
    };
    let seconds = start.elapsed().as_secs_f64();
    let memory = peak_megabytes().map_or("-".into(), |m| format!("{m:.1}"));
    println!("{outcome} {} {seconds:.3} {memory}", budget.spent());
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let cases = cases();
    if let [flag, name] = args.as_slice() {
        if flag == "--case" {
            let case = cases.iter().find(|c| &c.name == name).expect("a case");
            return run_one(case);
        }
        if flag == "--write" {
            std::fs::create_dir_all(name).unwrap();
            for case in &cases {
                let path = std::path::Path::new(name).join(format!("{}.txt", case.name));
                std::fs::write(path, format!("{}\n", (case.board)(&case.name))).unwrap();
            }
            return;
        }
    }
    let exe = std::env::current_exe().unwrap();
    println!(
        "{:<22} {:<15} {:>11} {:>9} {:>9}  target",
        "board", "outcome", "steps", "seconds", "MB"
    );
    let mut missed = 0;
    for case in cases
        .iter()
        .filter(|c| args.is_empty() || args.iter().any(|a| c.name.contains(a.as_str())))
    {
        let out = Command::new(&exe)
            .args(["--case", &case.name])
            .output()
            .unwrap();
        let line = String::from_utf8_lossy(&out.stdout);
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [outcome, steps, seconds, memory] = fields[..] else {
            println!(
                "{:<22} failed: {}",
                case.name,
                String::from_utf8_lossy(&out.stderr)
            );
            missed += 1;
            continue;
        };
        let within = seconds.parse::<f64>().unwrap() <= case.seconds
            && memory.parse::<f64>().map_or(true, |m| m <= case.memory);
        missed += usize::from(!within);
        println!(
            "{:<22} {outcome:<15} {steps:>11} {seconds:>9} {memory:>9}  {} MB, {} s: {}",
            case.name,
            case.memory,
            case.seconds,
            if within { "ok" } else { "MISSED" }
        );
    }
    println!("{missed} missed");
}
