//! The game engine: a board of hidden mines, played by opening, chording and marking cells.
//!
//! Plain data, no terminal, no global state. Mines are placed at the first open (so the
//! first-click rule can hold) from the game's seed, see [`layout`](super::layout). Rules:
//!
//! * **open** a hidden or question-marked cell: a mine loses (the game remembers which); a zero
//!   opens its neighbours, recursively (flood fill, without recursion on the call stack). Flagged
//!   cells are never opened.
//! * **chord** on an open number whose neighbouring flags equal it: opens every hidden or
//!   question-marked neighbour; if one is a mine (a wrong flag), the game is lost at the first
//!   such mine in reading order.
//! * **mark** cycles hidden -> flag -> question mark -> hidden (flag -> hidden when question marks
//!   are off). Open cells cannot be marked.
//! * **win** when every safe cell is open; flags are not needed.
//!
//! Actions on a finished game, or outside the board, are errors and change nothing.
//!
//! ```
//! use typesweeper::runtime::game::{Config, Game, Status};
//! use typesweeper::runtime::layout::FirstClick;
//!
//! let mut game = Game::new(Config::new(9, 9, 10, FirstClick::Zero), 7).unwrap();
//! let opened = game.open(4, 4).unwrap();
//! assert!(opened.len() >= 9); // the click and its mine-free neighbours, at least
//! assert_eq!(game.status(), Status::Playing);
//! assert_eq!(game.visible().get(4, 4).to_string(), "0");
//! ```

use std::fmt;
use std::str::FromStr;

use super::layout::{place_mines, FirstClick, Guarantee, Layout, LayoutError};
use crate::board::{neighbours, Board, Cell};

/// How a game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Rows (at least 1).
    pub rows: usize,
    /// Columns (at least 1).
    pub cols: usize,
    /// Mines (at most rows x cols).
    pub mines: usize,
    /// The first-click rule.
    pub first_click: FirstClick,
    /// Whether marking cycles through a question mark.
    pub question_marks: bool,
}

impl Config {
    /// A configuration with question marks on.
    pub fn new(rows: usize, cols: usize, mines: usize, first_click: FirstClick) -> Config {
        Config {
            rows,
            cols,
            mines,
            first_click,
            question_marks: true,
        }
    }
}

/// What the player sees in one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellState {
    /// Not opened, not marked.
    Hidden,
    /// Marked as a mine.
    Flagged,
    /// Marked with a question mark.
    Questioned,
    /// Opened, showing its number.
    Open(u8),
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Still going.
    Playing,
    /// Every safe cell is open.
    Won,
    /// A mine was opened: row-major index of the mine that was hit.
    Lost {
        /// The mine that was hit.
        hit: usize,
    },
}

impl Status {
    /// The status in one word, as the games show it: `playing`, `won` or `lost`.
    ///
    /// ```
    /// use typesweeper::runtime::game::Status;
    /// assert_eq!(Status::Lost { hit: 3 }.word(), "lost");
    /// ```
    pub fn word(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost { .. } => "lost",
        }
    }
}

/// One player action, 0-based coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Open a cell.
    Open(usize, usize),
    /// Chord on an open number.
    Chord(usize, usize),
    /// Cycle a cell's mark.
    Mark(usize, usize),
}

/// Why an action was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The cell is not on the board (0-based).
    OutOfRange {
        /// Row asked for.
        row: usize,
        /// Column asked for.
        col: usize,
    },
    /// The game is already won or lost.
    GameOver,
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::OutOfRange { row, col } => {
                let name = crate::board::CellName {
                    row: *row,
                    col: *col,
                };
                write!(f, "{name} is off the board")
            }
            ActionError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for ActionError {}

/// A game in progress (or finished).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    config: Config,
    seed: u64,
    layout: Option<Layout>,
    cells: Vec<CellState>,
    status: Status,
    opened: usize,
    flags: usize,
    questions: usize,
}

