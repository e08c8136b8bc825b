//! proptest strategies for board text and small boards, shared by the library's fuzz tests
//! (`proptests/fuzz.rs`) and the command's (`typesweeper-cli/tests/command/fuzz.rs`); each
//! includes this file as a module beside `support` (`tests/runtime/support`).

use proptest::prelude::*;
use typesweeper::board::{Board, Cell};

use crate::support::numbers_of;

/// Cases per property: `PROPTEST_CASES` times `scale` over 256 (proptest's default), at least 1.
pub fn cases(scale: u32) -> ProptestConfig {
    let base = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases: u32::try_from(base * u64::from(scale) / 256)
            .unwrap_or(u32::MAX)
            .max(1),
        ..ProptestConfig::default()
    }
}

/// The pieces the three board formats are built from, and some that break them.
#[rustfmt::skip]
pub const PIECES: &[&str] = &[
    "?", "?", "x", "X", "0", "1", "2", "3", "8", "9", "11", " ", " ", " ", "\n", "\n", "\r",
    "\r\n", "\t", ",", "#", "# c\n", "[", "]", "[[", "]]", "puzzle", "answer", "level", ":",
    "puzzle:", "puzzle:\n", "answer:\n", "puzzle: [", "level: pairs", "level: x", "//", "/*",
    "*/", "\"", "\\", "\u{feff}", "\0", "é", "??", "x?", "{", "}", ";", "solve! {",
    "expect: solved", "\u{200b}", "\u{301}",
];

/// Text made of [`PIECES`] in any order.
pub fn board_like_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..80).prop_map(|pieces| pieces.concat())
}

/// A cell as it might be written, well or badly.
pub fn cell_text() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        8 => prop::sample::select(vec!["?", "x", "0", "1", "2", "3", "8"]),
        1 => prop::sample::select(vec!["X", "9", "11", "??", "x?", "1?", "é", "\u{feff}", "\0", ""]),
    ]
}

/// Rows of cells: up to 5 rows of up to 5 cells, mostly the same length.
pub fn rows_text() -> impl Strategy<Value = Vec<Vec<&'static str>>> {
    (0usize..6, 1usize..6).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(
            prop_oneof![8 => Just(cols), 1 => 0..7usize]
                .prop_flat_map(|n| prop::collection::vec(cell_text(), n)),
            rows,
        )
    })
}

/// `pieces` with up to two of its own taken out, up to two copied elsewhere, and up to three of
/// [`PIECES`] put in.
pub fn mutated(pieces: Vec<String>) -> impl Strategy<Value = String> {
    let at = || any::<prop::sample::Index>();
    (
        prop::collection::vec(at(), 0..3),
        prop::collection::vec((at(), at()), 0..3),
        prop::collection::vec((at(), prop::sample::select(PIECES)), 0..4),
    )
        .prop_map(move |(takes, copies, puts)| {
            let mut pieces = pieces.clone();
            for at in takes {
                if !pieces.is_empty() {
                    pieces.remove(at.index(pieces.len()));
                }
            }
            for (from, to) in copies {
                if !pieces.is_empty() {
                    let piece = pieces[from.index(pieces.len())].clone();
                    pieces.insert(to.index(pieces.len() + 1), piece);
                }
            }
            for (at, piece) in puts {
                pieces.insert(at.index(pieces.len() + 1), piece.to_string());
            }
            pieces.concat()
        })
}

/// A `solve!` body, with or without the call around it, slightly broken now and then.
pub fn body_text() -> impl Strategy<Value = String> {
    let separator = prop::sample::select(vec![
        " ", " ", "\n", "\r", "\r\n", ", ", " // c\n", "/* c */",
    ]);
    (
        prop::sample::select(vec![
            "",
            "solve! {",
            "let s = typesweeper::solve! {\n",
            "typesweeper::puzzle! { pub struct G {",
        ]),
        prop::option::of(prop::sample::select(vec!["fragment", "pairs", "x", ""])),
        rows_text(),
        prop::option::of(rows_text()),
        prop::sample::select(vec!["", "}", "};", "}}", ")", "\nassert_eq!(a, b);"]),
        separator,
    )
        .prop_flat_map(|(wrapper, level, puzzle, answer, tail, sep)| {
            let mut pieces = vec![wrapper.to_string()];
            if let Some(level) = level {
                pieces.push(format!("level: {level}{sep}"));
            }
            let board = |label: &str, rows: &[Vec<&str>], pieces: &mut Vec<String>| {
                pieces.push(format!("{label}: ["));
                for row in rows {
                    pieces.push(format!(
                        "[{}]",
                        row.join(if sep == ", " { ", " } else { " " })
                    ));
                    pieces.push(sep.to_string());
                }
                pieces.push("]".to_string());
                pieces.push(sep.to_string());
            };
            board("puzzle", &puzzle, &mut pieces);
            if let Some(answer) = &answer {
                board("answer", answer, &mut pieces);
            }
            pieces.push(tail.to_string());
            mutated(pieces)
        })
}

