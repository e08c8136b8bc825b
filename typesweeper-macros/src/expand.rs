//! What `solve!` and `puzzle!` expand to.
//!
//! `solve!` becomes a block holding one generic function, `puzzle`, whose type parameters are
//! the board's unknown cells named after their coordinates (`Cell_R1C1` is the top-left cell),
//! the counts of the mine chain and the rows of the result, and a constant `SOLVED` that calls
//! it with every parameter passed as `_`: rustc must infer them all while type-checking the
//! constant, which then reads the cells off the inferred row types (`typesweeper::CellRows`). The rules live in chunk impls (see
//! `typesweeper::Holds`): each holds the bounds of up to 8 chain links (a cell's
//! `CellRules` and the link's `Verify` and `VerifyBack`) or shown numbers (`NeighbsToRules`),
//! and `puzzle` has one bound per chunk. The first chunks are the rows of the result, which
//! also say each of their unknown cells must be `Decided`, so that a stuck board's first error
//! names its first undecided cell and points at its row. The answer appears in just two places:
//! each unknown cell's `CellRules<answer cell, ..>` bound, whose `Reveal` waits until the solver
//! has proved the cell safe or a mine, and the mine total among the unknown cells that starts
//! the `Verify` chain. The last chunks are a delay line (`typesweeper::Later`) that hands the
//! total to the chain's first forward `Verify` bound only after as many rounds of rustc's
//! fulfilment loop as the board has rows and columns, which keeps the forward rule from walking
//! deep partial counts while the cells at the start of the chain are still unknown.

use crate::parse::{self, Error, SpannedBoard};
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use typesweeper_board::{Board, Cell, ShapeOrCellError};

