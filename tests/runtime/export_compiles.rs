//! `codegen::export`'s files, dropped into a crate as a user would: positions of games played
//! by the autoplayer are exported at `fragment`, `pairs` and `complete` into a scratch crate under
//! `target/export-crate/`, which depends on this checkout, and its `cargo test` must pass. That
//! proves every exported test compiles (rustc solves its board) and passes, and every
//! compile-fail case fails with exactly the error export predicted (trybuild compares the
//! `.stderr` files byte for byte). A second crate, of edition 2024, takes the compile-fail cases
//! exported for that edition.
//!
//! The positions cover the four cases: `fragment` finishes the board (three tests), only
//! `pairs` does (a compile-fail case and two tests), only `complete` does (two compile-fail
//! cases and a test), none does (three compile-fail cases).
//!
//! Slow (it builds typesweeper in the scratch crate and compiles every board), so it is
//! `#[ignore]`d in the default `cargo test`; CI runs it with
//! `cargo test --test runtime -- --ignored`. Finding the positions is fast and runs by
//! default.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use typesweeper::board::Board;
use typesweeper::codegen::{export, export_for, Edition, ExportKind};
use typesweeper::runtime::autoplay::next_move;
use typesweeper::runtime::game::{Config, Game, Status};
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::layout::FirstClick;

/// The weakest level that finishes a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Needs {
    /// `fragment` finishes it.
    Fragment,
    /// `pairs` finishes it, `fragment` does not.
    Pairs,
    /// `complete` finishes it, `pairs` does not.
    Complete,
    /// None does: it needs a guess.
    Guess,
}

impl Needs {
    fn of(puzzle: &Board, answer: &Board) -> Needs {
        if Level::Fragment.solves(puzzle, answer) {
            Needs::Fragment
        } else if Level::Pairs.solves(puzzle, answer) {
            Needs::Pairs
        } else if Level::Complete.solves(puzzle, answer) {
            Needs::Complete
        } else {
            Needs::Guess
        }
    }

    /// What export must write at `level`.
    fn kind_at(self, level: Level) -> ExportKind {
        match (self, level) {
            (Needs::Fragment, _)
            | (Needs::Pairs, Level::Pairs | Level::Complete)
            | (Needs::Complete, Level::Complete) => ExportKind::Test,
            _ => ExportKind::CompileFail,
        }
    }
}

/// A position a player saw.
struct Position {
    name: String,
    puzzle: Board,
    answer: Board,
    needs: Needs,
}

/// The games the positions come from: size, mines, and the seeds tried in order.
const GAMES: [(usize, usize, usize); 2] = [(9, 9, 10), (16, 16, 40)];
const SEEDS: std::ops::RangeInclusive<u64> = 1..=40;
/// The moves played in each game at most.
const MOVES: usize = 25;

/// For each game size, the first position (over seeds, then moves) of each kind of [`Needs`]:
/// games with `FirstClick::Zero`, played by the autoplayer, the position taken after each move
/// while the game goes on.
fn positions() -> Vec<Position> {
    let mut found = Vec::new();
    for (rows, cols, mines) in GAMES {
        let mut wanted = vec![Needs::Fragment, Needs::Pairs, Needs::Complete, Needs::Guess];
        for seed in SEEDS {
            let config = Config::new(rows, cols, mines, FirstClick::Zero);
            let mut game = Game::new(config, seed).unwrap();
            for moves in 1..=MOVES {
                let Some(m) = next_move(&game) else { break };
                game.open(m.row, m.col).unwrap();
                if game.status() != Status::Playing {
                    break;
                }
                let (puzzle, answer) = (game.visible(), game.answer().unwrap());
                let needs = Needs::of(&puzzle, &answer);
                if let Some(k) = wanted.iter().position(|&w| w == needs) {
                    wanted.remove(k);
                    found.push(Position {
                        name: format!("s{rows}x{cols}_seed{seed}_move{moves}"),
                        puzzle,
                        answer,
                        needs,
                    });
                }
            }
            if wanted.is_empty() {
                break;
            }
        }
    }
    found
}

