//! The library's property tests (proptest): the board readers and the solvers against brute
//! force (`fuzz`), and the game engine under any sequence of actions (`game`). One test crate.
//!
//! Set `PROPTEST_CASES` to run more cases (every property scales with it).

mod fuzz;
mod game;
mod strategies;
// Brute force over all layouts, shared with the library's runtime tests (`tests/runtime`).
#[path = "../tests/runtime/support/mod.rs"]
mod support;
