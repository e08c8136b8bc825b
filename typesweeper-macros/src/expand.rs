//! What `solve!` and `puzzle!` expand to.
//!
//! `solve!` becomes a block holding one generic function, `puzzle`, whose type parameters are
//! the board's unknown cells named after their coordinates (`Cell_R1C1` is the top-left cell),
//! the counts of the mine chain and the rows of the result, and a constant `SOLVED` that calls
//! it with every parameter passed as `_`: rustc must infer them all while type-checking the
//! constant, which then reads the cells off the inferred row types (`typesweeper::CellRows`).
//! The rules live in chunk impls (see `typesweeper::Holds`): each holds the bounds of up to 8
//! chain links (a cell's `CellRules` and the link's `Verify` and `VerifyBack`) or shown numbers
//! (`NeighbsToRules`), and `puzzle` has one bound per chunk. The first chunks build the rows of
//! the result. After `puzzle`, one small function per row with unknown cells chains them
//! through gates (`typesweeper::Decided`), each bound spanned at its cell's `?`, so that a board
//! the rules cannot finish gives one error, at the first undecided cell. The answer appears in just two places:
//! each unknown cell's `CellRules<answer cell, ..>` bound, whose `Reveal` waits until the solver
//! has proved the cell safe or a mine, and the mine total among the unknown cells that starts
//! the `Verify` chain. The last chunks are a delay line (`typesweeper::Later`) that hands the
//! total to the chain's first forward `Verify` bound only after as many rounds of rustc's
//! fulfilment loop as the board has rows and columns, which keeps the forward rule from walking
//! deep partial counts while the cells at the start of the chain are still unknown.

mod diagram;

use crate::parse::{self, Error, Level, SpannedBoard};
use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{format_ident, quote};
use typesweeper_board::{recursion_limit_of, Board, Cell, CellName, ShapeOrCellError};

/// `solve! { puzzle: [...] answer: [...] }`
pub fn solve(input: TokenStream) -> Result<TokenStream, Error> {
    let (level, puzzle, answer) = sections(input, Span::call_site())?;
    Ok(expansion(level, &puzzle, &answer, puzzle.label))
}

/// `puzzle! { $(#[attr])* $vis struct Name { puzzle: [...] answer: [...] } }`
pub fn puzzle(input: TokenStream) -> Result<TokenStream, Error> {
    let mut tokens = input.into_iter().peekable();
    let mut head = TokenStream::new();
    let mut name: Option<Ident> = None;
    let mut last = Span::call_site();
    while let Some(tt) = tokens.next() {
        last = tt.span();
        match tt {
            TokenTree::Ident(id) if id == "struct" => {
                match tokens.next() {
                    Some(TokenTree::Ident(n)) => name = Some(n),
                    Some(other) => {
                        return Err(Error::new(other.span(), "expected the puzzle's name"))
                    }
                    None => return Err(Error::new(id.span(), "expected the puzzle's name")),
                }
                break;
            }
            other => head.extend([other]),
        }
    }
    let name = name.ok_or_else(|| {
        Error::new(
            last,
            "expected `struct Name { puzzle: [...] answer: [...] }`",
        )
    })?;
    let body = match tokens.next() {
        Some(TokenTree::Group(g)) if g.delimiter() == proc_macro2::Delimiter::Brace => g,
        Some(other) => {
            return Err(Error::new(
                other.span(),
                "expected `{ puzzle: [...] answer: [...] }`",
            ))
        }
        None => {
            return Err(Error::new(
                name.span(),
                "expected `{ puzzle: [...] answer: [...] }` after the name",
            ))
        }
    };
    if let Some(extra) = tokens.next() {
        return Err(Error::new(
            extra.span(),
            "unexpected tokens after the puzzle",
        ));
    }
    let (level, puzzle, answer) = sections(body.stream(), body.span())?;
    let solve = expansion(level, &puzzle, &answer, puzzle.label);
    let text = puzzle.board.to_string();
    let (rows, cols) = (puzzle.board.rows(), puzzle.board.cols());
    Ok(quote! {
        #head struct #name;

        impl #name {
            /// The puzzle as board text (`?` for the cells the solver must derive).
            pub const PUZZLE: &'static str = #text;
            /// Number of rows.
            pub const ROWS: usize = #rows;
            /// Number of columns.
            pub const COLS: usize = #cols;

            /// The board with every cell derived by rustc's trait solver while compiling this
            /// function.
            pub const fn solve() -> ::typesweeper::CellRows {
                #solve
            }
        }
    })
}

