//! The macros of [typesweeper](https://docs.rs/typesweeper): `solve!` turns a board written as
//! tokens into types and lets rustc's trait solver derive its hidden cells. Use them through
//! the `typesweeper` crate, which documents them.

mod expand;
mod parse;

use proc_macro::TokenStream;

/// Solves a puzzle at compile time. See `typesweeper::solve!`.
#[proc_macro]
pub fn solve(input: TokenStream) -> TokenStream {
    match expand::solve(input.into()) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// A board written as tokens, as a type. See `typesweeper::puzzle!`.
#[proc_macro]
pub fn puzzle(input: TokenStream) -> TokenStream {
    match expand::puzzle(input.into()) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}
