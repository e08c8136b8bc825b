//! `typesweeper solve [--level fragment|complete] [--answer FILE] [--mines N] [--explain] FILE`
//!
//! Prints the board with every decided cell filled in: `x` a mine, a number for a safe cell
//! whose number is known, `s` for a safe cell whose number is not, `?` undecided. With
//! `--explain`, a blank line and then one line per deduction follow the board. Exit 0 when every
//! cell is decided, 1 when some are not, 2 on bad input.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use typesweeper::board::corpus::{is_block_text, parse_blocks, parse_puzzle_file};
use typesweeper::board::Board;
use typesweeper::runtime::{complete, fragment, Given};

use super::{bad_input, LevelArg};

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The solver: `fragment` (the compile-time rules) or `complete` (everything deducible).
    /// Default: `fragment` when an answer is given, `complete` otherwise.
    #[arg(long, value_enum)]
    level: Option<LevelArg>,
    /// The full answer: cells proved safe reveal their numbers from it, and it gives the total
    /// mine count. A bare board, or a block whose `answer:` section is used.
    #[arg(long, value_name = "FILE")]
    answer: Option<PathBuf>,
    /// The total number of mines on the board (when no answer is given).
    #[arg(long, value_name = "N")]
    mines: Option<usize>,
    /// After the board, print a blank line and the deduction trace, one step per line.
    #[arg(long)]
    explain: bool,
    /// The puzzle: a bare board, or one `puzzle:`/`answer:` block (`-` reads standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

fn read(path: &Path) -> Result<String, String> {
    if path == Path::new("-") {
        return std::io::read_to_string(std::io::stdin())
            .map_err(|e| format!("<stdin>: cannot read: {e}"));
    }
    std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))
}

/// Reads an answer file: a bare board, or a block's `answer:` section.
fn read_answer(path: &Path) -> Result<Board, String> {
    let text = read(path)?;
    let located = |e: typesweeper::board::ParseError| {
        format!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message)
    };
    let answer: Board = if !is_block_text(&text) {
        text.parse().map_err(located)?
    } else {
        let blocks = parse_blocks(&text).map_err(located)?;
        match blocks.as_slice() {
            [block] => block
                .answer
                .clone()
                .ok_or_else(|| format!("{}: the block has no `answer:` section", path.display()))?,
            _ => {
                return Err(format!(
                    "{}: expected one `puzzle:` block, found {}",
                    path.display(),
                    blocks.len()
                ))
            }
        }
    };
    answer
        .check_answer()
        .map_err(|e| format!("{}: the answer is inconsistent: {e}", path.display()))?;
    Ok(answer)
}

/// Runs `solve`.
pub fn run(args: Args) -> ExitCode {
    let text = match read(&args.file) {
        Ok(t) => t,
        Err(e) => return bad_input(e),
    };
    let (puzzle, embedded) = match parse_puzzle_file(&text) {
        Ok(p) => p,
        Err(e) => {
            let file = args.file.display();
            return bad_input(format_args!(
                "{file}:{}:{}: {}",
                e.line, e.column, e.message
            ));
        }
    };
    let answer = match (&args.answer, embedded) {
        (Some(_), Some(_)) => {
            return bad_input(format_args!(
                "{}: has an `answer:` section and --answer was given too; use one",
                args.file.display()
            ))
        }
        (Some(path), None) => match read_answer(path) {
            Ok(a) => Some(a),
            Err(e) => return bad_input(e),
        },
        (None, embedded) => embedded,
    };
    let level = args.level.unwrap_or(if answer.is_some() {
        LevelArg::Fragment
    } else {
        LevelArg::Complete
    });
    let given = Given {
        answer: answer.as_ref(),
        total_mines: args.mines,
    };
    let result = match level {
        LevelArg::Fragment => fragment::solve(&puzzle, given),
        LevelArg::Complete => complete::solve(&puzzle, given),
    };
    let deduction = match result {
        Ok(d) => d,
        Err(e) => return bad_input(format_args!("{}: {e}", args.file.display())),
    };
    println!("{deduction}");
    if args.explain {
        println!();
        for line in deduction.explain() {
            println!("{line}");
        }
    }
    if deduction.is_solved() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
