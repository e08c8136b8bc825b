//! typesweeper: rustc's trait solver plays Minesweeper at compile time.
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
//! [`solve!`] writes the board as types: cells are [`Mine`] and [`Num<N>`], counts are Peano
//! numbers [`Z`] and [`S<N>`], and every `?` becomes a type parameter named after its
//! coordinates (`Cell_R1C1` is the top-left cell) that rustc must infer. The rules are trait bounds:
//!
//! * [`NeighbsToRules`]: a number counts the mines among its neighbours, through [`Rule`], an
//!   HList count with one impl per head cell. When only one head survives rustc's probing of
//!   the candidates, it commits and fills in the cell.
//! * [`Reveal`]: an unknown cell meets its concealed answer cell only once the rules have proved
//!   it safe (the answer's number becomes a new rule) or a mine.
//! * [`Tally`], [`Verify`], [`VerifyBack`]: the answer's mine total over the unknown cells, as a
//!   chain of counts that decides "no mines remain" and "every unknown cell left is a mine".
//! * [`Decided`]: stated first, so an ambiguous board's first error names its first undecided
//!   cell.
//!
//! The generated function returns a zero-sized [`Solved`] whose type holds the derived cells;
//! `solve!` reads them off that type at compile time into a constant [`CellRows`], its value,
//! which `Display` prints as board text.
//!
//! Modules: [`typelevel`] holds the compile-time solver, [`board`] the board text format and
//! cell vocabulary shared with the runtime mirror.
#![warn(missing_docs)]

pub use typesweeper_board as board;

pub mod runtime;
pub mod typelevel;

pub use frunk_core::hlist::{HCons, HNil};
pub use frunk_core::HList;
pub use typelevel::cell::{CellType, Mine, Num};
pub use typelevel::chunks::Holds;
pub use typelevel::peano::{FromUnsigned, Peano, S, Z};
pub use typelevel::rules::{CellRules, Decided, NeighbsToRules, Reveal, Rule};
pub use typelevel::solved::{BoardRows, CellRow, CellRows, RowCells, Solved};
pub use typelevel::verify::{Later, Tally, Verify, VerifyBack};

pub use typesweeper_macros::{puzzle, solve};

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
