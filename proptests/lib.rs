//! typesweeper's property tests live in this package (`properties.rs`), run by the workspace's
//! `cargo test`; see its module documentation. Nothing here is for use.
