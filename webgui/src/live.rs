//! A session in use: shared between requests, server-sent event streams
//! and the engine thread. The engine searches on its own OS thread (never
//! on the async runtime's workers) and hands its move back here.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use tokio::sync::broadcast;

use search::Side;

use crate::config::Context;
use crate::error::ApiError;
use crate::games::{self, GameMeta, GuiGame, LegalMove};
use crate::limits::EngineLimit;
use crate::player::{new_searcher, EngineError, Progress, ScoreView, Searcher};
use crate::session::{Player, PositionView, Session};
use crate::view::{Players, StateView};

mod review;
pub use review::{ReviewView, REVIEW_MOVETIME_MS};

/// Events buffered per game for slow subscribers.
const EVENT_BUFFER: usize = 64;
/// Checked a little after a clock's deadline, so the flag has surely fallen.
const FLAG_SLACK: Duration = Duration::from_millis(5);
/// Analysis of one position stops after this long (the page shows the
/// deepest lines reached), so a forgotten tab does not keep a core busy.
pub const ANALYSIS_MS: u64 = 60_000;
/// The engine accepts a draw offer only after this move number …
pub const DRAW_AFTER_MOVE: u32 = 30;
/// … and while its last evaluation is within this many centipawns of
/// level (a mate score never is).
pub const DRAW_WITHIN_CP: i32 = 20;

/// The answer to a draw offer.
#[derive(Clone, Debug, serde::Serialize)]
pub struct DrawAnswer {
    pub accepted: bool,
    /// Why, in words for the page.
    pub reason: String,
    pub state: StateView,
}

/// Most lines analysis shows (the engines' `MultiPV` range).
pub const MAX_ANALYSIS_LINES: usize = search::search::MAX_MULTIPV;

/// An event for a game's subscribers, already serialized.
#[derive(Clone, Debug)]
pub struct ServerEvent {
    /// `state` or `info`.
    pub kind: &'static str,
    pub data: Arc<str>,
}

/// A search in progress.
struct Thinking {
    token: u64,
    stop: Arc<AtomicBool>,
    /// The result will be thrown away (the position changed, or paused).
    discard: bool,
    /// An analysis of the position: its move is never played.
    analysis: bool,
    /// The ply of the position searched (its evaluation is kept).
    ply: usize,
}

struct Shared<G: GuiGame> {
    session: Session<G>,
    /// The engine between searches (it is on the engine thread during one).
    searcher: Option<Box<dyn Searcher<G>>>,
    engine_name: String,
    thinking: Option<Thinking>,
    next_token: u64,
    autoplay: bool,
    /// Analysis mode: the number of lines, while on.
    analysis: Option<usize>,
    /// The ply analysis looks at (`None`: the current position).
    analysis_ply: Option<usize>,
    /// The position (ply and FEN) analysis last finished with, so it is
    /// not searched again and again.
    analysed: Option<(usize, String)>,
    /// The engine's last evaluation of each position of the game, by
    /// ply, from White's view (engine moves and analysis).
    evals: BTreeMap<usize, ScoreView>,
    /// The whole-game evaluation pass under way, if any.
    review: Option<review::Review>,
    /// Why the last pass failed, if it did.
    review_error: Option<String>,
    info: Option<Progress>,
    engine_error: Option<String>,
    last_used: Instant,
    /// When the engine last finished a search (for the idle release).
    engine_used: Instant,
    /// A timer will give back the engine once it has been idle.
    idle_timer_armed: bool,
    /// The timer waiting for the running clock's flag: replaced on every
    /// change, so a long game keeps one, not one per move.
    flag_timer: Option<tokio::task::AbortHandle>,
    closed: bool,
    /// Bumped on every change of the state.
    version: u64,
}

struct Inner<G: GuiGame> {
    id: String,
    ctx: Arc<Context>,
    shared: Mutex<Shared<G>>,
    events: broadcast::Sender<ServerEvent>,
}

/// A game shared by requests and its engine thread.
pub struct Live<G: GuiGame> {
    inner: Arc<Inner<G>>,
}

