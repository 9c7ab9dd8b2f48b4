//! The JSON API under `/api`. Handlers are thin: they parse the request
//! into typed values, call the game, and return its state or an
//! [`ApiError`] (always a 4xx with a JSON message for a bad request).

use std::sync::Arc;

use axum::extract::{FromRequest, FromRequestParts, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::create::{self, NewGame};
use crate::error::ApiError;
use crate::events;
use crate::limits::EngineLimit;
use crate::AppState;
use workbench::pgn;

/// A JSON body whose rejections (wrong content type, too large, malformed)
/// become JSON errors.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Body<T>(pub T);

/// A query string whose rejections become JSON errors.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/games", post(create_game))
        .route("/games/{id}", get(state).delete(delete_game))
        .route("/games/{id}/legal", get(legal))
        .route("/games/{id}/moves", post(play))
        .route("/games/{id}/engine", post(engine_go))
        .route("/games/{id}/engine/stop", post(engine_stop))
        .route("/games/{id}/autoplay", post(autoplay))
        .route("/games/{id}/limit", put(set_limit))
        .route("/games/{id}/analysis", post(analysis))
        .route("/games/{id}/review", post(review))
        .route("/games/{id}/resign", post(resign))
        .route("/games/{id}/draw", post(offer_draw))
        .route("/games/{id}/undo", post(undo))
        .route("/games/{id}/line", put(set_line))
        .route("/games/{id}/position", get(position))
        .route("/games/{id}/fen", get(fen))
        .route("/games/{id}/pgn", get(pgn_export))
        .route("/games/{id}/events", get(events::stream))
        .route("/info", get(info))
        .route("/live", get(crate::watch::snapshot))
        .route("/live/events", post(crate::watch::post_event))
        .route("/live/stream", get(crate::watch::stream))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
}

async fn not_found() -> ApiError {
    ApiError::NotFound
}

async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

type ApiResult<T> = Result<Json<T>, ApiError>;

#[derive(Serialize)]
struct Info {
    version: &'static str,
    engine: String,
    games: usize,
    /// Built-in engines holding a table now.
    engines: usize,
    /// Their tables' size together, and the budget for them, in MB.
    hash_used_mb: usize,
    hash_total_mb: usize,
}

async fn info(State(app): State<Arc<AppState>>) -> Json<Info> {
    let engines = &app.ctx.config.engines;
    let engine = if engines.is_empty() {
        "built-in".to_string()
    } else {
        format!("external: {}", engines.describe())
    };
    Json(Info {
        version: env!("CARGO_PKG_VERSION"),
        engine,
        games: app.store.len(),
        engines: app.ctx.hash.leases(),
        hash_used_mb: app.ctx.hash.used_mb(),
        hash_total_mb: app.ctx.hash.total_mb(),
    })
}

async fn create_game(
    State(app): State<Arc<AppState>>,
    Body(request): Body<NewGame>,
) -> Result<Response, ApiError> {
    // The game an analysis board comes from must be one of ours.
    if let Some(origin) = &request.origin {
        app.store.get(origin)?;
    }
    let builder = create::build(request, &app.ctx)?;
    let game = app.store.insert_with(builder)?;
    Ok((StatusCode::CREATED, Json(game.state())).into_response())
}

async fn state(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> ApiResult<impl Serialize> {
    Ok(Json(app.store.get(&id)?.state()))
}

async fn delete_game(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    app.store.remove(&id)?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Serialize)]
struct LegalMoves {
    moves: Vec<workbench::view::LegalMove>,
}

