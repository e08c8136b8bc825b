//! typesweeper: rustc's trait solver plays Minesweeper at compile time.
//!
//! You write a puzzle and its answer; while the file compiles, trait selection derives every
//! hidden cell, revealing a cell's number from the concealed answer only once it has proved that
//! cell safe. A board the rules cannot finish does not compile.
//!
//! ```
//! let solved = typesweeper::solve! {
//!     puzzle: [
//!         [2 ? 2]
//!         [? ? ?]
//!         [? ? 3]
//!     ]
//!     answer: [
//!         [2 3 2]
//!         [x x x]
//!         [x x 3]
//!     ]
//! };
//! assert_eq!(solved.to_string(), "2 3 2\nx x x\nx x 3");
//! ```
//!
//! `?` is an unknown cell, `x` a mine, `0`-`8` a safe cell and its count. [`solve!`] returns a
//! [`CellRows`] constant, which `Display` prints as board text; [`CellRows::get`] reads one
//! [`Cell`] and [`CellRows::to_board`] makes a runtime [`board::Board`]. To keep a puzzle as a
//! named type, use [`puzzle!`]:
//!
//! ```
//! typesweeper::puzzle! {
//!     /// Game 10 of the Haskell original.
//!     pub struct Game10 {
//!         puzzle: [[2 ? 2] [? ? ?] [? ? 3]]
//!         answer: [[2 3 2] [x x x] [x x 3]]
//!     }
//! }
//! assert_eq!(Game10::solve().to_string(), "2 3 2\nx x x\nx x 3");
//! ```
//!
//! # Use it in your crate
//!
//! By default the library is `solve!`, `puzzle!` and what they expand to: its macro and board
//! crates, typenum and frunk_core (the runtime mirror is the feature `runtime`, below; the
//! `typesweeper` command is a package of its own, `typesweeper-cli`):
//!
//! ```toml
//! [dev-dependencies]
//! typesweeper = { git = "https://github.com/OWNER/typesweeper" }
//! ```
//!
//! (`OWNER` is a placeholder: any git URL works, and so does `path = "../typesweeper"`.) Big
//! boards compile faster with the macro built optimised; put this in the `Cargo.toml` at the
//! root of your workspace:
//!
//! ```toml
//! [profile.dev.package.typesweeper-macros]
//! opt-level = 3
//! [profile.dev.package.typesweeper-board]
//! opt-level = 3
//! ```
//!
// The recursion-limit rule, in one file that the README links to.
#![doc = include_str!("../docs/recursion-limit.md")]
//!
//! # Errors
//!
//! * Malformed input (an unknown token, ragged rows, an answer that disagrees with the puzzle
//!   or with itself) is a `compile_error!` at the offending token.
//! * A board the rules cannot finish (ambiguous, or beyond one number at a time) fails with
//!   `error[E0277]`, pointing at the first undecided cell's `?` and naming it (`R1C1` is the
//!   top-left cell). To list every undecided cell, run `typesweeper solve` on the board with
//!   its answer: it applies exactly the compiler's rules (`runtime::fragment`).
//! * Boards that must fail to compile belong in their own files, checked with trybuild, or in
//!   a `compile_fail,E0277` doc test. The README's section "Reading the errors and testing
//!   boards that must fail" has the recipe.
//!
//! # How it works
//!
//! [`solve!`] writes the board as types: cells are [`Mine`] and [`Num<N>`](Num), counts are
//! Peano numbers [`Z`] and [`S<N>`](S), and every `?` becomes a type parameter named after its
//! coordinates (`Cell_R1C1` is the top-left cell) that rustc must infer. The rules are trait
//! bounds:
//!
//! * [`NeighbsToRules`]: a number counts the mines among its neighbours, through [`Rule`], an
//!   HList count with one impl per head cell. When only one head survives rustc's probing of
//!   the candidates, it commits and fills in the cell.
//! * [`Reveal`]: an unknown cell meets its concealed answer cell only once the rules have proved
//!   it safe (the answer's number becomes a new rule) or a mine.
//! * [`Tally`], [`Verify`], [`VerifyBack`]: the answer's mine total over the unknown cells, as a
//!   chain of counts that decides "no mines remain" and "every unknown cell left is a mine".
//! * [`Holds`]: the bounds are packaged in small impls (chunks), and [`Later`] delays the
//!   forward use of the total.
//! * [`Decided`]: a gate chained through the unknown cells in reading order, so that a board the
//!   rules cannot finish gives one short error at its first undecided cell.
//!
//! The generated function returns a zero-sized [`Solved`] whose type holds the derived cells;
//! `solve!` reads them off that type at compile time into its [`CellRows`] value. The
//! [`typelevel`] module documents every type and trait. The solver's plumbing (`CellRules`,
//! `Decided`, `Holds`, `Later`, `Tally`, `Verify`, `VerifyBack`, ...) can also be imported from
//! the crate root, where `solve!`'s expansion finds it, but is hidden from this page. Neighbour
//! lists are frunk_core's `HList!`, `HCons` and `HNil`, also importable from the root.
//!
//! # The runtime mirror and the command
//!
//! The feature `runtime` (off by default: a crate that only writes puzzles builds none of it)
//! adds the runtime mirror of the compile-time rules:
//!
//! ```toml
//! typesweeper = { git = "https://github.com/OWNER/typesweeper", features = ["runtime"] }
//! ```
//!
//! `runtime::fragment` applies exactly the compiler's rules, `runtime::pairs` and
//! `runtime::complete` those of the other levels, `runtime::game` is a game engine,
//! `runtime::autoplay` plays it, `runtime::generator` deals boards a level finishes, and
//! `codegen` writes boards as `solve!` calls and test files. [`board`] holds the board text
//! format and the cell vocabulary that both halves share.
//!
//! The `typesweeper` command (the package `typesweeper-cli`) solves, generates, plays and
//! benchmarks boards: `cargo install --path typesweeper-cli` from a clone, or `cargo run
//! --release -p typesweeper-cli -- <command>`. Its commands are `solve`, `gen`, `play`, `serve`
//! and `bench`; `typesweeper <command> --help` lists their options.
#![warn(missing_docs)]
#![forbid(unsafe_code)]
// docs.rs documents the feature `runtime` too, and marks what needs it.
#![cfg_attr(docsrs, feature(doc_cfg))]

