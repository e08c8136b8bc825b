//! Corpus-style board files: blocks of a `# ... expect: solved|ambiguous|stuck` comment,
//! `puzzle:`, rows, `answer:`, rows, separated by blank lines.
//!
//! A section with no rows is a board with one empty row (1x0), as in the corpus's game 0.
//!
//! ```
//! use typesweeper_board::corpus::{parse_blocks, Expect};
//!
//! let text = "# game 3   expect: solved\npuzzle:\n? 1\nanswer:\nx 1\n";
//! let blocks = parse_blocks(text).unwrap();
//! assert_eq!(blocks[0].expect, Some(Expect::Solved));
//! assert_eq!(blocks[0].answer.as_ref().unwrap().to_string(), "x 1");
//! ```

use crate::{lines as text_lines, Board, ParseError};

/// What a corpus block says the compile-time solver (`solve!`) does with the board and its
/// answer. Every word counts reveals: a cell proved safe shows its number from the answer, as it
/// does at compile time, and the answer's mine total is known.
///
/// `typesweeper gen` writes the word its board earns: `solved` when the runtime `fragment` (the
/// compile-time rules) finishes it, otherwise `stuck` when `complete` (everything that every
/// fitting layout agrees on) finishes it, otherwise `ambiguous`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expect {
    /// The compile-time rules (each number alone, reveals, the mine total) decide every cell:
    /// `solve!` compiles and gives the answer.
    Solved,
    /// Several layouts fit: even complete deduction, with reveals and the mine total, leaves
    /// some cell undecided, so no solver finishes the board without guessing and `solve!` must
    /// fail (E0277).
    Ambiguous,
    /// One layout fits: complete deduction, with reveals and the mine total, decides every
    /// cell, but the compile-time rules cannot, so `solve!` must fail (E0277).
    Stuck,
}

impl Expect {
    /// The word a block's comment uses: `solved`, `ambiguous` or `stuck`.
    ///
    /// ```
    /// use typesweeper_board::corpus::Expect;
    /// assert_eq!(Expect::Stuck.word(), "stuck");
    /// assert_eq!(Expect::from_word("ambiguous"), Some(Expect::Ambiguous));
    /// ```
    pub fn word(self) -> &'static str {
        match self {
            Expect::Solved => "solved",
            Expect::Ambiguous => "ambiguous",
            Expect::Stuck => "stuck",
        }
    }

    /// The `Expect` a comment's word names, if any.
    pub fn from_word(word: &str) -> Option<Expect> {
        [Expect::Solved, Expect::Ambiguous, Expect::Stuck]
            .into_iter()
            .find(|e| e.word() == word)
    }
}

impl std::fmt::Display for Expect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// One block of a corpus file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The comment line before `puzzle:` (without `#`), empty when there is none.
    pub title: String,
    /// The `expect:` word of the comment, when there is one.
    pub expect: Option<Expect>,
    /// Line (from 1) of the block's `puzzle:`.
    pub line: usize,
    /// The puzzle.
    pub puzzle: Board,
    /// The answer, when the block has an `answer:` section.
    pub answer: Option<Board>,
}

impl Block {
    /// The title without its `expect:` part: `game 10` for `# game 10   expect: solved`.
    ///
    /// ```
    /// let blocks = typesweeper_board::corpus::parse_blocks("# board 3 9x9/10  expect: stuck\npuzzle:\n?\n").unwrap();
    /// assert_eq!(blocks[0].name(), "board 3 9x9/10");
    /// ```
    pub fn name(&self) -> &str {
        self.title.split("expect:").next().unwrap_or("").trim()
    }

    /// The name as an identifier, what the board's compile-fail cases (`ui-tests/`) are named
    /// after: every run of other characters than ASCII letters and digits one `_`.
    ///
    /// ```
    /// let blocks = typesweeper_board::corpus::parse_blocks("# board 3 9x9/10  expect: stuck\npuzzle:\n?\n").unwrap();
    /// assert_eq!(blocks[0].ident(), "board_3_9x9_10");
    /// ```
    pub fn ident(&self) -> String {
        self.name()
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("_")
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Puzzle,
    Answer,
}

/// A block being read: its title, `puzzle:` line, and the line numbers of each section's rows.
struct Open<'t> {
    title: &'t str,
    line: usize,
    section: Section,
    puzzle: Vec<usize>,
    answer: Option<Vec<usize>>,
}

