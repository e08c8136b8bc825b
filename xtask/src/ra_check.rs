//! `cargo run --release -p xtask -- ra-check [--ra PATH] [SET ...]`: what rust-analyzer, the
//! editor's checker, says of `solve!` boards (docs/recursion-limit.md, "In an editor").
//!
//! rust-analyzer runs rustc's next trait solver with its recursion limit fixed at 50 and no
//! `#![recursion_limit]` read. Each set below is a scratch crate under `target/ra-check/`
//! whose boards are plain functions (`rust-analyzer diagnostics` leaves `#[test]` code
//! inactive); the command runs `rust-analyzer diagnostics DIR` on each and prints, per set, the
//! seconds the run took, the size of its diagnostics of the set's file and their errors by code,
//! per board with errors their number and the first, then whether the set got what it must:
//!
//! * `fragment-16x16`, `pairs-16x16`: every corpus board up to 16x16 that the level solves (the
//!   boards `tests/recursion_limit.rs` builds under `#![recursion_limit = "50"]`): no error;
//! * `complete-16x16`: the same at `level: complete` (reported; no error is the goal);
//! * `three-16x30`: corpus 2844 (fragment), 500012 (pairs) and 600003 (complete), the boards of
//!   issue 51's measurement: reported, with the goal of under 3 s and under 1 MB;
//! * `game-6`, `stuck-600008`: a board with two solutions and a `level: complete` board that
//!   needs a guess: one error, at the cell rustc names (its `.stderr` under `ui-tests/`);
//! * `empty`: a crate with no board, the cost of loading a workspace.
//!
//! The rust-analyzer run is `target/rust-analyzer/bin/rust-analyzer` unless `--ra` names
//! another; when it is missing the command builds it: `ra_ap_rust-analyzer` [`RA_VERSION`],
//! the version issue 51 measured, with `cargo install` (about 15 minutes on two cores). That
//! crate uses library features still unstable on stable rustc, so the build enables them
//! (`RUSTC_BOOTSTRAP=1`, `-Zcrate-attr=feature(assert_matches)`): no nightly toolchain is
//! needed. Each set's crate is checked with `cargo check` first, so that rust-analyzer's own
//! `cargo check` (which it runs to find the proc-macro library) finds it fresh and the time is
//! rust-analyzer's. Exit code 1 when a set that must give no error, or one error, does not.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use typesweeper::board::corpus::{parse_blocks, Block, Expect};
use typesweeper::board::CellName;
use typesweeper::codegen::{cell_position, solve_call_at};
use typesweeper::runtime::generator::Level;

/// The rust-analyzer the command builds: the version of `ra_ap_rust-analyzer` on crates.io
/// whose solver stops at depth 50 (`ra_ap_hir_ty`, `next_solver/interner.rs`).
pub const RA_VERSION: &str = "0.0.349";

/// The usage line.
pub const USAGE: &str = "cargo run --release -p xtask -- ra-check [--ra PATH] [empty fragment-16x16 pairs-16x16 complete-16x16 three-16x30 game-6 stuck-600008 ...]";

/// What a set must give.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Want {
    /// No error.
    Clean,
    /// One error, the gate's, at this cell.
    OneAt(CellName),
    /// Whatever it gives, reported.
    Report,
}

/// A scratch crate of boards.
struct Set {
    name: &'static str,
    /// One function each: its name and its `solve!` call.
    boards: Vec<(String, String)>,
    want: Want,
}

/// One error rust-analyzer printed.
#[derive(Debug)]
struct Found {
    code: String,
    line: usize,
    col: usize,
    message: String,
}

/// What one `rust-analyzer diagnostics` run gave.
struct Run {
    seconds: f64,
    bytes: usize,
    errors: Vec<Found>,
}

/// Runs the check: the sets named in `only` (all when empty), with rust-analyzer `ra` (the
/// built one when `None`). Returns whether every set that must give no error or one error did.
pub fn run(ra: Option<PathBuf>, only: &[String]) -> Result<bool, String> {
    let root = crate::root();
    let ra = match ra {
        Some(path) => path,
        None => built_rust_analyzer(&root)?,
    };
    let version = Command::new(&ra)
        .arg("--version")
        .output()
        .map_err(|e| format!("{}: {e}", ra.display()))?;
    println!(
        "rust-analyzer: {} ({})",
        String::from_utf8_lossy(&version.stdout).trim(),
        ra.display()
    );
    let sets = sets(&root)?;
    for name in only {
        if !sets.iter().any(|s| s.name == name) {
            return Err(format!("no set named {name}; usage: {USAGE}"));
        }
    }
    let base = root.join("target/ra-check");
    let mut all_good = true;
    for set in sets
        .iter()
        .filter(|s| only.is_empty() || only.iter().any(|n| n == s.name))
    {
        let (dir, lines) = write_crate(&base, set)?;
        let run = diagnose(&ra, &dir, &base)?;
        let verdict = judge(set, &dir, &run);
        all_good &= verdict.is_ok();
        report(set, &lines, &run, &verdict);
    }
    Ok(all_good)
}

