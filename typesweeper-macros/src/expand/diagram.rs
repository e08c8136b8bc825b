//! What `level: complete` expands to: rounds of full deduction as projections over decision
//! diagrams (`typesweeper::typelevel::diagram`).
//!
//! Every item written here depends only on the board's shape and its mine total, except two
//! types: the first board (the puzzle's shown cells, `Unk` for the rest) and the concealed
//! answer, which rounds read only through `Uncover`. The items: for the board's line type, one
//! `FactLine` impl (a line's facts from it and its neighbours), and for the window of fact
//! lines around a line one `LocalLine` impl (the local rules over the line) and one `Blocks`
//! impl (each position's block of facts, `typesweeper::typelevel::diagram::Block`, for the
//! passes); one `Prep` impl over the board as a tree of cell parameters, which gives each line
//! its window; `round`; `finish` (the board's cells in reading order, for the gates and the
//! result); and a chain of rounds, one statement each, so that each round is a goal of its own
//! for rustc's solver.

use super::Layout;
use crate::parse::SpannedBoard;
use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use std::fmt::Write;
use typesweeper_board::Cell;

/// The names the expansion imports from `typesweeper::typelevel::diagram`.
const NAMES: &str = "Nd, Lf, Out, Unk, Prep, Rd, LocalStage, CountStage, FwStage, BwStage, InteriorStage, MeetStage, ZipStage, NextStage, Tt, Ff, Lines, Blocks, ZipLine, ZipCell, Done, DoneRd, FactLine, FactOf, Kn, KnOut, LocalLine, LocalAt";

/// The board in sweep order: lines of its shorter side, each followed by pad positions (one, or
/// as many as make a line [`MIN_LINE`] positions long).
struct Sweep {
    cols: usize,
    /// Cells of a line.
    w: usize,
    /// Positions of a line, with its pads.
    wp: usize,
    /// Lines.
    h: usize,
    /// Whether lines are rows.
    by_rows: bool,
}

/// The fewest positions of a line: a position's block reads the facts of positions up to two
/// either side of it, on its line and the lines next to it, in sweep order
/// (`typesweeper::typelevel::diagram::Block`), and on lines that short one position could be
/// named twice (on a board one cell wide, the cell up and to the right would be the one to the
/// left), and the passes would miscount: a 1x3 board `? 1 ?` overflowed the recursion limit
/// when blocks were read that way. Seven positions keep every position a block names distinct.
const MIN_LINE: usize = 7;

impl Sweep {
    fn new(rows: usize, cols: usize) -> Sweep {
        let by_rows = cols <= rows;
        let (w, h) = if by_rows { (cols, rows) } else { (rows, cols) };
        Sweep {
            cols,
            w,
            wp: (w + 1).max(MIN_LINE),
            h,
            by_rows,
        }
    }

    /// Positions, pads included.
    fn len(&self) -> usize {
        self.h * self.wp
    }

    /// The board index (reading order) of a position, or `None` for a pad or a position
    /// beyond the board.
    fn cell(&self, pos: isize) -> Option<usize> {
        if pos < 0 || pos as usize >= self.len() {
            return None;
        }
        let (line, k) = (pos as usize / self.wp, pos as usize % self.wp);
        if k >= self.w {
            return None;
        }
        Some(if self.by_rows {
            line * self.cols + k
        } else {
            k * self.cols + line
        })
    }

    /// The position of a board index.
    fn pos(&self, i: usize) -> usize {
        let (r, c) = (i / self.cols, i % self.cols);
        if self.by_rows {
            r * self.wp + c
        } else {
            c * self.wp + r
        }
    }
}

/// A balanced tree over `lo..hi` as a type: `Nd<left, right>`, leaves from `leaf` as they are.
fn tree(lo: usize, hi: usize, leaf: &dyn Fn(usize) -> String, out: &mut String) {
    if hi - lo == 1 {
        out.push_str(&leaf(lo));
        return;
    }
    let mid = lo + (hi - lo) / 2;
    out.push_str("Nd<");
    tree(lo, mid, leaf, out);
    out.push(',');
    tree(mid, hi, leaf, out);
    out.push('>');
}

