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
//!
//! ```text
//! cargo run --release -p typesweeper-benches --bin web-load -- flood [CREATIONS] [VIEWS] [PLAYERS]
//! ```
//!
//! The flood test: `PLAYERS` (default 50) paced players play expert games (a move every
//! 100 ms, the game restarted when it ends) while a flood of `CREATIONS` (default 5,000) new
//! 100x100 games and `VIEWS` (default 200) `compile-view` requests at once on 100x100 boards hit
//! the server. It checks that the server's peak memory stays under 1.5 GB, that no paced
//! player's game is lost, that their moves keep a median under 5 ms, and that every refused
//! request is a 503 or a 429 with a JSON error; it prints the figures and exits 1 when a check
//! fails.

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

impl Server {
    /// The server's peak resident memory in bytes (`VmHWM`), when it was started here (Linux).
    fn peak_memory(&self) -> Option<u64> {
        let pid = self.0.as_ref()?.id();
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    }
}

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
    if args.first().map(String::as_str) == Some("flood") {
        return flood::run(&args[1..]).await;
    }
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

/// The flood test: see the module's documentation.
mod flood {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Mutex;

    /// The custom board of the flood: 100 x 100 with 1,500 mines.
    const BIG: &str = "100x100/1500";
    /// A paced player's time between moves.
    const PACE: Duration = Duration::from_millis(100);
    /// How many creations are in flight at once.
    const CREATORS: usize = 64;

    /// How the flood's requests were answered.
    #[derive(Default)]
    struct Tally {
        ok: AtomicUsize,
        refused_503: AtomicUsize,
        refused_429: AtomicUsize,
        /// Anything else: a refusal without a JSON error, another status, a failed request.
        wrong: Mutex<Vec<String>>,
    }

    impl Tally {
        fn count(&self, answer: Result<(u16, Value), String>) -> Option<Value> {
            match answer {
                Ok((200 | 201, v)) => {
                    self.ok.fetch_add(1, Ordering::Relaxed);
                    Some(v)
                }
                Ok((status @ (503 | 429), v))
                    if v["error"].as_str().is_some_and(|e| !e.is_empty()) =>
                {
                    let n = if status == 503 {
                        &self.refused_503
                    } else {
                        &self.refused_429
                    };
                    n.fetch_add(1, Ordering::Relaxed);
                    None
                }
                Ok((status, v)) => {
                    self.wrong.lock().unwrap().push(format!("{status} {v}"));
                    None
                }
                Err(e) => {
                    self.wrong.lock().unwrap().push(e);
                    None
                }
            }
        }

        fn line(&self) -> String {
            format!(
                "{} answered, {} refused with 503, {} with 429, {} wrong",
                self.ok.load(Ordering::Relaxed),
                self.refused_503.load(Ordering::Relaxed),
                self.refused_429.load(Ordering::Relaxed),
                self.wrong.lock().unwrap().len()
            )
        }
    }

    /// A POST; its status and JSON body (a body that is not JSON is an error).
    async fn post(
        client: &reqwest::Client,
        url: &str,
        body: Value,
    ) -> Result<(u16, Value), String> {
        let response = client
            .post(url)
            .json(&body)
            .send()
            .await
            .map_err(|e| format!("{url}: {e}"))?;
        let status = response.status().as_u16();
        let value: Value = response
            .json()
            .await
            .map_err(|e| format!("{url}: {status} with no JSON body: {e}"))?;
        Ok((status, value))
    }

    /// What a paced player saw.
    #[derive(Default)]
    struct Played {
        /// When each move was sent, and how long its answer took.
        moves: Vec<(Instant, Duration)>,
        games: usize,
        errors: Vec<String>,
    }