/// The rust-analyzer under `target/rust-analyzer/`, built when missing.
fn built_rust_analyzer(root: &Path) -> Result<PathBuf, String> {
    let install = root.join("target/rust-analyzer");
    let bin = install.join("bin/rust-analyzer");
    if bin.exists() {
        return Ok(bin);
    }
    println!(
        "building ra_ap_rust-analyzer {RA_VERSION} into {} (about 15 minutes on two cores)",
        install.display()
    );
    let status = Command::new("cargo")
        .args(["install", "ra_ap_rust-analyzer", "--locked", "--version"])
        .arg(RA_VERSION)
        .arg("--root")
        .arg(&install)
        .env("CARGO_TARGET_DIR", install.join("build"))
        .env("RUSTC_BOOTSTRAP", "1")
        .env("RUSTFLAGS", "-Zcrate-attr=feature(assert_matches)")
        .status()
        .map_err(|e| format!("cargo install: {e}"))?;
    if !status.success() || !bin.exists() {
        return Err(format!(
            "cargo install ra_ap_rust-analyzer failed: {status}"
        ));
    }
    Ok(bin)
}

/// The corpus blocks of `file` that `expect` says of, up to `max_cells` cells.
fn corpus(root: &Path, file: &str, expect: Expect, max_cells: usize) -> Result<Vec<Block>, String> {
    let text = std::fs::read_to_string(root.join("tests/corpus").join(file))
        .map_err(|e| format!("tests/corpus/{file}: {e}"))?;
    Ok(parse_blocks(&text)
        .map_err(|e| format!("tests/corpus/{file}: {e}"))?
        .into_iter()
        .filter(|b| b.expect == Some(expect) && b.puzzle.rows() * b.puzzle.cols() <= max_cells)
        .collect())
}

/// A board's function: its name (the block's, as an identifier) and its call at `level`.
fn board_fn(level: Level, block: &Block) -> (String, String) {
    let answer = block.answer.as_ref().expect("corpus boards have answers");
    (
        block.ident(),
        solve_call_at(level, &block.puzzle, answer, "    "),
    )
}

/// The cell a must-fail case's `.stderr` names (`cannot decide cell R1C1`).
fn stderr_cell(path: &Path) -> Result<CellName, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name =
        crate::undecided_cell(&text).ok_or_else(|| format!("{} names no cell", path.display()))?;
    let (row, col) = crate::parse_cell(name).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(CellName { row, col })
}

/// Every set.
fn sets(root: &Path) -> Result<Vec<Set>, String> {
    let small = |file, level| -> Result<Vec<(String, String)>, String> {
        Ok(corpus(root, file, Expect::Solved, 256)?
            .iter()
            .map(|b| board_fn(level, b))
            .collect())
    };
    // The board called `name` (the title up to its size, `board 2844`, or whole, `game 6`).
    let one = |file, expect, level, name: &str| -> Result<(String, String), String> {
        let all = corpus(root, file, expect, usize::MAX)?;
        let block = all
            .iter()
            .find(|b| b.name() == name || b.name().starts_with(&format!("{name} ")))
            .ok_or_else(|| format!("tests/corpus/{file} has no {name}"))?;
        Ok(board_fn(level, block))
    };
    Ok(vec![
        Set {
            name: "empty",
            boards: Vec::new(),
            want: Want::Clean,
        },
        Set {
            name: "fragment-16x16",
            boards: small("fragment_boards.txt", Level::Fragment)?,
            want: Want::Clean,
        },
        Set {
            name: "pairs-16x16",
            boards: small("pairs_boards.txt", Level::Pairs)?,
            want: Want::Report,
        },
        Set {
            name: "complete-16x16",
            boards: small("complete_boards.txt", Level::Complete)?,
            want: Want::Report,
        },
        Set {
            name: "three-16x30",
            boards: vec![
                one(
                    "fragment_boards.txt",
                    Expect::Solved,
                    Level::Fragment,
                    "board 2844",
                )?,
                one(
                    "pairs_boards.txt",
                    Expect::Solved,
                    Level::Pairs,
                    "board 500012",
                )?,
                one(
                    "complete_boards.txt",
                    Expect::Solved,
                    Level::Complete,
                    "board 600003",
                )?,
            ],
            want: Want::Report,
        },
        Set {
            name: "game-6",
            boards: vec![one(
                "mineunifier_games.txt",
                Expect::Ambiguous,
                Level::Fragment,
                "game 6",
            )?],
            want: Want::OneAt(stderr_cell(&root.join("ui-tests/corpus/game_6.stderr"))?),
        },
        Set {
            name: "stuck-600008",
            boards: vec![one(
                "complete_boards.txt",
                Expect::Stuck,
                Level::Complete,
                "board 600008 9x9/10",
            )?],
            want: Want::OneAt(stderr_cell(
                &root.join("ui-tests/complete/stuck_board_600008_9x9_10.stderr"),
            )?),
        },
    ])
}