/// `solve! { puzzle: [...] answer: [...] }`
pub fn solve(input: TokenStream) -> Result<TokenStream, Error> {
    let (puzzle, answer) = sections(input, Span::call_site())?;
    Ok(expansion(&puzzle, &answer, puzzle.label))
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
    let (puzzle, answer) = sections(body.stream(), body.span())?;
    let solve = expansion(&puzzle, &answer, puzzle.label);
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

fn sections(input: TokenStream, end: Span) -> Result<(SpannedBoard, SpannedBoard), Error> {
    let mut tokens = input.into_iter().peekable();
    let puzzle = parse::section(&mut tokens, "puzzle", end)?;
    let answer = parse::section(&mut tokens, "answer", puzzle.span)?;
    if let Some(extra) = tokens.next() {
        return Err(Error::new(
            extra.span(),
            "unexpected tokens after the answer",
        ));
    }
    check(&puzzle, &answer)?;
    Ok((puzzle, answer))
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
fn peano(n: usize) -> TokenStream {
    let mut ts = quote!(::typesweeper::Z);
    for _ in 0..n {
        ts = quote!(::typesweeper::S<#ts>);
    }
    ts
}

fn cell_type(cell: Cell) -> TokenStream {
    match cell {
        Cell::Mine => quote!(::typesweeper::Mine),
        Cell::Num(n) => {
            let n = peano(usize::from(n));
            quote!(::typesweeper::Num<#n>)
        }
        Cell::Unknown => unreachable!("an unknown cell has no type"),
    }
}

fn cell_name(board: &Board, i: usize) -> Ident {
    let cols = board.cols();
    format_ident!("R{}C{}", i / cols + 1, i % cols + 1)
}

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

fn expansion(puzzle: &SpannedBoard, answer: &SpannedBoard, call: Span) -> TokenStream {
    let board = &puzzle.board;
    let cells = board.cells();
    let answer_cells = answer.board.cells();
    // The type parameter of an unknown cell, and the marker type that names it in errors.
    let names: Vec<Ident> = (0..cells.len())
        .map(|i| format_ident!("Cell_{}", cell_name(board, i)))
        .collect();
    let markers: Vec<Ident> = (0..cells.len()).map(|i| cell_name(board, i)).collect();
    let unknown: Vec<usize> = (0..cells.len()).filter(|&i| !cells[i].is_known()).collect();
    // A shown cell is its type; an unknown cell is a type parameter named after it.
    let ty: Vec<TokenStream> = (0..cells.len())
        .map(|i| match cells[i] {
            Cell::Unknown => names[i].to_token_stream(),
            c => cell_type(c),
        })
        .collect();
    let neighbour_list = |i: usize| hlist(board.neighbours_of(i).map(|j| ty[j].clone()));
    let unknown_neighbours = |i: usize| board.neighbours_of(i).filter(|&j| !cells[j].is_known());

    let mut chunks = Chunks::default();
    // The rows of the result, one chunk each and first: a row chunk builds the row's HList from
    // its cells (so that `puzzle` needs no bound on its cell parameters; an HList needs its
    // cells `Sized`) and says each unknown cell must be `Decided`. Being first, in reading
    // order, those bounds give the first error of a stuck board: it names the first undecided
    // cell and points at its row.
    let row_params: Vec<Ident> = (1..=board.rows())
        .map(|r| format_ident!("Row_{}", r))
        .collect();
    for (r, row_param) in row_params.iter().enumerate() {
        let row = &ty[r * board.cols()..(r + 1) * board.cols()];
        let unknown_in_row: Vec<usize> = (r * board.cols()..(r + 1) * board.cols())
            .filter(|&i| !cells[i].is_known())
            .collect();
        let decided = unknown_in_row.iter().map(|&i| {
            let (name, marker, span) = (&names[i], &markers[i], puzzle.spans[i]);
            quote_spanned!(span=> #name: ::typesweeper::Decided<#marker>)
        });
        let vars = unknown_in_row.iter().map(|&i| names[i].clone()).collect();
        let span = puzzle.row_spans.get(r).copied().unwrap_or(call);
        chunks.add_row(
            span,
            row_param,
            hlist(row.iter().cloned()),
            decided.collect(),
            vars,
        );
    }
    // The chain of mine counts over the unknown cells (see `Verify`), nearest to the shown
    // cells first (roughly the order a solve reaches them, which keeps the counts that are
    // still partial short), with each link's cell rules: one chunk per run of links.
    let mines = unknown
        .iter()
        .filter(|&&i| answer_cells[i] == Cell::Mine)
        .count();
    let total = peano(mines);
    let order = by_distance_from_shown(board);
    let mut counts: Vec<Ident> = Vec::new();
    // The first forward `Verify` bound gets the total through a delay line (see `Later`): one
    // link per round of rustc's fulfilment loop, about as many rounds as the local rules need
    // to settle the cells nearest the shown numbers, which start the chain.
    let delay = (board.rows() + board.cols()).min(MAX_DELAY);
    let held: Vec<Ident> = (0..=delay).map(|d| format_ident!("Total_{}", d)).collect();
    let mut before: Option<Ident> = None; // None: the total itself
    for (k, &i) in order.iter().enumerate() {
        let (name, span) = (&names[i], puzzle.spans[i]);
        let after = (k + 1 < order.len()).then(|| format_ident!("MinesAfter_{}", markers[i]));
        let before_ty = before
            .as_ref()
            .map_or_else(|| total.clone(), |b| b.to_token_stream());
        let after_ty = after
            .as_ref()
            .map_or_else(|| peano(0), |a| a.to_token_stream());
        let ans = cell_type(answer_cells[i]);
        let ns = neighbour_list(i);
        // The first link's forward bound reads the total from the end of the delay line.
        let forward = if k == 0 {
            held[0].to_token_stream()
        } else {
            before_ty.clone()
        };
        let vars = std::iter::once(name.clone())
            .chain(unknown_neighbours(i).map(|j| names[j].clone()))
            .chain(before.clone())
            .chain(after.clone())
            .chain((k == 0).then(|| held[0].clone()));
        chunks.add(
            span,
            quote_spanned!(span=>
                #name: ::typesweeper::CellRules<#ans, #ns, #before_ty, #after_ty>,
                #forward: ::typesweeper::Verify<#name, #after_ty>,
                #after_ty: ::typesweeper::VerifyBack<#name, #before_ty>
            ),
            vars,
        );
        counts.extend(after.clone());
        before = after;
    }
    // NeighbsToRules: every shown number with an unknown neighbour constrains them.
    for i in 0..cells.len() {
        if !matches!(cells[i], Cell::Num(_)) || unknown_neighbours(i).next().is_none() {
            continue; // a mine says nothing; a number with no unknown neighbour was checked
        }
        let (me, ns, span) = (&ty[i], neighbour_list(i), puzzle.spans[i]);
        chunks.add(
            span,
            quote_spanned!(span=> #me: ::typesweeper::NeighbsToRules<#ns>),
            unknown_neighbours(i).map(|j| names[j].clone()),
        );
    }
    // The delay line, in this order: rustc visits its bounds in the order they are stated, so
    // each link waits for the next round, when the one stated after it has been solved.
    if !order.is_empty() {
        chunks.close();
        for d in 0..delay {
            let (from, to) = (&held[d + 1], &held[d]);
            chunks.add(
                call,
                quote!(#from: ::typesweeper::Later<#to>),
                [from.clone(), to.clone()],
            );
            // One link per chunk: `-Znext-solver` proves a chunk's bounds as one goal, in a
            // bounded number of passes, and overflows on a line of eight.
            chunks.close();
        }
        let last = &held[delay];
        chunks.add(
            call,
            quote!(#total: ::typesweeper::Later<#last>),
            [last.clone()],
        );
        counts.extend(held);
    }
    chunks.close();
    let mut items = Vec::new();
    let mut wheres = Vec::new();
    for (k, chunk) in chunks.done.iter().enumerate() {
        let marker = format_ident!("Chunk{}", k);
        let params = &chunk.vars;
        let list = vars_list(params.iter().map(ToTokens::to_token_stream));
        // A row chunk's list starts with the row: built from the cells in the impl, and the
        // function's row parameter at the use.
        let (impl_vars, fn_vars) = match &chunk.row {
            Some((param, row)) => (
                quote!(::typesweeper::Var<#row, #list>),
                quote!(::typesweeper::Var<#param, #list>),
            ),
            None => (list.clone(), list),
        };
        let bounds = &chunk.bounds;
        // Spanned at the chunk's first cell, so that notes about the chunk point into the board.
        let span = chunk.span;
        items.push(quote_spanned! {span=>
            struct #marker;
            #[allow(non_camel_case_types, clippy::type_complexity)]
            impl<#(#params),*> ::typesweeper::Holds<#impl_vars> for #marker where #(#bounds,)* {}
        });
        wheres.push(quote_spanned!(span=> #marker: ::typesweeper::Holds<#fn_vars>));
    }

    let params: Vec<&Ident> = unknown
        .iter()
        .map(|&i| &names[i])
        .chain(&counts)
        .chain(&row_params)
        .collect();
    // Every parameter is passed as `_`, an unknown cell's spanned at its `?`: rustc suggests no
    // turbofish in its errors, whose first one names the cell (and points at its row).
    let holes = unknown
        .iter()
        .map(|&i| quote_spanned!(puzzle.spans[i]=> _))
        .chain(
            counts
                .iter()
                .chain(&row_params)
                .map(|_| quote_spanned!(call=> _)),
        );
    let call = quote_spanned!(call=> puzzle::<#(#holes),*>());
    let rows = hlist(row_params.iter().map(ToTokens::to_token_stream));
    let marker_items = unknown.iter().map(|&i| {
        let m = &markers[i];
        quote!(struct #m;)
    });
    quote! {
        {
            #(#marker_items)*
            #(#items)*
            #[allow(non_snake_case, non_camel_case_types, clippy::type_complexity, clippy::extra_unused_type_parameters)]
            const fn puzzle<#(#params),*>() -> ::typesweeper::Solved<#rows>
            where
                #(#wheres,)*
            {
                ::typesweeper::Solved::new()
            }
            // A named constant, not a function returning the solved type: rustc infers the
            // cells while type-checking it and evaluates it at compile time, and no code or
            // debug information is generated for `puzzle`'s instance or the solved type.
            const SOLVED: ::typesweeper::CellRows = #call.cells();
            SOLVED
        }
    }
}

/// An HList type of the given types, written out (`HCons<A, HCons<B, HNil>>`): expanding the
/// `HList!` macro thousands of times costs rustc more than reading the types.
fn hlist(items: impl IntoIterator<Item = TokenStream>) -> TokenStream {
    type_list(
        quote!(::typesweeper::HCons),
        quote!(::typesweeper::HNil),
        items,
    )
}

/// A `Var` list type of the given variables.
fn vars_list(vars: impl IntoIterator<Item = TokenStream>) -> TokenStream {
    type_list(quote!(::typesweeper::Var), quote!(::typesweeper::End), vars)
}

/// `Cons<A, Cons<B, End>>` for the items `A, B`.
fn type_list(
    cons: TokenStream,
    end: TokenStream,
    items: impl IntoIterator<Item = TokenStream>,
) -> TokenStream {
    let items: Vec<TokenStream> = items.into_iter().collect();
    items
        .into_iter()
        .rev()
        .fold(end, |tail, t| quote!(#cons<#t, #tail>))
}

/// One impl of `Holds`: its bounds and the variables they mention (its type parameters), or a
/// row of the result and the unknown cells in it.
struct Chunk {
    span: Span,
    bounds: Vec<TokenStream>,
    vars: Vec<Ident>,
    seen: std::collections::HashSet<Ident>,
    row: Option<(Ident, TokenStream)>,
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
    fn add(&mut self, span: Span, bounds: TokenStream, vars: impl IntoIterator<Item = Ident>) {
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

    /// A chunk that builds row type `row` from its unknown cells `vars` into `param`, with
    /// `bounds` on those cells.
    fn add_row(
        &mut self,
        span: Span,
        param: &Ident,
        row: TokenStream,
        bounds: Vec<TokenStream>,
        vars: Vec<Ident>,
    ) {
        self.close();
        self.done.push(Chunk {
            span,
            bounds,
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
