//! The autoplayer: exact chances against brute force on positions from real games, the
//! beginner win rate (a snapshot of the exact count, and a check against the measured figure),
//! move legality.

use crate::support::{numbers_fit, position_of};

use typesweeper::board::neighbours;
use typesweeper::runtime::autoplay::position::{Context, Position, SECOND_WEIGHT};
use typesweeper::runtime::autoplay::{endgame, next_move, play, play_game, risk, Move};
use typesweeper::runtime::complete::{analyse, Budget};
use typesweeper::runtime::game::{CellState, Config, Game, Status};
use typesweeper::runtime::layout::{default_click, FirstClick, Layout};
use typesweeper::runtime::{Deduced, Given};

/// Every mine layout of the undecided cells that fits the numbers (any mine count), as masks.
fn layouts(rows: usize, cols: usize, cells: &[Deduced], unknown: &[usize]) -> Vec<u32> {
    let mut mine: Vec<bool> = cells.iter().map(|&c| c == Deduced::Mine).collect();
    (0u32..1 << unknown.len())
        .filter(|&mask| {
            for (b, &i) in unknown.iter().enumerate() {
                mine[i] = mask >> b & 1 == 1;
            }
            numbers_fit(rows, cols, cells, &mine)
        })
        .collect()
}

/// Checks the chances of one guessing position against brute force: `None` when it is too big
/// to, else how many cells' `Outcome::secondary` it could check exactly too (those whose
/// number touches every frontier component, so that nothing is left at its chance now), how
/// many cells have a 50/50 influence, and how many dead cells their numbers proved safe.
fn check_position(
    rows: usize,
    cols: usize,
    cells: &[Deduced],
    left: usize,
) -> Option<(usize, usize, usize)> {
    let unknown: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Deduced::Undecided)
        .collect();
    if unknown.is_empty() || unknown.len() > 14 {
        return None;
    }
    let bit = |i: usize| unknown.iter().position(|&u| u == i);
    let all = layouts(rows, cols, cells, &unknown);
    let with_total: Vec<u32> = all
        .iter()
        .copied()
        .filter(|m| m.count_ones() as usize == left)
        .collect();
    assert!(!with_total.is_empty(), "a real game has a layout");
    let analysis = analyse(cells, rows, cols, Some(left)).unwrap();
    let p = analysis.mine_probabilities().unwrap();
    let ln = analysis.ln_layouts().unwrap();
    assert!((ln.exp() - with_total.len() as f64).abs() < 1e-6 * with_total.len() as f64);
    let value = |i: usize, mask: u32| {
        neighbours(rows, cols, i / cols, i % cols)
            .filter(|&j| cells[j] == Deduced::Mine || bit(j).is_some_and(|b| mask >> b & 1 == 1))
            .count() as u8
    };
    let position = Position {
        rows,
        cols,
        cells,
        mines_left: left,
        budget: &Budget::default(),
    };
    let context = Context::new(&position, &analysis);
    let component_of = |i: usize| {
        analysis
            .components
            .iter()
            .position(|comp| comp.boxes.iter().flatten().any(|&j| j == i))
    };
    let (mut exact, mut influenced, mut dead_clears) = (0, 0, 0);
    for (b, &c) in unknown.iter().enumerate() {
        let mines = with_total.iter().filter(|&&m| m >> b & 1 == 1).count();
        let want = mines as f64 / with_total.len() as f64;
        assert!((p[c] - want).abs() < 1e-9, "cell {c}: {} vs {want}", p[c]);
        if mines == with_total.len() {
            continue;
        }
        let outcome = context.outcome(c, 1.0 - p[c]);
        let safe: Vec<u32> = with_total
            .iter()
            .copied()
            .filter(|m| m >> b & 1 == 0)
            .collect();
        let mut want_progress = 0.0;
        let mut want_secondary = 0.0;
        let mut values = 0;
        for v in 0..=8u8 {
            let shows = safe.iter().filter(|&&m| value(c, m) == v).count();
            let want = shows as f64 / safe.len() as f64;
            let got = outcome
                .chances
                .iter()
                .find(|x| x.0 == v)
                .map_or(0.0, |x| x.1);
            assert!(
                (got - want).abs() < 1e-9,
                "cell {c} shows {v}: {got} vs {want}"
            );
            if shows == 0 {
                continue;
            }
            values += 1;
            // With c showing v, the cells proved safe: safe in every layout that fits the
            // numbers (the total count aside).
            let fits: Vec<u32> = all
                .iter()
                .copied()
                .filter(|&m| m >> b & 1 == 0 && value(c, m) == v)
                .collect();
            let any_mine = fits.iter().fold(0, |acc, m| acc | m);
            let all_mine = fits.iter().fold(u32::MAX, |acc, m| acc & m);
            let settled = |j: usize| {
                j == c || bit(j).is_none_or(|k| any_mine >> k & 1 == 0 || all_mine >> k & 1 == 1)
            };
            let unknown_around = |i: usize| -> Vec<usize> {
                neighbours(rows, cols, i / cols, i % cols)
                    .filter(|&j| !settled(j))
                    .collect()
            };
            // Living: some neighbour still unknown, and no shown number (or c) with exactly
            // the same unknown neighbours.
            let living = |i: usize| {
                let own = unknown_around(i);
                !own.is_empty()
                    && !(0..cells.len()).any(|n| {
                        (n == c || matches!(cells[n], Deduced::Safe(Some(_))))
                            && unknown_around(n) == own
                    })
            };
            let cleared: Vec<usize> = (0..unknown.len())
                .filter(|&k| k != b && any_mine >> k & 1 == 0)
                .collect();
            // Progress: a living cell proved safe.
            if cleared.iter().any(|&k| living(unknown[k])) {
                want_progress += want;
            }
            dead_clears += cleared.iter().filter(|&&k| !living(unknown[k])).count();
            // The next guess, judged by the two safest other cells given the number (with the
            // total), blended; dead cells proved safe left out.
            let given: Vec<u32> = safe.iter().copied().filter(|&m| value(c, m) == v).collect();
            let mut safeties: Vec<f64> = (0..unknown.len())
                .filter(|&k| k != b && (!cleared.contains(&k) || living(unknown[k])))
                .map(|k| {
                    let safe_k = given.iter().filter(|&&m| m >> k & 1 == 0).count();
                    safe_k as f64 / given.len() as f64
                })
                .collect();
            safeties.sort_by(|x, y| y.total_cmp(x));
            let first = safeties.first().copied().unwrap_or(0.0);
            let second = safeties.get(1).copied().unwrap_or(0.0);
            want_secondary += want * ((1.0 - SECOND_WEIGHT) * first + SECOND_WEIGHT * second);
        }
        assert_eq!(outcome.values, values, "cell {c}");
        // Going on after a safe click: at least the safest cell's weight with progress.
        assert!(
            outcome.secondary >= (1.0 - SECOND_WEIGHT) * outcome.progress - 1e-12
                && outcome.secondary <= 1.0 + 1e-12,
            "cell {c}: {outcome:?}"
        );
        assert!(
            (outcome.progress - want_progress).abs() < 1e-9,
            "cell {c}: progress {} vs {want_progress}",
            outcome.progress
        );
        // Exact when the number touches every component (the interior is re-weighted per
        // number; other components would stay at their chance now).
        let touched: Vec<Option<usize>> = std::iter::once(c)
            .chain(neighbours(rows, cols, c / cols, c % cols))
            .filter(|&j| cells[j] == Deduced::Undecided)
            .map(component_of)
            .collect();
        if (0..analysis.components.len()).all(|k| touched.contains(&Some(k))) {
            assert!(
                (outcome.secondary - want_secondary).abs() < 1e-9,
                "cell {c}: secondary {} vs {want_secondary}",
                outcome.secondary
            );
            exact += 1;
        }
        // Layouts with cells fixed: this cell a mine, and each other cell safe as well.
        let chance = |fixed: &[Fixed]| {
            let fits = with_total
                .iter()
                .filter(|&&m| fixed.iter().all(|&(k, mine)| (m >> k & 1 == 1) == mine))
                .count();
            fits as f64 / with_total.len() as f64
        };
        assert!((context.chance_of(&[c], &[]) - chance(&[(b, true)])).abs() < 1e-9);
        for (k, &d) in unknown.iter().enumerate().filter(|&(k, _)| k != b) {
            let got = context.chance_of(&[c], &[d]);
            let want = chance(&[(b, true), (k, false)]);
            assert!(
                (got - want).abs() < 1e-9,
                "{c} mine, {d} safe: {got} vs {want}"
            );
        }
        let got = risk::fifty_fifty_influence(&position, &context, c);
        let want = influence_by_brute_force(rows, cols, cells, c, &unknown, &chance);
        assert!(
            (got - want.min(p[c]).min(1.0 - p[c])).abs() < 1e-9,
            "{c}: {got} vs {want}"
        );
        influenced += usize::from(got > 0.0);
    }
    Some((exact, influenced, dead_clears))
}

