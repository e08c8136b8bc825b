//! `typesweeper gen --rows R --cols C --mines M [--count N] [--seed S] [--first-click safe|zero]
//! [--click R,C] [--level fragment|complete] [--format text|rust] [--max-attempts K]`
//!
//! Prints `N` boards, each opened by flood fill at the first click, that the level solves
//! without guessing. Seeds are tried in order from `--seed`; each board's header names its own
//! seed. In text, each block's `expect:` says what the compile-time `solve!` does with the board
//! (`solved`, `stuck` or `ambiguous`). A Rust test file holds only boards `solve!` finishes, so
//! `--format rust` refuses `--level complete`. Exit 0 when all `N` were found, 1 when the
//! attempts ran out, 2 on bad input.

use std::io::Write;
use std::process::ExitCode;

use typesweeper::runtime::generator::{
    compile_time_expect, find_board, rust_header, rust_test, text_block, GenError, Generated,
    Level, Spec,
};
use typesweeper::runtime::layout::FirstClick;

use super::{bad_input, FirstClickArg, LevelArg};

/// Output formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// Corpus-style blocks (`# board ...`, `puzzle:`, rows, `answer:`, rows).
    Text,
    /// A Rust test file with one `typesweeper::solve!` test per board (`--level fragment`
    /// only: the compile-time solver finishes no other boards).
    Rust,
}

/// Arguments of `gen`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rows.
    #[arg(long)]
    rows: usize,
    /// Columns.
    #[arg(long)]
    cols: usize,
    /// Mines.
    #[arg(long)]
    mines: usize,
    /// How many boards.
    #[arg(long, default_value_t = 1)]
    count: usize,
    /// The first seed to try (default: taken from the clock; every board names its seed).
    #[arg(long)]
    seed: Option<u64>,
    /// First-click rule. Default `zero`, as for `play` (`bench` defaults to `safe`, the rule
    /// of the headline win rates it is compared with).
    #[arg(long, value_enum, default_value_t = FirstClickArg::Zero)]
    first_click: FirstClickArg,
    /// The first click as 1-based `ROW,COL`. Default: R1C1 for `safe`; for `zero`, R3C3 on
    /// boards of at least 16x30 (either way round) and R2C2 on smaller ones.
    #[arg(long, value_name = "R,C", value_parser = parse_click)]
    click: Option<(usize, usize)>,
    /// The solver that must finish each board, both revealing from the answer and using the
    /// total mine count: `fragment` is what the compile-time `solve!` does, `complete` finishes
    /// more boards (text only: `solve!` fails on the ones `fragment` does not finish).
    #[arg(long, value_enum, default_value_t = LevelArg::Fragment)]
    level: LevelArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Seeds to try per board before giving up.
    #[arg(long, default_value_t = 100_000)]
    max_attempts: u64,
}

/// `R,C`, 1-based, to 0-based.
fn parse_click(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected ROW,COL counted from 1 (like 3,3), got `{text}`");
    let (r, c) = text.split_once(',').ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 {
        return Err(bad());
    }
    Ok((r - 1, c - 1))
}

/// Why `--format rust` refuses `--level complete`.
const RUST_NEEDS_FRAGMENT: &str = "--format rust needs --level fragment: `solve!` finishes only \
the boards `fragment` finishes, so a board only `complete` finishes would give a test that does \
not compile (--format text says in each block's `expect:` what `solve!` does with it)";

/// Runs `gen`.
pub fn run(args: Args) -> ExitCode {
    if args.format == Format::Rust && args.level != LevelArg::Fragment {
        return bad_input(RUST_NEEDS_FRAGMENT);
    }
    let spec = Spec {
        rows: args.rows,
        cols: args.cols,
        mines: args.mines,
        first_click: FirstClick::from(args.first_click),
        click: args.click,
        level: match args.level {
            LevelArg::Fragment => Level::Fragment,
            LevelArg::Complete => Level::Complete,
        },
        need: false,
    };
    let mut seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut out = std::io::stdout().lock();
    // Text goes out board by board; a Rust file once every board is known, since its first line
    // (the recursion limit) depends on all of them.
    let mut rust_boards: Vec<Generated> = Vec::new();
    // Set when a board is not found: said after the boards that were.
    let mut not_found = None;
    for n in 1..=args.count {
        let found = match find_board(&spec, seed, args.max_attempts) {
            Ok(found) => found,
            Err(GenError::Layout(e)) => return bad_input(e),
            Err(e @ GenError::NotFound { .. }) => {
                not_found = Some(format!(
                    "board {n}: {e} (seeds from {seed}; try --max-attempts)"
                ));
                break;
            }
        };
        seed = found.seed.wrapping_add(1);
        if args.format == Format::Rust {
            rust_boards.push(found);
            continue;
        }
        let expect = match compile_time_expect(&found.puzzle, &found.answer) {
            Ok(expect) => expect,
            Err(e) => return bad_input(format_args!("board {n} (seed {}): {e}", found.seed)),
        };
        if out
            .write_all(text_block(n, &spec, &found, expect).as_bytes())
            .is_err()
        {
            return ExitCode::from(1); // stdout closed
        }
    }
    if args.format == Format::Rust && !rust_boards.is_empty() {
        let (row, col) = spec.click();
        let mut text = format!(
            "{}//! Generated by `typesweeper gen`: {}x{}/{}, first click at {}, level \
             fragment.\n",
            rust_header(&rust_boards),
            spec.rows,
            spec.cols,
            spec.mines,
            typesweeper::board::CellName { row, col },
        );
        for (n, found) in rust_boards.iter().enumerate() {
            text.push_str(&rust_test(n + 1, &spec, found));
        }
        if out.write_all(text.as_bytes()).is_err() {
            return ExitCode::from(1);
        }
    }
    let _ = out.flush();
    match not_found {
        Some(message) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    }
}
