//! The `typesweeper` command: solve boards, generate boards and play, at runtime, with the same
//! rules as the compile-time solver. See `typesweeper --help`.

/// mimalloc instead of the system allocator: the solvers build many small, short-lived vectors,
/// and with glibc's allocator a third of an autoplayed game's time went to `malloc` and `free`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod cli;
mod session;
mod tui;
mod web;

fn main() -> std::process::ExitCode {
    cli::run()
}
