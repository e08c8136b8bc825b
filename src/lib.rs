//! typesweeper: rustc's trait solver plays Minesweeper at compile time.
#![warn(missing_docs)]

pub use typesweeper_board as board;

pub mod runtime;
pub mod typelevel;

pub use frunk_core::hlist::{HCons, HNil};
pub use frunk_core::HList;
pub use typelevel::cell::{CellType, Mine, Num};
pub use typelevel::peano::{FromUnsigned, Peano, S, Z};
pub use typelevel::rules::{NeighbsToRules, Reveal, Rule};
pub use typelevel::solved::{BoardRows, CellRow, CellRows, RowCells, Solved};
pub use typelevel::verify::{Mines, Safes, Tally, Verify};

pub use typesweeper_macros::{puzzle, solve};
