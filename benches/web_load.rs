//! Load test of the browser game's server: many expert games played to the end at once through
//! the JSON API, on loopback.
//!
//! ```text
//! cargo build --release
//! cargo run --release -p typesweeper-benches --bin web-load -- [GAMES] [ROUNDS] [THINK_MS]
//! ```
//!
//! It starts `target/release/typesweeper serve --addr 127.0.0.1:0` (or uses `$WEB_LOAD_URL`
//! when set: a server already running), then plays `GAMES` (default 200) expert games at once,
//! `ROUNDS` times (default 3), each game waiting `THINK_MS` (default 0: as fast as the server
//! answers) before each of its requests. Each game's moves are the autoplayer's, worked out beforehand
//! with the library (so the client spends no solver time while it measures): the game sends
//! them alternately as a plain `open` (a *move*) and as a `solver-move` (the server's solver
//! picks the move, which must be the same cell: a *solver move*). It prints requests per
//! second and the median and 99th percentile latency of each kind, per round and their
//! medians, and exits 1 on any error.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use typesweeper::runtime::autoplay::next_move;
use typesweeper::runtime::game::{Config, Game};
use typesweeper::runtime::layout::FirstClick;

/// The server, stopped when dropped.
struct Server(Option<Child>);

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Starts the release binary on a free loopback port; returns it and its URL.
fn start_server() -> Result<(Server, String), String> {
    if let Ok(url) = std::env::var("WEB_LOAD_URL") {
        return Ok((Server(None), url.trim_end_matches('/').to_string()));
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let binary = root.join("target/release/typesweeper");
    if !binary.exists() {
        return Err(format!(
            "{} is missing: run `cargo build --release` first",
            binary.display()
        ));
    }
    let data = root.join("target/web-load-data");
    let mut child = Command::new(&binary)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("TYPESWEEPER_DATA_DIR", &data)
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let server = Server(Some(child));
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .ok_or_else(|| format!("the server printed no URL: {line:?}"))?
        .trim_end_matches('/')
        .to_string();
    Ok((server, url))
}

/// One game's moves, as the autoplayer plays them.
fn moves_of(config: Config, seed: u64) -> Vec<(usize, usize)> {
    let mut game = Game::new(config, seed).expect("expert is a valid board");
    let mut moves = Vec::new();
    while let Some(m) = next_move(&game) {
        game.open(m.row, m.col)
            .expect("the autoplayer's move is on the board");
        moves.push((m.row, m.col));
    }
    moves
}

/// Latencies of one kind of request.
#[derive(Default)]
struct Timings {
    moves: Vec<Duration>,
    solver_moves: Vec<Duration>,
    other: usize,
    errors: Vec<String>,
}

async fn request(client: &reqwest::Client, url: &str, body: Value) -> Result<Value, String> {
    let response = client
        .post(url)
        .json(&body)
        .send()
        .await
        .map_err(|e| format!("{url}: {e}"))?;
    let status = response.status();
    let value: Value = response.json().await.map_err(|e| format!("{url}: {e}"))?;
    if status.is_success() {
        Ok(value)
    } else {
        Err(format!("{url}: {status} {value}"))
    }
}

/// Plays one game to its end; its timings.
async fn play(
    client: reqwest::Client,
    base: Arc<String>,
    seed: u64,
    moves: Vec<(usize, usize)>,
    think: Duration,
) -> Timings {
    let mut t = Timings::default();
    let game = match request(
        &client,
        &format!("{base}/api/games"),
        json!({"level": "expert", "first_click": "safe", "seed": seed}),
    )
    .await
    {
        Ok(state) => state,
        Err(e) => {
            t.errors.push(e);
            return t;
        }
    };
    t.other += 1;
    let id = game["id"].as_str().unwrap_or_default().to_string();
    let mut status = game["status"].as_str().unwrap_or_default().to_string();
    for (k, (row, col)) in moves.into_iter().enumerate() {
        if !think.is_zero() {
            tokio::time::sleep(think).await;
        }
        let by_solver = k % 2 == 1;
        let (url, body) = if by_solver {
            (format!("{base}/api/games/{id}/solver-move"), json!({}))
        } else {
            (
                format!("{base}/api/games/{id}/open"),
                json!({"row": row, "col": col}),
            )
        };
        let start = Instant::now();
        let answer = request(&client, &url, body).await;
        let took = start.elapsed();
        match answer {
            Ok(state) => {
                if by_solver {
                    t.solver_moves.push(took);
                    let played = (
                        state["last_move"]["row"].as_u64(),
                        state["last_move"]["col"].as_u64(),
                    );
                    if played != (Some(row as u64), Some(col as u64)) {
                        t.errors.push(format!(
                            "seed {seed}: the server's solver played {played:?}, the library's ({row}, {col})"
                        ));
                        return t;
                    }
                } else {
                    t.moves.push(took);
                }
                status = state["status"].as_str().unwrap_or_default().to_string();
            }
            Err(e) => {
                t.errors.push(e);
                return t;
            }
        }
    }
    if status == "playing" {
        t.errors.push(format!("seed {seed}: the game did not end"));
    }
    t
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let k = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[k.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let rounds: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    let think = Duration::from_millis(args.get(2).and_then(|a| a.parse().ok()).unwrap_or(0));
    let (server, base) = match start_server() {
        Ok(started) => started,
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::from(1);
        }
    };
    let config = Config::new(16, 30, 99, FirstClick::Safe);
    let plans: Vec<Vec<(usize, usize)>> = (0..games).map(|s| moves_of(config, s)).collect();
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(games as usize)
        .build()
        .expect("a client");
    let base = Arc::new(base);
    println!(
        "{games} expert games at once through {base}, {rounds} rounds, {} ms between a game's \
         requests (moves alternate: open / solver-move)",
        think.as_millis()
    );
    println!("round  requests  req/s   move median  p99   solver median  p99   errors");
    let mut summary = Vec::new();
    let mut failed = false;
    for round in 1..=rounds {
        let start = Instant::now();
        let tasks: Vec<_> = plans
            .iter()
            .enumerate()
            .map(|(seed, moves)| {
                tokio::spawn(play(
                    client.clone(),
                    Arc::clone(&base),
                    seed as u64,
                    moves.clone(),
                    think,
                ))
            })
            .collect();
        let mut all = Timings::default();
        for task in tasks {
            let t = task.await.expect("a game task");
            all.moves.extend(t.moves);
            all.solver_moves.extend(t.solver_moves);
            all.other += t.other;
            all.errors.extend(t.errors);
        }
        let wall = start.elapsed();
        all.moves.sort();
        all.solver_moves.sort();
        let requests = all.moves.len() + all.solver_moves.len() + all.other;
        let rps = requests as f64 / wall.as_secs_f64();
        let row = [
            rps,
            ms(percentile(&all.moves, 0.5)),
            ms(percentile(&all.moves, 0.99)),
            ms(percentile(&all.solver_moves, 0.5)),
            ms(percentile(&all.solver_moves, 0.99)),
        ];
        println!(
            "{round:>5}  {requests:>8}  {:>6.0}  {:>8.2} ms  {:>5.2}  {:>10.2} ms  {:>5.2}  {}",
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            all.errors.len()
        );
        for e in all.errors.iter().take(5) {
            eprintln!("error: {e}");
        }
        failed |= !all.errors.is_empty();
        summary.push(row);
    }
    let column = |k: usize| median(summary.iter().map(|r| r[k]).collect());
    println!(
        "median of {rounds} rounds: {:.0} requests/s; move {:.2} ms median, {:.2} ms p99; solver move {:.2} ms median, {:.2} ms p99",
        column(0),
        column(1),
        column(2),
        column(3),
        column(4)
    );
    drop(server);
    if failed {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    }
}