/// The level, and the puzzle and answer, checked.
fn sections(input: TokenStream, end: Span) -> Result<(Level, SpannedBoard, SpannedBoard), Error> {
    let mut tokens = input.into_iter().peekable();
    let level = parse::level(&mut tokens)?;
    let puzzle = parse::section(&mut tokens, "puzzle", end)?;
    let answer = parse::section(&mut tokens, "answer", puzzle.span)?;
    if let Some(extra) = tokens.next() {
        if matches!(&extra, TokenTree::Ident(id) if id == "level") {
            return Err(Error::new(
                extra.span(),
                "`level:` must come first, before `puzzle:`",
            ));
        }
        return Err(Error::new(
            extra.span(),
            "unexpected tokens after the answer",
        ));
    }
    check(&puzzle, &answer)?;
    Ok((level, puzzle, answer))
}

/// Rejects boards the solver could only fail on, naming the offending token.
fn check(puzzle: &SpannedBoard, answer: &SpannedBoard) -> Result<(), Error> {
    answer.board.check_answer().map_err(|e| {
        Error::new(
            answer.spans[e.row * answer.board.cols() + e.col],
            e.to_string(),
        )
    })?;
    puzzle
        .board
        .check_puzzle_of(&answer.board)
        .map_err(|e| match e {
            ShapeOrCellError::Shape { .. } => Error::new(answer.span, e.to_string()),
            ShapeOrCellError::Cell(c) => Error::new(
                puzzle.spans[c.row * puzzle.board.cols() + c.col],
                c.to_string(),
            ),
        })
}

/// A Peano count as a type: `S<S<Z>>` for 2.
fn peano(n: usize) -> Toks {
    let mut t = Toks::default();
    for _ in 0..n {
        t.path("S");
        t.punct('<');
    }
    t.path("Z");
    t.close(n);
    t
}

fn cell_type(cell: Cell) -> Toks {
    match cell {
        Cell::Mine => Toks::of_path("Mine"),
        Cell::Num(n) => {
            let mut t = Toks::of_path("Num");
            t.punct('<');
            t.append(&peano(usize::from(n)));
            t.punct('>');
            t
        }
        Cell::Unknown => unreachable!("an unknown cell has no type"),
    }
}

fn cell_name(board: &Board, i: usize) -> Ident {
    let cols = board.cols();
    Ident::new(&CellName::of_index(i, cols).to_string(), Span::call_site())
}

/// The names the expansion's block imports from `typesweeper`, so that each use of one is a
/// single token: a 16x30 board's block names them about 15,000 times, and as `::typesweeper::X`
/// paths they were most of its tokens, which cost the macro and rustc's parser time.
const IMPORTS: [&str; 19] = [
    "Both",
    "CellRules",
    "Decided",
    "DecidedByPairs",
    "HCons",
    "HNil",
    "Holds",
    "Later",
    "Mine",
    "NeighbsToRules",
    "Num",
    "OnlyFirst",
    "OnlySecond",
    "Open",
    "PairFirst",
    "S",
    "Verify",
    "VerifyBack",
    "Z",
];

/// How many chain links (or shown numbers) one chunk impl holds: small enough that rustc's
/// checks of each impl's own bounds (quadratic in their number) stay cheap, and small enough for
/// `-Znext-solver`, which proves a chunk's bounds as one goal and gives up inferring anything
/// from it when the goal is large (16x16 boards fail with 32 links per chunk, pass with 8);
/// large enough that the solving function has few bounds. The default solver takes the same
/// time with 8, 16 or 64.
const CHUNK: usize = 8;

/// The longest delay line before the forward rule (see `Later`), in rounds: rows + columns up
/// to this. Each round costs a pass over every waiting obligation; 64x64 needed about 30.
const MAX_DELAY: usize = 256;

