//! The solver beside the player: the one function that chooses solver moves ([`next_move`]),
//! and what the hint and the probability overlay show ([`knowledge`]).
//!
//! **Stand-in.** [`next_move`] and [`Move`] have exactly the shape of
//! `typesweeper::runtime::autoplay::{next_move, Move}`, which another branch is writing. When it
//! is merged, replace the two definitions between the `STAND-IN` markers below with
//! `pub use typesweeper::runtime::autoplay::{next_move, Move};` (they import nothing else) and
//! delete the `tests::stand_in` module, which checks the stand-in's own choices. The rest of the
//! UI asks for solver moves only through this module. [`knowledge`] stays: hints and
//! probabilities are what the position proves, not a choice of move.

use typesweeper::runtime::complete;
use typesweeper::runtime::game::{CellState, Game, Status};
use typesweeper::runtime::{Deduced, Given};

// STAND-IN from here: replace with `pub use typesweeper::runtime::autoplay::{next_move, Move};`

/// A move the solver suggests: open `(row, col)` (0-based); `certain` when the cell is proved
/// safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// Whether the cell is proved safe (otherwise it is the least likely mine, a guess).
    pub certain: bool,
}

/// The solver's next move, `None` when the game is over.
///
/// Stand-in for `runtime::autoplay::next_move` (see the module docs): before the first open,
/// the rule's default first click (`layout::default_click`, safe by the first-click rule); then the
/// first cell in reading order that [`complete`] proves safe and that is not open; when there
/// is none, the unopened cell with the lowest exact mine probability, ties broken by reading
/// order. Flags are the player's guesses and are ignored (a flagged cell proved safe is a wrong
/// flag, and may be chosen).
pub fn next_move(game: &Game) -> Option<Move> {
    use typesweeper::runtime::layout::default_click;

    if game.status() != Status::Playing {
        return None;
    }
    if game.layout().is_none() {
        let (row, col) = default_click(game.rows(), game.cols(), game.config().first_click);
        return Some(Move {
            row,
            col,
            certain: game.mines() < game.rows() * game.cols(),
        });
    }
    let known = knowledge(game)?;
    let cols = game.cols();
    let unopened = |i: &usize| !matches!(game.cells()[*i], CellState::Open(_));
    if let Some(i) = known.safe.iter().copied().find(unopened) {
        return Some(Move {
            row: i / cols,
            col: i % cols,
            certain: true,
        });
    }
    let mut best: Option<(usize, f64)> = None;
    for i in (0..game.cells().len()).filter(unopened) {
        let p = known.mine_probability[i];
        if best.is_none_or(|(_, q)| p < q) {
            best = Some((i, p));
        }
    }
    best.map(|(i, _)| Move {
        row: i / cols,
        col: i % cols,
        certain: false,
    })
}
// STAND-IN to here.

/// What the position proves, for the hint and the probability overlay.
#[derive(Clone, Debug, PartialEq)]
pub struct Knowledge {
    /// Unopened cells (row-major) proved safe, in reading order.
    pub safe: Vec<usize>,
    /// Cells proved to be mines, in reading order.
    pub mines: Vec<usize>,
    /// Per cell, the exact chance that it is a mine (0 for open cells), every layout that fits
    /// the numbers and the mine total being equally likely.
    pub mine_probability: Vec<f64>,
}

