//! `typesweeper solve [--level fragment|pairs|complete] [--answer FILE] [--mines N] [--explain]
//! FILE`
//!
//! Prints the board with every decided cell filled in: `x` a mine, a number for a safe cell
//! whose number is known, `s` for a safe cell whose number is not, `?` undecided. With
//! `--explain`, a blank line and then one line per deduction follow the board. Exit 0 when every
//! cell is decided, 1 when some are not, 2 on bad input.
//!
//! Exit 3 when `complete` ran out of its work budget (`--budget`): the board printed is still
//! all proved (the parts it finished, and the local rules elsewhere), and stderr says which part
//! of the board it gave up on and how to raise the budget.
//!
//! `FILE` is a bare board, one corpus-style block, or the body of a `solve!` call as a test file
//! has it (`puzzle: [[? ?] [1 1]] answer: [[x 1] [1 1]]`, the macro call around it allowed),
//! so the cells a compile error leaves undecided can be listed by pasting the board.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use typesweeper::board::corpus::{is_block_text, parse_blocks, parse_puzzle_file};
use typesweeper::board::solve_body::{is_solve_body, parse_solve_body, Word};
use typesweeper::board::{Board, ParseError};
use typesweeper::runtime::{complete, fragment, pairs, Given};

use super::input::{is_stdin, name, read};
use super::{bad_input, LevelArg};

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The solver: `fragment` (the compile-time rules), `pairs` (those of `solve!`'s
    /// `level: pairs`) or `complete` (everything deducible). Default: the file's `level:` if it
    /// has one, else `fragment` when an answer is given, `complete` otherwise.
    #[arg(long, value_enum)]
    level: Option<LevelArg>,
    /// The full answer: cells proved safe reveal their numbers from it, and it gives the total
    /// mine count. A bare board, or a block or `solve!` body whose answer is used.
    #[arg(long, value_name = "FILE")]
    answer: Option<PathBuf>,
    /// The total number of mines on the board (when no answer is given).
    #[arg(long, value_name = "N")]
    mines: Option<usize>,
    /// After the board, print a blank line and the deduction trace, one step per line.
    #[arg(long)]
    explain: bool,
    /// The work budget of `complete`, in millions of steps (default 60, which keeps `solve`
    /// within about 1 GB and 10 s; a step is about one transition of its search). When it
    /// runs out, what was proved is printed, stderr names the part of the board given up on,
    /// and the exit status is 3. The other levels do not search and ignore it.
    #[arg(long, value_name = "MILLIONS")]
    budget: Option<u64>,
    /// The puzzle: a bare board, one `puzzle:`/`answer:` block, or the body of a `solve!` call
    /// (`puzzle: [[? ?] [1 1]] answer: [[x 1] [1 1]]`, optionally with `level: fragment`,
    /// `level: pairs` or `level: complete` first and the call around it). `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

/// What a puzzle file holds.
struct PuzzleFile {
    puzzle: Board,
    answer: Option<Board>,
    /// A `solve!` body's `level:`.
    level: Option<Word>,
}

/// Reads a puzzle file in any of its three forms.
fn parse_puzzle(text: &str) -> Result<PuzzleFile, ParseError> {
    if is_solve_body(text) {
        let body = parse_solve_body(text)?;
        return Ok(PuzzleFile {
            puzzle: body.puzzle,
            answer: body.answer,
            level: body.level,
        });
    }
    let (puzzle, answer) = parse_puzzle_file(text)?;
    Ok(PuzzleFile {
        puzzle,
        answer,
        level: None,
    })
}

/// The level a `solve!` body names: `fragment`, `pairs` or `complete`, the macro's levels,
/// spelt as `--level` spells them (the same words, so a level the macro gains is read here too).
fn body_level(word: &Word) -> Result<LevelArg, ParseError> {
    <LevelArg as clap::ValueEnum>::from_str(&word.text, false).map_err(|_| ParseError {
        line: word.line,
        column: word.column,
        message: format!(
            "unknown level `{}` (expected `fragment`, `pairs` or `complete`, the compile-time \
             levels; --level chooses the solver too)",
            word.text
        ),
    })
}

/// Reads an answer file: a bare board, or a block's `answer:` section.
fn read_answer(path: &Path) -> Result<Board, String> {
    let text = read(path)?;
    let located = |e: typesweeper::board::ParseError| {
        format!("{}:{}:{}: {}", name(path), e.line, e.column, e.message)
    };
    let answer: Board = if is_solve_body(&text) {
        parse_solve_body(&text)
            .map_err(located)?
            .answer
            .ok_or_else(|| format!("{}: the `solve!` body has no `answer:`", name(path)))?
    } else if !is_block_text(&text) {
        text.parse().map_err(located)?
    } else {
        let blocks = parse_blocks(&text).map_err(located)?;
        match blocks.as_slice() {
            [block] => block
                .answer
                .clone()
                .ok_or_else(|| format!("{}: the block has no `answer:` section", name(path)))?,
            _ => {
                return Err(format!(
                    "{}: expected one `puzzle:` block, found {}",
                    name(path),
                    blocks.len()
                ))
            }
        }
    };
    answer
        .check_answer()
        .map_err(|e| format!("{}: the answer is inconsistent: {e}", name(path)))?;
    Ok(answer)
}

/// Runs `solve`.
pub fn run(args: Args) -> ExitCode {
    if is_stdin(&args.file) && args.answer.as_deref().is_some_and(is_stdin) {
        return bad_input(
            "the puzzle and --answer cannot both be `-`: standard input is read once",
        );
    }
    let text = match read(&args.file) {
        Ok(t) => t,
        Err(e) => return bad_input(e),
    };
    let located = |e: ParseError| {
        bad_input(format_args!(
            "{}:{}:{}: {}",
            name(&args.file),
            e.line,
            e.column,
            e.message
        ))
    };
    let PuzzleFile {
        puzzle,
        answer: embedded,
        level: file_level,
    } = match parse_puzzle(&text) {
        Ok(p) => p,
        Err(e) => return located(e),
    };
    let file_level = match file_level.as_ref().map(body_level).transpose() {
        Ok(level) => level,
        Err(e) => return located(e),
    };
    let answer = match (&args.answer, embedded) {
        (Some(_), Some(_)) => {
            return bad_input(format_args!(
                "{}: has an `answer:` section and --answer was given too; use one",
                name(&args.file)
            ))
        }
        (Some(path), None) => match read_answer(path) {
            Ok(a) => Some(a),
            Err(e) => return bad_input(e),
        },
        (None, embedded) => embedded,
    };
    let level = args.level.or(file_level).unwrap_or(if answer.is_some() {
        LevelArg::Fragment
    } else {
        LevelArg::Complete
    });
    let given = Given {
        answer: answer.as_ref(),
        total_mines: args.mines,
    };
    let budget = args
        .budget
        .map_or_else(complete::Budget::default, |millions| {
            complete::Budget::new(millions.saturating_mul(1_000_000))
        });
    let mut unfinished = Vec::new();
    let result = match level {
        LevelArg::Fragment => fragment::solve(&puzzle, given),
        LevelArg::Pairs => pairs::solve(&puzzle, given),
        LevelArg::Complete => complete::solve_within(&puzzle, given, &budget).map(|solved| {
            unfinished = solved.unfinished;
            solved.deduction
        }),
    };
    let deduction = match result {
        Ok(d) => d,
        Err(e) => return bad_input(format_args!("{}: {e}", name(&args.file))),
    };
    if let Err(e) = super::check::some_layout_fits(&deduction, level, answer.is_some()) {
        return bad_input(format_args!("{}: {e}", name(&args.file)));
    }
    let mut text = format!("{deduction}\n");
    if args.explain {
        text.push('\n');
        for line in deduction.explain() {
            text.push_str(&line);
            text.push('\n');
        }
    }
    if let Err(code) = super::output::print(&text) {
        return code;
    }
    if !unfinished.is_empty() {
        return out_of_budget(&args.file, puzzle.cols(), &unfinished, &budget);
    }
    if deduction.is_solved() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Says on stderr which `unfinished` parts of the board (of `cols` columns) `complete` gave up
/// on when `budget` ran out, and how to raise it; exit code 3.
fn out_of_budget(
    file: &Path,
    cols: usize,
    unfinished: &[complete::Unfinished],
    budget: &complete::Budget,
) -> ExitCode {
    const SHOWN: usize = 3;
    let mut parts: Vec<String> = unfinished
        .iter()
        .take(SHOWN)
        .map(|part| part.describe(cols))
        .collect();
    if unfinished.len() > SHOWN {
        parts.push(format!("{} more", unfinished.len() - SHOWN));
    }
    let millions = budget.limit() / 1_000_000;
    super::output::error(format_args!(
        "{}: out of budget: complete spent its {budget} and gave up on the frontier at {}; \
         every cell printed is proved, but these parts may hold more; raise the budget with \
         --budget MILLIONS (now {millions}), e.g. --budget {}",
        name(file),
        parts.join("; "),
        millions.saturating_mul(10).max(1)
    ));
    ExitCode::from(3)
}
