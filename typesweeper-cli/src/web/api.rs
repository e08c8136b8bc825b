//! The HTTP side: the page and its assets, and the JSON API the page uses (documented in
//! docs/web.md). Each game is a [`Session`]; every request on a game locks that game only.
//! Quick actions (open, flag, chord, show) run on the async workers; slow ones (the solver's
//! requests, no-guess deals) go through [`Solving`]: a fixed number at once, a bounded queue, a
//! timeout. Writing the best-times file after a win runs on the blocking pool.
//!
//! A request that panics, or whose answer nobody waits for any more (its timeout passed, or the
//! client went away), leaves its game as it was before it: the work is done on the game, and
//! undone from a copy taken before.
//!
//! Errors are JSON, `{"error": "..."}`: 400 for a malformed body or a cell off the board, 404
//! for an unknown game or path, 409 for an action that does not apply now (the game is over,
//! nothing to explain before the first click), 413 for a body over [`BODY_LIMIT`], 415 for a
//! body that is not `application/json`, 422 for well-formed JSON with wrong fields or values,
//! 429 when the solver's queue is full, 500 for a request that failed inside the server, 503
//! when the server is full of recently played games or the solver's turn or answer did not
//! come in time.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, PoisonError, RwLock, RwLockReadGuard};
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, Request, State as Shared};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tokio::sync::OwnedMutexGuard;
use typesweeper::codegen::Edition;
use typesweeper::runtime::generator::Level;
use typesweeper::runtime::layout::FirstClick;

use super::games::{Full, Games, IDLE_LIMIT, MAX_GAMES, PROTECTED};
use super::json::{self, State};
use super::solving::{Refused, Solving, QUEUE_WAIT, TIMEOUT};
use crate::session::best::BestTimes;
use crate::session::deal::{clock_seed, BoardLevel, Settings};
use crate::session::{Session, SessionError, Words};

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 16 * 1024;
/// Custom boards have at most this many rows, and this many columns.
pub const MAX_SIDE: usize = 100;
/// The solver's work budget per request (steps of `complete`, see
/// [`Budget`](typesweeper::runtime::complete::Budget)): well under a second on any board the
/// server deals. Every solver request of a game (moves, hints, chances, explanations, the
/// compile-time view, exports) stays within it.
pub const REQUEST_STEPS: u64 = 10_000_000;

/// The best times: the file (read and written only off the async workers) and a copy of its
/// records for the answers.
pub struct Best {
    file: Mutex<BestTimes>,
    shown: RwLock<BestTimes>,
    /// The threads the file was offered wins on (tests: never the request's).
    #[cfg(test)]
    pub(crate) offered_on: Mutex<Vec<std::thread::ThreadId>>,
}

impl Best {
    /// Best times kept in `best`.
    pub fn new(best: BestTimes) -> Best {
        Best {
            shown: RwLock::new(best.clone()),
            file: Mutex::new(best),
            #[cfg(test)]
            offered_on: Mutex::default(),
        }
    }

    /// Offers a win `session` waits to offer, and keeps the copy in step. It reads and writes
    /// the file: call it on the blocking pool.
    fn offer(&self, session: &mut Session) {
        if !session.has_unoffered_win() {
            return;
        }
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        #[cfg(test)]
        self.offered_on
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(std::thread::current().id());
        session.offer_best(&mut file);
        *self.shown.write().unwrap_or_else(PoisonError::into_inner) = file.clone();
    }

    /// The records, for an answer (held only while it is written).
    fn shown(&self) -> RwLockReadGuard<'_, BestTimes> {
        self.shown.read().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What every handler shares.
pub struct App {
    /// The games.
    pub games: Games,
    /// The best times, the same file `play` uses.
    pub best: Best,
    /// The gate of slow work.
    pub solving: Solving,
}

impl App {
    /// A server state with no games and the default limits.
    pub fn new(best: BestTimes) -> App {
        App::with_limits(best, Games::default(), Solving::default())
    }

