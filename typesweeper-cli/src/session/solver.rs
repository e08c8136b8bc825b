//! The solver beside the player: the autoplayer's move ([`next_move_within`], from
//! `typesweeper::runtime::autoplay`), the only way the games ask for a solver move, and what the
//! hint and the probability overlay show ([`knowledge`]): what the position proves, not a choice
//! of move.

use typesweeper::runtime::autoplay::guess::estimated_chances;
use typesweeper::runtime::autoplay::position::Position;
use typesweeper::runtime::complete;
use typesweeper::runtime::game::{CellState, Game, Status};
use typesweeper::runtime::{Deduced, Given};

pub use typesweeper::runtime::autoplay::{next_move_within, Move};

/// What the position proves, for the hint and the probability overlay.
#[derive(Clone, Debug, PartialEq)]
pub struct Knowledge {
    /// Unopened cells (row-major) proved safe, in reading order.
    pub safe: Vec<usize>,
    /// Cells proved to be mines, in reading order.
    pub mines: Vec<usize>,
    /// Per cell, the exact chance that it is a mine (0 for open cells), every layout that fits
    /// the numbers and the mine total being equally likely; an estimate when not `exact`.
    pub mine_probability: Vec<f64>,
    /// Whether the chances are exact: false when the board was too tangled for the solver's
    /// work budget, so that `safe` and `mines` are what the parts it finished prove and the
    /// chances are the autoplayer's cheap estimates.
    pub exact: bool,
}

/// What [`complete`] proves about `game`'s visible position given the mine total, with exact
/// mine probabilities, all of its work within `budget`; `None` before the mines are placed,
/// after the game ends, or if the solver fails (which a real game never makes it do).
pub fn knowledge_within(game: &Game, budget: &complete::Budget) -> Option<Knowledge> {
    if game.layout().is_none() || game.status() != Status::Playing {
        return None;
    }
    let (rows, cols) = (game.rows(), game.cols());
    // All of it within one budget: on a board too tangled for it, what the parts it finished
    // prove, and estimated chances.
    let solved =
        complete::solve_within(&game.visible(), Given::total(game.mines()), budget).ok()?;
    let cells = solved.deduction.cells();
    let mines_found = cells.iter().filter(|&&d| d == Deduced::Mine).count();
    let left = game.mines().checked_sub(mines_found)?;
    let exact = if solved.unfinished.is_empty() {
        complete::analyse_within(cells, rows, cols, Some(left), budget)
            .ok()
            .and_then(|analysis| analysis.mine_probabilities_within(budget))
    } else {
        None
    };
    let is_exact = exact.is_some();
    let mut mine_probability = exact.unwrap_or_else(|| {
        estimated_chances(&Position {
            rows,
            cols,
            cells,
            mines_left: left,
            budget,
        })
    });
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
        exact: is_exact,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use typesweeper::runtime::game::Config;
    use typesweeper::runtime::layout::{FirstClick, Layout};

    fn knowledge(game: &Game) -> Option<Knowledge> {
        knowledge_within(game, &complete::Budget::default())
    }

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
            while let Some(m) = typesweeper::runtime::autoplay::next_move(&g) {
                assert!(matches!(g.cell(m.row, m.col), Ok(CellState::Hidden)));
                g.open(m.row, m.col).unwrap();
                moves += 1;
                assert!(moves <= 81, "the solver must make progress");
            }
            assert_ne!(g.status(), Status::Playing);
        }
    }
}
