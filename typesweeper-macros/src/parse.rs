//! Reading boards written as tokens: `[ [2 ? 2] [? ? ?] ]`, with errors at the offending token.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use typesweeper_board::{Board, Cell, MAX_SOLVED_COLS};

/// A compile error at a span.
pub struct Error {
    pub span: Span,
    pub message: String,
}

impl Error {
    pub fn new(span: Span, message: impl Into<String>) -> Error {
        Error {
            span,
            message: message.into(),
        }
    }

    pub fn to_compile_error(&self) -> TokenStream {
        let msg = &self.message;
        // Braces: valid where an expression or an item is expected (`puzzle!` expands to items).
        quote::quote_spanned!(self.span=> ::core::compile_error! { #msg })
    }
}

/// A board read from tokens, with the span of every cell.
pub struct SpannedBoard {
    pub board: Board,
    pub spans: Vec<Span>,
    /// Each row's span (its `[ ... ]`).
    pub row_spans: Vec<Span>,
    /// The span of the whole `[ ... ]` group.
    pub span: Span,
    /// The span of the section's label (`puzzle` or `answer`).
    pub label: Span,
}

/// The compile-time rules a board is solved with: the optional first field `level:`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Each number alone, the numbers revealed on the way, the mine total (the default).
    Fragment,
    /// Also every two numbers side by side, reasoned jointly.
    Pairs,
    /// Everything every layout agrees on (full deduction with the mine total), by rounds of
    /// projections over decision diagrams (`typesweeper::typelevel::diagram`).
    Complete,
}

/// Reads an optional `level : fragment|pairs|complete` (then an optional comma) from the front of
/// `tokens`; without one, the level is [`Level::Fragment`].
pub fn level(
    tokens: &mut std::iter::Peekable<impl Iterator<Item = TokenTree>>,
) -> Result<Level, Error> {
    let label = match tokens.peek() {
        Some(TokenTree::Ident(id)) if id == "level" => id.span(),
        _ => return Ok(Level::Fragment),
    };
    tokens.next();
    let colon = match tokens.next() {
        Some(TokenTree::Punct(p)) if p.as_char() == ':' => p.span(),
        Some(other) => return Err(Error::new(other.span(), "expected `:` after `level`")),
        None => {
            return Err(Error::new(
                label,
                "expected `: fragment`, `: pairs` or `: complete` after `level`",
            ))
        }
    };
    let level = match tokens.next() {
        Some(TokenTree::Ident(id)) if id == "fragment" => Level::Fragment,
        Some(TokenTree::Ident(id)) if id == "pairs" => Level::Pairs,
        Some(TokenTree::Ident(id)) if id == "complete" => Level::Complete,
        Some(TokenTree::Ident(id)) if id != "puzzle" && id != "answer" => {
            return Err(Error::new(
                id.span(),
                format!("unknown level `{id}`: expected `fragment`, `pairs` or `complete`"),
            ))
        }
        _ => {
            return Err(Error::new(
                colon,
                "expected a level after `level:`: `fragment`, `pairs` or `complete`",
            ))
        }
    };
    if let Some(TokenTree::Punct(p)) = tokens.peek() {
        if p.as_char() == ',' || p.as_char() == ';' {
            tokens.next();
        }
    }
    Ok(level)
}

/// Reads `name : [ rows ]` from the front of `tokens`, then an optional comma.
pub fn section(
    tokens: &mut std::iter::Peekable<impl Iterator<Item = TokenTree>>,
    name: &str,
    after: Span,
) -> Result<SpannedBoard, Error> {
    let label = match tokens.next() {
        Some(TokenTree::Ident(id)) if id == name => id.span(),
        Some(TokenTree::Ident(id)) if id == "level" => {
            return Err(Error::new(
                id.span(),
                "`level:` must come first, before `puzzle:`",
            ))
        }
        Some(other) => {
            return Err(Error::new(
                other.span(),
                format!("expected `{name}: [ ... ]` here"),
            ))
        }
        None => {
            return Err(Error::new(
                after,
                format!("expected `{name}: [ ... ]` after this"),
            ))
        }
    };
    let colon_span = match tokens.next() {
        Some(TokenTree::Punct(p)) if p.as_char() == ':' => p.span(),
        Some(other) => {
            return Err(Error::new(
                other.span(),
                format!("expected `:` after `{name}`"),
            ))
        }
        None => return Err(Error::new(after, format!("expected `:` after `{name}`"))),
    };
    let board = match tokens.next() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => SpannedBoard {
            label,
            ..board(&g)?
        },
        Some(other) => {
            return Err(Error::new(
                other.span(),
                "expected a board in brackets: `[ [cells] [cells] ... ]`",
            ))
        }
        None => {
            return Err(Error::new(
                colon_span,
                "expected a board in brackets after this: `[ [cells] [cells] ... ]`",
            ))
        }
    };
    if let Some(TokenTree::Punct(p)) = tokens.peek() {
        if p.as_char() == ',' || p.as_char() == ';' {
            tokens.next();
        }
    }
    Ok(board)
}