    /// A server state with other limits (tests).
    pub fn with_limits(best: BestTimes, games: Games, solving: Solving) -> App {
        App {
            games,
            best: Best::new(best),
            solving,
        }
    }
}

/// The router: the page, its assets and the API.
pub fn router(app: Arc<App>) -> Router {
    let mut routes = Router::new()
        .route("/", get(page::index))
        .route("/style.css", get(page::style));
    for &(path, source) in page::SCRIPTS {
        routes = routes.route(path, get(move || async move { page::script(source) }));
    }
    routes
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
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
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

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> ApiError {
        match e {
            SessionError::OffBoard(m) => ApiError::new(StatusCode::BAD_REQUEST, m),
            SessionError::Conflict(m) => ApiError::new(StatusCode::CONFLICT, m),
            SessionError::Invalid(m) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m),
        }
    }
}

impl From<Full> for ApiError {
    fn from(full: Full) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, full.to_string())
    }
}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> ApiError {
        let (status, message) = match refused {
            Refused::QueueFull => (
                StatusCode::TOO_MANY_REQUESTS,
                "the server is busy: too many solver requests are running or waiting; try again \
                 in a moment"
                    .to_string(),
            ),
            Refused::Waited => (
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy: no turn for the solver within {} s; try again in a \
                     moment",
                    QUEUE_WAIT.as_secs()
                ),
            ),
            Refused::TimedOut => (
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the solver did not answer within {} s; the game is left as it was",
                    TIMEOUT.as_secs()
                ),
            ),
            Refused::Panicked => (StatusCode::INTERNAL_SERVER_ERROR, PANICKED.to_string()),
        };
        ApiError::new(status, message)
    }
}

/// What a request that failed inside the server answers.
const PANICKED: &str =
    "the request failed inside the server (a bug); the game is left as it was before it";

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
#[derive(Clone, Copy, Debug, Deserialize)]
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

/// A browser game's session.
fn session(settings: Settings, seed: u64, marks: bool) -> Result<Session, ApiError> {
    Session::new(settings, seed, marks, Words::BROWSER, REQUEST_STEPS)
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e))
}

async fn new_game(
    Shared(app): Shared<Arc<App>>,
    Body(request): Body<NewGame>,
) -> Result<(StatusCode, Json<State>), ApiError> {
    let settings = settings_of(&request)?;
    // A full server refuses before it deals.
    app.games.room(Instant::now())?;
    let seed = settings.seed.unwrap_or_else(clock_seed);
    let marks = request.question_marks.unwrap_or(true);
    let session = if settings.no_guess {
        // A no-guess deal runs the solver on many boards: slow work.
        app.solving
            .run(move |_| session(settings, seed, marks))
            .await??
    } else {
        session(settings, seed, marks)?
    };
    let now = Instant::now();
    // The id is not known before the game is stored; the state is written before (the game
    // may be in play as soon as it is stored).
    let state = json::state(&session, "", now, &app.best.shown());
    let id = app.games.insert(session, now)?;
    Ok((StatusCode::CREATED, Json(State { id, ..state })))
}

/// How long a request's work may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Work {
    /// Microseconds (open, flag, chord, show): done on the async worker.
    Quick,
    /// Solver work or a no-guess deal (up to the request budget): through [`Solving`].
    Slow,
}

/// The game `id`, locked (another request on the same game waits its turn without holding a
/// worker; other games are not held up).
async fn locked(app: &App, id: &str) -> Result<OwnedMutexGuard<Session>, ApiError> {
    let shared = game(app, id)?;
    Ok(shared.lock_owned().await)
}

/// The game `id`, or the 404 that says why there is none.
fn game(app: &App, id: &str) -> Result<super::games::Shared, ApiError> {
    app.games.get(id, Instant::now()).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no game {id}: it was never made, or was dropped after {} minutes idle (or \
                 after {} minutes idle to make room when the server held {MAX_GAMES} games)",
                IDLE_LIMIT.as_secs() / 60,
                PROTECTED.as_secs() / 60
            ),
        )
    })
}

