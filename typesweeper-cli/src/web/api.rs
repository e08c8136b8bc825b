//! The HTTP side: the page and its assets, and the JSON API the page uses (documented in the
//! README). Every request on a game locks that game only, and runs its work on tokio's
//! blocking pool, so a slow solver request never holds up another game or the server.
//!
//! Errors are JSON, `{"error": "..."}`: 400 for a malformed body or a cell off the board, 404
//! for an unknown game or path, 409 for an action that does not apply now (the game is over,
//! nothing to explain before the first click), 413 for a body over [`BODY_LIMIT`], 415 for a
//! body that is not `application/json`, 422 for well-formed JSON with wrong fields or values.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, Request, State as Shared};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use typesweeper::codegen::Edition;
use typesweeper::runtime::complete::Budget;
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::layout::FirstClick;

use super::games::{Games, IDLE_LIMIT, MAX_GAMES};
use super::table::{At, State, Table, TableError};
use crate::frontend::best::BestTimes;
use crate::frontend::deal::{clock_seed, BoardLevel, Settings};

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 16 * 1024;
/// Custom boards have at most this many rows, and this many columns.
pub const MAX_SIDE: usize = 100;
/// The solver's work budget per request (steps of `complete`, see
/// [`Budget`]): well under a second on any board the server deals.
pub const REQUEST_STEPS: u64 = 10_000_000;

/// What every handler shares.
pub struct App {
    /// The games.
    pub games: Games,
    /// The best times, the same file `play` uses.
    pub best: Mutex<BestTimes>,
}

impl App {
    /// A server state with no games.
    pub fn new(best: BestTimes) -> App {
        App {
            games: Games::new(clock_seed() ^ 0x7970_6573_7765_6570),
            best: Mutex::new(best),
        }
    }
}

/// The router: the page, its assets and the API.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/api/limits", get(limits))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(show).delete(drop_game))
        .route("/api/games/{id}/open", post(open))
        .route("/api/games/{id}/flag", post(flag))
        .route("/api/games/{id}/chord", post(chord))
        .route("/api/games/{id}/restart", post(restart))
        .route("/api/games/{id}/marks", post(marks))
        .route("/api/games/{id}/solver-move", post(solver_move))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/probabilities", post(probabilities))
        .route("/api/games/{id}/explain", post(explain))
        .route("/api/games/{id}/compile-view", post(compile_view))
        .route("/api/games/{id}/export", post(export))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(app)
}

// --------------------------------------------------------------------------------------------
// Errors
// --------------------------------------------------------------------------------------------

/// An error answer: a status and a sentence, sent as `{"error": "..."}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body {
            error: String,
        }
        (
            self.status,
            Json(Body {
                error: self.message,
            }),
        )
            .into_response()
    }
}

impl From<TableError> for ApiError {
    fn from(e: TableError) -> ApiError {
        match e {
            TableError::OffBoard(m) => ApiError::new(StatusCode::BAD_REQUEST, m),
            TableError::Conflict(m) => ApiError::new(StatusCode::CONFLICT, m),
            TableError::Invalid(m) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m),
        }
    }
}

/// A JSON body whose rejections are JSON errors too.
pub struct Body<T>(pub T);

impl<T, S> FromRequest<S> for Body<T>
where
    Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(ApiError::new(rejection.status(), rejection.body_text())),
        }
    }
}

/// A JSON body that may be left out: an empty body (whatever its `Content-Type`) is
/// `T::default()`; any other is read as [`Body`] reads it.
pub struct OptionalBody<T>(pub T);

impl<T, S> FromRequest<S> for OptionalBody<T>
where
    T: Default,
    Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let (parts, body) = req.into_parts();
        let headers = parts.headers.clone();
        let bytes = Bytes::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(|rejection| ApiError::new(rejection.status(), rejection.body_text()))?;
        if bytes.is_empty() {
            return Ok(OptionalBody(T::default()));
        }
        let mut again = Request::new(axum::body::Body::from(bytes));
        *again.headers_mut() = headers;
        let Body(value) = Body::<T>::from_request(again, state).await?;
        Ok(OptionalBody(value))
    }
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or API call")
}

// --------------------------------------------------------------------------------------------
// Games
// --------------------------------------------------------------------------------------------

/// `POST /api/games`: a new game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    /// `beginner`, `intermediate`, `expert` or `RxC/M` (default beginner).
    level: Option<String>,
    /// `safe` or `zero` (default zero, as in `play`).
    first_click: Option<String>,
    /// Deal a board that needs no guess (default false).
    no_guess: Option<bool>,
    /// The seed (default from the clock).
    seed: Option<u64>,
    /// Question marks in the mark cycle (default true).
    question_marks: Option<bool>,
}

