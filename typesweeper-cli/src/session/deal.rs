//! Dealing boards: the settings a game is dealt with, the seed from the clock, `--no-guess`
//! boards (the first seed from the asked one that the `complete` solver finishes from the rule's
//! first click, which is opened for the player), the best-times key and how times are written.

use std::time::Duration;

use typesweeper::runtime::complete::{self, Budget};
use typesweeper::runtime::deduction::plural;
use typesweeper::runtime::game::{Config, Game};
use typesweeper::runtime::generator::{board_for_seed, Generated, Level as SolverLevel, Spec};
use typesweeper::runtime::layout::{mix64, FirstClick, LayoutError};
use typesweeper::runtime::Given;

pub use typesweeper::runtime::game::BoardLevel;

/// How many seeds `--no-guess` tries for one board before dealing an ordinary one.
pub const NO_GUESS_ATTEMPTS: u64 = 20_000;
/// The steps of `complete` (see [`Budget`]) `--no-guess` spends on all the seeds it tries for
/// one board before dealing an ordinary one: a few seconds at most (large dense custom boards
/// may have no such board in reach). Counted, not timed: the same seed always deals the same
/// board.
pub const NO_GUESS_STEPS: u64 = 100_000_000;
/// Cells dealt in all by one `--no-guess` search (see [`no_guess_attempts`]).
pub const NO_GUESS_CELLS: u64 = 4_000_000;

/// How games are dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The board size.
    pub level: BoardLevel,
    /// The first-click rule.
    pub first_click: FirstClick,
    /// Deal only boards the `complete` solver finishes from the rule's default first click,
    /// and open that click for the player.
    pub no_guess: bool,
    /// The first game's seed (`None`: from the clock).
    pub seed: Option<u64>,
}

impl Settings {
    /// The game configuration of these settings.
    pub fn config(&self, question_marks: bool) -> Config {
        let (rows, cols, mines) = self.level.size();
        let mut config = Config::new(rows, cols, mines, self.first_click);
        config.question_marks = question_marks;
        config
    }

    /// Whether these settings make a valid board.
    pub fn check(&self) -> Result<(), String> {
        Game::new(self.config(true), 0)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// The best-times key, e.g. `beginner zero` or `expert safe no-guess`: one record per
    /// level, rule and no-guess.
    pub fn best_key(&self) -> String {
        let rule = self.first_click.word();
        let no_guess = if self.no_guess { " no-guess" } else { "" };
        format!("{} {rule}{no_guess}", self.level)
    }
}

/// A seed from the clock, short enough to read out and type back (below 10^9).
pub fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // splitmix64's finaliser, so seeds a few nanoseconds apart look unrelated.
    mix64(nanos.wrapping_add(0x9e37_79b9_7f4a_7c15)) % 1_000_000_000
}

/// A dealt board.
#[derive(Debug)]
pub struct Dealt {
    /// The game, with the no-guess click already opened.
    pub game: Game,
    /// The seed that dealt it (with no-guess, possibly a later one than asked).
    pub seed: u64,
    /// The cell no-guess opened for the player.
    pub opened_for_you: Option<(usize, usize)>,
    /// What the player should be told about the deal (a later seed, or no no-guess board).
    pub message: Option<String>,
}

/// Deals the board for `seed` under `settings`: for no-guess, the first seed from it that gives
/// one, with its first click opened. Fails when the settings make no valid board.
pub fn deal(settings: &Settings, seed: u64, question_marks: bool) -> Result<Dealt, String> {
    let config = settings.config(question_marks);
    let game = Game::new(config, seed).map_err(|e| e.to_string())?;
    if !settings.no_guess {
        return Ok(Dealt {
            game,
            seed,
            opened_for_you: None,
            message: None,
        });
    }
    let spec = Spec::new(
        config.rows,
        config.cols,
        config.mines,
        config.first_click,
        SolverLevel::Complete,
    );
    match find_no_guess(&spec, seed).map_err(|e| e.to_string())? {
        Ok(found) => {
            let mut game = Game::new(config, found.seed).map_err(|e| e.to_string())?;
            let (r, c) = spec.click();
            game.open(r, c).map_err(|e| e.to_string())?;
            debug_assert_eq!(game.visible(), found.puzzle);
            let message = (found.seed != seed).then(|| {
                format!(
                    "no-guess: seed {seed} needs a guess, so this is seed {}, the next one that \
                     does not",
                    found.seed
                )
            });
            Ok(Dealt {
                game,
                seed: found.seed,
                opened_for_you: Some((r, c)),
                message,
            })
        }
        Err(tried) => Ok(Dealt {
            game,
            seed,
            opened_for_you: None,
            message: Some(format!(
                "no no-guess board in {} from {seed}: this one may need a guess",
                plural(tried, "seed")
            )),
        }),
    }
}

/// The first board from `seed` on that `complete` finishes from the spec's first click, within
/// [`no_guess_attempts`] seeds and [`NO_GUESS_STEPS`] steps of `complete` for all of them;
/// `Err(seeds tried)` when none was found. Work is counted, not timed, so a seed deals the same
/// board however loaded the machine is.
fn find_no_guess(spec: &Spec, seed: u64) -> Result<Result<Generated, u64>, LayoutError> {
    let budget = Budget::new(NO_GUESS_STEPS);
    let attempts = no_guess_attempts(spec.rows * spec.cols);
    let mut tried = 0;
    while tried < attempts && !budget.is_exhausted() {
        let candidate = seed.wrapping_add(tried);
        tried += 1;
        let Some(found) = board_for_seed(spec, candidate)? else {
            continue;
        };
        let given = Given::answer(&found.answer);
        // A board the budget left unfinished is not taken (and the search then stops).
        if complete::solve_all_within(&found.puzzle, given, &budget).is_ok_and(|d| d.is_solved()) {
            return Ok(Ok(found));
        }
    }
    Ok(Err(tried))
}

/// How many seeds no-guess tries on a board of `cells` cells: [`NO_GUESS_ATTEMPTS`], fewer on
/// large boards ([`NO_GUESS_CELLS`] cells dealt in all, at least 100 seeds), whose deals and
/// local rules cost in proportion to their size.
pub fn no_guess_attempts(cells: usize) -> u64 {
    (NO_GUESS_CELLS / cells.max(1) as u64).clamp(100, NO_GUESS_ATTEMPTS)
}

/// `12.3s` (tenths below a minute), `4m05s` above.
pub fn format_duration(d: Duration) -> String {
    format_millis(super::clock::millis(d))
}

/// Milliseconds as [`format_duration`] writes them.
pub fn format_millis(ms: u64) -> String {
    if ms < 60_000 {
        format!("{}.{}s", ms / 1000, ms % 1000 / 100)
    } else {
        format!("{}m{:02}s", ms / 60_000, ms % 60_000 / 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_keys_name_level_rule_and_no_guess() {
        let mut s = Settings {
            level: BoardLevel::Expert,
            first_click: FirstClick::Safe,
            no_guess: false,
            seed: None,
        };
        assert_eq!(s.best_key(), "expert safe");
        s.no_guess = true;
        s.first_click = FirstClick::Zero;
        assert_eq!(s.best_key(), "expert zero no-guess");
    }

    #[test]
    fn times_are_tenths_below_a_minute() {
        assert_eq!(format_millis(12_345), "12.3s");
        assert_eq!(format_millis(245_000), "4m05s");
    }
}