/// Runs `work` on `session`; when it panics, or when `wanted` says nobody waits for its answer
/// any more, puts the session back as it was before.
fn guarded<R>(
    session: &mut Session,
    wanted: &dyn Fn() -> bool,
    work: impl FnOnce(&mut Session) -> Result<R, ApiError>,
) -> Result<R, ApiError> {
    let before = session.clone();
    match catch_unwind(AssertUnwindSafe(|| work(session))) {
        Ok(result) if wanted() => result,
        Ok(_) => {
            *session = before;
            Err(Refused::TimedOut.into())
        }
        Err(_) => {
            *session = before;
            Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, PANICKED))
        }
    }
}

/// Runs `work` on game `id` as `kind` of work, guarded ([`guarded`]): quick work on the async
/// worker, slow work through [`Solving`] (on a solver thread, which may also write the best
/// times and the answer).
pub(crate) async fn with_session<R: Send + 'static>(
    app: Arc<App>,
    id: String,
    kind: Work,
    work: impl FnOnce(&App, &mut Session, Instant) -> Result<R, ApiError> + Send + 'static,
) -> Result<R, ApiError> {
    match kind {
        Work::Quick => {
            let mut session = locked(&app, &id).await?;
            guarded(&mut session, &|| true, |s| work(&app, s, Instant::now()))
        }
        Work::Slow => {
            let shared = game(&app, &id)?;
            let gate = Arc::clone(&app);
            gate.solving
                .run(move |wanted| {
                    let mut session = shared.blocking_lock_owned();
                    guarded(&mut session, wanted, |s| work(&app, s, Instant::now()))
                })
                .await?
        }
    }
}

/// Runs `work` on game `id`, offers a win it ended with to the best times (on the blocking
/// pool: it writes the file), and answers with the game's state.
async fn act(
    app: Arc<App>,
    id: String,
    kind: Work,
    work: impl FnOnce(&mut Session, Instant) -> Result<(), ApiError> + Send + 'static,
) -> Result<Json<State>, ApiError> {
    let answer =
        |app: &App, s: &Session, id: &str| json::state(s, id, Instant::now(), &app.best.shown());
    match kind {
        Work::Slow => {
            let key = id.clone();
            with_session(app, id, kind, move |app, s, now| {
                work(s, now)?;
                app.best.offer(s);
                Ok(answer(app, s, &key))
            })
            .await
            .map(Json)
        }
        Work::Quick => {
            let mut session = locked(&app, &id).await?;
            guarded(&mut session, &|| true, |s| work(s, Instant::now()))?;
            if session.has_unoffered_win() {
                let shared = Arc::clone(&app);
                session = tokio::task::spawn_blocking(move || {
                    shared.best.offer(&mut session);
                    session
                })
                .await
                .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, PANICKED))?;
            }
            Ok(Json(answer(&app, &session, &id)))
        }
    }
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

async fn open(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(cell): Body<CellBody>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Quick, move |s, now| {
        Ok(s.open(cell.row, cell.col, now)?)
    })
    .await
}

async fn flag(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(cell): Body<CellBody>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Quick, move |s, now| {
        Ok(s.mark(cell.row, cell.col, now)?)
    })
    .await
}

async fn chord(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(cell): Body<CellBody>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Quick, move |s, now| {
        Ok(s.chord(cell.row, cell.col, now)?)
    })
    .await
}

async fn restart(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<State>, ApiError> {
    // Dealing a no-guess board again runs the solver: slow work; any other deal is quick.
    let no_guess = locked(&app, &id).await?.settings().no_guess;
    let kind = if no_guess { Work::Slow } else { Work::Quick };
    act(app, id, kind, |s, _| {
        s.restart()
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e))
    })
    .await
}

