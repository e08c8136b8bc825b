//! Finding boards a solver finishes without guessing, and writing them out.
//!
//! A candidate is a seeded [`Layout`](super::layout::Layout) opened at the first click by flood
//! fill (exactly what a player sees after that click). It is kept when the chosen [`Level`]
//! decides every cell, both with reveals from the answer and the total mine count:
//! [`Level::Fragment`] is what the compile-time `solve!` does, [`Level::Pairs`] what it does with
//! `level: pairs`, [`Level::Complete`] everything that can be deduced. With [`Spec::need`], it
//! must also be one the level below does not finish (a board that *needs* the level). Seeds are
//! tried in order `seed, seed + 1, ...` (wrapping), so each board's own seed regenerates it
//! alone.
//!
//! Only [`Level::Fragment`] and [`Level::Pairs`] boards belong in a Rust test ([`rust_test`](crate::codegen::rust_test),
//! whose `solve!` call names the level): `solve!` fails on a board its level does not finish.
//! [`expect_at`] says what `solve!` at a level does with any board.
//!
//! ```
//! use typesweeper::runtime::generator::{find_board, Level, Spec};
//! use typesweeper::runtime::layout::FirstClick;
//!
//! let spec = Spec::new(9, 9, 10, FirstClick::Zero, Level::Complete);
//! let found = find_board(&spec, 1, 1000).unwrap();
//! assert!(found.seed >= 1);
//! assert_eq!(find_board(&spec, found.seed, 1).unwrap(), found);
//! ```

use std::fmt;

use super::deduction::Given;
use super::deduction::SolveError;
use super::game::Game;
use super::layout::{
    check_request, default_click, place_mines, FirstClick, Guarantee, LayoutError,
};
use super::{complete, fragment, pairs};
use crate::board::corpus::Expect;
use crate::board::Board;

/// Which solver must finish the board, from the weakest. All of them reveal the numbers of cells
/// they prove safe from the answer, and all use the answer's mine total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// The compile-time rules ([`fragment`]): each number alone, reveals, the total count.
    Fragment,
    /// The compile-time rules of `level: pairs` ([`pairs`]): the fragment's, and two numbers
    /// side by side reasoned jointly.
    Pairs,
    /// Everything that every fitting layout agrees on ([`complete`]).
    Complete,
}

impl Level {
    /// Whether this level decides every cell of `puzzle` given `answer`.
    pub fn solves(self, puzzle: &Board, answer: &Board) -> bool {
        let given = Given::answer(answer);
        let result = match self {
            Level::Fragment => fragment::solve(puzzle, given),
            Level::Pairs => pairs::solve(puzzle, given),
            Level::Complete => complete::solve(puzzle, given),
        };
        result.is_ok_and(|d| d.is_solved())
    }

    /// The level just below: what a board that *needs* this level cannot be finished by.
    /// `None` for [`Level::Fragment`].
    ///
    /// ```
    /// use typesweeper::runtime::generator::Level;
    /// assert_eq!(Level::Pairs.below(), Some(Level::Fragment));
    /// assert_eq!(Level::Complete.below(), Some(Level::Pairs));
    /// assert_eq!(Level::Fragment.below(), None);
    /// ```
    pub fn below(self) -> Option<Level> {
        match self {
            Level::Fragment => None,
            Level::Pairs => Some(Level::Fragment),
            Level::Complete => Some(Level::Pairs),
        }
    }

    /// The level's name, as the command line and `solve!`'s `level:` write it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Fragment => "fragment",
            Level::Pairs => "pairs",
            Level::Complete => "complete",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Mines.
    pub mines: usize,
    /// First-click rule.
    pub first_click: FirstClick,
    /// First click, 0-based `(row, col)`; `None` for [`default_click`].
    pub click: Option<(usize, usize)>,
    /// The solver that must finish the board.
    pub level: Level,
    /// Keep only boards that need the level: [`Level::below`] does not finish them (no effect
    /// on [`Level::Fragment`], which has nothing below it).
    pub need: bool,
}

impl Spec {
    /// A spec clicking at the default cell, keeping every board the level finishes.
    pub fn new(
        rows: usize,
        cols: usize,
        mines: usize,
        first_click: FirstClick,
        level: Level,
    ) -> Spec {
        Spec {
            rows,
            cols,
            mines,
            first_click,
            click: None,
            level,
            need: false,
        }
    }

    /// Whether a board is one to keep: the level finishes it and, with [`Spec::need`], the level
    /// below does not.
    pub fn accepts(&self, puzzle: &Board, answer: &Board) -> bool {
        let needed = || match self.level.below() {
            Some(below) if self.need => !below.solves(puzzle, answer),
            _ => true,
        };
        self.level.solves(puzzle, answer) && needed()
    }

    /// Checks that the spec can give boards at all: the size, the mines and the first click
    /// ([`check_request`]).
    pub fn check(&self) -> Result<(), LayoutError> {
        check_request(self.rows, self.cols, self.mines, self.click()).map(drop)
    }

