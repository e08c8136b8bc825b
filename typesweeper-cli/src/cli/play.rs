//! `typesweeper play [--level beginner|intermediate|expert|RxC/M] [--seed S]
//! [--first-click safe|zero] [--no-guess]`
//!
//! Minesweeper in the terminal (see [`crate::tui`] for the screen and the keys). Exit 0 when the
//! player quits, 1 when the terminal fails, 2 on bad input.

use std::process::ExitCode;

use typesweeper::runtime::layout::FirstClick;

use super::{bad_input, FirstClickArg};
use crate::tui::app::{BoardLevel, Settings};

/// Arguments of `play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// beginner (9x9, 10 mines), intermediate (16x16, 40), expert (16x30, 99), or
    /// ROWSxCOLS/MINES.
    #[arg(long, default_value = "beginner")]
    level: BoardLevel,
    /// The board's seed (default: from the clock; the screen shows it, so a board can be
    /// replayed).
    #[arg(long)]
    seed: Option<u64>,
    /// First-click rule. Default `zero`, as for `gen` (`bench` defaults to `safe`, the rule of
    /// the headline win rates it is compared with).
    #[arg(long, value_enum, default_value_t = FirstClickArg::Zero)]
    first_click: FirstClickArg,
    /// Deal only boards that can be finished without guessing from the rule's default first
    /// click (R2C2, or R3C3 on expert-sized boards; R1C1 for `safe`), which is opened for you.
    #[arg(long)]
    no_guess: bool,
}

/// Runs `play`.
pub fn run(args: Args) -> ExitCode {
    let settings = Settings {
        level: args.level,
        first_click: FirstClick::from(args.first_click),
        no_guess: args.no_guess,
        seed: args.seed,
    };
    if let Err(e) = crate::tui::app::App::check(&settings) {
        return bad_input(e);
    }
    match crate::tui::run(settings) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            super::output::error(e);
            ExitCode::from(1)
        }
    }
}
