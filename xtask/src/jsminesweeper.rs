//! `cargo run --release -p xtask -- jsminesweeper --sources DIR [--level L] [--first-click safe|zero]
//! [--cell RnCm] [--games N] [--seed S] --record FILE [--ours FILE] [--guesses FILE]
//! [--our-guesses FILE]`
//!
//! Plays D. Hill's JSMinesweeper solver on typesweeper's boards, paired by seed with
//! `typesweeper bench`: game `i` is the layout `place_mines` draws from seed `S + i` for the rule
//! and the first-click cell (by default the rule's documented cell, `default_click`, so the
//! boards are exactly those `bench` plays). Its results go to `--record FILE` in the format
//! `bench --record` writes, so `bench --against FILE` prints the paired difference.
//!
//! JSMinesweeper's sources stay outside this repository: `--sources DIR` is a local copy (the
//! repository's root or its `Minesweeper` folder). `jsminesweeper/play.js` loads them in Node (the
//! `node` on PATH, or `$NODE`) and drives the solver as JSMinesweeper's own bulk run does. One
//! Node process plays every game in turn, so a run uses one core.
//!
//! `--cell RnCm` (1-based, like `R3C3`) clicks another cell first, with the rule's promise moved
//! there; `bench` cannot, so `--ours FILE` also plays typesweeper's autoplayer on the same boards
//! from that cell (on the documented cell it plays exactly `bench`'s games). `--guesses FILE`
//! keeps every JSMinesweeper guess (`seed move row col safety`, 0-based; move: clears made before
//! it, the first click included) and `--our-guesses FILE` typesweeper's (`seed move row col`), to
//! find where the two players first differ.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub use typesweeper::runtime::autoplay::record::Played;
use typesweeper::runtime::autoplay::record::{parse_line, record_text};
use typesweeper::runtime::autoplay::{play_noting_guesses, thread_cpu_time, GameResult};
use typesweeper::runtime::game::{BoardLevel, Game};
use typesweeper::runtime::layout::{default_click, place_mines, FirstClick, Layout};

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// JSMinesweeper's sources.
    pub sources: PathBuf,
    /// The board size.
    pub level: BoardLevel,
    /// The first-click rule.
    pub rule: FirstClick,
    /// The first click, 0-based (row, column).
    pub cell: (usize, usize),
    /// Games.
    pub games: u64,
    /// Seed of the first game.
    pub seed: u64,
    /// Where JSMinesweeper's results go.
    pub record: PathBuf,
    /// Where typesweeper's results on the same boards go, if wanted.
    pub ours: Option<PathBuf>,
    /// Where JSMinesweeper's guesses go, if wanted.
    pub guesses: Option<PathBuf>,
    /// Where typesweeper's guesses go, if wanted (with `ours`).
    pub our_guesses: Option<PathBuf>,
}

/// The usage line.
pub const USAGE: &str = "cargo run --release -p xtask -- jsminesweeper --sources DIR [--level beginner|intermediate|expert|RxC/M] [--first-click safe|zero] [--cell RnCm] [--games N] [--seed S] --record FILE [--ours FILE] [--guesses FILE] [--our-guesses FILE]";

