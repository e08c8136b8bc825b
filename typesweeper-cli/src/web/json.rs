//! What the API sends: JSON views of a [`Session`] (the [`State`] every action answers with,
//! the hint, the chances, an explanation, the compile-time view, an export). No HTTP here, and
//! no game logic: [`super::api`] turns requests into [`Session`] calls and answers with these.

use std::time::Instant;

use serde::Serialize;
use typesweeper::codegen::{Export, ExportKind};
use typesweeper::runtime::compile_view::{CompileView, LevelView};
use typesweeper::runtime::game::{CellState, Status};
use typesweeper::runtime::Deduced;

use crate::session::best::BestTimes;
use crate::session::clock::millis;
use crate::session::solver::Knowledge;
use crate::session::{by_rows, Explanation, Session};

/// A cell as the API names it: row and column from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct At {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
}

impl At {
    /// The cell at row-major index `i` of a board of `cols` columns.
    fn of(i: usize, cols: usize) -> At {
        At {
            row: i / cols,
            col: i % cols,
        }
    }
}

/// A solver move as the page sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SolverMove {
    /// Row, from 0.
    pub row: usize,
    /// Column, from 0.
    pub col: usize,
    /// Whether the cell was proved safe (else it was a guess).
    pub certain: bool,
}

/// Everything the page draws, sent after every action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct State {
    /// The game's id: 32 hex digits, 128 bits from the operating system's random source.
    pub id: String,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Mines on the board.
    pub mines: usize,
    /// `beginner`, `intermediate`, `expert` or `RxC/M`.
    pub level: String,
    /// `safe` or `zero`.
    pub first_click: &'static str,
    /// Whether the board was dealt to need no guess.
    pub no_guess: bool,
    /// The seed that dealt the board (replayable).
    pub seed: u64,
    /// Whether marking cycles through `?`.
    pub question_marks: bool,
    /// `playing`, `won` or `lost`.
    pub status: &'static str,
    /// The mine that was hit, in a lost game.
    pub hit: Option<At>,
    /// Mines minus flags (negative with too many flags).
    pub mines_left: i64,
    /// Time on the clock: from the first opening, stopped at the end.
    pub elapsed_ms: u64,
    /// Whether the clock is running.
    pub running: bool,
    /// Whether the solver helped (a helped win sets no best time).
    pub helped: bool,
    /// One string per row, a character per cell: `.` hidden, `F` flag, `?` question mark,
    /// `0`-`8` open; in a lost game `X` the mine hit, `*` the other mines and `W` wrong flags;
    /// in a won game every mine is `F`.
    pub board: Vec<String>,
    /// The cell no-guess opened for the player.
    pub opened_for_you: Option<At>,
    /// A line for the player (the result, a deal note, why an action did nothing).
    pub message: Option<String>,
    /// The best-times key of this game's settings, e.g. `expert safe`.
    pub best_key: String,
    /// The best time for that key.
    pub best: Option<BestView>,
    /// Whether this game just set the best time.
    pub new_best: bool,
    /// The solver's last move in this game, if the last action was one.
    pub last_move: Option<SolverMove>,
}

/// A best time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BestView {
    /// Milliseconds.
    pub millis: u64,
    /// The seed of that game.
    pub seed: u64,
}

/// What the page draws of `session` (game `id`) at time `now`, with the best time from `best`.
pub fn state(session: &Session, id: &str, now: Instant, best: &BestTimes) -> State {
    let settings = session.settings();
    let game = session.game();
    let (rows, cols, mines) = settings.level.size();
    let key = session.best_key();
    State {
        id: id.to_string(),
        rows,
        cols,
        mines,
        level: settings.level.to_string(),
        first_click: settings.first_click.word(),
        no_guess: settings.no_guess,
        seed: session.seed(),
        question_marks: session.question_marks(),
        status: game.status().word(),
        hit: match game.status() {
            Status::Lost { hit } => Some(At::of(hit, cols)),
            _ => None,
        },
        mines_left: game.mines_left(),
        elapsed_ms: millis(session.elapsed(now)),
        running: session.running(),
        helped: session.helped(),
        board: board(session),
        opened_for_you: session.opened_for_you().map(|(row, col)| At { row, col }),
        message: session.message().map(str::to_string),
        best: best.get(&key).map(|r| BestView {
            millis: r.millis,
            seed: r.seed,
        }),
        best_key: key,
        new_best: session.new_best(),
        last_move: session.last_move().map(|m| SolverMove {
            row: m.row,
            col: m.col,
            certain: m.certain,
        }),
    }
}

/// The board as [`State::board`] writes it.
fn board(session: &Session) -> Vec<String> {
    let game = session.game();
    let status = game.status();
    let mines = game.layout().map(|l| l.mines());
    by_rows(game.cells(), game.cols(), |i, state| {
        let mine = mines.is_some_and(|m| m[i]);
        match (state, status) {
            (CellState::Open(n), _) => char::from(b'0' + n),
            (_, Status::Lost { hit }) if hit == i => 'X',
            (CellState::Flagged, Status::Lost { .. }) if !mine => 'W',
            (CellState::Flagged, _) => 'F',
            (_, Status::Lost { .. }) if mine => '*',
            (_, Status::Won) => 'F',
            (CellState::Questioned, _) => '?',
            (CellState::Hidden, _) => '.',
        }
    })
}

