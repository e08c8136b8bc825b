//! The browser game's real-browser test lives in this package (`browser.rs`), run by the
//! workspace's `cargo test`; see its module documentation. Nothing here is for use.
