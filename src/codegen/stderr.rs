//! The error rustc gives for a board `solve!` cannot finish, predicted to the byte as trybuild
//! records it ([`predicted_stderr`]), and where in a file it points ([`cell_position`]).

use super::template::fill;
use crate::board::CellName;
use crate::runtime::generator::Level;

/// The widest source line rustc (1.95) prints whole in an error when it writes to no terminal,
/// as under cargo and trybuild; it shortens longer ones with `...`.
pub const DIAGNOSTIC_WIDTH: usize = 140;

/// The Rust edition of the crate the exported files go into. It shows in a compile-fail case's
/// error at `fragment` and `pairs`: the gate after the first undecided cell falls back to `()`
/// up to edition 2021 and to `!` from edition 2024, and the error's `help` line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edition {
    /// Editions 2015, 2018 and 2021: `Decided<1, 1, _, ()>`.
    E2021,
    /// Edition 2024: `Decided<1, 1, _, !>`.
    E2024,
}

impl Edition {
    /// The type the gates after the first undecided cell fall back to, as the error prints it.
    pub(super) fn fallback(self) -> &'static str {
        match self {
            Edition::E2021 => "()",
            Edition::E2024 => "!",
        }
    }
}

/// Where `solve!`'s error points for `cell` in `source`: the 1-based line and column of that
/// cell in the `puzzle:` rows as [`solve_call_at`](super::solve_call_at) writes them (`puzzle: [` on a line of its
/// own, then one bracketed row per line), and the line's text. `None` when `source` has no
/// such cell.
///
/// ```
/// use typesweeper::board::CellName;
/// use typesweeper::codegen::cell_position;
/// let source = "fn main() {\n    let solved = typesweeper::solve! {\n        puzzle: [\n            [1 ? ?]\n";
/// let (line, col, text) = cell_position(source, CellName { row: 0, col: 1 }).unwrap();
/// assert_eq!((line, col), (4, 16));
/// assert_eq!(&text[col - 1..col], "?");
/// ```
pub fn cell_position(source: &str, cell: CellName) -> Option<(usize, usize, &str)> {
    let lines: Vec<&str> = source.lines().collect();
    let puzzle = lines.iter().position(|l| l.trim() == "puzzle: [")?;
    let line = puzzle + 1 + cell.row;
    let text = *lines.get(line)?;
    let open = text.find('[')?;
    let mut at = None;
    let mut count = 0;
    let mut in_token = false;
    for (i, c) in text.char_indices().skip_while(|&(i, _)| i <= open) {
        if c == ']' {
            break;
        }
        let starts = !c.is_whitespace() && !in_token;
        in_token = !c.is_whitespace();
        if starts {
            if count == cell.col {
                at = Some(i);
                break;
            }
            count += 1;
        }
    }
    let at = at?;
    Some((line + 1, text[..at].chars().count() + 1, text))
}

/// The error, as rustc prints it for a `solve!` gate: `{cell_snippet}` and `{bound_snippet}` are
/// [`SNIPPET`]s (each ends its line), `{pad}` the width of the line numbers in spaces.
const STDERR: &str = "error[E0277]: the rules cannot decide cell {cell}
{cell_snippet}{pad} |
{pad} = help: the trait `{gate}<{r}, {c}, {cell_type}, {fallback}>` is not implemented for `typesweeper::Open`
{pad} = note: {note}
{pad} = note: to list every undecided cell, paste this `solve!` call into a file and run `typesweeper solve {solve_level}FILE`
note: required by a bound in `row_{r}`
{bound_snippet}";

/// A source line an error points at, with the caret under column `{col}`.
const SNIPPET: &str = "{pad}--> {path}:{line}:{col}
{pad} |
{line} | {text}
{pad} | {caret}^ {label}
";

/// The error rustc gives, as trybuild records it, for a `solve!` call at `level` whose first
/// undecided cell is `cell`, in the file `source` at `path` (from the crate's root), in a crate
/// of `edition`: `error[E0277]: the rules cannot decide cell R{r}C{c}` at that cell's `?`, the
/// notes of the level's gate ([`Decided`](crate::Decided),
/// [`DecidedByPairs`](crate::DecidedByPairs) or
/// [`DecidedByComplete`](crate::DecidedByComplete)), and the bound of `row_{r}`, as
/// `ui-tests/corpus/*.stderr` and `ui-tests/complete/*.stderr` show. `None` when `source`
/// holds no such cell ([`cell_position`]).
///
/// rustc shortens source lines longer than [`DIAGNOSTIC_WIDTH`] characters; the prediction
/// assumes the cell's line is not one of them.
pub fn predicted_stderr(
    level: Level,
    edition: Edition,
    cell: CellName,
    path: &str,
    source: &str,
) -> Option<String> {
    /// What the local levels' caret says.
    const LOCAL: &str = "the first cell, in reading order, that the rules leave undecided";
    let (gate, note, label, solve_level) = match level {
        Level::Fragment => ("Decided", "the compile-time rules use one number at a time, the numbers revealed on the way and the mine total; this board has more than one solution, or needs more than that", LOCAL, ""),
        Level::Pairs => ("DecidedByPairs", "the compile-time rules at `level: pairs` use each number alone, two numbers side by side together, the numbers revealed on the way and the mine total; this board has more than one solution, or needs more than that", LOCAL, ""),
        Level::Complete => ("DecidedByComplete", "at `level: complete` the compiler decides every cell that all mine layouts fitting the shown numbers and the mine total agree on; at this point of the solve some of those layouts put a mine on this cell and some do not, so a player would have to guess", "the first cell, in reading order, that no reasoning can decide here", "--level complete "),
    };
    // `level: complete` names the undecided cell's type (`Unk`, the rounds' unknown cell) and
    // leaves the next gate an inference variable in every edition: its gates wait on the last
    // round's board, which rustc reports before any fallback.
    let (cell_type, fallback) = match level {
        Level::Complete => ("Unk", "_"),
        Level::Fragment | Level::Pairs => ("_", edition.fallback()),
    };
    let (line, col, text) = cell_position(source, cell)?;
    let (r, c) = (cell.row + 1, cell.col + 1);
    let number = line.to_string();
    let pad = " ".repeat(number.len());
    let caret = " ".repeat(col - 1);
    let snippet = |label: &str| {
        fill(
            SNIPPET,
            &[
                ("pad", &pad),
                ("path", path),
                ("line", &number),
                ("col", &col.to_string()),
                ("text", text),
                ("caret", &caret),
                ("label", label),
            ],
        )
    };
    let (r, c) = (r.to_string(), c.to_string());
    Some(fill(
        STDERR,
        &[
            ("cell", &cell.to_string()),
            ("cell_snippet", &snippet(label)),
            ("solve_level", solve_level),
            ("pad", &pad),
            ("gate", gate),
            ("r", &r),
            ("c", &c),
            ("cell_type", cell_type),
            ("fallback", fallback),
            ("note", note),
            (
                "bound_snippet",
                &snippet(&format!("required by this bound in `row_{r}`")),
            ),
        ],
    ))
}
