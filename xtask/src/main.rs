//! Project chores.
//!
//! `cargo run -p xtask -- corpus-tests` regenerates the compile-time corpus tests from
//! `tests/corpus/*.txt`: `tests/corpus_games.rs`, `tests/corpus_fragment_boards.rs`,
//! `tests/corpus_pairs_boards.rs` (at `level: pairs`), the
//! ambiguous and stuck cases under `ui-tests/corpus/`, and `level: complete`'s corpus
//! (`tests/corpus/complete_boards.txt`, `tests/adversarial/complete_boards.txt`) as one file a
//! board: those that must fail under `ui-tests/complete/`, those that must compile under
//! `tests/must-compile/complete/`. trybuild writes the `.stderr` files of the cases that must
//! fail: `TRYBUILD=overwrite cargo test --test ui -- --include-ignored`. Files of those folders
//! that no corpus board generates any more are removed. `cargo run -p xtask -- corpus-tests
//! --check` fails when a generated file is out of date or missing, or when one of those folders
//! holds a file that is not generated (or a `.stderr` of one); the unit test below runs that
//! check.
//!
//! `cargo run --release -p xtask -- bench-compile [--runs N] [--level fragment|pairs] [SIZE ...]` is the compile-time
//! benchmark of the local levels (see `bench_compile.rs`);
//! `cargo run --release -p xtask -- bench-compile --level complete [--games N] [--runs N] [--next] [SIZE ...]`
//! times `level: complete` on whole games, under either trait solver (see `bench_complete.rs`).
//!
//! `cargo run --release -p xtask -- finish-rates [--boards N]` prints how often each level
//! finishes a random board (see `finish_rates.rs`).
//!
//! `cargo run --release -p xtask -- ra-check [--ra PATH] [SET ...]` runs rust-analyzer, the
//! editor's checker, on scratch crates of boards and reports what it says (see `ra_check.rs`).
//!
//! `cargo run --release -p xtask -- jsminesweeper --sources DIR ...` plays D. Hill's JSMinesweeper
//! (a local copy of its sources, outside this repository) on typesweeper's boards and records its
//! results for `typesweeper bench --against` (see `jsminesweeper.rs`).