/// What [`complete`] proves about `game`'s visible position given the mine total, with exact
/// mine probabilities; `None` before the mines are placed, after the game ends, or if the
/// solver fails (which a real game never makes it do).
pub fn knowledge(game: &Game) -> Option<Knowledge> {
    if game.layout().is_none() || game.status() != Status::Playing {
        return None;
    }
    let (rows, cols) = (game.rows(), game.cols());
    let deduction = complete::solve(&game.visible(), Given::total(game.mines())).ok()?;
    let cells = deduction.cells();
    let mines_found = cells.iter().filter(|&&d| d == Deduced::Mine).count();
    let left = game.mines().checked_sub(mines_found)?;
    let analysis = complete::analyse(cells, rows, cols, Some(left)).ok()?;
    let mut mine_probability = analysis.mine_probabilities()?;
    let mut safe = Vec::new();
    let mut mines = Vec::new();
    for (i, d) in cells.iter().enumerate() {
        match d {
            Deduced::Mine => {
                mines.push(i);
                mine_probability[i] = 1.0;
            }
            Deduced::Safe(_) => {
                if !matches!(game.cells()[i], CellState::Open(_)) {
                    safe.push(i);
                }
                mine_probability[i] = 0.0;
            }
            Deduced::Undecided => {}
        }
    }
    Some(Knowledge {
        safe,
        mines,
        mine_probability,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use typesweeper::runtime::game::Config;
    use typesweeper::runtime::layout::{FirstClick, Layout};

    fn game(rows: usize, cols: usize, mines: &[usize]) -> Game {
        let mut m = vec![false; rows * cols];
        for &i in mines {
            m[i] = true;
        }
        Game::with_layout(Layout::from_mines(rows, cols, m).unwrap())
    }

    #[test]
    fn knowledge_lists_proved_cells_and_exact_chances() {
        // Row 0: ? ? ?, row 1: 1 2 1 after opening the bottom row: the middle top is safe.
        let fresh = Game::new(Config::new(3, 3, 2, FirstClick::Safe), 1).unwrap();
        assert_eq!(
            knowledge(&fresh),
            None,
            "nothing before the mines are placed"
        );
        let mut g = game(3, 3, &[0, 2]);
        g.open(2, 0).unwrap();
        assert_eq!(g.visible().to_string(), "? ? ?\n1 2 1\n0 0 0");
        let k = knowledge(&g).unwrap();
        assert_eq!((&k.safe, &k.mines), (&vec![1], &vec![0, 2]));
        assert_eq!(&k.mine_probability[..3], &[1.0, 0.0, 1.0]);

        // 2x2 with one mine, opened at a 1: each other cell is a mine with chance 1/3.
        let mut g = game(2, 2, &[3]);
        g.open(0, 0).unwrap();
        let k = knowledge(&g).unwrap();
        assert!(k.safe.is_empty() && k.mines.is_empty());
        for i in 1..4 {
            assert!((k.mine_probability[i] - 1.0 / 3.0).abs() < 1e-9);
        }
    }

    /// Holds for any solver behind `next_move`, the stand-in or the autoplayer.
    #[test]
    fn playing_the_moves_finishes_the_game() {
        for seed in 0..5 {
            let mut g = Game::new(Config::new(9, 9, 10, FirstClick::Zero), seed).unwrap();
            let mut moves = 0;
            while let Some(m) = next_move(&g) {
                assert!(matches!(g.cell(m.row, m.col), Ok(CellState::Hidden)));
                g.open(m.row, m.col).unwrap();
                moves += 1;
                assert!(moves <= 81, "the solver must make progress");
            }
            assert_ne!(g.status(), Status::Playing);
        }
    }

    /// The stand-in's own choices: delete these with it when `runtime::autoplay` takes over.
    mod stand_in {
        use super::*;

        #[test]
        fn the_first_move_is_the_rules_default_click() {
            let g = Game::new(Config::new(16, 30, 99, FirstClick::Zero), 1).unwrap();
            let expected = Move {
                row: 2,
                col: 2,
                certain: true,
            };
            assert_eq!(next_move(&g), Some(expected));
        }

        #[test]
        fn a_proved_safe_cell_comes_before_any_guess() {
            let mut g = game(3, 3, &[0, 2]);
            g.open(2, 0).unwrap();
            let m = next_move(&g).unwrap();
            assert_eq!((m.row, m.col, m.certain), (0, 1, true));
        }

        #[test]
        fn without_a_safe_cell_it_guesses_the_least_likely_mine_in_reading_order() {
            let mut g = game(2, 2, &[3]);
            g.open(0, 0).unwrap();
            let m = next_move(&g).unwrap();
            assert_eq!((m.row, m.col, m.certain), (0, 1, false));
            // 1x5, mine at the right end, opened at the left: `0 0 0 1 ?`, won at once.
            let mut g = game(1, 5, &[4]);
            g.open(0, 0).unwrap();
            assert_eq!((g.status(), next_move(&g)), (Status::Won, None));
        }
    }
}
