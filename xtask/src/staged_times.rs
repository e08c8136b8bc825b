//! `cargo run --release -p xtask -- staged-times [--boards N] [--seed S] [SIZE ...]`: builds every
//! board of a `gen --need complete` set that `solve!` takes at `level: complete` by the stages
//! replayed ([`CompletePlan::Staged`]) and prints what each took, the check behind
//! [`COMPLETE_STAGED_WORK_LIMIT`] (docs/compile-time.md, "Boards the model refuses").
//!
//! For each size (16x16/40 and 16x30/99 by default: the plan exists from 101 to 480 cells) it
//! deals `N` boards as `typesweeper gen --need complete --count N --seed S` does (300 from seed
//! 40000 by default), keeps those the plan takes by the stages replayed, and builds each once in
//! a scratch crate under `target/staged-times/` (the library built first, incremental
//! compilation off), rustc timed by `/usr/bin/time` as in `bench-compile`. A row gives the
//! replay's units, rustc's CPU time and peak memory, and its seconds per million units; the
//! last line the most of each. A board that fails to build stops the run with rustc's error.

use crate::bench_compile::{build_once, write_crate_of, write_rustc_wrapper, SIZES};
use std::path::Path;
use typesweeper::board::Board;
use typesweeper::runtime::generator::{find_board, Generated, Level, Spec};
use typesweeper::runtime::layout::FirstClick;
use typesweeper_board::search_cost::{
    complete_plan, staged_finish_work, CompletePlan, COMPLETE_STAGED_WORK_LIMIT,
};

/// The sizes the plan exists for (101 to 480 cells), measured when none is named.
pub const DEFAULT_SIZES: [&str; 2] = ["16x16/40", "16x30/99"];

/// The first `count` boards from `seed` on that need `level: complete`, found as `gen --need
/// complete` finds them: each the generator's first after the one before (at most `gen`'s
/// default 100,000 seeds each).
fn needing_complete(
    rows: usize,
    cols: usize,
    mines: usize,
    seed: u64,
    count: usize,
) -> Vec<Generated> {
    let mut spec = Spec::new(rows, cols, mines, FirstClick::Zero, Level::Complete);
    spec.need = true;
    let mut next = seed;
    (0..count)
        .map(|_| {
            let found = find_board(&spec, next, 100_000).expect("a board that needs the level");
            next = found.seed.wrapping_add(1);
            found
        })
        .collect()
}

/// Runs the check and prints its table.
pub fn run(repo: &Path, boards: usize, seed: u64, labels: &[String]) {
    let base = repo.join("target/staged-times");
    write_rustc_wrapper(&base);
    let dir = base.join("board");
    // The library first, on a 1x1 board, so that each board's build is its own crate alone.
    let one: Board = "?".parse().unwrap();
    let zero: Board = "0".parse().unwrap();
    write_crate_of(&dir, repo, &[(one, zero)], 128, Level::Complete);
    build_once(&dir, &base);
    println!(
        "| board | seed | replay (million units) | rustc, CPU | peak memory | seconds a million |"
    );
    println!("|---|---|---|---|---|---|");
    let (mut most_time, mut most_rate) = (0.0f64, 0.0f64);
    for label in labels {
        let size = SIZES
            .iter()
            .find(|s| s.label == label)
            .expect("a known size");
        let dealt = needing_complete(size.rows, size.cols, size.mines, seed, boards);
        let mut taken = 0;
        for Generated {
            seed: s,
            puzzle,
            answer,
        } in &dealt
        {
            if complete_plan(puzzle, answer) != Ok(CompletePlan::Staged) {
                continue;
            }
            let units = staged_finish_work(puzzle, answer, COMPLETE_STAGED_WORK_LIMIT)
                .expect("the plan took it by the stages replayed");
            write_crate_of(
                &dir,
                repo,
                &[(puzzle.clone(), answer.clone())],
                512,
                Level::Complete,
            );
            let timing = build_once(&dir, &base);
            let (cpu, kb) = timing
                .rustc
                .map_or((timing.cargo_wall, 0), |(_, cpu, kb)| (cpu, kb));
            let million = units as f64 / 1e6;
            let rate = if million > 0.0 { cpu / million } else { 0.0 };
            println!(
                "| {label} | {s} | {million:.1} | {cpu:.2} s | {} MB | {rate:.2} |",
                kb / 1024
            );
            most_time = most_time.max(cpu);
            most_rate = most_rate.max(rate);
            taken += 1;
        }
        println!(
            "| {label}: {taken} of {} boards taken by the stages replayed | | | | | |",
            dealt.len()
        );
    }
    println!();
    println!("the most: rustc {most_time:.2} s of CPU, {most_rate:.2} s a million units");
}