/// One undecided cell's value in a brute-force count: its bit among the unknown cells, and
/// whether it is a mine.
type Fixed = (usize, bool);

/// The chance that `c` is the mine of a 50/50 pair or 2x2 block whose flanks (the cells next to
/// some but not all of it; for a block, its four diagonal corners) show no number and are mines,
/// at most three of them undecided: summed over pairs, the likeliest block added. `chance` gives
/// the chance of fixed (bit, mine) values of the `unknown` cells.
fn influence_by_brute_force(
    rows: usize,
    cols: usize,
    cells: &[Deduced],
    c: usize,
    unknown: &[usize],
    chance: &dyn Fn(&[Fixed]) -> f64,
) -> f64 {
    let bit = |i: usize| unknown.iter().position(|&u| u == i);
    let at = |r: isize, k: isize| {
        (r >= 0 && k >= 0 && r < rows as isize && k < cols as isize)
            .then(|| r as usize * cols + k as usize)
    };
    // The fixed values when `mines` are mines, `safe` safe and `flanks` mines, if the flanks
    // show no number and at most three are undecided.
    let structure = |mines: &[usize], safe: &[usize], flanks: &[usize]| {
        let mut fixed: Vec<Fixed> = Vec::new();
        for &i in mines.iter().chain(safe) {
            fixed.push((bit(i)?, mines.contains(&i)));
        }
        for &f in flanks {
            match cells[f] {
                Deduced::Mine => {}
                Deduced::Undecided => fixed.push((bit(f)?, true)),
                Deduced::Safe(_) => return None,
            }
        }
        (fixed.len() - mines.len() - safe.len() <= 3).then_some(fixed)
    };
    let (r, k) = ((c / cols) as isize, (c % cols) as isize);
    let near = |group: &[usize]| -> Vec<usize> {
        group
            .iter()
            .flat_map(|&i| neighbours(rows, cols, i / cols, i % cols))
            .filter(|j| !group.contains(j))
            .collect()
    };
    // The cells next to exactly one of a pair.
    let flanks_of = |x: usize, y: usize| -> Vec<usize> {
        let around = near(&[x, y]);
        around
            .iter()
            .copied()
            .filter(|&f| around.iter().filter(|&&g| g == f).count() == 1)
            .collect()
    };
    // The 2x2 block with top-left (r0, k0), row-major, and its diagonal corners on the board.
    let block_at = |r0: isize, k0: isize| -> Option<(Vec<usize>, Vec<usize>)> {
        let block = [(r0, k0), (r0, k0 + 1), (r0 + 1, k0), (r0 + 1, k0 + 1)]
            .iter()
            .map(|&(a, b)| at(a, b))
            .collect::<Option<Vec<usize>>>()?;
        let corners = [
            (r0 - 1, k0 - 1),
            (r0 - 1, k0 + 2),
            (r0 + 2, k0 - 1),
            (r0 + 2, k0 + 2),
        ]
        .iter()
        .filter_map(|&(a, b)| at(a, b))
        .collect();
        Some((block, corners))
    };
    let mut total = 0.0;
    for (dr, dk) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
        let Some(d) = at(r + dr, k + dk) else {
            continue;
        };
        if let Some(fixed) = structure(&[c], &[d], &flanks_of(c, d)) {
            total += chance(&fixed);
        }
    }
    let mut best_block: f64 = 0.0;
    for (r0, k0) in [(r, k), (r, k - 1), (r - 1, k), (r - 1, k - 1)] {
        let Some((block, corners)) = block_at(r0, k0) else {
            continue;
        };
        // `c` and the cell diagonally across from it are the mines.
        let partner = block[3 - block
            .iter()
            .position(|&i| i == c)
            .expect("c is in its block")];
        let safe: Vec<usize> = block
            .iter()
            .copied()
            .filter(|&i| i != c && i != partner)
            .collect();
        if let Some(fixed) = structure(&[c, partner], &safe, &corners) {
            best_block = best_block.max(chance(&fixed));
        }
    }
    // Structures with `c` as an undecided flank (at most one undecided flank for a pair, two for
    // a block), counted in one pattern when the two patterns together reach 2.5 %.
    let mut enabling = 0.0;
    let mut enabled = |fixed: Option<Vec<Fixed>>, limit: usize, parts: usize| {
        if let Some(fixed) = fixed {
            let flanks = fixed.len() - parts;
            let t = chance(&fixed);
            if flanks <= limit
                && fixed[parts..].contains(&(bit(c).unwrap(), true))
                && 2.0 * t >= 0.025
            {
                enabling += t;
            }
        }
    };
    for x in 0..rows * cols {
        let (xr, xk) = ((x / cols) as isize, (x % cols) as isize);
        for y in [at(xr, xk + 1), at(xr + 1, xk)].into_iter().flatten() {
            enabled(structure(&[x], &[y], &flanks_of(x, y)), 1, 2);
        }
        if let Some((block, corners)) = block_at(xr, xk) {
            let fixed = structure(&[block[0], block[3]], &[block[1], block[2]], &corners);
            enabled(fixed, 2, 4);
        }
    }
    total + best_block + enabling
}

