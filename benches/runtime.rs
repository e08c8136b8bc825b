//! Runtime benchmarks on expert boards (16x30, 99 mines, first click R3C3 under the zero rule):
//! `fragment` and `complete` solving a board as opened by its first click (with reveals from
//! the answer), and `gen` finding a board that `complete` finishes without guessing.
//!
//! `cargo bench -p typesweeper-benches --bench runtime -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use typesweeper::runtime::generator::{board_for_seed, find_board, Generated, Level, Spec};
use typesweeper::runtime::layout::FirstClick;
use typesweeper::runtime::{complete, fragment, Given};

fn expert(level: Level) -> Spec {
    Spec::new(16, 30, 99, FirstClick::Zero, level)
}

/// Boards as opened by the first click, seeds 0..64.
fn boards() -> Vec<Generated> {
    (0..64)
        .map(|seed| {
            board_for_seed(&expert(Level::Complete), seed)
                .unwrap()
                .unwrap()
        })
        .collect()
}

fn solvers(c: &mut Criterion) {
    let boards = boards();
    let mut next = 0;
    c.bench_function("fragment 16x30/99 (one board, with answer)", |b| {
        b.iter(|| {
            let g = &boards[next % boards.len()];
            next += 1;
            black_box(fragment::solve(&g.puzzle, Given::answer(&g.answer)).unwrap())
        })
    });
    let mut next = 0;
    c.bench_function("complete 16x30/99 (one board, with answer)", |b| {
        b.iter(|| {
            let g = &boards[next % boards.len()];
            next += 1;
            black_box(complete::solve(&g.puzzle, Given::answer(&g.answer)).unwrap())
        })
    });
    let mut next = 0;
    c.bench_function("complete 16x30/99 (one board, total only)", |b| {
        b.iter(|| {
            let g = &boards[next % boards.len()];
            next += 1;
            black_box(complete::solve(&g.puzzle, Given::total(99)).unwrap())
        })
    });
}

fn generator(c: &mut Criterion) {
    let spec = expert(Level::Complete);
    let mut seed = 0u64;
    c.bench_function("gen 16x30/99 solvable by complete (one board)", |b| {
        b.iter(|| {
            let found = find_board(&spec, seed, 100_000).unwrap();
            seed = found.seed.wrapping_add(1);
            black_box(found)
        })
    });
}

criterion_group!(benches, solvers, generator);
criterion_main!(benches);
