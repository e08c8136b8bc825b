//! Best times per level, kept in a small text file in the user's data directory.
//!
//! The directory is `$TYPESWEEPER_DATA_DIR` when set (tests point it at a temporary directory),
//! otherwise `typesweeper` inside the platform's data directory (`~/.local/share` on Linux).
//! The file, `best-times.txt`, is a header line then one `level<TAB>milliseconds<TAB>seed` line
//! per level. It is written whole to a temporary file in the same directory and renamed over the
//! old one, so a crash never leaves half a file. A file that cannot be read as such is reported
//! and replaced by an empty one; the bad one is kept beside it as `best-times.txt.corrupt`, or
//! `best-times.txt.corrupt.2`, `.3`, ... when earlier copies are there.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::deal::format_millis;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_VAR: &str = "TYPESWEEPER_DATA_DIR";

/// The file's first line.
const HEADER: &str = "# typesweeper best times v1: level, milliseconds, seed";

/// What a won game the solver helped says: it sets no best time.
pub fn helped_win(millis: u64) -> String {
    format!(
        "won in {} with the solver's help (not a best time)",
        format_millis(millis)
    )
}

/// The file name inside the data directory.
const FILE_NAME: &str = "best-times.txt";

/// One level's best game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// How long the game took, in milliseconds.
    pub millis: u64,
    /// The seed of that game, so it can be replayed.
    pub seed: u64,
}

/// Best times by level name, optionally backed by a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestTimes {
    path: Option<PathBuf>,
    records: BTreeMap<String, Record>,
}

/// The data directory: `$TYPESWEEPER_DATA_DIR`, or `typesweeper` in the platform's data
/// directory; `None` when neither is known.
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_VAR) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::data_dir().map(|d| d.join("typesweeper")),
    }
}

impl BestTimes {
    /// Best times kept only in memory (nothing is read or written).
    pub fn in_memory() -> BestTimes {
        BestTimes {
            path: None,
            records: BTreeMap::new(),
        }
    }

    /// Opens the best-times file in [`data_dir`]; see [`BestTimes::open`].
    pub fn open_default() -> (BestTimes, Option<String>) {
        match data_dir() {
            Some(dir) => BestTimes::open(&dir),
            None => (
                BestTimes::in_memory(),
                Some("no data directory: best times are not saved".to_string()),
            ),
        }
    }

