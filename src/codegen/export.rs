//! A game position as files that check it at compile time in a user's crate ([`export`]).
//!
//! [`export`] writes what `solve!` at a level does with the position (what the player sees
//! and its full answer, as [`compile_view`](crate::runtime::compile_view) reads it):
//!
//! * when the level decides every cell, a test that compiles: `tests/{name}.rs`, one `#[test]`
//!   whose `solve!` call rustc solves while compiling it, checked against the answer;
//! * otherwise a compile-fail case in [trybuild](https://docs.rs/trybuild)'s layout:
//!   `tests/ui/{name}.rs`, the error rustc must give for it, predicted to the byte
//!   (`tests/ui/{name}.stderr`, see [`predicted_stderr`]), and the driver `tests/ui.rs`.
//!
//! The `.stderr` depends on the user's edition: the gate after the first undecided cell falls
//! back to `()` up to edition 2021 and to `!` from 2024 ([`Edition`]). [`export`] writes for
//! edition 2021 (the edition of typesweeper's own snapshots); [`export_for`] takes the edition.

use std::fmt;

use super::solve_call::{recursion_limit, solve_call_at};
use super::stderr::{predicted_stderr, Edition, DIAGNOSTIC_WIDTH};
use super::template::fill;
use crate::board::corpus::Expect;
use crate::board::{Board, Cell, CellName};
use crate::runtime::compile_view::level_view;
use crate::runtime::deduction::{plural, Given, SolveError};
use crate::runtime::generator::{Generated, Level};
use crate::runtime::{complete, fragment, pairs};

/// Which kind of file [`export`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExportKind {
    /// The level finishes the board: a `#[test]` that compiles and passes.
    Test,
    /// The level leaves a cell undecided: a trybuild compile-fail case with its error.
    CompileFail,
}

/// One file to drop into a crate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportFile {
    /// Its path from the crate's root, with `/` between parts (`tests/ui/name.rs`).
    pub path: String,
    /// Its contents.
    pub contents: String,
}

/// What [`export`] wrote for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// A test or a compile-fail case.
    pub kind: ExportKind,
    /// The level the `solve!` call asks for ([`Level::Fragment`] or [`Level::Pairs`]).
    pub level: Level,
    /// The edition the compile-fail error is predicted for.
    pub edition: Edition,
    /// What `solve!` at that level does with the position
    /// ([`expect_at`](crate::runtime::generator::expect_at)).
    pub expect: Expect,
    /// The first cell the level leaves undecided, which the compile-fail error names; `None`
    /// for a test.
    pub first_undecided: Option<CellName>,
    /// The files: `tests/{name}.rs` for a test; `tests/ui/{name}.rs`, `tests/ui/{name}.stderr`
    /// and `tests/ui.rs` for a compile-fail case.
    pub files: Vec<ExportFile>,
    /// One line for people, e.g. `fragment leaves R1C1 undecided (it decides 0 of 3 hidden
    /// cells): a compile-fail case`.
    pub summary: String,
}

/// Why [`export`] wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// The name is not a snake_case identifier stem of at most [`MAX_NAME_LEN`] characters
    /// (`[a-z][a-z0-9_]*`), or is one that cannot name the files (a Rust keyword, or `ui`, the
    /// trybuild driver's name); the message says which.
    Name(String),
    /// The answer does not fit the puzzle (or [`complete`] ran out of its budget deciding
    /// whether the board has one solution).
    Solve(SolveError),
    /// The board is too wide for its compile-fail error to be predicted: rustc shortens source
    /// lines longer than [`DIAGNOSTIC_WIDTH`] characters in its errors, and a puzzle row of
    /// more than [`MAX_COMPILE_FAIL_COLS`] cells is written on a longer line.
    TooWide {
        /// The board's columns.
        cols: usize,
    },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Name(m) => f.write_str(m),
            ExportError::Solve(e) => e.fmt(f),
            ExportError::TooWide { cols } => write!(
                f,
                "a board {} wide is too wide for a compile-fail case whose error can be \
                 predicted (at most {MAX_COMPILE_FAIL_COLS})",
                plural(cols, "column")
            ),
        }
    }
}

impl std::error::Error for ExportError {}

impl From<SolveError> for ExportError {
    fn from(e: SolveError) -> ExportError {
        ExportError::Solve(e)
    }
}

/// The longest name [`export`] takes.
pub const MAX_NAME_LEN: usize = 64;

