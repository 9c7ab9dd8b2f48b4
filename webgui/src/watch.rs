//! The live match viewer's server side: an autotester run with `-live
//! http://127.0.0.1:8080` posts its events to `POST /api/live/events`
//! (see `autotester/src/live.rs`); the page at `/live` shows every game in
//! progress on a small board and the standings, from `GET /api/live` and
//! the server-sent events of `GET /api/live/stream`.
//!
//! Each board replays its moves with the game's own rules, so the page
//! gets the board, the last move and (Leiserchess) the laser as for a game
//! played here; a move that is not legal is refused with a 400.
//!
//! An autotester that is killed sends no `end`: a run with games in
//! progress whose feed has been silent for [`SILENT_AFTER`] (the server's
//! `Config::live_silent_after`) is marked interrupted, and pushed to the
//! page so; its next event, if one comes, makes it a running run again.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use futures_util::stream::{self, Stream};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::StreamExt;

use workbench::view::GameMeta;
use workbench::{DynGame, GameError, GameKind};

use crate::api::Body;
use crate::error::ApiError;
use crate::session::{LastMove, PositionView};
use crate::AppState;

/// Runs kept (the oldest is dropped for a new one).
const MAX_RUNS: usize = 8;
/// Games in progress per run, and finished ones kept on show.
const MAX_BOARDS: usize = 64;
const FINISHED_SHOWN: usize = 4;
/// Moves per game, and the length of a name.
const MAX_MOVES: usize = 2000;
const MAX_NAME: usize = 100;
/// Longest FEN accepted (as for a new game).
const MAX_FEN_LEN: usize = 200;
/// A run with games in progress and no event for this long is marked
/// interrupted. Long enough for a slow move at long time controls (the
/// autotester sends an event per move); a late event undoes the mark.
pub const SILENT_AFTER: Duration = Duration::from_secs(120);

/// An event from an autotester run.
#[derive(Debug, Deserialize)]
pub struct LiveEvent {
    /// Names the run.
    pub run: String,
    pub game: GameKind,
    #[serde(flatten)]
    pub what: What,
}

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum What {
    Start {
        /// Names the game in its run.
        id: String,
        round: u32,
        white: String,
        black: String,
        #[serde(default)]
        fen: Option<String>,
        #[serde(default)]
        moves: Vec<String>,
    },
    Move {
        id: String,
        #[serde(rename = "move")]
        mv: String,
    },
    End {
        id: String,
        result: String,
    },
    Standings {
        players: Vec<PlayerStanding>,
    },
}

/// A player's standing as the autotester reports it.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct PlayerStanding {
    pub name: String,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Elo difference and its 95% margin, once estimated.
    #[serde(default)]
    pub elo: Option<EloView>,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
pub struct EloView {
    pub elo: f64,
    pub error: f64,
}

/// A game being played, replayed with its rules.
type Replay = Box<dyn DynGame>;

/// The position a game of `kind` starts from: `fen`, or the start position.
fn start_of(kind: GameKind, fen: Option<&str>) -> Result<Replay, ApiError> {
    let game = kind.game();
    match fen.map(str::trim) {
        Some(f) if !f.is_empty() => game.open(f).map_err(|e| ApiError::BadFen(e.to_string())),
        _ => Ok(game.start()),
    }
}

/// Plays `text` on `game`; the squares it moved, for highlighting.
fn play_on(game: &mut dyn DynGame, text: &str) -> Result<LastMove, ApiError> {
    let illegal = |e: GameError| ApiError::IllegalMove {
        text: text.to_string(),
        reason: e.to_string(),
    };
    let mv = game.parse(text).map_err(illegal)?;
    let info = game.view().move_info(mv).map_err(illegal)?;
    game.make(mv).map_err(illegal)?;
    Ok(LastMove {
        from: info.from,
        to: info.to,
        swap: info.swap,
    })
}

fn view_of(game: &dyn DynGame, ply: usize, last_move: Option<LastMove>) -> PositionView {
    let view = game.view();
    PositionView {
        ply,
        fen: game.fen(),
        board: view.board(),
        side_to_move: crate::session::side_str(game.side_to_move()),
        laser: last_move.as_ref().and_then(|_| view.last_laser()),
        last_move,
        check: view.check_square(),
        pinned: Vec::new(),
    }
}

/// One game of a run as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    pub id: String,
    pub round: u32,
    pub white: String,
    pub black: String,
    pub position: PositionView,
    pub result: Option<String>,
}

struct LiveBoard {
    replay: Replay,
    view: BoardView,
}

/// A run as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct RunView {
    pub run: String,
    pub game: GameKind,
    pub meta: GameMeta,
    pub side_names: [&'static str; 2],
    pub boards: Vec<BoardView>,
    pub standings: Vec<PlayerStanding>,
    /// Grows with every event of the run, and when it is marked
    /// interrupted.
    pub version: u64,
    /// The run's feed went silent with games in progress (its autotester
    /// was killed, most likely): those games will not go on.
    pub interrupted: bool,
}

