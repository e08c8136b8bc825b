//! The runtime mirror: a Minesweeper game engine and solvers that follow the same rules as the
//! compile-time solver ([`fragment`], and [`pairs`] for `level: pairs`) or decide everything that
//! can be decided ([`complete`]).
//!
//! Everything here is plain data indexed by row-major cell id, with no global state; the game
//! knows nothing about terminals. Writing Rust source (`solve!` calls, test files, predicted
//! errors) is [`codegen`](crate::codegen)'s.

pub mod autoplay;
pub mod compile_view;
pub mod complete;
pub mod consistency;
pub mod deduction;
pub mod fragment;
pub mod game;
pub mod generator;
pub mod layout;
mod ln;
pub mod pairs;

pub use deduction::{Deduced, Deduction, Given, Reason, SolveError, Step};
