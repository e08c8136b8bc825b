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
    let names: Vec<Ident> = (0..cells.len()).map(|i| cell_name(board, i)).collect();
    let unknown: Vec<usize> = (0..cells.len()).filter(|&i| !cells[i].is_known()).collect();
    // A shown cell is its type; an unknown cell is a type parameter named after it.
    let ty: Vec<TokenStream> = (0..cells.len())
        .map(|i| match cells[i] {
            Cell::Unknown => names[i].to_token_stream(),
            c => cell_type(c),
        })
        .collect();

    let mut bounds = Vec::new();
    // Decided: first, so that the first error of a stuck board names its first undecided cell.
    for &i in &unknown {
        let (name, span) = (&names[i], puzzle.spans[i]);
        bounds.push(quote_spanned!(span=> #name: ::typesweeper::Decided));
    }
    // Reveal: each unknown cell waits for the solver, then meets its answer cell.
    for &i in &unknown {
        let (name, ans, span) = (
            &names[i],
            cell_type(answer.board.cells()[i]),
            answer.spans[i],
        );
        bounds.push(quote_spanned!(span=> #name: ::typesweeper::Reveal<#ans>));
    }
    // NeighbsToRules: every cell that is or may become a number constrains its neighbours.
    for i in 0..cells.len() {
        let ns: Vec<usize> = board.neighbours_of(i).collect();
        if cells[i] == Cell::Mine
            || (cells[i].is_known() && ns.iter().all(|&j| cells[j].is_known()))
        {
            continue; // a mine says nothing; a shown number with no unknown neighbour was checked
        }
        let (me, span) = (&ty[i], puzzle.spans[i]);
        let ns = ns.iter().map(|&j| &ty[j]);
        bounds.push(quote_spanned!(span=>
            #me: ::typesweeper::NeighbsToRules<::typesweeper::HList![#(#ns),*]>
        ));
    }
    // Verify: the answer's mine total over the unknown cells, as a chain of counts.
    let mut counts = Vec::new();
    let answer_cells = answer.board.cells();
    let mines = unknown
        .iter()
        .filter(|&&i| answer_cells[i] == Cell::Mine)
        .count();
    let mut before = peano(mines);
    for (k, &i) in unknown.iter().enumerate() {
        let name = &names[i];
        let after = if k + 1 == unknown.len() {
            peano(0)
        } else {
            let v = format_ident!("MinesAfter{}", name);
            counts.push(v.clone());
            v.to_token_stream()
        };
        let span = puzzle.spans[i];
        bounds.push(quote_spanned!(span=> #name: ::typesweeper::Tally<#before, #after>));
        bounds.push(quote_spanned!(span=> #before: ::typesweeper::Verify<#name, #after>));
        bounds.push(quote_spanned!(span=> #after: ::typesweeper::VerifyBack<#name, #before>));
        before = after;
    }

    let rows = (0..board.rows()).map(|r| {
        let row = &ty[r * board.cols()..(r + 1) * board.cols()];
        quote!(::typesweeper::HList![#(#row),*])
    });
    let params = unknown.iter().map(|&i| &names[i]).chain(&counts);
    let call = quote_spanned!(call=> puzzle());
    quote! {
        {
            #[allow(non_snake_case, non_camel_case_types, clippy::type_complexity, clippy::extra_unused_type_parameters)]
            const fn puzzle<#(#params),*>() -> ::typesweeper::Solved<::typesweeper::HList![#(#rows),*]>
            where
                #(#bounds,)*
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

use quote::ToTokens;