/// The hint: what the position proves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// Unopened cells proved safe, in reading order.
    pub safe: Vec<At>,
    /// Cells proved to be mines, in reading order (flagged or not).
    pub mines: Vec<At>,
    /// Whether the solver finished within its budget (else what the parts it finished prove).
    pub exact: bool,
}

/// The hint of `knowledge` on a board of `cols` columns.
pub fn hint(knowledge: &Knowledge, cols: usize) -> Hint {
    let at = |i: &usize| At::of(*i, cols);
    Hint {
        safe: knowledge.safe.iter().map(at).collect(),
        mines: knowledge.mines.iter().map(at).collect(),
        exact: knowledge.exact,
    }
}

/// The probability overlay.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Chances {
    /// Per row, per cell: the chance that an unopened cell is a mine, `null` for open cells.
    pub chances: Vec<Vec<Option<f64>>>,
    /// Whether the chances are exact (else the solver's estimates on a board too tangled for
    /// its budget).
    pub exact: bool,
}

/// The chances of `knowledge` on `cells`, the board they were worked out for.
pub fn chances(knowledge: &Knowledge, cells: &[CellState], cols: usize) -> Chances {
    Chances {
        chances: by_rows(cells, cols, |i, cell| {
            (!matches!(cell, CellState::Open(_))).then(|| knowledge.mine_probability[i])
        }),
        exact: knowledge.exact,
    }
}

/// Why a cell is what it is, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExplanationJson {
    /// The cell's name, e.g. `R3C4`.
    pub cell: String,
    /// `safe`, `mine`, `undecided` or `open`.
    pub verdict: &'static str,
    /// The deduction, a sentence per step, the cell's own last, or why there is none.
    pub lines: Vec<String>,
}

impl From<Explanation> for ExplanationJson {
    fn from(e: Explanation) -> ExplanationJson {
        ExplanationJson {
            cell: e.cell,
            verdict: e.verdict,
            lines: e.lines,
        }
    }
}

/// What one level of `solve!`'s rules decides of the position (see [`compile_view`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LevelJson {
    /// `fragment`, `pairs` or `complete`.
    pub level: &'static str,
    /// Cells the position shows as hidden.
    pub hidden: usize,
    /// How many of them the level decides.
    pub decided: usize,
    /// Whether it decides all of them (`solve!` at this level compiles).
    pub finishes: bool,
    /// `solved`, `stuck` (one layout fits, but this level cannot finish) or `ambiguous`.
    pub expect: String,
    /// The first undecided cell, the one `solve!`'s error names.
    pub first_undecided: Option<At>,
    /// A string per row: `m` a decided mine, `s` a decided safe cell, `?` undecided, `.` shown.
    pub cells: Vec<String>,
}

/// The compile-time view: the three levels on the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CompileViewJson {
    /// `fragment`, `pairs` and `complete`, in that order.
    pub levels: Vec<LevelJson>,
}

/// The compile-time view as the page draws it.
pub fn compile_view(view: &CompileView) -> CompileViewJson {
    let cols = view.cols;
    let level = |name: &'static str, l: &LevelView| LevelJson {
        level: name,
        hidden: view.hidden_count,
        decided: l.decided,
        finishes: l.finishes,
        expect: l.expect.to_string(),
        first_undecided: l.first_undecided.map(|c| At {
            row: c.row,
            col: c.col,
        }),
        cells: by_rows(&l.cells, cols, |i, d| match d {
            _ if !view.hidden[i] => '.',
            Deduced::Mine => 'm',
            Deduced::Safe(_) => 's',
            Deduced::Undecided => '?',
        }),
    };
    CompileViewJson {
        levels: vec![
            level("fragment", &view.fragment),
            level("pairs", &view.pairs),
            level("complete", &view.complete),
        ],
    }
}

/// A position exported as Rust files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExportJson {
    /// `test` (the level finishes the board) or `compile-fail` (a trybuild case).
    pub kind: &'static str,
    /// What the files are, in a sentence.
    pub summary: String,
    /// The files, each `{path, contents}`, paths from the crate's root.
    pub files: Vec<FileJson>,
}

/// One exported file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FileJson {
    /// Path from the crate's root, e.g. `tests/ui/game_5_12.rs`.
    pub path: String,
    /// The file's text.
    pub contents: String,
}

impl From<Export> for ExportJson {
    fn from(exported: Export) -> ExportJson {
        ExportJson {
            kind: match exported.kind {
                ExportKind::Test => "test",
                ExportKind::CompileFail => "compile-fail",
            },
            summary: exported.summary,
            files: exported
                .files
                .into_iter()
                .map(|f| FileJson {
                    path: f.path,
                    contents: f.contents,
                })
                .collect(),
        }
    }
}