impl<G: GuiGame> Live<G> {
    /// Wraps a new session; starts the engine if it moves first.
    pub fn start(id: String, ctx: Arc<Context>, mut session: Session<G>, autoplay: bool) -> Self {
        session.start_clocks(Instant::now());
        let engine_name = match &ctx.config.engine {
            Some(path) => format!("external engine {}", path.display()),
            None => format!("built-in {} engine", G::NAME),
        };
        let (events, _) = broadcast::channel(EVENT_BUFFER);
        let inner = Arc::new(Inner {
            id,
            ctx,
            shared: Mutex::new(Shared {
                session,
                searcher: None,
                engine_name,
                thinking: None,
                next_token: 0,
                autoplay,
                analysis: None,
                analysis_ply: None,
                analysed: None,
                evals: BTreeMap::new(),
                review: None,
                review_error: None,
                info: None,
                engine_error: None,
                last_used: Instant::now(),
                engine_used: Instant::now(),
                idle_timer_armed: false,
                flag_timer: None,
                closed: false,
                version: 0,
            }),
            events,
        });
        {
            let mut s = inner.lock();
            inner.changed(&mut s);
        }
        Live { inner }
    }
}

impl<G: GuiGame> Inner<G> {
    /// Locks the shared state. A panic elsewhere while holding the lock
    /// leaves consistent data (every change is a single step), so a
    /// poisoned lock is used as is rather than failing every request.
    fn lock(&self) -> MutexGuard<'_, Shared<G>> {
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Bookkeeping on every access: marks the game used and applies a
    /// fallen flag.
    fn touch(&self, s: &mut Shared<G>) {
        let now = Instant::now();
        s.last_used = now;
        if s.session.check_flag(now) {
            abort(s);
            self.release_engine_if_done(s);
            self.broadcast_state(s);
        }
    }

    /// Gives the engine (its table, its hash lease) back once the game no
    /// longer needs it: the game is over or closed. An undo later builds a
    /// new one.
    fn release_engine_if_done(&self, s: &mut Shared<G>) {
        if (s.closed || s.session.is_over()) && s.thinking.is_none() {
            if let Some(searcher) = s.searcher.take() {
                retire(searcher);
            }
        }
    }

    fn state(&self, s: &Shared<G>) -> StateView {
        let session = &s.session;
        let offer = games::offer(session.game(), &session.legal_moves());
        let [white, black] = session.players();
        StateView {
            id: self.id.clone(),
            game: G::KIND,
            meta: GameMeta::of::<G>(),
            side_names: G::SIDE_NAMES,
            players: Players { white, black },
            limit: session.limit(),
            start_fen: session.start_fen().to_string(),
            position: session.current_view(),
            moves: session.records().to_vec(),
            legal: offer.legal,
            choices: offer.choices,
            ko: session.game().ko_forbidden(),
            result: session.result_view(),
            clock: session.clock_view(Instant::now()),
            thinking: s
                .thinking
                .as_ref()
                .is_some_and(|t| !t.discard && !t.analysis),
            analysing: s
                .thinking
                .as_ref()
                .is_some_and(|t| !t.discard && t.analysis),
            analysis: s.analysis,
            analysis_ply: s.analysis.map(|_| analysed_ply(s)),
            evals: s.evals.clone(),
            review: s.review_view(),
            review_error: s.review_error.clone(),
            autoplay: s.autoplay,
            engine: s.engine_name.clone(),
            engine_error: s.engine_error.clone(),
            info: s.info.clone(),
            version: s.version,
        }
    }

    fn send(&self, kind: &'static str, data: Result<String, serde_json::Error>) {
        // No subscribers is fine; serialization of our own types does not
        // fail, and if it did the page would simply miss one update.
        if let Ok(json) = data {
            let _ = self.events.send(ServerEvent {
                kind,
                data: json.into(),
            });
        }
    }

    /// Marks a change (the page ignores states older than one it has)
    /// and sends the new state to subscribers, if there are any.
    fn broadcast_state(&self, s: &mut Shared<G>) {
        s.version += 1;
        if self.events.receiver_count() > 0 {
            self.send("state", serde_json::to_string(&self.state(s)));
        }
    }

    /// [`Inner::broadcast_state`] for a request that answers with the new
    /// state: the state is built once, for the answer and the subscribers.
    fn answer_state(&self, s: &mut Shared<G>) -> StateView {
        s.version += 1;
        let state = self.state(s);
        if self.events.receiver_count() > 0 {
            self.send("state", serde_json::to_string(&state));
        }
        state
    }