/// `{"row": R, "col": C}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CellBody {
    row: usize,
    col: usize,
}

/// `{"on": true}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Switch {
    on: bool,
}

fn settings_of(request: &NewGame) -> Result<Settings, ApiError> {
    let bad = |m: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m);
    let level: BoardLevel = request
        .level
        .as_deref()
        .unwrap_or("beginner")
        .parse()
        .map_err(bad)?;
    let (rows, cols, _) = level.size();
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(bad(format!(
            "a custom board has at most {MAX_SIDE} rows and {MAX_SIDE} columns, not {rows}x{cols}"
        )));
    }
    let first_click = match request.first_click.as_deref().unwrap_or("zero") {
        "safe" => FirstClick::Safe,
        "zero" => FirstClick::Zero,
        other => {
            return Err(bad(format!(
                "first_click is `safe` or `zero`, not `{other}`"
            )))
        }
    };
    let settings = Settings {
        level,
        first_click,
        no_guess: request.no_guess.unwrap_or(false),
        seed: request.seed,
    };
    settings.check().map_err(bad)?;
    Ok(settings)
}

async fn new_game(
    Shared(app): Shared<Arc<App>>,
    Body(request): Body<NewGame>,
) -> Result<(StatusCode, Json<State>), ApiError> {
    let settings = settings_of(&request)?;
    let seed = settings.seed.unwrap_or_else(clock_seed);
    let marks = request.question_marks.unwrap_or(true);
    // Dealing a no-guess board can take seconds: not on the async workers.
    let table = blocking(move || {
        Table::deal(settings, seed, marks)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e))
    })
    .await?;
    let now = Instant::now();
    let state = {
        let best = app.best.lock().unwrap_or_else(PoisonError::into_inner);
        // The id is not known before the game is stored; the state is written after.
        table.state("", now, &best)
    };
    let id = app.games.insert(table, now);
    Ok((StatusCode::CREATED, Json(State { id, ..state })))
}

/// Runs `work` on the blocking pool.
async fn blocking<R: Send + 'static>(
    work: impl FnOnce() -> Result<R, ApiError> + Send + 'static,
) -> Result<R, ApiError> {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| {
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the request failed: {e}"),
        ))
    })
}

/// How long a request's work may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Work {
    /// Microseconds (open, flag, chord, show): done on the async worker.
    Quick,
    /// Solver work or dealing (up to the budget, or seconds for a no-guess deal): on the
    /// blocking pool, so the async workers keep serving other requests.
    Slow,
}

/// Runs `work` on game `id`, locked (other games are not held up; another request on the same
/// game waits its turn without holding a worker).
async fn with_table<R: Send + 'static>(
    app: Arc<App>,
    id: String,
    kind: Work,
    work: impl FnOnce(&mut Table, Instant) -> Result<R, ApiError> + Send + 'static,
) -> Result<R, ApiError> {
    let Some(table) = app.games.get(&id, Instant::now()) else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no game {id}: it was never made, or was dropped after {} minutes idle or when the server held {MAX_GAMES} games", IDLE_LIMIT.as_secs() / 60),
        ));
    };
    let mut table = table.lock_owned().await;
    match kind {
        Work::Quick => work(&mut table, Instant::now()),
        Work::Slow => blocking(move || work(&mut table, Instant::now())).await,
    }
}

/// Runs `work` on game `id`, offers a win it ended with to the best times (the one moment
/// their lock is held, apart from reading them), and answers with the game's state.
async fn act(
    app: Arc<App>,
    id: String,
    kind: Work,
    work: impl FnOnce(&mut Table, Instant) -> Result<(), ApiError> + Send + 'static,
) -> Result<Json<State>, ApiError> {
    let shared = Arc::clone(&app);
    let key = id.clone();
    with_table(app, id, kind, move |table, now| {
        work(table, now)?;
        let mut best = shared.best.lock().unwrap_or_else(PoisonError::into_inner);
        if table.has_unoffered_win() {
            table.offer_best(&mut best);
        }
        Ok(table.state(&key, Instant::now(), &best))
    })
    .await
    .map(Json)
}

async fn show(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Quick, |_, _| Ok(())).await
}

async fn drop_game(Shared(app): Shared<Arc<App>>, Path(id): Path<String>) -> Response {
    if app.games.remove(&id) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        ApiError::new(StatusCode::NOT_FOUND, format!("no game {id}")).into_response()
    }
}

fn at(cell: &CellBody) -> At {
    At {
        row: cell.row,
        col: cell.col,
    }
}

async fn open(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(cell): Body<CellBody>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Quick, move |t, now| {
        Ok(t.open(at(&cell), now)?)
    })
    .await
}