/// A cell as a type: the other levels' types for a known cell (`super::cell_type`), `Unk`
/// for an unknown one.
fn cell_type(cell: Cell) -> String {
    match cell {
        Cell::Unknown => "Unk".into(),
        known => super::cell_type(known).into_token_stream().to_string(),
    }
}

/// A binary number, least significant bit first, `width` bits.
fn binary(n: usize, width: usize) -> String {
    let mut s = String::new();
    for b in 0..width {
        s.push_str(if n >> b & 1 == 1 { "(Tt," } else { "(Ff," });
    }
    s.push_str("()");
    for _ in 0..width {
        s.push(')');
    }
    s
}

/// A position's neighbourhood as `FactOf` and `LocalAt` read it: `(centre, nw, n, ne, w, e, sw,
/// s, se)`, from `at(line, k)` for the lines `(up, mid, down)` and position `k` of the line
/// (`at` names what lies beyond the line's ends).
fn neighbourhood(
    at: &dyn Fn(usize, isize) -> String,
    (up, mid, down): (usize, usize, usize),
    k: isize,
) -> String {
    format!(
        "({},{},{},{},{},{},{},{},{})",
        at(mid, k),
        at(up, k - 1),
        at(up, k),
        at(up, k + 1),
        at(mid, k - 1),
        at(mid, k + 1),
        at(down, k - 1),
        at(down, k),
        at(down, k + 1)
    )
}

/// A balanced tree of flags (pairs), for `AnyOf`.
fn flags(items: &[String]) -> String {
    match items.len() {
        1 => items[0].clone(),
        n => format!("({},{})", flags(&items[..n / 2]), flags(&items[n / 2..])),
    }
}