fn expansion(
    level: Level,
    puzzle: &SpannedBoard,
    answer: &SpannedBoard,
    call: Span,
) -> TokenStream {
    let layout = Layout::new(level, puzzle, answer, call);
    if level == Level::Complete {
        return diagram::expansion(&layout, puzzle, answer);
    }
    let mut chunks = Chunks::default();
    let row_params = layout.rows(&mut chunks);
    let mut counts = layout.chain(&mut chunks);
    layout.number_rules(&mut chunks);
    if level == Level::Pairs {
        layout.pair_rules(&mut chunks);
    }
    counts.extend(layout.delay_line(&mut chunks));
    chunks.close();
    let (items, wheres) = chunk_items(chunks.done);
    let unknown = &layout.unknown;
    let params: Vec<&Ident> = unknown
        .iter()
        .map(|&i| &layout.names[i])
        .chain(&counts)
        .chain(&row_params)
        .collect();
    // Every parameter is passed as `_`, an unknown cell's spanned at its `?`.
    let mut holes = Toks::at(call);
    holes.separated(
        unknown
            .iter()
            .map(|&i| puzzle.spans[i])
            .chain(counts.iter().chain(&row_params).map(|_| call))
            .map(|span| Toks::ident(&Ident::new("_", span))),
        ',',
    );
    let row_types: Vec<Toks> = row_params.iter().map(Toks::ident).collect();
    let rows = hlist(&row_types);
    // The unknown cells of each row that has some, as the flat tuple its gate function takes.
    let gate_rows = layout.gate_rows();
    let row_phantoms = gate_rows.iter().map(|(_, cells)| {
        let cells = cells.iter().map(|&i| &layout.names[i]);
        quote!(::core::marker::PhantomData<(#(#cells,)*)>)
    });
    let phantom_values = gate_rows
        .iter()
        .map(|_| quote!(::core::marker::PhantomData));
    let gate_calls = layout.gates(&gate_rows);
    // The count the first gate is opened through (`typesweeper::typelevel::gate::Depth`): the
    // board's recursion limit less one, so that a limit too low for the board is an overflow.
    let first = diverging(1);
    let mut depth = quote!(Z);
    for _ in 1..recursion_limit_of(&puzzle.board, &answer.board) {
        depth = quote!(S<#depth>);
    }
    let imports = IMPORTS
        .iter()
        .map(|name| Ident::new(name, Span::call_site()));
    quote! {
        {
            use ::typesweeper::{#(#imports),*};
            #items
            #[allow(non_snake_case, non_camel_case_types, clippy::type_complexity, clippy::extra_unused_type_parameters)]
            const fn puzzle<#(#params),*>() -> (::typesweeper::Solved<#rows>, (#(#row_phantoms,)*))
            where
                #wheres
            {
                (::typesweeper::Solved::new(), (#(#phantom_values,)*))
            }
            // A named constant, not a function returning the solved type: rustc infers the
            // cells while type-checking it and evaluates it at compile time, and no code or
            // debug information is generated for `puzzle`'s instance or the solved type.
            #[allow(unreachable_code, clippy::diverging_sub_expression)]
            const SOLVED: ::typesweeper::CellRows = {
                let (solved, rows) = puzzle::<#holes>();
                // The first gate, `Open` once the board's depth is followed to zero, and a
                // diverging variable so that it falls back when that overflows.
                const fn first_gate<D: ::typesweeper::typelevel::gate::Depth<G>, G>(
                    _: &::core::option::Option<(G,)>,
                ) -> ::core::marker::PhantomData<G> {
                    ::core::marker::PhantomData
                }
                let gate = first_gate::<#depth, _>(#first);
                #gate_calls
                let _ = (rows, gate);
                solved.cells()
            };
            SOLVED
        }
    }
}

/// What every part of the expansion reads: the board, its cells as types, and the names of the
/// unknown cells' type parameters.
struct Layout<'a> {
    level: Level,
    puzzle: &'a SpannedBoard,
    board: &'a Board,
    answer: &'a [Cell],
    /// The span of the `puzzle:` label, for the items that belong to no cell.
    call: Span,
    /// Each cell's type parameter, named after it (`Cell_R1C1`); used for the unknown cells.
    names: Vec<Ident>,
    /// Each cell as a type: a shown cell is its type, an unknown one its parameter.
    ty: Vec<Toks>,
    /// The unknown cells, in reading order.
    unknown: Vec<usize>,
    /// The mine total among the unknown cells, as a Peano type.
    total: Toks,
    /// The delay line's variables (see `Later`), `Total_0` first.
    held: Vec<Ident>,
}

impl<'a> Layout<'a> {
    fn new(
        level: Level,
        puzzle: &'a SpannedBoard,
        answer: &'a SpannedBoard,
        call: Span,
    ) -> Layout<'a> {
        let board = &puzzle.board;
        let cells = board.cells();
        let names: Vec<Ident> = (0..cells.len())
            .map(|i| format_ident!("Cell_{}", cell_name(board, i)))
            .collect();
        let ty = (0..cells.len())
            .map(|i| match cells[i] {
                Cell::Unknown => Toks::ident(&names[i]),
                c => cell_type(c),
            })
            .collect();
        let unknown: Vec<usize> = (0..cells.len()).filter(|&i| !cells[i].is_known()).collect();
        let answer = answer.board.cells();
        let mines = unknown.iter().filter(|&&i| answer[i] == Cell::Mine).count();
        // As many rounds as the local rules need to settle the cells nearest the shown numbers,
        // which start the chain: about the board's rows and columns.
        let delay = (board.rows() + board.cols()).min(MAX_DELAY);
        Layout {
            level,
            puzzle,
            board,
            answer,
            call,
            names,
            ty,
            unknown,
            total: peano(mines),
            held: (0..=delay).map(|d| format_ident!("Total_{}", d)).collect(),
        }
    }

    /// The rows with unknown cells (from 0), each with its unknown cells in reading order: one
    /// gate function each.
    fn gate_rows(&self) -> Vec<(usize, Vec<usize>)> {
        (0..self.board.rows())
            .map(|r| (r, self.unknown_in_row(r).collect::<Vec<_>>()))
            .filter(|(_, cells)| !cells.is_empty())
            .collect()
    }

    /// The unknown cells of row `r` (from 0), in reading order.
    fn unknown_in_row(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        let cols = self.board.cols();
        (r * cols..(r + 1) * cols).filter(move |&i| !self.board.cells()[i].is_known())
    }

    /// The neighbours of cell `i` as an HList type.
    fn neighbour_list(&self, i: usize) -> Toks {
        hlist(self.board.neighbours_of(i).map(|j| &self.ty[j]))
    }

    /// The unknown neighbours of cell `i`.
    fn unknown_neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let cells = self.board.cells();
        self.board
            .neighbours_of(i)
            .filter(move |&j| !cells[j].is_known())
    }

    /// The rows of the result, one chunk each and first: a row chunk builds the row's HList
    /// from its cells, so that `puzzle` needs no bound on its cell parameters (an HList needs
    /// its cells `Sized`). Returns the rows' parameters, `Row_1` first.
    fn rows(&self, chunks: &mut Chunks) -> Vec<Ident> {
        let (board, cols) = (self.board, self.board.cols());
        let row_params: Vec<Ident> = (1..=board.rows())
            .map(|r| format_ident!("Row_{}", r))
            .collect();
        for (r, row_param) in row_params.iter().enumerate() {
            let row = &self.ty[r * cols..(r + 1) * cols];
            let vars = self
                .unknown_in_row(r)
                .map(|i| self.names[i].clone())
                .collect();
            let span = self.puzzle.row_spans.get(r).copied().unwrap_or(self.call);
            chunks.add_row(span, row_param, hlist(row), vars);
        }
        row_params
    }

    /// The chain of mine counts over the unknown cells (see `Verify`), nearest to the shown
    /// cells first (roughly the order a solve reaches them, which keeps the counts that are
    /// still partial short), with each link's cell rules: one chunk per run of links. The first
    /// link's forward bound reads the total from the end of the delay line. Returns the counts
    /// between the links (`MinesAfter_R1C1`, ..).
    fn chain(&self, chunks: &mut Chunks) -> Vec<Ident> {
        let order = by_distance_from_shown(self.board);
        let mut counts = Vec::new();
        let mut before: Option<Ident> = None; // None: the total itself
        for (k, &i) in order.iter().enumerate() {
            let (name, span) = (&self.names[i], self.puzzle.spans[i]);
            let after = (k + 1 < order.len())
                .then(|| format_ident!("MinesAfter_{}", cell_name(self.board, i)));
            let before_ty = before
                .as_ref()
                .map_or_else(|| self.total.clone(), Toks::ident);
            let after_ty = after.as_ref().map_or_else(|| peano(0), Toks::ident);
            let forward = if k == 0 {
                Toks::ident(&self.held[0])
            } else {
                before_ty.clone()
            };
            let cell = Toks::ident(name);
            let answer = cell_type(self.answer[i]);
            let mut link = bound(
                span,
                &cell,
                "CellRules",
                &[&answer, &self.neighbour_list(i), &before_ty, &after_ty],
            );
            link.punct(',');
            link.append(&bound(span, &forward, "Verify", &[&cell, &after_ty]));
            link.punct(',');
            link.append(&bound(span, &after_ty, "VerifyBack", &[&cell, &before_ty]));
            let vars = std::iter::once(name.clone())
                .chain(self.unknown_neighbours(i).map(|j| self.names[j].clone()))
                .chain(before.clone())
                .chain(after.clone())
                .chain((k == 0).then(|| self.held[0].clone()));
            chunks.add(span, link, vars);
            counts.extend(after.clone());
            before = after;
        }
        counts
    }

    /// `NeighbsToRules`: every shown number with an unknown neighbour constrains them (a mine
    /// says nothing; a number with no unknown neighbour was checked by the macro).
    fn number_rules(&self, chunks: &mut Chunks) {
        for (i, &cell) in self.board.cells().iter().enumerate() {
            if !matches!(cell, Cell::Num(_)) || self.unknown_neighbours(i).next().is_none() {
                continue;
            }
            let span = self.puzzle.spans[i];
            chunks.add(
                span,
                bound(
                    span,
                    &self.ty[i],
                    "NeighbsToRules",
                    &[&self.neighbour_list(i)],
                ),
                self.unknown_neighbours(i).map(|j| self.names[j].clone()),
            );
        }
    }

    /// `PairFirst` (`level: pairs`): every two cells side by side that may be numbers (shown, or
    /// unknown and revealed during the solve) reason jointly about the union of their
    /// neighbours (see `typesweeper::typelevel::pairs`). The union's unknown cells fall into
    /// three groups (seen by the first only, by both, by the second only); the pair is stated
    /// once with each group first, as `(cell, group)` entries after the union's shown mines.
    /// A pair where one number sees no unknown cell adds nothing to the other alone, and is
    /// left out.
    fn pair_rules(&self, chunks: &mut Chunks) {
        let (board, cols) = (self.board, self.board.cols());
        let cells = board.cells();
        for a in 0..cells.len() {
            let right = (a % cols + 1 < cols).then_some(a + 1);
            let down = (a + cols < cells.len()).then_some(a + cols);
            for b in [right, down].into_iter().flatten() {
                if cells[a] == Cell::Mine || cells[b] == Cell::Mine {
                    continue;
                }
                let sees_a: Vec<usize> = board.neighbours_of(a).filter(|&j| j != b).collect();
                let sees_b: Vec<usize> = board.neighbours_of(b).filter(|&j| j != a).collect();
                let mut union: Vec<usize> = sees_a.iter().chain(&sees_b).copied().collect();
                union.sort_unstable();
                union.dedup();
                let group = |j: usize| match (sees_a.contains(&j), sees_b.contains(&j)) {
                    (true, false) => "OnlyFirst",
                    (true, true) => "Both",
                    _ => "OnlySecond",
                };
                let unknown_in = |g: &str| -> Vec<usize> {
                    union
                        .iter()
                        .copied()
                        .filter(|&j| !cells[j].is_known() && group(j) == g)
                        .collect()
                };
                let groups = [
                    unknown_in("OnlyFirst"),
                    unknown_in("Both"),
                    unknown_in("OnlySecond"),
                ];
                if groups[0].is_empty() && groups[1].is_empty()
                    || groups[2].is_empty() && groups[1].is_empty()
                {
                    continue;
                }
                let entry = |j: usize| {
                    let mut t = Toks::default();
                    let mut inner = self.ty[j].clone();
                    inner.punct(',');
                    inner.path(group(j));
                    t.push(Group::new(
                        Delimiter::Parenthesis,
                        inner.trees.into_iter().collect(),
                    ));
                    t
                };
                let mines: Vec<usize> = union
                    .iter()
                    .copied()
                    .filter(|&j| cells[j] == Cell::Mine)
                    .collect();
                let span = self.puzzle.spans[a];
                let mut bounds = Toks::at(span);
                for first in 0..3 {
                    if groups[first].is_empty() {
                        continue;
                    }
                    let order = std::iter::once(first).chain((0..3).filter(|&g| g != first));
                    let entries: Vec<Toks> = mines
                        .iter()
                        .copied()
                        .chain(order.flat_map(|g| groups[g].iter().copied()))
                        .map(entry)
                        .collect();
                    if !bounds.trees.is_empty() {
                        bounds.punct(',');
                    }
                    bounds.append(&bound(
                        span,
                        &self.ty[a],
                        "PairFirst",
                        &[&self.ty[b], &hlist(&entries)],
                    ));
                }
                let vars = [a, b]
                    .into_iter()
                    .chain(groups.iter().flatten().copied())
                    .filter(|&j| !cells[j].is_known())
                    .map(|j| self.names[j].clone());
                chunks.add(span, bounds, vars);
            }
        }
    }

    /// The delay line that hands the total to the chain's first forward bound (see `Later`), in
    /// this order: rustc visits bounds in the order they are stated, so each link waits for the
    /// next round, when the one stated after it has been solved. Returns its variables (none
    /// when no cell is unknown).
    fn delay_line(&self, chunks: &mut Chunks) -> Vec<Ident> {
        if self.unknown.is_empty() {
            return Vec::new();
        }
        let (held, call) = (&self.held, self.call);
        chunks.close();
        for d in 0..held.len() - 1 {
            let (from, to) = (&held[d + 1], &held[d]);
            chunks.add(
                call,
                bound(
                    Span::call_site(),
                    &Toks::ident(from),
                    "Later",
                    &[&Toks::ident(to)],
                ),
                [from.clone(), to.clone()],
            );
            // One link per chunk: `-Znext-solver` proves a chunk's bounds as one goal, in a
            // bounded number of passes, and overflows on a line of eight.
            chunks.close();
        }
        let last = &held[held.len() - 1];
        chunks.add(
            call,
            bound(
                Span::call_site(),
                &self.total,
                "Later",
                &[&Toks::ident(last)],
            ),
            [last.clone()],
        );
        held.clone()
    }

    /// The gates (see `typesweeper::Decided`): one function per row with unknown cells, whose
    /// bounds chain the row's cells in reading order, `Gate_0: Decided<1, 1, Cell_R1C1,
    /// Gate_1>, ..`, each spanned at the cell's `?`; and the calls that chain the rows, each
    /// taking the gate the row before it left and giving the row's own gates as diverging
    /// inference variables (`Some((loop {}, ..))` in a branch never taken), so that they fall
    /// back to a type of their own when the rules leave a cell undecided.
    fn gates(&self, rows: &[(usize, Vec<usize>)]) -> TokenStream {
        let (puzzle, cols) = (self.puzzle, self.board.cols());
        let mut calls = TokenStream::new();
        for (index, (r, unknown)) in rows.iter().enumerate() {
            let row_span = puzzle.row_spans.get(*r).copied().unwrap_or(puzzle.label);
            let f = Ident::new(&format!("row_{}", r + 1), row_span);
            let gate: Vec<Ident> = (0..=unknown.len())
                .map(|k| format_ident!("Gate_{}", k))
                .collect();
            let cell_params: Vec<&Ident> = unknown.iter().map(|&i| &self.names[i]).collect();
            let mut bounds = Toks::default();
            for (k, &i) in unknown.iter().enumerate() {
                let (row, col) = (i / cols + 1, i % cols + 1);
                let gate_trait = match self.level {
                    Level::Fragment => "Decided",
                    Level::Pairs => "DecidedByPairs",
                    Level::Complete => "DecidedByComplete",
                };
                let link = bound(
                    puzzle.spans[i],
                    &Toks::ident(&gate[k]),
                    gate_trait,
                    &[
                        &Toks::literal(row),
                        &Toks::literal(col),
                        &Toks::ident(&self.names[i]),
                        &Toks::ident(&gate[k + 1]),
                    ],
                );
                bounds.append(&link);
                bounds.punct(',');
            }
            let later = &gate[1..];
            let last = &gate[unknown.len()];
            // Every parameter as `_`, spanned at a cell's `?` (a gate's at the cell it follows,
            // the last at the row's last unknown cell), so that the error points at the cell.
            let holes = unknown
                .iter()
                .map(|&i| Ident::new("_", puzzle.spans[i]))
                .chain((0..gate.len()).map(|k| {
                    let cell = unknown[k.min(unknown.len() - 1)];
                    Ident::new("_", puzzle.spans[cell])
                }));
            let index = proc_macro2::Literal::usize_unsuffixed(index);
            let diverging = diverging(later.len());
            calls.extend(quote! {
                #[allow(non_snake_case, non_camel_case_types, clippy::type_complexity)]
                const fn #f<#(#cell_params,)* #(#gate),*>(
                    _: &::core::marker::PhantomData<(#(#cell_params,)*)>,
                    _: ::core::marker::PhantomData<Gate_0>,
                    _: &::core::option::Option<(#(#later,)*)>,
                ) -> ::core::marker::PhantomData<#last>
                where
                    #bounds
                {
                    ::core::marker::PhantomData
                }
                let gate = #f::<#(#holes),*>(
                    &rows.#index,
                    gate,
                    #diverging,
                );
            });
        }
        calls
    }
}

/// `&Option<(_, ..)>` of `n` diverging inference variables: `None`, in a branch never taken
/// `Some((loop {}, ..))`, so that rustc gives each variable a type of its own (`()` or `!`) if
/// type inference leaves it unresolved.
fn diverging(n: usize) -> TokenStream {
    let loops = (0..n).map(|_| quote!(loop {}));
    quote!(&if true { ::core::option::Option::None } else { ::core::option::Option::Some((#(#loops,)*)) })
}

/// The chunks as items (`struct ChunkK; impl<..> Holds<(..)> for ChunkK where .. {}`) and as
/// the bounds `puzzle` states on them (`ChunkK: Holds<(..)>,`).
fn chunk_items(chunks: Vec<Chunk>) -> (Toks, Toks) {
    let mut items = Toks::default();
    let mut wheres = Toks::default();
    let allow = Group::new(
        Delimiter::Bracket,
        quote!(allow(non_camel_case_types, clippy::type_complexity)),
    );
    for (k, chunk) in chunks.into_iter().enumerate() {
        let marker = format_ident!("Chunk{}", k);
        let params = &chunk.vars;
        // A row chunk's tuple starts with the row: built from the cells in the impl, and the
        // function's row parameter at the use.
        let (impl_vars, fn_vars) = match &chunk.row {
            Some((param, row)) => (
                vars_tuple(Some(row.clone()), params),
                vars_tuple(Some(Toks::ident(param)), params),
            ),
            None => (vars_tuple(None, params), vars_tuple(None, params)),
        };
        // Spanned at the chunk's first cell, so that notes about the chunk point into the board.
        let span = chunk.span;
        // struct Chunk_k; #[allow(..)] impl<params> Holds<impl_vars> for Chunk_k where bounds {}
        let mut item = Toks::at(span);
        item.word("struct");
        item.push(marker.clone());
        item.punct(';');
        item.punct('#');
        item.push(allow.clone());
        item.word("impl");
        item.punct('<');
        item.separated(params.iter().map(Toks::ident), ',');
        item.punct('>');
        item.path("Holds");
        item.punct('<');
        item.append(&impl_vars);
        item.punct('>');
        item.word("for");
        item.push(marker.clone());
        item.word("where");
        item.separated(chunk.bounds, ',');
        item.push(Group::new(Delimiter::Brace, TokenStream::new()));
        items.trees.extend(item.trees);
        wheres.append(&bound(span, &Toks::ident(&marker), "Holds", &[&fn_vars]));
        wheres.punct(',');
    }
    (items, wheres)
}

/// An HList type of the given types, written out (`HCons<A, HCons<B, HNil>>`): expanding the
/// `HList!` macro thousands of times costs rustc more than reading the types. Written in one
/// pass (`HCons<A,` per item, `HNil`, then the closing `>`s).
fn hlist<'a>(items: impl IntoIterator<Item = &'a Toks>) -> Toks {
    let mut t = Toks::default();
    let mut open = 0;
    for item in items {
        t.path("HCons");
        t.punct('<');
        t.append(item);
        t.punct(',');
        open += 1;
    }
    t.path("HNil");
    t.close(open);
    t
}

/// The tuple type `(first, vars..,)` of a chunk's variables (see `typesweeper::Holds`).
fn vars_tuple(first: Option<Toks>, vars: &[Ident]) -> Toks {
    let mut inner = Toks::default();
    inner.separated(first.into_iter().chain(vars.iter().map(Toks::ident)), ',');
    inner.punct(','); // `(A,)` is a tuple, `(A)` would not be
    let mut t = Toks::default();
    t.push(Group::new(
        Delimiter::Parenthesis,
        inner.trees.into_iter().collect(),
    ));
    t
}

/// Tokens as a plain list. Inside rustc each `TokenStream` is a handle into the compiler, and
/// every clone or concatenation of one is a call across the proc-macro bridge; the types the
/// expansion repeats thousands of times (cells, counts, lists) are built and copied as token
/// lists instead, and joined into one stream at the end. With the single-token names of
/// [`IMPORTS`] and tuples for the chunks' variables, this took rustc's expansion of a 16x30 board
/// (the macro and the parsing of its output) from 77 ms to 33 ms.
#[derive(Clone)]
struct Toks {
    trees: Vec<TokenTree>,
    /// The span of the tokens that `path`, `punct` and `word` write.
    span: Span,
}

impl Default for Toks {
    fn default() -> Self {
        Toks::at(Span::call_site())
    }
}

impl Toks {
    /// No tokens yet; the ones `path`, `punct` and `word` write get `span`.
    fn at(span: Span) -> Toks {
        Toks {
            trees: Vec::new(),
            span,
        }
    }

    /// The identifier `name`, as it is spanned.
    fn ident(name: &Ident) -> Toks {
        Toks {
            trees: vec![name.clone().into()],
            span: Span::call_site(),
        }
    }

    /// The number `n`, unsuffixed.
    fn literal(n: usize) -> Toks {
        Toks {
            trees: vec![proc_macro2::Literal::usize_unsuffixed(n).into()],
            span: Span::call_site(),
        }
    }

    /// `name`, one of the [`IMPORTS`].
    fn of_path(name: &str) -> Toks {
        let mut t = Toks::default();
        t.path(name);
        t
    }

    /// Appends `name`, one of the [`IMPORTS`] of the expansion's block (or `level: complete`'s
    /// gate, which its expansion imports itself: `diagram::expansion`).
    fn path(&mut self, name: &str) {
        debug_assert!(
            IMPORTS.contains(&name) || name == "DecidedByComplete",
            "{name} is not imported"
        );
        self.trees.push(Ident::new(name, self.span).into());
    }

    fn punct(&mut self, ch: char) {
        let mut p = Punct::new(ch, Spacing::Alone);
        p.set_span(self.span);
        self.trees.push(p.into());
    }

    /// Appends `n` closing `>`s.
    fn close(&mut self, n: usize) {
        for _ in 0..n {
            self.punct('>');
        }
    }

    fn append(&mut self, other: &Toks) {
        self.trees.extend(other.trees.iter().cloned());
    }

    fn push(&mut self, tree: impl Into<TokenTree>) {
        self.trees.push(tree.into());
    }

    /// Appends the keyword or name `word`.
    fn word(&mut self, word: &str) {
        self.trees.push(Ident::new(word, self.span).into());
    }

    /// Appends `items` separated by `sep`.
    fn separated(&mut self, items: impl IntoIterator<Item = Toks>, sep: char) {
        for (k, item) in items.into_iter().enumerate() {
            if k > 0 {
                self.punct(sep);
            }
            self.trees.extend(item.trees);
        }
    }
}

/// The bound `subject: tr<args..>` (`tr` one of the [`IMPORTS`]), spanned at `span` (as `quote_spanned!` would
/// span it: the subject and arguments keep their own spans).
fn bound(span: Span, subject: &Toks, tr: &str, args: &[&Toks]) -> Toks {
    let mut t = Toks::at(span);
    t.append(subject);
    t.punct(':');
    t.path(tr);
    t.punct('<');
    for (k, arg) in args.iter().enumerate() {
        if k > 0 {
            t.punct(',');
        }
        t.append(arg);
    }
    t.punct('>');
    t
}

impl ToTokens for Toks {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        tokens.extend(self.trees.iter().cloned());
    }
}

/// One impl of `Holds`: its bounds and the variables they mention (its type parameters), or a
/// row of the result and the unknown cells in it.
struct Chunk {
    span: Span,
    bounds: Vec<Toks>,
    vars: Vec<Ident>,
    seen: std::collections::HashSet<Ident>,
    row: Option<(Ident, Toks)>,
}

impl Default for Chunk {
    fn default() -> Self {
        Chunk {
            span: Span::call_site(),
            bounds: Vec::new(),
            vars: Vec::new(),
            seen: std::collections::HashSet::new(),
            row: None,
        }
    }
}

/// The chunks, in the order their bounds are stated.
#[derive(Default)]
struct Chunks {
    done: Vec<Chunk>,
    open: Chunk,
}

impl Chunks {
    /// Adds one cell's bounds (or one link's, or one number's) to the open chunk, closing it
    /// when it is full.
    fn add(&mut self, span: Span, bounds: Toks, vars: impl IntoIterator<Item = Ident>) {
        let chunk = &mut self.open;
        if chunk.bounds.is_empty() {
            chunk.span = span;
        }
        chunk.bounds.push(bounds);
        for v in vars {
            if chunk.seen.insert(v.clone()) {
                chunk.vars.push(v);
            }
        }
        if chunk.bounds.len() == CHUNK {
            self.close();
        }
    }

    /// Closes the open chunk (if it has anything), so the next bounds start a new one.
    fn close(&mut self) {
        if !self.open.bounds.is_empty() {
            self.done.push(std::mem::take(&mut self.open));
        }
    }

    /// A chunk that builds row type `row` from its unknown cells `vars` into `param`.
    fn add_row(&mut self, span: Span, param: &Ident, row: Toks, vars: Vec<Ident>) {
        self.close();
        self.done.push(Chunk {
            span,
            vars,
            row: Some((param.clone(), row)),
            ..Chunk::default()
        });
    }
}

/// The unknown cells, nearest to a shown cell first (breadth-first from every shown cell, ties
/// in reading order): roughly the order in which a solve reaches them.
fn by_distance_from_shown(board: &Board) -> Vec<usize> {
    let cells = board.cells();
    let mut dist = vec![usize::MAX; cells.len()];
    let mut queue = std::collections::VecDeque::new();
    for (i, c) in cells.iter().enumerate() {
        if c.is_known() {
            dist[i] = 0;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        for j in board.neighbours_of(i) {
            if dist[j] == usize::MAX {
                dist[j] = dist[i] + 1;
                queue.push_back(j);
            }
        }
    }
    let mut order: Vec<usize> = (0..cells.len()).filter(|&i| !cells[i].is_known()).collect();
    order.sort_by_key(|&i| (dist[i], i));
    order
}

use quote::ToTokens;
