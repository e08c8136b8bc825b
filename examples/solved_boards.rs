//! Boards solved by rustc's trait solver while this file compiled.
//!
//! Run with `cargo run --example solved_boards`. Every cell printed on the right was derived by
//! trait selection: the program only reads the types back.

use std::fmt::Display;

typesweeper::puzzle! {
    /// Game 18 of the Haskell original, kept as a named type.
    pub struct Game18 {
        puzzle: [
            [? ? ? 1 0 0 0]
            [? ? ? 2 0 1 1]
            [? ? ? 1 0 2 ?]
            [? ? ? 1 0 2 ?]
            [? ? ? 1 1 1 ?]
            [? ? ? ? ? ? ?]
            [? ? ? ? ? ? ?]
        ]
        answer: [
            [0 1 x 1 0 0 0]
            [1 3 3 2 0 1 1]
            [1 x x 1 0 2 x]
            [1 2 2 1 0 2 x]
            [1 1 1 1 1 1 1]
            [x 2 2 x 1 1 1]
            [2 x 2 1 1 1 x]
        ]
    }
}

/// Prints a puzzle and its solution side by side.
fn show(title: &str, puzzle: &str, solved: impl Display) {
    println!("{title}");
    let solved = solved.to_string();
    for (p, s) in puzzle.lines().zip(solved.lines()) {
        println!("  {p}    =>    {s}");
    }
    println!();
}

fn main() {
    let game10 = typesweeper::solve! {
        puzzle: [
            [2 ? 2]
            [? ? ?]
            [? ? 3]
        ]
        answer: [
            [2 3 2]
            [x x x]
            [x x 3]
        ]
    };
    show(
        "Game 10 (needs the answer's mine total)",
        "2 ? 2\n? ? ?\n? ? 3",
        game10,
    );

    show(
        "Game 18, a named puzzle type",
        Game18::PUZZLE,
        Game18::solve(),
    );

    let beginner = typesweeper::solve! {
        puzzle: [
            [? ? ? ? ? ? ? ? ?]
            [1 1 2 ? ? ? ? ? ?]
            [0 0 1 ? ? ? ? ? ?]
            [0 0 1 1 2 ? ? ? ?]
            [0 0 0 0 1 ? ? ? ?]
            [0 0 1 1 2 ? ? ? ?]
            [0 0 2 ? ? ? ? ? ?]
            [1 1 2 ? ? ? ? ? ?]
            [? ? ? ? ? ? ? ? ?]
        ]
        answer: [
            [1 x 1 0 0 1 1 1 0]
            [1 1 2 1 1 1 x 1 0]
            [0 0 1 x 1 1 1 2 1]
            [0 0 1 1 2 1 1 1 x]
            [0 0 0 0 1 x 1 1 1]
            [0 0 1 1 2 1 1 0 0]
            [0 0 2 x 2 1 1 2 1]
            [1 1 2 x 2 1 x 2 x]
            [x 1 1 1 1 1 1 2 1]
        ]
    };
    show(
        "A beginner board opened at a zero (board 1 of the 9x9 corpus)",
        "? ? ? ? ? ? ? ? ?\n1 1 2 ? ? ? ? ? ?\n0 0 1 ? ? ? ? ? ?\n0 0 1 1 2 ? ? ? ?\n0 0 0 0 1 ? ? ? ?\n0 0 1 1 2 ? ? ? ?\n0 0 2 ? ? ? ? ? ?\n1 1 2 ? ? ? ? ? ?\n? ? ? ? ? ? ? ? ?",
        beginner,
    );
}
