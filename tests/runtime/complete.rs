//! `complete` against brute force: on many small seeded random boards, enumerate every mine
//! layout of the unknown cells and check that `complete` decides exactly the cells on which all
//! consistent layouts agree (with nothing given, with the total count, and with the answer,
//! revealing and re-solving), and that it reports a contradiction exactly when no layout fits.

use crate::support::{brute_solve, numbers_fit, numbers_of};

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use typesweeper::board::{Board, Cell};
use typesweeper::runtime::complete::{analyse, Budget};
use typesweeper::runtime::{complete, fragment, Deduced, Given, SolveError};

fn chance(rng: &mut ChaCha8Rng, percent: u64) -> bool {
    rng.next_u64() % 100 < percent
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

/// A row of `?` over `1 ? 1 ? ...`: one frontier component as long as the board, whose box
/// counts have exponentially many layouts (the board of issue 18 that took 1.8 GB at 1000
/// columns).
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

/// A row of `?` over a row of `1`s (quadratic before: 865 MB at 10,000 columns).
fn over_ones(cols: usize) -> Board {
    let top = vec![Cell::Unknown; cols];
    Board::new(
        2,
        cols,
        top.into_iter().chain(vec![Cell::Num(1); cols]).collect(),
    )
}

/// Budget steps per column that `complete` may take on these 2-row boards: each step keeps at
/// most about 16 bytes and takes a few tens of nanoseconds, so this bounds memory and time per
/// column (the 2x25,000 boards then stay within 12 MB of the sweep's own). They take about 19.
const STEPS_PER_COLUMN: u64 = 30;

#[test]
fn long_frontiers_cost_steps_linear_in_their_length() {
    for (name, board) in [
        ("alternating", alternating as fn(usize) -> Board),
        ("over ones", over_ones),
    ] {
        // Within a budget of the steps allowed, so that a search growing faster than the
        // board runs out (and fails here) instead of taking all the memory.
        let per_column = |cols: usize| {
            let budget = Budget::new(STEPS_PER_COLUMN * cols as u64);
            let solved = complete::solve_within(&board(cols), Given::nothing(), &budget).unwrap();
            assert!(
                solved.unfinished.is_empty(),
                "{name}, {cols} columns: more than {STEPS_PER_COLUMN} steps per column"
            );
            budget.spent() as f64 / cols as f64
        };
        let (short, long) = (per_column(1000), per_column(25_000));
        assert!(
            long <= 1.1 * short + 1.0,
            "{name}: {short} steps per column at 1000 columns, {long} at 25,000"
        );
    }
}

/// Nothing in `complete` recurses to a depth that grows with the board (before the sweep, a
/// 2x16,400 board overflowed the 8 MB main-thread stack): 2x30,000 boards, and the passes per
/// mine count on a 2x2000 one, on a thread with a 2 MB stack. An overflow aborts the run.
#[test]
fn long_boards_need_no_deep_stack() {
    let worker = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            for board in [alternating(30_000), over_ones(30_000)] {
                complete::solve(&board, Given::nothing()).unwrap();
            }
            let board = alternating(2000);
            let cells: Vec<Deduced> = board
                .cells()
                .iter()
                .map(|&c| Deduced::from_cell(c))
                .collect();
            // Between the fewest and the most mines: the total count matters, and the chances
            // need layouts per mine count and each box weighed.
            let a = analyse(&cells, 2, 2000, Some(700)).unwrap();
            let p = a.mine_probabilities().unwrap();
            (p.iter().sum::<f64>() - 700.0).abs() < 1e-6
        })
        .unwrap();
    assert!(worker.join().unwrap(), "the chances add up to the mines");
}

