//! End to end in a real browser: the real `typesweeper serve` on a free port, headless Chromium
//! driven through chromedriver (WebDriver, by fantoccini), the page used as a player would, one
//! test per behaviour: opening and chording (left and middle click), flags and marks (right
//! click, flag mode, a touch long-press), hint and why, the solver, the compile-time view and the
//! export (Download and Copy), the keyboard alone, Back and Forward, seeds beyond 2^53, and large
//! boards with every overlay on. What the page shows is checked against the library: the same
//! seed deals the same board here (`runtime::game::Game`), and the compile-time view and the
//! export are the library's own. Screenshots go to `target/browser/`.
//!
//! Chromium and chromedriver are not part of the toolchain, so the tests are ignored by a plain
//! `cargo test`, which lists them with the reason; with both installed, `cargo test -p
//! typesweeper-browser-tests -- --ignored` runs them (CI does), and there a missing program is
//! a failure naming it and the command that installs it. Each test starts its own server,
//! chromedriver and Chromium, one test at a time (a lock: the browsers would only compete for
//! the cores). The package is one of its own (see its `Cargo.toml`) and asks cargo for the
//! `typesweeper` command the workspace's `cargo test` built.
//!
//! The parts: `harness` starts the processes (the server, chromedriver, Chromium) and runs a
//! scenario against them; `page` reads and drives the page and holds the library-side mirror
//! of its game; `scenarios` has one module per scenario, named as its test, with the helpers
//! only that scenario uses.

mod harness;
mod page;
mod scenarios;