    /// Reads the best-times file in `dir`. A missing file is an empty table. The second value is
    /// a warning for the player: the file was corrupt (and has been replaced) or unreadable.
    pub fn open(dir: &Path) -> (BestTimes, Option<String>) {
        let path = dir.join(FILE_NAME);
        let mut best = BestTimes {
            path: Some(path.clone()),
            records: BTreeMap::new(),
        };
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return (best, None),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                let warning = best.replace_corrupt("it is not text");
                return (best, Some(warning));
            }
            Err(e) => {
                return (
                    best,
                    Some(format!("cannot read best times {}: {e}", path.display())),
                )
            }
        };
        match parse(&text) {
            Ok(records) => {
                best.records = records;
                (best, None)
            }
            Err(why) => {
                let warning = best.replace_corrupt(&why);
                (best, Some(warning))
            }
        }
    }

    /// Moves a corrupt file aside (see [`move_aside`]) and writes an empty one; returns the
    /// warning. When it cannot be moved, it is left as it is and this session's best times are
    /// kept only in memory, so the only copy is never overwritten.
    fn replace_corrupt(&mut self, why: &str) -> String {
        let path = self.path.clone().expect("only file-backed tables are read");
        let aside = match move_aside(&path) {
            Ok(aside) => aside,
            Err(e) => {
                self.path = None;
                return format!(
                    "best times file was corrupt ({why}) and cannot be moved aside ({e}); it is \
                     left as it is, and best times are not saved this session"
                );
            }
        };
        match self.save() {
            Ok(()) => format!(
                "best times file was corrupt ({why}); replaced (old copy: {})",
                aside.display()
            ),
            Err(e) => format!("best times file was corrupt ({why}) and cannot be replaced: {e}"),
        }
    }

    /// The best record for `level`.
    pub fn get(&self, level: &str) -> Option<Record> {
        self.records.get(level).copied()
    }

    /// Offers a finished game's time; when it beats the level's best (or is the first), keeps it,
    /// saves the file and returns `Ok(true)`. Tabs and line breaks in `level` become spaces.
    ///
    /// The file is read again first, so records another process wrote since this table was
    /// opened (`play` and `serve` share the file) are kept, not overwritten. If it has become
    /// unreadable since, it is moved aside and replaced as [`BestTimes::open`] does, and this
    /// table's records are written to the new file; the second value is then the warning for
    /// the player (as `open` words it).
    pub fn offer(&mut self, level: &str, record: Record) -> (io::Result<bool>, Option<String>) {
        let level: String = level
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let warning = self.merge_file();
        if self
            .get(&level)
            .is_some_and(|old| old.millis <= record.millis)
        {
            return (Ok(false), warning);
        }
        self.records.insert(level, record);
        (self.save().map(|()| true), warning)
    }

    /// Offers an unhelped win under `key` and says how it went, as both games tell the player:
    /// the message, and whether the win set a new best time. A warning from reading the file
    /// again ([`BestTimes::offer`]) ends the message, after `; `.
    pub fn offer_win(&mut self, key: &str, record: Record) -> (String, bool) {
        let (saved, warning) = self.offer(key, record);
        let (message, new_best) = self.win_message(key, record, saved);
        match warning {
            Some(w) => (format!("{message}; {w}"), new_best),
            None => (message, new_best),
        }
    }

    /// What [`BestTimes::offer_win`] says of a win whose offer ended as `saved`.
    fn win_message(&self, key: &str, record: Record, saved: io::Result<bool>) -> (String, bool) {
        let time = format_millis(record.millis);
        match saved {
            Ok(true) => (format!("won in {time}: a new best time for {key}!"), true),
            // Not better: the standing record (the file's, read again by `offer`) stays.
            Ok(false) => (
                format!(
                    "won in {time} (best for {key}: {})",
                    self.get(key)
                        .map_or_else(String::new, |r| format_millis(r.millis))
                ),
                false,
            ),
            Err(e) => (
                format!("won in {time}; the best time could not be saved: {e}"),
                false,
            ),
        }
    }

    /// Takes in the file's records where they are better than (or missing from) this table's.
    /// A file that cannot be read cleanly now is handled as [`BestTimes::open`] handles it
    /// (moved aside and replaced by an empty one, or left alone if it cannot be moved, and then
    /// this table is no longer saved); this table's records are kept, and the warning returned.
    fn merge_file(&mut self) -> Option<String> {
        let dir = self.path.as_ref().and_then(|p| p.parent())?;
        if !dir.join(FILE_NAME).exists() {
            return None;
        }
        let (fresh, warning) = BestTimes::open(dir);
        if warning.is_some() {
            if fresh.path.is_none() {
                self.path = None; // the bad file could not be moved: never overwrite it
            }
            return warning;
        }
        for (level, theirs) in fresh.records {
            let better = self
                .records
                .get(&level)
                .is_none_or(|ours| theirs.millis < ours.millis);
            if better {
                self.records.insert(level, theirs);
            }
        }
        None
    }

    /// Writes the table atomically: a temporary file in the same directory, then a rename.
    fn save(&self) -> io::Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let dir = path.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(dir)?;
        let mut text = format!("{HEADER}\n");
        for (level, r) in &self.records {
            text.push_str(&format!("{level}\t{}\t{}\n", r.millis, r.seed));
        }
        let tmp = dir.join(format!(".{FILE_NAME}.{}.tmp", std::process::id()));
        let result = (|| {
            let mut file = fs::File::create(&tmp)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            fs::rename(&tmp, path)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result
    }
}

/// Renames `path` to the first of `best-times.txt.corrupt`, `best-times.txt.corrupt.2`,
/// `best-times.txt.corrupt.3`, ... that does not exist yet, so no earlier copy is overwritten;
/// returns the new name.
fn move_aside(path: &Path) -> io::Result<PathBuf> {
    for n in 1..=MAX_CORRUPT_COPIES {
        let aside = match n {
            1 => path.with_extension("txt.corrupt"),
            n => path.with_extension(format!("txt.corrupt.{n}")),
        };
        match fs::symlink_metadata(&aside) {
            Ok(_) => continue,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                fs::rename(path, &aside)?;
                return Ok(aside);
            }
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "{MAX_CORRUPT_COPIES} corrupt copies are already kept"
    )))
}

/// The most corrupt copies kept beside the file.
const MAX_CORRUPT_COPIES: u32 = 1000;