    /// After the position or the players' settings changed: start the
    /// engine if it is its turn, arm the flag timer, tell subscribers.
    fn changed(self: &Arc<Self>, s: &mut Shared<G>) {
        self.settle(s);
        self.broadcast_state(s);
    }

    /// [`Inner::changed`], answering with the new state.
    fn changed_answer(self: &Arc<Self>, s: &mut Shared<G>) -> StateView {
        self.settle(s);
        self.answer_state(s)
    }

    /// What follows a change: the engine given back or started, the flag
    /// timer armed.
    fn settle(self: &Arc<Self>, s: &mut Shared<G>) {
        self.release_engine_if_done(s);
        self.maybe_start_engine(s);
        self.arm_flag_timer(s);
    }

    /// Starts a search when an engine is to move and should move by itself:
    /// against a person always, against an engine while autoplay is on.
    fn maybe_start_engine(self: &Arc<Self>, s: &mut Shared<G>) {
        let session = &s.session;
        // After a failure the engine waits to be asked again (engine move
        // or undo), instead of failing in a loop.
        if s.closed || s.thinking.is_some() || s.engine_error.is_some() {
            return;
        }
        if let Some(lines) = s.analysis {
            let ply = analysed_ply(s);
            let Some(game) = session.game_at(ply).filter(|g| g.outcome().is_none()) else {
                return;
            };
            if s.analysed.as_ref() != Some(&(ply, game.fen())) {
                self.start_search(s, Purpose::Analyse(lines, ply));
            }
            return;
        }
        if session.is_over() {
            return;
        }
        let stm = session.side_to_move();
        if session.player(stm) != Player::Engine {
            return;
        }
        let against_person = session.player(stm.opponent()) == Player::Human;
        if against_person || s.autoplay {
            let limit = session.limit();
            self.start_search(s, Purpose::Play(limit));
        }
    }

    /// Hands the position to an engine thread.
    fn start_search(self: &Arc<Self>, s: &mut Shared<G>, purpose: Purpose) {
        let now = Instant::now();
        let request = match purpose {
            Purpose::Play(limit) => s.session.search_request(limit, 1, now),
            Purpose::Analyse(lines, ply) => {
                let limit = EngineLimit {
                    movetime_ms: Some(ANALYSIS_MS),
                    depth: None,
                };
                match s.session.analysis_request(ply, limit, lines) {
                    Some(request) => request,
                    None => return,
                }
            }
        };
        let (analysis, ply) = match purpose {
            Purpose::Analyse(_, ply) => (true, ply),
            Purpose::Play(_) => (false, s.session.ply()),
        };
        let stop = Arc::new(AtomicBool::new(false));
        let token = s.next_token;
        s.next_token += 1;
        s.info = None;
        let searcher = s.searcher.take();
        let external = self.ctx.config.engine.clone();
        let budget = Arc::clone(&self.ctx.hash);
        let inner = Arc::clone(self);
        let thread_stop = Arc::clone(&stop);
        let spawned = std::thread::Builder::new()
            .name(format!("engine {}", self.id))
            .stack_size(search::search::SEARCH_STACK_BYTES)
            .spawn(move || {
                // A first search creates the engine here: starting an
                // external program may take a while and must not hold up
                // requests.
                let made = match searcher {
                    Some(searcher) if !searcher.should_resize() => Ok(searcher),
                    // None yet, or its share of the hash budget changed a
                    // lot: a new one (the old table is freed first).
                    old => {
                        drop(old);
                        new_searcher::<G>(external.as_deref(), &budget)
                    }
                };
                let (searcher, result) = match made {
                    Ok(mut searcher) => {
                        let weak = Arc::downgrade(&inner);
                        let mut report = |p: Progress| publish_info(&weak, token, p);
                        let result = searcher.search(&request, &thread_stop, &mut report);
                        (Some(searcher), result)
                    }
                    Err(e) => (None, Err(e)),
                };
                inner.finish_search(token, searcher, result);
            });
        match spawned {
            Ok(_) => {
                s.thinking = Some(Thinking {
                    token,
                    stop,
                    discard: false,
                    analysis,
                    ply,
                })
            }
            Err(e) => {
                s.engine_error = Some(format!("could not start a search thread: {e}"));
                s.autoplay = false;
            }
        }
    }

