//! The runtime `fragment` solver on every block of the corpus (the committed copy in
//! `tests/corpus/`): `solved` blocks must be solved exactly as the answer says, `ambiguous` and
//! `stuck` blocks must leave some cell undecided. `complete` must decide at least as much.

use typesweeper::board::corpus::{parse_blocks, Block, Expect};
use typesweeper::runtime::{complete, fragment, Deduced, Given};

const FILES: [&str; 2] = ["mineunifier_games.txt", "fragment_boards.txt"];

fn blocks(file: &str) -> Vec<Block> {
    let path = format!("{}/tests/corpus/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_blocks(&text).unwrap_or_else(|e| panic!("{path}:{e}"))
}

#[test]
fn corpus_has_the_expected_blocks() {
    let games = blocks(FILES[0]);
    assert_eq!(games.len(), 19);
    let ambiguous: Vec<usize> = (0..games.len())
        .filter(|&g| games[g].expect == Some(Expect::Ambiguous))
        .collect();
    assert_eq!(ambiguous, vec![6, 8]);
    let boards = blocks(FILES[1]);
    assert_eq!(boards.len(), 43);
    assert!(boards
        .iter()
        .all(|b| b.expect.is_some() && b.answer.is_some()));
}

#[test]
fn fragment_matches_every_expectation() {
    let mut failures = Vec::new();
    for file in FILES {
        for block in blocks(file) {
            let answer = block.answer.as_ref().expect("corpus blocks have answers");
            let solved = match fragment::solve(&block.puzzle, Given::answer(answer)) {
                Ok(d) => d,
                Err(e) => {
                    failures.push(format!("{file}:{} {}: error {e}", block.line, block.title));
                    continue;
                }
            };
            let ok = match block.expect.expect("corpus blocks say what to expect") {
                Expect::Solved => solved.is_solved() && solved.to_board().as_ref() == Some(answer),
                Expect::Stuck | Expect::Ambiguous => !solved.undecided().is_empty(),
            };
            if !ok {
                failures.push(format!(
                    "{file}:{} {}: fragment left {:?} undecided",
                    block.line,
                    block.title,
                    solved.undecided()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn complete_decides_at_least_what_fragment_decides() {
    for file in FILES {
        for block in blocks(file) {
            let answer = block.answer.as_ref().unwrap();
            let frag = fragment::solve(&block.puzzle, Given::answer(answer)).unwrap();
            let full = complete::solve(&block.puzzle, Given::answer(answer)).unwrap();
            for (i, (f, c)) in frag.cells().iter().zip(full.cells()).enumerate() {
                assert!(
                    *f == Deduced::Undecided || f == c,
                    "{file}:{} cell {i}: fragment {f:?}, complete {c:?}",
                    block.line
                );
            }
            // Ambiguous games have two solutions: even complete cannot decide them.
            if block.expect == Some(Expect::Ambiguous) {
                assert!(!full.is_solved(), "{file}:{}", block.line);
            }
            if full.is_solved() {
                assert_eq!(full.to_board().as_ref(), Some(answer));
            }
        }
    }
}

/// The committed copy must hold the shared corpus's boards, which sit beside the repository
/// (`../shared/corpus`, where CI puts it); without it this fails rather than passing unchecked.
/// The one difference allowed: the copy says `ambiguous` where the shared file says `stuck` for
/// a board that has several layouts (`tests/corpus_labels.rs` checks every label against the
/// solvers).
#[test]
fn committed_copy_holds_the_shared_corpus() {
    for file in FILES {
        let shared = format!("{}/../shared/corpus/{file}", env!("CARGO_MANIFEST_DIR"));
        let shared = std::fs::read_to_string(&shared).unwrap_or_else(|e| {
            panic!("{shared}: {e}; the shared corpus must sit beside the repository")
        });
        let shared = parse_blocks(&shared).unwrap();
        let copy = blocks(file);
        assert_eq!(copy.len(), shared.len(), "{file}: number of boards");
        for (c, s) in copy.iter().zip(&shared) {
            let name = c.name();
            assert_eq!(
                (name, &c.puzzle, &c.answer),
                (s.name(), &s.puzzle, &s.answer),
                "{file}: board at line {} differs",
                c.line
            );
            let refined = s.expect == Some(Expect::Stuck) && c.expect == Some(Expect::Ambiguous);
            assert!(
                c.expect == s.expect || refined,
                "{file}: {name} is {:?} here but {:?} in the shared corpus",
                c.expect,
                s.expect
            );
        }
    }
}