    /// One paced player: its expert game, a move every [`PACE`], restarted at its end, until
    /// `stop`.
    async fn player(
        client: reqwest::Client,
        base: Arc<String>,
        seed: u64,
        stop: Arc<AtomicBool>,
    ) -> Played {
        let mut played = Played::default();
        let moves = moves_of(Config::new(16, 30, 99, FirstClick::Safe), seed);
        let created = post(
            &client,
            &format!("{base}/api/games"),
            json!({"level": "expert", "first_click": "safe", "seed": seed}),
        )
        .await;
        let id = match created {
            Ok((201, v)) => v["id"].as_str().unwrap_or_default().to_string(),
            other => {
                played
                    .errors
                    .push(format!("player {seed}: no game: {other:?}"));
                return played;
            }
        };
        while !stop.load(Ordering::Relaxed) {
            played.games += 1;
            for &(row, col) in &moves {
                tokio::time::sleep(PACE).await;
                let start = Instant::now();
                let answer = post(
                    &client,
                    &format!("{base}/api/games/{id}/open"),
                    json!({"row": row, "col": col}),
                )
                .await;
                let took = start.elapsed();
                match answer {
                    Ok((200, _)) => played.moves.push((start, took)),
                    other => {
                        played
                            .errors
                            .push(format!("player {seed}: move lost: {other:?}"));
                        return played;
                    }
                }
                if stop.load(Ordering::Relaxed) {
                    return played;
                }
            }
            match post(
                &client,
                &format!("{base}/api/games/{id}/restart"),
                json!({}),
            )
            .await
            {
                Ok((200, _)) => {}
                other => {
                    played
                        .errors
                        .push(format!("player {seed}: restart lost: {other:?}"));
                    return played;
                }
            }
        }
        played
    }

    /// Creates a 100x100 game and opens its first click; its id when both were answered.
    async fn big_game(
        client: &reqwest::Client,
        base: &str,
        seed: u64,
        tally: &Tally,
    ) -> Option<String> {
        let created = tally.count(
            post(
                client,
                &format!("{base}/api/games"),
                json!({"level": BIG, "seed": seed}),
            )
            .await,
        )?;
        let id = created["id"].as_str()?.to_string();
        tally.count(
            post(
                client,
                &format!("{base}/api/games/{id}/open"),
                json!({"row": 1, "col": 1}),
            )
            .await,
        )?;
        Some(id)
    }

