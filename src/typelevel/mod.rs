//! The compile-time solver: marker types, the solver's traits and the solved board.
//!
//! See the crate documentation for how the pieces fit together.

pub mod cell;
pub mod chunks;
pub mod diagram;
pub mod gate;
pub mod pairs;
pub mod peano;
pub mod rules;
pub mod solved;
pub mod verify;