/// Corpus-style blocks, or a bare board, slightly broken now and then.
pub fn block_text() -> impl Strategy<Value = String> {
    let block = (
        prop::option::of(prop::sample::select(vec![
            "# board 1  expect: solved",
            "# x expect: nothing",
            "#",
        ])),
        rows_text(),
        prop::option::of(rows_text()),
    );
    (
        prop::collection::vec(block, 0..3),
        any::<bool>(),
        prop::sample::select(vec!["\n", "\r\n", "\r"]),
    )
        .prop_flat_map(|(blocks, bare, eol)| {
            let mut pieces = Vec::new();
            let rows = |rows: &[Vec<&str>], pieces: &mut Vec<String>| {
                for row in rows {
                    pieces.push(row.join(" "));
                    pieces.push(eol.to_string());
                }
            };
            for (title, puzzle, answer) in &blocks {
                if !bare {
                    if let Some(title) = title {
                        pieces.push(format!("{title}{eol}"));
                    }
                    pieces.push(format!("puzzle:{eol}"));
                }
                rows(puzzle, &mut pieces);
                if let Some(answer) = answer.as_ref().filter(|_| !bare) {
                    pieces.push(format!("answer:{eol}"));
                    rows(answer, &mut pieces);
                }
                pieces.push(eol.to_string());
            }
            mutated(pieces)
        })
}

/// Any text: arbitrary Unicode, arbitrary bytes read as UTF-8 with replacements, pieces of the
/// formats in any order, or boards, blocks and bodies as written, slightly broken.
pub fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        1 => any::<String>(),
        1 => prop::collection::vec(any::<u8>(), 0..200)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        1 => board_like_text(),
        4 => body_text(),
        4 => block_text(),
    ]
}

/// At most this many unknown cells, so that brute force stays quick in a debug build.
pub const MOST_UNKNOWN: usize = 10;

/// A small board with its answer: mines at `density` percent, then cells hidden (mines mostly).
pub fn board_and_answer() -> impl Strategy<Value = (Board, Board)> {
    sized_board_and_answer(1..5, 1..6)
}

/// A board of `rows` x `cols` with its answer, as [`board_and_answer`].
pub fn sized_board_and_answer(
    rows: std::ops::Range<usize>,
    cols: std::ops::Range<usize>,
) -> impl Strategy<Value = (Board, Board)> {
    (rows, cols, 5u32..60, 20u32..95).prop_flat_map(|(rows, cols, density, hide)| {
        prop::collection::vec((0u32..100, 0u32..100, 0u32..100), rows * cols).prop_map(
            move |rolls| {
                let mines: Vec<bool> = rolls.iter().map(|r| r.0 < density).collect();
                let answer = Board::new(rows, cols, numbers_of(rows, cols, &mines));
                let puzzle = answer
                    .cells()
                    .iter()
                    .zip(&rolls)
                    .map(|(&c, r)| match c {
                        Cell::Mine if r.2 < 10 => Cell::Mine,
                        Cell::Mine => Cell::Unknown,
                        _ if r.1 < hide => Cell::Unknown,
                        _ => c,
                    })
                    .collect();
                (Board::new(rows, cols, puzzle), answer)
            },
        )
    })
}

/// A board of up to 6x6 random cells, often one no layout fits, with at most [`MOST_UNKNOWN`]
/// unknown cells (later ones become numbers).
pub fn random_board() -> impl Strategy<Value = Board> {
    (1usize..7, 1usize..7).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(
            (
                prop_oneof![
                    6 => Just(Cell::Unknown),
                    1 => Just(Cell::Mine),
                    3 => (0u8..5).prop_map(Cell::Num),
                ],
                0u8..5,
            ),
            rows * cols,
        )
        .prop_map(move |cells| {
            let mut unknown = 0;
            let cells = cells
                .into_iter()
                .map(|(cell, n)| {
                    unknown += usize::from(cell == Cell::Unknown);
                    match cell {
                        Cell::Unknown if unknown > MOST_UNKNOWN => Cell::Num(n),
                        _ => cell,
                    }
                })
                .collect();
            Board::new(rows, cols, cells)
        })
    })
}
