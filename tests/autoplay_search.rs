//! The search-based guess (`Strength::Strong`): layouts drawn from the exact posterior, rollouts
//! reproducible from the seed, the budget kept, and on a small position the search picking the
//! cell with the higher exact win chance.

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod support;
use support::{numbers_fit, position_of};

use typesweeper::board::neighbours;
use typesweeper::runtime::autoplay::position::Position;
use typesweeper::runtime::autoplay::search::{self, rollouts, Search, Strength};
use typesweeper::runtime::autoplay::{endgame, guess, plan, play_game_with, Plan};
use typesweeper::runtime::complete::{analyse, Budget};
use typesweeper::runtime::game::{CellState, Config, Game, Status};
use typesweeper::runtime::layout::FirstClick;
use typesweeper::runtime::Deduced;

/// Plays `game` with the fast player up to its `n`-th guess (from 1); false when it ends first.
fn to_guess(game: &mut Game, n: usize) -> bool {
    let cols = game.cols();
    let mut seen = 0;
    loop {
        match plan(game) {
            Plan::Over => return false,
            Plan::Certain(cells) => {
                for i in cells {
                    if game.status() == Status::Playing {
                        game.open(i / cols, i % cols).unwrap();
                    }
                }
            }
            Plan::Guess(i) => {
                seen += 1;
                if seen == n {
                    return true;
                }
                game.open(i / cols, i % cols).unwrap();
            }
        }
    }
}

