//! What the two games, `play` in the terminal ([`crate::tui`]) and `serve` in the browser
//! (`crate::web`), share around a [`Game`](typesweeper::runtime::game::Game): how boards are
//! dealt ([`deal`]), what the solver shows beside the player ([`solver`]), the clock
//! ([`clock`]) and the best times ([`best`], one file for both games).

pub mod best;
pub mod clock;
pub mod deal;
pub mod solver;
