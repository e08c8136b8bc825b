//! `cargo run --release -p xtask -- bench-compile [--runs N] [SIZE ...]`: how long rustc takes to
//! solve boards of growing size, and how much memory it uses.
//!
//! For each size it deals a board with a fixed seed (mines placed by the runtime generator, first
//! click opening a zero at the documented cell), then plays "lucky guesses": while the runtime
//! `fragment` (which predicts the compiler exactly) leaves cells undecided, it opens the first
//! undecided safe cell, as a player who guessed right would. The result is a puzzle the compiler
//! must finish, with most of the board still hidden. Each board becomes a scratch crate under
//! `target/compile-bench/` whose `main` prints the board `solve!` derived; it is run once to
//! check the output against the answer, then rebuilt `--runs` times from scratch (incremental
//! compilation off). Each build's rustc runs under `/usr/bin/time` (a `RUSTC_WRAPPER` script
//! the benchmark writes), and the medians of rustc's wall time and CPU time (user + system:
//! steadier on a busy machine), the whole `cargo build`'s wall time, and rustc's peak memory are
//! printed. A baseline crate with a 1x1 board gives rustc's fixed cost, subtracted in the
//! `solve` column.
//!
//! `--level pairs` measures `solve!`'s `level: pairs` on boards that need it: the lucky guesses
//! go on until the runtime `pairs` finishes the board, and the first seed (from the same start)
//! whose board `fragment` cannot finish is kept; the table says which seed. `--level complete`
//! plays whole games instead (`bench_complete.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use typesweeper::board::{Board, Cell};
use typesweeper::codegen::solve_call_at;
use typesweeper::runtime::game::Game;
use typesweeper::runtime::generator::{board_for_seed, Level, Spec};
use typesweeper::runtime::layout::FirstClick;
use typesweeper::runtime::{complete, fragment, pairs, Given};

/// A benchmark size: label, rows, cols, mines.
pub struct Size {
    pub label: &'static str,
    pub rows: usize,
    pub cols: usize,
    pub mines: usize,
}

/// The sizes the issue asks for: beginner, intermediate, expert, then 15 % and 10 % densities.
pub const SIZES: &[Size] = &[
    Size {
        label: "9x9/10",
        rows: 9,
        cols: 9,
        mines: 10,
    },
    Size {
        label: "16x16/40",
        rows: 16,
        cols: 16,
        mines: 40,
    },
    Size {
        label: "16x30/99",
        rows: 16,
        cols: 30,
        mines: 99,
    },
    Size {
        label: "32x32/154",
        rows: 32,
        cols: 32,
        mines: 154,
    },
    Size {
        label: "64x64/410",
        rows: 64,
        cols: 64,
        mines: 410,
    },
    Size {
        label: "100x100/1000",
        rows: 100,
        cols: 100,
        mines: 1000,
    },
];

const SEED: u64 = 2026;

/// The size labels, for messages.
pub fn labels() -> String {
    std::iter::once(GAMES)
        .chain(SIZES.iter().map(|s| s.label))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A puzzle `level` (fragment or pairs) finishes: the first click, then lucky guesses.
pub fn lucky_puzzle(size: &Size, seed: u64, level: Level) -> (Board, Board, usize) {
    let spec = Spec::new(
        size.rows,
        size.cols,
        size.mines,
        FirstClick::Zero,
        Level::Fragment,
    );
    let first = board_for_seed(&spec, seed)
        .expect("benchmark sizes are valid")
        .expect("the zero rule leaves a safe first click");
    let answer = first.answer.clone();
    let layout = typesweeper::runtime::layout::place_mines(
        size.rows,
        size.cols,
        size.mines,
        seed,
        FirstClick::Zero,
        spec.click().0 * size.cols + spec.click().1,
    )
    .expect("same layout as the generator's");
    let mut game = Game::with_layout(layout);
    game.open(spec.click().0, spec.click().1)
        .expect("first click");
    let mut guesses = 0;
    loop {
        let puzzle = game.visible();
        let solved = match level {
            Level::Pairs => pairs::solve(&puzzle, Given::answer(&answer)),
            Level::Complete => complete::solve(&puzzle, Given::answer(&answer)),
            Level::Fragment => fragment::solve(&puzzle, Given::answer(&answer)),
        }
        .expect("consistent");
        let Some(&(r, c)) = solved
            .undecided()
            .iter()
            .find(|&&(r, c)| answer.get(r - 1, c - 1) != Cell::Mine)
        else {
            assert!(
                solved.is_solved(),
                "only mines left undecided, yet not solved"
            );
            return (puzzle, answer, guesses);
        };
        game.open(r - 1, c - 1).expect("a safe cell opens");
        guesses += 1;
    }
}

/// The first board from `seed` on that `level` finishes after lucky guesses and, at `pairs`,
/// that the level below cannot finish: with the seed it came from.
fn board_needing(size: &Size, seed: u64, level: Level) -> (Board, Board, usize, u64) {
    (seed..)
        .map(|s| (lucky_puzzle(size, s, level), s))
        .find(|((puzzle, answer, _), _)| match level.below() {
            None => true,
            Some(below) => !below.solves(puzzle, answer),
        })
        .map(|((puzzle, answer, guesses), s)| (puzzle, answer, guesses, s))
        .expect("some seed gives such a board")
}

fn write_crate(dir: &Path, repo: &Path, puzzle: &Board, answer: &Board, limit: usize) {
    write_crate_of(
        dir,
        repo,
        &[(puzzle.clone(), answer.clone())],
        limit,
        Level::Fragment,
    );
}

/// A scratch crate whose `main` prints every board `solve!` derived, one after another.
pub fn write_crate_of(
    dir: &Path,
    repo: &Path,
    boards: &[(Board, Board)],
    limit: usize,
    level: Level,
) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let name = dir
        .file_name()
        .unwrap()
        .to_str()
        .unwrap()
        .replace(['/', 'x'], "_");
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"bench_{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\ntypesweeper = {{ path = {:?} }}\n\n[workspace]\n\n\
             # `solve!` runs at compile time: build it (and every proc macro) optimised.\n\
             [profile.dev.build-override]\nopt-level = 3\n",
            repo.display().to_string()
        ),
    )
    .unwrap();
    let solves: String = boards
        .iter()
        .map(|(puzzle, answer)| {
            format!(
                "    let solved = {};\n    println!(\"{{solved}}\\n\");\n",
                solve_call_at(level, puzzle, answer, "    ")
            )
        })
        .collect();
    std::fs::write(
        dir.join("src/main.rs"),
        format!("#![recursion_limit = \"{limit}\"]\n\nfn main() {{\n{solves}}}\n"),
    )
    .unwrap();
}