    /// The first click, 0-based.
    pub fn click(&self) -> (usize, usize) {
        self.click
            .unwrap_or_else(|| default_click(self.rows, self.cols, self.first_click))
    }
}

/// A board found by [`find_board`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The seed that places its mines.
    pub seed: u64,
    /// What the player sees after the first click.
    pub puzzle: Board,
    /// The full answer.
    pub answer: Board,
}

/// Why no board came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// The spec itself is impossible (size, mines, click).
    Layout(LayoutError),
    /// No seed in the range tried gave a board the level solves.
    NotFound {
        /// Seeds tried.
        attempts: u64,
    },
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Layout(e) => e.fmt(f),
            GenError::NotFound { attempts } => write!(
                f,
                "no board that the solver finishes without guessing in {}",
                super::deduction::plural(attempts, "attempt")
            ),
        }
    }
}

impl std::error::Error for GenError {}

/// The board for one seed, opened at the spec's first click; `None` when the click hits a mine
/// (possible only when every cell is a mine).
pub fn board_for_seed(spec: &Spec, seed: u64) -> Result<Option<Generated>, LayoutError> {
    spec.check()?;
    let (row, col) = spec.click();
    let click = row * spec.cols + col;
    let layout = place_mines(
        spec.rows,
        spec.cols,
        spec.mines,
        seed,
        spec.first_click,
        click,
    )?;
    if layout.guarantee() == Guarantee::None {
        return Ok(None);
    }
    let answer = layout.answer();
    let mut game = Game::with_layout(layout);
    game.open(row, col)
        .expect("the click is on the board and the game has not started");
    Ok(Some(Generated {
        seed,
        puzzle: game.visible(),
        answer,
    }))
}

/// Tries seeds `first_seed, first_seed + 1, ...` (at most `max_attempts` of them) and returns the
/// first board the spec accepts ([`Spec::accepts`]).
pub fn find_board(spec: &Spec, first_seed: u64, max_attempts: u64) -> Result<Generated, GenError> {
    for k in 0..max_attempts {
        let seed = first_seed.wrapping_add(k);
        if let Some(found) = board_for_seed(spec, seed).map_err(GenError::Layout)? {
            if spec.accepts(&found.puzzle, &found.answer) {
                return Ok(found);
            }
        }
    }
    Err(GenError::NotFound {
        attempts: max_attempts,
    })
}

/// What the compile-time `solve!` does with `puzzle` and its `answer`: [`Expect::Solved`] when
/// [`fragment`] decides every cell, else [`Expect::Stuck`] when [`complete`] does (one layout
/// fits), else [`Expect::Ambiguous`]. Both with reveals from the answer and its mine total.
/// Fails when the answer does not fit the puzzle.
///
/// ```
/// use typesweeper::board::corpus::Expect;
/// use typesweeper::runtime::generator::compile_time_expect;
///
/// let expect = |p: &str, a: &str| compile_time_expect(&p.parse().unwrap(), &a.parse().unwrap());
/// assert_eq!(expect("2 ? 2\n? ? ?\n? ? 3", "2 3 2\nx x x\nx x 3"), Ok(Expect::Solved));
/// assert_eq!(expect("? ? ?\n1 2 1", "x 2 x\n1 2 1"), Ok(Expect::Stuck));
/// assert_eq!(expect("? ?", "x 1"), Ok(Expect::Ambiguous));
/// ```
pub fn compile_time_expect(puzzle: &Board, answer: &Board) -> Result<Expect, SolveError> {
    expect_at(Level::Fragment, puzzle, answer)
}

/// What a solver at `level` does with `puzzle` and its `answer`, in the corpus's words:
/// [`Expect::Solved`] when the level decides every cell, else [`Expect::Stuck`] when
/// [`complete`] does (one layout fits), else [`Expect::Ambiguous`]. Both with reveals from the
/// answer and its mine total. For [`Level::Fragment`] and [`Level::Pairs`] this is what `solve!`
/// at that level does ([`compile_time_expect`] is the default level, `fragment`). Fails when the
/// answer does not fit the puzzle.
///
/// ```
/// use typesweeper::board::corpus::Expect;
/// use typesweeper::runtime::generator::{expect_at, Level};
///
/// let expect = |level, p: &str, a: &str| expect_at(level, &p.parse().unwrap(), &a.parse().unwrap());
/// assert_eq!(expect(Level::Fragment, "? ? ?\n1 2 1", "x 2 x\n1 2 1"), Ok(Expect::Stuck));
/// assert_eq!(expect(Level::Pairs, "? ? ?\n1 2 1", "x 2 x\n1 2 1"), Ok(Expect::Solved));
/// assert_eq!(expect(Level::Pairs, "? ?", "x 1"), Ok(Expect::Ambiguous));
/// ```
pub fn expect_at(level: Level, puzzle: &Board, answer: &Board) -> Result<Expect, SolveError> {
    let given = Given::answer(answer);
    let solved = match level {
        Level::Fragment => fragment::solve(puzzle, given)?,
        Level::Pairs => pairs::solve(puzzle, given)?,
        Level::Complete => complete::solve(puzzle, given)?,
    }
    .is_solved();
    let complete_solves = solved || complete::solve(puzzle, given)?.is_solved();
    Ok(expect_from(solved, complete_solves))
}

