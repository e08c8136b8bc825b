//! `typesweeper serve [--addr ADDR]`
//!
//! The game in the browser (see [`crate::web`]), at `http://127.0.0.1:8023/` by default. Exit 1
//! when the address cannot be bound, 2 on a malformed address.

use std::net::SocketAddr;
use std::process::ExitCode;

use crate::session::best::BestTimes;
use crate::web::{serve, DEFAULT_ADDR};

/// Arguments of `serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Where to listen, IP:PORT. Loopback by default; any other address lets other machines
    /// play. Port 0 picks a free port (the printed URL says which).
    #[arg(long, default_value = DEFAULT_ADDR)]
    addr: SocketAddr,
}

/// Runs `serve`.
pub fn run(args: Args) -> ExitCode {
    let (best, warning) = BestTimes::open_default();
    match serve(args.addr, best, warning) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            super::output::error(format_args!("cannot serve at {}: {e}", args.addr));
            ExitCode::from(1)
        }
    }
}
