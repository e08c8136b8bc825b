//! `complete` against brute force: on many small seeded random boards, enumerate every mine
//! layout of the unknown cells and check that `complete` decides exactly the cells on which all
//! consistent layouts agree (with nothing given, with the total count, and with the answer,
//! revealing and re-solving), and that it reports a contradiction exactly when no layout fits.

mod support;
use support::numbers_fit;

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use typesweeper::board::{neighbours, Board, Cell};
use typesweeper::runtime::complete::analyse;
use typesweeper::runtime::{complete, fragment, Deduced, Given, SolveError};

fn chance(rng: &mut ChaCha8Rng, percent: u64) -> bool {
    rng.next_u64() % 100 < percent
}

fn numbers_of(rows: usize, cols: usize, mines: &[bool]) -> Vec<Cell> {
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

/// Every undecided cell's value in all layouts of the undecided cells that fit the numbers (and
/// the total): `None` when no layout fits, else per cell `(can be mine, can be safe)`.
fn brute(
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
    let mut mine = vec![false; cells.len()];
    for mask in 0u32..(1 << unknown.len()) {
        for (b, &i) in unknown.iter().enumerate() {
            mine[i] = mask >> b & 1 == 1;
        }
        for (i, &c) in cells.iter().enumerate() {
            if c == Deduced::Mine {
                mine[i] = true;
            }
        }
        if total.is_some_and(|t| t != shown + mask.count_ones() as usize) {
            continue;
        }
        let fits = numbers_fit(rows, cols, cells, &mine);
        if fits {
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
fn brute_solve(
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
            match possible[i] {
                (true, false) => cells[i] = Deduced::Mine,
                (false, true) => {
                    cells[i] = match answer.map(|a| a.cells()[i]) {
                        Some(Cell::Num(n)) => Deduced::Safe(Some(n)),
                        _ => Deduced::Safe(None),
                    }
                }
                _ => continue,
            }
            changed = true;
        }
        if !changed || answer.is_none() {
            return Some(cells);
        }
    }
}

fn random_case(rng: &mut ChaCha8Rng) -> (Board, Board) {
    let rows = 1 + (rng.next_u64() % 4) as usize;
    let cols = 1 + (rng.next_u64() % 5) as usize;
    let density = 10 + rng.next_u64() % 50;
    let mines: Vec<bool> = (0..rows * cols).map(|_| chance(rng, density)).collect();
    let answer = Board::new(rows, cols, numbers_of(rows, cols, &mines));
    let hide = 30 + rng.next_u64() % 65;
    let puzzle = answer
        .cells()
        .iter()
        .map(|&c| {
            let keep_mine = c == Cell::Mine && chance(rng, 10);
            if keep_mine || !chance(rng, hide) {
                if c == Cell::Mine && !keep_mine {
                    Cell::Unknown
                } else {
                    c
                }
            } else {
                Cell::Unknown
            }
        })
        .collect();
    (Board::new(rows, cols, puzzle), answer)
}

#[test]
fn complete_agrees_with_brute_force_on_consistent_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut decided_by_complete_only = 0;
    for case in 0..3000 {
        let (puzzle, answer) = random_case(&mut rng);
        if puzzle.cells().iter().filter(|c| !c.is_known()).count() > 12 {
            continue; // keep brute force quick in debug builds
        }
        let total = answer.mine_count();
        for (given, brute_answer, brute_total) in [
            (Given::nothing(), None, None),
            (Given::total(total), None, Some(total)),
            (Given::answer(&answer), Some(&answer), Some(total)),
        ] {
            let expected =
                brute_solve(&puzzle, brute_answer, brute_total).expect("derived from an answer");
            let got = complete::solve(&puzzle, given)
                .unwrap_or_else(|e| panic!("case {case}: {e}\n{puzzle}"));
            assert_eq!(
                got.cells(),
                &expected[..],
                "case {case} {given:?}\npuzzle:\n{puzzle}\nanswer:\n{answer}"
            );
            let frag = fragment::solve(&puzzle, given).unwrap();
            decided_by_complete_only += frag.undecided().len() - got.undecided().len();
        }
    }
    // The comparison must have covered cases where complete goes beyond the fragment.
    assert!(decided_by_complete_only > 100, "{decided_by_complete_only}");
}

#[test]
fn complete_reports_contradictions_exactly_when_no_layout_fits() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut contradictions, mut consistent) = (0, 0);
    for case in 0..3000 {
        let rows = 1 + (rng.next_u64() % 4) as usize;
        let cols = 1 + (rng.next_u64() % 4) as usize;
        let cells: Vec<Cell> = (0..rows * cols)
            .map(|_| match rng.next_u64() % 10 {
                0..=5 => Cell::Unknown,
                6 => Cell::Mine,
                _ => Cell::Num((rng.next_u64() % 4) as u8),
            })
            .collect();
        let puzzle = Board::new(rows, cols, cells);
        let unknown = puzzle.cells().iter().filter(|c| !c.is_known()).count();
        let total = puzzle.mine_count() + (rng.next_u64() as usize % (unknown + 1));
        for with_total in [None, Some(total)] {
            let given = with_total.map_or(Given::nothing(), Given::total);
            let expected = brute_solve(&puzzle, None, with_total);
            match (complete::solve(&puzzle, given), expected) {
                (Ok(d), Some(cells)) => {
                    consistent += 1;
                    assert_eq!(d.cells(), &cells[..], "case {case}\n{puzzle}");
                }
                (Err(SolveError::Contradiction(_)), None) => contradictions += 1,
                (got, want) => {
                    panic!("case {case} total {with_total:?}\n{puzzle}\ngot {got:?}\nwant {want:?}")
                }
            }
        }
    }
    assert!(
        contradictions > 100 && consistent > 100,
        "{contradictions} {consistent}"
    );
}