    /// Back from the engine thread: plays its move unless the search was
    /// discarded, then carries on (the next engine turn, a waiting move).
    fn finish_search(
        self: &Arc<Self>,
        token: u64,
        searcher: Option<Box<dyn Searcher<G>>>,
        result: Result<Option<G::Move>, EngineError>,
    ) {
        let mut s = self.lock();
        if searcher.is_some() {
            s.searcher = searcher;
            s.engine_used = Instant::now();
            self.arm_idle_release(&mut s);
        }
        let current = s.thinking.as_ref().is_some_and(|t| t.token == token);
        if !current {
            return;
        }
        let discard = s.thinking.as_ref().is_some_and(|t| t.discard);
        let analysis = s.thinking.as_ref().is_some_and(|t| t.analysis);
        s.thinking = None;
        if analysis {
            let ply = analysed_ply(&s);
            if let (false, Some(game)) = (discard, s.session.game_at(ply)) {
                s.analysed = Some((ply, game.fen()));
            }
        } else if !discard {
            let now = Instant::now();
            match result {
                Ok(Some(mv)) => {
                    // Legal by construction for the built-in engine and
                    // checked for an external one; a fallen flag ends the
                    // game here instead.
                    let _ = s.session.play(mv, now);
                }
                Ok(None) => {}
                Err(e) => {
                    s.engine_error = Some(e.to_string());
                    s.autoplay = false;
                }
            }
            s.session.check_flag(now);
        }
        self.changed(&mut s);
    }

    /// Gives the engine back once it has not searched for
    /// `engine_idle_release` (a person who walked away from a game should
    /// not keep a table from the games being played). One timer per game,
    /// re-armed after the next search.
    fn arm_idle_release(self: &Arc<Self>, s: &mut Shared<G>) {
        let Some(runtime) = &self.ctx.runtime else {
            return;
        };
        let idle = self.ctx.config.engine_idle_release;
        // A release time beyond what an Instant holds means never.
        let (false, Some(mut deadline)) = (s.idle_timer_armed, s.engine_used.checked_add(idle))
        else {
            return;
        };
        s.idle_timer_armed = true;
        let weak: Weak<Inner<G>> = Arc::downgrade(self);
        runtime.spawn(async move {
            loop {
                tokio::time::sleep_until(tokio::time::Instant::from_std(deadline)).await;
                let Some(inner) = weak.upgrade() else { return };
                let mut s = inner.lock();
                let due = s.engine_used.checked_add(idle).unwrap_or(deadline);
                // While it searches the engine is on its thread: the end
                // of that search arms a new timer.
                if s.thinking.is_some() || s.searcher.is_none() || Instant::now() >= due {
                    s.idle_timer_armed = false;
                    if s.thinking.is_none() {
                        if let Some(searcher) = s.searcher.take() {
                            retire(searcher);
                        }
                    }
                    return;
                }
                deadline = due;
            }
        });
    }

    /// Wakes up when the running clock's flag falls, so subscribers learn
    /// of a loss on time without polling.
    fn arm_flag_timer(self: &Arc<Self>, s: &mut Shared<G>) {
        if let Some(old) = s.flag_timer.take() {
            old.abort();
        }
        let (Some(runtime), false) = (&self.ctx.runtime, s.session.is_over()) else {
            return;
        };
        let Some(deadline) = s.session.clocks().and_then(|c| c.deadline()) else {
            return;
        };
        let weak: Weak<Inner<G>> = Arc::downgrade(self);
        let task = runtime.spawn(async move {
            tokio::time::sleep_until(tokio::time::Instant::from_std(deadline + FLAG_SLACK)).await;
            if let Some(inner) = weak.upgrade() {
                let mut s = inner.lock();
                inner.touch(&mut s);
            }
        });
        s.flag_timer = Some(task.abort_handle());
    }
}

/// Drops an engine off the async runtime: an external engine waits a
/// moment for its process to quit. Its table and hash lease go with it.
fn retire<G: GuiGame>(searcher: Box<dyn Searcher<G>>) {
    // Should no thread be available, the closure (and the engine with it)
    // is dropped right here instead.
    let _ = std::thread::Builder::new()
        .name("engine-close".into())
        .spawn(move || drop(searcher));
}

