//! The body of a `solve!` call, read as text: `puzzle: [[? ?] [1 1]] answer: [[x 1] [1 1]]`,
//! the syntax of the compile-time macro, so that a board can be pasted from a test file into
//! `typesweeper solve`.
//!
//! * Each section is a label, `:` and the board in brackets, each row in brackets:
//!   `[[2 ? 2] [? ? ?]]`. Commas between cells and between rows, and line breaks anywhere, are
//!   allowed. `[[]]` is a board of one empty row.
//! * `puzzle:` is required, `answer:` optional (the macro requires it; a solver can do without),
//!   and `level: WORD` may come first.
//! * Whatever comes before the first section is a wrapper and ignored
//!   (`let solved = typesweeper::solve! {`, `typesweeper::puzzle! { pub struct Game { `); after
//!   the last section only closing brackets, `,` and `;` may follow.
//! * `//` and `/* */` comments are ignored.
//! * Cells written together (`??`, `x?`, `1?`) are an error, as in `solve!`: Rust reads each as
//!   two tokens, but a person meant one cell or forgot a space.
//!
//! Errors carry the 1-based line and column (in characters) of the offending token.
//!
//! ```
//! use typesweeper_board::solve_body::{is_solve_body, parse_solve_body};
//!
//! let text = "typesweeper::solve! {\n    puzzle: [[2 ? 2], [? ? ?], [? ? 3]]\n    answer: [\n        [2 3 2]\n        [x x x]\n        [x x 3]\n    ]\n};";
//! assert!(is_solve_body(text));
//! let body = parse_solve_body(text).unwrap();
//! assert_eq!(body.puzzle.to_string(), "2 ? 2\n? ? ?\n? ? 3");
//! assert_eq!(body.answer.unwrap().to_string(), "2 3 2\nx x x\nx x 3");
//! assert!(body.level.is_none());
//!
//! let e = parse_solve_body("puzzle: [[? ?]\n [? z]]").unwrap_err();
//! assert_eq!((e.line, e.column), (2, 5));
//! assert_eq!(e.message, "unknown cell `z` (expected `?`, `x` or a number 0-8)");
//! ```

use crate::{lines, Board, Cell, ParseError, Quoted};

/// A word of the input and where it starts (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The word.
    pub text: String,
    /// Line, from 1.
    pub line: usize,
    /// Column (in characters), from 1.
    pub column: usize,
}

/// What a `solve!` body holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveBody {
    /// The word after `level:`, when the body starts with one.
    pub level: Option<Word>,
    /// The `puzzle:` board.
    pub puzzle: Board,
    /// The `answer:` board, when there is one.
    pub answer: Option<Board>,
}

/// Whether `text` is written in the macro's syntax: somewhere it has `puzzle`, `:` and `[`
/// (with only white space between). Bare boards and corpus-style blocks never do.
///
/// ```
/// use typesweeper_board::solve_body::is_solve_body;
/// assert!(is_solve_body("puzzle:\n  [[?]]"));
/// assert!(!is_solve_body("puzzle:\n?\nanswer:\nx\n"));
/// assert!(!is_solve_body("? ?\n1 1"));
/// ```
pub fn is_solve_body(text: &str) -> bool {
    text.match_indices("puzzle").any(|(at, word)| {
        let rest = text[at + word.len()..].trim_start();
        rest.strip_prefix(':')
            .is_some_and(|rest| rest.trim_start().starts_with('['))
    })
}

/// One token: a word (letters, digits, `_`), a string literal, or one other character.
#[derive(Clone, Debug)]
struct Token {
    text: String,
    line: usize,
    column: usize,
    /// Where it starts and ends in the text (character indices), to tell tokens written
    /// together (`??`) from tokens written apart (`? ?`, `?,?`, `?/**/?`).
    start: usize,
    end: usize,
}

impl Token {
    fn is(&self, text: &str) -> bool {
        self.text == text
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            column: self.column,
            message: message.into(),
        }
    }
}

