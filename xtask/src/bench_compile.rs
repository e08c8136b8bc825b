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
//! compilation off) under `/usr/bin/time`, and the median wall time and peak memory of the build
//! (rustc dominates both) are printed. A baseline crate with a 1x1 board gives cargo's and
//! rustc's fixed cost, subtracted in the `solve` column.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use typesweeper::board::{Board, Cell};
use typesweeper::runtime::game::Game;
use typesweeper::runtime::generator::{board_for_seed, Level, Spec};
use typesweeper::runtime::layout::FirstClick;
use typesweeper::runtime::{fragment, Given};

/// A benchmark size: label, rows, cols, mines.
pub struct Size {
    pub label: &'static str,
    rows: usize,
    cols: usize,
    mines: usize,
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
    SIZES.iter().map(|s| s.label).collect::<Vec<_>>().join(", ")
}

/// A puzzle the compile-time fragment finishes: the first click, then lucky guesses.
pub fn lucky_puzzle(size: &Size, seed: u64) -> (Board, Board, usize) {
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
        let solved = fragment::solve(&puzzle, Given::answer(&answer)).expect("consistent");
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

fn rows_text(board: &Board) -> String {
    (0..board.rows())
        .map(|r| {
            let cells: Vec<String> = (0..board.cols())
                .map(|c| board.get(r, c).to_string())
                .collect();
            format!("        [{}]\n", cells.join(" "))
        })
        .collect()
}

fn write_crate(dir: &Path, repo: &Path, puzzle: &Board, answer: &Board, limit: usize) {
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
             [dependencies]\ntypesweeper = {{ path = {:?} }}\n\n[workspace]\n",
            repo.display().to_string()
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("src/main.rs"),
        format!(
            "#![recursion_limit = \"{limit}\"]\n\nfn main() {{\n    let solved = typesweeper::solve! {{\n    puzzle: [\n{}    ]\n    answer: [\n{}    ]\n    }};\n    println!(\"{{solved}}\");\n}}\n",
            rows_text(puzzle),
            rows_text(answer)
        ),
    )
    .unwrap();
}

/// One from-scratch build of the crate: (seconds, peak KB).
fn build_once(dir: &Path, target: &Path) -> (f64, Option<u64>) {
    let main = dir.join("src/main.rs");
    let text = std::fs::read_to_string(&main).unwrap();
    std::fs::write(&main, text).unwrap(); // new mtime: cargo rebuilds the crate
    let time = Path::new("/usr/bin/time");
    let mut cmd = if time.exists() {
        let mut c = Command::new(time);
        c.args(["-f", "%e %M", "cargo", "build", "-q"]);
        c
    } else {
        let mut c = Command::new("cargo");
        c.args(["build", "-q"]);
        c
    };
    cmd.current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_INCREMENTAL", "0");
    let start = Instant::now();
    let out = cmd.output().expect("run cargo build");
    let wall = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "build failed in {}:\n{stderr}",
        dir.display()
    );
    let last = stderr.lines().last().unwrap_or("");
    let mut parts = last.split_whitespace();
    match (
        parts.next().and_then(|s| s.parse().ok()),
        parts.next().and_then(|s| s.parse().ok()),
    ) {
        (Some(s), Some(kb)) if time.exists() => (s, Some(kb)),
        _ => (wall, None),
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

/// Runs the benchmark and prints the table.
pub fn run(repo: &Path, runs: usize, labels: &[String]) {
    let base = repo.join("target/compile-bench");
    let target = base.join("target");
    let sizes: Vec<&Size> = SIZES
        .iter()
        .filter(|s| labels.is_empty() || labels.iter().any(|l| l == s.label))
        .collect();
    // Baseline: a 1x1 board, for cargo's and rustc's fixed cost.
    let one: Board = "?".parse().unwrap();
    let zero: Board = "0".parse().unwrap();
    let baseline_dir = base.join("baseline");
    write_crate(&baseline_dir, repo, &one, &zero, 128);
    build_once(&baseline_dir, &target); // builds typesweeper itself once
    let baseline = median(
        (0..runs)
            .map(|_| build_once(&baseline_dir, &target).0)
            .collect(),
    );
    println!("fixed cost (1x1 board, cargo + rustc): {baseline:.2} s, median of {runs}");
    println!();
    println!("| board | cells | unknown | mines hidden | guesses | build (median) | solve (build - fixed) | peak memory |");
    println!("|---|---|---|---|---|---|---|---|");
    for size in sizes {
        let (puzzle, answer, guesses) = lucky_puzzle(size, SEED);
        let unknown = puzzle
            .cells()
            .iter()
            .filter(|c| **c == Cell::Unknown)
            .count();
        let hidden_mines = (0..puzzle.cells().len())
            .filter(|&i| puzzle.cells()[i] == Cell::Unknown && answer.cells()[i] == Cell::Mine)
            .count();
        let dir = base.join(size.label.replace('/', "_"));
        write_crate(
            &dir,
            repo,
            &puzzle,
            &answer,
            (2 * hidden_mines + 256).max(512),
        );
        let out = Command::new("cargo")
            .args(["run", "-q"])
            .current_dir(&dir)
            .env("CARGO_TARGET_DIR", &target)
            .env("CARGO_INCREMENTAL", "0")
            .output()
            .expect("run the scratch crate");
        assert!(
            out.status.success(),
            "{}: {}",
            size.label,
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            answer.to_string(),
            "{}: rustc derived a different board",
            size.label
        );
        let mut times = Vec::new();
        let mut peak = None;
        for _ in 0..runs {
            let (s, kb) = build_once(&dir, &target);
            times.push(s);
            peak = peak.max(kb);
        }
        let t = median(times);
        println!(
            "| {} | {} | {} | {} | {} | {:.2} s | {:.2} s | {} |",
            size.label,
            size.rows * size.cols,
            unknown,
            hidden_mines,
            guesses,
            t,
            (t - baseline).max(0.0),
            peak.map_or("n/a (no /usr/bin/time)".into(), |kb| format!(
                "{} MB",
                kb / 1024
            )),
        );
    }
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}