/// Reads the rows inside one bracket group.
pub fn board(group: &proc_macro2::Group) -> Result<SpannedBoard, Error> {
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut spans = Vec::new();
    let mut row_spans = Vec::new();
    for tt in group.stream() {
        match tt {
            TokenTree::Group(row) if row.delimiter() == Delimiter::Bracket => {
                let tokens: Vec<TokenTree> =
                    row.stream().into_iter().filter(|t| !is_comma(t)).collect();
                if let Some((span, word)) = joined(&row, &tokens) {
                    return Err(Error::new(
                        span,
                        format!(
                            "`{word}` is {} cells written together: separate cells with spaces",
                            word.chars().count()
                        ),
                    ));
                }
                let mut cells = Vec::new();
                for tt in &tokens {
                    cells.push(cell(tt)?);
                    spans.push(tt.span());
                }
                if cells.len() > MAX_SOLVED_COLS {
                    return Err(Error::new(
                        row.span(),
                        format!(
                            "this row has {} cells; a solved row holds at most {MAX_SOLVED_COLS}",
                            cells.len()
                        ),
                    ));
                }
                if let Some(first) = rows.first() {
                    if first.len() != cells.len() {
                        return Err(Error::new(
                            row.span(),
                            format!(
                                "ragged board: this row has {} but the first row has {}",
                                cells_word(cells.len()),
                                cells_word(first.len())
                            ),
                        ));
                    }
                }
                rows.push(cells);
                row_spans.push(row.span());
            }
            tt if is_comma(&tt) => {}
            other => {
                return Err(Error::new(
                    other.span(),
                    "expected a row in brackets, such as `[? 1 x]`",
                ))
            }
        }
    }
    if rows.is_empty() {
        return Err(Error::new(
            group.span(),
            "empty board: write at least one row, such as `[[? 1]]` (`[[]]` is one empty row)",
        ));
    }
    let board = Board::from_rows(rows).expect("rows were checked to have one length");
    Ok(SpannedBoard {
        board,
        spans,
        row_spans,
        span: group.span(),
        label: group.span(),
    })
}

/// The first word of `row`'s source that holds more than one of its `tokens` (`??`, `x?`, `1?`:
/// Rust reads each as two tokens, which would silently be two cells), with the span of its first
/// token. `None` when the source is not available (a board written by another macro) or does not
/// line up with the tokens (a comment inside the row): nothing is judged then.
fn joined(row: &proc_macro2::Group, tokens: &[TokenTree]) -> Option<(Span, String)> {
    let text = row.span().source_text()?;
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    if inner.contains("//") || inner.contains("/*") {
        return None;
    }
    let mut next = 0;
    for word in inner
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
    {
        let start = next;
        let mut written = String::new();
        while written.len() < word.len() && next < tokens.len() {
            written += &tokens[next].to_string();
            next += 1;
        }
        if written != word {
            return None;
        }
        if next - start > 1 {
            return Some((tokens[start].span(), word.to_string()));
        }
    }
    None
}

/// `1 cell`, `2 cells`.
fn cells_word(n: usize) -> String {
    format!("{n} cell{}", if n == 1 { "" } else { "s" })
}

fn is_comma(tt: &TokenTree) -> bool {
    matches!(tt, TokenTree::Punct(p) if p.as_char() == ',')
}

fn cell(tt: &TokenTree) -> Result<Cell, Error> {
    let text = tt.to_string();
    let ok = match tt {
        TokenTree::Punct(p) => p.as_char() == '?',
        TokenTree::Ident(_) => text == "x" || text == "X",
        TokenTree::Literal(_) => text.len() == 1,
        TokenTree::Group(_) => false,
    };
    match (ok, Cell::from_token(&text)) {
        (true, Some(c)) => Ok(c),
        _ => Err(Error::new(
            tt.span(),
            format!("unknown cell `{text}`: expected `?` (unknown), `x` (mine) or a number 0-8"),
        )),
    }
}