/// Splits `text` into tokens, dropping white space and comments.
fn tokenise(text: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let (mut i, mut line, mut column) = (0, 1, 1);
    // A line ends at `\n`, or at a `\r` that no `\n` follows (`\r\n` ends at its `\n`).
    let ends_line = |i: usize| match chars.get(i) {
        Some('\n') => true,
        Some('\r') => chars.get(i + 1) != Some(&'\n'),
        _ => false,
    };
    // Moves past `n` characters, keeping the line and column.
    let advance = |i: &mut usize, line: &mut usize, column: &mut usize, n: usize| {
        for _ in 0..n {
            if ends_line(*i) {
                *line += 1;
                *column = 1;
            } else {
                *column += 1;
            }
            *i += 1;
        }
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let (start_line, start_column) = (line, column);
        if c.is_whitespace() {
            advance(&mut i, &mut line, &mut column, 1);
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && !matches!(chars[i], '\n' | '\r') {
                advance(&mut i, &mut line, &mut column, 1);
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            loop {
                match (chars.get(i), chars.get(i + 1)) {
                    (Some('/'), Some('*')) => {
                        depth += 1;
                        advance(&mut i, &mut line, &mut column, 2);
                    }
                    (Some('*'), Some('/')) => {
                        depth -= 1;
                        advance(&mut i, &mut line, &mut column, 2);
                        if depth == 0 {
                            break;
                        }
                    }
                    (Some(_), _) => advance(&mut i, &mut line, &mut column, 1),
                    (None, _) => {
                        return Err(ParseError {
                            line: start_line,
                            column: start_column,
                            message: "this comment is never closed (`*/`)".into(),
                        })
                    }
                }
            }
        } else if c == '"' {
            let start = i;
            advance(&mut i, &mut line, &mut column, 1);
            loop {
                match chars.get(i) {
                    Some('\\') => advance(&mut i, &mut line, &mut column, 2),
                    Some('"') => {
                        advance(&mut i, &mut line, &mut column, 1);
                        break;
                    }
                    Some(_) => advance(&mut i, &mut line, &mut column, 1),
                    None => {
                        return Err(ParseError {
                            line: start_line,
                            column: start_column,
                            message: "this string is never closed".into(),
                        })
                    }
                }
            }
            tokens.push(Token {
                text: chars[start..i.min(chars.len())].iter().collect(),
                line: start_line,
                column: start_column,
                start,
                end: i,
            });
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                advance(&mut i, &mut line, &mut column, 1);
            }
            tokens.push(Token {
                text: chars[start..i].iter().collect(),
                line: start_line,
                column: start_column,
                start,
                end: i,
            });
        } else {
            advance(&mut i, &mut line, &mut column, 1);
            tokens.push(Token {
                text: c.to_string(),
                line: start_line,
                column: start_column,
                start: i - 1,
                end: i,
            });
        }
    }
    Ok(tokens)
}

/// Reads the tokens one by one, knowing where the input ends (for errors there).
struct Reader {
    tokens: Vec<Token>,
    at: usize,
    end: (usize, usize),
}

impl Reader {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn peek_is(&self, k: usize, text: &str) -> bool {
        self.tokens.get(self.at + k).is_some_and(|t| t.is(text))
    }

    fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.at).cloned();
        self.at += usize::from(token.is_some());
        token
    }

    fn error_at_end(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.end.0,
            column: self.end.1,
            message: message.into(),
        }
    }

    /// Skips one `,` or `;` after a section.
    fn skip_separator(&mut self) {
        if self.peek_is(0, ",") || self.peek_is(0, ";") {
            self.at += 1;
        }
    }

    /// `label : [ rows ]`, the label already checked.
    fn section(&mut self) -> Result<Board, ParseError> {
        let label = self.next().expect("the caller saw the label");
        match self.next() {
            Some(t) if t.is(":") => {}
            Some(t) => return Err(t.error(format!("expected `:` after `{}`", label.text))),
            None => return Err(self.error_at_end(format!("expected `:` after `{}`", label.text))),
        }
        let open = match self.next() {
            Some(t) if t.is("[") => t,
            Some(t) => {
                return Err(t.error(format!(
                    "expected the {} in brackets, such as `[[? 1] [1 1]]`",
                    label.text
                )))
            }
            None => {
                return Err(self.error_at_end(format!(
                    "expected the {} in brackets, such as `[[? 1] [1 1]]`",
                    label.text
                )))
            }
        };
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        let mut first_row_line = 0;
        loop {
            let Some(token) = self.next() else {
                return Err(open.error("this `[` is never closed"));
            };
            if token.is("]") {
                break;
            }
            if token.is(",") {
                continue;
            }
            if !token.is("[") {
                return Err(token.error("expected a row in brackets, such as `[? 1 x]`"));
            }
            let mut row = Vec::new();
            loop {
                let Some(cell) = self.next() else {
                    return Err(token.error("this `[` is never closed"));
                };
                if cell.is("]") {
                    break;
                }
                if cell.is(",") {
                    continue;
                }
                // `??`, `x?`, `1?`: Rust reads two tokens, and `solve!` refuses them as cells
                // written together; so does this reader, rather than read two cells.
                let mut word = cell.text.clone();
                let mut end = cell.end;
                let mut all_cells = Cell::from_token(&cell.text).is_some();
                while let Some(next) = self
                    .peek()
                    .filter(|t| t.start == end && !["[", "]", ","].contains(&t.text.as_str()))
                {
                    end = next.end;
                    word.push_str(&next.text);
                    all_cells &= Cell::from_token(&next.text).is_some();
                    self.at += 1;
                }
                if end != cell.end {
                    return Err(cell.error(if all_cells {
                        format!(
                            "`{word}` is {} cells written together: separate cells with spaces",
                            word.chars().count()
                        )
                    } else {
                        format!(
                            "unknown cell `{}` (expected `?`, `x` or a number 0-8)",
                            Quoted(&word)
                        )
                    }));
                }
                row.push(Cell::from_token(&cell.text).ok_or_else(|| {
                    cell.error(format!(
                        "unknown cell `{}` (expected `?`, `x` or a number 0-8)",
                        Quoted(&cell.text)
                    ))
                })?);
            }
            match rows.first() {
                Some(first) if first.len() != row.len() => {
                    return Err(token.error(format!(
                        "this row has {} but the first row (line {first_row_line}) has {}",
                        cells(row.len()),
                        first.len()
                    )))
                }
                Some(_) => {}
                None => first_row_line = token.line,
            }
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(open.error(
                "empty board: write at least one row, such as `[[? 1]]` (`[[]]` is one empty row)",
            ));
        }
        self.skip_separator();
        Ok(Board::from_rows(rows).expect("rows were checked to have one length"))
    }
}

/// `1 cell`, `2 cells`.
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".into()
    } else {
        format!("{n} cells")
    }
}