mod bench_compile;
mod bench_complete;
mod finish_rates;
mod jsminesweeper;
mod ra_check;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use typesweeper::runtime::generator::Level;
use typesweeper_board::corpus::{parse_blocks, Block, Expect};
use typesweeper_board::Board;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["corpus-tests"] => {
            let files = generated(&root());
            for (path, text) in &files {
                std::fs::create_dir_all(path.parent().unwrap()).expect("make the folder");
                std::fs::write(path, text).expect("write generated file");
                println!("wrote {}", path.display());
            }
            for path in extra_files(&root(), &files) {
                std::fs::remove_file(&path).expect("remove a file no board generates");
                println!("removed {}", path.display());
            }
            // Format like the rest of the tree; the up-to-date check ignores white space.
            let status = std::process::Command::new("cargo")
                .args(["fmt", "--all"])
                .current_dir(root())
                .status();
            if !matches!(status, Ok(s) if s.success()) {
                eprintln!("note: `cargo fmt --all` failed; run it before committing");
            }
            ExitCode::SUCCESS
        }
        ["corpus-tests", "--check"] => {
            let stale = stale_files(&root());
            for p in &stale {
                eprintln!(
                    "out of date or not generated: {} (run `cargo run -p xtask -- corpus-tests`)",
                    p.display()
                );
            }
            if stale.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        ["bench-compile", "--level", "complete", ref rest @ ..] => {
            let (mut games, mut runs, mut next, mut sizes) = (5, 3, false, Vec::new());
            let mut it = rest.iter();
            while let Some(arg) = it.next() {
                match *arg {
                    "--games" => match positive_after("--games", it.next()) {
                        Ok(n) => games = n,
                        Err(code) => return code,
                    },
                    "--runs" => match positive_after("--runs", it.next()) {
                        Ok(n) => runs = n,
                        Err(code) => return code,
                    },
                    "--next" => next = true,
                    label if bench_compile::SIZES.iter().any(|s| s.label == label) => {
                        sizes.push(label.to_string())
                    }
                    other => {
                        eprintln!(
                            "{other}: not an option or a size\nusage: {}",
                            bench_complete::USAGE
                        );
                        return ExitCode::from(2);
                    }
                }
            }
            bench_complete::run(&bench_compile::repo_root(), games, runs, next, &sizes);
            ExitCode::SUCCESS
        }
        ["bench-compile", ref rest @ ..] => {
            let mut runs = 5;
            let mut level = Level::Fragment;
            let mut sizes = Vec::new();
            let mut it = rest.iter();
            while let Some(arg) = it.next() {
                match *arg {
                    "--level" => match it.next().copied() {
                        Some("fragment") => level = Level::Fragment,
                        Some("pairs") => level = Level::Pairs,
                        _ => {
                            eprintln!("--level needs `fragment`, `pairs` or `complete` (first: `bench-compile --level complete ...`)");
                            return ExitCode::from(2);
                        }
                    },
                    "--runs" => match positive_after("--runs", it.next()) {
                        Ok(n) => runs = n,
                        Err(code) => return code,
                    },
                    label
                        if label == bench_compile::GAMES
                            || bench_compile::SIZES.iter().any(|s| s.label == label) =>
                    {
                        sizes.push(label.to_string())
                    }
                    other => {
                        eprintln!("unknown size `{other}`; sizes: {}", bench_compile::labels());
                        return ExitCode::from(2);
                    }
                }
            }
            bench_compile::run(&bench_compile::repo_root(), runs, &sizes, level);
            ExitCode::SUCCESS
        }
        ["finish-rates"] => {
            finish_rates::run(None);
            ExitCode::SUCCESS
        }
        ["finish-rates", "--boards", n] => match positive_after("--boards", Some(&n)) {
            Ok(n) => {
                finish_rates::run(Some(n));
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        ["ra-check", ref rest @ ..] => {
            let (mut ra, mut only) = (None, Vec::new());
            let mut it = rest.iter();
            while let Some(arg) = it.next() {
                match *arg {
                    "--ra" => match it.next() {
                        Some(path) => ra = Some(PathBuf::from(path)),
                        None => {
                            eprintln!("--ra needs a path\nusage: {}", ra_check::USAGE);
                            return ExitCode::from(2);
                        }
                    },
                    set => only.push(set.to_string()),
                }
            }
            match ra_check::run(ra, &only) {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::FAILURE,
                Err(e) => {
                    eprintln!("ra-check: {e}");
                    ExitCode::from(2)
                }
            }
        }
        ["jsminesweeper", ref rest @ ..] => match jsminesweeper::parse(rest) {
            Ok(options) => match jsminesweeper::run(&options) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("jsminesweeper: {e}");
                    ExitCode::FAILURE
                }
            },
            Err(e) => {
                eprintln!("jsminesweeper: {e}\nusage: {}", jsminesweeper::USAGE);
                ExitCode::from(2)
            }
        },
        _ => {
            eprintln!("usage: cargo run -p xtask -- corpus-tests [--check]");
            eprintln!("       cargo run --release -p xtask -- bench-compile [--runs N] [--level fragment|pairs] [SIZE ...]");
            eprintln!("       {}", bench_complete::USAGE);
            eprintln!("       cargo run --release -p xtask -- finish-rates [--boards N]");
            eprintln!("       {}", jsminesweeper::USAGE);
            eprintln!("       {}", ra_check::USAGE);
            ExitCode::from(2)
        }
    }
}

/// The positive number given after `flag` (`value`, the argument after it); otherwise a usage
/// error naming the flag, and exit code 2.
fn positive_after<T>(flag: &str, value: Option<&&str>) -> Result<T, ExitCode>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
{
    match value.and_then(|v| v.parse::<T>().ok()) {
        Some(n) if n > T::from(0) => Ok(n),
        _ => {
            eprintln!("{flag} needs a positive number");
            Err(ExitCode::from(2))
        }
    }
}

