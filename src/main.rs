//! The `typesweeper` command: solve boards and generate boards at runtime, with the same rules
//! as the compile-time solver. See `typesweeper --help`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