/// What one build took.
#[derive(Clone, Copy)]
pub struct Timing {
    /// `cargo build`, wall seconds.
    pub cargo_wall: f64,
    /// The crate's rustc: wall seconds, CPU seconds and peak KB (with `/usr/bin/time`).
    pub rustc: Option<(f64, f64, u64)>,
}

/// Writes `base/time-rustc.sh`, the `RUSTC_WRAPPER` that times every rustc run into
/// `base/rustc-times.txt`, when `/usr/bin/time` exists (afresh each run, so never stale).
pub fn write_rustc_wrapper(base: &Path) {
    if !Path::new("/usr/bin/time").exists() {
        return;
    }
    let wrapper = base.join("time-rustc.sh");
    std::fs::create_dir_all(base).unwrap();
    std::fs::write(
        &wrapper,
        "#!/bin/sh\n# bench-compile's RUSTC_WRAPPER: appends \"wall user sys peak-KB\" per rustc run.\n\
         exec /usr/bin/time -a -o \"$BENCH_RUSTC_TIMES\" -f \"%e %U %S %M\" \"$@\"\n",
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// `cargo` in the scratch crate `dir`: shared target directory, no incremental compilation,
/// and every rustc run timed through the wrapper when [`write_rustc_wrapper`] wrote one.
fn cargo(dir: &Path, base: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new("cargo");
    cmd.args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", base.join("target"))
        .env("CARGO_INCREMENTAL", "0");
    let wrapper = base.join("time-rustc.sh");
    if wrapper.exists() {
        cmd.env("RUSTC_WRAPPER", wrapper)
            .env("BENCH_RUSTC_TIMES", base.join("rustc-times.txt"));
    }
    cmd
}

/// One from-scratch build of the crate (its dependencies are built already).
pub fn build_once(dir: &Path, base: &Path) -> Timing {
    let main = dir.join("src/main.rs");
    let text = std::fs::read_to_string(&main).unwrap();
    std::fs::write(&main, text).unwrap(); // new mtime: cargo rebuilds the crate
    let times = base.join("rustc-times.txt");
    let _ = std::fs::remove_file(&times);
    let start = Instant::now();
    let out = cargo(dir, base, &["build", "-q"])
        .output()
        .expect("run cargo build");
    let cargo_wall = start.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "build failed in {}:\n{}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    // The crate's own rustc run is the last one cargo makes.
    let rustc = std::fs::read_to_string(&times).ok().and_then(|t| {
        let f: Vec<f64> = t
            .lines()
            .last()?
            .split_whitespace()
            .filter_map(|x| x.parse().ok())
            .collect();
        match f[..] {
            [wall, user, sys, kb] => Some((wall, user + sys, kb as u64)),
            _ => None,
        }
    });
    Timing { cargo_wall, rustc }
}

/// The median (the upper one of an even count); 0 for none (no `/usr/bin/time`).
fn median(mut xs: Vec<f64>) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

/// Runs the benchmark at `level` and prints the table.
pub fn run(repo: &Path, runs: usize, labels: &[String], level: Level) {
    let base = repo.join("target/compile-bench");
    write_rustc_wrapper(&base);
    let wanted = |label: &str| labels.is_empty() || labels.iter().any(|l| l == label);
    // Baseline: a 1x1 board, for cargo's and rustc's fixed cost.
    let one: Board = "?".parse().unwrap();
    let zero: Board = "0".parse().unwrap();
    let baseline_dir = base.join("baseline");
    write_crate(&baseline_dir, repo, &one, &zero, 128);
    build_once(&baseline_dir, &base); // builds typesweeper itself once
    let fixed: Vec<Timing> = (0..runs)
        .map(|_| build_once(&baseline_dir, &base))
        .collect();
    let baseline = median(fixed.iter().filter_map(|t| t.rustc.map(|r| r.1)).collect());
    let baseline_cargo = median(fixed.iter().map(|t| t.cargo_wall).collect());
    println!(
        "fixed cost (1x1 board): rustc {baseline:.2} s of CPU, cargo build {baseline_cargo:.2} s wall, medians of {runs}"
    );
    println!();
    let at = match level {
        Level::Pairs => "level: pairs, on boards that need it (fragment cannot finish them)",
        Level::Complete => "level: complete, on boards that need it (pairs cannot finish them)",
        Level::Fragment => "level: fragment",
    };
    println!("{at}");
    println!();
    println!("| board | seed | cells | unknown | left by pairs | mines hidden | guesses | rustc, wall | rustc, CPU | solve, CPU (rustc - fixed) | cargo build, wall | peak memory |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut cases: Vec<Case> = Vec::new();
    if wanted(GAMES) && level == Level::Fragment {
        cases.push((GAMES.into(), corpus_games(repo), 0, None));
    }
    for size in SIZES.iter().filter(|s| wanted(s.label)) {
        let (puzzle, answer, guesses, seed) = board_needing(size, SEED, level);
        cases.push((
            size.label.into(),
            vec![(puzzle, answer)],
            guesses,
            Some(seed),
        ));
    }
    for (label, boards, guesses, seed) in cases {
        let cells: usize = boards.iter().map(|(p, _)| p.cells().len()).sum();
        let unknown: usize = boards
            .iter()
            .map(|(p, _)| p.cells().iter().filter(|c| **c == Cell::Unknown).count())
            .sum();
        let hidden_mines: usize = boards
            .iter()
            .map(|(p, a)| {
                (0..p.cells().len())
                    .filter(|&i| p.cells()[i] == Cell::Unknown && a.cells()[i] == Cell::Mine)
                    .count()
            })
            .sum();
        let left_by_pairs: usize = boards
            .iter()
            .map(|(p, a)| pairs::undecided_cells(p, a).expect("consistent").len())
            .sum();
        let suffix = match level {
            Level::Pairs => "_pairs",
            Level::Complete => "_complete",
            Level::Fragment => "",
        };
        let dir = base.join(label.replace('/', "_") + suffix);
        write_crate_of(
            &dir,
            repo,
            &boards,
            (2 * hidden_mines + 256).max(512).max(cells + 30),
            level,
        );
        let out = cargo(&dir, &base, &["run", "-q"])
            .output()
            .expect("run the scratch crate");
        assert!(
            out.status.success(),
            "{label}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let expected: Vec<String> = boards.iter().map(|(_, a)| a.to_string()).collect();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            expected.join("\n\n").trim_end(),
            "{label}: rustc derived a different board",
        );
        let builds: Vec<Timing> = (0..runs).map(|_| build_once(&dir, &base)).collect();
        let cargo_wall = median(builds.iter().map(|t| t.cargo_wall).collect());
        let rustc: Vec<(f64, f64, u64)> = builds.iter().filter_map(|t| t.rustc).collect();
        let timed = !rustc.is_empty();
        let wall = timed.then(|| median(rustc.iter().map(|r| r.0).collect()));
        let cpu = timed.then(|| median(rustc.iter().map(|r| r.1).collect()));
        let peak = rustc.iter().map(|r| r.2).max();
        let show = |x: Option<f64>| x.map_or("n/a".into(), |x| format!("{x:.2} s"));
        let seed = seed.map_or("-".into(), |s| s.to_string());
        println!(
            "| {label} | {seed} | {cells} | {unknown} | {left_by_pairs} | {hidden_mines} | {guesses} | {} | {} | {} | {cargo_wall:.2} s | {} |",
            show(wall),
            show(cpu),
            show(cpu.map(|c| (c - baseline).max(0.0))),
            peak.map_or("n/a (no /usr/bin/time)".into(), |kb| format!("{} MB", kb / 1024)),
        );
    }
}

/// A benchmark case: label, boards (puzzle, answer), lucky guesses made, the seed dealt.
type Case = (String, Vec<(Board, Board)>, usize, Option<u64>);

/// The label of the case that compiles the 17 solvable corpus games together.
pub const GAMES: &str = "games";

/// The solvable games of the Haskell original, from the committed corpus copy.
fn corpus_games(repo: &Path) -> Vec<(Board, Board)> {
    let text = std::fs::read_to_string(repo.join("tests/corpus/mineunifier_games.txt"))
        .expect("tests/corpus/mineunifier_games.txt");
    typesweeper::board::corpus::parse_blocks(&text)
        .expect("the corpus parses")
        .into_iter()
        .filter(|b| b.expect == Some(typesweeper::board::corpus::Expect::Solved))
        .map(|b| (b.puzzle, b.answer.expect("corpus blocks have answers")))
        .collect()
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}
