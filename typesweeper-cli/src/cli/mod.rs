//! Command-line interface: one module per subcommand, each with its clap `Args` and a `run`
//! that returns the process exit code.
//!
//! Exit codes shared by every subcommand: 0 success, 1 the work could not be completed (a board
//! left undecided, no board found, the output could not be written: a closed pipe or a full
//! disk), 2 bad input (clap uses 2 for usage errors too; a board no mine layout fits is bad
//! input at every level).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench;
mod check;
mod gen;
mod input;
mod output;
mod play;
mod serve;
mod solve;

/// rustc's trait solver plays Minesweeper at compile time; this is the runtime mirror.
#[derive(Parser, Debug)]
#[command(name = "typesweeper", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve a board: print it with every decided cell filled in.
    Solve(solve::Args),
    /// Generate boards that a solver finishes without guessing.
    Gen(gen::Args),
    /// Play Minesweeper in the terminal, with the solver beside you.
    Play(play::Args),
    /// Play Minesweeper in the browser, with the solver beside you (http://127.0.0.1:8023/).
    Serve(serve::Args),
    /// Play many seeded games with the autoplayer and report the win rate and CPU time.
    ///
    /// Every option has a default: `--level expert --first-click safe --games 1000 --seed 0
    /// --threads 1`.
    Bench(bench::Args),
}

/// Parses the command line and runs the subcommand.
pub fn run() -> ExitCode {
    match Cli::parse().command {
        Command::Solve(args) => solve::run(args),
        Command::Gen(args) => gen::run(args),
        Command::Play(args) => play::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Bench(args) => bench::run(args),
    }
}

/// The solver levels as the command line names them.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum LevelArg {
    /// Exactly the compile-time rules: each number alone, reveals from the answer, the total
    /// mine count.
    Fragment,
    /// The compile-time rules of `level: pairs`: fragment's, and two numbers side by side (sharing
    /// an edge) reasoned jointly over their undecided neighbours.
    Pairs,
    /// Everything that every layout fitting the numbers agrees on, also with reveals and the
    /// total mine count: what `level: complete` does.
    Complete,
}

impl From<LevelArg> for typesweeper::runtime::generator::Level {
    fn from(arg: LevelArg) -> Self {
        match arg {
            LevelArg::Fragment => Self::Fragment,
            LevelArg::Pairs => Self::Pairs,
            LevelArg::Complete => Self::Complete,
        }
    }
}

/// First-click rules as the command line names them.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum FirstClickArg {
    /// The first click (R1C1) is never a mine.
    Safe,
    /// The first click (R3C3 on expert-sized boards, R2C2 on smaller ones) and its neighbours
    /// are mine-free.
    Zero,
}

impl From<FirstClickArg> for typesweeper::runtime::layout::FirstClick {
    fn from(arg: FirstClickArg) -> Self {
        match arg {
            FirstClickArg::Safe => Self::Safe,
            FirstClickArg::Zero => Self::Zero,
        }
    }
}

/// Prints `message` as an error and returns exit code 2.
fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    output::error(message);
    ExitCode::from(2)
}