/// Writes the set's crate; returns its folder and, per board, the line its function starts on.
fn write_crate(base: &Path, set: &Set) -> Result<(PathBuf, Vec<usize>), String> {
    let dir = base.join(set.name);
    let src = dir.join("src");
    std::fs::create_dir_all(&src).map_err(|e| format!("{}: {e}", src.display()))?;
    let repo = crate::root();
    let manifest = format!(
        "[package]\nname = \"ra-check-{}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\ntypesweeper = {{ path = {:?} }}\n\n\
         [profile.dev.package.typesweeper-macros]\nopt-level = 3\n\
         [profile.dev.package.typesweeper-board]\nopt-level = 3\n\n[workspace]\n",
        set.name,
        repo.display().to_string()
    );
    let mut main = String::from("fn main() {}\n");
    let mut lines = Vec::new();
    for (name, call) in &set.boards {
        main.push('\n');
        lines.push(main.lines().count() + 1);
        writeln!(
            main,
            "#[allow(dead_code)]\nfn {name}() -> String {{\n    let solved = {};\n    solved.to_string()\n}}",
            call.trim_start()
        )
        .unwrap();
    }
    let write = |path: PathBuf, text: &str| {
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    write(dir.join("Cargo.toml"), &manifest)?;
    write(src.join("main.rs"), &main)?;
    Ok((dir, lines))
}

/// `cargo check` of the crate, then `rust-analyzer diagnostics` on it, timed.
fn diagnose(ra: &Path, dir: &Path, base: &Path) -> Result<Run, String> {
    let target = base.join("target");
    let check = Command::new("cargo")
        .args(["check", "-q", "--all-targets"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .map_err(|e| format!("cargo check: {e}"))?;
    if !check.status.success() {
        let log = String::from_utf8_lossy(&check.stderr);
        let first = log.lines().find(|l| l.starts_with("error")).unwrap_or("");
        println!("  (cargo check fails here too: {first})");
    }
    let start = Instant::now();
    let out = Command::new(ra)
        .arg("diagnostics")
        .arg(dir)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .map_err(|e| format!("{}: {e}", ra.display()))?;
    let seconds = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    // The progress bar writes to the same stream; a diagnostic is a line's text from `at crate
    // `. The library's own files are diagnosed too (a path dependency is local to
    // rust-analyzer): only the set's file counts.
    let file = format!("{}: ", dir.join("src/main.rs").display());
    let ours: Vec<&str> = text
        .split("at crate ")
        .skip(1)
        .map(|entry| {
            entry
                .rsplit_once('\n')
                .map_or(entry, |(diagnostic, _)| diagnostic)
        })
        .filter(|entry| {
            entry
                .split_once(", file ")
                .is_some_and(|(_, rest)| rest.starts_with(&file))
        })
        .collect();
    Ok(Run {
        seconds,
        bytes: ours.iter().map(|e| e.len()).sum(),
        errors: ours.into_iter().filter_map(parse_found).collect(),
    })
}

/// One diagnostic line (after `at crate `): `NAME, file PATH: Error CODE from LineCol { line:
/// L, col: C } to ..: MESSAGE`, errors only (lines and columns from 1).
fn parse_found(entry: &str) -> Option<Found> {
    let (_, rest) = entry.split_once(": Error ")?;
    let (code, rest) = rest.split_once(" from LineCol { line: ")?;
    let (line, rest) = rest.split_once(", col: ")?;
    let (col, rest) = rest.split_once(" }")?;
    let message = rest.split_once("}: ").map_or("", |(_, m)| m);
    Some(Found {
        code: code
            .trim_start_matches("RustcHardError(")
            .trim_end_matches(')')
            .trim_matches('"')
            .to_string(),
        line: line.parse::<usize>().ok()? + 1,
        col: col.parse::<usize>().ok()? + 1,
        message: message.lines().next().unwrap_or("").to_string(),
    })
}

/// Whether the set got what it must, and why not.
fn judge(set: &Set, dir: &Path, run: &Run) -> Result<(), String> {
    match set.want {
        Want::Report => Ok(()),
        Want::Clean if run.errors.is_empty() => Ok(()),
        Want::Clean => Err(format!("{} errors, none wanted", run.errors.len())),
        Want::OneAt(cell) => {
            // The set's one board: its `puzzle:` is the file's first.
            let source = std::fs::read_to_string(dir.join("src/main.rs")).unwrap_or_default();
            let at = cell_position(&source, cell);
            // rust-analyzer does not read `#[diagnostic::on_unimplemented]`: its message is the
            // bound, `Open: Decided<1, 1, ..>`, whose first two arguments name the cell.
            let name = format!("<{}, {}, ", cell.row + 1, cell.col + 1);
            match &run.errors[..] {
                [one]
                    if one.code == "E0277"
                        && one.message.contains(&name)
                        && Some(one.line) == at.map(|(line, _, _)| line) =>
                {
                    Ok(())
                }
                _ => Err(format!(
                    "wanted one error, E0277 on `Decided{name}..>` at line {}",
                    at.map_or(0, |(line, _, _)| line)
                )),
            }
        }
    }
}

/// A set's lines of the report.
fn report(set: &Set, lines: &[usize], run: &Run, verdict: &Result<(), String>) {
    let mut codes: Vec<(String, usize)> = Vec::new();
    for e in &run.errors {
        match codes.iter_mut().find(|(c, _)| *c == e.code) {
            Some((_, n)) => *n += 1,
            None => codes.push((e.code.clone(), 1)),
        }
    }
    let codes: Vec<String> = codes.iter().map(|(c, n)| format!("{c} x{n}")).collect();
    println!(
        "{}: {} boards, {:.1} s, {} KB, {} errors{}{}",
        set.name,
        set.boards.len(),
        run.seconds,
        run.bytes.div_ceil(1024),
        run.errors.len(),
        if codes.is_empty() {
            String::new()
        } else {
            format!(" ({})", codes.join(", "))
        },
        match (set.want, verdict) {
            (Want::Report, _) => String::new(),
            (_, Ok(())) => " - as it must".to_string(),
            (_, Err(why)) => format!(" - WRONG: {why}"),
        }
    );
    // Per board with errors: how many, and the first.
    for (k, (name, _)) in set.boards.iter().enumerate() {
        let (from, to) = (lines[k], lines.get(k + 1).copied().unwrap_or(usize::MAX));
        let here: Vec<&Found> = run
            .errors
            .iter()
            .filter(|e| (from..to).contains(&e.line))
            .collect();
        if let Some(first) = here
            .iter()
            .find(|e| e.code.contains("E0277"))
            .or(here.first())
        {
            let message: String = first.message.chars().take(120).collect();
            println!(
                "    {name}: {} errors; {}:{} {}: {message}",
                here.len(),
                first.line,
                first.col,
                first.code
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagnostic_line_gives_its_code_place_and_message() {
        let line = "ra-check-game-6, file /x/src/main.rs: Error RustcHardError(\"E0277\") from \
                    LineCol { line: 6, col: 12 } to LineCol { line: 6, col: 13 }: the trait bound \
                    `Open: Decided<1, 1, {unknown}, ()>` is not satisfied\nmore";
        let found = parse_found(line).unwrap();
        assert_eq!(found.code, "E0277");
        assert_eq!((found.line, found.col), (7, 13));
        assert_eq!(
            found.message,
            "the trait bound `Open: Decided<1, 1, {unknown}, ()>` is not satisfied"
        );
        assert!(
            parse_found("ra-check, file /x: WeakWarning Ra(\"inactive-code\") from ..").is_none()
        );
    }

    #[test]
    fn the_cell_of_a_must_fail_case_comes_from_its_stderr() {
        let root = crate::root();
        let cell = stderr_cell(&root.join("ui-tests/corpus/game_6.stderr")).unwrap();
        assert_eq!(cell, CellName { row: 0, col: 0 });
        let cell = stderr_cell(&root.join("ui-tests/complete/stuck_board_600008_9x9_10.stderr"));
        assert_eq!(cell.unwrap(), CellName { row: 0, col: 2 });
    }
}