#[test]
fn chances_agree_with_brute_force_on_positions_from_real_games() {
    let (mut checked, mut secondaries, mut influenced, mut dead) = (0, 0, 0, 0);
    for seed in 0..300u64 {
        let (rows, cols, mines) = [(5, 5, 5), (5, 6, 7), (6, 6, 9), (4, 7, 6)][seed as usize % 4];
        let mut game = Game::new(Config::new(rows, cols, mines, FirstClick::Safe), seed).unwrap();
        while let Some(m) = next_move(&game) {
            if !m.certain && game.opened() > 0 {
                let (cells, left) = position_of(&game);
                if let Some((exact, with_influence, dead_clears)) =
                    check_position(rows, cols, &cells, left)
                {
                    checked += 1;
                    secondaries += exact;
                    influenced += with_influence;
                    dead += dead_clears;
                }
            }
            game.open(m.row, m.col).unwrap();
        }
    }
    assert!(checked > 80, "{checked}");
    assert!(secondaries > 200, "{secondaries}");
    assert!(influenced > 200, "{influenced}");
    assert!(dead > 500, "{dead}");
}

#[test]
fn endgame_search_finds_the_best_chance_to_win() {
    // `? ?` over `1 1`, one mine: a forced 50/50.
    let cells = [
        Deduced::Undecided,
        Deduced::Undecided,
        Deduced::Safe(Some(1)),
        Deduced::Safe(Some(1)),
    ];
    let position = Position {
        rows: 2,
        cols: 2,
        cells: &cells,
        mines_left: 1,
        budget: &Budget::default(),
    };
    assert!((endgame::win_chance(&position).unwrap() - 0.5).abs() < 1e-12);
    // A 1x4 strip with one mine and nothing shown: every cell is safe 3/4 of the time, but an
    // end cell wins 3/4 (a 1 puts the mine next to it; a 0 makes the next cell safe, whose
    // number then places the mine), an inner cell only 1/2 (a 1 leaves a 50/50). The search
    // must prefer the end: best chance to win, not to survive.
    let strip = [Deduced::Undecided; 4];
    let position = Position {
        rows: 1,
        cols: 4,
        cells: &strip,
        mines_left: 1,
        budget: &Budget::default(),
    };
    let w = endgame::win_chance(&position).unwrap();
    assert!((w - 0.75).abs() < 1e-12, "{w}");
    let best = endgame::best_cell(&position).unwrap();
    assert!(best == 0 || best == 3, "{best}");
}