struct Run {
    game: GameKind,
    boards: BTreeMap<String, LiveBoard>,
    /// Games finished, oldest first.
    finished: Vec<String>,
    standings: Vec<PlayerStanding>,
    version: u64,
    /// Order of creation, for dropping the oldest run.
    serial: u64,
    /// When the run's last event came.
    last_event: Instant,
    interrupted: bool,
}

impl Run {
    fn view(&self, name: &str) -> RunView {
        let game = self.game.game();
        RunView {
            run: name.to_string(),
            game: self.game,
            meta: game.meta(),
            side_names: game.side_names(),
            boards: self.boards.values().map(|b| b.view.clone()).collect(),
            standings: self.standings.clone(),
            version: self.version,
            interrupted: self.interrupted,
        }
    }

    /// Whether a game of the run has started and not ended.
    fn in_progress(&self) -> bool {
        self.boards.values().any(|b| b.view.result.is_none())
    }
}

/// Every run the viewer knows, and the stream of changes.
pub struct Watch {
    inner: Arc<Inner>,
}

struct Inner {
    runs: Mutex<BTreeMap<String, Run>>,
    events: broadcast::Sender<Arc<str>>,
    serial: Mutex<u64>,
    /// A run silent this long with games in progress is interrupted.
    silent_after: Duration,
    /// Set once the task that marks silent runs has been started.
    sweeping: AtomicBool,
}

impl Default for Watch {
    fn default() -> Self {
        Watch::new(SILENT_AFTER)
    }
}

fn checked_name(name: &str) -> Result<String, ApiError> {
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(ApiError::BadRequest(format!(
            "names are 1 to {MAX_NAME} characters"
        )));
    }
    Ok(name.to_string())
}

impl Watch {
    /// A viewer whose runs are interrupted after `silent_after` without
    /// an event.
    pub fn new(silent_after: Duration) -> Watch {
        Watch {
            inner: Arc::new(Inner {
                runs: Mutex::new(BTreeMap::new()),
                events: broadcast::channel(256).0,
                serial: Mutex::new(0),
                silent_after,
                sweeping: AtomicBool::new(false),
            }),
        }
    }

    /// Applies an event; the run's new view goes to the page's streams.
    pub fn apply(&self, event: LiveEvent) -> Result<(), ApiError> {
        self.start_sweeping();
        self.inner.apply(event)
    }

    /// Every run, silent ones marked interrupted first.
    pub fn snapshot(&self) -> Vec<RunView> {
        self.inner.sweep(Instant::now());
        let runs = self.inner.lock();
        runs.iter().map(|(name, run)| run.view(name)).collect()
    }

    /// Starts, once and on the runtime of the first event, the task that
    /// marks runs interrupted when their feed goes silent, so an open page
    /// learns of it without asking. It ends with the viewer.
    fn start_sweeping(&self) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        if self.inner.sweeping.swap(true, Ordering::SeqCst) {
            return;
        }
        let every =
            (self.inner.silent_after / 4).clamp(Duration::from_millis(20), Duration::from_secs(5));
        let weak: Weak<Inner> = Arc::downgrade(&self.inner);
        runtime.spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                let Some(inner) = weak.upgrade() else { return };
                inner.sweep(Instant::now());
            }
        });
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Run>> {
        self.runs.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn apply(&self, event: LiveEvent) -> Result<(), ApiError> {
        let name = checked_name(&event.run)?;
        let serial = {
            let mut s = self.serial.lock().unwrap_or_else(|e| e.into_inner());
            *s += 1;
            *s
        };
        let mut runs = self.lock();
        if !runs.contains_key(&name) && runs.len() >= MAX_RUNS {
            let oldest = runs
                .iter()
                .min_by_key(|(_, r)| r.serial)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                runs.remove(&k);
            }
        }
        let run = runs.entry(name.clone()).or_insert_with(|| Run {
            game: event.game,
            boards: BTreeMap::new(),
            finished: Vec::new(),
            standings: Vec::new(),
            version: 0,
            serial,
            last_event: Instant::now(),
            interrupted: false,
        });
        if run.game != event.game {
            return Err(ApiError::BadRequest(format!(
                "run {name:?} plays {}",
                run.game.game().meta().title
            )));
        }
        apply_to(run, event.what)?;
        run.version += 1;
        run.last_event = Instant::now();
        run.interrupted = false;
        let json = serde_json::to_string(&run.view(&name)).unwrap_or_default();
        drop(runs);
        let _ = self.events.send(json.into());
        Ok(())
    }

    /// Marks interrupted each run silent since `now - silent_after` with
    /// games in progress, and sends its new view to the streams.
    fn sweep(&self, now: Instant) {
        let mut changed = Vec::new();
        {
            let mut runs = self.lock();
            for (name, run) in runs.iter_mut() {
                let silent = now.saturating_duration_since(run.last_event) >= self.silent_after;
                if silent && !run.interrupted && run.in_progress() {
                    run.interrupted = true;
                    run.version += 1;
                    changed.push(serde_json::to_string(&run.view(name)).unwrap_or_default());
                }
            }
        }
        for json in changed {
            let _ = self.events.send(json.into());
        }
    }
}

