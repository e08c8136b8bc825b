//! The `typesweeper` command, run for real as a user runs it: `solve` and `gen` on good and bad
//! input, `solve --budget`, hostile surroundings, fuzzed arguments, `bench`, `play` (its
//! settings, and in tmux the game itself) and `serve`. One test crate, so that `cargo test`
//! builds and links one binary for all of them.
//!
//! The slow tests and those that need a program the toolchain does not bring (tmux) are
//! `#[ignore]`d, each saying why; CI runs them with `cargo test -p typesweeper-cli --test
//! command -- --ignored`.

mod bench;
mod budget;
mod fuzz;
mod hostile;
mod play;
mod play_tmux;
mod serve;
mod solve_gen;
// The proptest strategies for board text, shared with the library's property tests, and the
// helpers they use.
#[path = "../../../proptests/strategies.rs"]
mod strategies;
#[path = "../../../tests/runtime/support/mod.rs"]
mod support;
// The target directory and profiles of the scratch crates that depend on the checkout.
#[path = "../../../tests/shared/scratch_crate.rs"]
mod scratch_crate;