/// Parses the file's text.
fn parse(text: &str) -> Result<BTreeMap<String, Record>, String> {
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return Err("unknown header".to_string());
    }
    let mut records = BTreeMap::new();
    for (n, line) in lines.enumerate() {
        let bad = || format!("line {} is not level, milliseconds, seed", n + 2);
        let mut fields = line.split('\t');
        let (Some(level), Some(millis), Some(seed), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(bad());
        };
        let millis = millis.parse().map_err(|_| bad())?;
        let seed = seed.parse().map_err(|_| bad())?;
        records.insert(level.to_string(), Record { millis, seed });
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh, empty directory under the system's temporary directory.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "typesweeper-best-{name}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn records_survive_a_reopen_and_only_improvements_count() {
        let dir = scratch("roundtrip");
        let (mut best, warning) = BestTimes::open(&dir);
        assert_eq!((best.get("beginner zero"), warning), (None, None));
        let r = |millis, seed| Record { millis, seed };
        assert!(best.offer("beginner zero", r(30_000, 7)).0.unwrap());
        assert!(!best.offer("beginner zero", r(31_000, 8)).0.unwrap());
        assert!(best.offer("beginner zero", r(12_500, 9)).0.unwrap());
        assert!(best.offer("expert\tsafe", r(99_000, 1)).0.unwrap());
        let (again, warning) = BestTimes::open(&dir);
        assert_eq!(warning, None);
        assert_eq!(again.get("beginner zero"), Some(r(12_500, 9)));
        assert_eq!(again.get("expert safe"), Some(r(99_000, 1)));
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(
            names,
            vec![std::ffi::OsString::from(FILE_NAME)],
            "no temp file left"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_corrupt_file_is_reported_and_replaced() {
        for junk in [
            &b"beginner 12"[..],
            b"\xff\xfe\x00",
            &format!("{HEADER}\nx\t1\n").into_bytes(),
        ] {
            let dir = scratch("corrupt");
            fs::write(dir.join(FILE_NAME), junk).unwrap();
            let (mut best, warning) = BestTimes::open(&dir);
            let warning = warning.expect("a corrupt file is reported");
            assert!(
                warning.contains("corrupt") && warning.contains("replaced"),
                "{warning}"
            );
            assert_eq!(
                fs::read(dir.join(FILE_NAME)).unwrap(),
                format!("{HEADER}\n").as_bytes()
            );
            assert_eq!(fs::read(dir.join("best-times.txt.corrupt")).unwrap(), junk);
            assert!(best
                .offer("beginner zero", Record { millis: 5, seed: 1 })
                .0
                .unwrap());
            assert_eq!(
                BestTimes::open(&dir).1,
                None,
                "the replacement reads back cleanly"
            );
            fs::remove_dir_all(&dir).unwrap();
        }
    }

    #[test]
    fn each_corrupt_file_is_kept_under_a_name_of_its_own() {
        let dir = scratch("corrupt-again");
        let mut kept = Vec::new();
        for (n, junk) in ["first junk", "second junk", "third junk"]
            .iter()
            .enumerate()
        {
            fs::write(dir.join(FILE_NAME), junk).unwrap();
            let (_, warning) = BestTimes::open(&dir);
            let aside = match n {
                0 => dir.join("best-times.txt.corrupt"),
                n => dir.join(format!("best-times.txt.corrupt.{}", n + 1)),
            };
            let warning = warning.unwrap();
            assert!(
                warning.ends_with(&format!("(old copy: {})", aside.display())),
                "{warning}"
            );
            kept.push((aside, junk));
        }
        for (aside, junk) in kept {
            assert_eq!(
                fs::read_to_string(&aside).unwrap(),
                *junk,
                "{}",
                aside.display()
            );
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn two_games_sharing_the_file_keep_each_others_records() {
        let dir = scratch("shared");
        let (mut play, _) = BestTimes::open(&dir);
        let (mut serve, _) = BestTimes::open(&dir);
        let at = |millis, seed| Record { millis, seed };
        assert!(play.offer("beginner zero", at(12_000, 1)).0.unwrap());
        // `serve` opened the file before that record: it must not beat it with a slower game
        // nor drop it when it saves its own.
        assert!(!serve.offer("beginner zero", at(15_000, 2)).0.unwrap());
        assert!(serve.offer("expert safe", at(90_000, 3)).0.unwrap());
        let (reread, warning) = BestTimes::open(&dir);
        assert_eq!(warning, None);
        assert_eq!(reread.get("beginner zero"), Some(at(12_000, 1)));
        assert_eq!(reread.get("expert safe"), Some(at(90_000, 3)));
        assert!(play.offer("beginner zero", at(11_000, 4)).0.unwrap());
        assert_eq!(
            BestTimes::open(&dir).0.get("expert safe"),
            Some(at(90_000, 3))
        );
    }

    #[test]
    fn a_file_spoilt_while_playing_is_replaced_and_the_win_says_so() {
        let dir = scratch("spoilt");
        let (mut best, warning) = BestTimes::open(&dir);
        assert_eq!(warning, None);
        let at = |millis, seed| Record { millis, seed };
        assert!(best.offer("expert safe", at(90_000, 3)).0.unwrap());
        fs::write(dir.join(FILE_NAME), "not a best-times file").unwrap();
        let (message, new_best) = best.offer_win("beginner zero", at(12_000, 1));
        assert!(new_best, "{message}");
        let aside = dir.join("best-times.txt.corrupt");
        assert!(
            message.starts_with("won in ")
                && message
                    .contains("a new best time for beginner zero!; best times file was corrupt")
                && message.ends_with(&format!("(old copy: {})", aside.display())),
            "{message}"
        );
        assert_eq!(fs::read_to_string(&aside).unwrap(), "not a best-times file");
        let (reread, warning) = BestTimes::open(&dir);
        assert_eq!(warning, None);
        assert_eq!(reread.get("beginner zero"), Some(at(12_000, 1)));
        assert_eq!(
            reread.get("expert safe"),
            Some(at(90_000, 3)),
            "this table's records kept"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn in_memory_tables_touch_no_file() {
        let mut best = BestTimes::in_memory();
        assert!(best
            .offer("beginner", Record { millis: 5, seed: 1 })
            .0
            .unwrap());
        assert_eq!(best.get("beginner").map(|r| r.millis), Some(5));
    }
}