async fn flag(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(cell): Body<CellBody>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Quick, move |t, now| {
        Ok(t.mark(at(&cell), now)?)
    })
    .await
}

async fn chord(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(cell): Body<CellBody>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Quick, move |t, now| {
        Ok(t.chord(at(&cell), now)?)
    })
    .await
}

async fn restart(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Slow, |t, _| {
        t.restart()
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e))
    })
    .await
}

async fn marks(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(switch): Body<Switch>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Quick, move |t, _| {
        t.set_question_marks(switch.on);
        Ok(())
    })
    .await
}

/// `POST /api/games/{id}/solver-move`: no body, or an empty one, or `{}`. A field is an error
/// (`strength` was one: the solver has one strength).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SolverMoveBody {}

async fn solver_move(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    OptionalBody(SolverMoveBody {}): OptionalBody<SolverMoveBody>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Slow, move |t, now| {
        t.solver_move(now, &Budget::new(REQUEST_STEPS))?;
        Ok(())
    })
    .await
}

async fn hint(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<super::table::Hint>, ApiError> {
    with_table(app, id, Work::Slow, |t, _| {
        Ok(t.hint(&Budget::new(REQUEST_STEPS))?)
    })
    .await
    .map(Json)
}

async fn probabilities(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<super::table::Chances>, ApiError> {
    with_table(app, id, Work::Slow, |t, _| {
        Ok(t.chances(&Budget::new(REQUEST_STEPS))?)
    })
    .await
    .map(Json)
}

async fn explain(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(cell): Body<CellBody>,
) -> Result<Json<super::table::Explanation>, ApiError> {
    with_table(app, id, Work::Slow, move |t, _| {
        Ok(t.explain(at(&cell), &Budget::new(REQUEST_STEPS))?)
    })
    .await
    .map(Json)
}

async fn compile_view(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<super::table::CompileViewJson>, ApiError> {
    with_table(app, id, Work::Slow, |t, _| Ok(t.compile_view()?))
        .await
        .map(Json)
}

/// `POST /api/games/{id}/export`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportBody {
    /// `fragment` (default) or `pairs`.
    level: Option<String>,
    /// The test's name, `[a-z][a-z0-9_]*` (default `game_SEED_OPENED`).
    name: Option<String>,
    /// The user's crate's edition, `2021` or `2024` (default; it shows in a compile-fail
    /// case's error).
    edition: Option<String>,
}

async fn export(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(body): Body<ExportBody>,
) -> Result<Json<super::table::ExportJson>, ApiError> {
    let bad = |m: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m);
    let level = match body.level.as_deref().unwrap_or("fragment") {
        "fragment" => Level::Fragment,
        "pairs" => Level::Pairs,
        "complete" => Level::Complete,
        other => {
            return Err(bad(format!(
                "level is `fragment`, `pairs` or `complete`, not `{other}`"
            )))
        }
    };
    let edition = match body.edition.as_deref().unwrap_or("2024") {
        "2015" | "2018" | "2021" => Edition::E2021,
        "2024" => Edition::E2024,
        other => {
            return Err(bad(format!(
                "edition is 2015, 2018, 2021 or 2024, not `{other}`"
            )))
        }
    };
    with_table(app, id, Work::Slow, move |t, _| {
        Ok(t.export(level, body.name.as_deref(), edition)?)
    })
    .await
    .map(Json)
}

/// `GET /api/limits`: what the server accepts.
#[derive(Debug, Serialize)]
struct Limits {
    max_rows: usize,
    max_cols: usize,
    max_games: usize,
    idle_minutes: u64,
    body_bytes: usize,
    solver_steps: u64,
}

async fn limits() -> Json<Limits> {
    Json(Limits {
        max_rows: MAX_SIDE,
        max_cols: MAX_SIDE,
        max_games: MAX_GAMES,
        idle_minutes: IDLE_LIMIT.as_secs() / 60,
        body_bytes: BODY_LIMIT,
        solver_steps: REQUEST_STEPS,
    })
}

// --------------------------------------------------------------------------------------------
// The page
// --------------------------------------------------------------------------------------------

/// The page and its assets, embedded in the binary.
mod page {
    use super::*;

    fn asset(content_type: &'static str, body: &'static str) -> Response {
        (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response()
    }

    pub async fn index() -> Response {
        asset("text/html; charset=utf-8", include_str!("page/index.html"))
    }

    pub async fn script() -> Response {
        asset(
            "text/javascript; charset=utf-8",
            include_str!("page/app.js"),
        )
    }

    pub async fn style() -> Response {
        asset("text/css; charset=utf-8", include_str!("page/style.css"))
    }
}
