//! Standard output and standard error for the commands, without panics.
//!
//! `println!` panics when standard output is gone (`typesweeper solve b.txt | head -c1`: broken
//! pipe) or full (`> /dev/full`), and `eprintln!` likewise on standard error. The commands
//! write through here instead: a closed pipe ends the command quietly, any other failure (a
//! full disk) with one line on standard error; either way with exit status 1, since the work
//! did not reach its reader.

use std::io::{self, Write};
use std::process::ExitCode;

/// Standard output, written with errors reported.
pub(crate) struct Output {
    out: io::StdoutLock<'static>,
}

impl Output {
    /// Standard output. (One closed with `>&-` is not seen here: Rust's start-up code opens
    /// `/dev/null` in its place, so such output is discarded as with `> /dev/null`.)
    pub(crate) fn new() -> Output {
        Output {
            out: io::stdout().lock(),
        }
    }

    /// Writes `text` (the caller's lines, with their line breaks).
    pub(crate) fn write(&mut self, text: &str) -> Result<(), ExitCode> {
        self.out.write_all(text.as_bytes()).map_err(failed)
    }

    /// Flushes what is left; the command's last write.
    pub(crate) fn finish(mut self) -> Result<(), ExitCode> {
        self.out.flush().map_err(failed)
    }
}

/// Writes `text` to standard output in one go: [`Output::write`] and [`Output::finish`].
pub(crate) fn print(text: &str) -> Result<(), ExitCode> {
    let mut out = Output::new();
    out.write(text)?;
    out.finish()
}

/// The exit code for a failed write to standard output, said on standard error unless the
/// reader simply stopped reading.
fn failed(e: io::Error) -> ExitCode {
    if e.kind() != io::ErrorKind::BrokenPipe {
        error(format_args!("cannot write to standard output: {e}"));
    }
    ExitCode::from(1)
}

/// Prints `error: {message}` on standard error; when standard error itself cannot be written,
/// nothing (the exit status still tells).
pub(crate) fn error(message: impl std::fmt::Display) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}
