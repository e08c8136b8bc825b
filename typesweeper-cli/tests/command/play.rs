//! `typesweeper play` refuses bad settings with exit status 2 before touching the terminal.

use std::process::Command;

fn play(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_typesweeper"))
        .arg("play")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn bad_levels_are_bad_input() {
    let (code, err) = play(&["--level", "3x3/10"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err, "error: 10 mines do not fit on 9 cells\n");
    let (code, err) = play(&["--level", "0x9/0"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err, "error: the board has no rows\n");
    let (code, err) = play(&["--level", "hard"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("expected beginner, intermediate, expert or ROWSxCOLS/MINES"),
        "{err}"
    );
    let (code, err) = play(&["--first-click", "corner"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn help_names_the_options() {
    let out = Command::new(env!("CARGO_BIN_EXE_typesweeper"))
        .args(["play", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for option in ["--level", "--seed", "--first-click", "--no-guess"] {
        assert!(help.contains(option), "{option} missing from\n{help}");
    }
}