#[test]
fn drawn_layouts_fit_the_position_and_follow_the_exact_chances() {
    let config = Config::new(16, 30, 99, FirstClick::Safe);
    let mut checked = 0;
    for seed in 0..40 {
        let mut game = Game::new(config, seed).unwrap();
        if !to_guess(&mut game, 2) {
            continue;
        }
        let (cells, left) = position_of(&game);
        let a = analyse(&cells, 16, 30, Some(left)).unwrap();
        let p = a.mine_probabilities().unwrap();
        let sampler = a.sampler().unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let draws = 4000;
        let mut seen = vec![0u32; cells.len()];
        for _ in 0..draws {
            let mines = sampler.draw(&mut rng);
            assert_eq!(mines.len(), left);
            let mut all: Vec<bool> = cells.iter().map(|&c| c == Deduced::Mine).collect();
            for &i in &mines {
                assert_eq!(
                    cells[i],
                    Deduced::Undecided,
                    "seed {seed}: cell {i} is decided"
                );
                all[i] = true;
                seen[i] += 1;
            }
            // Every drawn layout fits the game: the same position over it.
            assert!(
                game.on_layout(all).is_some(),
                "seed {seed}: a layout that does not fit"
            );
        }
        for i in (0..cells.len()).filter(|&i| cells[i] == Deduced::Undecided) {
            let f = f64::from(seen[i]) / f64::from(draws);
            let sd = (p[i] * (1.0 - p[i]) / f64::from(draws)).sqrt();
            assert!(
                (f - p[i]).abs() <= 5.0 * sd + 1e-9,
                "seed {seed}, cell {i}: drawn {f}, exact {}",
                p[i]
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} positions checked");
}

#[test]
fn a_game_on_another_layout_keeps_what_is_shown() {
    let mut game = Game::new(Config::new(9, 9, 10, FirstClick::Safe), 3).unwrap();
    assert!(to_guess(&mut game, 1));
    let (cells, left) = position_of(&game);
    let a = analyse(&cells, 9, 9, Some(left)).unwrap();
    let mines = a.sampler().unwrap().draw(&mut ChaCha8Rng::seed_from_u64(1));
    let mut all: Vec<bool> = cells.iter().map(|&c| c == Deduced::Mine).collect();
    for i in mines {
        all[i] = true;
    }
    let other = game.on_layout(all.clone()).unwrap();
    assert_eq!(other.cells(), game.cells());
    assert_eq!(other.status(), game.status());
    // A layout that puts a mine under an open cell does not fit.
    let open = game
        .cells()
        .iter()
        .position(|c| matches!(c, CellState::Open(_)))
        .unwrap();
    let mut wrong = all;
    let moved = wrong.iter().position(|&m| m).unwrap();
    wrong[moved] = false;
    wrong[open] = true;
    assert!(game.on_layout(wrong).is_none());
}

/// Settings for the tests: every layout played on by the fast player.
fn settings(layouts: usize, batch: usize) -> Search {
    Search {
        within: 0.9,
        candidates: 4,
        layouts,
        batch,
        drop_z: 3.0,
        z: 2.0,
        max_undecided: 480,
        quick: false,
        steps: u64::MAX,
    }
}

/// Positions at the `n`-th guess of intermediate games, with their analysis' inputs.
fn intermediate_position(seed: u64, n: usize) -> Option<(Game, Vec<Deduced>, usize)> {
    let mut game = Game::new(Config::new(16, 16, 40, FirstClick::Safe), seed).unwrap();
    if !to_guess(&mut game, n) {
        return None;
    }
    let (cells, left) = position_of(&game);
    Some((game, cells, left))
}

#[test]
fn rollouts_are_reproducible_from_the_game_and_keep_their_budget() {
    let (game, cells, left) = (0..20)
        .find_map(|seed| intermediate_position(seed, 1))
        .expect("a game with a guess");
    let a = analyse(&cells, 16, 16, Some(left)).unwrap();
    let undecided: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Deduced::Undecided)
        .collect();
    let candidates = [
        undecided[0],
        undecided[undecided.len() / 2],
        undecided[undecided.len() - 1],
    ];
    // Never more layouts than the budget, in whole batches but the last.
    let small = Search {
        drop_z: 1e9,
        ..settings(10, 4)
    };
    let t = rollouts(&game, &cells, &a, &candidates, &small, &Budget::default()).unwrap();
    assert_eq!(t.wins.len(), 10);
    assert_eq!(t.played, vec![10, 10, 10]);
    // The same game gives the same layouts and results; another game's seed other layouts.
    let again = rollouts(&game, &cells, &a, &candidates, &small, &Budget::default()).unwrap();
    assert_eq!(t, again);
    let wide = settings(400, 40);
    let t = rollouts(&game, &cells, &a, &candidates, &wide, &Budget::unlimited()).unwrap();
    assert!(t.wins.len() <= 400 && t.played.iter().all(|&n| n <= 400));
    assert!(t.wins.len() % 40 == 0, "whole batches: {}", t.wins.len());
    // A dropped candidate is played no more; the search stops once one is left.
    if t.wins.len() < 400 {
        assert_eq!(t.played.iter().filter(|&&n| n == t.wins.len()).count(), 1);
    }
}

#[test]
fn strong_games_replay_the_same_on_any_thread() {
    let config = Config::new(16, 16, 40, FirstClick::Safe);
    let seeds = 0..6u64;
    let alone: Vec<_> = seeds
        .clone()
        .map(|s| {
            let r = play_game_with(config, s, Strength::Strong).unwrap();
            (r.won, r.moves, r.guesses)
        })
        .collect();
    // The same games on two threads at once, in another order.
    let together: Vec<_> = std::thread::scope(|scope| {
        let odd = scope.spawn(|| {
            seeds
                .clone()
                .rev()
                .filter(|s| s % 2 == 1)
                .map(|s| (s, play_game_with(config, s, Strength::Strong).unwrap()))
                .collect::<Vec<_>>()
        });
        let even = scope.spawn(|| {
            seeds
                .clone()
                .filter(|s| s % 2 == 0)
                .map(|s| (s, play_game_with(config, s, Strength::Strong).unwrap()))
                .collect::<Vec<_>>()
        });
        let mut all = odd.join().unwrap();
        all.extend(even.join().unwrap());
        all.sort_by_key(|g| g.0);
        all.into_iter()
            .map(|(_, r)| (r.won, r.moves, r.guesses))
            .collect()
    });
    assert_eq!(alone, together);
}

#[test]
fn rollouts_keep_to_their_work_and_the_moves_budget() {
    // An early guess: rollouts from it are long.
    let (game, cells, left) = (0..40)
        .filter_map(|seed| intermediate_position(seed, 1))
        .find(|(_, cells, _)| cells.iter().filter(|&&c| c == Deduced::Undecided).count() > 100)
        .expect("a game with an early guess");
    let a = analyse(&cells, 16, 16, Some(left)).unwrap();
    let undecided: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Deduced::Undecided)
        .collect();
    let candidates = [undecided[0], undecided[undecided.len() - 1]];
    let search = Search {
        drop_z: 1e9,
        ..settings(24, 4)
    };
    // Without a limit: every layout, and what that cost the move.
    let move_budget = Budget::default();
    let full = rollouts(&game, &cells, &a, &candidates, &search, &move_budget).unwrap();
    assert_eq!(full.wins.len(), 24);
    let cost = move_budget.spent();
    assert!(cost > 0, "the rollouts' work is charged to the move");
    // A limit of half that: whole batches only, the same layouts as far as they go, and the
    // move charged no more than the limit.
    for (steps, move_limit) in [(cost / 2, u64::MAX), (u64::MAX, cost / 2)] {
        let limited = Search { steps, ..search };
        let move_budget = Budget::new(move_limit);
        let t = rollouts(&game, &cells, &a, &candidates, &limited, &move_budget).unwrap();
        let n = t.wins.len();
        assert!(n > 0 && n < 24 && n % 4 == 0, "{n} layouts");
        assert_eq!(t.wins[..], full.wins[..n]);
        assert_eq!(t.played, vec![n, n]);
        assert_eq!(
            move_budget.spent(),
            cost / 2,
            "the move pays for all of the work"
        );
    }
    // No work left: no layout.
    let spent = Budget::new(0);
    let t = rollouts(&game, &cells, &a, &candidates, &search, &spent).unwrap();
    assert!(t.wins.is_empty());
    assert_eq!(
        t.choice(&search),
        candidates[0],
        "the heuristic's choice stands"
    );
}

