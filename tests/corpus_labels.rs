//! Every label in the compile-time corpus (`tests/corpus/*.txt`) says what is true of its board:
//! `solved` when the compile-time rules (the runtime `fragment`, which predicts them; `pairs` for
//! `pairs_boards.txt`, whose boards are compiled at `level: pairs`) finish it; otherwise `stuck`
//! when exactly one layout fits (so `complete`, full deduction with the same reveals, finishes
//! it) and `ambiguous` when several do. The compile-fail cases generated from the `stuck` and
//! `ambiguous` boards (`ui-tests/corpus/`) are what shows that the compiler is no stronger than
//! the mirror: the `stuck` ones could be finished by a stronger reasoner.

use std::path::Path;
use typesweeper::board::corpus::{parse_blocks, Block, Expect};
use typesweeper::runtime::{complete, fragment, pairs, Given};

fn corpus(name: &str) -> Vec<Block> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    parse_blocks(&text).unwrap()
}

/// The boards of `tests/adversarial/complete_boards.txt`.
fn adversarial() -> Vec<Block> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/adversarial/complete_boards.txt");
    parse_blocks(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The compile-time level a corpus file's boards are compiled at.
#[derive(Clone, Copy)]
enum Level {
    Fragment,
    Pairs,
}

/// What the board's label should be at `level`, worked out by the runtime solvers.
fn truth(block: &Block, level: Level) -> Expect {
    let answer = block
        .answer
        .as_ref()
        .expect("every corpus block has an answer");
    let given = Given::answer(answer);
    let finished = match level {
        Level::Fragment => fragment::solve(&block.puzzle, given),
        Level::Pairs => pairs::solve(&block.puzzle, given),
    };
    if finished.unwrap().is_solved() {
        Expect::Solved
    } else if complete::solve(&block.puzzle, given).unwrap().is_solved() {
        Expect::Stuck
    } else {
        Expect::Ambiguous
    }
}

fn check(name: &str, level: Level) -> Vec<Expect> {
    let blocks = corpus(name);
    assert!(!blocks.is_empty(), "{name} has no boards");
    for b in &blocks {
        assert_eq!(
            b.expect,
            Some(truth(b, level)),
            "{name}: {} is mislabelled",
            b.name()
        );
    }
    blocks.iter().filter_map(|b| b.expect).collect()
}

#[test]
fn the_haskell_games_are_labelled_truthfully() {
    let labels = check("mineunifier_games.txt", Level::Fragment);
    assert_eq!(labels.len(), 19);
    assert_eq!(
        labels.iter().filter(|&&e| e == Expect::Ambiguous).count(),
        2
    );
}

#[test]
fn the_random_boards_are_labelled_truthfully() {
    let labels = check("fragment_boards.txt", Level::Fragment);
    // Both kinds of failure are present: boards with one solution that the rules cannot reach,
    // and boards with several.
    assert!(labels.contains(&Expect::Stuck));
    assert!(labels.contains(&Expect::Ambiguous));
}

#[test]
fn the_pairs_boards_are_labelled_truthfully_at_level_pairs() {
    let labels = check("pairs_boards.txt", Level::Pairs);
    assert!(labels.contains(&Expect::Solved));
    assert!(labels.contains(&Expect::Stuck));
    assert!(labels.contains(&Expect::Ambiguous));
}

/// `complete_boards.txt` holds boards `level: pairs` cannot finish, compiled at `level:
/// complete`: `solved` when the runtime `complete` (full deduction with the same reveals)
/// finishes them, `stuck` when it does not (a guess is needed).
#[test]
fn the_complete_boards_are_labelled_truthfully_at_level_complete() {
    let blocks = corpus("complete_boards.txt");
    for b in &blocks {
        let given = Given::answer(b.answer.as_ref().unwrap());
        assert!(
            !pairs::solve(&b.puzzle, given).unwrap().is_solved(),
            "{}: pairs finishes it",
            b.name()
        );
        let truth = if complete::solve(&b.puzzle, given).unwrap().is_solved() {
            Expect::Solved
        } else {
            Expect::Stuck
        };
        assert_eq!(b.expect, Some(truth), "{} is mislabelled", b.name());
    }
    let solved = blocks.iter().filter(|b| b.expect == Some(Expect::Solved));
    assert_eq!((solved.count(), blocks.len()), (24, 33));
}

/// `tests/adversarial/complete_boards.txt` holds boards made to be hard for `level:
/// complete`, labelled as `complete_boards.txt` is (some `pairs` finishes too).
#[test]
fn the_adversarial_boards_are_labelled_truthfully_at_level_complete() {
    let blocks = adversarial();
    for b in &blocks {
        let given = Given::answer(b.answer.as_ref().unwrap());
        let truth = if complete::solve(&b.puzzle, given).unwrap().is_solved() {
            Expect::Solved
        } else {
            Expect::Stuck
        };
        assert_eq!(b.expect, Some(truth), "{} is mislabelled", b.name());
    }
    let solved = blocks.iter().filter(|b| b.expect == Some(Expect::Solved));
    assert_eq!((solved.count(), blocks.len()), (5, 15));
}
