//! `cargo run --release -p xtask -- finish-rates [--boards N]`: how often each level finishes a
//! random board, the table in docs/compile-time.md ("How often each level finishes a board").
//!
//! Boards are dealt as `typesweeper gen` deals them (the first click at the default cell, its
//! neighbours mine-free), seeds from 1000, and shown with what that click opens. A level
//! finishes a board when its runtime mirror decides every cell with reveals and the total; the
//! last column counts the boards `level: complete` compiles: those the runtime `complete`
//! finishes and `solve!` does not refuse ([`complete_refusal`]: past 1,024 cells or the work
//! limit).

use typesweeper::runtime::generator::{board_for_seed, Level, Spec};
use typesweeper::runtime::layout::FirstClick;
use typesweeper_board::search_cost::complete_refusal;

/// The sizes of the table and how many boards each gets by default.
const SIZES: [(usize, usize, usize, u64); 3] =
    [(9, 9, 10, 400), (16, 16, 40, 200), (16, 30, 99, 100)];

/// Counts for one size.
#[derive(Default)]
struct Counts {
    boards: u64,
    fragment: u64,
    pairs: u64,
    complete: u64,
    compiles: u64,
    refused: u64,
}

fn count(rows: usize, cols: usize, mines: usize, boards: u64) -> Counts {
    let spec = Spec::new(rows, cols, mines, FirstClick::Zero, Level::Complete);
    let mut c = Counts::default();
    for seed in 1000..1000 + boards {
        let Some(g) = board_for_seed(&spec, seed).expect("a valid size") else {
            continue;
        };
        c.boards += 1;
        c.fragment += u64::from(Level::Fragment.solves(&g.puzzle, &g.answer));
        c.pairs += u64::from(Level::Pairs.solves(&g.puzzle, &g.answer));
        let finished = Level::Complete.solves(&g.puzzle, &g.answer);
        c.complete += u64::from(finished);
        let refused = complete_refusal(&g.puzzle, &g.answer).is_some();
        c.refused += u64::from(refused);
        c.compiles += u64::from(finished && !refused);
    }
    c
}

fn share(n: u64, of: u64) -> String {
    format!("{:.1} %", 100.0 * n as f64 / of as f64)
}

/// Prints the table; `boards` overrides each size's default count.
pub fn run(boards: Option<u64>) {
    println!("| board | `level: fragment` | `level: pairs` | `complete` (runtime) | `level: complete` compiles | refused by `solve!` |");
    println!("|---|---|---|---|---|---|");
    for (rows, cols, mines, default) in SIZES {
        let c = count(rows, cols, mines, boards.unwrap_or(default));
        println!(
            "| {rows}x{cols}/{mines} ({} boards) | {} | {} | {} | {} | {} |",
            c.boards,
            share(c.fragment, c.boards),
            share(c.pairs, c.boards),
            share(c.complete, c.boards),
            share(c.compiles, c.boards),
            share(c.refused, c.boards),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_finishes_at_least_what_the_one_below_does() {
        let c = count(9, 9, 10, 40);
        assert_eq!(c.boards, 40);
        assert!(
            c.fragment <= c.pairs && c.pairs <= c.complete,
            "{} {} {}",
            c.fragment,
            c.pairs,
            c.complete
        );
        assert!(c.compiles <= c.complete);
        // 9x9 boards are never past the work limit (docs/compile-time.md, "The limit").
        assert_eq!((c.refused, c.compiles), (0, c.complete));
        // And complete does finish more than pairs on 40 boards.
        assert!(c.complete > c.pairs);
    }
}
