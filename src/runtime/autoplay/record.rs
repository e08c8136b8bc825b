//! The per-game record of an autoplayer run: what `typesweeper bench --record` writes, what
//! `bench --against` reads to pair two players game by game, and what the JSMinesweeper harness
//! (`cargo run -p xtask -- jsminesweeper`) writes for the other player. One format, so that
//! records of either player pair up.
//!
//! A record is a header line (`# ...`), then one line per game, `seed won guesses cpu_us`
//! (`won` is `1` or `0`); blank lines and `#` lines are skipped when reading.
//!
//! ```
//! use typesweeper::runtime::autoplay::record::{parse_record, record_text, Played};
//!
//! let games = [Played { seed: 7, won: true, guesses: 2, cpu_us: 1500 }];
//! let text = record_text("# a run", &games);
//! assert_eq!(text, "# a run\n7 1 2 1500\n");
//! assert_eq!(parse_record(&text), Ok(games.to_vec()));
//! assert_eq!(parse_record("7 1 x 1500"), Err("1:5: guesses `x` is not a whole number".into()));
//! ```

/// One game's result, as a record line holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The game's seed.
    pub seed: u64,
    /// Whether it was won.
    pub won: bool,
    /// Guesses made.
    pub guesses: usize,
    /// CPU time, microseconds.
    pub cpu_us: u64,
}

/// The record of `games`: the `header` line, then `seed won guesses cpu_us` per game.
pub fn record_text(header: &str, games: &[Played]) -> String {
    let mut text = String::with_capacity(24 * games.len() + header.len() + 1);
    text.push_str(header);
    text.push('\n');
    for g in games {
        text.push_str(&format!(
            "{} {} {} {}\n",
            g.seed,
            u8::from(g.won),
            g.guesses,
            g.cpu_us
        ));
    }
    text
}

/// One line of a record: `None` for a blank or `#` line, a game, or an error as the column
/// (from 1) of what is wrong and a message.
pub fn parse_line(line: &str) -> Result<Option<Played>, (usize, String)> {
    let trimmed = line.trim_start();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let mut fields = Vec::new();
    let mut at = 0;
    for word in line.split(' ') {
        if !word.is_empty() {
            fields.push((at + 1, word));
        }
        at += word.len() + 1;
    }
    if fields.len() != 4 {
        return Err((
            1,
            format!(
                "expected 4 fields `seed won guesses cpu_us`, found {}",
                fields.len()
            ),
        ));
    }
    let number = |k: usize, what: &str| -> Result<u64, (usize, String)> {
        let (col, word) = fields[k];
        word.parse::<u64>()
            .map_err(|_| (col, format!("{what} `{word}` is not a whole number")))
    };
    let seed = number(0, "seed")?;
    let won = match fields[1].1 {
        "1" => true,
        "0" => false,
        other => return Err((fields[1].0, format!("won `{other}` is not 1 or 0"))),
    };
    let guesses = number(2, "guesses")?;
    let cpu_us = number(3, "cpu_us")?;
    Ok(Some(Played {
        seed,
        won,
        guesses: usize::try_from(guesses).unwrap_or(usize::MAX),
        cpu_us,
    }))
}

/// Parses a record (see [`record_text`]). An error reads `LINE:COLUMN: message`; a record with
/// no game is one.
pub fn parse_record(text: &str) -> Result<Vec<Played>, String> {
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        match parse_line(line) {
            Ok(Some(game)) => games.push(game),
            Ok(None) => {}
            Err((col, what)) => return Err(format!("{}:{col}: {what}", n + 1)),
        }
    }
    if games.is_empty() {
        return Err("1:1: no games in the file".to_string());
    }
    Ok(games)
}
