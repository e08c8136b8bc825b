//! Dealing boards: the settings a game is dealt with, the seed from the clock, `--no-guess`
//! boards (the first seed from the asked one that the `complete` solver finishes from the rule's
//! first click, which is opened for the player), the best-times key and how times are written.

use std::time::{Duration, Instant};

use typesweeper::runtime::deduction::plural;
use typesweeper::runtime::game::{Config, Game};
use typesweeper::runtime::generator::{
    find_board, GenError, Generated, Level as SolverLevel, Spec,
};
use typesweeper::runtime::layout::{mix64, FirstClick, LayoutError};

pub use typesweeper::runtime::game::BoardLevel;

/// How many seeds `--no-guess` tries for one board before dealing an ordinary one.
pub const NO_GUESS_ATTEMPTS: u64 = 20_000;
/// How long `--no-guess` searches for one board before dealing an ordinary one (large dense
/// custom boards may have no such board in reach).
pub const NO_GUESS_BUDGET: Duration = Duration::from_secs(5);

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
/// [`NO_GUESS_ATTEMPTS`] seeds and [`NO_GUESS_BUDGET`]; `Err(seeds tried)` when none was found.
fn find_no_guess(spec: &Spec, seed: u64) -> Result<Result<Generated, u64>, LayoutError> {
    const CHUNK: u64 = 100;
    let deadline = Instant::now() + NO_GUESS_BUDGET;
    let mut tried = 0;
    while tried < NO_GUESS_ATTEMPTS && Instant::now() < deadline {
        match find_board(spec, seed.wrapping_add(tried), CHUNK) {
            Ok(found) => return Ok(Ok(found)),
            Err(GenError::NotFound { attempts }) => tried += attempts,
            Err(GenError::Layout(e)) => return Err(e),
        }
    }
    Ok(Err(tried))
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
