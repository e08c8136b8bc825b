//! The `typesweeper` command: solve boards, generate boards and play, at runtime, with the same
//! rules as the compile-time solver. See `typesweeper --help`.

mod cli;
mod tui;

fn main() -> std::process::ExitCode {
    cli::run()
}
