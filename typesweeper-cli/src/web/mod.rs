//! `typesweeper serve`: the game in the browser, with the solver beside the player.
//!
//! Each game is a [`Session`](crate::session::Session), the same as `play`'s; this module is
//! the view that serves it:
//!
//! * [`json`]: what the page is sent of a session (the state it draws, hints, chances, ...).
//! * [`games`]: the games the server holds, with random ids, capped in number, dropped when
//!   idle, and never dropped to make room while played.
//! * [`solving`]: the gate of slow work (the solver's requests): a fixed number at once, a
//!   bounded queue, a timeout.
//! * [`api`]: the page, its assets and the JSON API, on axum.

pub mod api;
pub mod games;
pub mod json;
pub mod solving;
#[cfg(test)]
mod tests;

use std::io::{self, Write};
use std::net::SocketAddr;
use std::sync::Arc;

use crate::session::best::BestTimes;

/// The default address: loopback, the port of the Haskell games this project grew from.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8023";

/// Serves the game at `addr` until the process is stopped. Prints the URL once listening (and
/// a warning when `addr` is not a loopback address). Errors: the address cannot be bound.
pub fn serve(addr: SocketAddr, best: BestTimes, warning: Option<String>) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let bound = listener.local_addr()?;
        let mut out = io::stdout().lock();
        writeln!(
            out,
            "typesweeper: the game is at http://{bound}/ (Ctrl-C stops the server)"
        )?;
        if !bound.ip().is_loopback() {
            writeln!(
                out,
                "warning: {} is not a loopback address: other machines can reach this game",
                bound.ip()
            )?;
        }
        if let Some(warning) = warning {
            writeln!(out, "warning: {warning}")?;
        }
        out.flush()?;
        drop(out);
        let app = Arc::new(api::App::new(best));
        axum::serve(listener, api::router(app)).await
    })
}