async fn legal(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> ApiResult<impl Serialize> {
    let moves = app.store.get(&id)?.legal();
    Ok(Json(LegalMoves { moves }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayBody {
    #[serde(rename = "move")]
    mv: String,
}

async fn play(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(body): Body<PlayBody>,
) -> ApiResult<impl Serialize> {
    Ok(Json(app.store.get(&id)?.play(&body.mv)?))
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct GoBody {
    #[serde(default)]
    limit: Option<EngineLimit>,
}

async fn engine_go(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(body): Body<GoBody>,
) -> Result<Response, ApiError> {
    let state = app.store.get(&id)?.engine_go(body.limit)?;
    Ok((StatusCode::ACCEPTED, Json(state)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StopBody {
    /// Play the best move found so far (default), or discard the search.
    #[serde(default = "yes")]
    play: bool,
}

fn yes() -> bool {
    true
}

async fn engine_stop(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(body): Body<StopBody>,
) -> ApiResult<impl Serialize> {
    Ok(Json(app.store.get(&id)?.engine_stop(body.play)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AutoplayBody {
    on: bool,
}

async fn autoplay(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(body): Body<AutoplayBody>,
) -> ApiResult<impl Serialize> {
    Ok(Json(app.store.get(&id)?.set_autoplay(body.on)?))
}

async fn set_limit(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(limit): Body<EngineLimit>,
) -> ApiResult<impl Serialize> {
    let limit = limit.validate()?;
    Ok(Json(app.store.get(&id)?.set_limit(limit)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisBody {
    on: bool,
    /// Lines to show (`MultiPV`), 1 to 5; 3 by default.
    #[serde(default)]
    lines: Option<usize>,
    /// The ply to analyse (an earlier position); the current one by
    /// default.
    #[serde(default)]
    ply: Option<usize>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ResignBody {
    /// `white` or `black`; by default the person's side.
    #[serde(default)]
    side: Option<SideName>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum SideName {
    White,
    Black,
}

async fn resign(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(body): Body<ResignBody>,
) -> ApiResult<impl Serialize> {
    let side = body.side.map(|s| match s {
        SideName::White => search::Side::White,
        SideName::Black => search::Side::Black,
    });
    Ok(Json(app.store.get(&id)?.resign(side)?))
}

async fn offer_draw(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> ApiResult<impl Serialize> {
    Ok(Json(app.store.get(&id)?.offer_draw()?))
}

/// Lines analysis shows unless asked for another number.
const DEFAULT_ANALYSIS_LINES: usize = 3;

async fn analysis(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(body): Body<AnalysisBody>,
) -> ApiResult<impl Serialize> {
    let lines = body
        .on
        .then(|| body.lines.unwrap_or(DEFAULT_ANALYSIS_LINES));
    Ok(Json(app.store.get(&id)?.set_analysis(lines, body.ply)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewBody {
    /// Start the whole-game evaluation pass, or cancel it.
    on: bool,
}

async fn review(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(body): Body<ReviewBody>,
) -> ApiResult<impl Serialize> {
    Ok(Json(app.store.get(&id)?.review(body.on)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    #[serde(default)]
    plies: Option<usize>,
}

async fn undo(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(body): Body<UndoBody>,
) -> ApiResult<impl Serialize> {
    Ok(Json(app.store.get(&id)?.undo(body.plies)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineBody {
    moves: create::MovesInput,
}

/// An analysis board's line becomes the moves given (from the start).
async fn set_line(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(body): Body<LineBody>,
) -> ApiResult<impl Serialize> {
    Ok(Json(app.store.get(&id)?.set_line(&body.moves.into_vec())?))
}

#[derive(Deserialize)]
struct PlyQuery {
    ply: usize,
}

async fn position(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Query<PlyQuery>,
) -> ApiResult<impl Serialize> {
    Ok(Json(app.store.get(&id)?.position(q.ply)?))
}

#[derive(Serialize)]
struct FenBody {
    fen: String,
}

async fn fen(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> ApiResult<impl Serialize> {
    Ok(Json(FenBody {
        fen: app.store.get(&id)?.fen(),
    }))
}

#[derive(Serialize)]
struct PgnBody {
    pgn: String,
}

async fn pgn_export(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> ApiResult<impl Serialize> {
    Ok(Json(PgnBody {
        pgn: app.store.get(&id)?.pgn(&pgn::today()),
    }))
}
