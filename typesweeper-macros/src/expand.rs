//! What `solve!` and `puzzle!` expand to.
//!
//! `solve!` becomes a block holding one generic function, `puzzle`, whose type parameters are
//! the board's cells named after their coordinates (`R1C1` is the top-left cell), and a call of
//! it that passes every shown cell as a type and every unknown cell as `_`. The function's
//! where-clauses are the rules; rustc must infer every `_` from them. The answer appears in
//! just two places: each unknown cell's `Reveal<answer cell>` bound, which waits until the
//! solver has proved the cell safe or a mine, and the mine total among the unknown cells that
//! starts the `Verify` chain.

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
            pub fn solve() -> ::typesweeper::Solved<impl ::typesweeper::BoardRows> {
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

fn expansion(puzzle: &SpannedBoard, answer: &SpannedBoard, call: Span) -> TokenStream {
    let board = &puzzle.board;
    let cells = board.cells();
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

    // Bounds whose `Self` is a type parameter are written on the parameter itself: rustc scans
    // the where-clauses once per parameter (looking for `?Sized`), quadratic in the board when
    // every bound is a where-clause.
    let mut bounds = Bounds::default();
    // Decided: first, so that the first error of a stuck board names its first undecided cell.
    for &i in &unknown {
        let (name, span) = (&names[i], puzzle.spans[i]);
        let marker = &markers[i];
        bounds.on(name, quote_spanned!(span=> ::typesweeper::Decided<#marker>));
    }
    // Reveal: each unknown cell waits for the solver, then meets its answer cell.
    for &i in &unknown {
        let (name, ans, span) = (
            &names[i],
            cell_type(answer.board.cells()[i]),
            answer.spans[i],
        );
        bounds.on(name, quote_spanned!(span=> ::typesweeper::Reveal<#ans>));
    }
    // NeighbsToRules: every cell that is or may become a number constrains its neighbours.
    for i in 0..cells.len() {
        let ns: Vec<usize> = board.neighbours_of(i).collect();
        if cells[i] == Cell::Mine
            || (cells[i].is_known() && ns.iter().all(|&j| cells[j].is_known()))
        {
            continue; // a mine says nothing; a shown number with no unknown neighbour was checked
        }
        let span = puzzle.spans[i];
        let ns = ns.iter().map(|&j| &ty[j]);
        let bound = quote_spanned!(span=>
            ::typesweeper::NeighbsToRules<::typesweeper::HList![#(#ns),*]>
        );
        if cells[i].is_known() {
            bounds.on_type(ty[i].clone(), bound);
        } else {
            bounds.on(&names[i], bound);
        }
    }
    // Verify: the answer's mine total over the unknown cells, as a chain of counts, nearest to
    // the shown cells first (roughly the order a solve reaches them, which keeps the counts that
    // are still partial short).
    let mut counts = Vec::new();
    let answer_cells = answer.board.cells();
    let mines = unknown
        .iter()
        .filter(|&&i| answer_cells[i] == Cell::Mine)
        .count();
    let mut before: Option<Ident> = None; // None: the total itself
    let order = by_distance_from_shown(board);
    for (k, &i) in order.iter().enumerate() {
        let name = &names[i];
        let span = puzzle.spans[i];
        let after = (k + 1 < order.len()).then(|| format_ident!("MinesAfter_{}", markers[i]));
        let before_ty = before
            .as_ref()
            .map_or_else(|| peano(mines), |b| b.to_token_stream());
        let after_ty = after
            .as_ref()
            .map_or_else(|| peano(0), |a| a.to_token_stream());
        bounds.on(
            name,
            quote_spanned!(span=> ::typesweeper::Tally<#before_ty, #after_ty>),
        );
        let verify = quote_spanned!(span=> ::typesweeper::Verify<#name, #after_ty>);
        match &before {
            Some(b) => bounds.on(b, verify),
            None => bounds.on_type(before_ty.clone(), verify),
        }
        let back = quote_spanned!(span=> ::typesweeper::VerifyBack<#name, #before_ty>);
        match &after {
            Some(a) => {
                counts.push(a.clone());
                bounds.on(a, back);
            }
            None => bounds.on_type(after_ty.clone(), back),
        }
        before = after;
    }

    let rows = (0..board.rows()).map(|r| {
        let row = &ty[r * board.cols()..(r + 1) * board.cols()];
        quote!(::typesweeper::HList![#(#row),*])
    });
    let params: Vec<TokenStream> = unknown
        .iter()
        .map(|&i| &names[i])
        .chain(&counts)
        .map(|p| {
            let on = bounds.on_param.remove(&p.to_string()).unwrap_or_default();
            quote!(#p: #(#on)+*)
        })
        .collect();
    let wheres = bounds.on_types.iter().map(|(t, b)| quote!(#t: #b));
    // Every parameter is passed as `_`, an unknown cell's spanned at its `?`: an error about a
    // cell rustc cannot derive points at the cell (and rustc suggests no turbofish).
    let holes = unknown
        .iter()
        .map(|&i| quote_spanned!(puzzle.spans[i]=> _))
        .chain(counts.iter().map(|_| quote_spanned!(call=> _)));
    let call = quote_spanned!(call=> puzzle::<#(#holes),*>());
    let marker_items = unknown.iter().map(|&i| {
        let m = &markers[i];
        quote!(struct #m;)
    });
    quote! {
        {
            #(#marker_items)*
            #[allow(non_snake_case, non_camel_case_types, clippy::type_complexity, clippy::extra_unused_type_parameters)]
            const fn puzzle<#(#params),*>() -> ::typesweeper::Solved<::typesweeper::HList![#(#rows),*]>
            where
                #(#wheres,)*
            {
                ::typesweeper::Solved::new()
            }
            const fn solved() -> ::typesweeper::Solved<impl ::typesweeper::BoardRows> {
                #call
            }
            solved()
        }
    }
}

/// The bounds of the generated function: on each type parameter, in the order stated, and on
/// other types (shown cells, the total) as where-clauses.
#[derive(Default)]
struct Bounds {
    on_param: std::collections::HashMap<String, Vec<TokenStream>>,
    on_types: Vec<(TokenStream, TokenStream)>,
}

impl Bounds {
    fn on(&mut self, param: &Ident, bound: TokenStream) {
        self.on_param
            .entry(param.to_string())
            .or_default()
            .push(bound);
    }

    fn on_type(&mut self, ty: TokenStream, bound: TokenStream) {
        self.on_types.push((ty, bound));
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
