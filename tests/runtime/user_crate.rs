//! The README's "Use it in your crate" guide, followed as a user would: a scratch crate under
//! `target/user-crate/` depends on this checkout, once through `git = "file://..."` (this
//! repository's `HEAD` commit) and once through `path = ...`, and its `cargo test` must pass
//! with a board solved at compile time, a trybuild compile-fail case and a `compile_fail`
//! doc-test. The scratch crate's files are the README's code blocks marked
//! `<!-- user-crate: PATH -->`, so the guide is what is tested.
//!
//! The compile-fail snapshot trybuild records through the git dependency must equal, byte for
//! byte, the one recorded through the path dependency (no path or line number of typesweeper's
//! own sources in it), and both must be short.
//!
//! Slow (it builds typesweeper twice more, and trybuild's cases), so it is `#[ignore]`d in the
//! default `cargo test`; CI runs it with `cargo test --test runtime -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The README's code blocks marked `<!-- user-crate: PATH -->` (the marker on the line before
/// the opening fence), as `(PATH, contents)`.
fn marked_blocks(readme: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut blocks = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let Some(path) = line
            .trim()
            .strip_prefix("<!-- user-crate: ")
            .and_then(|rest| rest.strip_suffix(" -->"))
        else {
            continue;
        };
        assert!(
            lines[k + 1].starts_with("```"),
            "README: the marker for {path} is not followed by a code block"
        );
        let body: Vec<&str> = lines[k + 2..]
            .iter()
            .take_while(|l| !l.starts_with("```"))
            .copied()
            .collect();
        blocks.push((path.to_string(), body.join("\n") + "\n"));
    }
    blocks
}

/// The scratch crate's manifest, with a dependency line for `typesweeper`.
fn manifest(dependency: &str, edition: &str) -> String {
    format!(
        r#"[package]
name = "puzzles"
version = "0.1.0"
edition = "{edition}"
publish = false

[dependencies]
typesweeper = {{ {dependency} }}

[dev-dependencies]
trybuild = "1"

[profile.dev.package.typesweeper-macros]
opt-level = 3

[profile.dev.package.typesweeper-board]
opt-level = 3

[workspace]
"#
    )
}

