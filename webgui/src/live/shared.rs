//! What a game's requests, event streams, engine thread and timers share:
//! the session and the engine's bookkeeping behind one mutex, the event
//! channel beside it, and the small steps every change ends with (tell
//! the subscribers, start the engine if it is its turn, give it back when
//! the game no longer needs it).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use tokio::sync::broadcast;

use super::review::Review;
use super::ServerEvent;
use crate::config::Context;
use crate::player::{Progress, ScoreView, Searcher};
use crate::session::Session;
use crate::view::StateView;

/// A search in progress.
pub(super) struct Thinking {
    pub(super) token: u64,
    pub(super) stop: Arc<AtomicBool>,
    /// The result will be thrown away (the position changed, or paused).
    pub(super) discard: bool,
    /// An analysis of the position: its move is never played.
    pub(super) analysis: bool,
    /// The ply of the position searched (its evaluation is kept).
    pub(super) ply: usize,
}

/// Everything about a game that changes, under the game's one lock.
pub(super) struct Shared {
    pub(super) session: Session,
    /// The engine between searches (it is on the engine thread during one).
    pub(super) searcher: Option<Box<dyn Searcher>>,
    pub(super) engine_name: String,
    pub(super) thinking: Option<Thinking>,
    pub(super) next_token: u64,
    pub(super) autoplay: bool,
    /// Analysis mode: the number of lines, while on.
    pub(super) analysis: Option<usize>,
    /// The ply analysis looks at (`None`: the current position).
    pub(super) analysis_ply: Option<usize>,
    /// The position (ply and FEN) analysis last finished with, so it is
    /// not searched again and again.
    pub(super) analysed: Option<(usize, String)>,
    /// The engine's last evaluation of each position of the game, by
    /// ply, from White's view (engine moves and analysis).
    pub(super) evals: BTreeMap<usize, ScoreView>,
    /// The whole-game evaluation pass under way, if any.
    pub(super) review: Option<Review>,
    /// Why the last pass failed, if it did.
    pub(super) review_error: Option<String>,
    pub(super) info: Option<Progress>,
    pub(super) engine_error: Option<String>,
    pub(super) last_used: Instant,
    /// When the engine last finished a search (for the idle release).
    pub(super) engine_used: Instant,
    /// A timer will give back the engine once it has been idle.
    pub(super) idle_timer_armed: bool,
    /// The timer waiting for the running clock's flag: replaced on every
    /// change, so a long game keeps one, not one per move.
    pub(super) flag_timer: Option<tokio::task::AbortHandle>,
    pub(super) closed: bool,
    /// Bumped on every change of the state.
    pub(super) version: u64,
}

impl Shared {
    pub(super) fn new(session: Session, engine_name: String, autoplay: bool) -> Shared {
        let now = Instant::now();
        Shared {
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
            last_used: now,
            engine_used: now,
            idle_timer_armed: false,
            flag_timer: None,
            closed: false,
            version: 0,
        }
    }

    /// A token for a new search or pass: results of older ones are
    /// recognised by theirs and dropped.
    pub(super) fn take_token(&mut self) -> u64 {
        let token = self.next_token;
        self.next_token += 1;
        token
    }

    /// Stops the current search and throws its result away.
    pub(super) fn abort(&mut self) {
        if let Some(t) = &mut self.thinking {
            t.discard = true;
            t.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The ply analysis looks at: the one asked for, or the current
    /// position.
    pub(super) fn analysed_ply(&self) -> usize {
        let last = self.session.ply();
        self.analysis_ply.map_or(last, |p| p.min(last))
    }

    /// Whether a search for a move (not an analysis) is under way and
    /// still wanted.
    pub(super) fn searching_move(&self) -> bool {
        self.thinking
            .as_ref()
            .is_some_and(|t| !t.discard && !t.analysis)
    }
}

/// A game: its state and its subscribers.
pub(super) struct Inner {
    pub(super) id: String,
    pub(super) ctx: Arc<Context>,
    shared: Mutex<Shared>,
    pub(super) events: broadcast::Sender<ServerEvent>,
}

impl Inner {
    pub(super) fn new(id: String, ctx: Arc<Context>, shared: Shared, buffer: usize) -> Inner {
        Inner {
            id,
            ctx,
            shared: Mutex::new(shared),
            events: broadcast::channel(buffer).0,
        }
    }

    /// Locks the shared state. A panic elsewhere while holding the lock
    /// leaves consistent data (every change is a single step), so a
    /// poisoned lock is used as is rather than failing every request.
    pub(super) fn lock(&self) -> MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// [`Inner::lock`] for a request: the game is marked used and a
    /// fallen flag is applied first, so every answer is up to date.
    pub(super) fn lock_touched(&self) -> MutexGuard<'_, Shared> {
        let mut s = self.lock();
        self.touch(&mut s);
        s
    }

    /// Bookkeeping on every access: marks the game used and applies a
    /// fallen flag.
    pub(super) fn touch(&self, s: &mut Shared) {
        let now = Instant::now();
        s.last_used = now;
        if s.session.check_flag(now) {
            s.abort();
            release_engine_if_done(s);
            self.broadcast_state(s);
        }
    }

    pub(super) fn send(&self, kind: &'static str, data: Result<String, serde_json::Error>) {
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
    pub(super) fn broadcast_state(&self, s: &mut Shared) {
        s.version += 1;
        if self.events.receiver_count() > 0 {
            self.send("state", serde_json::to_string(&self.state(s)));
        }
    }

    /// [`Inner::broadcast_state`] for a request that answers with the new
    /// state: the state is built once, for the answer and the subscribers.
    pub(super) fn answer_state(&self, s: &mut Shared) -> StateView {
        s.version += 1;
        let state = self.state(s);
        if self.events.receiver_count() > 0 {
            self.send("state", serde_json::to_string(&state));
        }
        state
    }

    /// After the position or the players' settings changed: start the
    /// engine if it is its turn, arm the flag timer, tell subscribers.
    pub(super) fn changed(self: &Arc<Self>, s: &mut Shared) {
        self.settle(s);
        self.broadcast_state(s);
    }

    /// [`Inner::changed`], answering with the new state.
    pub(super) fn changed_answer(self: &Arc<Self>, s: &mut Shared) -> StateView {
        self.settle(s);
        self.answer_state(s)
    }

    /// What follows a change: the engine given back or started, the flag
    /// timer armed.
    fn settle(self: &Arc<Self>, s: &mut Shared) {
        release_engine_if_done(s);
        self.maybe_start_engine(s);
        self.arm_flag_timer(s);
    }
}

/// Gives the engine (its table, its hash lease) back once the game no
/// longer needs it: the game is over or closed. An undo later builds a
/// new one.
pub(super) fn release_engine_if_done(s: &mut Shared) {
    if (s.closed || s.session.is_over()) && s.thinking.is_none() {
        if let Some(searcher) = s.searcher.take() {
            retire(searcher);
        }
    }
}

/// Drops an engine off the async runtime: an external engine waits a
/// moment for its process to quit. Its table and hash lease go with it.
pub(super) fn retire(searcher: Box<dyn Searcher>) {
    // Should no thread be available, the closure (and the engine with it)
    // is dropped right here instead.
    let _ = std::thread::Builder::new()
        .name("engine-close".into())
        .spawn(move || drop(searcher));
}
