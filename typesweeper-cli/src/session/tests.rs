//! The session itself, without a view: what both games rely on.

use std::time::{Duration, Instant};

use typesweeper::codegen::Edition;
use typesweeper::runtime::complete::Budget;
use typesweeper::runtime::game::{CellState, Status};
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::layout::FirstClick;

use super::best::{BestTimes, Record};
use super::deal::{no_guess_attempts, BoardLevel, Settings, NO_GUESS_ATTEMPTS};
use super::*;

fn settings(level: &str, first_click: FirstClick) -> Settings {
    Settings {
        level: level.parse::<BoardLevel>().unwrap(),
        first_click,
        no_guess: false,
        seed: None,
    }
}

/// Beginner, zero rule, seed 7 (its first click at R2C2 opens an area; R1C4 is a mine).
fn beginner(words: Words) -> Session {
    Session::new(
        settings("beginner", FirstClick::Zero),
        7,
        true,
        words,
        Budget::DEFAULT_STEPS,
    )
    .unwrap()
}

fn at(t0: Instant, secs: u64) -> Instant {
    t0 + Duration::from_secs(secs)
}

/// Opens every safe cell left, by hand.
fn win_by_hand(s: &mut Session, now: Instant) {
    let mines = s.game().layout().unwrap().mines().to_vec();
    let cols = s.game().cols();
    for (i, _) in mines.iter().enumerate().filter(|(_, &m)| !m) {
        if s.game().status() == Status::Playing {
            s.open(i / cols, i % cols, now).unwrap();
        }
    }
}

#[test]
fn actions_run_the_clock_and_a_flag_protects_its_cell() {
    let t0 = Instant::now();
    let mut s = beginner(Words::BROWSER);
    s.mark(0, 0, at(t0, 1)).unwrap();
    assert_eq!(s.game().cell(0, 0), Ok(CellState::Flagged));
    assert!(!s.running(), "marking starts no clock");
    s.open(0, 0, at(t0, 2)).unwrap();
    assert_eq!(s.game().cell(0, 0), Ok(CellState::Flagged));
    assert_eq!(
        s.message(),
        Some("R1C1 is flagged: right-click takes the flag off")
    );
    s.open(1, 1, at(t0, 3)).unwrap();
    assert!(s.running());
    assert_eq!(s.message(), None, "a change clears the message");
    assert_eq!(s.elapsed(at(t0, 10)), Duration::from_secs(7));
    assert!(matches!(
        s.open(9, 0, at(t0, 4)),
        Err(SessionError::OffBoard(m)) if m.contains("off the 9x9 board")
    ));
    // A chord on a number with its mine flagged opens its other neighbours.
    assert_eq!(s.game().cell(0, 2), Ok(CellState::Open(1)));
    s.mark(0, 3, at(t0, 5)).unwrap();
    let before = s.game().opened();
    s.open(0, 2, at(t0, 5)).unwrap();
    assert!(s.game().opened() > before, "a click on a number chords");
}

#[test]
fn a_lost_game_says_where_in_the_views_words_and_refuses_more() {
    let t0 = Instant::now();
    for (words, said, again) in [
        (
            Words::TERMINAL,
            "lost: R1C4 was a mine. n new game, r restart",
            "the game is lost: n new game, r restart",
        ),
        (
            Words::BROWSER,
            "lost: R1C4 was a mine",
            "the game is lost: start a new game or restart",
        ),
    ] {
        let mut s = beginner(words);
        s.open(1, 1, at(t0, 0)).unwrap();
        s.open(0, 3, at(t0, 4)).unwrap();
        assert_eq!(s.game().status(), Status::Lost { hit: 3 });
        assert_eq!(s.message(), Some(said));
        assert_eq!(
            s.open(5, 5, at(t0, 9)),
            Err(SessionError::Conflict(again.to_string()))
        );
        assert_eq!(s.elapsed(at(t0, 60)), Duration::from_secs(4), "stopped");
        assert!(!s.has_unoffered_win());
        assert!(matches!(
            s.solver_move(at(t0, 9)),
            Err(SessionError::Conflict(_))
        ));
        s.restart().unwrap();
        assert_eq!(
            (s.seed(), s.game().status(), s.game().opened()),
            (7, Status::Playing, 0)
        );
    }
}

#[test]
fn a_win_waits_to_be_offered_and_a_helped_win_is_not() {
    let t0 = Instant::now();
    let mut best = BestTimes::in_memory();
    let mut s = beginner(Words::TERMINAL);
    s.open(1, 1, at(t0, 0)).unwrap();
    win_by_hand(&mut s, at(t0, 12));
    assert_eq!(s.game().status(), Status::Won);
    assert_eq!(s.message(), Some("won in 12.0s"));
    assert!(s.has_unoffered_win());
    s.offer_best(&mut best);
    assert!(!s.has_unoffered_win() && s.new_best());
    assert_eq!(
        best.get("beginner zero"),
        Some(Record {
            millis: 12_000,
            seed: 7
        })
    );
    assert!(
        s.message().unwrap().contains("a new best time"),
        "{:?}",
        s.message()
    );
    s.offer_best(&mut best); // once only
                             // The same board with a hint: helped, no record offered.
    s.restart().unwrap();
    assert!(!s.new_best() && !s.helped());
    s.open(1, 1, at(t0, 20)).unwrap();
    assert!(s.knowledge("no hint").is_ok());
    assert!(s.helped());
    win_by_hand(&mut s, at(t0, 21));
    assert!(!s.has_unoffered_win());
    assert!(s.message().unwrap().contains("solver's help"));
}