/// `R3C3` (1-based) as a 0-based (row, column).
fn parse_cell(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("a cell is written like R3C3 (row 3, column 3), not `{text}`");
    let rest = text.strip_prefix(['R', 'r']).ok_or_else(bad)?;
    let (row, col) = rest.split_once(['C', 'c']).ok_or_else(bad)?;
    let number = |s: &str| match s.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n - 1),
        _ => Err(bad()),
    };
    Ok((number(row)?, number(col)?))
}

/// The cell the first gate error in `log` (rustc's output, or a `.stderr`) names, as written
/// there: `R1C3` for "the rules cannot decide cell R1C3".
fn undecided_cell(log: &str) -> Option<&str> {
    let rest = log.split("cannot decide cell ").nth(1)?;
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    Some(&rest[..end])
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The folders that hold only generated cases (with the `.stderr` files trybuild writes for
/// those that must fail), from the repository's root.
const GENERATED_DIRS: [&str; 3] = [
    "ui-tests/corpus",
    "ui-tests/complete",
    "tests/must-compile/complete",
];

/// The generated files that are missing or out of date, and the files of [`GENERATED_DIRS`]
/// that are not generated ([`extra_files`]).
fn stale_files(root: &Path) -> Vec<PathBuf> {
    let files = generated(root);
    let mut stale: Vec<PathBuf> = files
        .iter()
        .filter(|(path, text)| {
            let on_disk = std::fs::read_to_string(path).unwrap_or_default();
            squeeze(&on_disk) != squeeze(text)
        })
        .map(|(path, _)| path.clone())
        .collect();
    stale.extend(extra_files(root, &files));
    stale
}

/// The files of [`GENERATED_DIRS`] that `files` does not account for: a case no corpus board
/// generates (one left where a case used to be, or a board's old name), or a `.stderr` whose
/// case is not generated. Only a case that must fail, under `ui-tests/`, has a `.stderr`.
fn extra_files(root: &Path, files: &[(PathBuf, String)]) -> Vec<PathBuf> {
    let generated: std::collections::HashSet<&Path> =
        files.iter().map(|(path, _)| path.as_path()).collect();
    let mut extra = Vec::new();
    for dir in GENERATED_DIRS {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("read the folder").path();
            let accounted = match path.extension().and_then(|e| e.to_str()) {
                Some("rs") => generated.contains(path.as_path()),
                Some("stderr") => {
                    dir.starts_with("ui-tests/")
                        && generated.contains(path.with_extension("rs").as_path())
                }
                _ => false,
            };
            if !accounted {
                extra.push(path);
            }
        }
    }
    extra.sort();
    extra
}

/// The text without white space: generated files are compared modulo formatting.
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

fn read_corpus(root: &Path, name: &str) -> Vec<Block> {
    read_boards(root, &Path::new("tests/corpus").join(name))
}

/// The labelled blocks of the board file at `path` (from the repository's root).
fn read_boards(root: &Path, path: &Path) -> Vec<Block> {
    let path = root.join(path);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let blocks = parse_blocks(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for b in &blocks {
        assert!(
            b.expect.is_some() && b.answer.is_some(),
            "{}: block at line {} lacks expect or answer",
            path.display(),
            b.line
        );
    }
    blocks
}

/// Every generated file with its contents.
fn generated(root: &Path) -> Vec<(PathBuf, String)> {
    let games = read_corpus(root, "mineunifier_games.txt");
    let boards = read_corpus(root, "fragment_boards.txt");
    let pairs = read_corpus(root, "pairs_boards.txt");
    // The complete corpus, and boards made to be hard for `level: complete`'s search.
    let mut complete = read_corpus(root, "complete_boards.txt");
    complete.extend(read_boards(
        root,
        Path::new("tests/adversarial/complete_boards.txt"),
    ));
    let mut out = vec![
        (
            root.join("tests/corpus_games.rs"),
            test_file(
                "The solvable games of the Haskell original (tests/corpus/mineunifier_games.txt),\n//! solved by rustc at compile time.",
                games.iter().filter(|e| e.expect == Some(Expect::Solved)),
            ),
        ),
        (
            root.join("tests/corpus_fragment_boards.rs"),
            test_file(
                "The `expect: solved` random boards of tests/corpus/fragment_boards.txt, solved by\n//! rustc at compile time.",
                boards.iter().filter(|e| e.expect == Some(Expect::Solved)),
            ),
        ),
        (
            root.join("tests/corpus_pairs_boards.rs"),
            test_file_at(
                "The `expect: solved` random boards of tests/corpus/pairs_boards.txt, solved by rustc\n//! at compile time with `level: pairs` (each needs it: `fragment` cannot finish them).",
                pairs.iter().filter(|e| e.expect == Some(Expect::Solved)),
                Some("pairs"),
            ),
        ),
    ];
    for e in games.iter().filter(|e| e.expect != Some(Expect::Solved)) {
        out.push((
            root.join(format!("ui-tests/corpus/{}.rs", e.ident())),
            ui_file(e),
        ));
    }
    // Every board the compile-time rules cannot finish is a compile-fail case: the ambiguous
    // ones, and the stuck ones, which a stronger reasoner would finish (they show that the
    // compiler is no stronger than `fragment`).
    for e in boards.iter().filter(|e| e.expect != Some(Expect::Solved)) {
        out.push((
            root.join(format!("ui-tests/corpus/{}.rs", e.ident())),
            ui_file(e),
        ));
    }
    // The boards `level: pairs` cannot finish.
    for e in pairs.iter().filter(|e| e.expect != Some(Expect::Solved)) {
        out.push((
            root.join(format!("ui-tests/corpus/pairs_{}.rs", e.ident())),
            ui_file_at(e, Some("pairs")),
        ));
    }
    // The complete corpus as cases of their own, each its own crate: a board that
    // `level: complete` finishes must compile and print its answer (under tests/must-compile/,
    // which cargo does not take for a test target: tests/ui.rs builds them), one it cannot
    // finish must fail naming its first undecided cell (under ui-tests/, with its .stderr).
    for e in &complete {
        let (file, text) = match e.expect {
            Some(Expect::Solved) => (
                format!("tests/must-compile/complete/solved_{}.rs", e.ident()),
                pass_file(e, "complete"),
            ),
            _ => (
                format!("ui-tests/complete/stuck_{}.rs", e.ident()),
                ui_file_at(e, Some("complete")),
            ),
        };
        out.push((root.join(file), text));
    }
    out
}

fn answer(e: &Block) -> &Board {
    e.answer.as_ref().expect("checked when read")
}

/// The `solve!` call for a corpus board, with `level: pairs` first when `level` says so.
fn solve_call(e: &Block, indent: &str, level: Option<&str>) -> String {
    let level = match level {
        Some("pairs") => Level::Pairs,
        Some("complete") => Level::Complete,
        None => Level::Fragment,
        Some(other) => panic!("no level {other}"),
    };
    typesweeper::codegen::solve_call_at(level, &e.puzzle, answer(e), indent)
}

fn test_file<'a>(doc: &str, entries: impl Iterator<Item = &'a Block>) -> String {
    test_file_at(doc, entries, None)
}

fn test_file_at<'a>(
    doc: &str,
    entries: impl Iterator<Item = &'a Block>,
    level: Option<&str>,
) -> String {
    let mut s = format!(
        "//! {doc}\n//!\n//! Generated by `cargo run -p xtask -- corpus-tests`; do not edit.\n\n#![recursion_limit = \"512\"]\n"
    );
    for e in entries {
        s += &format!(
            "\n/// {} (line {} of the corpus file)\n#[test]\nfn {}() {{\n    let solved = {};\n    assert_eq!(solved.to_string(), {:?});\n}}\n",
            e.name(),
            e.line,
            e.ident(),
            solve_call(e, "    ", level),
            answer(e).to_string(),
        );
    }
    s
}

