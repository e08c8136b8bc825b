//! The compile-time solver beyond the corpus: constants read off solved types, the puzzle type
//! form, boards only the mine total can finish (up to expert size, both ways: no mines left, and
//! as many mines left as undecided cells), and Peano/typenum conversions.

#![recursion_limit = "512"]

use typesweeper::board::{Board, Cell};
use typesweeper::runtime::deduction::Reason;
use typesweeper::runtime::{fragment, Given};
use typesweeper::{CellRows, FromUnsigned, Peano, S, Z};

/// Solved while this constant was type-checked; its cells were read off the inferred type when it
/// was evaluated, not copied from the macro's input.
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
};

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

/// A mine proved late in the chain must not hide "no mines remain" from the cells before it
/// (the failure mode of a single forward chain). The chain runs over the unknown cells nearest
/// the shown cells first, ties in reading order: R1C2, R1C4, R1C6 (each next to a shown cell),
/// then R1C1. The `1` proves R1C6, the third link, a mine: the answer's one hidden mine. No
/// number sees R1C2 or R1C4, so they are safe only because no mine remains, which the count must
/// carry backwards from R1C6 to the start of the chain (`VerifyBack`; with one cell before the
/// mine, the mine's own `Tally` would do). R1C2 then shows its 1, which decides R1C1.
#[test]
fn no_mines_remain_with_a_mine_decided_after() {
    let solved = typesweeper::solve! {
        puzzle: [[? ? x ? x ? 1]]
        answer: [[0 1 x 2 x x 1]]
    };
    assert_eq!(solved.to_string(), "0 1 x 2 x x 1");
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

/// An expert board (`typesweeper gen --rows 16 --cols 30 --mines 99 --seed 7522 --level
/// fragment`, first click opening a zero) that only the mine total finishes: its last two
/// cells, R16C29 and R16C30, touch no shown number that could decide them, and are safe because
/// no mines remain.
#[test]
fn the_mine_total_finishes_an_expert_board() {
    typesweeper::puzzle! {
        struct ExpertNoneLeft {
            puzzle: [
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [1 2 2 4 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [0 0 0 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [0 0 0 2 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [0 0 0 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [0 0 0 1 2 3 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [1 1 0 0 0 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? 3 2 1 0 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? 1 1 2 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
            ]
            answer: [
                [x 2 x x x x 1 0 0 1 x 3 x x 1 1 1 2 x 1 2 x 2 0 0 0 0 0 1 1]
                [1 2 2 4 4 3 1 1 1 2 2 5 x 5 2 1 x 2 2 2 3 x 3 1 0 1 1 1 1 x]
                [0 0 0 1 x 1 0 1 x 3 3 x x x 2 2 1 1 1 x 2 2 x 1 1 2 x 1 2 2]
                [0 0 0 2 3 4 2 2 2 x x 3 4 4 x 1 0 0 1 1 1 1 1 2 2 x 2 1 1 x]
                [0 0 0 1 x x x 1 1 2 2 1 2 x 3 1 0 0 0 0 0 0 0 1 x 3 3 1 2 1]
                [0 0 0 1 2 3 3 2 1 0 0 0 2 x 2 0 1 1 1 0 1 1 1 1 2 x 3 x 2 0]
                [1 1 0 0 0 1 3 x 2 0 0 0 1 1 1 0 1 x 1 1 2 x 1 0 1 1 3 x 2 0]
                [x 3 2 1 0 1 x x 3 1 0 0 0 1 1 1 2 2 2 1 x 3 3 1 1 0 1 1 1 0]
                [3 x x 1 1 2 3 3 x 3 3 2 1 1 x 1 2 x 3 2 2 x 2 x 1 1 1 1 1 1]
                [2 x 4 2 1 x 3 3 3 x x x 2 1 1 1 2 x x 1 1 2 3 2 1 1 x 2 2 x]
                [2 3 x 2 3 4 x x 2 2 4 x 3 1 1 0 1 2 2 1 0 2 x 3 1 3 3 x 2 1]
                [x 2 2 3 x x 3 2 2 2 3 2 2 x 1 0 0 0 1 1 1 2 x 3 x 2 x 2 1 0]
                [2 2 3 x 4 2 1 0 1 x x 2 3 2 2 1 1 1 1 x 1 1 1 2 2 3 3 2 2 1]
                [2 x 5 x 2 0 0 0 1 3 5 x 3 x 1 1 x 1 1 1 1 0 0 0 2 x 4 x 5 x]
                [2 x x 3 1 0 0 0 0 2 x x 3 2 2 2 1 1 1 1 1 0 1 2 4 x 5 x x x]
                [1 3 x 2 0 0 0 0 0 2 x 3 1 1 x 1 0 0 1 x 1 0 1 x x 2 3 x 4 2]
            ]
        }
    }
    finished_by_total(
        ExpertNoneLeft::solve(),
        ExpertNoneLeft::PUZZLE,
        "x 2 x x x x 1 0 0 1 x 3 x x 1 1 1 2 x 1 2 x 2 0 0 0 0 0 1 1\n1 2 2 4 4 3 1 1 1 2 2 5 x 5 2 1 x 2 2 2 3 x 3 1 0 1 1 1 1 x\n0 0 0 1 x 1 0 1 x 3 3 x x x 2 2 1 1 1 x 2 2 x 1 1 2 x 1 2 2\n0 0 0 2 3 4 2 2 2 x x 3 4 4 x 1 0 0 1 1 1 1 1 2 2 x 2 1 1 x\n0 0 0 1 x x x 1 1 2 2 1 2 x 3 1 0 0 0 0 0 0 0 1 x 3 3 1 2 1\n0 0 0 1 2 3 3 2 1 0 0 0 2 x 2 0 1 1 1 0 1 1 1 1 2 x 3 x 2 0\n1 1 0 0 0 1 3 x 2 0 0 0 1 1 1 0 1 x 1 1 2 x 1 0 1 1 3 x 2 0\nx 3 2 1 0 1 x x 3 1 0 0 0 1 1 1 2 2 2 1 x 3 3 1 1 0 1 1 1 0\n3 x x 1 1 2 3 3 x 3 3 2 1 1 x 1 2 x 3 2 2 x 2 x 1 1 1 1 1 1\n2 x 4 2 1 x 3 3 3 x x x 2 1 1 1 2 x x 1 1 2 3 2 1 1 x 2 2 x\n2 3 x 2 3 4 x x 2 2 4 x 3 1 1 0 1 2 2 1 0 2 x 3 1 3 3 x 2 1\nx 2 2 3 x x 3 2 2 2 3 2 2 x 1 0 0 0 1 1 1 2 x 3 x 2 x 2 1 0\n2 2 3 x 4 2 1 0 1 x x 2 3 2 2 1 1 1 1 x 1 1 1 2 2 3 3 2 2 1\n2 x 5 x 2 0 0 0 1 3 5 x 3 x 1 1 x 1 1 1 1 0 0 0 2 x 4 x 5 x\n2 x x 3 1 0 0 0 0 2 x x 3 2 2 2 1 1 1 1 1 0 1 2 4 x 5 x x x\n1 3 x 2 0 0 0 0 0 2 x 3 1 1 x 1 0 0 1 x 1 0 1 x x 2 3 x 4 2",
        [
            "R16C29 is safe: no mines remain (total count)",
            "R16C30 is safe: no mines remain (total count)",
        ],
        99,
    );
}

/// A board the size of expert (`typesweeper gen --rows 16 --cols 30 --mines 90 --seed 2624
/// --level fragment`, first click opening a zero) whose last two cells, R16C17 and R16C18, are
/// mines because two mines remain for two undecided cells: the forward rule of the total, which
/// `solve!` starts late (after its delay line), must still reach them.
#[test]
fn the_mine_total_places_the_last_mines_of_an_expert_sized_board() {
    typesweeper::puzzle! {
        struct ExpertTwoLeft {
            puzzle: [
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [1 1 2 1 1 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [0 0 0 0 0 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [0 0 0 0 1 2 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [1 2 1 1 1 ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
                [? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?]
            ]
            answer: [
                [1 x 2 x 1 1 x 1 1 x 1 0 1 x 2 2 x 1 1 1 1 1 x x 2 x 3 2 1 0]
                [1 1 2 1 1 1 1 2 2 2 2 1 2 2 x 3 2 1 2 x 3 3 3 3 2 2 x x 2 1]
                [0 0 0 0 0 1 1 3 x 2 1 x 2 3 3 x 1 0 2 x x 2 x 2 2 2 3 3 x 1]
                [0 0 0 0 1 2 x 3 x 2 2 3 x 3 x 2 1 0 1 2 2 2 2 x 2 x 1 1 1 1]
                [1 2 1 1 1 x 2 2 1 2 3 x 4 x 2 1 0 1 1 1 0 0 1 1 3 2 2 0 0 0]
                [x 3 x 2 1 1 1 0 0 1 x x 3 1 1 0 1 2 x 1 0 0 0 1 2 x 1 0 0 0]
                [3 5 x 2 0 0 0 0 1 3 4 4 2 1 0 0 1 x 3 2 0 1 1 2 x 2 2 1 2 1]
                [x x 3 2 1 0 0 0 1 x x 2 x 1 0 0 1 2 x 1 0 1 x 2 1 1 1 x 2 x]
                [x 3 2 x 1 0 0 0 1 2 3 4 4 3 1 0 0 2 2 3 1 2 2 2 1 0 1 1 2 1]
                [1 1 2 3 3 1 0 0 1 1 2 x x x 2 0 0 1 x 3 x 2 1 x 2 2 2 1 0 0]
                [0 0 2 x x 2 1 0 1 x 2 3 x x 2 0 0 1 1 4 x 3 1 1 3 x x 1 0 0]
                [0 0 2 x 5 x 1 0 1 1 1 1 2 2 1 0 0 0 0 2 x 2 0 0 2 x 4 3 2 1]
                [0 0 1 2 x 2 2 1 1 0 0 0 0 0 0 0 0 0 0 2 2 2 0 0 1 1 3 x x 2]
                [0 0 0 2 3 3 2 x 2 1 1 1 1 1 1 2 3 3 2 2 x 2 2 2 1 0 2 x x 2]
                [0 0 0 1 x x 3 2 3 x 1 1 x 1 2 x x x x 3 1 2 x x 2 1 1 2 2 1]
                [0 0 0 1 2 2 2 x 2 1 1 1 1 1 2 x x x x 2 0 1 2 3 x 1 0 0 0 0]
            ]
        }
    }
    finished_by_total(
        ExpertTwoLeft::solve(),
        ExpertTwoLeft::PUZZLE,
        "1 x 2 x 1 1 x 1 1 x 1 0 1 x 2 2 x 1 1 1 1 1 x x 2 x 3 2 1 0\n1 1 2 1 1 1 1 2 2 2 2 1 2 2 x 3 2 1 2 x 3 3 3 3 2 2 x x 2 1\n0 0 0 0 0 1 1 3 x 2 1 x 2 3 3 x 1 0 2 x x 2 x 2 2 2 3 3 x 1\n0 0 0 0 1 2 x 3 x 2 2 3 x 3 x 2 1 0 1 2 2 2 2 x 2 x 1 1 1 1\n1 2 1 1 1 x 2 2 1 2 3 x 4 x 2 1 0 1 1 1 0 0 1 1 3 2 2 0 0 0\nx 3 x 2 1 1 1 0 0 1 x x 3 1 1 0 1 2 x 1 0 0 0 1 2 x 1 0 0 0\n3 5 x 2 0 0 0 0 1 3 4 4 2 1 0 0 1 x 3 2 0 1 1 2 x 2 2 1 2 1\nx x 3 2 1 0 0 0 1 x x 2 x 1 0 0 1 2 x 1 0 1 x 2 1 1 1 x 2 x\nx 3 2 x 1 0 0 0 1 2 3 4 4 3 1 0 0 2 2 3 1 2 2 2 1 0 1 1 2 1\n1 1 2 3 3 1 0 0 1 1 2 x x x 2 0 0 1 x 3 x 2 1 x 2 2 2 1 0 0\n0 0 2 x x 2 1 0 1 x 2 3 x x 2 0 0 1 1 4 x 3 1 1 3 x x 1 0 0\n0 0 2 x 5 x 1 0 1 1 1 1 2 2 1 0 0 0 0 2 x 2 0 0 2 x 4 3 2 1\n0 0 1 2 x 2 2 1 1 0 0 0 0 0 0 0 0 0 0 2 2 2 0 0 1 1 3 x x 2\n0 0 0 2 3 3 2 x 2 1 1 1 1 1 1 2 3 3 2 2 x 2 2 2 1 0 2 x x 2\n0 0 0 1 x x 3 2 3 x 1 1 x 1 2 x x x x 3 1 2 x x 2 1 1 2 2 1\n0 0 0 1 2 2 2 x 2 1 1 1 1 1 2 x x x x 2 0 1 2 3 x 1 0 0 0 0",
        [
            "R16C17 is a mine: 2 mines remain for 2 unknown cells (total count)",
            "R16C18 is a mine: 2 mines remain for 2 unknown cells (total count)",
        ],
        90,
    );
}

/// Checks a board that the mine total finishes: the compiler's solve (`solved`) reads `grid`,
/// holds `mines` mines, and the runtime mirror agrees, its steps decided by the total alone
/// being `steps`.
fn finished_by_total(solved: CellRows, puzzle: &str, grid: &str, steps: [&str; 2], mines: usize) {
    assert_eq!(solved.to_string(), grid);
    let puzzle: Board = puzzle.parse().unwrap();
    let answer = solved.to_board();
    assert_eq!(steps_by_total(&puzzle, &answer), steps);
    assert_eq!(answer.mine_count(), mines);
}

/// The runtime mirror's solve of `puzzle` (which must finish it): its steps that only the mine
/// total decided, described.
fn steps_by_total(puzzle: &Board, answer: &Board) -> Vec<String> {
    let deduction = fragment::solve(puzzle, Given::answer(answer)).unwrap();
    assert!(deduction.is_solved());
    deduction
        .trace()
        .iter()
        .filter(|step| matches!(step.reason, Reason::Total { .. }))
        .map(|step| step.describe(deduction.cols()))
        .collect()
}

/// `level: pairs`: the 1-2-1 pattern, which no number decides alone. The 1 and the 2 beside it
/// together put a mine under the far side of the 2; the other pair does the same on the other
/// side, and the middle cell is then safe.
#[test]
fn pairs_decide_the_one_two_one() {
    let solved = typesweeper::solve! {
        level: pairs
        puzzle: [[? ? ?] [1 2 1]]
        answer: [[x 2 x] [1 2 1]]
    };
    assert_eq!(solved.to_string(), "x 2 x\n1 2 1");
}

/// `level: fragment` is the default, written out; `puzzle!` takes the level too.
#[test]
fn the_level_field_in_both_macros() {
    let fragment = typesweeper::solve! {
        level: fragment,
        puzzle: [[2 ? 2] [? ? ?] [? ? 3]]
        answer: [[2 3 2] [x x x] [x x 3]]
    };
    assert_eq!(fragment.to_string(), "2 3 2\nx x x\nx x 3");
    typesweeper::puzzle! {
        struct Wall {
            level: pairs
            puzzle: [[? ? ? ?] [1 2 2 1]]
            answer: [[1 x x 1] [1 2 2 1]]
        }
    }
    assert_eq!(Wall::solve().to_string(), "1 x x 1\n1 2 2 1");
}

/// `level: complete`: two separate 1s and two mines in all. Every cell is next to a 1, so a mine
/// next to both would leave the other mine nowhere: the middle column is safe, which neither
/// `fragment` nor `pairs` can tell (the two 1s do not touch, and the total alone says nothing).
/// The middle column's revealed zeros then open the rest.
#[test]
fn complete_reasons_with_the_total_and_every_number_at_once() {
    let solved = typesweeper::solve! {
        level: complete
        puzzle: [[? ? ? ? ?] [? 1 ? 1 ?] [? ? ? ? ?]]
        answer: [[x 1 0 1 x] [1 1 0 1 1] [0 0 0 0 0]]
    };
    assert_eq!(solved.to_string(), "x 1 0 1 x\n1 1 0 1 1\n0 0 0 0 0");
    let (puzzle, answer): (Board, Board) = (
        "? ? ? ? ?\n? 1 ? 1 ?\n? ? ? ? ?".parse().unwrap(),
        solved.to_board(),
    );
    for level in [
        typesweeper::runtime::generator::Level::Fragment,
        typesweeper::runtime::generator::Level::Pairs,
    ] {
        assert!(!level.solves(&puzzle, &answer), "{level:?} finishes it");
    }
}

/// `level: complete` where only the total decides the cells no number touches: two separate 1s,
/// each with its own neighbours, and two mines in all, so every cell beside neither 1 is safe.
/// Those cells' probes with the total wait in a chain: only the first runs at its stage, and
/// its cell, proved safe, shows a 0 that opens the rest (ui-tests/complete_chain_of_mines.rs has
/// a chain the total moves along one mine at a time).
#[test]
fn complete_decides_the_untouched_cells_through_the_chain() {
    let solved = typesweeper::solve! {
        level: complete
        puzzle: [
            [? ? ? ? ? ? ?]
            [? 1 ? ? ? 1 ?]
            [? ? ? ? ? ? ?]
            [? ? ? ? ? ? ?]
            [? ? ? ? ? ? ?]
        ]
        answer: [
            [x 1 0 0 0 1 x]
            [1 1 0 0 0 1 1]
            [0 0 0 0 0 0 0]
            [0 0 0 0 0 0 0]
            [0 0 0 0 0 0 0]
        ]
    };
    let text = "x 1 0 0 0 1 x\n1 1 0 0 0 1 1\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0\n0 0 0 0 0 0 0";
    assert_eq!(solved.to_string(), text);
    let puzzle: Board = "? ? ? ? ? ? ?\n? 1 ? ? ? 1 ?\n? ? ? ? ? ? ?\n? ? ? ? ? ? ?\n? ? ? ? ? ? ?"
        .parse()
        .unwrap();
    let answer = solved.to_board();
    assert!(!typesweeper::runtime::generator::Level::Pairs.solves(&puzzle, &answer));
}

/// The board of `ui-tests/complete_chain_of_mines.rs`, which fails to compile at R1C4: the
/// runtime `complete` decides R1C1 to R1C3 (mines, by the total) and stops there too.
#[test]
fn the_chain_of_mines_stops_where_the_mirror_does() {
    let puzzle: Board = "? ? ? ? 1 ?".parse().unwrap();
    let answer: Board = "x x x x 1 0".parse().unwrap();
    let undecided = typesweeper::runtime::complete::undecided_cells(&puzzle, &answer).unwrap();
    // Rows and columns from 1: R1C4 and R1C6.
    assert_eq!(undecided, vec![(1, 4), (1, 6)]);
}

/// `level: complete` on boards one cell wide, in both directions: the sweep has a padding
/// position between every two cells. Two 1s that do not touch and one mine in all: only the
/// cell between them fits both, which neither `fragment` nor `pairs` can tell.
#[test]
fn complete_on_boards_one_cell_wide() {
    let row = typesweeper::solve! {
        level: complete
        puzzle: [[? 1 ? 1 ?]]
        answer: [[0 1 x 1 0]]
    };
    assert_eq!(row.to_string(), "0 1 x 1 0");
    let column = typesweeper::solve! {
        level: complete
        puzzle: [[?] [1] [?] [1] [?]]
        answer: [[0] [1] [x] [1] [0]]
    };
    assert_eq!(column.to_string(), "0\n1\nx\n1\n0");
    let (puzzle, answer): (Board, Board) = ("? 1 ? 1 ?".parse().unwrap(), row.to_board());
    for level in [
        typesweeper::runtime::generator::Level::Fragment,
        typesweeper::runtime::generator::Level::Pairs,
    ] {
        assert!(!level.solves(&puzzle, &answer), "{level:?} finishes it");
    }
}

/// `level: complete` in `puzzle!`, on a board wider than tall (the sweep runs by columns).
#[test]
fn complete_in_puzzle_on_a_wide_board() {
    typesweeper::puzzle! {
        struct Wide {
            level: complete
            puzzle: [[? ? ? ? ? ? ?] [? 1 ? ? ? 1 ?]]
            answer: [[1 x 1 0 1 x 1] [1 1 1 0 1 1 1]]
        }
    }
    assert_eq!(Wide::solve().to_string(), "1 x 1 0 1 x 1\n1 1 1 0 1 1 1");
}