/// A guessing position on `cells` (`rows` x `cols`, `left` undecided mines) and each cell's
/// exact mine chance there.
fn chances_in<'a>(
    cells: &'a [Deduced],
    rows: usize,
    cols: usize,
    left: usize,
    budget: &'a Budget,
) -> (Position<'a>, Vec<f64>) {
    let p = analyse(cells, rows, cols, Some(left))
        .unwrap()
        .mine_probabilities()
        .unwrap();
    let position = Position {
        rows,
        cols,
        cells,
        mines_left: left,
        budget,
    };
    (position, p)
}

#[test]
fn forced_fifty_fifties_are_found_and_only_those() {
    use typesweeper::runtime::autoplay::risk::forced_fifty_fifty;
    let budget = Budget::default();
    let u = Deduced::Undecided;
    let one = Deduced::Safe(Some(1));
    // `? ?` over `1 1`, one mine: nothing else touches either cell, a forced 50/50.
    let cells = [u, u, one, one];
    let (position, p) = chances_in(&cells, 2, 2, 1, &budget);
    assert_eq!(forced_fifty_fifty(&position, &p, &[0, 1]), Some(0));
    // `? 1 ? ?`, one mine: R1C1 and R1C3 are 50/50 now, but R1C4 (safe) will tell them apart.
    let cells = [u, one, u, u];
    let (position, p) = chances_in(&cells, 1, 4, 1, &budget);
    assert!((p[0] - 0.5).abs() < 1e-12 && (p[2] - 0.5).abs() < 1e-12);
    assert_eq!(forced_fifty_fifty(&position, &p, &[0, 2, 3]), None);
}

