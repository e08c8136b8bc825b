//! `cargo run --release -p xtask -- finish-rates [--boards N]`: how often each level finishes a
//! random board, the table in docs/compile-time.md ("How often each level finishes a board").
//!
//! Boards are dealt as `typesweeper gen` deals them (the first click at the default cell, its
//! neighbours mine-free), seeds from 1000, and shown with what that click opens. A level
//! finishes a board when its runtime mirror decides every cell with reveals and the total; its
//! `solve!` compiles exactly those boards and refuses none (the runtime mirrors predict the
//! compiler: the corpus cases and the ignored tests that compile generated boards check it).

use typesweeper::runtime::generator::{board_for_seed, Level, Spec};
use typesweeper::runtime::layout::FirstClick;
use typesweeper_board::Board;

/// The sizes of the table and how many boards each gets by default.
const SIZES: [(usize, usize, usize, u64); 3] =
    [(9, 9, 10, 400), (16, 16, 40, 200), (16, 30, 99, 100)];

/// What each level does with one board.
#[derive(Clone, Copy)]
struct Outcome {
    fragment: bool,
    pairs: bool,
    complete: bool,
}

impl Outcome {
    fn of(puzzle: &Board, answer: &Board) -> Outcome {
        Outcome {
            fragment: Level::Fragment.solves(puzzle, answer),
            pairs: Level::Pairs.solves(puzzle, answer),
            complete: Level::Complete.solves(puzzle, answer),
        }
    }
}

/// The boards of one size, seeds from 1000.
fn outcomes(rows: usize, cols: usize, mines: usize, boards: u64) -> Vec<Outcome> {
    let spec = Spec::new(rows, cols, mines, FirstClick::Zero, Level::Complete);
    (1000..1000 + boards)
        .filter_map(|seed| board_for_seed(&spec, seed).expect("a valid size"))
        .map(|g| Outcome::of(&g.puzzle, &g.answer))
        .collect()
}

fn share(n: u64, of: u64) -> String {
    format!("{:.1} %", 100.0 * n as f64 / of as f64)
}

/// Prints the table; `boards` overrides each size's default count.
pub fn run(boards: Option<u64>) {
    println!("| board | `level: fragment` | `level: pairs` | `level: complete` |");
    println!("|---|---|---|---|");
    for (rows, cols, mines, default) in SIZES {
        let all = outcomes(rows, cols, mines, boards.unwrap_or(default));
        let n = all.len() as u64;
        let count = |f: fn(&Outcome) -> bool| share(all.iter().filter(|o| f(o)).count() as u64, n);
        println!(
            "| {rows}x{cols}/{mines} ({n} boards) | {} | {} | {} |",
            count(|o| o.fragment),
            count(|o| o.pairs),
            count(|o| o.complete),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_finishes_every_board_the_one_below_does() {
        let all = outcomes(9, 9, 10, 40);
        assert_eq!(all.len(), 40);
        for (k, o) in all.iter().enumerate() {
            assert!(
                !o.fragment || o.pairs,
                "seed {}: fragment but not pairs",
                1000 + k
            );
            assert!(
                !o.pairs || o.complete,
                "seed {}: pairs but not complete",
                1000 + k
            );
        }
        // Each level finishes boards the one below does not, on 40 boards.
        assert!(all.iter().any(|o| o.pairs && !o.fragment));
        assert!(all.iter().any(|o| o.complete && !o.pairs));
    }
}