/// The items and the statements of `level: complete`'s expansion.
pub fn expansion(layout: &Layout, puzzle: &SpannedBoard, answer: &SpannedBoard) -> TokenStream {
    let board = &puzzle.board;
    let sw = Sweep::new(board.rows(), board.cols());
    let (n, wp) = (sw.len(), sw.wp);
    let mut src = String::new();

    let (h, wpi) = (sw.h, wp as isize);
    // The board is a balanced tree of lines, each a `Ln` of `wp` cells (the last the pad).
    let ln = |name: &dyn Fn(usize) -> String| -> String {
        format!("Ln<{}>", (0..wp).map(name).collect::<Vec<_>>().join(","))
    };
    let out_line = ln(&|_| "Out".to_string());
    let line_tree = |leaf: &dyn Fn(usize) -> String| -> String {
        let mut t = String::new();
        tree(0, h, leaf, &mut t);
        t
    };
    writeln!(
        src,
        "pub struct Ln<{0}>(::core::marker::PhantomData<({0})>);",
        (0..wp)
            .map(|k| format!("C{k}"))
            .collect::<Vec<_>>()
            .join(",")
    )
    .unwrap();

    // A line's facts from the board's line and its neighbours (`FactLine`): each cell's fact
    // from its eight neighbours, beyond the line's ends its pads or the lines' (all `Out`);
    // a pad's fact is `Kn`.
    let cp = |j: usize, k: isize| -> String {
        if k < 0 || k >= wpi {
            "Out".to_string()
        } else {
            format!("c{j}_{k}")
        }
    };
    let fact_of = |k: isize| neighbourhood(&cp, (0, 1, 2), k);
    let three: Vec<String> = (0..3)
        .flat_map(|j| (0..wp).map(move |k| format!("c{j}_{k}")))
        .collect();
    let real = sw.w as isize;
    writeln!(
        src,
        "impl<{}> FactLine<{}, {}> for {} where {} {{ type O = Ln<{}>; }}",
        three.join(","),
        ln(&|k| format!("c0_{k}")),
        ln(&|k| format!("c2_{k}")),
        ln(&|k| format!("c1_{k}")),
        (0..real)
            .map(|k| format!("{}: FactOf,", fact_of(k)))
            .collect::<String>(),
        (0..wpi)
            .map(|k| if k < real {
                format!("<{} as FactOf>::O", fact_of(k))
            } else {
                "Kn".to_string()
            })
            .collect::<Vec<_>>()
            .join(",")
    )
    .unwrap();

    // A line's window: the lines of facts its positions' blocks read (thirteen facts around
    // each position, in sweep positions: the line before and after, and one more where the
    // columns wrap).
    const AROUND: [(isize, isize); 13] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (-1, 2),
        (0, -2),
        (0, -1),
        (0, 0),
        (0, 1),
        (0, 2),
        (1, -2),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let (mut lo, mut hi) = (0isize, 0isize);
    for c in 0..wpi {
        for (dr, dc) in AROUND {
            let off = dr + (c + dc).div_euclid(wpi);
            lo = lo.min(off);
            hi = hi.max(off);
        }
    }
    let span = (hi - lo + 1) as usize;
    let w_params: Vec<String> = (0..span).map(|j| format!("L{j}")).collect();
    writeln!(
        src,
        "pub struct Wn<{0}>(::core::marker::PhantomData<({0})>);",
        w_params.join(",")
    )
    .unwrap();
    let fact_param = |j: usize, k: usize| format!("f{j}_{k}");
    let window_lines: Vec<String> = (0..span).map(|j| ln(&|k| fact_param(j, k))).collect();
    let all_facts: Vec<String> = (0..span)
        .flat_map(|j| (0..wp).map(move |k| fact_param(j, k)))
        .collect();
    let mut subtree = String::new();
    tree(
        0,
        wp,
        &|c| {
            let c = c as isize;
            let facts: Vec<String> = AROUND
                .iter()
                .map(|&(dr, dc)| {
                    let j = dr + (c + dc).div_euclid(wpi) - lo;
                    let k = (c + dc).rem_euclid(wpi);
                    fact_param(j as usize, k as usize)
                })
                .collect();
            format!("Lf<({})>", facts.join(","))
        },
        &mut subtree,
    );
    writeln!(
        src,
        "impl<{}> Blocks for Wn<{}> {{ type O = {subtree}; }}",
        all_facts.join(","),
        window_lines.join(",")
    )
    .unwrap();

    // The local rules over a line's positions, from the window's lines of facts before, at and
    // after it (beyond the line's ends, pads: `Kn`).
    let (up, at, down) = ((-1 - lo) as usize, (-lo) as usize, (1 - lo) as usize);
    let fp = |j: usize, k: isize| -> String {
        if k < 0 || k >= wpi {
            "Kn".to_string()
        } else {
            fact_param(j, k as usize)
        }
    };
    let local_at = |k: isize| neighbourhood(&fp, (up, at, down), k);
    let mut dec_tree = String::new();
    tree(
        0,
        wp,
        &|k| {
            if (k as isize) < real {
                format!("Lf<<{} as LocalAt>::Dec>", local_at(k as isize))
            } else {
                "Lf<KnOut>".to_string()
            }
        },
        &mut dec_tree,
    );
    let any_flags: Vec<String> = (0..real)
        .map(|k| format!("<{} as LocalAt>::Any", local_at(k)))
        .collect();
    let window_params: Vec<String> = (0..span)
        .map(|j| {
            if j == up || j == at || j == down {
                ln(&|k| fact_param(j, k))
            } else {
                format!("W{j}")
            }
        })
        .collect();
    let local_params: Vec<String> = (0..span)
        .flat_map(|j| {
            if j == up || j == at || j == down {
                (0..wp).map(|k| fact_param(j, k)).collect::<Vec<_>>()
            } else {
                vec![format!("W{j}")]
            }
        })
        .collect();
    writeln!(
        src,
        "impl<{}> LocalLine for Wn<{}> where {} {{ type Dec = {dec_tree}; type Any = {}; }}",
        local_params.join(","),
        window_params.join(","),
        (0..real)
            .map(|k| format!("{}: LocalAt,", local_at(k)))
            .collect::<String>(),
        flags(&any_flags)
    )
    .unwrap();

    // A line's next cells, from its positions' decisions (a subtree shaped as its blocks').
    let mut dec_leaves = String::new();
    tree(0, wp, &|k| format!("Lf<D{k}>"), &mut dec_leaves);
    let zc: Vec<String> = (0..wp).map(|k| format!("(Lf<D{k}>, C{k}, A{k})")).collect();
    let zip_params: Vec<String> = (0..wp)
        .flat_map(|k| [format!("C{k}"), format!("A{k}"), format!("D{k}")])
        .collect();
    let changed: Vec<String> = zc.iter().map(|t| format!("<{t} as ZipCell>::Ch")).collect();
    let changed = flags(&changed);
    writeln!(
        src,
        "impl<{}> ZipLine<{dec_leaves}, {}> for {} where {} \
         {{ type O = Ln<{}>; type Ch = {changed}; }}",
        zip_params.join(","),
        ln(&|k| format!("A{k}")),
        ln(&|k| format!("C{k}")),
        zc.iter()
            .map(|t| format!("{t}: ZipCell"))
            .collect::<Vec<_>>()
            .join(","),
        zc.iter()
            .map(|t| format!("<{t} as ZipCell>::O"))
            .collect::<Vec<_>>()
            .join(",")
    )
    .unwrap();

    // `Prep`: the round's inputs from the board's and the answer's lines.
    let bd = line_tree(&|i| format!("Lf<L{i}>"));
    let an = line_tree(&|i| format!("Lf<A{i}>"));
    let cell_line = |r: isize| {
        if r < 0 || r >= h as isize {
            out_line.clone()
        } else {
            format!("L{r}")
        }
    };
    // Line `r` and the trait that gives its facts.
    let fact_line = |r: isize| {
        (
            cell_line(r),
            format!("FactLine<{}, {}>", cell_line(r - 1), cell_line(r + 1)),
        )
    };
    let known_line = ln(&|_| "Kn".to_string());
    let lines = line_tree(&|i| {
        let around: Vec<String> = (lo..=hi)
            .map(|o| {
                let r = i as isize + o;
                if r < 0 || r >= h as isize {
                    known_line.clone()
                } else {
                    let (line, facts) = fact_line(r);
                    format!("<{line} as {facts}>::O")
                }
            })
            .collect();
        format!("Lines<Wn<{}>>", around.join(","))
    });
    let fact_bounds: String = (0..h as isize)
        .map(|r| {
            let (line, facts) = fact_line(r);
            format!("{line}: {facts},")
        })
        .collect();
    let params: Vec<String> = (0..h)
        .flat_map(|i| [format!("L{i}"), format!("A{i}")])
        .collect();
    let answer_cells = answer.board.cells();
    let total = answer_cells.iter().filter(|&&c| c == Cell::Mine).count();
    let width = (usize::BITS - n.max(total + 1).leading_zeros()) as usize;
    let rd = format!(
        "Rd<{lines}, {}, {}, {}, {bd}, {an}>",
        binary(total, width),
        binary(0, width),
        binary(1, width)
    );
    writeln!(src, "pub struct Rules;").unwrap();
    writeln!(
        src,
        "impl<{}> Prep<{bd}, {an}> for Rules where {fact_bounds} {{ type Rd = {rd}; }}",
        params.join(",")
    )
    .unwrap();
    // After the last round that changes the board, rounds do nothing. (A second impl also keeps
    // rustc from picking the first before a round's board is known, with its cells unknown.)
    writeln!(
        src,
        "impl<B, A> Prep<Done<B>, A> for Rules {{ type Rd = DoneRd<B>; }}"
    )
    .unwrap();
    writeln!(
        src,
        "pub const fn round<B, A, R, L, C, F, W, I, M, Z, N>(_: ::core::marker::PhantomData<B>, _: ::core::marker::PhantomData<A>) \
         -> ::core::marker::PhantomData<N> \
         where Rules: Prep<B, A, Rd = R>, R: LocalStage<O = L>, R: CountStage<L, O = C>, \
         R: FwStage<C, O = F>, R: BwStage<C, O = W>, R: InteriorStage<C, F, O = I>, \
         R: MeetStage<F, W, I, M>, R: ZipStage<L, M, I, O = Z>, Z: NextStage<O = N> \
         {{ ::core::marker::PhantomData }}"
    )
    .unwrap();

    // `finish`: the result's rows and, for the gates, each row's unknown cells.
    let cells = board.cells();
    let (rows, cols) = (board.rows(), board.cols());
    let c_of = |i: usize| {
        let p = sw.pos(i);
        format!("C{}_{}", p / wp, p % wp)
    };
    let mut hrows = String::from("::typesweeper::HNil");
    for r in (0..rows).rev() {
        let mut row = String::from("::typesweeper::HNil");
        for c in (0..cols).rev() {
            row = format!("::typesweeper::HCons<{}, {row}>", c_of(r * cols + c));
        }
        hrows = format!("::typesweeper::HCons<{row}, {hrows}>");
    }
    let gate_rows = layout.gate_rows();
    let row_cells: Vec<String> = gate_rows
        .iter()
        .map(|(_, unknown)| {
            let cs: Vec<String> = unknown.iter().map(|&i| c_of(i) + ",").collect();
            format!("({})", cs.concat())
        })
        .collect();
    let c_params: Vec<String> = (0..h)
        .flat_map(|i| (0..wp).map(move |k| format!("C{i}_{k}")))
        .collect();
    let bd_cells = line_tree(&|i| format!("Lf<{}>", ln(&|k| format!("C{i}_{k}"))));
    // `Finished` is implemented for a done board only, and everything `finish` returns is a
    // projection of the board it is given: when a round is left unsolved (rustc's solver
    // stopped at its recursion limit), the board, the rows and the first gate stay unknown,
    // so no gate reports a cell and rustc reports the overflow itself, not a guess.
    writeln!(
        src,
        "pub trait Finished {{ type Rows; type Gate; {} }} \
         impl<{}> Finished for Done<{bd_cells}> {{ type Rows = {hrows}; type Gate = ::typesweeper::Open; {} }}",
        (0..row_cells.len()).map(|k| format!("type R{k};")).collect::<String>(),
        c_params.join(","),
        row_cells
            .iter()
            .enumerate()
            .map(|(k, t)| format!("type R{k} = {t};"))
            .collect::<String>()
    )
    .unwrap();
    writeln!(
        src,
        "pub const fn finish<B: Finished>(_: ::core::marker::PhantomData<B>) -> \
         (::typesweeper::Solved<B::Rows>, ({}), ::core::marker::PhantomData<B::Gate>) \
         {{ (::typesweeper::Solved::new(), ({}), ::core::marker::PhantomData) }}",
        (0..row_cells.len())
            .map(|k| format!("::core::marker::PhantomData<B::R{k}>,"))
            .collect::<String>(),
        (0..row_cells.len())
            .map(|_| "::core::marker::PhantomData,")
            .collect::<String>()
    )
    .unwrap();

    // The first board and the answer, and one more round than there are unknown cells: each
    // round that changes the board decides a cell at least, the first that does not makes it
    // `Done`, and the rounds after that do nothing.
    let board_of = |cells: &[Cell]| {
        line_tree(&|i| {
            format!(
                "Lf<{}>",
                ln(&|k| match sw.cell((i * wp + k) as isize) {
                    Some(j) => cell_type(cells[j]),
                    None => "Out".into(),
                })
            )
        })
    };
    let (first, concealed) = (board_of(cells), board_of(answer_cells));
    let unknown = cells.iter().filter(|c| !c.is_known()).count();
    let mut body = String::new();
    writeln!(
        src,
        "pub type First = {first}; pub type Concealed = {concealed};"
    )
    .unwrap();
    body.push_str(
        "let board = ::core::marker::PhantomData::<__typesweeper_complete::First>; \
         let answer = ::core::marker::PhantomData::<__typesweeper_complete::Concealed>;",
    );
    for _ in 0..=unknown {
        body.push_str("let board = round(board, answer);");
    }
    body.push_str("let (solved, rows, gate) = finish(board);");

    let items: TokenStream = src.parse().expect("the items parse");
    let body: TokenStream = body.parse().expect("the rounds parse");
    let names: TokenStream = NAMES.parse().expect("the names parse");
    let gate_calls = layout.gates(&gate_rows);
    let call = Span::call_site();
    quote::quote_spanned! {call=>
        {
            #[allow(non_snake_case, non_camel_case_types, dead_code, clippy::type_complexity, clippy::extra_unused_type_parameters)]
            mod __typesweeper_complete {
                use ::typesweeper::typelevel::diagram::{#names};
                use ::typesweeper::{Mine, Num, S, Z};
                #items
            }
            use __typesweeper_complete::{finish, round};
            use ::typesweeper::DecidedByComplete;
            #[allow(unreachable_code, clippy::diverging_sub_expression)]
            const SOLVED: ::typesweeper::CellRows = {
                #body
                #gate_calls
                let _ = (rows, gate);
                solved.cells()
            };
            SOLVED
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::sections;
    use proc_macro2::{Span, TokenStream};

    /// The expansion of a `level: complete` call, as text, one item or statement a line.
    fn expand(call: &str) -> String {
        let input: TokenStream = call.parse().unwrap();
        let (level, puzzle, answer) =
            sections(input, Span::call_site()).unwrap_or_else(|e| panic!("{}", e.message));
        super::super::expansion(level, &puzzle, &answer, puzzle.label)
            .to_string()
            .replace(';', ";\n")
    }

    /// The lines of `a` that `b` does not have.
    fn differ(a: &str, b: &str) -> Vec<String> {
        let other: std::collections::HashSet<&str> = b.lines().collect();
        a.lines()
            .filter(|l| !other.contains(l))
            .map(str::to_string)
            .collect()
    }

    /// The expansion reads the answer in one place: two consistent answers of one puzzle give
    /// the same items and statements but the concealed answer's type.
    #[test]
    fn the_answer_enters_only_as_the_concealed_board() {
        let puzzle = "puzzle: [[? ? ?] [1 2 ?] [? ? ?]]";
        // Two layouts that fit the shown 1 and 2 with two mines each.
        let one = expand(&format!(
            "level: complete {puzzle} answer: [[1 x 2] [1 2 x] [0 1 1]]"
        ));
        let two = expand(&format!(
            "level: complete {puzzle} answer: [[0 1 x] [1 2 2] [1 x 1]]"
        ));
        let (a, b) = (differ(&one, &two), differ(&two, &one));
        assert_eq!(a.len(), 1, "{a:#?}");
        assert_eq!(b.len(), 1, "{b:#?}");
        for line in a.iter().chain(&b) {
            assert!(line.contains("type Concealed ="), "{line}");
        }
        // The shown cells do enter, as the first board's type.
        let other = expand(
            "level: complete puzzle: [[? ? ?] [1 1 ?] [? ? ?]] answer: [[x 1 0] [1 1 0] [0 0 0]]",
        );
        assert!(differ(&one, &other)
            .iter()
            .any(|l| l.contains("type First =")));
    }
}