/// The steps of one component share one list of its numbers: a copy per step made the trace
/// quadratic in a long frontier's length (865 MB at 2x10,000).
#[test]
fn the_trace_of_a_long_frontier_is_linear_in_it() {
    use std::collections::HashSet;
    use typesweeper::runtime::Reason;
    let cols = 2000;
    let d = complete::solve(&over_ones(cols), Given::nothing()).unwrap();
    let lists: Vec<&[usize]> = d
        .trace()
        .iter()
        .filter_map(|step| match &step.reason {
            Reason::AllLayouts { numbers, .. } => Some(&numbers[..]),
            _ => None,
        })
        .collect();
    assert!(lists.len() >= cols / 4, "{} steps", lists.len());
    // The numbers held, each list counted once however many steps share it.
    let distinct: HashSet<*const usize> = lists.iter().map(|l| l.as_ptr()).collect();
    let held: usize = lists
        .iter()
        .filter(|l| distinct.contains(&l.as_ptr()))
        .map(|l| (l.as_ptr(), l.len()))
        .collect::<HashSet<_>>()
        .iter()
        .map(|&(_, len)| len)
        .sum();
    assert!(held <= 2 * cols, "{held} numbers held for {cols} columns");
    // Nor does the explanation name every number on every line.
    let longest = d.explain().iter().map(String::len).max().unwrap();
    assert!(longest < 200, "a line of {longest} bytes");
}

/// A seeded random board, `density` % mines, the number of each safe cell shown with chance
/// `shown` %, and its answer.
fn random_board(
    rng: &mut ChaCha8Rng,
    rows: usize,
    cols: usize,
    density: u64,
    shown: u64,
) -> (Board, Board) {
    let mines: Vec<bool> = (0..rows * cols).map(|_| chance(rng, density)).collect();
    let answer = Board::new(rows, cols, numbers_of(rows, cols, &mines));
    let puzzle = answer
        .cells()
        .iter()
        .map(|&c| match c {
            Cell::Num(_) if chance(rng, shown) => c,
            _ => Cell::Unknown,
        })
        .collect();
    (Board::new(rows, cols, puzzle), answer)
}

#[test]
fn out_of_budget_what_is_decided_is_still_proved() {
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let (mut partial, mut finished) = (0, 0);
    for case in 0..12 {
        let (puzzle, answer) = random_board(&mut rng, 16, 16, 30, 40);
        for given in [Given::nothing(), Given::total(answer.mine_count())] {
            let full = complete::solve(&puzzle, given).unwrap();
            let local = fragment::solve(&puzzle, given).unwrap();
            for steps in [0, 1000, 10_000, 100_000, 1_000_000] {
                let budget = Budget::new(steps);
                let solved = complete::solve_within(&puzzle, given, &budget).unwrap();
                let cells = solved.deduction.cells();
                for (i, &cell) in cells.iter().enumerate() {
                    if cell.is_decided() {
                        assert_eq!(cell, full.cells()[i], "case {case}, {steps} steps: {i}");
                    }
                    if local.cells()[i].is_decided() {
                        assert_eq!(cell, local.cells()[i], "case {case}, {steps} steps: {i}");
                    }
                }
                if solved.unfinished.is_empty() {
                    finished += 1;
                    assert_eq!(solved.deduction, full, "case {case}, {steps} steps");
                    continue;
                }
                partial += 1;
                assert!(budget.is_exhausted());
                for part in &solved.unfinished {
                    assert!(part.cells.iter().all(|&i| !cells[i].is_decided()));
                }
            }
        }
    }
    // Both kinds of ending were seen, and with no budget only the local rules' deductions.
    assert!(partial > 20 && finished > 20, "{partial} {finished}");
    let (puzzle, _) = random_board(&mut rng, 24, 24, 30, 40);
    let none = complete::solve_within(&puzzle, Given::nothing(), &Budget::new(0)).unwrap();
    assert_eq!(
        none.deduction,
        fragment::solve(&puzzle, Given::nothing()).unwrap()
    );
}

#[test]
fn running_out_is_an_error_naming_the_part_of_the_board() {
    let puzzle = alternating(1000);
    let solved = complete::solve_within(&puzzle, Given::nothing(), &Budget::new(1000)).unwrap();
    let where_ = "R1C1 to R2C1000 (1500 undecided cells around 500 numbers)";
    assert_eq!(solved.unfinished.len(), 1);
    assert_eq!(solved.unfinished[0].describe(1000), where_);
    let cells: Vec<Deduced> = puzzle
        .cells()
        .iter()
        .map(|&c| Deduced::from_cell(c))
        .collect();
    let e = complete::analyse_within(&cells, 2, 1000, None, &Budget::new(1000)).unwrap_err();
    assert_eq!(
        e,
        SolveError::OutOfBudget(format!(
            "the work budget (1000 steps) ran out on the frontier at {where_}"
        ))
    );
    assert_eq!(
        e.to_string(),
        format!("out of budget: the work budget (1000 steps) ran out on the frontier at {where_}")
    );
}
