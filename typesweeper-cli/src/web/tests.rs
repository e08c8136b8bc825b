//! The API in-process: requests sent to the router with tower's `oneshot`, answers read as
//! JSON. A whole game by hand, a win by solver moves, best times, and every error path.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;
use typesweeper::runtime::autoplay::{next_move_within, Move};
use typesweeper::runtime::complete::Budget;
use typesweeper::runtime::game::{Config, Game, Status};
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::layout::FirstClick;

use super::api::page::SCRIPTS;
use super::api::{router, App, BODY_LIMIT, REQUEST_STEPS};
use crate::session::best::BestTimes;

/// A server with in-memory best times.
fn app() -> Arc<App> {
    Arc::new(App::new(BestTimes::in_memory()))
}

/// A server with in-memory best times and the given limits on games and solver work.
fn app_with(games: super::games::Games, solving: super::solving::Solving) -> Arc<App> {
    Arc::new(App::with_limits(BestTimes::in_memory(), games, solving))
}

/// Sends one request; returns the status and the body as JSON (`Null` when empty).
async fn send(
    app: &Arc<App>,
    method: Method,
    uri: &str,
    body: Option<&str>,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    if body.is_some() {
        request = request.header("content-type", "application/json");
    }
    let request = request
        .body(Body::from(body.unwrap_or("").to_string()))
        .unwrap();
    answer(app, request).await
}

/// Sends `request`; returns the status and the body as JSON (`Null` when empty).
async fn answer(app: &Arc<App>, request: Request<Body>) -> (StatusCode, Value) {
    let uri = request.uri().to_string();
    let response = router(Arc::clone(app)).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = if bytes.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            panic!("{uri}: not JSON ({e}): {}", String::from_utf8_lossy(&bytes))
        })
    };
    (status, value)
}

async fn post(app: &Arc<App>, uri: &str, body: Value) -> (StatusCode, Value) {
    send(app, Method::POST, uri, Some(&body.to_string())).await
}

/// A POST with this `body`, its length given, and this `Content-Type` if any.
async fn send_raw(
    app: &Arc<App>,
    uri: &str,
    content_type: Option<&str>,
    body: &str,
) -> (StatusCode, Value) {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header("content-length", body.len());
    if let Some(t) = content_type {
        request = request.header("content-type", t);
    }
    answer(app, request.body(Body::from(body.to_string())).unwrap()).await
}

async fn new_game(app: &Arc<App>, body: Value) -> Value {
    let (status, state) = post(app, "/api/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    state
}

fn board(state: &Value) -> Vec<String> {
    serde_json::from_value(state["board"].clone()).unwrap()
}

fn cell(state: &Value, row: usize, col: usize) -> char {
    board(state)[row].as_bytes()[col] as char
}

fn error(value: &Value) -> &str {
    value["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {value}"))
}

