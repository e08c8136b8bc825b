//! `pairs` against a brute-force reading of its definition: on many seeded random 4x4 to 6x6
//! boards, decide cells by enumerating every assignment of each rule's undecided cells (each
//! number alone, the total count alone, and every two numbers sharing an edge over the union
//! of their undecided neighbours), reveal from the answer, and repeat to a fixpoint. `pairs`
//! must decide exactly the same cells, and report a contradiction exactly when the brute force
//! meets a rule no assignment satisfies.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use typesweeper::board::{neighbours, Board, Cell};
use typesweeper::runtime::{fragment, pairs, Deduced, Given, Reason, SolveError};

fn chance(rng: &mut ChaCha8Rng, percent: u64) -> bool {
    rng.next_u64() % 100 < percent
}

/// Enumerates every assignment of mines to `cells` (undecided cells) with the mines already
/// decided in `state`, keeps those for which `fits` holds, and returns per cell of `cells`
/// whether it can be a mine and whether it can be safe; `None` when no assignment fits.
fn agreement(
    state: &[Deduced],
    cells: &[usize],
    fits: impl Fn(&[bool]) -> bool,
) -> Option<Vec<(bool, bool)>> {
    let mut mine: Vec<bool> = state.iter().map(|&c| c == Deduced::Mine).collect();
    let mut out = vec![(false, false); cells.len()];
    let mut any = false;
    for mask in 0u32..(1 << cells.len()) {
        for (b, &i) in cells.iter().enumerate() {
            mine[i] = mask >> b & 1 == 1;
        }
        if fits(&mine) {
            any = true;
            for (b, &i) in cells.iter().enumerate() {
                out[b].0 |= mine[i];
                out[b].1 |= !mine[i];
            }
        }
    }
    any.then_some(out)
}

/// The brute-force `pairs` level: `Err(())` on a contradiction.
fn brute_pairs(
    puzzle: &Board,
    answer: Option<&Board>,
    total: Option<usize>,
) -> Result<Vec<Deduced>, ()> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut cells: Vec<Deduced> = puzzle
        .cells()
        .iter()
        .map(|&c| Deduced::from_cell(c))
        .collect();
    let around = |i: usize| neighbours(rows, cols, i / cols, i % cols);
    let number = |cells: &[Deduced], i: usize| match cells[i] {
        Deduced::Safe(Some(n)) => Some(usize::from(n)),
        _ => None,
    };
    // Every rule is a set of number cells (empty: the total count) whose counts must hold.
    let mut rules: Vec<Vec<usize>> = vec![Vec::new()];
    for i in 0..cells.len() {
        rules.push(vec![i]);
        if i % cols + 1 < cols {
            rules.push(vec![i, i + 1]);
        }
        if i + cols < cells.len() {
            rules.push(vec![i, i + cols]);
        }
    }
    loop {
        let mut changed = false;
        for rule in &rules {
            let undecided = |i: &usize| cells[*i] == Deduced::Undecided;
            let scope: Vec<usize> = if rule.is_empty() {
                if total.is_none() {
                    continue;
                }
                (0..cells.len()).filter(undecided).collect()
            } else {
                if rule.iter().any(|&i| number(&cells, i).is_none()) {
                    continue;
                }
                let mut scope: Vec<usize> = rule.iter().flat_map(|&i| around(i)).collect();
                scope.sort_unstable();
                scope.dedup();
                scope.retain(undecided);
                scope
            };
            let possible = if rule.is_empty() {
                // The total alone, over every undecided cell: with `left` mines for them, a cell
                // can be a mine when `left > 0` and safe when `left` is less than their number
                // (what enumerating them would find, without 2^36 assignments).
                let decided = cells.iter().filter(|&&c| c == Deduced::Mine).count();
                let left = total.unwrap().checked_sub(decided).ok_or(())?;
                if left > scope.len() {
                    return Err(());
                }
                vec![(left > 0, left < scope.len()); scope.len()]
            } else {
                let fits = |mine: &[bool]| {
                    rule.iter().all(|&i| {
                        around(i).filter(|&j| mine[j]).count() == number(&cells, i).unwrap()
                    })
                };
                agreement(&cells, &scope, fits).ok_or(())?
            };
            for (b, &i) in scope.iter().enumerate() {
                let truth = answer.map(|a| a.cells()[i]);
                cells[i] = match possible[b] {
                    (true, false) if matches!(truth, Some(Cell::Num(_))) => return Err(()),
                    (true, false) => Deduced::Mine,
                    (false, true) => match truth {
                        Some(Cell::Mine) => return Err(()),
                        Some(Cell::Num(n)) => Deduced::Safe(Some(n)),
                        _ => Deduced::Safe(None),
                    },
                    _ => continue,
                };
                changed = true;
            }
        }
        if !changed {
            return Ok(cells);
        }
    }
}