/// Parses every block of a corpus file. Errors carry the file's own line and column.
pub fn parse_blocks(text: &str) -> Result<Vec<Block>, ParseError> {
    let lines: Vec<&str> = text_lines(text).collect();
    let mut blocks = Vec::new();
    let mut title = "";
    let mut open: Option<Open<'_>> = None;
    for (ln, raw) in lines.iter().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            if let Some(o) = open.take() {
                blocks.push(close(&lines, o)?);
            }
            title = "";
        } else if let Some(comment) = line.strip_prefix('#') {
            if open.is_none() {
                title = comment.trim();
            }
        } else if line == "puzzle:" {
            if let Some(o) = open.take() {
                blocks.push(close(&lines, o)?);
            }
            open = Some(Open {
                title,
                line: ln + 1,
                section: Section::Puzzle,
                puzzle: Vec::new(),
                answer: None,
            });
            title = "";
        } else if line == "answer:" {
            match open.as_mut() {
                Some(o) if o.answer.is_none() => {
                    o.section = Section::Answer;
                    o.answer = Some(Vec::new());
                }
                Some(_) => return Err(error(ln, raw, "a second `answer:` in one block")),
                None => return Err(error(ln, raw, "`answer:` before `puzzle:`")),
            }
        } else {
            match open.as_mut() {
                Some(o) => match o.section {
                    Section::Puzzle => o.puzzle.push(ln),
                    Section::Answer => o.answer.get_or_insert_with(Vec::new).push(ln),
                },
                None => return Err(error(ln, raw, "a board row outside a `puzzle:` section")),
            }
        }
    }
    if let Some(o) = open.take() {
        blocks.push(close(&lines, o)?);
    }
    Ok(blocks)
}

/// Whether `text` is corpus-style (has a `puzzle:` line) rather than a bare board.
pub fn is_block_text(text: &str) -> bool {
    text_lines(text).any(|l| l.trim() == "puzzle:")
}

/// Reads a file that holds either a bare board or one corpus-style block: the puzzle and, for a
/// block with an `answer:` section, the answer.
pub fn parse_puzzle_file(text: &str) -> Result<(Board, Option<Board>), ParseError> {
    if !is_block_text(text) {
        return Ok((text.parse()?, None));
    }
    let mut blocks = parse_blocks(text)?;
    if blocks.len() != 1 {
        return Err(ParseError {
            line: blocks.get(1).map_or(1, |b| b.line),
            column: 1,
            message: format!("expected one `puzzle:` block, found {}", blocks.len()),
        });
    }
    let block = blocks.remove(0);
    Ok((block.puzzle, block.answer))
}

fn error(ln: usize, raw: &str, message: &str) -> ParseError {
    ParseError {
        line: ln + 1,
        column: raw.chars().count() - raw.trim_start().chars().count() + 1,
        message: message.into(),
    }
}

fn close(lines: &[&str], open: Open<'_>) -> Result<Block, ParseError> {
    let expect = open
        .title
        .split("expect:")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(Expect::from_word);
    Ok(Block {
        title: open.title.to_string(),
        expect,
        line: open.line,
        puzzle: section_board(lines, &open.puzzle)?,
        answer: open
            .answer
            .map(|rows| section_board(lines, &rows))
            .transpose()?,
    })
}

/// The board made of the given lines, parsed with the file's line numbers.
fn section_board(lines: &[&str], rows: &[usize]) -> Result<Board, ParseError> {
    let Some(&last) = rows.last() else {
        return Ok(Board::new(1, 0, Vec::new()));
    };
    let mut text = String::new();
    let mut next = rows.iter().peekable();
    for (ln, line) in lines.iter().enumerate().take(last + 1) {
        if next.peek() == Some(&&ln) {
            next.next();
            text.push_str(line);
        }
        text.push('\n');
    }
    text.parse()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_sections_are_one_empty_row() {
        let blocks = parse_blocks("# game 0   expect: solved\npuzzle:\nanswer:\n\n").unwrap();
        assert_eq!(blocks.len(), 1);
        assert_eq!((blocks[0].puzzle.rows(), blocks[0].puzzle.cols()), (1, 0));
        assert_eq!(blocks[0].title, "game 0   expect: solved");
    }

    #[test]
    fn errors_carry_file_lines() {
        let text = "# a\npuzzle:\n? ?\nanswer:\nx 9\n";
        let e = parse_blocks(text).unwrap_err();
        assert_eq!((e.line, e.column), (5, 3), "{e}");
        let e = parse_blocks("? ?\n").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn cr_only_blocks_are_lines_too() {
        let text = "# game 3   expect: solved\rpuzzle:\r? 1\ranswer:\rx 1\r";
        assert!(is_block_text(text));
        let blocks = parse_blocks(text).unwrap();
        assert_eq!(blocks[0].puzzle.to_string(), "? 1");
        assert_eq!(blocks[0].answer.as_ref().unwrap().to_string(), "x 1");
        let e = parse_blocks("puzzle:\r?\ranswer:\rq\r").unwrap_err();
        assert_eq!((e.line, e.column), (4, 1), "{e}");
    }

    #[test]
    fn puzzle_files_may_be_bare_boards_or_one_block() {
        let (p, a) = parse_puzzle_file("? 1\n").unwrap();
        assert_eq!((p.to_string(), a), ("? 1".to_string(), None));
        let (p, a) = parse_puzzle_file("puzzle:\n? 1\nanswer:\nx 1\n").unwrap();
        assert_eq!(
            (p.to_string(), a.unwrap().to_string()),
            ("? 1".into(), "x 1".into())
        );
        let two = "puzzle:\n?\n\npuzzle:\n?\n";
        assert_eq!(parse_puzzle_file(two).unwrap_err().line, 4);
    }
}