/// The corpus's word for a board a level does or does not finish, given whether [`complete`]
/// finishes it: [`Expect::Solved`], else [`Expect::Stuck`] (one layout fits), else
/// [`Expect::Ambiguous`].
pub(crate) fn expect_from(level_solves: bool, complete_solves: bool) -> Expect {
    if level_solves {
        Expect::Solved
    } else if complete_solves {
        Expect::Stuck
    } else {
        Expect::Ambiguous
    }
}

/// A corpus-style block: `# board <n> <R>x<C>/<M> seed <s>  expect: <word>`, `puzzle:`, rows,
/// `answer:`, rows, and a blank line. `expect` is what `solve!` does with the board at the level
/// it is meant for ([`expect_at`]).
pub fn text_block(n: usize, spec: &Spec, found: &Generated, expect: Expect) -> String {
    format!(
        "# board {n} {}x{}/{} seed {}  expect: {expect}\npuzzle:\n{}\nanswer:\n{}\n\n",
        spec.rows, spec.cols, spec.mines, found.seed, found.puzzle, found.answer
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_boards_are_opened_and_solved() {
        let spec = Spec::new(9, 9, 10, FirstClick::Zero, Level::Fragment);
        let found = find_board(&spec, 0, 10_000).unwrap();
        assert_eq!(found.puzzle.get(1, 1).to_string(), "0");
        assert!(found.puzzle.check_puzzle_of(&found.answer).is_ok());
        assert!(Level::Fragment.solves(&found.puzzle, &found.answer));
        assert_eq!(found.answer.mine_count(), 10);
    }

    #[test]
    fn boards_that_need_a_level() {
        let mut spec = Spec::new(9, 9, 10, FirstClick::Zero, Level::Pairs);
        spec.need = true;
        let found = find_board(&spec, 1000, 1000).unwrap();
        assert!(Level::Pairs.solves(&found.puzzle, &found.answer));
        assert!(!Level::Fragment.solves(&found.puzzle, &found.answer));
        // Without `need` the first board pairs finishes comes earlier: fragment finishes it.
        spec.need = false;
        let easy = find_board(&spec, 1000, 1000).unwrap();
        assert!(easy.seed < found.seed);
        assert!(Level::Fragment.solves(&easy.puzzle, &easy.answer));
        // Complete boards that need it are stuck at pairs.
        let mut spec = Spec::new(9, 9, 10, FirstClick::Zero, Level::Complete);
        spec.need = true;
        let hard = find_board(&spec, 1000, 1000).unwrap();
        assert!(Level::Complete.solves(&hard.puzzle, &hard.answer));
        assert!(!Level::Pairs.solves(&hard.puzzle, &hard.answer));
        assert_eq!(
            expect_at(Level::Pairs, &hard.puzzle, &hard.answer),
            Ok(Expect::Stuck)
        );
        // Nothing is below fragment: `need` changes nothing.
        let mut spec = Spec::new(9, 9, 10, FirstClick::Zero, Level::Fragment);
        let plain = find_board(&spec, 1000, 1000).unwrap();
        spec.need = true;
        assert_eq!(find_board(&spec, 1000, 1000).unwrap(), plain);
    }

    #[test]
    fn impossible_specs_are_errors() {
        let spec = Spec::new(3, 3, 10, FirstClick::Safe, Level::Complete);
        assert!(matches!(find_board(&spec, 0, 5), Err(GenError::Layout(_))));
        let mut spec = Spec::new(3, 3, 1, FirstClick::Safe, Level::Complete);
        spec.click = Some((3, 0));
        assert!(matches!(find_board(&spec, 0, 5), Err(GenError::Layout(_))));
        // Every cell a mine: the click always loses, so nothing is ever found.
        let spec = Spec::new(2, 2, 4, FirstClick::Safe, Level::Complete);
        assert_eq!(
            find_board(&spec, 0, 3),
            Err(GenError::NotFound { attempts: 3 })
        );
    }

    #[test]
    fn output_formats() {
        let spec = Spec::new(1, 3, 1, FirstClick::Safe, Level::Complete);
        let found = Generated {
            seed: 9,
            puzzle: "0 1 ?".parse().unwrap(),
            answer: "0 1 x".parse().unwrap(),
        };
        assert_eq!(
            text_block(1, &spec, &found, Expect::Solved),
            "# board 1 1x3/1 seed 9  expect: solved\npuzzle:\n0 1 ?\nanswer:\n0 1 x\n\n"
        );
        assert!(text_block(1, &spec, &found, Expect::Stuck).contains("seed 9  expect: stuck\n"));
    }
}
