//! The browser game's real-browser tests live in this package (`browser.rs`), one per
//! behaviour; see its module documentation. Nothing here is for use.