/// Every layout (as mine flags) of the undecided cells of `cells` with `left` mines that fits.
fn all_layouts(rows: usize, cols: usize, cells: &[Deduced], left: usize) -> Vec<Vec<bool>> {
    let unknown: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Deduced::Undecided)
        .collect();
    let base: Vec<bool> = cells.iter().map(|&c| c == Deduced::Mine).collect();
    (0u32..1 << unknown.len())
        .filter(|m| m.count_ones() as usize == left)
        .map(|m| {
            let mut mine = base.clone();
            for (b, &i) in unknown.iter().enumerate() {
                mine[i] = m >> b & 1 == 1;
            }
            mine
        })
        .filter(|mine| numbers_fit(rows, cols, cells, mine))
        .collect()
}

/// The exact chance to win by opening `cell` now and then playing as well as possible: over
/// the layouts, the chance of each number it shows times the best chance to win from there
/// (the endgame search, exhaustive).
fn exact_value(rows: usize, cols: usize, cells: &[Deduced], left: usize, cell: usize) -> f64 {
    let layouts = all_layouts(rows, cols, cells, left);
    let budget = Budget::unlimited();
    let mut value = 0.0;
    for v in 0..=8u8 {
        let showing = layouts
            .iter()
            .filter(|m| {
                !m[cell]
                    && neighbours(rows, cols, cell / cols, cell % cols)
                        .filter(|&j| m[j])
                        .count()
                        == usize::from(v)
            })
            .count();
        if showing == 0 {
            continue;
        }
        let mut after = cells.to_vec();
        after[cell] = Deduced::Safe(Some(v));
        let position = Position {
            rows,
            cols,
            cells: &after,
            mines_left: left,
            budget: &budget,
        };
        let win = if after.contains(&Deduced::Undecided) {
            endgame::win_chance(&position).expect("a small position")
        } else {
            1.0
        };
        value += showing as f64 / layouts.len() as f64 * win;
    }
    value
}

#[test]
fn the_search_picks_the_cell_with_the_higher_exact_win_chance() {
    // Small boards at their first guess: where the safest cell (a heuristic's choice) has a
    // clearly lower exact chance to win than the best cell, rollouts over enough layouts must
    // overturn it, and must keep the best cell when it comes first.
    let (rows, cols, mines) = (5, 5, 5);
    let mut checked = 0;
    for seed in 0..200 {
        let mut game = Game::new(Config::new(rows, cols, mines, FirstClick::Safe), seed).unwrap();
        if !to_guess(&mut game, 1) {
            continue;
        }
        let (cells, left) = position_of(&game);
        let undecided: Vec<usize> = (0..cells.len())
            .filter(|&i| cells[i] == Deduced::Undecided)
            .collect();
        if undecided.len() > 18 {
            continue;
        }
        let a = analyse(&cells, rows, cols, Some(left)).unwrap();
        let budget = Budget::default();
        let position = Position {
            rows,
            cols,
            cells: &cells,
            mines_left: left,
            budget: &budget,
        };
        let heuristic = guess::safest(&position, &a);
        let values: Vec<(f64, usize)> = undecided
            .iter()
            .map(|&c| (exact_value(rows, cols, &cells, left, c), c))
            .collect();
        let (best_value, best) =
            values
                .iter()
                .copied()
                .fold((f64::MIN, 0), |b, v| if v.0 > b.0 { v } else { b });
        let heuristic_value = values.iter().find(|v| v.1 == heuristic).unwrap().0;
        if best_value < heuristic_value + 0.08 {
            continue;
        }
        let search = settings(3000, 200);
        let run = |candidates: &[usize]| {
            rollouts(&game, &cells, &a, candidates, &search, &Budget::default()).unwrap()
        };
        let t = run(&[heuristic, best]);
        assert_eq!(
            t.choice(&search),
            best,
            "seed {seed}: exact {heuristic_value:.3} for {heuristic}, {best_value:.3} for {best}; \
             tally {:?}",
            t.paired(1, 0)
        );
        // The rollouts' win rates are the exact values, within their noise.
        for (k, exact) in [heuristic_value, best_value].into_iter().enumerate() {
            let n = t.played[k] as f64;
            let rate = t.wins.iter().filter(|&&w| w >> k & 1 == 1).count() as f64 / n;
            let sd = (exact * (1.0 - exact) / n).sqrt().max(1e-3);
            assert!(
                (rate - exact).abs() < 4.0 * sd,
                "seed {seed}: {rate} against {exact}"
            );
        }
        let t = run(&[best, heuristic]);
        assert_eq!(
            t.choice(&search),
            best,
            "seed {seed}: the best cell first stays"
        );
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert!(
        checked >= 2,
        "only {checked} positions where the safest cell is clearly worse"
    );
}

#[test]
fn strength_names_parse_back() {
    for s in [Strength::Fast, Strength::Strong] {
        assert_eq!(s.name().parse::<Strength>(), Ok(s));
    }
    assert!("medium"
        .parse::<Strength>()
        .unwrap_err()
        .contains("`fast` or `strong`"));
    assert_eq!(Strength::default(), Strength::Fast);
    assert_eq!(Strength::Strong.search(), Some(search::Search::STRONG));
}