fn apply_to(run: &mut Run, what: What) -> Result<(), ApiError> {
    match what {
        What::Start {
            id,
            round,
            white,
            black,
            fen,
            moves,
        } => {
            let (replay, position) = replay_of(run.game, fen.as_deref(), &moves)?;
            let id = checked_name(&id)?;
            if !run.boards.contains_key(&id) && run.boards.len() >= MAX_BOARDS {
                return Err(ApiError::Conflict(format!(
                    "at most {MAX_BOARDS} games at once"
                )));
            }
            run.finished.retain(|r| *r != id);
            run.boards.insert(
                id.clone(),
                LiveBoard {
                    replay,
                    view: BoardView {
                        id,
                        round,
                        white: checked_name(&white)?,
                        black: checked_name(&black)?,
                        position,
                        result: None,
                    },
                },
            );
        }
        What::Move { id, mv } => {
            let board = board_of(run, &id)?;
            if board.view.result.is_some() || board.view.position.ply >= MAX_MOVES {
                return Err(ApiError::Conflict(format!("game {id} is over")));
            }
            let last = play_on(board.replay.as_mut(), &mv)?;
            let ply = board.view.position.ply + 1;
            board.view.position = view_of(board.replay.as_ref(), ply, Some(last));
        }
        What::End { id, result } => end_game(run, id, result)?,
        What::Standings { players } => {
            if players.len() > MAX_BOARDS {
                return Err(ApiError::BadRequest("too many players".into()));
            }
            for p in &players {
                checked_name(&p.name)?;
            }
            run.standings = players;
        }
    }
    Ok(())
}

/// A game of `kind` from `fen` with `moves` played, and its position as
/// the page draws it.
fn replay_of(
    kind: GameKind,
    fen: Option<&str>,
    moves: &[String],
) -> Result<(Replay, PositionView), ApiError> {
    if fen.is_some_and(|f| f.len() > MAX_FEN_LEN) {
        return Err(ApiError::BadFen(format!(
            "longer than {MAX_FEN_LEN} characters"
        )));
    }
    if moves.len() > MAX_MOVES {
        return Err(ApiError::BadRequest(format!("at most {MAX_MOVES} moves")));
    }
    let mut replay = start_of(kind, fen)?;
    let mut last = None;
    for text in moves {
        last = Some(play_on(replay.as_mut(), text)?);
    }
    let position = view_of(replay.as_ref(), moves.len(), last);
    Ok((replay, position))
}

/// Game `id` ended with `result`; it stays on show a while, and the
/// oldest finished games go.
fn end_game(run: &mut Run, id: String, result: String) -> Result<(), ApiError> {
    if !["1-0", "0-1", "1/2-1/2", "*"].contains(&result.as_str()) {
        return Err(ApiError::BadRequest(format!("unknown result {result:?}")));
    }
    board_of(run, &id)?.view.result = Some(result);
    run.finished.push(id);
    while run.finished.len() > FINISHED_SHOWN {
        let old = run.finished.remove(0);
        run.boards.remove(&old);
    }
    Ok(())
}

fn board_of<'a>(run: &'a mut Run, id: &str) -> Result<&'a mut LiveBoard, ApiError> {
    run.boards
        .get_mut(id)
        .ok_or_else(|| ApiError::BadRequest(format!("no game {id:?} has started")))
}

// ---- handlers -----------------------------------------------------------

pub async fn post_event(
    State(app): State<Arc<AppState>>,
    Body(event): Body<LiveEvent>,
) -> Result<axum::http::StatusCode, ApiError> {
    app.watch.apply(event)?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

#[derive(Serialize)]
pub struct Snapshot {
    runs: Vec<RunView>,
}

pub async fn snapshot(State(app): State<Arc<AppState>>) -> Json<Snapshot> {
    Json(Snapshot {
        runs: app.watch.snapshot(),
    })
}

/// `run` events with one run's view after each change; `snapshot` first.
pub async fn stream(
    State(app): State<Arc<AppState>>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let rx = app.watch.inner.events.subscribe();
    let first = serde_json::to_string(&Snapshot {
        runs: app.watch.snapshot(),
    })
    .unwrap_or_default();
    let first = stream::once(async move { Ok(Event::default().event("snapshot").data(first)) });
    let rest = BroadcastStream::new(rx).map(|message| {
        Ok(match message {
            Ok(json) => Event::default().event("run").data(&*json),
            Err(_) => Event::default().event("resync").data("{}"),
        })
    });
    Sse::new(first.chain(rest)).keep_alive(KeepAlive::default())
}
