//! What `level: complete` expands to: rounds of full deduction as projections over decision
//! diagrams (`typesweeper::typelevel::diagram`).
//!
//! Every item written here depends only on the board's shape and its mine total, except two
//! types: the first board (the puzzle's shown cells, [`Unk`] for the rest) and the concealed
//! answer, which rounds read only through `Uncover`. The items: the planner's window (`Wn`, a
//! struct of `2 w + 3` slots for sweep lines of `w` cells and one pad), its forward and
//! backward steps, one `Round` impl over the board as a tree of cell parameters, `finish`
//! (the board's cells in reading order for the gates and the result), and a chain of rounds,
//! one statement each, so that each round is a goal of its own for rustc's solver.

use super::Layout;
use crate::parse::SpannedBoard;
use proc_macro2::{Span, TokenStream};
use std::fmt::Write;
use typesweeper_board::Cell;

/// The names the expansion imports from `typesweeper::typelevel::diagram`.
const NAMES: &str = "Nd, Lf, Out, Unk, FactOf, FactsWin, FStep, FStepK, BStep, BStepK, \
                     SelfKind, FAdj, BAdj, Far, Place, LDec, LInc, FrOut, InOut, KnOut, Fr, In, \
                     Kn, Prep, Rd, RoundOf, Tt, Ff";

/// The board in sweep order: lines of its shorter side, each followed by one pad position.
struct Sweep {
    cols: usize,
    /// Cells of a line.
    w: usize,
    /// Positions of a line, with its pad.
    wp: usize,
    /// Lines.
    h: usize,
    /// Whether lines are rows.
    by_rows: bool,
}

