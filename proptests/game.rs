//! Property tests of the game engine: no sequence of actions (including coordinates off the
//! board) panics, the counters always match the cells, and the rules hold (first-click promise,
//! win = every safe cell open, loss at a mine, finished games refuse actions).

use proptest::prelude::*;
use typesweeper::board::{neighbours, Cell};
use typesweeper::runtime::game::{Action, ActionError, CellState, Config, Game, Status};
use typesweeper::runtime::layout::{FirstClick, Guarantee};
use typesweeper::runtime::{complete, Deduced, Given};

fn config() -> impl Strategy<Value = Config> {
    (1usize..8, 1usize..8, any::<bool>(), any::<bool>()).prop_flat_map(
        |(rows, cols, zero, marks)| {
            (0..=rows * cols).prop_map(move |mines| Config {
                rows,
                cols,
                mines,
                first_click: if zero {
                    FirstClick::Zero
                } else {
                    FirstClick::Safe
                },
                question_marks: marks,
            })
        },
    )
}

fn action() -> impl Strategy<Value = Action> {
    (0u8..4, 0usize..10, 0usize..10).prop_map(|(kind, r, c)| match kind {
        0 | 1 => Action::Open(r, c),
        2 => Action::Chord(r, c),
        _ => Action::Mark(r, c),
    })
}

fn check_invariants(game: &Game) {
    let cells = game.cells();
    let count = |f: fn(&CellState) -> bool| cells.iter().filter(|c| f(c)).count();
    let open = count(|c| matches!(c, CellState::Open(_)));
    assert_eq!(game.opened(), open);
    assert_eq!(game.flags(), count(|c| *c == CellState::Flagged));
    assert_eq!(game.questions(), count(|c| *c == CellState::Questioned));
    assert_eq!(game.hidden(), count(|c| *c == CellState::Hidden));
    assert_eq!(
        game.opened() + game.hidden() + game.flags() + game.questions(),
        cells.len()
    );
    assert_eq!(game.mines_left(), game.mines() as i64 - game.flags() as i64);
    if !game.config().question_marks {
        assert_eq!(game.questions(), 0);
    }
    let Some(layout) = game.layout() else {
        assert_eq!(open, 0);
        assert_eq!(game.status(), Status::Playing);
        return;
    };
    assert_eq!(layout.mine_count(), game.mines());
    let answer = layout.answer();
    for (i, c) in cells.iter().enumerate() {
        if let CellState::Open(n) = c {
            assert_eq!(
                answer.cells()[i],
                Cell::Num(*n),
                "an open cell shows the answer's number"
            );
        }
    }
    let all_safe_open =
        (0..cells.len()).all(|i| layout.mines()[i] || matches!(cells[i], CellState::Open(_)));
    match game.status() {
        Status::Won => assert!(all_safe_open),
        Status::Lost { hit } => {
            assert!(layout.mines()[hit]);
            assert_eq!(game.visible().cells()[hit], Cell::Mine);
        }
        Status::Playing => assert!(!all_safe_open),
    }
    let visible = game.visible();
    assert!(
        visible.check_puzzle_of(&answer).is_ok(),
        "what is visible is true"
    );
}

proptest! {
    #[test]
    fn any_action_sequence_keeps_the_game_consistent(
        config in config(),
        seed in any::<u64>(),
        actions in prop::collection::vec(action(), 0..60),
    ) {
        let mut game = Game::new(config, seed).unwrap();
        let mut first_open: Option<usize> = None;
        for action in actions {
            let before = game.clone();
            let (r, c) = match action {
                Action::Open(r, c) | Action::Chord(r, c) | Action::Mark(r, c) => (r, c),
            };
            let result = game.apply(action);
            if r >= config.rows || c >= config.cols {
                prop_assert_eq!(result, Err(ActionError::OutOfRange { row: r, col: c }));
                prop_assert_eq!(&game, &before);
                continue;
            }
            if before.status() != Status::Playing {
                prop_assert_eq!(result, Err(ActionError::GameOver));
                prop_assert_eq!(&game, &before);
                continue;
            }
            let opened = result.unwrap();
            prop_assert_eq!(game.opened(), before.opened() + opened.len());
            if before.layout().is_none() && game.layout().is_some() {
                prop_assert!(matches!(action, Action::Open(..)), "only an open places mines");
                first_open = Some(r * config.cols + c);
            }
            check_invariants(&game);
        }
        if let (Some(click), Some(layout)) = (first_open, game.layout()) {
            let cells = config.rows * config.cols;
            let zone: Vec<usize> = std::iter::once(click)
                .chain(neighbours(config.rows, config.cols, click / config.cols, click % config.cols))
                .collect();
            let expected = match config.first_click {
                FirstClick::Zero if config.mines <= cells - zone.len() => Guarantee::Zero,
                _ if config.mines < cells => Guarantee::Safe,
                _ => Guarantee::None,
            };
            prop_assert_eq!(layout.guarantee(), expected);
            match expected {
                Guarantee::Zero => prop_assert!(zone.iter().all(|&i| !layout.mines()[i])),
                Guarantee::Safe => prop_assert!(!layout.mines()[click]),
                Guarantee::None => {}
            }
        }
    }

    #[test]
    fn complete_never_contradicts_a_game_in_progress(
        config in config(),
        seed in any::<u64>(),
        clicks in prop::collection::vec((0usize..8, 0usize..8), 1..6),
    ) {
        let mut game = Game::new(config, seed).unwrap();
        for (r, c) in clicks {
            let _ = game.open(r % config.rows, c % config.cols);
        }
        if game.status() == Status::Playing {
            if let Some(answer) = game.answer() {
                let d = complete::solve(&game.visible(), Given::total(config.mines)).unwrap();
                for (i, cell) in d.cells().iter().enumerate() {
                    match cell {
                        Deduced::Mine => prop_assert_eq!(answer.cells()[i], Cell::Mine),
                        Deduced::Safe(_) => prop_assert!(answer.cells()[i] != Cell::Mine),
                        Deduced::Undecided => {}
                    }
                }
            }
        }
    }
}
