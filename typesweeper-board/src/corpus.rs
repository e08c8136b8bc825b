//! Corpus files: blocks of a puzzle and its answer with the outcome the solver must produce.
//!
//! ```text
//! # game 10   expect: solved
//! puzzle:
//! 2 ? 2
//! ? ? ?
//! answer:
//! 2 3 2
//! x x x
//! ```
//!
//! Blocks are separated by blank lines. A section with no rows (`puzzle:` directly followed by
//! `answer:`) is a board of one empty row.

use crate::{Board, ParseError};

/// What the solver must do with a corpus board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The compile-time fragment derives every cell.
    Solved,
    /// The board has more than one solution: no solver can finish it.
    Ambiguous,
    /// The compile-time fragment cannot finish it.
    Stuck,
}

/// One block of a corpus file.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The block's `#` line without the `#` and the `expect:` part, e.g. `game 10`.
    pub title: String,
    /// The expected outcome.
    pub expect: Expect,
    /// The puzzle.
    pub puzzle: Board,
    /// The answer.
    pub answer: Board,
    /// Line (from 1) of the block's `#` line.
    pub line: usize,
}

/// Parses a corpus file.
///
/// ```
/// let text = "# game 3   expect: solved\npuzzle:\n? 1\nanswer:\nx 1\n";
/// let entries = typesweeper_board::corpus::parse(text).unwrap();
/// assert_eq!(entries[0].title, "game 3");
/// assert_eq!(entries[0].answer.to_string(), "x 1");
/// ```
pub fn parse(text: &str) -> Result<Vec<Entry>, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut entries = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        if line.is_empty() {
            i += 1;
            continue;
        }
        let err = |line: usize, message: String| ParseError {
            line: line + 1,
            column: 1,
            message,
        };
        let head = line.strip_prefix('#').ok_or_else(|| {
            err(
                i,
                format!("expected a `# ... expect: ...` line, found `{line}`"),
            )
        })?;
        let (title, expect) = head
            .split_once("expect:")
            .ok_or_else(|| err(i, "the `#` line has no `expect:`".into()))?;
        let expect = match expect.trim() {
            "solved" => Expect::Solved,
            "ambiguous" => Expect::Ambiguous,
            "stuck" => Expect::Stuck,
            other => return Err(err(i, format!("unknown expectation `{other}`"))),
        };
        let start = i;
        i += 1;
        let puzzle = section(&lines, &mut i, "puzzle:")?;
        let answer = section(&lines, &mut i, "answer:")?;
        entries.push(Entry {
            title: title.trim().to_string(),
            expect,
            puzzle,
            answer,
            line: start + 1,
        });
    }
    Ok(entries)
}

fn section(lines: &[&str], i: &mut usize, name: &str) -> Result<Board, ParseError> {
    if lines.get(*i).map(|l| l.trim()) != Some(name) {
        return Err(ParseError {
            line: *i + 1,
            column: 1,
            message: format!("expected `{name}`"),
        });
    }
    *i += 1;
    let start = *i;
    while *i < lines.len() {
        let l = lines[*i].trim();
        if l.is_empty() || l.starts_with('#') || l.ends_with(':') {
            break;
        }
        *i += 1;
    }
    if start == *i {
        return Ok(Board::new(1, 0, Vec::new()));
    }
    lines[start..*i]
        .join("\n")
        .parse()
        .map_err(|e: ParseError| ParseError {
            line: e.line + start,
            ..e
        })
}