/// Parses the arguments after `jsminesweeper`. Defaults: expert, safe, the rule's documented
/// cell, 1000 games, seed 0.
pub fn parse(args: &[&str]) -> Result<Options, String> {
    let mut sources = None;
    let mut level = BoardLevel::Expert;
    let mut rule = FirstClick::Safe;
    let mut cell = None;
    let mut games = 1000;
    let mut seed = 0;
    let mut record = None;
    let mut ours = None;
    let mut guesses = None;
    let mut our_guesses = None;
    let mut it = args.iter();
    while let Some(&flag) = it.next() {
        let mut value = || {
            it.next()
                .copied()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag {
            "--sources" => sources = Some(PathBuf::from(value()?)),
            "--level" => level = value()?.parse()?,
            "--first-click" => {
                rule = match value()? {
                    "safe" => FirstClick::Safe,
                    "zero" => FirstClick::Zero,
                    other => return Err(format!("--first-click is safe or zero, not `{other}`")),
                }
            }
            "--cell" => cell = Some(crate::parse_cell(value()?)?),
            "--games" => {
                games = match value()?.parse() {
                    Ok(n) if n > 0 => n,
                    _ => return Err("--games needs a positive number".into()),
                }
            }
            "--seed" => {
                seed = value()?
                    .parse()
                    .map_err(|_| "--seed needs a number".to_string())?
            }
            "--record" => record = Some(PathBuf::from(value()?)),
            "--ours" => ours = Some(PathBuf::from(value()?)),
            "--guesses" => guesses = Some(PathBuf::from(value()?)),
            "--our-guesses" => our_guesses = Some(PathBuf::from(value()?)),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let (rows, cols, mines) = level.size();
    let cell = cell.unwrap_or_else(|| default_click(rows, cols, rule));
    if cell.0 >= rows || cell.1 >= cols {
        return Err(format!(
            "the cell R{}C{} is off the board",
            cell.0 + 1,
            cell.1 + 1
        ));
    }
    place_mines(rows, cols, mines, 0, rule, cell.0 * cols + cell.1).map_err(|e| e.to_string())?;
    if our_guesses.is_some() && ours.is_none() {
        return Err("--our-guesses needs --ours".into());
    }
    Ok(Options {
        sources: sources.ok_or("--sources DIR (a local copy of JSMinesweeper) is needed")?,
        level,
        rule,
        cell,
        games,
        seed,
        record: record.ok_or("--record FILE is needed")?,
        ours,
        guesses,
        our_guesses,
    })
}

/// The name of a 0-based cell, `R3C3`.
fn cell_name((row, col): (usize, usize)) -> String {
    format!("R{}C{}", row + 1, col + 1)
}

/// Game `seed`'s layout for these options.
pub fn layout(options: &Options, seed: u64) -> Layout {
    let (rows, cols, mines) = options.level.size();
    place_mines(
        rows,
        cols,
        mines,
        seed,
        options.rule,
        options.cell.0 * cols + options.cell.1,
    )
    .expect("the options were checked")
}

/// The line `play.js` reads for a game: `seed rows cols mines click m1,m2,...`.
pub fn board_line(options: &Options, seed: u64) -> String {
    let layout = layout(options, seed);
    let mines: Vec<String> = layout
        .mines()
        .iter()
        .enumerate()
        .filter(|(_, &m)| m)
        .map(|(i, _)| i.to_string())
        .collect();
    format!(
        "{seed} {} {} {} {} {}\n",
        layout.rows(),
        layout.cols(),
        mines.len(),
        options.cell.0 * layout.cols() + options.cell.1,
        mines.join(",")
    )
}

/// Parses a result line of `play.js`: a record line, `seed won guesses cpu_us`.
pub fn parse_result(line: &str) -> Result<Played, String> {
    match parse_line(line) {
        Ok(Some(played)) => Ok(played),
        Ok(None) => Err(format!("bad result line from play.js: `{line}`: no game")),
        Err((col, what)) => Err(format!(
            "bad result line from play.js: `{line}`: column {col}: {what}"
        )),
    }
}

/// The header line of a record.
fn header(player: &str, options: &Options) -> String {
    format!(
        "# {player} on typesweeper boards: --level {} --first-click {} --cell {} --seed {} --games {}",
        options.level,
        options.rule.word(),
        cell_name(options.cell),
        options.seed,
        options.games
    )
}

/// Writes `games` as `bench --record` does.
fn write_record(path: &Path, header: &str, games: &[Played]) -> std::io::Result<()> {
    std::fs::write(path, record_text(header, games))
}

/// The summary line: `NAME: 41.23% (4123/10000) won, 2.59 ms/game`.
fn summary(name: &str, games: &[Played]) -> String {
    let wins = games.iter().filter(|g| g.won).count();
    let cpu: u64 = games.iter().map(|g| g.cpu_us).sum();
    format!(
        "{name}: {:.2}% ({wins}/{}) won, {:.2} ms/game",
        100.0 * wins as f64 / games.len() as f64,
        games.len(),
        cpu as f64 / 1e3 / games.len() as f64
    )
}

/// Plays typesweeper's autoplayer on game `seed` of these options: the layout, the first click
/// on the options' cell, then the autoplayer to the end, as `autoplay::play` does (the first
/// click is a move, not a guess). Each guess is passed to `guessed` as (moves made before it,
/// row-major cell).
pub fn play_ours(
    options: &Options,
    seed: u64,
    mut guessed: impl FnMut(usize, usize),
) -> GameResult {
    let start = thread_cpu_time();
    let mut game = Game::with_layout(layout(options, seed));
    let (row, col) = options.cell;
    game.open(row, col).expect("on the board, game on");
    // The first click is a move: the autoplayer's moves and guesses come after it.
    let mut result = play_noting_guesses(&mut game, |moves, cell| guessed(moves + 1, cell));
    result.moves += 1;
    result.cpu = thread_cpu_time().saturating_sub(start);
    result
}

/// The harness, `xtask/jsminesweeper/play.js`.
pub fn harness() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("jsminesweeper/play.js")
}

/// Plays JSMinesweeper on every game through `play.js` under Node; progress on stderr.
pub fn play_jsminesweeper(options: &Options) -> Result<Vec<Played>, String> {
    let node = std::env::var_os("NODE").unwrap_or_else(|| "node".into());
    let mut command = Command::new(&node);
    command.arg(harness()).arg(&options.sources);
    if let Some(path) = &options.guesses {
        command.arg("--guesses").arg(path);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", node.to_string_lossy()))?;
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let feeder = {
        let options = options.clone();
        std::thread::spawn(move || -> std::io::Result<()> {
            for i in 0..options.games {
                stdin.write_all(board_line(&options, options.seed.wrapping_add(i)).as_bytes())?;
            }
            Ok(())
        })
    };
    let mut games = Vec::with_capacity(usize::try_from(options.games).unwrap_or(0));
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| format!("reading play.js: {e}"))?;
        let played = parse_result(&line)?;
        let expected = options.seed.wrapping_add(games.len() as u64);
        if played.seed != expected {
            return Err(format!(
                "play.js answered seed {} where {expected} was due",
                played.seed
            ));
        }
        games.push(played);
        if games.len() % 500 == 0 {
            eprintln!("{} {}", games.len(), summary("JSMinesweeper", &games));
        }
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    let fed = feeder.join().expect("the feeder does not panic");
    if !status.success() {
        return Err(format!("play.js failed ({status})"));
    }
    fed.map_err(|e| format!("writing boards to play.js: {e}"))?;
    if games.len() as u64 != options.games {
        return Err(format!(
            "play.js answered {} of {} games",
            games.len(),
            options.games
        ));
    }
    Ok(games)
}

/// Runs the command: JSMinesweeper's record, and typesweeper's when `--ours` asks.
pub fn run(options: &Options) -> Result<(), String> {
    let theirs = play_jsminesweeper(options)?;
    write_record(
        &options.record,
        &header(
            &format!(
                "JSMinesweeper ({}, node)",
                options.sources.to_string_lossy()
            ),
            options,
        ),
        &theirs,
    )
    .map_err(|e| format!("cannot write {}: {e}", options.record.display()))?;
    println!("{}", summary("JSMinesweeper", &theirs));
    if let Some(path) = &options.ours {
        let mut guess_lines = String::new();
        let cols = options.level.size().1;
        let ours: Vec<Played> = (0..options.games)
            .map(|i| {
                let seed = options.seed.wrapping_add(i);
                let result = play_ours(options, seed, |moves, cell| {
                    guess_lines.push_str(&format!(
                        "{seed} {moves} {} {}\n",
                        cell / cols,
                        cell % cols
                    ));
                });
                Played {
                    seed,
                    won: result.won,
                    guesses: result.guesses,
                    cpu_us: u64::try_from(result.cpu.as_micros()).unwrap_or(u64::MAX),
                }
            })
            .collect();
        write_record(path, &header("typesweeper autoplay", options), &ours)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        if let Some(path) = &options.our_guesses {
            std::fs::write(path, guess_lines)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        println!("{}", summary("typesweeper", &ours));
        let both = theirs.iter().zip(&ours);
        let only_ours = both.clone().filter(|(t, o)| o.won && !t.won).count();
        let only_theirs = both.filter(|(t, o)| t.won && !o.won).count();
        println!(
            "typesweeper - JSMinesweeper: {:+} wins, standard deviation {:.1} ({} games only one won)",
            only_ours as i64 - only_theirs as i64,
            ((only_ours + only_theirs) as f64).sqrt(),
            only_ours + only_theirs
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use typesweeper::runtime::autoplay::play_game;
    use typesweeper::runtime::game::Config;

    fn options(args: &[&str]) -> Options {
        let mut all = vec!["--sources", "js", "--record", "out.txt"];
        all.extend_from_slice(args);
        parse(&all).unwrap()
    }

    #[test]
    fn arguments_parse_with_the_documented_cell_by_default() {
        let o = options(&["--level", "beginner", "--first-click", "zero"]);
        assert_eq!(
            (o.level, o.rule, o.cell),
            (BoardLevel::Beginner, FirstClick::Zero, (1, 1))
        );
        assert_eq!(options(&["--first-click", "zero"]).cell, (2, 2));
        assert_eq!(options(&[]).cell, (0, 0));
        let o = options(&["--cell", "R4C4", "--games", "7", "--seed", "9"]);
        assert_eq!((o.cell, o.games, o.seed), ((3, 3), 7, 9));
        assert!(parse(&["--record", "x"]).unwrap_err().contains("--sources"));
        assert!(parse(&["--sources", "x", "--record", "y", "--cell", "R0C1"]).is_err());
        assert!(
            parse(&["--sources", "x", "--record", "y", "--cell", "R17C1"])
                .unwrap_err()
                .contains("off the")
        );
        // A column past the edge (expert has 30) is refused, not wrapped to the next row.
        assert_eq!(
            parse(&["--sources", "x", "--record", "y", "--cell", "R1C31"]).unwrap_err(),
            "the cell R1C31 is off the board"
        );
        assert!(parse(&["--sources", "x", "--record", "y", "--games", "0"]).is_err());
    }

    #[test]
    fn board_lines_list_the_layout_bench_plays() {
        // On the documented cell, game `seed` is the one `Game::new(config, seed)` places at its
        // first click, so the boards are bench's.
        let o = options(&["--level", "beginner", "--first-click", "zero"]);
        for seed in 0..20 {
            let line = board_line(&o, seed);
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(&words[..5], &[&seed.to_string()[..], "9", "9", "10", "10"]);
            let mut game = Game::new(Config::new(9, 9, 10, FirstClick::Zero), seed).unwrap();
            game.open(1, 1).unwrap();
            let listed: Vec<usize> = words[5].split(',').map(|m| m.parse().unwrap()).collect();
            let mines: Vec<usize> = (0..81)
                .filter(|&i| game.layout().unwrap().mines()[i])
                .collect();
            assert_eq!(listed, mines);
            // The zero rule: the click and its neighbours are free.
            assert!(listed.iter().all(|&m| m / 9 > 2 || m % 9 > 2));
        }
    }

    #[test]
    fn ours_on_the_documented_cell_plays_benchs_games() {
        for (level, rule) in [
            ("beginner", "zero"),
            ("beginner", "safe"),
            ("intermediate", "zero"),
        ] {
            let o = options(&["--level", level, "--first-click", rule]);
            let (rows, cols, mines) = o.level.size();
            for seed in 0..12 {
                let ours = play_ours(&o, seed, |_, _| {});
                let bench = play_game(Config::new(rows, cols, mines, o.rule), seed).unwrap();
                assert_eq!(
                    (ours.won, ours.moves, ours.guesses),
                    (bench.won, bench.moves, bench.guesses),
                    "{level} {rule} seed {seed}"
                );
            }
        }
    }

    /// Writes a stand-in for JSMinesweeper's sources: the files `play.js` loads, with a solver that
    /// always guesses the first hidden cell in reading order.
    fn stand_in_sources(dir: &Path) {
        let client = dir.join("Minesweeper/client");
        std::fs::create_dir_all(&client).unwrap();
        std::fs::create_dir_all(dir.join("Minesweeper/Utility")).unwrap();
        let empty = [
            "Utility/PrimeSieve.js",
            "client/SolutionCounter.js",
            "client/solver_probability_engine.js",
            "client/Brute_force.js",
            "client/BruteForceAnalysis.js",
            "client/EfficiencyHelper.js",
            "client/LongTermRiskHelper.js",
        ];
        for file in empty {
            std::fs::write(dir.join("Minesweeper").join(file), "").unwrap();
        }
        let files = [
            (
                "Utility/Binomial.js",
                "class Binomial {} class BinomialCache {}",
            ),
            (
                "client/Tile.js",
                "class Tile { constructor(x, y) { this.x = x; this.y = y; this.covered = true; } \
                 setValue(v) { this.value = v; this.covered = false; } }",
            ),
            (
                "client/Board.js",
                "class Board { constructor(id, w, h) { this.tiles = []; \
                 for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) this.tiles.push(new Tile(x, y)); } \
                 getTile(i) { return this.tiles[i]; } }",
            ),
            (
                "client/solver_main.js",
                "const PLAY_STYLE_NOFLAGS = 2; \
                 async function solver(board, options) { if (board == null) return; \
                 const t = board.tiles.find((t) => t.covered); \
                 return { actions: [{ x: t.x, y: t.y, prob: 0.5, action: ACTION_CLEAR }] }; }",
            ),
        ];
        for (file, text) in files {
            std::fs::write(dir.join("Minesweeper").join(file), text).unwrap();
        }
    }

    #[test]
    #[ignore = "needs Node (`node` on PATH, or $NODE)"]
    fn play_js_plays_each_board_and_answers_in_seed_order() {
        // A 1x4 board with one mine, first click R1C1: the stand-in solver opens the first hidden
        // cell, so it wins exactly when the mine is the last cell, without a guess, and otherwise
        // loses on its one guess.
        let dir = std::env::temp_dir().join(format!("typesweeper-playjs-{}", std::process::id()));
        stand_in_sources(&dir);
        let mut o = options(&["--level", "1x4/1", "--games", "30", "--seed", "5"]);
        o.sources = dir.clone();
        o.guesses = Some(dir.join("guesses.txt"));
        let games = play_jsminesweeper(&o).unwrap();
        assert_eq!(games.len(), 30);
        for (i, g) in games.iter().enumerate() {
            let seed = 5 + i as u64;
            let last = layout(&o, seed).mines()[3];
            assert_eq!((g.seed, g.won, g.guesses), (seed, last, usize::from(!last)));
        }
        let guesses = std::fs::read_to_string(dir.join("guesses.txt")).unwrap();
        assert_eq!(
            guesses.lines().count(),
            games.iter().filter(|g| !g.won).count()
        );
        assert!(games.iter().any(|g| g.won) && games.iter().any(|g| !g.won));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn results_parse_and_bad_ones_are_refused() {
        assert_eq!(
            parse_result("17 1 2 350"),
            Ok(Played {
                seed: 17,
                won: true,
                guesses: 2,
                cpu_us: 350
            })
        );
        assert!(parse_result("17 2 2 350").is_err());
        assert!(parse_result("17 1 2").is_err());
        assert_eq!(cell_name((2, 2)), "R3C3");
        assert_eq!(crate::parse_cell("r2c5"), Ok((1, 4)));
    }
}
