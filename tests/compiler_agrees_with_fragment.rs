//! The runtime mirror predicts the compiler on every corpus board the compile-time rules cannot
//! finish: rustc prints exactly one error, `the rules cannot decide cell R3C4`, whose cell is
//! the first cell the mirror leaves undecided in reading order (`fragment`, or `pairs` and
//! `complete` for the cases written at `level: pairs` and `level: complete`), and whose caret
//! points at that cell's own `?`.
//!
//! This test reads the errors trybuild stored in `ui-tests/corpus/*.stderr`; `tests/ui.rs`
//! checks that they are exactly what rustc prints today (the 16x16 and 16x30 boards in its
//! ignored test, which CI runs). That every corpus board compiles exactly when `fragment`
//! solves it is checked from both sides: `tests/corpus_*.rs` compile the solvable ones,
//! `tests/corpus_labels.rs` runs `fragment` on all of them.

use std::path::Path;
use typesweeper::board::corpus::{parse_blocks, Block};
use typesweeper::runtime::{complete, fragment, pairs};

#[path = "shared/scratch_crate.rs"]
mod scratch_crate;

fn corpus_entries() -> Vec<Block> {
    [
        "mineunifier_games.txt",
        "fragment_boards.txt",
        "pairs_boards.txt",
        "complete_boards.txt",
    ]
    .iter()
    .map(|name| Path::new("tests/corpus").join(name))
    .chain([Path::new("tests/adversarial/complete_boards.txt").to_path_buf()])
    .flat_map(|path| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
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
/// and fails on any other error (cargo's closing `error: could not compile` aside).
fn errors(stderr: &str) -> Vec<Undecided> {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut found = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        // cargo's own closing line is not rustc's error.
        if !line.starts_with("error") || line.starts_with("error: could not compile") {
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
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    let files = ["ui-tests/corpus", "ui-tests/complete"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).unwrap())
        .map(|file| file.unwrap().path());
    for path in files {
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
        let undecided = if source.contains("level: pairs") {
            pairs::undecided_cells(&entry.puzzle, answer).unwrap()
        } else if source.contains("level: complete") {
            complete::undecided_cells(&entry.puzzle, answer).unwrap()
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
    // the 9 boards of the pairs corpus that `level: pairs` cannot finish, the 9 boards of the
    // complete corpus that need a guess and the 10 adversarial boards that do.
    assert_eq!(checked, 40, "compile-fail corpus cases found");
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

/// Generated boards of every size the corpus has, at both levels: a board the mirror finishes at
/// a level compiles at that level and renders its answer; a board it does not finish fails with
/// one error at the mirror's first undecided cell. For each size, a board that needs `pairs`
/// (`fragment` cannot finish it: compiled at both levels), the first dealt that `pairs` cannot
/// finish but `complete` can (compiled at `level: pairs` and at `level: complete`), and the
/// first that needs a guess (compiled at `level: complete`). Each board is an example of one
/// scratch crate under `target/agree-generated/`, built in the scratch crates' shared target;
/// the `level: complete` ones with no `#![recursion_limit]`.
#[test]
#[ignore = "compiles fifteen generated boards in a scratch crate (a few minutes cold); CI runs it with `cargo test --test compiler_agrees_with_fragment -- --ignored`"]
fn generated_boards_of_every_size_compile_exactly_when_the_mirror_finishes_them() {
    use typesweeper::codegen::solve_call_at;
    use typesweeper::runtime::generator::{find_board, Level, Spec};
    use typesweeper::runtime::layout::FirstClick;

    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = repo.join("target/agree-generated");
    std::fs::create_dir_all(dir.join("examples")).unwrap();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "").unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        scratch_crate::manifest("agree", "2021", repo, ""),
    )
    .unwrap();
    let cargo = |args: &[&str]| {
        let out = scratch_crate::cargo(&dir)
            .args(args)
            .output()
            .expect("cargo runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let mut checked = 0;
    for (rows, cols, mines) in [(9, 9, 10), (16, 16, 40), (16, 30, 99)] {
        let board = |level: Level| {
            let mut spec = Spec::new(rows, cols, mines, FirstClick::Zero, level);
            spec.need = true;
            find_board(&spec, 1, 100_000).expect("such a board exists")
        };
        let needs_pairs = board(Level::Pairs);
        // The first boards dealt that `pairs` cannot finish: one that `complete` finishes, one
        // that needs a guess.
        let late = |done_by_complete: bool| {
            (1..)
                .filter_map(|seed| {
                    let spec = Spec::new(rows, cols, mines, FirstClick::Zero, Level::Complete);
                    typesweeper::runtime::generator::board_for_seed(&spec, seed).unwrap()
                })
                .find(|b| {
                    !Level::Pairs.solves(&b.puzzle, &b.answer)
                        && Level::Complete.solves(&b.puzzle, &b.answer) == done_by_complete
                })
                .unwrap()
        };
        let beyond_pairs = late(true);
        let needs_a_guess = late(false);
        for (board, level) in [
            (&needs_pairs, Level::Fragment),
            (&needs_pairs, Level::Pairs),
            (&beyond_pairs, Level::Pairs),
            (&beyond_pairs, Level::Complete),
            (&needs_a_guess, Level::Complete),
        ] {
            let name = format!("b{rows}x{cols}_{}_{level:?}", board.seed).to_lowercase();
            let call = solve_call_at(level, &board.puzzle, &board.answer, "    ");
            let limit = match level {
                Level::Complete => "",
                _ => "#![recursion_limit = \"1024\"]\n\n",
            };
            let source = format!(
                "{limit}fn main() {{\n    let solved = {call};\n    println!(\"{{solved}}\");\n}}\n"
            );
            std::fs::write(dir.join(format!("examples/{name}.rs")), &source).unwrap();
            let undecided = match level {
                Level::Pairs => pairs::undecided_cells(&board.puzzle, &board.answer),
                Level::Complete => complete::undecided_cells(&board.puzzle, &board.answer),
                Level::Fragment => fragment::undecided_cells(&board.puzzle, &board.answer),
            }
            .unwrap();
            let (ok, stdout, stderr) = cargo(&["run", "-q", "--example", &name]);
            match undecided.first() {
                None => {
                    assert!(ok, "{name}: the mirror finishes it but it fails:\n{stderr}");
                    assert_eq!(stdout.trim_end(), board.answer.to_string(), "{name}");
                }
                Some(&first) => {
                    assert!(
                        !ok,
                        "{name}: the mirror leaves {first:?} undecided, yet it compiles"
                    );
                    let (line, column) = position_of(&source, first);
                    assert_eq!(
                        errors(&stderr),
                        vec![Undecided {
                            cell: first,
                            line,
                            column
                        }],
                        "{name}:\n{stderr}"
                    );
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 15);
}