fn ui_file(e: &Block) -> String {
    ui_file_at(e, None)
}

fn ui_file_at(e: &Block, level: Option<&str>) -> String {
    let why = match (e.expect, level) {
        (Some(Expect::Ambiguous), _) => "has more than one solution",
        (_, None) => "has one solution, but not one that one number at a time reaches",
        (_, Some("complete")) => "needs a guess: at some point every cell left is a mine in some fitting layout and safe in another",
        (_, Some(_)) => {
            "has one solution, but not one that numbers alone and side by side in pairs reach"
        }
    };
    // `level: complete` needs no attribute: its rounds fit rustc's default limit.
    let limit = match level {
        Some("complete") => String::new(),
        _ => "#![recursion_limit = \"512\"]\n\n".into(),
    };
    format!(
        "// {} {why}: rustc must fail, naming the first cell the rules leave undecided.\n// Generated by `cargo run -p xtask -- corpus-tests`; do not edit.\n\n{limit}fn main() {{\n    let solved = {};\n    println!(\"{{solved}}\");\n}}\n",
        e.name(),
        solve_call(e, "    ", level),
    )
}

/// A case that must compile: the board at `level` (with no `#![recursion_limit]`) must print
/// exactly its answer.
fn pass_file(e: &Block, level: &str) -> String {
    format!(
        "// {} at `level: {level}`: rustc must derive every cell.\n// Generated by `cargo run -p xtask -- corpus-tests`; do not edit.\n\nfn main() {{\n    let solved = {};\n    assert_eq!(solved.to_string(), {:?});\n}}\n",
        e.name(),
        solve_call(e, "    ", Some(level)),
        answer(e).to_string(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_flag_takes_only_a_positive_number() {
        use super::positive_after;
        assert_eq!(
            positive_after::<u64>("--boards", Some(&"12")).ok(),
            Some(12)
        );
        for bad in [Some(&"0"), Some(&"-3"), Some(&"many"), None] {
            assert!(positive_after::<usize>("--runs", bad).is_err(), "{bad:?}");
        }
    }

    /// Under `ui-tests/` a generated case may have a `.stderr`; anything else in a folder of
    /// generated cases is extra: a case no board generates, a `.stderr` without its case, or
    /// one beside a case that must compile.
    #[test]
    fn a_file_no_board_generates_is_extra() {
        use std::path::PathBuf;
        let root = std::env::temp_dir().join(format!("xtask-extra-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let files = [
            "ui-tests/complete/stuck_a.rs",
            "ui-tests/complete/stuck_a.stderr",
            "ui-tests/complete/solved_b.rs",
            "ui-tests/complete/stuck_c.stderr",
            "tests/must-compile/complete/solved_b.rs",
            "tests/must-compile/complete/solved_b.stderr",
        ];
        for file in files {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let generated: Vec<(PathBuf, String)> = [
            "ui-tests/complete/stuck_a.rs",
            "tests/must-compile/complete/solved_b.rs",
        ]
        .iter()
        .map(|file| (root.join(file), String::new()))
        .collect();
        let extra = super::extra_files(&root, &generated);
        let want: Vec<PathBuf> = [
            "tests/must-compile/complete/solved_b.stderr",
            "ui-tests/complete/solved_b.rs",
            "ui-tests/complete/stuck_c.stderr",
        ]
        .iter()
        .map(|file| root.join(file))
        .collect();
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(extra, want);
    }

    #[test]
    fn generated_corpus_tests_are_up_to_date() {
        let stale = super::stale_files(&super::root());
        assert!(
            stale.is_empty(),
            "run `cargo run -p xtask -- corpus-tests`: stale {stale:?}"
        );
    }
}
