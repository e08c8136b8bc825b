//! typesweeper's criterion benchmarks live in this package, not in `typesweeper` itself, so
//! that building the main package's examples and tests does not build criterion. Run them with
//! `cargo bench -p typesweeper-benches` (see `runtime.rs`).
