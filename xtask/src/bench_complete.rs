//! `cargo run --release -p xtask -- bench-compile --level complete [--games N] [--runs N]
//! [--next] [SIZE ...]`: what `level: complete` costs on whole games (docs/compile-time.md).
//!
//! Each game is a board dealt as `typesweeper gen` deals it (seeds from 1000, the first click
//! opening a zero), shown with what that click opens; rustc plays every round from there, to
//! the end or to the first cell a guess is needed at. Each game is a scratch crate under
//! `target/complete-bench/` (`target/complete-bench-next/` with `--next`, for rustc's next trait
//! solver, `RUSTFLAGS=-Znext-solver` with `RUSTC_BOOTSTRAP=1`), with no `#![recursion_limit]`.
//! A game the runtime `complete` finishes must build and print its answer; any other must fail
//! with one error at the runtime's first undecided cell. Each build is timed `--runs` times
//! (rustc's wall time and peak memory, through the `RUSTC_WRAPPER` of `bench-compile`), and
//! the table gives, per size, the median and the slowest game (each game's median of its runs).

use crate::bench_compile::write_rustc_wrapper;
use std::path::Path;
use std::process::Command;
use typesweeper::board::{Board, CellName};
use typesweeper::codegen::solve_call_at;
use typesweeper::runtime::complete;
use typesweeper::runtime::generator::{board_for_seed, Level, Spec};
use typesweeper::runtime::layout::FirstClick;

/// The sizes measured when none is named: beginner, intermediate, expert and 32x32.
const DEFAULT_SIZES: [&str; 4] = ["9x9/10", "16x16/40", "16x30/99", "32x32/154"];

/// The usage line.
pub const USAGE: &str =
    "cargo run --release -p xtask -- bench-compile --level complete [--games N] [--runs N] [--next] [9x9/10 16x16/40 16x30/99 32x32/154 64x64/410 ...]";

/// One build of a game's crate: rustc's wall seconds and peak MB, and the first cell its error
/// names (`None` when it built).
fn build(dir: &Path, base: &Path, next: bool) -> (f64, u64, Option<String>) {
    let main = dir.join("src/main.rs");
    let text = std::fs::read_to_string(&main).unwrap();
    std::fs::write(&main, text).unwrap();
    let times = base.join("rustc-times.txt");
    let _ = std::fs::remove_file(&times);
    let mut cmd = Command::new("cargo");
    cmd.args(["build", "-q", "--message-format=short"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", base.join("target"))
        .env("CARGO_INCREMENTAL", "0")
        .env("RUSTC_WRAPPER", base.join("time-rustc.sh"))
        .env("BENCH_RUSTC_TIMES", &times);
    if next {
        cmd.env("RUSTC_BOOTSTRAP", "1")
            .env("RUSTFLAGS", "-Znext-solver");
    }
    let out = cmd.output().expect("cargo runs");
    let log = String::from_utf8_lossy(&out.stderr);
    let cell = (!out.status.success()).then(|| {
        crate::undecided_cell(&log)
            .map(str::to_string)
            .unwrap_or_else(|| format!("another error: {}", log.lines().next().unwrap_or("")))
    });
    let (wall, kb) = std::fs::read_to_string(&times)
        .ok()
        .and_then(|t| {
            let f: Vec<f64> = t
                .lines()
                .last()?
                .split_whitespace()
                .filter_map(|x| x.parse().ok())
                .collect();
            Some((*f.first()?, *f.get(3)? as u64))
        })
        .unwrap_or((0.0, 0));
    (wall, kb / 1024, cell)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

/// Runs the benchmark and prints the table.
pub fn run(repo: &Path, games: u64, runs: usize, next: bool, labels: &[String]) {
    let base = repo.join(if next {
        "target/complete-bench-next"
    } else {
        "target/complete-bench"
    });
    write_rustc_wrapper(&base);
    assert!(
        base.join("time-rustc.sh").exists(),
        "bench-compile --level complete times rustc with /usr/bin/time"
    );
    let solver = if next { "-Znext-solver" } else { "default" };
    println!("level: complete, whole games from the first click, {solver} trait solver, {runs} runs a game");
    println!();
    println!("| board | games | finished by the runtime | as the runtime | median | slowest | peak memory |");
    println!("|---|---|---|---|---|---|---|");
    let sizes = crate::bench_compile::SIZES.iter().filter(|s| {
        if labels.is_empty() {
            DEFAULT_SIZES.contains(&s.label)
        } else {
            labels.iter().any(|l| l == s.label)
        }
    });
    for size in sizes {
        let (rows, cols, mines) = (size.rows, size.cols, size.mines);
        let label = format!("{rows}x{cols}");
        let spec = Spec::new(rows, cols, mines, FirstClick::Zero, Level::Complete);
        let (mut times, mut peak, mut agree, mut finished, mut n) = (Vec::new(), 0, 0, 0, 0);
        for seed in 1000..1000 + games {
            let Some(game) = board_for_seed(&spec, seed).expect("a valid size") else {
                continue;
            };
            n += 1;
            let want = complete::undecided_cells(&game.puzzle, &game.answer)
                .expect("consistent")
                .first()
                .map(|&(r, c)| CellName::of_index((r - 1) * cols + (c - 1), cols).to_string());
            finished += usize::from(want.is_none());
            let dir = base.join(format!("g{label}_{seed}"));
            write_game(&dir, repo, &game.puzzle, &game.answer);
            let builds: Vec<(f64, u64, Option<String>)> =
                (0..runs).map(|_| build(&dir, &base, next)).collect();
            let got = builds[0].2.clone();
            if got == want {
                agree += 1;
            } else {
                eprintln!("{label} seed {seed}: the runtime says {want:?}, rustc {got:?}");
            }
            times.push(median(builds.iter().map(|b| b.0).collect()));
            peak = peak.max(builds.iter().map(|b| b.1).max().unwrap_or(0));
        }
        let slowest = times.iter().cloned().fold(0.0, f64::max);
        println!(
            "| {rows}x{cols}/{mines} | {n} | {finished} | {agree} | {:.2} s | {slowest:.2} s | {peak} MB |",
            median(times)
        );
    }
}

/// A scratch crate whose `main` solves one game at `level: complete` and checks the answer.
fn write_game(dir: &Path, repo: &Path, puzzle: &Board, answer: &Board) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let name = dir.file_name().unwrap().to_string_lossy().replace('x', "_");
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"bench_{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\ntypesweeper = {{ path = {:?} }}\n\n[workspace]\n\n\
             [profile.dev.package.typesweeper-macros]\nopt-level = 3\n\n\
             [profile.dev.package.typesweeper-board]\nopt-level = 3\n",
            repo.display().to_string()
        ),
    )
    .unwrap();
    let call = solve_call_at(Level::Complete, puzzle, answer, "    ");
    std::fs::write(
        dir.join("src/main.rs"),
        format!(
            "fn main() {{\n    let solved = {call};\n    assert_eq!(solved.to_string(), {:?});\n}}\n",
            answer.to_string()
        ),
    )
    .unwrap();
}