#[test]
fn unavoidable_fifty_fifties_of_any_shape_are_found_and_only_those() {
    use typesweeper::runtime::autoplay::risk::{forced_fifty_fifty, unavoidable_fifty_fifty};
    let budget = Budget::default();
    let u = Deduced::Undecided;
    let n = |v| Deduced::Safe(Some(v));
    // A 2x2 block in the corner, two mines on one diagonal or the other, the cell diagonally
    // next to it a known mine: every number sees one mine of the block either way, so no
    // number can ever settle it, though no two cells form a forced pair.
    let cells = [u, u, n(1), u, u, n(2), n(1), n(2), Deduced::Mine];
    let (position, p) = chances_in(&cells, 3, 3, 2, &budget);
    assert!(
        [0, 1, 3, 4].iter().all(|&i| (p[i] - 0.5).abs() < 1e-12),
        "{p:?}"
    );
    assert_eq!(forced_fifty_fifty(&position, &p, &[0, 1, 3, 4]), None);
    assert_eq!(
        unavoidable_fifty_fifty(&position, &p, &[0, 1, 3, 4]),
        Some(0)
    );
    // `? 1 ? ?`, one mine: R1C4 (safe) will tell R1C1 and R1C3 apart.
    let line = [u, n(1), u, u];
    let (position, p) = chances_in(&line, 1, 4, 1, &budget);
    assert_eq!(unavoidable_fifty_fifty(&position, &p, &[0, 2, 3]), None);
}

