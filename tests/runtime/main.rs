//! The library's tests besides the compile-time ones (`tests/typelevel.rs`, `tests/ui.rs`,
//! `tests/corpus_*.rs`): the runtime mirror (solvers against the corpus and brute force, the
//! autoplayer), and the library as a user meets it (a scratch crate that
//! follows the README, exported positions compiled in one). One test crate, so that `cargo
//! test` builds and links one binary for all of them.
//!
//! The property tests (proptest) are a package of their own, `proptests/`. The slow tests are
//! `#[ignore]`d, each saying why; CI runs them with `cargo test --test
//! runtime -- --ignored`.

mod autoplay;
mod complete;
mod corpus;
mod export_compiles;
mod pairs;
#[path = "../shared/scratch_crate.rs"]
mod scratch_crate;
mod support;
mod user_crate;
