//! The runtime solvers on every block of the corpus (the committed copy in `tests/corpus/`).
//! The fragment files' labels are about `fragment`: `solved` blocks must be solved exactly as the
//! answer says, `ambiguous` and `stuck` blocks must leave some cell undecided. The pairs file's
//! labels are about `pairs`, and its boards all need it: `solved` blocks are finished by `pairs`
//! exactly as the answer says and not by `fragment`, `stuck` ones are not finished by `pairs`.
//! On every board, `complete` decides at least what `pairs` decides, which decides at least what
//! `fragment` decides.

use typesweeper::board::corpus::{parse_blocks, Block, Expect};
use typesweeper::runtime::{complete, fragment, pairs, Deduced, Deduction, Given};

/// The files whose labels say what `fragment` (the default `solve!`) does.
const FILES: [&str; 2] = ["mineunifier_games.txt", "fragment_boards.txt"];
/// The file whose labels say what `pairs` (`solve!` at `level: pairs`) does.
const PAIRS_FILE: &str = "pairs_boards.txt";
/// Every file of the corpus.
const ALL_FILES: [&str; 3] = ["mineunifier_games.txt", "fragment_boards.txt", PAIRS_FILE];

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
    let pairs = blocks(PAIRS_FILE);
    assert!(pairs.iter().all(|b| b.answer.is_some()));
    let count = |e: Expect| pairs.iter().filter(|b| b.expect == Some(e)).count();
    // The shared file says `stuck` for all 9 failing boards; 7 of them have several layouts and
    // are `ambiguous` here (tests/corpus_labels.rs).
    assert_eq!(
        (
            count(Expect::Solved),
            count(Expect::Stuck),
            count(Expect::Ambiguous),
            pairs.len()
        ),
        (27, 2, 7, 36)
    );
}

#[test]
fn pairs_matches_every_expectation_and_is_needed() {
    let mut failures = Vec::new();
    for block in blocks(PAIRS_FILE) {
        let answer = block.answer.as_ref().expect("corpus blocks have answers");
        let given = Given::answer(answer);
        let (frag, pair) = match (
            fragment::solve(&block.puzzle, given),
            pairs::solve(&block.puzzle, given),
        ) {
            (Ok(f), Ok(p)) => (f, p),
            (f, p) => {
                failures.push(format!("{}: errors {f:?} {p:?}", block.name()));
                continue;
            }
        };
        let ok = match block.expect.expect("corpus blocks say what to expect") {
            Expect::Solved => {
                pair.is_solved() && pair.to_board().as_ref() == Some(answer) && !frag.is_solved()
            }
            Expect::Stuck | Expect::Ambiguous => !pair.is_solved() && !frag.is_solved(),
        };
        if !ok {
            failures.push(format!(
                "{PAIRS_FILE}:{} {}: pairs left {} undecided, fragment {}",
                block.line,
                block.title,
                pair.undecided().len(),
                frag.undecided().len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whether `stronger` decides every cell `weaker` decides, the same way.
fn decides_at_least(weaker: &Deduction, stronger: &Deduction) -> Result<(), String> {
    for (i, (w, s)) in weaker.cells().iter().zip(stronger.cells()).enumerate() {
        if *w != Deduced::Undecided && w != s {
            return Err(format!("cell {i}: {w:?} then {s:?}"));
        }
    }
    Ok(())
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
fn complete_decides_at_least_what_pairs_decides_and_pairs_what_fragment_decides() {
    let mut pairs_beyond_fragment = 0;
    for file in ALL_FILES {
        for block in blocks(file) {
            let answer = block.answer.as_ref().unwrap();
            let frag = fragment::solve(&block.puzzle, Given::answer(answer)).unwrap();
            let pair = pairs::solve(&block.puzzle, Given::answer(answer)).unwrap();
            let full = complete::solve(&block.puzzle, Given::answer(answer)).unwrap();
            let at = format!("{file}:{} {}", block.line, block.title);
            decides_at_least(&frag, &pair).unwrap_or_else(|e| panic!("{at}: fragment, pairs: {e}"));
            decides_at_least(&pair, &full).unwrap_or_else(|e| panic!("{at}: pairs, complete: {e}"));
            pairs_beyond_fragment += frag.undecided().len() - pair.undecided().len();
            // Ambiguous games have two solutions: even complete cannot decide them.
            if block.expect == Some(Expect::Ambiguous) {
                assert!(!full.is_solved(), "{file}:{}", block.line);
            }
            if full.is_solved() {
                assert_eq!(full.to_board().as_ref(), Some(answer));
            }
        }
    }
    // The comparison is not empty: pairs goes beyond fragment on many corpus cells.
    assert!(pairs_beyond_fragment > 1000, "{pairs_beyond_fragment}");
}

/// Every committed copy (`tests/corpus/*.txt` with a file of the same name there; the three
/// files above always) must hold the boards of the shared corpus's file of the same name (`../shared/corpus`, beside the repository only where the project's CI puts
/// it, so this is ignored in a user's `cargo test`; CI runs it with `--ignored` and it fails
/// there if the folder or a file is missing). The one difference allowed: the copy says
/// `ambiguous` where the shared file says `stuck` for a board that has several layouts
/// (`tests/corpus_labels.rs` checks every label against the solvers).
#[test]
#[ignore = "needs ../shared/corpus beside the repository (CI runs it)"]
fn committed_copy_holds_the_shared_corpus() {
    let dir = format!("{}/tests/corpus", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".txt"))
        .collect();
    files.sort();
    for file in ALL_FILES {
        assert!(files.iter().any(|f| f == file), "{file} is committed");
    }
    for file in &files {
        let file = file.as_str();
        let path = format!("{}/../shared/corpus/{file}", env!("CARGO_MANIFEST_DIR"));
        if !ALL_FILES.contains(&file) && !std::path::Path::new(&path).exists() {
            continue; // a file of this repository's own, with no shared original
        }
        let shared = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("{path}: {e}; the shared corpus must sit beside the repository")
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
