//! The runtime `fragment` predicts the compiler: every cell that a compile-fail case's error names
//! (``cannot infer type of the type parameter `Cell_R3C4` ``) is a cell `fragment` leaves
//! undecided, and the first error names the first undecided cell in reading order (also as
//! ``cannot satisfy `_: Decided<R3C4>` ``). The errors are the ones
//! rustc really printed, stored by trybuild in `ui-tests/*.stderr` and checked by `tests/ui.rs`.
//! (That every corpus board compiles exactly when `fragment` solves it is checked from both
//! sides: `tests/corpus_*.rs` compile the solvable ones, `tests/runtime_corpus.rs` runs
//! `fragment` on all of them.)

use std::path::Path;
use typesweeper::board::corpus::{parse_blocks, Block};
use typesweeper::runtime::fragment;

fn corpus_entries() -> Vec<Block> {
    ["mineunifier_games.txt", "fragment_boards.txt"]
        .iter()
        .flat_map(|name| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/corpus")
                .join(name);
            parse_blocks(&std::fs::read_to_string(path).unwrap()).unwrap()
        })
        .collect()
}

/// Cells named as uninferred type parameters, in order.
fn named_cells(stderr: &str) -> Vec<(usize, usize)> {
    cells_after(stderr, "cannot infer type of the type parameter `Cell_R")
}

/// `(row, col)` of every cell named after `marker` (up to the closing backtick or `>`), in order.
fn cells_after(stderr: &str, marker: &str) -> Vec<(usize, usize)> {
    stderr
        .match_indices(marker)
        .filter_map(|(at, _)| {
            let name = &stderr[at + marker.len() - 1..];
            let name = &name[..name.find(['`', '>'])?];
            let (r, c) = name.strip_prefix('R')?.split_once('C')?;
            Some((r.parse().ok()?, c.parse().ok()?))
        })
        .collect()
}

#[test]
fn named_cells_are_undecided_by_fragment() {
    let entries = corpus_entries();
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui-tests");
    let mut checked = 0;
    for file in std::fs::read_dir(&ui).unwrap() {
        let path = file.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if !(name.starts_with("game_") || name.starts_with("stuck_")) || !name.ends_with(".rs") {
            continue;
        }
        // The generated case's first line names its corpus entry: `// board 3 9x9/10 needs ...`.
        let source = std::fs::read_to_string(&path).unwrap();
        let entry = entries
            .iter()
            .find(|e| source.starts_with(&format!("// {} ", e.name())))
            .unwrap_or_else(|| panic!("{name}: no corpus entry"));
        let stderr = std::fs::read_to_string(path.with_extension("stderr")).unwrap();
        let named = named_cells(&stderr);
        let answer = entry.answer.as_ref().unwrap();
        let undecided = fragment::undecided_cells(&entry.puzzle, answer).unwrap();
        assert!(
            !undecided.is_empty(),
            "{name}: fragment solves {}",
            entry.name()
        );
        assert!(!named.is_empty(), "{name}: the errors name no cell");
        assert_eq!(
            named[0], undecided[0],
            "{name}: the first error names the first undecided cell"
        );
        for cell in &named {
            assert!(
                undecided.contains(cell),
                "{name}: R{}C{} is named but decided",
                cell.0,
                cell.1
            );
        }
        checked += 1;
    }
    assert!(
        checked >= 8,
        "only {checked} compile-fail corpus cases found"
    );
}

#[test]
fn names_are_read_from_errors() {
    let text = "x cannot infer type of the type parameter `Cell_R12C3` declared\n\
                y cannot infer type of the type parameter `MinesAfter_R1C1` declared\n\
                = note: cannot satisfy `_: Decided<R2C4>`";
    assert_eq!(named_cells(text), vec![(12, 3)]);
    assert_eq!(
        cells_after(text, "cannot satisfy `_: Decided<R"),
        vec![(2, 4)]
    );
}
