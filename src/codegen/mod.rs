//! Rust source written from boards: a board as a `solve!` call ([`solve_call_at`]) and the
//! recursion limit a file of them needs ([`recursion_limit`]); the test files `typesweeper gen
//! --format rust` writes ([`rust_header`], [`rust_test`]); a game position as a test that
//! compiles or a trybuild compile-fail case ([`export`]), with rustc's error predicted to the
//! byte ([`predicted_stderr`]).
//!
//! The files' text is written as templates that read as the files they produce (see
//! `UI_DRIVER` and the templates beside each function in the sources).

mod export;
mod solve_call;
mod stderr;
mod template;
mod test_file;

pub use export::{
    check_name, export, export_for, export_within, Export, ExportError, ExportFile, ExportKind,
    MAX_COMPILE_FAIL_COLS, MAX_NAME_LEN, UI_DRIVER,
};
pub use solve_call::{recursion_limit, recursion_limit_of, solve_call, solve_call_at};
pub use stderr::{cell_position, predicted_stderr, Edition, DIAGNOSTIC_WIDTH};
pub use test_file::{rust_header, rust_test};