/// Reads a `solve!` body (see the [module](self) docs), with or without the macro call around
/// it.
pub fn parse_solve_body(text: &str) -> Result<SolveBody, ParseError> {
    let tokens = tokenise(text)?;
    let end = match lines(text).count() {
        0 => (1, 1),
        n => (n, lines(text).last().map_or(0, |l| l.chars().count()) + 1),
    };
    // The first section: `puzzle: [`, or `level: WORD` right before it.
    let start = (0..tokens.len()).find(|&k| {
        let is = |d: usize, s: &str| tokens.get(k + d).is_some_and(|t| t.is(s));
        let puzzle_at = |d: usize| is(d, "puzzle") && is(d + 1, ":") && is(d + 2, "[");
        let level = is(0, "level") && is(1, ":") && tokens.get(k + 2).is_some();
        puzzle_at(0) || (level && (puzzle_at(3) || ((is(3, ",") || is(3, ";")) && puzzle_at(4))))
    });
    let mut reader = Reader {
        tokens,
        at: start.unwrap_or(usize::MAX),
        end,
    };
    if start.is_none() {
        return Err(ParseError {
            line: 1,
            column: 1,
            message: "expected `puzzle: [ ... ]`".into(),
        });
    }
    let mut level = None;
    if reader.peek_is(0, "level") {
        reader.at += 2;
        match reader.next() {
            Some(t) if t.text.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                level = Some(Word {
                    text: t.text,
                    line: t.line,
                    column: t.column,
                })
            }
            Some(t) => return Err(t.error("expected a level after `level:`, such as `fragment`")),
            None => {
                return Err(
                    reader.error_at_end("expected a level after `level:`, such as `fragment`")
                )
            }
        }
        reader.skip_separator();
    }
    match reader.peek() {
        Some(t) if t.is("puzzle") => {}
        Some(t) => return Err(t.error("expected `puzzle: [ ... ]` here")),
        None => return Err(reader.error_at_end("expected `puzzle: [ ... ]` after this")),
    }
    let puzzle = reader.section()?;
    let answer = if reader.peek_is(0, "answer") {
        Some(reader.section()?)
    } else {
        None
    };
    // The rest can only close the wrapper.
    while let Some(t) = reader.next() {
        if !["}", ")", "]", ";", ","].contains(&t.text.as_str()) {
            let what = if answer.is_some() {
                "the answer"
            } else {
                "the puzzle"
            };
            return Err(t.error(format!(
                "unexpected `{}` after {what}: expected {}the end of the `solve!` call",
                Quoted(&t.text),
                if answer.is_some() {
                    ""
                } else {
                    "`answer: [ ... ]` or "
                }
            )));
        }
    }
    Ok(SolveBody {
        level,
        puzzle,
        answer,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, usize, String) {
        let e = parse_solve_body(text).unwrap_err();
        (e.line, e.column, e.message)
    }

    #[test]
    fn the_readme_forms_read_alike() {
        let forms = [
            "puzzle: [[2 ? 2] [? ? ?] [? ? 3]] answer: [[2 3 2] [x x x] [x x 3]]",
            "puzzle: [[2, ?, 2], [?, ?, ?], [?, ?, 3],], answer: [[2 3 2],[x x x],[x x 3]],",
            "let solved = typesweeper::solve! {\n    puzzle: [\n        [2 ? 2]\n        [? ? ?]\n        [? ? 3]\n    ]\n    answer: [\n        [2 3 2]\n        [x x x] // the mines\n        [x x 3]\n    ]\n};\n",
            "typesweeper::puzzle! {\n    /// Game 10.\n    pub struct Game10 {\n        puzzle: [[2 ? 2] [? ? ?] [? ? 3]]\n        answer: [[2 3 2] [x x x] [x x 3]]\n    }\n}\n",
            "level: fragment puzzle: [[2 ? 2]\n[? ? ?]\n[? ? 3]] /* answer */ answer: [[2 3\n 2] [x x x] [x x 3]]",
        ];
        for text in forms {
            assert!(is_solve_body(text), "{text}");
            let body = parse_solve_body(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(body.puzzle.to_string(), "2 ? 2\n? ? ?\n? ? 3", "{text}");
            assert_eq!(
                body.answer.map(|a| a.to_string()).as_deref(),
                Some("2 3 2\nx x x\nx x 3"),
                "{text}"
            );
        }
        let body = parse_solve_body(forms[4]).unwrap();
        assert_eq!(
            body.level,
            Some(Word {
                text: "fragment".into(),
                line: 1,
                column: 8
            })
        );
    }

    #[test]
    fn the_answer_is_optional_and_one_empty_row_is_a_board() {
        let body = parse_solve_body("puzzle: [[? 1]]").unwrap();
        assert_eq!((body.puzzle.to_string(), body.answer), ("? 1".into(), None));
        let body = parse_solve_body("puzzle: [[]] answer: [[]]").unwrap();
        assert_eq!((body.puzzle.rows(), body.puzzle.cols()), (1, 0));
    }

    #[test]
    fn cr_only_text_counts_lines_and_invisible_characters_show() {
        let body =
            parse_solve_body("puzzle: [[? 1]\r[1 1]] // c\ranswer: [[x 1]\r[1 1]]\r").unwrap();
        assert_eq!(body.answer.unwrap().to_string(), "x 1\n1 1");
        assert_eq!(
            err("puzzle: [[? ?]\r [1 q]]"),
            (
                2,
                5,
                "unknown cell `q` (expected `?`, `x` or a number 0-8)".into()
            )
        );
        assert_eq!(err("puzzle: [[? ?]\r\n [1 q]]").0, 2);
        assert_eq!(
            err("puzzle: [[? \u{feff}1]]").2,
            "unknown cell `<U+FEFF>1` (expected `?`, `x` or a number 0-8)"
        );
        assert_eq!(
            err("puzzle: [[?]]\0").2,
            "unexpected `<U+0000>` after the puzzle: expected `answer: [ ... ]` or the end of the \
             `solve!` call"
        );
    }

    #[test]
    fn cells_written_together_are_an_error_as_in_solve() {
        assert_eq!(
            err("puzzle: [[?? 1] [1 1 1]]"),
            (
                1,
                11,
                "`??` is 2 cells written together: separate cells with spaces".into()
            )
        );
        assert_eq!(
            err("puzzle: [[? 1]\n [x? 1]]").2,
            "`x?` is 2 cells written together: separate cells with spaces"
        );
        assert_eq!(
            err("puzzle: [[1??]]").2,
            "`1??` is 3 cells written together: separate cells with spaces"
        );
        assert_eq!(
            err("puzzle: [[11]]").2,
            "unknown cell `11` (expected `?`, `x` or a number 0-8)",
            "one word is one (unknown) cell"
        );
        for apart in [
            "puzzle: [[? ?]]",
            "puzzle: [[?,?]]",
            "puzzle: [[?/**/?]]",
            "puzzle: [[?\n?]]",
        ] {
            let body = parse_solve_body(apart).unwrap_or_else(|e| panic!("{apart}: {e}"));
            assert_eq!(body.puzzle.to_string(), "? ?", "{apart}");
        }
    }

    #[test]
    fn errors_point_at_the_token() {
        assert_eq!(
            err("puzzle: [[? ?]\n  [? ? ?]]"),
            (
                2,
                3,
                "this row has 3 cells but the first row (line 1) has 2".into()
            )
        );
        assert_eq!(
            err("puzzle: [[? ?]\n  [?]]").2,
            "this row has 1 cell but the first row (line 1) has 2"
        );
        assert_eq!(
            err("puzzle: [[11]]"),
            (
                1,
                11,
                "unknown cell `11` (expected `?`, `x` or a number 0-8)".into()
            )
        );
        assert_eq!(
            err("puzzle: [? ?]"),
            (
                1,
                10,
                "expected a row in brackets, such as `[? 1 x]`".into()
            )
        );
        assert_eq!(err("puzzle: [[? ?]\n").0, 1);
        assert_eq!(err("puzzle: [[? ?]\n").2, "this `[` is never closed");
        assert_eq!(
            err("puzzle: []").2,
            "empty board: write at least one row, such as `[[? 1]]` (`[[]]` is one empty row)"
        );
        assert_eq!(
            err("puzzle: [[?]] answer: [[x]] assert_eq!(a, b)"),
            (
                1,
                29,
                "unexpected `assert_eq` after the answer: expected the end of the `solve!` call"
                    .into()
            )
        );
        assert_eq!(
            err("puzzle: [[?]]\nanswr: [[x]]"),
            (
                2,
                1,
                "unexpected `answr` after the puzzle: expected `answer: [ ... ]` or the end of \
                 the `solve!` call"
                    .into()
            )
        );
        assert_eq!(
            err("level: fragment\nanswer: [[x]]"),
            (1, 1, "expected `puzzle: [ ... ]`".into())
        );
        assert_eq!(
            err("puzzle: [[?]] answer: x").2,
            "expected the answer in brackets, such as `[[? 1] [1 1]]`"
        );
        assert_eq!(
            err("/* puzzle: [[?]]").2,
            "this comment is never closed (`*/`)"
        );
    }
}