impl Sweep {
    fn new(rows: usize, cols: usize) -> Sweep {
        let by_rows = cols <= rows;
        let (w, h) = if by_rows { (cols, rows) } else { (rows, cols) };
        Sweep {
            cols,
            w,
            wp: w + 1,
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
        if k == self.w {
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

    /// The offsets of a position's eight neighbours, in sweep order.
    fn offsets(&self) -> [isize; 8] {
        let wp = self.wp as isize;
        [-wp - 1, -wp, -wp + 1, -1, 1, wp - 1, wp, wp + 1]
    }
}

/// The window's slots: `2 wp + 3`, slot `s` holding position `p - wp - 1 + s` at step `p`.
/// The slots next to the step's cell, with the direction the cell is from their number.
fn adjacent(wp: usize) -> [(usize, usize); 8] {
    [
        (0, 8),
        (1, 7),
        (2, 6),
        (wp, 5),
        (wp + 2, 4),
        (2 * wp, 3),
        (2 * wp + 1, 2),
        (2 * wp + 2, 1),
    ]
}

/// A balanced tree over `lo..hi` as a type: `Nd<left, right>`, leaves from `leaf`.
fn tree(lo: usize, hi: usize, leaf: &dyn Fn(usize) -> String, out: &mut String) {
    if hi - lo == 1 {
        out.push_str("Lf<");
        out.push_str(&leaf(lo));
        out.push('>');
        return;
    }
    let mid = lo + (hi - lo) / 2;
    out.push_str("Nd<");
    tree(lo, mid, leaf, out);
    out.push(',');
    tree(mid, hi, leaf, out);
    out.push('>');
}

/// A balanced tree of pairs over `items`.
fn pairs(items: &[String]) -> String {
    match items.len() {
        0 => "::typesweeper::typelevel::diagram::tok::Skip".to_string(),
        1 => items[0].clone(),
        n => format!("({},{})", pairs(&items[..n / 2]), pairs(&items[n / 2..])),
    }
}

fn peano(n: usize) -> String {
    let mut s = String::new();
    for _ in 0..n {
        s.push_str("S<");
    }
    s.push('Z');
    for _ in 0..n {
        s.push('>');
    }
    s
}

fn cell_type(cell: Cell) -> String {
    match cell {
        Cell::Mine => "Mine".into(),
        Cell::Num(n) => format!("Num<{}>", peano(usize::from(n))),
        Cell::Unknown => "Unk".into(),
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

/// The items and the statements of `level: complete`'s expansion.
pub fn expansion(layout: &Layout, puzzle: &SpannedBoard, answer: &SpannedBoard) -> TokenStream {
    let board = &puzzle.board;
    let sw = Sweep::new(board.rows(), board.cols());
    let (n, wp) = (sw.len(), sw.wp);
    let slots = 2 * wp + 3;
    let selfslot = wp + 1;
    let adj = adjacent(wp);
    let dir_of = |s: usize| adj.iter().find(|(a, _)| *a == s).map(|&(_, d)| d);
    let mut src = String::new();
    let s_params: Vec<String> = (0..slots).map(|s| format!("S{s}")).collect();
    let s_list = s_params.join(",");
    let wn = format!("Wn<{s_list}>");

    // The window, and its facts.
    writeln!(
        src,
        "pub struct Wn<{s_list}>(::core::marker::PhantomData<({s_list})>);"
    )
    .unwrap();
    let fact_bounds: Vec<String> = s_params.iter().map(|s| format!("{s}: FactOf")).collect();
    let facts: Vec<String> = s_params
        .iter()
        .map(|s| format!("<{s} as FactOf>::O"))
        .collect();
    writeln!(
        src,
        "impl<{s_list}> FactsWin for {wn} where {} {{ type O = Wn<{}>; }}",
        fact_bounds.join(","),
        facts.join(",")
    )
    .unwrap();

    // The steps: by the kind of the step's own slot, then for a frontier cell the slots'
    // tokens and what they hold after.
    for (step, stepk, adj_trait, leaf) in [
        ("FStep", "FStepK", "FAdj", "LDec"),
        ("BStep", "BStepK", "BAdj", "LInc"),
    ] {
        let me = format!("S{selfslot}");
        writeln!(
            src,
            "impl<Dd, X, {s_list}> {step}<Dd, X> for {wn} where {me}: SelfKind, \
             {wn}: {stepk}<<{me} as SelfKind>::K, Dd, X> {{ \
             type D = <{wn} as {stepk}<<{me} as SelfKind>::K, Dd, X>>::D; \
             type W = <{wn} as {stepk}<<{me} as SelfKind>::K, Dd, X>>::W; \
             type Out = <{wn} as {stepk}<<{me} as SelfKind>::K, Dd, X>>::Out; }}"
        )
        .unwrap();
        let forward = step == "FStep";
        let shifted = |slot: &dyn Fn(usize) -> String| -> String {
            if forward {
                let mut v: Vec<String> = (1..slots).map(slot).collect();
                v.push("X".into());
                v.join(",")
            } else {
                let mut v = vec!["X".to_string()];
                v.extend((0..slots - 1).map(slot));
                v.join(",")
            }
        };
        let unchanged = shifted(&|s| format!("S{s}"));
        let passive_out = if forward { "InOut" } else { "KnOut" };
        writeln!(
            src,
            "impl<Dd, X, {s_list}> {stepk}<In, Dd, X> for {wn} {{ type D = Dd; \
             type W = Wn<{unchanged}>; type Out = {passive_out}; }}"
        )
        .unwrap();
        writeln!(
            src,
            "impl<Dd, X, {s_list}> {stepk}<Kn, Dd, X> for {wn} {{ type D = Dd; \
             type W = Wn<{unchanged}>; type Out = KnOut; }}"
        )
        .unwrap();
        let mut bounds = Vec::new();
        let (mut tm, mut ts) = (Vec::new(), Vec::new());
        for s in (0..slots).filter(|&s| s != selfslot) {
            match dir_of(s) {
                Some(d) => {
                    let a = format!("{adj_trait}<::typesweeper::typelevel::diagram::dir::D{d}>");
                    bounds.push(format!("S{s}: {a}"));
                    tm.push(format!("<S{s} as {a}>::M"));
                    ts.push(format!("<S{s} as {a}>::S"));
                }
                None => {
                    bounds.push(format!("S{s}: Far"));
                    tm.push(format!("<S{s} as Far>::T"));
                    ts.push(format!("<S{s} as Far>::T"));
                }
            }
        }
        let place = format!("(Dd, {}, {})", pairs(&tm), pairs(&ts));
        bounds.push(format!("{place}: Place<{leaf}>"));
        let next = shifted(&|s| match dir_of(s) {
            Some(d) => {
                format!("<S{s} as {adj_trait}<::typesweeper::typelevel::diagram::dir::D{d}>>::Nx")
            }
            None => format!("S{s}"),
        });
        let out = if forward {
            format!("FrOut<<{place} as Place<{leaf}>>::Fm, <{place} as Place<{leaf}>>::Fs>")
        } else {
            "Dd".to_string()
        };
        writeln!(
            src,
            "impl<Dd, X, {s_list}> {stepk}<Fr, Dd, X> for {wn} where {} {{ \
             type D = <{place} as Place<{leaf}>>::D; type W = Wn<{next}>; type Out = {out}; }}",
            bounds.join(",")
        )
        .unwrap();
    }

    // A position as its cell and neighbours, which `FactOf` reads (beyond the board: nothing).
    let cell_at = |pos: isize, prefix: char| -> String {
        match sw.cell(pos) {
            Some(_) => format!("{prefix}{pos}"),
            None => "Out".into(),
        }
    };
    let offsets = sw.offsets();
    let raw = |pos: isize| -> String {
        if sw.cell(pos).is_none() {
            return "(Out,Out,Out,Out,Out,Out,Out,Out,Out)".into();
        }
        let mut s = format!("({}", cell_at(pos, 'C'));
        for o in offsets {
            s.push(',');
            s.push_str(&cell_at(pos + o, 'C'));
        }
        s.push(')');
        s
    };
    let (wpi, ni) = (wp as isize, n as isize);
    let mut facts = String::new();
    tree(
        0,
        n,
        &|p| {
            let p = p as isize;
            format!("({},{},{})", raw(p), raw(p + wpi + 2), raw(p - wpi - 2))
        },
        &mut facts,
    );
    let w0f: Vec<String> = (0..slots as isize).map(|s| raw(s - wpi - 1)).collect();
    let w0b: Vec<String> = (0..slots as isize)
        .map(|s| raw(ni - 1 - wpi - 1 + s))
        .collect();
    let pattern = |prefix: char| -> String {
        let mut t = String::new();
        tree(0, n, &|p| cell_at(p as isize, prefix), &mut t);
        t
    };
    let (bd, an) = (pattern('C'), pattern('A'));
    let params: Vec<String> = (0..n)
        .filter(|&p| sw.cell(p as isize).is_some())
        .flat_map(|p| [format!("C{p}"), format!("A{p}")])
        .collect();
    let answer_cells = answer.board.cells();
    let total = answer_cells.iter().filter(|&&c| c == Cell::Mine).count();
    let width = (usize::BITS - n.max(total + 1).leading_zeros()) as usize;
    let rd = format!(
        "Rd<{facts}, Wn<{}>, Wn<{}>, {}, {}, {}, {bd}, {an}>",
        w0f.join(","),
        w0b.join(","),
        binary(total, width),
        binary(0, width),
        binary(1, width)
    );
    writeln!(src, "pub struct Rules;").unwrap();
    writeln!(
        src,
        "impl<{}> Prep<{bd}, {an}> for Rules {{ type Rd = {rd}; }}",
        params.join(",")
    )
    .unwrap();
    // A second impl, never used, so that rustc waits for a round's board to be known before it
    // picks the first (a sole impl it would pick at once, with the cells still unknown).
    writeln!(src, "impl Prep<(), ()> for Rules {{ type Rd = (); }}").unwrap();
    writeln!(
        src,
        "pub const fn round<B, A>(_: ::core::marker::PhantomData<B>, _: ::core::marker::PhantomData<A>) \
         -> ::core::marker::PhantomData<<<Rules as Prep<B, A>>::Rd as RoundOf>::Next> \
         where Rules: Prep<B, A>, <Rules as Prep<B, A>>::Rd: RoundOf \
         {{ ::core::marker::PhantomData }}"
    )
    .unwrap();

    // `finish`: the result's rows and, for the gates, each row's unknown cells.
    let cells = board.cells();
    let (rows, cols) = (board.rows(), board.cols());
    let c_of = |i: usize| format!("C{}", sw.pos(i));
    let mut hrows = String::from("::typesweeper::HNil");
    for r in (0..rows).rev() {
        let mut row = String::from("::typesweeper::HNil");
        for c in (0..cols).rev() {
            row = format!("::typesweeper::HCons<{}, {row}>", c_of(r * cols + c));
        }
        hrows = format!("::typesweeper::HCons<{row}, {hrows}>");
    }
    let gate_rows = layout.gate_rows();
    let phantoms: Vec<String> = gate_rows
        .iter()
        .map(|(_, unknown)| {
            let cs: Vec<String> = unknown.iter().map(|&i| c_of(i) + ",").collect();
            format!("::core::marker::PhantomData<({})>", cs.concat())
        })
        .collect();
    let values: Vec<&str> = gate_rows
        .iter()
        .map(|_| "::core::marker::PhantomData,")
        .collect();
    let c_params: Vec<String> = (0..n)
        .filter(|&p| sw.cell(p as isize).is_some())
        .map(|p| format!("C{p}"))
        .collect();
    writeln!(
        src,
        "pub const fn finish<{}>(_: ::core::marker::PhantomData<{bd}>) -> \
         (::typesweeper::Solved<{hrows}>, ({})) {{ (::typesweeper::Solved::new(), ({})) }}",
        c_params.join(","),
        phantoms.iter().map(|p| format!("{p},")).collect::<String>(),
        values.concat()
    )
    .unwrap();

    // The first board and the answer, and as many rounds as there are unknown cells: each
    // round that changes the board decides one more at least, and one that does not leaves it
    // as it is (the same type, whose round rustc has cached).
    let first = {
        let mut t = String::new();
        tree(
            0,
            n,
            &|p| match sw.cell(p as isize) {
                Some(i) => cell_type(cells[i]),
                None => "Out".into(),
            },
            &mut t,
        );
        t
    };
    let concealed = {
        let mut t = String::new();
        tree(
            0,
            n,
            &|p| match sw.cell(p as isize) {
                Some(i) => cell_type(answer_cells[i]),
                None => "Out".into(),
            },
            &mut t,
        );
        t
    };
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
    for _ in 0..unknown.max(1) {
        body.push_str("let board = round(board, answer);");
    }
    body.push_str("let (solved, rows) = finish(board);");

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
            use ::typesweeper::{DecidedByComplete, Open};
            #[allow(unreachable_code, clippy::diverging_sub_expression)]
            const SOLVED: ::typesweeper::CellRows = {
                #body
                let gate = ::core::marker::PhantomData::<Open>;
                #gate_calls
                let _ = (rows, gate);
                solved.cells()
            };
            SOLVED
        }
    }
}