/// Stops the current search and throws its result away.
fn abort<G: GuiGame>(s: &mut Shared<G>) {
    if let Some(t) = &mut s.thinking {
        t.discard = true;
        t.stop.store(true, Ordering::Relaxed);
    }
}

fn publish_info<G: GuiGame>(weak: &Weak<Inner<G>>, token: u64, progress: Progress) {
    let Some(inner) = weak.upgrade() else { return };
    let json = serde_json::to_string(&progress);
    {
        let mut s = inner.lock();
        // A search that was given up on no longer speaks for the game.
        let Some(ply) = s
            .thinking
            .as_ref()
            .filter(|t| t.token == token && !t.discard)
            .map(|t| t.ply)
        else {
            return;
        };
        if progress.multipv <= 1 {
            s.evals.insert(ply, progress.score);
        }
        s.info = Some(progress);
    }
    inner.send("info", json);
}

/// The engine's answer to a draw offer: yes after move
/// [`DRAW_AFTER_MOVE`] when its last evaluation is within
/// [`DRAW_WITHIN_CP`] centipawns of level.
fn engine_answer<G: GuiGame>(
    session: &Session<G>,
    evals: &BTreeMap<usize, ScoreView>,
) -> (bool, String) {
    let number = session.game().move_number();
    if number <= DRAW_AFTER_MOVE {
        return (
            false,
            format!("The engine declines: it considers draws only after move {DRAW_AFTER_MOVE} (this is move {number})."),
        );
    }
    match evals.last_key_value().map(|(_, score)| *score) {
        Some(ScoreView::Cp(cp)) if cp.abs() <= DRAW_WITHIN_CP => (
            true,
            format!(
                "The engine accepts: its evaluation ({:+.2}) is level.",
                f64::from(cp) / 100.0
            ),
        ),
        Some(ScoreView::Cp(cp)) => (
            false,
            format!(
                "The engine declines: its evaluation ({:+.2}) is more than {:.2} from level.",
                f64::from(cp) / 100.0,
                f64::from(DRAW_WITHIN_CP) / 100.0
            ),
        ),
        Some(ScoreView::Mate(_)) => (false, "The engine declines: it sees a mate.".to_string()),
        Some(ScoreView::End(_)) => (false, "The game is over.".to_string()),
        None => (
            false,
            "The engine declines: it has not evaluated the game yet.".to_string(),
        ),
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug)]
enum Purpose {
    /// A move to play, within this limit.
    Play(EngineLimit),
    /// Analysis of the position after this many plies with this many
    /// lines; nothing is played.
    Analyse(usize, usize),
}

/// The ply analysis looks at: the one asked for, or the current position.
fn analysed_ply<G: GuiGame>(s: &Shared<G>) -> usize {
    let last = s.session.ply();
    s.analysis_ply.map_or(last, |p| p.min(last))
}

/// The operations the API performs on a game, whatever the game.
pub trait GameHandle: Send + Sync {
    fn state(&self) -> StateView;
    fn legal(&self) -> Vec<LegalMove>;
    fn play(&self, text: &str) -> Result<StateView, ApiError>;
    fn engine_go(&self, limit: Option<EngineLimit>) -> Result<StateView, ApiError>;
    fn engine_stop(&self, play_best: bool) -> Result<StateView, ApiError>;
    fn set_autoplay(&self, on: bool) -> Result<StateView, ApiError>;
    fn set_limit(&self, limit: EngineLimit) -> StateView;
    /// A person resigns: `side`, or the one person playing (the side to
    /// move when a person plays both).
    fn resign(&self, side: Option<Side>) -> Result<StateView, ApiError>;
    /// A person offers a draw: between people it is agreed at once; the
    /// engine accepts by [`DRAW_AFTER_MOVE`] and [`DRAW_WITHIN_CP`].
    fn offer_draw(&self) -> Result<DrawAnswer, ApiError>;
    /// Analysis on (with 1 to 5 lines; a person then plays both sides and
    /// the clocks go) or off.
    fn set_analysis(&self, lines: Option<usize>, ply: Option<usize>)
        -> Result<StateView, ApiError>;
    fn undo(&self, plies: Option<usize>) -> Result<StateView, ApiError>;
    /// Starts (`on`) or cancels the whole-game evaluation pass
    /// (`live/review.rs`).
    fn review(&self, on: bool) -> Result<StateView, ApiError>;
    fn position(&self, ply: usize) -> Result<PositionView, ApiError>;
    fn fen(&self) -> String;
    fn pgn(&self, date: &str) -> String;
    /// The current state (as JSON) and a receiver of later events.
    fn subscribe(&self) -> (String, broadcast::Receiver<ServerEvent>);
    /// Whether the game is idle (no search) and since when it was used.
    fn idle_since(&self) -> Option<Instant>;
    /// Stops the engine for good (the game is being removed).
    fn close(&self);
}