fn numbers_of(rows: usize, cols: usize, mines: &[bool]) -> Vec<Cell> {
    (0..rows * cols)
        .map(|i| {
            if mines[i] {
                Cell::Mine
            } else {
                Cell::Num(
                    neighbours(rows, cols, i / cols, i % cols)
                        .filter(|&j| mines[j])
                        .count() as u8,
                )
            }
        })
        .collect()
}

/// A random 4x4 to 6x6 layout and a puzzle showing some of its numbers (and a few mines).
fn random_case(rng: &mut ChaCha8Rng) -> (Board, Board) {
    let rows = 4 + (rng.next_u64() % 3) as usize;
    let cols = 4 + (rng.next_u64() % 3) as usize;
    let density = 10 + rng.next_u64() % 35;
    let mines: Vec<bool> = (0..rows * cols).map(|_| chance(rng, density)).collect();
    let answer = Board::new(rows, cols, numbers_of(rows, cols, &mines));
    let shown = 20 + rng.next_u64() % 50;
    let puzzle = answer
        .cells()
        .iter()
        .map(|&c| match c {
            Cell::Mine if chance(rng, 10) => c,
            Cell::Num(_) if chance(rng, shown) => c,
            _ => Cell::Unknown,
        })
        .collect();
    (Board::new(rows, cols, puzzle), answer)
}

fn pair_steps(d: &typesweeper::runtime::Deduction) -> usize {
    d.trace()
        .iter()
        .filter(|s| matches!(s.reason, Reason::Pair { .. }))
        .count()
}

#[test]
fn pairs_agrees_with_brute_force_on_consistent_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let (mut beyond_fragment, mut pair_decisions) = (0, 0);
    for case in 0..1500 {
        let (puzzle, answer) = random_case(&mut rng);
        let total = answer.mine_count();
        for (given, brute_answer, brute_total) in [
            (Given::nothing(), None, None),
            (Given::total(total), None, Some(total)),
            (Given::answer(&answer), Some(&answer), Some(total)),
        ] {
            let expected = brute_pairs(&puzzle, brute_answer, brute_total)
                .unwrap_or_else(|()| panic!("case {case}: brute force found a contradiction"));
            let got = pairs::solve(&puzzle, given)
                .unwrap_or_else(|e| panic!("case {case}: {e}\n{puzzle}"));
            assert_eq!(
                got.cells(),
                &expected[..],
                "case {case} {given:?}\npuzzle:\n{puzzle}\nanswer:\n{answer}"
            );
            let frag = fragment::solve(&puzzle, given).unwrap();
            beyond_fragment += frag.undecided().len() - got.undecided().len();
            pair_decisions += pair_steps(&got);
            // What `pairs` decides is true.
            for (i, d) in got.cells().iter().enumerate() {
                match d {
                    Deduced::Mine => assert_eq!(answer.cells()[i], Cell::Mine, "case {case}"),
                    Deduced::Safe(_) => assert_ne!(answer.cells()[i], Cell::Mine, "case {case}"),
                    Deduced::Undecided => {}
                }
            }
        }
    }
    // The comparison covered many cells only the pairs decide.
    assert!(
        beyond_fragment > 3000 && pair_decisions > 1500,
        "{beyond_fragment} {pair_decisions}"
    );
}

#[test]
fn pairs_reports_contradictions_exactly_when_brute_force_does() {
    let mut rng = ChaCha8Rng::seed_from_u64(71);
    let (mut contradictions, mut pair_contradictions, mut consistent) = (0, 0, 0);
    for case in 0..1500 {
        let (puzzle, _) = random_case(&mut rng);
        // Some numbers off by one: boards with no layout, or with other ones.
        let cells: Vec<Cell> = puzzle
            .cells()
            .iter()
            .map(|&c| match c {
                Cell::Num(n) if chance(&mut rng, 15) => {
                    Cell::Num(if n > 0 && chance(&mut rng, 50) {
                        n - 1
                    } else {
                        n + 1
                    })
                }
                c => c,
            })
            .collect();
        let puzzle = Board::new(puzzle.rows(), puzzle.cols(), cells);
        let unknown = puzzle.cells().iter().filter(|c| !c.is_known()).count();
        let total = puzzle.mine_count() + (rng.next_u64() as usize % (unknown + 1));
        for with_total in [None, Some(total)] {
            let given = with_total.map_or(Given::nothing(), Given::total);
            match (
                pairs::solve(&puzzle, given),
                brute_pairs(&puzzle, None, with_total),
            ) {
                (Ok(d), Ok(cells)) => {
                    consistent += 1;
                    assert_eq!(d.cells(), &cells[..], "case {case}\n{puzzle}");
                }
                (Err(SolveError::Contradiction(m)), Err(())) => {
                    contradictions += 1;
                    pair_contradictions += usize::from(m.contains("no placement of mines"));
                }
                (got, want) => {
                    panic!("case {case} total {with_total:?}\n{puzzle}\ngot {got:?}\nwant {want:?}")
                }
            }
        }
    }
    assert!(
        contradictions > 1000 && pair_contradictions > 15 && consistent > 1000,
        "{contradictions} {pair_contradictions} {consistent}"
    );
}