#[test]
fn the_solver_clears_a_wrong_flag_and_opens_its_cell() {
    let t0 = Instant::now();
    let mut s = beginner(Words::BROWSER);
    s.open(1, 1, at(t0, 0)).unwrap();
    let next = typesweeper::runtime::autoplay::next_move(s.game()).unwrap();
    s.mark(next.row, next.col, at(t0, 1)).unwrap();
    let played = s.solver_move(at(t0, 2)).unwrap();
    assert_eq!((played.row, played.col), (next.row, next.col));
    assert!(matches!(
        s.game().cell(next.row, next.col),
        Ok(CellState::Open(_))
    ));
    assert_eq!(s.last_move(), Some(played));
    assert!(s.helped());
    assert!(s.message().unwrap().starts_with("solver opened "));
    // A player's move clears the last solver move.
    s.mark(0, 0, at(t0, 3)).unwrap();
    assert_eq!(s.last_move(), None);
}

#[test]
fn knowledge_needs_mines_and_is_worked_out_once_per_position() {
    let t0 = Instant::now();
    let mut s = beginner(Words::BROWSER);
    assert!(matches!(
        s.knowledge("no hint"),
        Err(SessionError::Conflict(m)) if m.starts_with("no hint before the first click")
    ));
    assert!(!s.helped(), "refused help is no help");
    s.open(1, 1, at(t0, 0)).unwrap();
    let version = s.version();
    let first = s.knowledge("no hint").unwrap().clone();
    assert!(!first.safe.is_empty());
    assert_eq!(s.version(), version, "looking changes nothing");
    let safe = first.safe[0];
    s.open(safe / 9, safe % 9, at(t0, 1)).unwrap();
    assert_ne!(s.version(), version);
    assert!(!s.knowledge("no hint").unwrap().safe.contains(&safe));
}

#[test]
fn every_solver_call_stays_within_the_sessions_budget() {
    let t0 = Instant::now();
    // With no steps at all, what needs `complete` reports the budget instead of exceeding it.
    let mut s = Session::new(
        settings("expert", FirstClick::Safe),
        3,
        true,
        Words::BROWSER,
        0,
    )
    .unwrap();
    s.open(0, 0, at(t0, 0)).unwrap();
    let view = s.compile_view();
    assert!(
        matches!(&view, Err(SessionError::Conflict(m)) if m.contains("budget")),
        "{view:?}"
    );
    let exported = s.export(Level::Fragment, Some("t"), Edition::E2024);
    assert!(
        matches!(&exported, Err(SessionError::Conflict(m)) if m.contains("budget")),
        "{exported:?}"
    );
    let k = s.knowledge("no hint").unwrap();
    assert!(
        !k.exact,
        "chances estimated, not worked out beyond the budget"
    );
    // With the default budget the same position is worked out.
    let mut s = Session::new(
        settings("expert", FirstClick::Safe),
        3,
        true,
        Words::BROWSER,
        Budget::DEFAULT_STEPS,
    )
    .unwrap();
    s.open(0, 0, at(t0, 0)).unwrap();
    assert!(s.compile_view().is_ok());
    assert!(s.knowledge("no hint").unwrap().exact);
}

#[test]
fn settings_that_make_no_board_are_refused_and_no_guess_is_counted_not_timed() {
    let dense = settings("3x3/10", FirstClick::Safe);
    assert!(Session::new(dense, 1, true, Words::BROWSER, 1).is_err());
    // The same seed deals the same no-guess board, whatever the machine's load: the search is
    // bounded by seeds and counted steps only.
    let mut ng = settings("intermediate", FirstClick::Zero);
    ng.no_guess = true;
    let a = Session::new(ng, 40, true, Words::BROWSER, 1).unwrap();
    let b = Session::new(ng, 40, true, Words::TERMINAL, Budget::DEFAULT_STEPS).unwrap();
    assert_eq!((a.seed(), a.game()), (b.seed(), b.game()));
    assert!(a.opened_for_you().is_some());
    assert_eq!(no_guess_attempts(81), NO_GUESS_ATTEMPTS);
    assert!(no_guess_attempts(100 * 100) < NO_GUESS_ATTEMPTS);
    assert!(no_guess_attempts(usize::MAX) >= 100);
}

#[test]
fn by_rows_cuts_a_board_into_its_rows() {
    let rows: Vec<String> = by_rows(&[1, 2, 3, 4, 5, 6], 3, |i, v| {
        char::from(b'a' + (i as u8) + (*v as u8) - 1)
    });
    assert_eq!(rows, ["ace", "gik"]);
    let empty: Vec<Vec<u8>> = by_rows(&[] as &[u8], 0, |_, v| *v);
    assert!(empty.is_empty());
}