#[test]
fn the_positions_need_every_level() {
    let found = positions();
    for needs in [Needs::Fragment, Needs::Pairs, Needs::Complete, Needs::Guess] {
        assert!(
            found.iter().any(|p| p.needs == needs),
            "no position that needs {needs:?}"
        );
    }
    for p in &found {
        for level in [Level::Fragment, Level::Pairs, Level::Complete] {
            let out = export(&p.puzzle, &p.answer, level, "position").unwrap();
            assert_eq!(out.kind, p.needs.kind_at(level), "{} at {level}", p.name);
        }
    }
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The scratch crate's manifest: typesweeper through a path, without its command, trybuild,
/// and the profile the README recommends.
fn manifest(edition: &str) -> String {
    crate::scratch_crate::manifest(
        &format!("exported-{edition}"),
        edition,
        &repo(),
        "[dev-dependencies]\ntrybuild = \"1.0\"\n\n",
    )
}

/// Writes a crate of `edition` with `files` into `dir` (removing what was there). The
/// checkout's `Cargo.lock` pins the dependencies to the versions its own tests use.
fn write_crate(dir: &Path, edition: &str, files: &BTreeMap<String, String>) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("Cargo.toml"), manifest(edition)).unwrap();
    std::fs::copy(repo().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "//! Exported positions.\n").unwrap();
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// Adds a file, which must not differ from one already there at the same path.
fn add(files: &mut BTreeMap<String, String>, path: &str, contents: &str) {
    if let Some(before) = files.insert(path.to_string(), contents.to_string()) {
        assert_eq!(before, contents, "two different files {path}");
    }
}

/// Runs `cargo test ARGS` in `dir`: whether it passed, and its output. trybuild compares (it
/// never records: `TRYBUILD` is removed).
fn cargo_test(dir: &Path, args: &[&str]) -> (bool, String) {
    let out = crate::scratch_crate::cargo(dir)
        .arg("test")
        .args(args)
        .env("CARGO_TERM_COLOR", "never")
        .env_remove("TRYBUILD")
        .output()
        .expect("cargo runs");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), without_colours(&text))
}

/// `text` without its ANSI colour codes (trybuild colours its report even into a pipe).
fn without_colours(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // ESC [ parameters, up to the final letter.
            chars.by_ref().find(|c| c.is_ascii_alphabetic());
        } else {
            plain.push(c);
        }
    }
    plain
}

#[test]
fn colours_are_removed() {
    let coloured = "test \u{1b}[0m\u{1b}[1mtests/ui/a.rs\u{1b}[0m ... \u{1b}[0m\u{1b}[32mok\n";
    assert_eq!(without_colours(coloured), "test tests/ui/a.rs ... ok\n");
}

#[test]
#[ignore = "builds a scratch crate (about a minute); CI runs it with --ignored"]
fn exported_files_compile_and_fail_as_predicted() {
    let found = positions();
    let mut files = BTreeMap::new();
    let mut files_2024 = BTreeMap::new();
    let (mut tests, mut cases) = (Vec::new(), Vec::new());
    for p in &found {
        for level in [Level::Fragment, Level::Pairs, Level::Complete] {
            let name = format!("{}_{level}", p.name);
            let out = export(&p.puzzle, &p.answer, level, &name).unwrap();
            assert_eq!(out.kind, p.needs.kind_at(level), "{name}");
            for f in &out.files {
                add(&mut files, &f.path, &f.contents);
            }
            match out.kind {
                ExportKind::Test => tests.push(name),
                ExportKind::CompileFail => {
                    let out = export_for(&p.puzzle, &p.answer, level, &name, Edition::E2024);
                    for f in &out.unwrap().files {
                        add(&mut files_2024, &f.path, &f.contents);
                    }
                    cases.push(name);
                }
            }
        }
    }
    assert!(
        !tests.is_empty() && !cases.is_empty(),
        "{tests:?} {cases:?}"
    );
    let root = repo().join("target/export-crate");

    let dir = root.join("edition-2021");
    write_crate(&dir, "2021", &files);
    let (ok, out) = cargo_test(&dir, &[]);
    assert!(ok, "cargo test in {} failed:\n{out}", dir.display());
    for name in &tests {
        assert!(
            out.contains(&format!("test {name} ... ok")),
            "the test {name} did not pass:\n{out}"
        );
    }
    for name in &cases {
        assert!(
            out.contains(&format!("test tests/ui/{name}.rs ... ok")),
            "the compile-fail case {name} did not pass:\n{out}"
        );
    }

    let dir = root.join("edition-2024");
    write_crate(&dir, "2024", &files_2024);
    let (ok, out) = cargo_test(&dir, &["--test", "ui"]);
    assert!(ok, "cargo test in {} failed:\n{out}", dir.display());
    for name in &cases {
        assert!(
            out.contains(&format!("test tests/ui/{name}.rs ... ok")),
            "the compile-fail case {name} did not pass in edition 2024:\n{out}"
        );
    }
}