    pub async fn run(args: &[String]) -> std::process::ExitCode {
        let arg =
            |k: usize, default: usize| args.get(k).and_then(|a| a.parse().ok()).unwrap_or(default);
        let (creations, views, players) = (arg(0, 5000), arg(1, 200), arg(2, 50));
        let (server, base) = match start_server() {
            Ok(started) => started,
            Err(e) => {
                eprintln!("error: {e}");
                return std::process::ExitCode::from(1);
            }
        };
        let base = Arc::new(base);
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(512)
            .build()
            .expect("a client");
        println!(
            "flood through {base}: {players} paced players (expert, a move every {} ms), \
             {creations} creations of {BIG} games, {views} compile-views at once on them",
            PACE.as_millis()
        );
        // The paced players start, and play for a few seconds before the flood.
        let stop = Arc::new(AtomicBool::new(false));
        let playing: Vec<_> = (0..players as u64)
            .map(|seed| {
                tokio::spawn(player(
                    client.clone(),
                    Arc::clone(&base),
                    seed,
                    Arc::clone(&stop),
                ))
            })
            .collect();
        tokio::time::sleep(Duration::from_secs(3)).await;

        // The games the compile-views will ask about: the flood's first ones, opened.
        let tally = Arc::new(Tally::default());
        let start = Instant::now();
        let mut big = Vec::new();
        for seed in 0..views as u64 {
            if let Some(id) = big_game(&client, &base, seed, &tally).await {
                big.push(id);
            }
        }
        let made_first = views;
        // Then the rest of the creations and all the compile-views at once.
        let next = Arc::new(AtomicUsize::new(made_first));
        let creators: Vec<_> = (0..CREATORS)
            .map(|_| {
                let (client, base, tally, next) = (
                    client.clone(),
                    Arc::clone(&base),
                    Arc::clone(&tally),
                    Arc::clone(&next),
                );
                tokio::spawn(async move {
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= creations {
                            break;
                        }
                        let answer = post(
                            &client,
                            &format!("{base}/api/games"),
                            json!({"level": BIG, "seed": n}),
                        )
                        .await;
                        tally.count(answer);
                    }
                })
            })
            .collect();
        let view_tally = Arc::new(Tally::default());
        let view_times = Arc::new(Mutex::new(Vec::new()));
        let viewers: Vec<_> = big
            .iter()
            .cycle()
            .take(views)
            .cloned()
            .map(|id| {
                let (client, base, tally, times) = (
                    client.clone(),
                    Arc::clone(&base),
                    Arc::clone(&view_tally),
                    Arc::clone(&view_times),
                );
                tokio::spawn(async move {
                    let t = Instant::now();
                    let answered = tally.count(
                        post(
                            &client,
                            &format!("{base}/api/games/{id}/compile-view"),
                            json!({}),
                        )
                        .await,
                    );
                    if answered.is_some() {
                        times.lock().unwrap().push(t.elapsed());
                    }
                })
            })
            .collect();
        for task in creators.into_iter().chain(viewers) {
            task.await.expect("a flood task");
        }
        let (flood_end, flood_time) = (Instant::now(), start.elapsed());
        // The players go on a little after the flood, then stop.
        tokio::time::sleep(Duration::from_secs(2)).await;
        stop.store(true, Ordering::Relaxed);
        let mut moves = Vec::new();
        let mut player_errors = Vec::new();
        let mut games = 0;
        for task in playing {
            let p = task.await.expect("a player task");
            moves.extend(p.moves);
            player_errors.extend(p.errors);
            games += p.games;
        }
        let mut during: Vec<Duration> = moves
            .iter()
            .filter(|(sent, _)| (start..flood_end).contains(sent))
            .map(|&(_, took)| took)
            .collect();
        during.sort();
        let mut moves: Vec<Duration> = moves.into_iter().map(|(_, took)| took).collect();
        moves.sort();
        let peak = server.peak_memory();
        drop(server);

        let mut times = view_times.lock().unwrap().clone();
        times.sort();
        println!("flood: {:.1} s", flood_time.as_secs_f64());
        println!("  creations (and first clicks): {}", tally.line());
        println!(
            "  compile-views: {}; answered in {:.0} ms median, {:.0} ms max",
            view_tally.line(),
            ms(percentile(&times, 0.5)),
            ms(times.last().copied().unwrap_or_default())
        );
        println!(
            "  paced players: {} moves in {games} games, median {:.2} ms, p99 {:.2} ms, {} lost; \
             during the flood {} moves, median {:.2} ms, p99 {:.2} ms",
            moves.len(),
            ms(percentile(&moves, 0.5)),
            ms(percentile(&moves, 0.99)),
            player_errors.len(),
            during.len(),
            ms(percentile(&during, 0.5)),
            ms(percentile(&during, 0.99)),
        );
        match peak {
            Some(bytes) => println!("  server peak memory: {:.0} MB", bytes as f64 / 1e6),
            None => println!("  server peak memory: unknown (not started here, or not Linux)"),
        }
        let mut failed = Vec::new();
        if peak.is_some_and(|b| b >= 1_500_000_000) {
            failed.push("the server's memory reached 1.5 GB".to_string());
        }
        if !player_errors.is_empty() {
            failed.push(format!("paced players lost games: {}", player_errors[0]));
        }
        if percentile(&during, 0.5) >= Duration::from_millis(5) {
            failed.push(
                "the paced players' median move during the flood took 5 ms or more".to_string(),
            );
        }
        for t in [&tally, &view_tally] {
            if let Some(e) = t.wrong.lock().unwrap().first() {
                failed.push(format!(
                    "a request was neither answered nor refused with 503/429 and a JSON error: {e}"
                ));
            }
        }
        for f in &failed {
            eprintln!("failed: {f}");
        }
        if failed.is_empty() {
            println!("all checks hold");
            std::process::ExitCode::SUCCESS
        } else {
            std::process::ExitCode::from(1)
        }
    }
}
