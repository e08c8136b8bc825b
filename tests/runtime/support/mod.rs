//! Helpers shared by the brute-force tests.
//!
//! Each test file that includes this module uses some of it.
#![allow(dead_code)]

use typesweeper::board::{neighbours, Board, Cell};
use typesweeper::runtime::game::Game;
use typesweeper::runtime::{complete, Deduced, Given};

/// The position the autoplayer guesses in: shown numbers, every decided mine, undecided cells;
/// and the mines among the undecided cells.
pub fn position_of(game: &Game) -> (Vec<Deduced>, usize) {
    let d = complete::solve(&game.visible(), Given::total(game.mines())).unwrap();
    let cells: Vec<Deduced> = d.cells().to_vec();
    let known = cells.iter().filter(|&&c| c == Deduced::Mine).count();
    (cells, game.mines() - known)
}

/// Whether the mine layout `mine` gives every revealed number on the board its count.
pub fn numbers_fit(rows: usize, cols: usize, cells: &[Deduced], mine: &[bool]) -> bool {
    (0..cells.len()).all(|i| match cells[i] {
        Deduced::Safe(Some(n)) => {
            neighbours(rows, cols, i / cols, i % cols)
                .filter(|&j| mine[j])
                .count()
                == usize::from(n)
        }
        _ => true,
    })
}

/// The answer board of mine layout `mines`: each safe cell shows its count.
pub fn numbers_of(rows: usize, cols: usize, mines: &[bool]) -> Vec<Cell> {
    (0..rows * cols)
        .map(|i| {
            if mines[i] {
                Cell::Mine
            } else {
                let n = neighbours(rows, cols, i / cols, i % cols)
                    .filter(|&j| mines[j])
                    .count();
                Cell::Num(n as u8)
            }
        })
        .collect()
}

/// Per cell, whether some layout of the undecided cells that fits the numbers (and the total)
/// makes it a mine, and whether some makes it safe; `None` when no layout fits.
pub fn brute(
    rows: usize,
    cols: usize,
    cells: &[Deduced],
    total: Option<usize>,
) -> Option<Vec<(bool, bool)>> {
    let unknown: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Deduced::Undecided)
        .collect();
    let shown = cells.iter().filter(|&&c| c == Deduced::Mine).count();
    let mut out: Vec<(bool, bool)> = cells
        .iter()
        .map(|&c| (c == Deduced::Mine, matches!(c, Deduced::Safe(_))))
        .collect();
    let mut any = false;
    let mut mine: Vec<bool> = cells.iter().map(|&c| c == Deduced::Mine).collect();
    for mask in 0u32..(1 << unknown.len()) {
        if total.is_some_and(|t| t != shown + mask.count_ones() as usize) {
            continue;
        }
        for (b, &i) in unknown.iter().enumerate() {
            mine[i] = mask >> b & 1 == 1;
        }
        if numbers_fit(rows, cols, cells, &mine) {
            any = true;
            for &i in &unknown {
                out[i].0 |= mine[i];
                out[i].1 |= !mine[i];
            }
        }
    }
    any.then_some(out)
}

/// Brute force to a fixpoint: decide what all layouts agree on, reveal from the answer, repeat.
/// `None` when no layout fits.
pub fn brute_solve(
    puzzle: &Board,
    answer: Option<&Board>,
    total: Option<usize>,
) -> Option<Vec<Deduced>> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut cells: Vec<Deduced> = puzzle
        .cells()
        .iter()
        .map(|&c| Deduced::from_cell(c))
        .collect();
    loop {
        let possible = brute(rows, cols, &cells, total)?;
        let mut changed = false;
        for i in 0..cells.len() {
            if cells[i] != Deduced::Undecided {
                continue;
            }
            cells[i] = match possible[i] {
                (true, false) => Deduced::Mine,
                (false, true) => match answer.map(|a| a.cells()[i]) {
                    Some(Cell::Num(n)) => Deduced::Safe(Some(n)),
                    _ => Deduced::Safe(None),
                },
                _ => continue,
            };
            changed = true;
        }
        if !changed || answer.is_none() {
            return Some(cells);
        }
    }
}
