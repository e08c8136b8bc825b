//! The runtime mirror predicts the compiler on every corpus board the compile-time rules cannot
//! finish: rustc prints exactly one error, `the rules cannot decide cell R3C4`, whose cell is
//! the first cell the mirror leaves undecided in reading order (`fragment`, or `pairs` for the
//! cases written at `level: pairs`), and whose caret points at that cell's own `?`.
//!
//! This test reads the errors trybuild stored in `ui-tests/corpus/*.stderr`; `tests/ui.rs`
//! checks that they are exactly what rustc prints today (the 16x16 and 16x30 boards in its
//! ignored test, which CI runs). That every corpus board compiles exactly when `fragment`
//! solves it is checked from both sides: `tests/corpus_*.rs` compile the solvable ones,
//! `tests/corpus_labels.rs` runs `fragment` on all of them.

use std::path::Path;
use typesweeper::board::corpus::{parse_blocks, Block};
use typesweeper::runtime::{fragment, pairs};

fn corpus_entries() -> Vec<Block> {
    [
        "mineunifier_games.txt",
        "fragment_boards.txt",
        "pairs_boards.txt",
    ]
    .iter()
    .flat_map(|name| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/corpus")
            .join(name);
        parse_blocks(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
    .collect()
}

/// What one error says: the cell it names, and the line and column its caret points at.
#[derive(Debug, PartialEq, Eq)]
struct Undecided {
    cell: (usize, usize),
    line: usize,
    column: usize,
}

/// Reads every error of the form
/// ```text
/// error[E0277]: the rules cannot decide cell R1C1
///  --> ui-tests/corpus/game_6.rs:9:14
/// ```
/// and fails on any other error.
fn errors(stderr: &str) -> Vec<Undecided> {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut found = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if !line.starts_with("error") {
            continue;
        }
        let name = line
            .strip_prefix("error[E0277]: the rules cannot decide cell R")
            .unwrap_or_else(|| panic!("an error that names no undecided cell: {line}"));
        let (r, c) = name.split_once('C').unwrap();
        let place = lines[k + 1].trim_start().strip_prefix("--> ").unwrap();
        let mut parts = place.rsplitn(3, ':');
        let column = parts.next().unwrap().parse().unwrap();
        let line_no = parts.next().unwrap().parse().unwrap();
        found.push(Undecided {
            cell: (r.parse().unwrap(), c.parse().unwrap()),
            line: line_no,
            column,
        });
    }
    found
}

/// Where (1-based line and column) the `?` of `cell` stands in a generated case: the puzzle
/// rows are the first lines after `puzzle: [` that start with `[`, cells separated by spaces.
fn position_of(source: &str, cell: (usize, usize)) -> (usize, usize) {
    let (start, _) = source
        .lines()
        .enumerate()
        .find(|(_, l)| l.trim() == "puzzle: [")
        .expect("a generated case has a `puzzle: [` line");
    let line = start + 1 + cell.0;
    let text = source.lines().nth(line - 1).unwrap();
    let row_start = text.find('[').unwrap() + 1;
    let mut column = row_start;
    for (k, token) in text[row_start..].split(' ').enumerate() {
        if k + 1 == cell.1 {
            assert_eq!(token.trim_end_matches(']'), "?", "{text}");
            return (line, column + 1);
        }
        column += token.len() + 1;
    }
    panic!("no column {} in {text}", cell.1)
}

#[test]
fn the_one_error_names_the_mirrors_first_undecided_cell_at_its_question_mark() {
    let entries = corpus_entries();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui-tests/corpus");
    let mut checked = 0;
    for file in std::fs::read_dir(&dir).unwrap() {
        let path = file.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // The generated case's first line names its corpus entry: `// board 3 9x9/10 has ...`.
        let source = std::fs::read_to_string(&path).unwrap();
        let entry = entries
            .iter()
            .find(|e| source.starts_with(&format!("// {} ", e.name())))
            .unwrap_or_else(|| panic!("{name}: no corpus entry"));
        let stderr = std::fs::read_to_string(path.with_extension("stderr"))
            .unwrap_or_else(|e| panic!("{name}: no stored errors ({e})"));
        let answer = entry.answer.as_ref().unwrap();
        let at_pairs = source.contains("level: pairs");
        let undecided = if at_pairs {
            pairs::undecided_cells(&entry.puzzle, answer).unwrap()
        } else {
            fragment::undecided_cells(&entry.puzzle, answer).unwrap()
        };
        let first = *undecided
            .first()
            .unwrap_or_else(|| panic!("{name}: the mirror solves {}", entry.name()));
        let (line, column) = position_of(&source, first);
        assert_eq!(
            errors(&stderr),
            vec![Undecided {
                cell: first,
                line,
                column
            }],
            "{name}: one error, at the mirror's first undecided cell"
        );
        checked += 1;
    }
    // 2 ambiguous games of the Haskell original, 10 random boards labelled ambiguous or stuck,
    // and the 9 boards of the pairs corpus that `level: pairs` cannot finish.
    assert_eq!(checked, 21, "compile-fail corpus cases found");
}

#[test]
fn errors_and_positions_are_read_as_written() {
    let stderr = "error[E0277]: the rules cannot decide cell R12C3\n  --> ui-tests/x.rs:9:14\n";
    assert_eq!(
        errors(stderr),
        vec![Undecided {
            cell: (12, 3),
            line: 9,
            column: 14
        }]
    );
    let source = "fn main() {\n    let s = solve! {\n        puzzle: [\n            [1 ? ?]\n            [? 2 ?]\n";
    assert_eq!(position_of(source, (2, 1)), (5, 14));
    assert_eq!(position_of(source, (1, 3)), (4, 18));
}