impl<G: GuiGame> GameHandle for Live<G> {
    fn state(&self) -> StateView {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        self.inner.state(&s)
    }

    fn legal(&self) -> Vec<LegalMove> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        games::offer(s.session.game(), &s.session.legal_moves()).legal
    }

    fn play(&self, text: &str) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        if s.thinking.as_ref().is_some_and(|t| t.analysis) {
            // The analysis was of a position before this move; it goes on
            // with the new current position.
            abort(&mut s);
        }
        s.analysis_ply = None;
        if s.thinking.as_ref().is_some_and(|t| !t.discard) {
            return Err(ApiError::Conflict("the engine is thinking".into()));
        }
        let stm = s.session.side_to_move();
        let engines_turn = s.session.player(stm) == Player::Engine
            && s.session.player(stm.opponent()) == Player::Human;
        if engines_turn && !s.session.is_over() {
            return Err(ApiError::Conflict("it is the engine's turn".into()));
        }
        let mv = s.session.parse(text)?;
        let played = s.session.play(mv, Instant::now());
        let state = self.inner.changed_answer(&mut s);
        played?;
        Ok(state)
    }

    fn engine_go(&self, limit: Option<EngineLimit>) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        if s.session.is_over() {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        if s.thinking.is_some() {
            return Err(ApiError::Conflict("the engine is already thinking".into()));
        }
        let limit = match limit {
            Some(l) => l.validate()?,
            None => s.session.limit(),
        };
        if s.analysis.is_some() {
            return Err(ApiError::Conflict(
                "analysis is on: turn it off to let the engine move".into(),
            ));
        }
        s.engine_error = None;
        self.inner.start_search(&mut s, Purpose::Play(limit));
        if let Some(e) = &s.engine_error {
            return Err(ApiError::EngineUnavailable(e.clone()));
        }
        Ok(self.inner.answer_state(&mut s))
    }

    fn engine_stop(&self, play_best: bool) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        match &mut s.thinking {
            Some(t) if !t.discard => {
                t.discard = !play_best;
                t.stop.store(true, Ordering::Relaxed);
            }
            _ => return Err(ApiError::Conflict("the engine is not thinking".into())),
        }
        if !play_best {
            // Stopping without a move pauses engine-against-engine play.
            s.autoplay = false;
        }
        Ok(self.inner.answer_state(&mut s))
    }

    fn set_autoplay(&self, on: bool) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        s.autoplay = on;
        if on {
            s.engine_error = None;
        } else {
            let engines_only = !s.session.players().contains(&Player::Human);
            if engines_only {
                abort(&mut s);
            }
        }
        Ok(self.inner.changed_answer(&mut s))
    }

    fn set_limit(&self, limit: EngineLimit) -> StateView {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        s.session.set_limit(limit);
        self.inner.answer_state(&mut s)
    }

    fn resign(&self, side: Option<Side>) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        let players = s.session.players();
        let person = |side: Side| players[side.index()] == Player::Human;
        let loser = match side {
            Some(side) if person(side) => side,
            Some(_) => return Err(ApiError::Conflict("only a person's side can resign".into())),
            None => match (person(Side::White), person(Side::Black)) {
                (true, true) => s.session.side_to_move(),
                (true, false) => Side::White,
                (false, true) => Side::Black,
                (false, false) => {
                    return Err(ApiError::Conflict("no person plays in this game".into()))
                }
            },
        };
        s.session.resign(loser, Instant::now())?;
        abort(&mut s);
        s.autoplay = false;
        Ok(self.inner.changed_answer(&mut s))
    }

    fn offer_draw(&self) -> Result<DrawAnswer, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        if s.session.is_over() {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        let players = s.session.players();
        if !players.contains(&Player::Human) {
            return Err(ApiError::Conflict("no person plays in this game".into()));
        }
        let (accepted, reason) = if !players.contains(&Player::Engine) {
            (true, "Draw agreed.".to_string())
        } else {
            engine_answer(&s.session, &s.evals)
        };
        if accepted {
            s.session.agree_draw(Instant::now())?;
            abort(&mut s);
        }
        let state = self.inner.changed_answer(&mut s);
        Ok(DrawAnswer {
            accepted,
            reason,
            state,
        })
    }

    fn set_analysis(
        &self,
        lines: Option<usize>,
        ply: Option<usize>,
    ) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        if ply.is_some_and(|p| p > s.session.ply()) {
            return Err(ApiError::BadRequest(format!(
                "ply must be between 0 and {}",
                s.session.ply()
            )));
        }
        if let Some(n) = lines {
            if !(1..=MAX_ANALYSIS_LINES).contains(&n) {
                return Err(ApiError::BadRequest(format!(
                    "lines must be between 1 and {MAX_ANALYSIS_LINES}"
                )));
            }
        }
        let changed = s.analysis != lines || s.analysis_ply != ply;
        s.analysis_ply = ply;
        if changed || s.thinking.as_ref().is_some_and(|t| !t.analysis) {
            // A search under way (a move, or analysis with other lines)
            // gives way.
            abort(&mut s);
            s.analysed = None;
        }
        s.analysis = lines;
        if lines.is_some() {
            s.autoplay = false;
            s.engine_error = None;
            s.session.set_players([Player::Human, Player::Human]);
            s.session.drop_clocks();
        }
        Ok(self.inner.changed_answer(&mut s))
    }

    fn undo(&self, plies: Option<usize>) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        let plies = plies.unwrap_or_else(|| s.session.default_undo_plies());
        s.session.undo(plies, Instant::now())?;
        let ply = s.session.ply();
        s.evals.retain(|&p, _| p <= ply);
        // A whole-game pass goes on unless the position it searches is
        // gone (the ones before it are still the game's).
        if s.review_view().is_some_and(|r| r.ply > ply) {
            s.cancel_review();
        }
        // The search (if any) was for a position that is gone.
        abort(&mut s);
        s.info = None;
        s.engine_error = None;
        Ok(self.inner.changed_answer(&mut s))
    }

    fn review(&self, on: bool) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        if on {
            self.inner.start_review(&mut s)?;
        } else if !s.cancel_review() {
            return Err(ApiError::Conflict(
                "the whole game is not being analysed".into(),
            ));
        }
        Ok(self.inner.answer_state(&mut s))
    }

    fn position(&self, ply: usize) -> Result<PositionView, ApiError> {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        s.session.position_at(ply)
    }

    fn fen(&self) -> String {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        s.session.game().fen()
    }

    fn pgn(&self, date: &str) -> String {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        let name = |side: Side| match s.session.player(side) {
            Player::Human => "Human".to_string(),
            Player::Engine => s.engine_name.clone(),
        };
        let names = [name(Side::White), name(Side::Black)];
        s.session.pgn(names, date)
    }

    fn subscribe(&self) -> (String, broadcast::Receiver<ServerEvent>) {
        let mut s = self.inner.lock();
        self.inner.touch(&mut s);
        let rx = self.inner.events.subscribe();
        let json = serde_json::to_string(&self.inner.state(&s)).unwrap_or_default();
        (json, rx)
    }

    fn idle_since(&self) -> Option<Instant> {
        let s = self.inner.lock();
        // A whole-game pass keeps its game as busy as a search does.
        (s.thinking.is_none() && s.review.is_none()).then_some(s.last_used)
    }

    fn close(&self) {
        let mut s = self.inner.lock();
        s.closed = true;
        s.autoplay = false;
        abort(&mut s);
        s.cancel_review();
        if let Some(timer) = s.flag_timer.take() {
            timer.abort();
        }
        // A search under way gives its engine back when it ends.
        if let Some(searcher) = s.searcher.take() {
            retire(searcher);
        }
    }
}