async fn marks(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(switch): Body<Switch>,
) -> Result<Json<State>, ApiError> {
    act(app, id, Work::Quick, move |s, _| {
        s.set_question_marks(switch.on);
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
    act(app, id, Work::Slow, move |s, now| {
        s.solver_move(now)?;
        Ok(())
    })
    .await
}

async fn hint(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<json::Hint>, ApiError> {
    with_session(app, id, Work::Slow, |_, s, _| {
        let cols = s.game().cols();
        Ok(json::hint(s.knowledge("no hint")?, cols))
    })
    .await
    .map(Json)
}

async fn probabilities(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<json::Chances>, ApiError> {
    with_session(app, id, Work::Slow, |_, s, _| {
        let knowledge = s.knowledge("no probabilities")?.clone();
        Ok(json::chances(&knowledge, s.game().cells(), s.game().cols()))
    })
    .await
    .map(Json)
}

async fn explain(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
    Body(cell): Body<CellBody>,
) -> Result<Json<json::ExplanationJson>, ApiError> {
    with_session(app, id, Work::Slow, move |_, s, _| {
        Ok(s.explain(cell.row, cell.col)?.into())
    })
    .await
    .map(Json)
}

async fn compile_view(
    Shared(app): Shared<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<json::CompileViewJson>, ApiError> {
    with_session(app, id, Work::Slow, |_, s, _| {
        Ok(json::compile_view(&s.compile_view()?))
    })
    .await
    .map(Json)
}

/// `POST /api/games/{id}/export`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportBody {
    /// `fragment` (default), `pairs` or `complete`.
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
) -> Result<Json<json::ExportJson>, ApiError> {
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
    with_session(app, id, Work::Slow, move |_, s, _| {
        Ok(s.export(level, body.name.as_deref(), edition)?.into())
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
    protected_minutes: u64,
    body_bytes: usize,
    solver_steps: u64,
    solver_running: usize,
    solver_queued: usize,
    solver_wait_ms: u64,
    solver_timeout_ms: u64,
}

async fn limits(Shared(app): Shared<Arc<App>>) -> Json<Limits> {
    Json(Limits {
        max_rows: MAX_SIDE,
        max_cols: MAX_SIDE,
        max_games: MAX_GAMES,
        idle_minutes: IDLE_LIMIT.as_secs() / 60,
        protected_minutes: PROTECTED.as_secs() / 60,
        body_bytes: BODY_LIMIT,
        solver_steps: REQUEST_STEPS,
        solver_running: app.solving.running(),
        solver_queued: app.solving.queued(),
        solver_wait_ms: QUEUE_WAIT.as_millis() as u64,
        solver_timeout_ms: TIMEOUT.as_millis() as u64,
    })
}

// --------------------------------------------------------------------------------------------
// The page
// --------------------------------------------------------------------------------------------

/// The page and its assets, embedded in the binary.
pub(crate) mod page {
    use super::*;

    /// The page's script: native ES modules, each served at its path as the file it is (no
    /// build step). `/app.js` is the entry, loaded by index.html; the others are what it
    /// imports, by paths relative to it (web/tests.rs checks that every import is served here,
    /// and that every file of page/ and page/js/ is).
    pub(crate) const SCRIPTS: &[(&str, &str)] = &[
        ("/app.js", include_str!("page/app.js")),
        ("/js/api.js", include_str!("page/js/api.js")),
        ("/js/compile.js", include_str!("page/js/compile.js")),
        ("/js/draw.js", include_str!("page/js/draw.js")),
        ("/js/help.js", include_str!("page/js/help.js")),
        ("/js/input.js", include_str!("page/js/input.js")),
        ("/js/pure.js", include_str!("page/js/pure.js")),
        ("/js/settings.js", include_str!("page/js/settings.js")),
        ("/js/solver.js", include_str!("page/js/solver.js")),
        ("/js/state.js", include_str!("page/js/state.js")),
    ];

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

    /// One of the [`SCRIPTS`].
    pub fn script(source: &'static str) -> Response {
        asset("text/javascript; charset=utf-8", source)
    }

    pub async fn style() -> Response {
        asset("text/css; charset=utf-8", include_str!("page/style.css"))
    }
}
