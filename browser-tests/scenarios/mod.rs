//! The scenarios, one module each, named as its test: each module declares its test with
//! `browser_test!` and plays it in its `play`, with whatever helpers only it uses.

mod a_position_that_needs_a_guess_at_complete;
mod back_and_forward;
mod compile_time_view_and_export;
mod flags_and_marks;
mod hint_and_why;
mod keyboard_use;
mod large_boards_and_overlays;
mod opening_and_chording;
mod seeds_beyond_2_pow_53;
mod the_solver;
