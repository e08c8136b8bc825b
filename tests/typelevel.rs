//! The compile-time solver beyond the corpus: constants read off solved types, the puzzle type
//! form, boards only the mine total can finish, and Peano/typenum conversions.

use typesweeper::board::Cell;
use typesweeper::{CellRows, FromUnsigned, Peano, S, Z};

/// Solved while this constant was evaluated: the cells come from the type, not from the macro.
const GAME13: CellRows = typesweeper::solve! {
    puzzle: [
        [0 0 2 ? ?]
        [0 0 2 ? ?]
        [1 1 1 ? ?]
        [? ? ? ? ?]
        [? ? ? ? ?]
    ]
    answer: [
        [0 0 2 x x]
        [0 0 2 x 3]
        [1 1 1 1 1]
        [x 2 0 0 0]
        [x 2 0 0 0]
    ]
}
.cells();

#[test]
fn cells_are_constants() {
    const CORNER: Option<Cell> = GAME13.get(4, 0);
    assert_eq!(CORNER, Some(Cell::Mine));
    assert_eq!(GAME13.get(1, 4), Some(Cell::Num(3)));
    assert_eq!(GAME13.get(5, 0), None);
    assert_eq!((GAME13.len(), GAME13.mines()), (5, 5));
}

#[test]
fn to_board_matches_display() {
    let solved = typesweeper::solve! {
        puzzle: [[? ? ?], [? 4 ?], [1, 1, ?]]
        answer: [[x x x], [x 4 2], [1 1 0]]
    };
    let board = solved.to_board();
    assert_eq!(board.to_string(), solved.to_string());
    assert_eq!(board.mine_count(), 4);
}

/// Nothing here is decided by a number alone: `? ?` could hold its mine either way round
/// before the 1 is revealed. Only "no mines remain" (the answer's total) starts the solve.
#[test]
fn the_mine_total_finishes_a_board() {
    let no_mines = typesweeper::solve! {
        puzzle: [[? ? ?] [? ? ?]]
        answer: [[0 0 0] [0 0 0]]
    };
    assert_eq!(no_mines.to_string(), "0 0 0\n0 0 0");
    let all_mines = typesweeper::solve! {
        puzzle: [[? ?] [? ?]]
        answer: [[x x] [x x]]
    };
    assert_eq!(all_mines.to_string(), "x x\nx x");
}

/// A mine already proved late in the chain must not hide "no mines remain" from the cells
/// before it (the failure mode of a single forward chain).
#[test]
fn no_mines_remain_with_a_mine_decided_after() {
    let solved = typesweeper::solve! {
        puzzle: [[? ? ? ? 1]]
        answer: [[0 0 1 x 1]]
    };
    assert_eq!(solved.to_string(), "0 0 1 x 1");
}

#[test]
fn peano_and_typenum_agree() {
    assert_eq!(<Z as Peano>::USIZE, 0);
    assert_eq!(<S<S<S<S<S<Z>>>>> as Peano>::USIZE, 5);
    fn same<T>(_: T, _: T) {}
    let five: <typenum::U5 as FromUnsigned>::Peano = S::new();
    same(five, S::<S<S<S<S<Z>>>>>::new());
    assert_eq!(<<typenum::U8 as FromUnsigned>::Peano as Peano>::USIZE, 8);
}