impl Game {
    /// A new game; mines are placed from `seed` at the first open.
    pub fn new(config: Config, seed: u64) -> Result<Game, LayoutError> {
        // Validate now, with a click that is always on the board.
        place_mines(config.rows, config.cols, 0, seed, config.first_click, 0)?;
        let cells = config.rows * config.cols;
        if config.mines > cells {
            return Err(LayoutError::TooManyMines {
                mines: config.mines,
                cells,
            });
        }
        Ok(Game {
            config,
            seed,
            layout: None,
            cells: vec![CellState::Hidden; cells],
            status: Status::Playing,
            opened: 0,
            flags: 0,
            questions: 0,
        })
    }

    /// A game on a known layout (question marks on); the first click gets no protection.
    pub fn with_layout(layout: Layout) -> Game {
        let config = Config::new(
            layout.rows(),
            layout.cols(),
            layout.mine_count(),
            FirstClick::Safe,
        );
        let mut game = Game {
            cells: vec![CellState::Hidden; layout.mines().len()],
            config,
            seed: 0,
            layout: Some(layout),
            status: Status::Playing,
            opened: 0,
            flags: 0,
            questions: 0,
        };
        game.check_won();
        game
    }

    /// The configuration.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The seed mines are (or will be) placed from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.config.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.config.cols
    }

    /// Mines on the board.
    pub fn mines(&self) -> usize {
        self.config.mines
    }

    /// Flags placed.
    pub fn flags(&self) -> usize {
        self.flags
    }

    /// Question marks placed.
    pub fn questions(&self) -> usize {
        self.questions
    }

    /// Cells opened.
    pub fn opened(&self) -> usize {
        self.opened
    }

    /// Cells neither open nor marked.
    pub fn hidden(&self) -> usize {
        self.cells.len() - self.opened - self.flags - self.questions
    }

    /// The mine counter players see: mines minus flags (negative with too many flags).
    pub fn mines_left(&self) -> i64 {
        self.config.mines as i64 - self.flags as i64
    }

    /// Playing, won or lost.
    pub fn status(&self) -> Status {
        self.status
    }

    /// What the player sees in each cell, row-major.
    pub fn cells(&self) -> &[CellState] {
        &self.cells
    }

    /// What the player sees at `(row, col)`.
    pub fn cell(&self, row: usize, col: usize) -> Result<CellState, ActionError> {
        Ok(self.cells[self.index(row, col)?])
    }

    /// The layout, once mines are placed (after the first open).
    pub fn layout(&self) -> Option<&Layout> {
        self.layout.as_ref()
    }

    /// The first-click promise the layout kept, once placed.
    pub fn guarantee(&self) -> Option<Guarantee> {
        self.layout.as_ref().map(Layout::guarantee)
    }

    /// What the player knows as a board: open cells show their number, every other cell is `?`
    /// (flags and question marks are the player's guesses, not knowledge), except the mine that
    /// lost the game, shown as `x`.
    pub fn visible(&self) -> Board {
        let mut cells: Vec<Cell> = self
            .cells
            .iter()
            .map(|c| match c {
                CellState::Open(n) => Cell::Num(*n),
                _ => Cell::Unknown,
            })
            .collect();
        if let Status::Lost { hit } = self.status {
            cells[hit] = Cell::Mine;
        }
        Board::new(self.rows(), self.cols(), cells)
    }

    /// The full answer, once mines are placed.
    pub fn answer(&self) -> Option<Board> {
        self.layout.as_ref().map(Layout::answer)
    }

    /// Flags on cells that are not mines (what a lost game shows as wrong).
    pub fn wrong_flags(&self) -> Vec<usize> {
        let Some(layout) = &self.layout else {
            return Vec::new();
        };
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == CellState::Flagged && !layout.mines()[i])
            .collect()
    }

    /// Applies one action; see [`Game::open`], [`Game::chord`] and [`Game::mark`]. Returns the
    /// cells it opened.
    pub fn apply(&mut self, action: Action) -> Result<Vec<usize>, ActionError> {
        match action {
            Action::Open(r, c) => self.open(r, c),
            Action::Chord(r, c) => self.chord(r, c),
            Action::Mark(r, c) => self.mark(r, c).map(|_| Vec::new()),
        }
    }

    /// Opens `(row, col)`; returns the cells opened (empty for a flagged or open cell, or a mine).
    /// The first open of a hidden cell places the mines.
    pub fn open(&mut self, row: usize, col: usize) -> Result<Vec<usize>, ActionError> {
        let i = self.index(row, col)?;
        self.playing()?;
        if !matches!(self.cells[i], CellState::Hidden | CellState::Questioned) {
            return Ok(Vec::new());
        }
        if self.layout.is_none() {
            let c = &self.config;
            let layout = place_mines(c.rows, c.cols, c.mines, self.seed, c.first_click, i)
                .expect("the configuration was checked when the game was made");
            self.layout = Some(layout);
        }
        if self.is_mine(i) {
            self.status = Status::Lost { hit: i };
            return Ok(Vec::new());
        }
        let opened = self.flood(i);
        self.check_won();
        Ok(opened)
    }

    /// Chords on `(row, col)`: when it is an open number with exactly that many flagged
    /// neighbours, opens the other hidden or question-marked neighbours. Returns the cells opened.
    pub fn chord(&mut self, row: usize, col: usize) -> Result<Vec<usize>, ActionError> {
        let i = self.index(row, col)?;
        self.playing()?;
        let CellState::Open(n) = self.cells[i] else {
            return Ok(Vec::new());
        };
        let around: Vec<usize> = neighbours(self.rows(), self.cols(), row, col).collect();
        let flags = around
            .iter()
            .filter(|&&j| self.cells[j] == CellState::Flagged)
            .count();
        if flags != usize::from(n) {
            return Ok(Vec::new());
        }
        let targets: Vec<usize> = around
            .into_iter()
            .filter(|&j| matches!(self.cells[j], CellState::Hidden | CellState::Questioned))
            .collect();
        if let Some(&hit) = targets.iter().find(|&&j| self.is_mine(j)) {
            self.status = Status::Lost { hit };
            return Ok(Vec::new());
        }
        let mut opened = Vec::new();
        for j in targets {
            if self.cells[j] != CellState::Hidden && self.cells[j] != CellState::Questioned {
                continue; // opened by an earlier flood
            }
            opened.extend(self.flood(j));
        }
        self.check_won();
        Ok(opened)
    }

    /// Switches question marks on or off for later marks. Question marks already placed stay;
    /// marking one clears it as before.
    pub fn set_question_marks(&mut self, on: bool) {
        self.config.question_marks = on;
    }

    /// Cycles the mark on `(row, col)` and returns the new state (an open cell stays open).
    pub fn mark(&mut self, row: usize, col: usize) -> Result<CellState, ActionError> {
        let i = self.index(row, col)?;
        self.playing()?;
        let next = match self.cells[i] {
            CellState::Hidden => {
                self.flags += 1;
                CellState::Flagged
            }
            CellState::Flagged if self.config.question_marks => {
                self.flags -= 1;
                self.questions += 1;
                CellState::Questioned
            }
            CellState::Flagged => {
                self.flags -= 1;
                CellState::Hidden
            }
            CellState::Questioned => {
                self.questions -= 1;
                CellState::Hidden
            }
            open @ CellState::Open(_) => open,
        };
        self.cells[i] = next;
        Ok(next)
    }

    fn index(&self, row: usize, col: usize) -> Result<usize, ActionError> {
        if row < self.rows() && col < self.cols() {
            Ok(row * self.cols() + col)
        } else {
            Err(ActionError::OutOfRange { row, col })
        }
    }

    fn playing(&self) -> Result<(), ActionError> {
        match self.status {
            Status::Playing => Ok(()),
            _ => Err(ActionError::GameOver),
        }
    }

    fn is_mine(&self, i: usize) -> bool {
        self.layout.as_ref().is_some_and(|l| l.mines()[i])
    }

    /// Opens safe cell `start` and, through zeros, everything reachable; returns what it opened.
    fn flood(&mut self, start: usize) -> Vec<usize> {
        let layout = self
            .layout
            .as_ref()
            .expect("mines are placed before opening");
        let (rows, cols) = (self.config.rows, self.config.cols);
        let mut opened = Vec::new();
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            match self.cells[i] {
                CellState::Hidden => {}
                CellState::Questioned => self.questions -= 1,
                _ => continue,
            }
            let n = layout.number(i);
            self.cells[i] = CellState::Open(n);
            self.opened += 1;
            opened.push(i);
            if n == 0 {
                stack.extend(neighbours(rows, cols, i / cols, i % cols).filter(|&j| {
                    matches!(self.cells[j], CellState::Hidden | CellState::Questioned)
                }));
            }
        }
        opened
    }

    fn check_won(&mut self) {
        let safe = self.cells.len() - self.config.mines;
        if self.status == Status::Playing && self.layout.is_some() && self.opened == safe {
            self.status = Status::Won;
        }
    }
}

