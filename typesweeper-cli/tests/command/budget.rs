//! `typesweeper solve --budget`: when `complete` runs out of its work budget, what it proved
//! is printed, stderr says where it gave up and how to raise the budget, and the exit status
//! is 3.

use std::process::Command;

#[test]
fn out_of_budget_prints_what_is_proved_and_exits_3() {
    let dir = std::env::temp_dir().join(format!("typesweeper-cli-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The 1-2-2-1 pattern: only all four numbers together decide the row above; what the 0
    // beside it decides, the local rules do alone.
    let board = dir.join("1221.txt");
    std::fs::write(&board, "? ? ? ? ? ?\n1 2 2 1 ? 0\n").unwrap();
    let solve = |budget: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_typesweeper"))
            .args(["solve", "--budget", budget, board.to_str().unwrap()])
            .output()
            .unwrap();
        (
            out.status.code().expect("exited normally"),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, out, err) = solve("0");
    assert_eq!(
        (code, out.as_str()),
        (3, "? ? ? ? s s\n1 2 2 1 s 0\n"),
        "{err}"
    );
    let name = board.display();
    assert_eq!(
        err,
        format!(
            "error: {name}: out of budget: complete spent its 0 steps and gave up on the \
             frontier at R1C1 to R2C4 (4 undecided cells around 4 numbers); every cell printed \
             is proved, but these parts may hold more; raise the budget with --budget MILLIONS \
             (now 0), e.g. --budget 1\n"
        )
    );
    // One million steps are plenty.
    assert_eq!(
        solve("1"),
        (0, "s x x s s s\n1 2 2 1 s 0\n".into(), String::new())
    );
}