#[test]
fn pseudo_fifty_fifties_are_found_and_only_those() {
    use typesweeper::runtime::autoplay::risk::{forced_fifty_fifty, pseudo_fifty_fifty};
    let u = Deduced::Undecided;
    let one = Deduced::Safe(Some(1));
    // `? 1 ?` over `? 1 ?`, one mine: each undecided cell is a mine a quarter of the time, and
    // then the cell above or below it is safe and no number can ever tell the two apart: "a
    // 50/50 or safe", though not a 50/50 now.
    let cells = [u, one, u, u, one, u];
    let analysis = analyse(&cells, 2, 3, Some(1)).unwrap();
    let p = analysis.mine_probabilities().unwrap();
    assert!(
        [0, 2, 3, 5].iter().all(|&i| (p[i] - 0.25).abs() < 1e-12),
        "{p:?}"
    );
    let position = Position {
        rows: 2,
        cols: 3,
        cells: &cells,
        mines_left: 1,
        budget: &Budget::default(),
    };
    assert_eq!(forced_fifty_fifty(&position, &p, &[0, 2, 3, 5]), None);
    let pseudo = pseudo_fifty_fifty(&position, &analysis, &p, |_| true);
    assert!(matches!(pseudo, Some(0 | 2 | 3 | 5)), "{pseudo:?}");
    assert_eq!(
        pseudo_fifty_fifty(&position, &analysis, &p, |_| false),
        None
    );
    // `? 1 ? ?`, one mine: the 1 tells R1C3 from R1C4, and R1C1 has no partner.
    let cells = [u, one, u, u];
    let analysis = analyse(&cells, 1, 4, Some(1)).unwrap();
    let p = analysis.mine_probabilities().unwrap();
    let position = Position {
        rows: 1,
        cols: 4,
        cells: &cells,
        mines_left: 1,
        budget: &Budget::default(),
    };
    assert_eq!(pseudo_fifty_fifty(&position, &analysis, &p, |_| true), None);
}

/// Wins at beginner (9x9/10, safe first click) over seeds `seeds`.
fn beginner_wins(seeds: std::ops::Range<u64>) -> usize {
    seeds
        .filter(|&seed| {
            play_game(Config::new(9, 9, 10, FirstClick::Safe), seed)
                .unwrap()
                .won
        })
        .count()
}

/// Regression snapshot: beginner wins over seeds 0..300. Any change to the strategy or the
/// solvers may move it, and then this test says so. When the move is intended, check the
/// figure (`cargo run --release -p typesweeper-cli -- bench --level beginner --games 10000`, and
/// `beginner_win_rate_is_near_the_measured_figure`) and update the constant to what the
/// failure message reports.
const BEGINNER_WINS_0_300_SNAPSHOT: usize = 282;

#[test]
fn beginner_wins_match_the_snapshot() {
    assert_eq!(
        beginner_wins(0..300),
        BEGINNER_WINS_0_300_SNAPSHOT,
        "beginner wins over seeds 0..300"
    );
}

/// The beginner win rate (safe first click) that `bench --level beginner --games 10000`
/// measured and the README reports: 92.13 % (95 % interval 91.59 % to 92.64 %).
const MEASURED_BEGINNER_WIN_RATE: f64 = 0.9213;

#[test]
fn beginner_win_rate_is_near_the_measured_figure() {
    // 1,000 games stay within 3.29 standard deviations (99.9 %) of the measured rate, about
    // 2.8 points either way: a strategy that plays clearly better or worse than the README
    // says fails. The seeds are fixed, so this cannot flake.
    let games = 1000;
    let rate = beginner_wins(0..games) as f64 / games as f64;
    let p = MEASURED_BEGINNER_WIN_RATE;
    let sd = (p * (1.0 - p) / games as f64).sqrt();
    assert!(
        (rate - p).abs() < 3.29 * sd,
        "beginner win rate {:.2} % over {games} games, measured {:.2} % +- {:.2}",
        100.0 * rate,
        100.0 * p,
        100.0 * 3.29 * sd
    );
}