/// A board size: one of the three presets or a custom one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLevel {
    /// 9x9 with 10 mines.
    Beginner,
    /// 16x16 with 40 mines.
    Intermediate,
    /// 16 rows, 30 columns, 99 mines.
    Expert,
    /// Any size.
    Custom {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Mines.
        mines: usize,
    },
}

impl BoardLevel {
    /// Rows, columns and mines.
    pub fn size(self) -> (usize, usize, usize) {
        match self {
            BoardLevel::Beginner => (9, 9, 10),
            BoardLevel::Intermediate => (16, 16, 40),
            BoardLevel::Expert => (16, 30, 99),
            BoardLevel::Custom { rows, cols, mines } => (rows, cols, mines),
        }
    }
}

impl fmt::Display for BoardLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardLevel::Beginner => f.write_str("beginner"),
            BoardLevel::Intermediate => f.write_str("intermediate"),
            BoardLevel::Expert => f.write_str("expert"),
            BoardLevel::Custom { rows, cols, mines } => write!(f, "{rows}x{cols}/{mines}"),
        }
    }
}

impl FromStr for BoardLevel {
    type Err = String;

    /// `beginner`, `intermediate`, `expert` or `RxC/M` (rows, columns, mines).
    fn from_str(text: &str) -> Result<BoardLevel, String> {
        let bad = || {
            format!(
                "expected beginner, intermediate, expert or ROWSxCOLS/MINES (like 10x12/20), \
                 got `{text}`"
            )
        };
        match text.to_ascii_lowercase().as_str() {
            "beginner" => return Ok(BoardLevel::Beginner),
            "intermediate" => return Ok(BoardLevel::Intermediate),
            "expert" => return Ok(BoardLevel::Expert),
            _ => {}
        }
        let (size, mines) = text.split_once('/').ok_or_else(bad)?;
        let (rows, cols) = size.split_once(['x', 'X']).ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        Ok(BoardLevel::Custom {
            rows: number(rows)?,
            cols: number(cols)?,
            mines: number(mines)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_print() {
        assert_eq!("expert".parse(), Ok(BoardLevel::Expert));
        assert_eq!("Beginner".parse(), Ok(BoardLevel::Beginner));
        let custom: BoardLevel = "10x12/20".parse().unwrap();
        assert_eq!(custom.size(), (10, 12, 20));
        assert_eq!(custom.to_string(), "10x12/20");
        assert_eq!(BoardLevel::Intermediate.size(), (16, 16, 40));
        assert_eq!(BoardLevel::Expert.size(), (16, 30, 99));
        assert_eq!(
            "5x7/3".parse::<BoardLevel>().map(BoardLevel::size),
            Ok((5, 7, 3))
        );
        assert!("5x7".parse::<BoardLevel>().is_err());
        for bad in ["", "hard", "10x12", "10/20", "ax2/3", "3x3/-1"] {
            assert!(bad.parse::<BoardLevel>().is_err(), "{bad}");
        }
    }

    fn layout(rows: usize, cols: usize, mines: &[usize]) -> Layout {
        let mut m = vec![false; rows * cols];
        for &i in mines {
            m[i] = true;
        }
        Layout::from_mines(rows, cols, m).unwrap()
    }

    #[test]
    fn flood_fill_opens_zeros_and_their_border() {
        let mut g = Game::with_layout(layout(3, 4, &[3]));
        let opened = g.open(2, 0).unwrap();
        assert_eq!(opened.len(), 11);
        assert_eq!(g.status(), Status::Won);
        assert_eq!(g.visible().to_string(), "0 0 1 ?\n0 0 1 1\n0 0 0 0");
    }

    #[test]
    fn losing_remembers_the_mine() {
        let mut g = Game::with_layout(layout(2, 2, &[3]));
        g.open(1, 1).unwrap();
        assert_eq!(g.status(), Status::Lost { hit: 3 });
        assert_eq!(g.open(0, 0), Err(ActionError::GameOver));
        assert_eq!(g.visible().to_string(), "? ?\n? x");
    }

    #[test]
    fn chording_opens_or_loses_on_a_wrong_flag() {
        // x 1 0 / 1 1 0 with mine at 0
        let mut g = Game::with_layout(layout(2, 3, &[0]));
        assert_eq!(g.open(1, 1).unwrap(), vec![4]);
        assert_eq!(g.chord(1, 1).unwrap(), Vec::<usize>::new()); // no flag yet
        g.mark(0, 0).unwrap();
        let opened = g.chord(1, 1).unwrap();
        assert_eq!(opened.len(), 4);
        assert_eq!(g.status(), Status::Won);

        let mut g = Game::with_layout(layout(2, 3, &[0]));
        g.open(1, 1).unwrap();
        g.mark(0, 2).unwrap(); // wrong flag
        g.chord(1, 1).unwrap();
        assert_eq!(g.status(), Status::Lost { hit: 0 });
        assert_eq!(g.wrong_flags(), vec![2]);
    }

    #[test]
    fn marks_cycle_with_and_without_question_marks() {
        let mut g = Game::new(Config::new(2, 2, 1, FirstClick::Safe), 1).unwrap();
        assert_eq!(g.mark(0, 0), Ok(CellState::Flagged));
        assert_eq!((g.flags(), g.mines_left()), (1, 0));
        assert_eq!(g.mark(0, 0), Ok(CellState::Questioned));
        assert_eq!(g.mark(0, 0), Ok(CellState::Hidden));
        let mut config = Config::new(2, 2, 1, FirstClick::Safe);
        config.question_marks = false;
        let mut g = Game::new(config, 1).unwrap();
        g.mark(0, 0).unwrap();
        assert_eq!(g.mark(0, 0), Ok(CellState::Hidden));
        assert_eq!(g.flags(), 0);

        // Switched on and off mid-game: a placed question mark survives and clears as before.
        g.set_question_marks(true);
        g.mark(1, 1).unwrap();
        assert_eq!(g.mark(1, 1), Ok(CellState::Questioned));
        g.set_question_marks(false);
        assert_eq!(g.mark(1, 0), Ok(CellState::Flagged));
        assert_eq!(g.mark(1, 0), Ok(CellState::Hidden));
        assert_eq!(g.mark(1, 1), Ok(CellState::Hidden));
        assert_eq!((g.flags(), g.questions()), (0, 0));
    }

    #[test]
    fn out_of_range_is_an_error() {
        let mut g = Game::new(Config::new(2, 2, 1, FirstClick::Safe), 1).unwrap();
        assert_eq!(
            g.open(2, 0),
            Err(ActionError::OutOfRange { row: 2, col: 0 })
        );
        assert_eq!(
            g.mark(0, 9).unwrap_err().to_string(),
            "R1C10 is off the board"
        );
        assert!(g.layout().is_none(), "a refused open places no mines");
    }

    #[test]
    fn large_boards_open_without_recursion() {
        let mut g = Game::new(Config::new(1000, 1000, 0, FirstClick::Zero), 3).unwrap();
        assert_eq!(g.open(500, 500).unwrap().len(), 1_000_000);
        assert_eq!(g.status(), Status::Won);
        let mut g = Game::new(Config::new(1000, 1000, 150_000, FirstClick::Zero), 3).unwrap();
        g.open(2, 2).unwrap();
        assert_eq!(g.guarantee(), Some(Guarantee::Zero));
        assert!(g.opened() >= 9);
    }

    #[test]
    fn bad_configurations_are_errors() {
        assert!(Game::new(Config::new(0, 3, 0, FirstClick::Safe), 0).is_err());
        assert!(Game::new(Config::new(2, 2, 5, FirstClick::Safe), 0).is_err());
    }
}