/// Per undecided cell, the fraction of consistent layouts (with the total) where it is a mine.
fn brute_probabilities(rows: usize, cols: usize, cells: &[Deduced], total: usize) -> Vec<f64> {
    let unknown: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Deduced::Undecided)
        .collect();
    let shown = cells.iter().filter(|&&c| c == Deduced::Mine).count();
    let mut mines_at = vec![0u64; cells.len()];
    let mut layouts = 0u64;
    let mut mine: Vec<bool> = cells.iter().map(|&c| c == Deduced::Mine).collect();
    for mask in 0u32..(1 << unknown.len()) {
        if shown + mask.count_ones() as usize != total {
            continue;
        }
        for (b, &i) in unknown.iter().enumerate() {
            mine[i] = mask >> b & 1 == 1;
        }
        let fits = numbers_fit(rows, cols, cells, &mine);
        if fits {
            layouts += 1;
            for (i, m) in mine.iter().enumerate() {
                mines_at[i] += u64::from(*m);
            }
        }
    }
    mines_at
        .iter()
        .map(|&m| m as f64 / layouts as f64)
        .collect()
}

#[test]
fn mine_probabilities_agree_with_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut checked = 0;
    for case in 0..1500 {
        let (puzzle, answer) = random_case(&mut rng);
        if puzzle.cells().iter().filter(|c| !c.is_known()).count() > 12 {
            continue;
        }
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let cells: Vec<Deduced> = puzzle
            .cells()
            .iter()
            .map(|&c| Deduced::from_cell(c))
            .collect();
        let total = answer.mine_count();
        let left = total - puzzle.mine_count();
        let a = analyse(&cells, rows, cols, Some(left)).unwrap();
        let got = a.mine_probabilities().unwrap();
        let want = brute_probabilities(rows, cols, &cells, total);
        for i in 0..cells.len() {
            assert!(
                (got[i] - want[i]).abs() < 1e-9,
                "case {case} cell {i}: {} vs {}\n{puzzle}",
                got[i],
                want[i]
            );
        }
        checked += 1;
        assert!(analyse(&cells, rows, cols, None)
            .unwrap()
            .mine_probabilities()
            .is_none());
    }
    assert!(checked > 1000, "{checked}");
}
