//! `typesweeper gen --rows R --cols C --mines M [--count N] [--seed S] [--first-click safe|zero]
//! [--click R,C] [--level fragment|pairs|complete | --need pairs|complete] [--format text|rust]
//! [--max-attempts K]`
//!
//! Prints `N` boards, each opened by flood fill at the first click, that the level solves
//! without guessing; with `--need LEVEL`, boards that LEVEL solves and the level below it
//! (`fragment` below `pairs`, `pairs` below `complete`) does not. Seeds are tried in order from
//! `--seed`; each board's header names its own seed. In text, each block's `expect:` says what
//! the compile-time `solve!` does with the board (`solved`, `stuck` or `ambiguous`) at the level
//! the boards are for: `level: pairs` for `pairs`, `level: complete` for `complete`, the default
//! `fragment` otherwise. A Rust test file holds the boards as tests whose `solve!` calls (at the
//! level asked for) rustc solves while compiling them. Exit 0 when all `N` were found, 1 when
//! the attempts ran out, 2 on bad input.

use std::process::ExitCode;

use typesweeper::codegen::{rust_header, rust_test};
use typesweeper::runtime::generator::{
    expect_at, find_board, text_block, GenError, Generated, Level, Spec,
};
use typesweeper::runtime::layout::FirstClick;

use super::output::{self, Output};
use super::{bad_input, FirstClickArg, LevelArg};

/// Output formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// Corpus-style blocks (`# board ...`, `puzzle:`, rows, `answer:`, rows).
    Text,
    /// A Rust test file with one `typesweeper::solve!` test per board at the `--level` given
    /// (a `pairs` or `complete` call starts with its `level:`).
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
    /// The solver that must finish each board, all revealing from the answer and using the
    /// total mine count: `fragment` is what the compile-time `solve!` does, `pairs` what it does
    /// with `level: pairs`, `complete` what it does with `level: complete` (everything that can
    /// be deduced). In text, `expect:` says what `solve!` does at that level.
    #[arg(long, value_enum, default_value_t = LevelArg::Fragment)]
    level: LevelArg,
    /// Only boards that need LEVEL: LEVEL finishes them and the level below it does not
    /// (`pairs`: boards `fragment` cannot finish; `complete`: boards `pairs` cannot finish).
    /// Instead of --level.
    #[arg(long, value_enum, value_name = "LEVEL", conflicts_with = "level")]
    need: Option<NeedArg>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Seeds to try per board before giving up.
    #[arg(long, default_value_t = 100_000)]
    max_attempts: u64,
}

/// The levels `--need` takes: those with a level below them.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum NeedArg {
    /// Boards `pairs` finishes and `fragment` does not.
    Pairs,
    /// Boards `complete` finishes and `pairs` does not.
    Complete,
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

/// Runs `gen`.
pub fn run(args: Args) -> ExitCode {
    let (level, need) = match args.need {
        Some(NeedArg::Pairs) => (Level::Pairs, true),
        Some(NeedArg::Complete) => (Level::Complete, true),
        None => (Level::from(args.level), false),
    };
    let spec = Spec {
        rows: args.rows,
        cols: args.cols,
        mines: args.mines,
        first_click: FirstClick::from(args.first_click),
        click: args.click,
        level,
        need,
    };
    // Everything is checked before anything is written: a bad request writes nothing, even
    // with --count 0.
    if let Err(e) = spec.check() {
        return bad_input(e);
    }
    let mut seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut out = Output::new();
    // Text goes out board by board; a Rust file once every board is known, since its first line
    // (the recursion limit) depends on all of them.
    let mut rust_boards: Vec<Generated> = Vec::new();
    // Set when a board is not found: said after the boards that were.
    let mut not_found = None;
    'boards: for n in 1..=args.count {
        let found = match find_board(&spec, seed, args.max_attempts) {
            Ok(found) => found,
            Err(GenError::Layout(e)) => return bad_input(e),
            Err(e @ GenError::NotFound { .. }) => {
                not_found = Some(format!(
                    "board {n}: {e} (seeds from {seed}; try --max-attempts)"
                ));
                break 'boards;
            }
        };
        seed = found.seed.wrapping_add(1);
        if args.format == Format::Rust {
            rust_boards.push(found);
            continue;
        }
        let expect = match expect_at(level, &found.puzzle, &found.answer) {
            Ok(expect) => expect,
            Err(e) => return bad_input(format_args!("board {n} (seed {}): {e}", found.seed)),
        };
        if let Err(code) = out.write(&text_block(n, &spec, &found, expect)) {
            return code;
        }
    }
    if args.format == Format::Rust && !rust_boards.is_empty() {
        let (row, col) = spec.click();
        let mut text = format!(
            "{}//! Generated by `typesweeper gen`: {}x{}/{}, first click at {}, level {}{}.\n",
            rust_header(&rust_boards),
            spec.rows,
            spec.cols,
            spec.mines,
            typesweeper::board::CellName { row, col },
            level,
            match (need, level) {
                (true, Level::Complete) => " (boards pairs cannot finish)",
                (true, _) => " (boards fragment cannot finish)",
                (false, _) => "",
            },
        );
        for (n, found) in rust_boards.iter().enumerate() {
            text.push_str(&rust_test(n + 1, &spec, found));
        }
        if let Err(code) = out.write(&text) {
            return code;
        }
    }
    if let Err(code) = out.finish() {
        return code;
    }
    match not_found {
        Some(message) => {
            output::error(message);
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    }
}