/// The most columns a compile-fail case can have: its puzzle rows, written 12 spaces in (as in
/// `fn main`), then fit in [`DIAGNOSTIC_WIDTH`] characters.
pub const MAX_COMPILE_FAIL_COLS: usize = (DIAGNOSTIC_WIDTH - ROW_INDENT - 1) / 2;

/// The indentation of a puzzle row in the files [`export`] writes (`solve_call_at` in a
/// function body).
const ROW_INDENT: usize = 12;

/// The words Rust reserves, in any edition: none can name a test function.
const KEYWORDS: [&str; 51] = [
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// Checks a name for [`export`]: `[a-z][a-z0-9_]*`, at most [`MAX_NAME_LEN`] characters, not a
/// Rust keyword (it names a function) and not `ui` (`tests/ui.rs` is the trybuild driver).
///
/// ```
/// use typesweeper::codegen::check_name;
/// assert!(check_name("game_7_move_12").is_ok());
/// assert!(check_name("Game7").is_err());
/// assert!(check_name("loop").is_err());
/// ```
pub fn check_name(name: &str) -> Result<(), ExportError> {
    let bad = |why: String| Err(ExportError::Name(format!("bad name `{name}`: {why}")));
    let mut chars = name.chars();
    match chars.next() {
        None => return Err(ExportError::Name("the name is empty".to_string())),
        Some(c) if !c.is_ascii_lowercase() => {
            return bad("it must start with a letter from a to z".to_string())
        }
        Some(_) => {}
    }
    if let Some(c) = chars.find(|&c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')) {
        return bad(format!("{c:?} is not a letter from a to z, a digit or `_`"));
    }
    if name.len() > MAX_NAME_LEN {
        return bad(format!(
            "{} long, at most {MAX_NAME_LEN}",
            plural(name.len(), "character")
        ));
    }
    if KEYWORDS.contains(&name) {
        return bad("a Rust keyword cannot name the test".to_string());
    }
    if name == "ui" {
        return bad("`tests/ui.rs` is the trybuild driver".to_string());
    }
    Ok(())
}

/// The files that check the position `puzzle` (with full layout `answer`) at `level` in a
/// crate of edition 2021 or earlier; [`export_for`] with [`Edition::E2021`].
///
/// When `level` finishes the board, one file: `tests/{name}.rs`, a `#[test] fn {name}()` whose
/// `solve!` call rustc solves while compiling it, checked against the answer. Otherwise a
/// trybuild compile-fail case: `tests/ui/{name}.rs` (a `fn main` with the `solve!` call),
/// `tests/ui/{name}.stderr` (the one error rustc gives for it, [`predicted_stderr`]) and the
/// driver `tests/ui.rs`. The crate needs typesweeper as a dependency, and trybuild for the
/// compile-fail cases.
///
/// `level` is [`Level::Fragment`] (`solve!`'s default), [`Level::Pairs`] (`level: pairs`) or
/// [`Level::Complete`] (`level: complete`). `name` must pass [`check_name`].
/// An answer that does not fit the puzzle is an error, as is a board too wide for its
/// compile-fail error to be predicted ([`ExportError::TooWide`]).
///
/// ```
/// use typesweeper::board::Board;
/// use typesweeper::codegen::{export, ExportKind};
/// use typesweeper::runtime::generator::Level;
///
/// let puzzle: Board = "? ? ?\n1 2 1".parse().unwrap();
/// let answer: Board = "x 2 x\n1 2 1".parse().unwrap();
///
/// let stuck = export(&puzzle, &answer, Level::Fragment, "one_two_one").unwrap();
/// assert_eq!(stuck.kind, ExportKind::CompileFail);
/// let paths: Vec<&str> = stuck.files.iter().map(|f| f.path.as_str()).collect();
/// assert_eq!(paths, ["tests/ui/one_two_one.rs", "tests/ui/one_two_one.stderr", "tests/ui.rs"]);
/// assert!(stuck.files[1].contents.starts_with(
///     "error[E0277]: the rules cannot decide cell R1C1\n --> tests/ui/one_two_one.rs:9:14\n"
/// ));
///
/// let solved = export(&puzzle, &answer, Level::Pairs, "one_two_one").unwrap();
/// assert_eq!(solved.kind, ExportKind::Test);
/// assert_eq!(solved.files[0].path, "tests/one_two_one.rs");
/// assert!(solved.files[0].contents.contains("#[test]\nfn one_two_one() {"));
/// assert!(solved.summary.starts_with("pairs decides all 3 hidden cells"));
/// ```
pub fn export(
    puzzle: &Board,
    answer: &Board,
    level: Level,
    name: &str,
) -> Result<Export, ExportError> {
    export_for(puzzle, answer, level, name, Edition::E2021)
}

/// As [`export`], for a crate of the given edition (which shows in a compile-fail case's error).
pub fn export_for(
    puzzle: &Board,
    answer: &Board,
    level: Level,
    name: &str,
    edition: Edition,
) -> Result<Export, ExportError> {
    export_within(
        puzzle,
        answer,
        level,
        name,
        edition,
        &complete::Budget::default(),
    )
}

/// As [`export_for`], with [`complete`]'s work within `budget` instead of its default (a server
/// bounds each request this way); fails with [`ExportError::Solve`] holding
/// [`SolveError::OutOfBudget`] when that runs out.
///
/// ```
/// use typesweeper::codegen::{export_within, Edition, ExportError};
/// use typesweeper::runtime::complete::Budget;
/// use typesweeper::runtime::generator::Level;
///
/// let puzzle = "? ? ?\n1 2 1".parse().unwrap();
/// let answer = "x 2 x\n1 2 1".parse().unwrap();
/// let e2024 = Edition::E2024;
/// assert!(export_within(&puzzle, &answer, Level::Pairs, "t", e2024, &Budget::default()).is_ok());
/// let starved = export_within(&puzzle, &answer, Level::Fragment, "t", e2024, &Budget::new(0));
/// assert!(matches!(starved, Err(ExportError::Solve(_))));
/// ```
pub fn export_within(
    puzzle: &Board,
    answer: &Board,
    level: Level,
    name: &str,
    edition: Edition,
    budget: &complete::Budget,
) -> Result<Export, ExportError> {
    check_name(name)?;
    let given = Given::answer(answer);
    let deduction = match level {
        Level::Fragment => fragment::solve(puzzle, given)?,
        Level::Pairs => pairs::solve(puzzle, given)?,
        Level::Complete => complete::solve_all_within(puzzle, given, budget)?,
    };
    let finishes = deduction.is_solved();
    // At `complete` the deduction is complete's own: no second run.
    let complete_finishes = finishes
        || (level != Level::Complete
            && complete::solve_all_within(puzzle, given, budget)?.is_solved());
    let view = level_view(level, puzzle, &deduction, complete_finishes);
    let hidden = puzzle
        .cells()
        .iter()
        .filter(|&&c| c == Cell::Unknown)
        .count();
    let header = header(puzzle, answer);
    let (kind, files, summary) = match view.first_undecided {
        None => {
            let path = format!("tests/{name}.rs");
            let contents = test_file(&header, puzzle, answer, level, name, hidden);
            let summary = format!("{level} {}: a test that compiles", decides_all(hidden));
            (
                ExportKind::Test,
                vec![ExportFile { path, contents }],
                summary,
            )
        }
        Some(cell) => {
            if puzzle.cols() > MAX_COMPILE_FAIL_COLS {
                return Err(ExportError::TooWide {
                    cols: puzzle.cols(),
                });
            }
            let path = format!("tests/ui/{name}.rs");
            let source = compile_fail_file(&header, puzzle, answer, level, view.expect, cell);
            let stderr = predicted_stderr(level, edition, cell, &path, &source)
                .expect("the file holds the puzzle row and its `?`");
            let summary = format!(
                "{level} leaves {cell} undecided (it decides {} of {}): a compile-fail case",
                view.decided,
                plural(hidden, "hidden cell")
            );
            let files = vec![
                ExportFile {
                    path,
                    contents: source,
                },
                ExportFile {
                    path: format!("tests/ui/{name}.stderr"),
                    contents: stderr,
                },
                ExportFile {
                    path: "tests/ui.rs".to_string(),
                    contents: UI_DRIVER.to_string(),
                },
            ];
            (ExportKind::CompileFail, files, summary)
        }
    };
    Ok(Export {
        kind,
        level,
        edition,
        expect: view.expect,
        first_undecided: view.first_undecided,
        files,
        summary,
    })
}

/// `tests/ui.rs`: trybuild's driver, compiling every `tests/ui/*.rs` and comparing its errors
/// with the `.stderr` beside it.
pub const UI_DRIVER: &str = r#"//! Boards that must not compile: each `tests/ui/*.rs` must fail with exactly the error in the
//! `.stderr` file beside it.

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
"#;

/// `tests/{name}.rs`, a position the level finishes. `{header}` is a line of its own.
const TEST_FILE: &str = r#"//! A position of a typesweeper game ({size}, {hidden} hidden), exported as a Rust
//! test: the compile-time rules at `level: {level}` decide every hidden cell while rustc
//! compiles it.

{header}
/// rustc solves the position while compiling this test; the test checks the answer.
#[test]
fn {name}() {
    let solved = {solve_call};
    assert_eq!(solved.to_string(), "{expected}");
}
"#;

/// `tests/ui/{name}.rs`, a position the level leaves `{cell}` undecided in (`{solved}` is the
/// file's own, not a placeholder).
const COMPILE_FAIL_FILE: &str = r#"// This position ({size}) {why}: rustc must fail, naming {cell}, the first cell the rules leave undecided.
// Exported from a typesweeper game; the `.stderr` file beside it holds the error.

{header}
fn main() {
    let solved = {solve_call};
    println!("{solved}");
}
"#;

/// `decides all 40 hidden cells`, in words that fit any count.
fn decides_all(hidden: usize) -> String {
    match hidden {
        0 => "has no hidden cell to decide".to_string(),
        1 => "decides the 1 hidden cell".to_string(),
        n => format!("decides all {n} hidden cells"),
    }
}

/// The attribute line at the top of an exported file: `#![recursion_limit = "N"]`, with the limit
/// [`recursion_limit`] gives for the board.
fn header(puzzle: &Board, answer: &Board) -> String {
    let board = Generated {
        seed: 0,
        puzzle: puzzle.clone(),
        answer: answer.clone(),
    };
    let limit = recursion_limit(std::slice::from_ref(&board));
    format!("#![recursion_limit = \"{limit}\"]\n")
}

/// The size of a board in words: `9x9 with 10 mines`.
fn size(answer: &Board) -> String {
    format!(
        "{}x{} with {}",
        answer.rows(),
        answer.cols(),
        plural(answer.mine_count(), "mine")
    )
}

/// `tests/{name}.rs` for a position `level` finishes.
fn test_file(
    header: &str,
    puzzle: &Board,
    answer: &Board,
    level: Level,
    name: &str,
    hidden: usize,
) -> String {
    fill(
        TEST_FILE,
        &[
            ("size", &size(answer)),
            ("hidden", &plural(hidden, "cell")),
            ("level", level.name()),
            ("header", header),
            ("name", name),
            ("solve_call", &solve_call_at(level, puzzle, answer, "    ")),
            ("expected", &answer.to_string().replace('\n', "\\n")),
        ],
    )
}

/// `tests/ui/{name}.rs` for a position `level` leaves `cell` undecided in.
fn compile_fail_file(
    header: &str,
    puzzle: &Board,
    answer: &Board,
    level: Level,
    expect: Expect,
    cell: CellName,
) -> String {
    let why = match (expect, level) {
        (_, Level::Complete) => "needs a guess: some layouts that fit what is shown put a mine on a cell where others do not",
        (Expect::Ambiguous, _) => "has more than one solution",
        (_, Level::Pairs) => {
            "has one solution, but not one that numbers alone and side by side in pairs reach"
        }
        _ => "has one solution, but not one that one number at a time reaches",
    };
    fill(
        COMPILE_FAIL_FILE,
        &[
            ("size", &size(answer)),
            ("why", why),
            ("cell", &cell.to_string()),
            ("header", header),
            ("solve_call", &solve_call_at(level, puzzle, answer, "    ")),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codegen::cell_position;
    use crate::runtime::compile_view::compile_view;
    use crate::runtime::generator::expect_at;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// The adversarial board 700012 (16x16/40, dealt as `gen` deals, seed 1167): it needs a
    /// guess, and 44 cells are undecided when the local rules stop.
    fn adversarial_700012() -> (Board, Board) {
        let text = include_str!("../../tests/adversarial/complete_boards.txt");
        let blocks = crate::board::corpus::parse_blocks(text).unwrap();
        let block = blocks
            .into_iter()
            .find(|b| b.name().starts_with("board 700012 "))
            .expect("adversarial board 700012");
        (block.puzzle, block.answer.expect("its answer"))
    }

    fn file<'a>(export: &'a Export, path: &str) -> &'a str {
        &export
            .files
            .iter()
            .find(|f| f.path == path)
            .unwrap_or_else(|| panic!("no {path} in {:?}", export.files))
            .contents
    }

    #[test]
    fn one_two_one_needs_pairs() {
        let (puzzle, answer) = (board("? ? ?\n1 2 1"), board("x 2 x\n1 2 1"));
        assert_eq!(
            fragment::undecided_cells(&puzzle, &answer).unwrap()[0],
            (1, 1)
        );
        assert!(pairs::undecided_cells(&puzzle, &answer).unwrap().is_empty());

        let stuck = export(&puzzle, &answer, Level::Fragment, "one_two_one").unwrap();
        assert_eq!(stuck.kind, ExportKind::CompileFail);
        assert_eq!(stuck.expect, Expect::Stuck);
        assert_eq!(stuck.first_undecided, Some(CellName { row: 0, col: 0 }));
        assert_eq!(
            stuck.summary,
            "fragment leaves R1C1 undecided (it decides 0 of 3 hidden cells): a compile-fail case"
        );
        let source = file(&stuck, "tests/ui/one_two_one.rs");
        assert!(
            source.contains("not one that one number at a time reaches"),
            "{source}"
        );
        assert!(
            source.contains("#![recursion_limit = \"512\"]\n"),
            "{source}"
        );
        assert!(!source.contains("level:"), "{source}");
        assert_eq!(file(&stuck, "tests/ui.rs"), UI_DRIVER);
        let stderr = file(&stuck, "tests/ui/one_two_one.stderr");
        assert!(
            stderr.contains("= help: the trait `Decided<1, 1, _, ()>`"),
            "{stderr}"
        );

        let solved = export(&puzzle, &answer, Level::Pairs, "one_two_one").unwrap();
        assert_eq!(solved.kind, ExportKind::Test);
        assert_eq!(
            (solved.expect, solved.first_undecided),
            (Expect::Solved, None)
        );
        assert_eq!(solved.files.len(), 1);
        let test = file(&solved, "tests/one_two_one.rs");
        assert!(test.contains("    let solved = typesweeper::solve! {\n        level: pairs\n"));
        assert!(test.contains("assert_eq!(solved.to_string(), \"x 2 x\\n1 2 1\");"));
        assert_eq!(
            solved.summary,
            "pairs decides all 3 hidden cells: a test that compiles"
        );
    }

    #[test]
    fn the_stderr_is_the_corpus_one() {
        // ui-tests/corpus/game_6.rs is what export writes for game 6, but for its comments.
        let (puzzle, answer) = (board("? ?"), board("x 1"));
        let out = export(&puzzle, &answer, Level::Fragment, "game_6").unwrap();
        assert_eq!(out.expect, Expect::Ambiguous);
        let corpus = include_str!("../../ui-tests/corpus/game_6.stderr");
        let stderr = file(&out, "tests/ui/game_6.stderr");
        assert_eq!(
            stderr.replace("tests/ui/game_6.rs", "ui-tests/corpus/game_6.rs"),
            corpus
        );
        let source = file(&out, "tests/ui/game_6.rs");
        assert!(
            source.contains("has more than one solution: rustc must fail"),
            "{source}"
        );
        // And at pairs, with the corpus's own pairs snapshot as the model.
        let corpus = include_str!("../../ui-tests/corpus/pairs_board_500000_9x9_10.stderr");
        let path = "ui-tests/corpus/pairs_board_500000_9x9_10.rs";
        let source = include_str!("../../ui-tests/corpus/pairs_board_500000_9x9_10.rs");
        let cell = CellName { row: 0, col: 2 };
        assert_eq!(
            predicted_stderr(Level::Pairs, Edition::E2021, cell, path, source).as_deref(),
            Some(corpus)
        );
        let in_2024 = predicted_stderr(Level::Pairs, Edition::E2024, cell, path, source).unwrap();
        assert_eq!(in_2024.replace(", !>` is not", ", ()>` is not"), corpus);
        assert_ne!(in_2024, corpus);
        // And at complete, with the corpus's own complete snapshot as the model.
        let corpus = include_str!("../../ui-tests/complete/stuck_board_600008_9x9_10.stderr");
        let path = "ui-tests/complete/stuck_board_600008_9x9_10.rs";
        let source = include_str!("../../ui-tests/complete/stuck_board_600008_9x9_10.rs");
        let cell = CellName { row: 0, col: 2 };
        assert_eq!(
            predicted_stderr(Level::Complete, Edition::E2021, cell, path, source).as_deref(),
            Some(corpus)
        );
    }

    #[test]
    fn the_corpus_snapshots_are_predicted() {
        // Every fragment snapshot of the corpus, from its file and the cell it names.
        let cases = [
            (
                "board_1_16x16_40",
                13,
                13,
                include_str!("../../ui-tests/corpus/board_1_16x16_40.rs"),
                include_str!("../../ui-tests/corpus/board_1_16x16_40.stderr"),
            ),
            (
                "board_2_16x30_99",
                0,
                18,
                include_str!("../../ui-tests/corpus/board_2_16x30_99.rs"),
                include_str!("../../ui-tests/corpus/board_2_16x30_99.stderr"),
            ),
            (
                "board_5_9x9_10",
                7,
                0,
                include_str!("../../ui-tests/corpus/board_5_9x9_10.rs"),
                include_str!("../../ui-tests/corpus/board_5_9x9_10.stderr"),
            ),
            (
                "board_9_9x9_10",
                0,
                8,
                include_str!("../../ui-tests/corpus/board_9_9x9_10.rs"),
                include_str!("../../ui-tests/corpus/board_9_9x9_10.stderr"),
            ),
        ];
        for (name, row, col, source, stderr) in cases {
            let path = format!("ui-tests/corpus/{name}.rs");
            let cell = CellName { row, col };
            assert_eq!(
                predicted_stderr(Level::Fragment, Edition::E2021, cell, &path, source).as_deref(),
                Some(stderr),
                "{name}"
            );
        }
    }

    #[test]
    fn the_error_of_a_later_row() {
        // The 0s decide the 1s; the two 1s leave one mine for the two cells below them.
        let (puzzle, answer) = (board("0 0\n? ?\n? ?"), board("0 0\n1 1\nx 1"));
        // `level: pairs` takes a line of its own before the puzzle.
        for (level, gate, line) in [
            (Level::Fragment, "Decided", 11),
            (Level::Pairs, "DecidedByPairs", 12),
        ] {
            let out = export(&puzzle, &answer, level, "bottom_row").unwrap();
            assert_eq!(out.first_undecided, Some(CellName { row: 2, col: 0 }));
            assert_eq!(out.expect, Expect::Ambiguous);
            let source = file(&out, "tests/ui/bottom_row.rs");
            let lines: Vec<&str> = source.lines().collect();
            assert_eq!(lines[line - 1], "            [? ?]", "{source}");
            assert_eq!(lines[line - 4].trim(), "puzzle: [", "{source}");
            let stderr = file(&out, "tests/ui/bottom_row.stderr");
            let (_, note) = stderr.split_once("= note: ").unwrap();
            let note = note.lines().next().unwrap();
            let want = format!(
                "error[E0277]: the rules cannot decide cell R3C1
  --> tests/ui/bottom_row.rs:{line}:14
   |
{line} |             [? ?]
   |              ^ the first cell, in reading order, that the rules leave undecided
   |
   = help: the trait `{gate}<3, 1, _, ()>` is not implemented for `typesweeper::Open`
   = note: {note}
   = note: to list every undecided cell, paste this `solve!` call into a file and run `typesweeper solve FILE`
note: required by a bound in `row_3`
  --> tests/ui/bottom_row.rs:{line}:14
   |
{line} |             [? ?]
   |              ^ required by this bound in `row_3`
"
            );
            assert_eq!(stderr, want);
            assert_eq!(
                note.contains("`level: pairs`"),
                level == Level::Pairs,
                "{note}"
            );
        }
    }

    #[test]
    fn caret_positions_on_generated_positions() {
        use crate::runtime::game::{Config, Game};
        use crate::runtime::layout::FirstClick;
        let mut seen = 0;
        for seed in 0..20 {
            let mut game = Game::new(Config::new(9, 9, 10, FirstClick::Zero), seed).unwrap();
            game.open(1, 1).unwrap();
            let (puzzle, answer) = (game.visible(), game.answer().unwrap());
            for level in [Level::Fragment, Level::Pairs] {
                let out = export(&puzzle, &answer, level, "position").unwrap();
                assert_eq!(out.expect, expect_at(level, &puzzle, &answer).unwrap());
                let Some(cell) = out.first_undecided else {
                    assert_eq!(out.kind, ExportKind::Test);
                    continue;
                };
                seen += 1;
                assert_eq!(out.kind, ExportKind::CompileFail);
                assert_eq!(puzzle.get(cell.row, cell.col), Cell::Unknown);
                let source = file(&out, "tests/ui/position.rs");
                let stderr = file(&out, "tests/ui/position.stderr");
                let (line, col, _) = cell_position(source, cell).unwrap();
                let at = format!("--> tests/ui/position.rs:{line}:{col}\n");
                assert_eq!(stderr.matches(&at).count(), 2, "{stderr}");
                let text = source.lines().nth(line - 1).unwrap();
                assert_eq!(text.chars().nth(col - 1), Some('?'), "{text}");
                // The cells before it on its line are the puzzle's row, in order.
                let before: String = text
                    .chars()
                    .take(col - 1)
                    .filter(|c| !c.is_whitespace())
                    .collect();
                let row: String = (0..cell.col)
                    .map(|c| puzzle.get(cell.row, c).to_char())
                    .collect();
                assert_eq!(before, format!("[{row}"));
            }
        }
        assert!(seen > 0, "no position was stuck");
    }

    #[test]
    fn names() {
        for good in ["a", "game_7_move_12", "x9", "a_", &"a".repeat(MAX_NAME_LEN)] {
            assert_eq!(check_name(good), Ok(()), "{good}");
        }
        let long = "a".repeat(MAX_NAME_LEN + 1);
        for bad in [
            "", "_a", "9a", "Game", "game-7", "game 7", "gäme", "a.rs", "ui", "fn", "gen", "self",
            &long,
        ] {
            assert!(
                matches!(check_name(bad), Err(ExportError::Name(_))),
                "{bad}"
            );
        }
        assert_eq!(
            check_name("game-7").unwrap_err().to_string(),
            "bad name `game-7`: '-' is not a letter from a to z, a digit or `_`"
        );
        let (puzzle, answer) = (board("? 1"), board("x 1"));
        let e = export(&puzzle, &answer, Level::Fragment, "Game").unwrap_err();
        assert!(matches!(e, ExportError::Name(_)), "{e}");
    }

    #[test]
    fn bad_input_is_an_error() {
        // `level: complete` refuses no board: a position that needs a guess with 44 cells
        // undecided when the local rules stop exports as a compile-fail case.
        let (puzzle, answer) = adversarial_700012();
        let out = export(&puzzle, &answer, Level::Complete, "a").unwrap();
        assert_eq!(out.kind, ExportKind::CompileFail);
        let puzzle = board("? ? ?\n1 2 1");
        // Answers that do not fit: a shown number differs, another shape, an inconsistent count.
        for answer in ["x 2 x\n1 2 2", "x 2 x", "x 2 x\n1 1 1", "x 0 x\n1 2 1"] {
            let answer = board(answer);
            for level in [Level::Fragment, Level::Pairs] {
                let e = export(&puzzle, &answer, level, "a").unwrap_err();
                assert!(matches!(e, ExportError::Solve(_)), "{e}");
            }
            assert!(compile_view(&puzzle, &answer).is_err());
        }
        // Too wide for a compile-fail case, not for a test.
        let row = |n: usize, cell: &str| vec![cell; n].join(" ");
        let stuck = |n: usize| {
            (
                board(&row(n, "?")),
                board(&format!("x 1 {}", row(n - 2, "0"))),
            )
        };
        let (puzzle, answer) = stuck(MAX_COMPILE_FAIL_COLS);
        let out = export(&puzzle, &answer, Level::Fragment, "wide").unwrap();
        let longest = out.files[0].contents.lines().map(str::len).max();
        assert_eq!(longest, Some(DIAGNOSTIC_WIDTH - 1));
        let (puzzle, answer) = stuck(MAX_COMPILE_FAIL_COLS + 1);
        let e = export(&puzzle, &answer, Level::Fragment, "wide").unwrap_err();
        assert_eq!(e, ExportError::TooWide { cols: 64 });
        let zeros = board(&row(600, "0"));
        let out = export(&zeros, &zeros, Level::Pairs, "wide").unwrap();
        assert_eq!(out.kind, ExportKind::Test);
        assert_eq!(
            out.summary,
            "pairs has no hidden cell to decide: a test that compiles"
        );
        // A row of 600 cells needs a recursion limit over 600.
        assert!(out.files[0]
            .contents
            .contains("#![recursion_limit = \"612\"]\n"));
    }
}