#[test]
fn moves_are_legal_certain_moves_are_safe_and_finished_games_have_none() {
    let configs = [
        Config::new(9, 9, 10, FirstClick::Safe),
        Config::new(16, 16, 40, FirstClick::Zero),
        Config::new(8, 5, 30, FirstClick::Zero),
        Config::new(3, 3, 8, FirstClick::Safe),
        Config::new(1, 1, 0, FirstClick::Safe),
    ];
    for (n, &config) in configs.iter().enumerate() {
        for seed in 0..20 {
            let mut game = Game::new(config, seed).unwrap();
            let first = next_move(&game).unwrap();
            let (r, c) = default_click(config.rows, config.cols, config.first_click);
            assert_eq!(
                first,
                Move {
                    row: r,
                    col: c,
                    certain: true
                }
            );
            let mut steps = 0;
            while let Some(m) = next_move(&game) {
                assert!(m.row < config.rows && m.col < config.cols);
                let state = game.cell(m.row, m.col).unwrap();
                assert!(
                    !matches!(state, CellState::Open(_)),
                    "config {n} seed {seed}: {m:?}"
                );
                game.open(m.row, m.col).unwrap();
                if m.certain {
                    assert_ne!(
                        game.status(),
                        Status::Lost {
                            hit: m.row * config.cols + m.col
                        }
                    );
                }
                steps += 1;
                assert!(steps <= config.rows * config.cols);
            }
            assert_ne!(game.status(), Status::Playing);
            assert_eq!(next_move(&game), None);
            assert_eq!(play(&mut game.clone()).moves, 0);
        }
    }
}

#[test]
fn flags_and_known_layouts_do_not_confuse_it() {
    // Flags on every other cell: certain moves prefer unflagged cells, `play` unflags as needed.
    for seed in 0..10 {
        let mut game = Game::new(Config::new(9, 9, 10, FirstClick::Safe), seed).unwrap();
        let m = next_move(&game).unwrap();
        game.open(m.row, m.col).unwrap();
        for i in (0..81).step_by(2) {
            if game.cells()[i] == CellState::Hidden {
                game.mark(i / 9, i % 9).unwrap();
            }
        }
        let result = play(&mut game);
        assert_ne!(game.status(), Status::Playing);
        assert_eq!(result.won, game.status() == Status::Won);
    }
    // A known layout without a first-click promise: the first click is a guess.
    let mut mines = vec![false; 12];
    mines[5] = true;
    let mut game = Game::with_layout(Layout::from_mines(3, 4, mines).unwrap());
    assert!(!next_move(&game).unwrap().certain);
    let result = play(&mut game);
    assert!(result.won && result.guesses == 1, "{result:?}");
}

/// With a budget too small for `complete` (none at all, or a few thousand steps), every move is
/// what the parts that fit in it prove, or the cheap guess: a hidden cell, never one the local
/// rules prove a mine; certain moves are safe, and every game ends.
#[test]
fn out_of_budget_the_autoplayer_falls_back_and_still_plays_safely() {
    use typesweeper::runtime::autoplay::{plan_within, Plan};
    use typesweeper::runtime::fragment;
    let config = Config::new(16, 16, 40, FirstClick::Safe);
    let mut guesses = Vec::new();
    for steps in [0, 3000, Budget::DEFAULT_STEPS] {
        let mut made = 0;
        for seed in 0..12 {
            let mut game = Game::new(config, seed).unwrap();
            let mut moves = 0;
            loop {
                let hidden = |game: &Game, i: usize| !matches!(game.cells()[i], CellState::Open(_));
                match plan_within(&game, &Budget::new(steps)) {
                    Plan::Over => break,
                    Plan::Certain(cells) => {
                        for i in cells {
                            if game.status() != Status::Playing {
                                break;
                            }
                            if hidden(&game, i) {
                                game.open(i / 16, i % 16).unwrap();
                                assert_ne!(
                                    game.status(),
                                    Status::Lost { hit: i },
                                    "{steps}: {seed}"
                                );
                            }
                        }
                    }
                    Plan::Guess(i) => {
                        assert!(hidden(&game, i), "{steps} steps, seed {seed}: {i}");
                        if game.opened() > 0 {
                            let local = fragment::solve(&game.visible(), Given::total(40));
                            assert_eq!(local.unwrap().cells()[i], Deduced::Undecided);
                        }
                        made += 1;
                        game.open(i / 16, i % 16).unwrap();
                    }
                }
                moves += 1;
                assert!(moves <= 256, "{steps} steps, seed {seed}: no end");
            }
        }
        guesses.push(made);
    }
    // Less budget, less proved, more guesses: the fallback was taken.
    assert!(guesses[0] > guesses[2], "{guesses:?}");
}