fn run(dir: &Path, target: &Path, args: &[&str], overwrite: bool) -> (bool, String) {
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .env_remove("TRYBUILD");
    if overwrite {
        cmd.env("TRYBUILD", "overwrite");
    }
    let out = cmd.output().expect("cargo runs");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// Writes the scratch crate for `dependency` into `dir` (removing what was there).
fn write_crate(dir: &Path, dependency: &str, edition: &str, files: &[(String, String)]) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("Cargo.toml"), manifest(dependency, edition)).unwrap();
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// The `.stderr` snapshots trybuild recorded, by file name.
fn snapshots(dir: &Path) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = std::fs::read_dir(dir.join("tests/ui"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "stderr"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    found.sort();
    found
}

#[test]
#[ignore = "builds typesweeper twice more in a scratch crate (a few minutes cold); CI runs it with `cargo test --test runtime -- --ignored`"]
fn the_readme_guide_works_through_git_and_path_dependencies() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let mut files = marked_blocks(&readme);
    let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    for needed in [
        "tests/puzzles.rs",
        "tests/ui.rs",
        "tests/ui/game_6.rs",
        "src/lib.rs",
    ] {
        assert!(
            names.contains(&needed),
            "README has no block for {needed}: {names:?}"
        );
    }
    // Beside the README's ambiguous board, a 9x9 corpus board the rules get stuck on.
    let stuck = std::fs::read_to_string(repo().join("ui-tests/corpus/board_5_9x9_10.rs")).unwrap();
    files.push(("tests/ui/stuck_9x9.rs".to_string(), stuck));
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(repo())
        .output()
        .expect("git runs");
    assert!(head.status.success(), "this test needs the git checkout");
    let head = String::from_utf8(head.stdout).unwrap();
    let root = repo().join("target/user-crate");
    let target = root.join("target");

    // Through git: trybuild records the snapshot, then the whole `cargo test` passes with it.
    let git_dir = root.join("via-git");
    let git = format!(
        "git = \"file://{}\", rev = \"{}\"",
        repo().display(),
        head.trim()
    );
    write_crate(&git_dir, &git, "2021", &files);
    let (ok, out) = run(&git_dir, &target, &["test", "--test", "ui"], true);
    assert!(ok, "recording the snapshots through git failed:\n{out}");
    let (ok, out) = run(&git_dir, &target, &["test"], false);
    assert!(ok, "cargo test through the git dependency failed:\n{out}");
    assert!(
        out.contains("- compile fail ... ok"),
        "the compile_fail doc-test did not run:\n{out}"
    );
    let recorded = snapshots(&git_dir);
    assert!(!recorded.is_empty(), "trybuild recorded no snapshot");

    // Through a path: the snapshots recorded through git must pass as they are.
    let path_dir = root.join("via-path");
    let path = format!("path = \"{}\"", repo().display());
    write_crate(&path_dir, &path, "2021", &files);
    for (name, text) in &recorded {
        std::fs::write(path_dir.join("tests/ui").join(name), text).unwrap();
    }
    let (ok, out) = run(&path_dir, &target, &["test"], false);
    assert!(
        ok,
        "the snapshots recorded through git differ through a path:\n{out}"
    );
    // The plain dependency line builds only what `solve!` needs: no runtime mirror.
    let tree = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "-e", "normal", "--prefix", "none"])
        .args(["--format", "{lib}"])
        .current_dir(&path_dir)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("cargo tree runs");
    assert!(
        tree.status.success(),
        "{}",
        String::from_utf8_lossy(&tree.stderr)
    );
    let mut crates: Vec<String> = String::from_utf8(tree.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.trim_end_matches(" (*)").to_string())
        .collect();
    crates.sort();
    crates.dedup();
    assert_eq!(
        crates,
        [
            "frunk_core",
            "proc_macro2",
            "puzzles",
            "quote",
            "typenum",
            "typesweeper",
            "typesweeper_board",
            "typesweeper_macros",
            "unicode_ident",
        ],
        "a user crate's dependencies"
    );

    // And recorded afresh, they are the same bytes.
    let (ok, out) = run(&path_dir, &target, &["test", "--test", "ui"], true);
    assert!(ok, "recording through the path failed:\n{out}");
    assert_eq!(snapshots(&path_dir), recorded);

    // In edition 2024 the gates fall back to `!` instead of `()`: the same one error, whose
    // help line says `!`.
    let edition_dir = root.join("edition-2024");
    write_crate(&edition_dir, &path, "2024", &files);
    let (ok, out) = run(&edition_dir, &target, &["test", "--test", "ui"], true);
    assert!(ok, "recording in edition 2024 failed:\n{out}");
    let in_2024 = snapshots(&edition_dir);
    assert_eq!(in_2024.len(), recorded.len());
    for ((name, text), (_, text_2021)) in in_2024.iter().zip(&recorded) {
        assert_eq!(
            text.replace(", !>` is not implemented", ", ()>` is not implemented"),
            *text_2021,
            "{name} in edition 2024:\n{text}"
        );
    }

    for (name, text) in &recorded {
        let lines = text.lines().count();
        let most = if name.starts_with("stuck") { 60 } else { 30 };
        assert!(lines <= most, "{name}: {lines} lines:\n{text}");
        for internal in ["Chunk", "Holds", "Verify", "HCons", "Cell_R"] {
            assert!(
                !text.contains(internal),
                "{name} mentions `{internal}`:\n{text}"
            );
        }
        for place in text
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("--> "))
        {
            assert!(
                place.starts_with("tests/ui/"),
                "{name} points outside the user's crate: {place}"
            );
        }
        assert!(
            text.contains("the rules cannot decide cell R"),
            "{name} does not name the undecided cell:\n{text}"
        );
    }
}

#[test]
fn readme_blocks_are_found_by_their_markers() {
    let text = "intro\n<!-- user-crate: tests/a.rs -->\n```rust\nfn a() {}\n```\n\n```rust\nfn b() {}\n```\n";
    assert_eq!(
        marked_blocks(text),
        vec![("tests/a.rs".to_string(), "fn a() {}\n".to_string())]
    );
}