// What users write and read first (blank lines keep rustfmt from sorting them).
pub use typesweeper_macros::{puzzle, solve};

#[doc(inline)]
pub use typelevel::solved::{CellRows, Solved};

#[doc(inline)]
pub use typesweeper_board::Cell;

#[doc(inline)]
pub use typesweeper_board as board;

#[cfg(feature = "runtime")]
#[cfg_attr(docsrs, doc(cfg(feature = "runtime")))]
pub mod codegen;
#[cfg(feature = "runtime")]
#[cfg_attr(docsrs, doc(cfg(feature = "runtime")))]
pub mod runtime;
pub mod typelevel;

// The types and traits the docs explain: cells, counts and the local rules.
pub use typelevel::cell::{Mine, Num};
pub use typelevel::peano::{S, Z};
pub use typelevel::rules::{NeighbsToRules, Reveal, Rule};

// The solver's plumbing, importable from the crate root under the same names as always
// (`solve!`'s expansion imports several of them from here) but hidden from the root's docs.
// Their documented home is `typelevel`; `HCons`, `HNil` and `HList!` are frunk_core's.
#[doc(hidden)]
pub use frunk_core::hlist::{HCons, HNil};
#[doc(hidden)]
pub use frunk_core::HList;
#[doc(hidden)]
pub use typelevel::cell::CellType;
#[doc(hidden)]
pub use typelevel::chunks::Holds;
#[doc(hidden)]
pub use typelevel::gate::{Decided, DecidedByComplete, DecidedByPairs, Open};
#[doc(hidden)]
pub use typelevel::pairs::{Both, OnlyFirst, OnlySecond, PairFirst};
#[doc(hidden)]
pub use typelevel::peano::{FromUnsigned, Peano};
#[doc(hidden)]
pub use typelevel::rules::CellRules;
#[doc(hidden)]
pub use typelevel::solved::{BoardRows, CellRow, RowCells};
#[doc(hidden)]
pub use typelevel::verify::{Later, Tally, Verify, VerifyBack};

/// The README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust examples of `docs/design.md`, compiled and run as doctests.
#[doc = include_str!("../docs/design.md")]
#[cfg(doctest)]
pub struct DesignDoctests;

/// The Rust examples of `docs/compile-time.md`, compiled and run as doctests.
#[doc = include_str!("../docs/compile-time.md")]
#[cfg(doctest)]
pub struct CompileTimeDoctests;

/// The Rust examples of `docs/autoplayer.md`, compiled and run as doctests.
#[doc = include_str!("../docs/autoplayer.md")]
#[cfg(doctest)]
pub struct AutoplayerDoctests;

/// The Rust examples of `docs/cli.md`, compiled and run as doctests.
#[doc = include_str!("../docs/cli.md")]
#[cfg(doctest)]
pub struct CliDoctests;