#[tokio::test]
async fn a_game_by_hand_opens_flags_and_chords() {
    let app = app();
    let state = new_game(
        &app,
        json!({"level": "beginner", "seed": 5, "first_click": "zero"}),
    )
    .await;
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(
        (state["rows"].as_u64(), state["cols"].as_u64()),
        (Some(9), Some(9))
    );
    assert_eq!(state["status"], "playing");
    assert_eq!(
        state["running"], false,
        "the clock starts at the first opening"
    );
    assert!(board(&state).iter().all(|row| row == "........."));

    // The same game, played by the library's own engine, tells what to expect.
    let mut mirror = Game::new(Config::new(9, 9, 10, FirstClick::Zero), 5).unwrap();
    mirror.open(1, 1).unwrap();
    let (status, state) = post(
        &app,
        &format!("/api/games/{id}/open"),
        json!({"row": 1, "col": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state["running"], true);
    let shown: String = board(&state).concat();
    let expected: String = mirror
        .visible()
        .cells()
        .iter()
        .map(|c| match c.to_string().as_str() {
            "?" => '.',
            s => s.chars().next().unwrap(),
        })
        .collect();
    assert_eq!(shown, expected, "the API shows what the engine opened");

    // Right-click cycles flag, question mark, hidden; the counter follows the flags.
    let hidden = shown.find('.').unwrap();
    let (r, c) = (hidden / 9, hidden % 9);
    let flag = format!("/api/games/{id}/flag");
    let (_, s) = post(&app, &flag, json!({"row": r, "col": c})).await;
    assert_eq!((cell(&s, r, c), s["mines_left"].as_i64()), ('F', Some(9)));
    let (_, s) = post(&app, &flag, json!({"row": r, "col": c})).await;
    assert_eq!((cell(&s, r, c), s["mines_left"].as_i64()), ('?', Some(10)));
    let (_, s) = post(&app, &flag, json!({"row": r, "col": c})).await;
    assert_eq!(cell(&s, r, c), '.');
    // With question marks off the cycle skips `?`.
    let (_, s) = post(
        &app,
        &format!("/api/games/{id}/marks"),
        json!({"on": false}),
    )
    .await;
    assert_eq!(s["question_marks"], false);
    post(&app, &flag, json!({"row": r, "col": c})).await;
    let (_, s) = post(&app, &flag, json!({"row": r, "col": c})).await;
    assert_eq!(cell(&s, r, c), '.');

    // Chord: flag every mine the hint proves around some number whose mines are all proved,
    // then chord it: its other hidden neighbours open.
    let (status, hint) = post(&app, &format!("/api/games/{id}/hint"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    let mines: Vec<(usize, usize)> = hint["mines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["row"].as_u64().unwrap() as usize,
                m["col"].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let layout = mirror.layout().unwrap().clone();
    let near = |i: usize| typesweeper::board::neighbours(9, 9, i / 9, i % 9);
    let target = (0..81).find(|&i| {
        let n = layout.number(i);
        matches!(mirror.cells()[i], typesweeper::runtime::game::CellState::Open(k) if k > 0)
            && near(i)
                .filter(|&j| layout.mines()[j])
                .all(|j| mines.contains(&(j / 9, j % 9)))
            && near(i).any(|j| {
                mirror.cells()[j] == typesweeper::runtime::game::CellState::Hidden
                    && !layout.mines()[j]
            })
            && n > 0
    });
    let target = target.expect("seed 5 has a number to chord after the opening");
    for j in near(target).filter(|&j| layout.mines()[j]) {
        post(&app, &flag, json!({"row": j / 9, "col": j % 9})).await;
    }
    let (status, s) = post(
        &app,
        &format!("/api/games/{id}/chord"),
        json!({"row": target / 9, "col": target % 9}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    for j in near(target).filter(|&j| !layout.mines()[j]) {
        assert!(
            cell(&s, j / 9, j % 9).is_ascii_digit(),
            "chording opened {j}"
        );
    }
    assert_eq!(s["helped"], true, "the hint is help");

    // Opening a mine loses, and the board shows the hit, the mines and wrong flags.
    let safe_hidden = (0..81)
        .find(|&i| cell(&s, i / 9, i % 9) == '.' && !layout.mines()[i])
        .unwrap();
    post(
        &app,
        &flag,
        json!({"row": safe_hidden / 9, "col": safe_hidden % 9}),
    )
    .await;
    let mine = (0..81)
        .find(|&i| layout.mines()[i] && cell(&s, i / 9, i % 9) == '.')
        .unwrap();
    let (_, s) = post(
        &app,
        &format!("/api/games/{id}/open"),
        json!({"row": mine / 9, "col": mine % 9}),
    )
    .await;
    assert_eq!(s["status"], "lost");
    assert_eq!(s["hit"], json!({"row": mine / 9, "col": mine % 9}));
    assert_eq!(cell(&s, mine / 9, mine % 9), 'X');
    assert_eq!(cell(&s, safe_hidden / 9, safe_hidden % 9), 'W');
    assert_eq!(board(&s).concat().matches(['X', '*', 'F']).count(), 10);
    assert_eq!(s["running"], false);
    assert!(error(
        &post(
            &app,
            &format!("/api/games/{id}/open"),
            json!({"row": 0, "col": 0})
        )
        .await
        .1
    )
    .contains("lost"));

    // Restart deals the same board again.
    let (_, s) = post(&app, &format!("/api/games/{id}/restart"), json!({})).await;
    assert_eq!(
        (
            s["status"].as_str(),
            s["seed"].as_u64(),
            s["helped"].as_bool()
        ),
        (Some("playing"), Some(5), Some(false))
    );
    assert!(board(&s).iter().all(|row| row == "........."));
}

/// The first seed from 0 on which the autoplayer wins expert with the safe rule.
fn winning_seed(config: Config) -> u64 {
    (0..200)
        .find(|&seed| {
            typesweeper::runtime::autoplay::play_game(config, seed)
                .unwrap()
                .won
        })
        .expect("the autoplayer wins some game in 200")
}

#[tokio::test]
async fn solver_moves_win_a_game_and_a_helped_win_sets_no_best_time() {
    let app = app();
    let seed = winning_seed(Config::new(16, 30, 99, FirstClick::Safe));
    let state = new_game(
        &app,
        json!({"level": "expert", "seed": seed, "first_click": "safe"}),
    )
    .await;
    let id = state["id"].as_str().unwrap().to_string();
    let mut state = state;
    let mut moves = 0;
    while state["status"] == "playing" {
        let (status, next) = post(&app, &format!("/api/games/{id}/solver-move"), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        assert!(next["last_move"]["row"].is_u64());
        state = next;
        moves += 1;
        assert!(moves <= 480);
    }
    assert_eq!(state["status"], "won");
    assert_eq!(state["helped"], true);
    assert_eq!(state["best"], Value::Null);
    assert!(state["message"]
        .as_str()
        .unwrap()
        .contains("not a best time"));
    let (status, body) = post(&app, &format!("/api/games/{id}/solver-move"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error(&body).contains("won"));
}

/// Opens `moves` in game `id`, each answered with 200.
async fn replay(app: &Arc<App>, id: &str, moves: &[Move]) {
    for m in moves {
        let (s, b) = post(
            app,
            &format!("/api/games/{id}/open"),
            json!({"row": m.row, "col": m.col}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
}

#[tokio::test]
async fn a_solver_move_plays_the_autoplayers_move_and_takes_no_options() {
    // Beginner, safe, seed 526: walk the autoplayer's moves to its first guess, where the
    // solver's move is a choice and not a proved cell.
    let config = Config::new(9, 9, 10, FirstClick::Safe);
    let budget = || Budget::new(REQUEST_STEPS);
    let mut mirror = Game::new(config, 526).unwrap();
    let mut path = Vec::new();
    let guess = loop {
        let m = next_move_within(&mirror, &budget()).expect("the game goes on");
        if !m.certain {
            break m;
        }
        mirror.open(m.row, m.col).unwrap();
        path.push(m);
    };
    let app = app();
    let state = new_game(
        &app,
        json!({"level": "beginner", "seed": 526, "first_click": "safe"}),
    )
    .await;
    let id = state["id"].as_str().unwrap();
    replay(&app, id, &path).await;
    let moved = format!("/api/games/{id}/solver-move");
    // Errors first: they change nothing. `strength` was an option; there is one strength now.
    let (s, b) = post(&app, &moved, json!({"strength": "strong"})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error(&b).contains("unknown field `strength`"), "{b}");
    let (s, _) = send_raw(&app, &moved, Some("text/plain"), "strong").await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // No body, an empty one of any type, and `{}`: the autoplayer's guess.
    let at = |m: Move| json!({"row": m.row, "col": m.col, "certain": m.certain});
    for content_type in [
        None,
        Some("application/json"),
        Some("text/plain"),
        Some("{}"),
    ] {
        let (s, _) = post(&app, &format!("/api/games/{id}/restart"), json!({})).await;
        assert_eq!(s, StatusCode::OK);
        replay(&app, id, &path).await;
        let (s, b) = match content_type {
            Some("{}") => post(&app, &moved, json!({})).await,
            _ => send_raw(&app, &moved, content_type, "").await,
        };
        assert_eq!(s, StatusCode::OK, "{content_type:?}: {b}");
        assert_eq!(b["last_move"], at(guess));
    }
}

#[tokio::test]
async fn an_unhelped_win_sets_the_best_time_for_its_level_and_rule() {
    let app = app();
    // Play the winning moves of the autoplayer by hand (open only, never asking the solver).
    let config = Config::new(9, 9, 10, FirstClick::Zero);
    let seed = winning_seed(config);
    let mut mirror = Game::new(config, seed).unwrap();
    let mut moves = Vec::new();
    while let Some(m) = typesweeper::runtime::autoplay::next_move(&mirror) {
        mirror.open(m.row, m.col).unwrap();
        moves.push((m.row, m.col));
    }
    assert_eq!(mirror.status(), Status::Won);
    let state = new_game(&app, json!({"level": "beginner", "seed": seed})).await;
    let id = state["id"].as_str().unwrap().to_string();
    let mut state = state;
    for (row, col) in moves {
        state = post(
            &app,
            &format!("/api/games/{id}/open"),
            json!({"row": row, "col": col}),
        )
        .await
        .1;
    }
    assert_eq!(state["status"], "won");
    assert_eq!(state["helped"], false);
    assert_eq!(state["new_best"], true);
    assert_eq!(state["best_key"], "beginner zero");
    assert_eq!(state["best"]["seed"].as_u64(), Some(seed));
    // The file was offered the win off the thread that serves the requests (this test's own:
    // its runtime has one thread).
    let offered_on = app.best.offered_on.lock().unwrap().clone();
    assert_eq!(offered_on.len(), 1);
    assert_ne!(offered_on[0], std::thread::current().id());
    // Another game of the same settings sees it.
    let other = new_game(&app, json!({"level": "beginner", "seed": seed + 1})).await;
    assert_eq!(other["best"]["seed"].as_u64(), Some(seed));
    let expert = new_game(&app, json!({"level": "expert"})).await;
    assert_eq!(expert["best"], Value::Null);
}

#[tokio::test]
async fn hints_chances_and_explanations_agree() {
    let app = app();
    let state = new_game(&app, json!({"level": "beginner", "seed": 5})).await;
    let id = state["id"].as_str().unwrap();
    let (status, body) = post(&app, &format!("/api/games/{id}/hint"), json!({})).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "nothing to hint before the first click"
    );
    assert!(error(&body).contains("before the first click"));
    post(
        &app,
        &format!("/api/games/{id}/open"),
        json!({"row": 1, "col": 1}),
    )
    .await;
    let (_, hint) = post(&app, &format!("/api/games/{id}/hint"), json!({})).await;
    let (_, chances) = post(&app, &format!("/api/games/{id}/probabilities"), json!({})).await;
    assert_eq!(chances["exact"], true);
    let p = |at: &Value| {
        chances["chances"][at["row"].as_u64().unwrap() as usize]
            [at["col"].as_u64().unwrap() as usize]
            .as_f64()
            .unwrap()
    };
    for safe in hint["safe"].as_array().unwrap() {
        assert_eq!(p(safe), 0.0);
        let (_, why) = post(&app, &format!("/api/games/{id}/explain"), safe.clone()).await;
        assert_eq!(why["verdict"], "safe", "{why}");
        let lines = why["lines"].as_array().unwrap();
        assert!(lines
            .last()
            .unwrap()
            .as_str()
            .unwrap()
            .starts_with(&format!("{} is safe", why["cell"].as_str().unwrap())));
    }
    for mine in hint["mines"].as_array().unwrap() {
        assert_eq!(p(mine), 1.0);
        let (_, why) = post(&app, &format!("/api/games/{id}/explain"), mine.clone()).await;
        assert_eq!(why["verdict"], "mine");
    }
    assert!(!hint["safe"].as_array().unwrap().is_empty());
    // An open cell has no chance, and is explained as open.
    assert_eq!(chances["chances"][1][1], Value::Null);
    let (_, why) = post(
        &app,
        &format!("/api/games/{id}/explain"),
        json!({"row": 1, "col": 1}),
    )
    .await;
    assert_eq!(why["verdict"], "open");
    let total: f64 = chances["chances"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .filter_map(Value::as_f64)
        .sum();
    assert!(
        (total - 10.0).abs() < 1e-6,
        "the chances add up to the mines: {total}"
    );
}

#[tokio::test]
async fn bad_requests_get_clear_errors() {
    let app = app();
    let state = new_game(&app, json!({"level": "beginner", "seed": 1})).await;
    let id = state["id"].as_str().unwrap();
    let open = format!("/api/games/{id}/open");

    // Unknown games and paths.
    let (s, b) = send(&app, Method::GET, "/api/games/0123456789abcdef", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(error(&b).contains("no game"));
    let (s, _) = post(&app, "/api/games/nope/open", json!({"row": 0, "col": 0})).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, b) = send(&app, Method::GET, "/api/nothing", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(error(&b).contains("no such"));
    let (s, _) = send(&app, Method::GET, &open, None).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);

    // Cells off the board.
    let (s, b) = post(&app, &open, json!({"row": 9, "col": 0})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error(&b).contains("off the 9x9 board"), "{b}");
    let (s, _) = post(
        &app,
        &format!("/api/games/{id}/flag"),
        json!({"row": 0, "col": 99}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _) = post(
        &app,
        &format!("/api/games/{id}/explain"),
        json!({"row": 100, "col": 0}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);

    // Malformed bodies.
    let (s, b) = send(&app, Method::POST, &open, Some("{\"row\": 1")).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(error(&b).contains("JSON"));
    let (s, _) = post(&app, &open, json!({"row": -1, "col": 0})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, b) = post(&app, &open, json!({"row": 1, "col": 1, "extra": true})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error(&b).contains("extra"));
    let (s, _) = post(&app, &open, json!("R1C1")).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let request = Request::post(&open)
        .body(Body::from("{\"row\":1,\"col\":1}"))
        .unwrap();
    let response = router(Arc::clone(&app)).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let big = format!(
        "{{\"row\": 1, \"col\": 1, \"pad\": \"{}\"}}",
        "x".repeat(BODY_LIMIT)
    );
    let (s, b) = send(&app, Method::POST, &open, Some(&big)).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(error(&b).contains("limit"));

    // Bad settings for a new game.
    for (body, says) in [
        (json!({"level": "huge"}), "expected beginner"),
        (json!({"level": "200x10/5"}), "at most 100"),
        (json!({"level": "10x10/101"}), "mines"),
        (json!({"first_click": "corner"}), "safe"),
        (json!({"seed": "x"}), "seed"),
        (json!({"colour": "red"}), "colour"),
    ] {
        let (s, b) = post(&app, "/api/games", body.clone()).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {b}");
        assert!(error(&b).contains(says), "{body}: {b}");
    }

    // Deleting.
    let (s, _) = send(&app, Method::DELETE, &format!("/api/games/{id}"), None).await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    let (s, _) = send(&app, Method::DELETE, &format!("/api/games/{id}"), None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    // The page and its assets: every script module (SCRIPTS, the entry /app.js among them) as
    // JavaScript, each asked for again when used (no-cache: a new binary's page is seen at once).
    assert!(SCRIPTS.iter().any(|&(path, _)| path == "/app.js"));
    let scripts = SCRIPTS
        .iter()
        .map(|&(path, _)| (path, "text/javascript; charset=utf-8"));
    for (path, kind) in [
        ("/", "text/html; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
    ]
    .into_iter()
    .chain(scripts)
    {
        let response = router(Arc::clone(&app))
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["content-type"], kind, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
    }
}

/// The page's directory in the sources.
fn page_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web/page")
}

/// What a module imports: the specifier of each `import ... from "x"`, `export ... from "x"`,
/// `import "x"` and `import("x")`, outside comments.
fn imports(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in source.lines() {
        let code = line.trim_start();
        if code.starts_with("//") || code.starts_with('*') || code.starts_with("/*") {
            continue;
        }
        for opening in ["from ", "import ", "import("] {
            let mut rest = code;
            while let Some(at) = rest.find(opening) {
                rest = &rest[at + opening.len()..];
                let Some(quote) = rest.chars().next().filter(|&c| c == '"' || c == '\'') else {
                    continue;
                };
                if let Some(end) = rest[1..].find(quote) {
                    found.push(rest[1..1 + end].to_string());
                }
            }
        }
    }
    found
}

/// The path an import of `specifier` from the module served at `base` asks for, as the browser
/// resolves it. A bare specifier (no ./, ../ or /) fails: the page has no import map.
fn resolve(base: &str, specifier: &str) -> String {
    if specifier.starts_with('/') {
        return specifier.to_string();
    }
    assert!(
        specifier.starts_with("./") || specifier.starts_with("../"),
        "{base} imports {specifier:?}: a bare name, which a browser resolves only with an import map"
    );
    let mut parts: Vec<&str> = base.split('/').collect();
    parts.pop();
    for part in specifier.split('/') {
        match part {
            "." => {}
            ".." => {
                assert!(
                    parts.len() > 1,
                    "{base} imports {specifier:?}: above the root"
                );
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    parts.join("/")
}

#[test]
fn imports_are_found_and_resolved_as_a_browser_does() {
    let source = "// import { no } from \"./comment.js\";\n\
                  import { a, b } from \"./a.js\";\n\
                  import {\n  c,\n} from '../c.js';\n\
                  import \"/side.js\";\n\
                  export { d } from \"./d.js\";\n\
                  const e = await import(\"./e.js\");\n\
                  const text = \"a word from the page\";\n";
    assert_eq!(
        imports(source),
        ["./a.js", "../c.js", "/side.js", "./d.js", "./e.js"]
    );
    assert_eq!(resolve("/app.js", "./js/api.js"), "/js/api.js");
    assert_eq!(resolve("/js/draw.js", "./pure.js"), "/js/pure.js");
    assert_eq!(resolve("/js/draw.js", "../app.js"), "/app.js");
    assert_eq!(resolve("/js/draw.js", "/style.css"), "/style.css");
}

#[tokio::test]
async fn every_module_of_the_page_is_embedded_and_every_import_is_served() {
    // Every .js file of page/ and page/js/ is embedded, at the path of its place in page/.
    let mut files = BTreeMap::new();
    for (dir, prefix) in [(page_dir(), "/"), (page_dir().join("js"), "/js/")] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".js") {
                let source = std::fs::read_to_string(dir.join(&name)).unwrap();
                files.insert(format!("{prefix}{name}"), source);
            }
        }
    }
    let served: BTreeMap<String, String> = SCRIPTS
        .iter()
        .map(|&(path, source)| (path.to_string(), source.to_string()))
        .collect();
    assert_eq!(
        served.keys().collect::<Vec<_>>(),
        files.keys().collect::<Vec<_>>(),
        "api.rs's SCRIPTS and the .js files of page/"
    );
    for (path, source) in &files {
        assert!(served[path] == *source, "{path} serves another file");
    }

    // index.html loads the entry as a module, and each import names a path the router serves
    // as JavaScript; from the entry, the imports reach every module.
    let index = std::fs::read_to_string(page_dir().join("index.html")).unwrap();
    assert!(index.contains(r#"<script type="module" src="/app.js"></script>"#));
    let app = app();
    let mut reached = BTreeSet::from(["/app.js".to_string()]);
    let mut todo = vec!["/app.js".to_string()];
    while let Some(module) = todo.pop() {
        let source = served
            .get(&module)
            .unwrap_or_else(|| panic!("{module} is imported but not in SCRIPTS"));
        for specifier in imports(source) {
            let path = resolve(&module, &specifier);
            let response = router(Arc::clone(&app))
                .oneshot(Request::get(&path).body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(
                response.status(),
                StatusCode::OK,
                "{module} imports {specifier:?}: the router does not serve {path}"
            );
            assert_eq!(
                response.headers()["content-type"],
                "text/javascript; charset=utf-8",
                "{path}"
            );
            if reached.insert(path.clone()) {
                todo.push(path);
            }
        }
    }
    assert_eq!(
        reached.iter().collect::<Vec<_>>(),
        served.keys().collect::<Vec<_>>(),
        "the modules the entry reaches, and the modules served"
    );
}

/// The page's pure helpers (page/js/pure.js) under `node --test`, with node's own test runner
/// and assertions only: typesweeper-cli/tests/page/*.test.mjs.
#[test]
#[ignore = "needs node"]
fn page_helpers_pass_node_test() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/page");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(".test.mjs"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.test.mjs in {}", dir.display());
    // The files by name (a directory argument means different things to different versions).
    let output = std::process::Command::new("node")
        .arg("--test")
        .args(&files)
        .current_dir(&dir)
        .output()
        .expect("node runs (install Node.js)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains("# fail 0"),
        "node --test failed ({}):\n{stdout}\n{stderr}",
        output.status
    );
}

#[tokio::test]
async fn no_guess_boards_open_their_first_click_and_replay_by_seed() {
    let app = app();
    let state = new_game(
        &app,
        json!({"level": "beginner", "no_guess": true, "seed": 3}),
    )
    .await;
    assert_eq!(state["opened_for_you"], json!({"row": 1, "col": 1}));
    assert_eq!(cell(&state, 1, 1), '0');
    let seed = state["seed"].as_u64().unwrap();
    let again = new_game(
        &app,
        json!({"level": "beginner", "no_guess": true, "seed": seed}),
    )
    .await;
    assert_eq!(
        board(&again),
        board(&state),
        "the shown seed replays the board"
    );
    assert_eq!(
        again["message"],
        Value::Null,
        "the shown seed needs no search"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_game_holds_up_only_itself() {
    let app = app();
    let a = new_game(&app, json!({"level": "expert", "seed": 1})).await;
    let b = new_game(&app, json!({"level": "expert", "seed": 2})).await;
    let (a, b) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());
    // Game A is busy (as during a long solver request): its lock is held.
    let busy = app
        .games
        .get(a, std::time::Instant::now())
        .unwrap()
        .lock_owned()
        .await;
    let quick = std::time::Duration::from_secs(5);
    let open = |id: &str| format!("/api/games/{id}/open");
    let (status, _) =
        tokio::time::timeout(quick, post(&app, &open(b), json!({"row": 0, "col": 0})))
            .await
            .expect("game B answers while game A is busy");
    assert_eq!(status, StatusCode::OK);
    let (status, _) = tokio::time::timeout(quick, post(&app, "/api/games", json!({})))
        .await
        .expect("new games are dealt while game A is busy");
    assert_eq!(status, StatusCode::CREATED);
    let waiting = tokio::time::timeout(
        std::time::Duration::from_millis(200),
        post(&app, &open(a), json!({"row": 0, "col": 0})),
    )
    .await;
    assert!(waiting.is_err(), "a request on game A waits for it");
    drop(busy);
    let (status, _) = post(&app, &open(a), json!({"row": 0, "col": 0})).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn the_compile_time_view_and_the_export_match_the_library() {
    use typesweeper::codegen::{export_for, Edition};
    use typesweeper::runtime::compile_view::compile_view;
    use typesweeper::runtime::generator::Level;

    let app = app();
    let state = new_game(&app, json!({"level": "intermediate", "seed": 11})).await;
    let id = state["id"].as_str().unwrap().to_string();
    let (s, b) = post(&app, &format!("/api/games/{id}/compile-view"), json!({})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{b}");
    let (s, _) = post(&app, &format!("/api/games/{id}/export"), json!({})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    post(
        &app,
        &format!("/api/games/{id}/open"),
        json!({"row": 1, "col": 1}),
    )
    .await;
    let mut mirror = Game::new(Config::new(16, 16, 40, FirstClick::Zero), 11).unwrap();
    mirror.open(1, 1).unwrap();
    let (puzzle, answer) = (mirror.visible(), mirror.answer().unwrap());

    let (s, view) = post(&app, &format!("/api/games/{id}/compile-view"), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{view}");
    let want = compile_view(&puzzle, &answer).unwrap();
    let levels = view["levels"].as_array().unwrap();
    for (json, level) in levels
        .iter()
        .zip([&want.fragment, &want.pairs, &want.complete])
    {
        assert_eq!(json["decided"].as_u64(), Some(level.decided as u64));
        assert_eq!(json["finishes"].as_bool(), Some(level.finishes));
        assert_eq!(json["hidden"].as_u64(), Some(want.hidden_count as u64));
        let marked = json["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect::<String>();
        assert_eq!(marked.matches(['m', 's']).count(), level.decided);
        assert_eq!(marked.matches(['m', 's', '?']).count(), want.hidden_count);
        match level.first_undecided {
            Some(c) => assert_eq!(json["first_undecided"], json!({"row": c.row, "col": c.col})),
            None => assert_eq!(json["first_undecided"], Value::Null),
        }
    }
    assert_eq!(
        levels
            .iter()
            .map(|l| l["level"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["fragment", "pairs", "complete"]
    );
    assert!(levels.iter().all(|l| l.get("refused").is_none()), "{view}");

    for (level, word) in [
        (Level::Fragment, "fragment"),
        (Level::Pairs, "pairs"),
        (Level::Complete, "complete"),
    ] {
        let (s, got) = post(
            &app,
            &format!("/api/games/{id}/export"),
            json!({"level": word, "name": "my_board", "edition": "2021"}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{got}");
        let want = export_for(&puzzle, &answer, level, "my_board", Edition::E2021).unwrap();
        assert_eq!(got["summary"].as_str(), Some(want.summary.as_str()));
        let files: Vec<(String, String)> = want
            .files
            .iter()
            .map(|f| (f.path.clone(), f.contents.clone()))
            .collect();
        let got_files: Vec<(String, String)> = got["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["path"].as_str().unwrap().to_string(),
                    f["contents"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(got_files, files);
        let finishes = levels[if word == "pairs" { 1 } else { 0 }]["finishes"]
            .as_bool()
            .unwrap();
        assert_eq!(got["kind"], if finishes { "test" } else { "compile-fail" });
    }
    // The default name comes from the seed and the cells opened.
    let (_, got) = post(&app, &format!("/api/games/{id}/export"), json!({})).await;
    assert!(
        got["files"][0]["path"]
            .as_str()
            .unwrap()
            .contains("game_11_"),
        "{got}"
    );
    for (body, says) in [
        (json!({"name": "Bad Name"}), "name"),
        (json!({"level": "triples"}), "complete"),
        (json!({"edition": "2027"}), "edition"),
    ] {
        let (s, b) = post(&app, &format!("/api/games/{id}/export"), body.clone()).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {b}");
        assert!(error(&b).contains(says), "{body}: {b}");
    }
    let (_, state) = send(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(
        state["helped"], true,
        "the compile-time view and the export are help"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_panics_leaves_its_game_as_it_was() {
    use super::api::{with_session, Work};
    use axum::response::IntoResponse;

    let app = app();
    let state = new_game(&app, json!({"level": "beginner", "seed": 5})).await;
    let id = state["id"].as_str().unwrap().to_string();
    let (_, before) = post(
        &app,
        &format!("/api/games/{id}/open"),
        json!({"row": 1, "col": 1}),
    )
    .await;
    for kind in [Work::Quick, Work::Slow] {
        // Half-way through a change, the request panics: opened a cell, flagged another.
        let failed = with_session(
            Arc::clone(&app),
            id.clone(),
            kind,
            |_, s, now| -> Result<(), super::api::ApiError> {
                s.mark(8, 8, now).unwrap();
                s.solver_move(now).unwrap();
                panic!("a bug half-way through a request");
            },
        )
        .await
        .unwrap_err()
        .into_response();
        assert_eq!(
            failed.status(),
            StatusCode::INTERNAL_SERVER_ERROR,
            "{kind:?}"
        );
        let bytes = failed.into_body().collect().await.unwrap().to_bytes();
        let body: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(error(&body).contains("left as it was"), "{body}");
        let (status, after) = send(&app, Method::GET, &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK);
        for field in ["board", "helped", "mines_left", "last_move", "status"] {
            assert_eq!(after[field], before[field], "{kind:?}: {field}");
        }
        // And the game plays on.
        let (status, _) = post(
            &app,
            &format!("/api/games/{id}/flag"),
            json!({"row": 8, "col": 8}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        post(
            &app,
            &format!("/api/games/{id}/flag"),
            json!({"row": 8, "col": 8}),
        )
        .await;
        post(
            &app,
            &format!("/api/games/{id}/flag"),
            json!({"row": 8, "col": 8}),
        )
        .await;
    }
}

#[tokio::test]
async fn a_server_full_of_games_played_lately_refuses_new_ones_with_503() {
    use super::games::Games;
    use super::solving::Solving;
    use std::time::Duration;

    let minutes = |m: u64| Duration::from_secs(60 * m);
    let app = app_with(
        Games::with_limits(2, minutes(30), minutes(5)),
        Solving::default(),
    );
    let a = new_game(&app, json!({"seed": 1})).await;
    let b = new_game(&app, json!({"seed": 2})).await;
    let (status, body) = post(&app, "/api/games", json!({"seed": 3})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(error(&body).contains("the server is full"), "{body}");
    for game in [a, b] {
        let id = game["id"].as_str().unwrap();
        let (status, _) = send(&app, Method::GET, &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "a game played lately is kept");
    }
    // Ids are 32 hex digits (128 random bits).
    let (_, limits) = send(&app, Method::GET, "/api/limits", None).await;
    assert_eq!(limits["protected_minutes"], 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solver_requests_beyond_the_gate_are_refused_with_429_or_503() {
    use super::games::Games;
    use super::solving::Solving;
    use std::time::Duration;

    // One solver request at a time, one more may wait 300 ms.
    let app = app_with(
        Games::default(),
        Solving::new(1, 1, Duration::from_millis(300), Duration::from_secs(30)),
    );
    let mut ids = Vec::new();
    for seed in 0..3 {
        let s = new_game(&app, json!({"level": "intermediate", "seed": seed})).await;
        let id = s["id"].as_str().unwrap().to_string();
        post(
            &app,
            &format!("/api/games/{id}/open"),
            json!({"row": 1, "col": 1}),
        )
        .await;
        ids.push(id);
    }
    // Game 0 is busy: a compile-time view on it takes the solver's only turn and waits there.
    let busy = app
        .games
        .get(&ids[0], std::time::Instant::now())
        .unwrap()
        .lock_owned()
        .await;
    let first = {
        let (app, id) = (Arc::clone(&app), ids[0].clone());
        tokio::spawn(async move {
            post(&app, &format!("/api/games/{id}/compile-view"), json!({})).await
        })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let second = {
        let (app, id) = (Arc::clone(&app), ids[1].clone());
        tokio::spawn(async move { post(&app, &format!("/api/games/{id}/export"), json!({})).await })
    };
    tokio::time::sleep(Duration::from_millis(50)).await;
    // The queue is full: refused at once.
    let (status, body) = post(&app, &format!("/api/games/{}/hint", ids[2]), json!({})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(error(&body).contains("busy"), "{body}");
    // The waiting one gets no turn within 300 ms.
    let (status, body) = second.await.unwrap();
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(error(&body).contains("no turn"), "{body}");
    // Quick moves on other games are not held up meanwhile.
    let (status, _) = post(
        &app,
        &format!("/api/games/{}/flag", ids[2]),
        json!({"row": 0, "col": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    drop(busy);
    let (status, view) = first.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{view}");
    let (status, _) = post(&app, &format!("/api/games/{}/hint", ids[2]), json!({})).await;
    assert_eq!(status, StatusCode::OK, "the gate is free again");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solver_request_past_its_timeout_gets_503_and_leaves_its_game_as_it_was() {
    use super::api::{with_session, Work};
    use super::games::Games;
    use super::solving::Solving;
    use axum::response::IntoResponse;
    use std::time::Duration;

    let app = app_with(
        Games::default(),
        Solving::new(1, 1, Duration::from_secs(5), Duration::from_millis(200)),
    );
    let state = new_game(&app, json!({"level": "beginner", "seed": 5})).await;
    let id = state["id"].as_str().unwrap().to_string();
    let (_, before) = post(
        &app,
        &format!("/api/games/{id}/open"),
        json!({"row": 1, "col": 1}),
    )
    .await;
    // A request that changes the game, then takes longer than its timeout.
    let late = with_session(Arc::clone(&app), id.clone(), Work::Slow, |_, s, now| {
        s.solver_move(now)?;
        std::thread::sleep(Duration::from_millis(600));
        Ok(())
    })
    .await
    .unwrap_err()
    .into_response();
    assert_eq!(late.status(), StatusCode::SERVICE_UNAVAILABLE);
    let bytes = late.into_body().collect().await.unwrap().to_bytes();
    let body: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(error(&body).contains("did not answer within"), "{body}");
    // The game's lock is held until the work ends; then the game is as it was.
    let (status, after) = send(&app, Method::GET, &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    for field in ["board", "helped", "last_move"] {
        assert_eq!(after[field], before[field], "{field}");
    }
}

/// `level: complete` refuses no position: on an intermediate opening that needs a guess with
/// over 40 cells undecided by `pairs` (where the level's former search refused), the export at
/// `complete` is a compile-fail case at the view's first undecided cell.
#[tokio::test]
async fn a_position_that_needs_a_guess_exports_at_complete() {
    use typesweeper::runtime::pairs;
    let seed = (0..200)
        .find(|&seed| {
            let mut game = Game::new(Config::new(16, 16, 40, FirstClick::Zero), seed).unwrap();
            game.open(1, 1).unwrap();
            let (puzzle, answer) = (game.visible(), game.answer().unwrap());
            pairs::undecided_cells(&puzzle, &answer).unwrap().len() > 40
                && !Level::Complete.solves(&puzzle, &answer)
        })
        .expect("such a deal");
    let app = app();
    let state = new_game(&app, json!({"level": "intermediate", "seed": seed})).await;
    let id = state["id"].as_str().unwrap().to_string();
    post(
        &app,
        &format!("/api/games/{id}/open"),
        json!({"row": 1, "col": 1}),
    )
    .await;
    let (s, view) = post(&app, &format!("/api/games/{id}/compile-view"), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{view}");
    let complete = &view["levels"][2];
    assert_eq!(complete["finishes"], json!(false), "{view}");
    let at = &complete["first_undecided"];
    let cell = format!(
        "R{}C{}",
        at["row"].as_u64().unwrap() + 1,
        at["col"].as_u64().unwrap() + 1
    );
    let (s, e) = post(
        &app,
        &format!("/api/games/{id}/export"),
        json!({"level": "complete"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{e}");
    assert_eq!(e["kind"], json!("compile-fail"), "{e}");
    assert!(
        e.to_string()
            .contains(&format!("cannot decide cell {cell}")),
        "{e}"
    );
}
