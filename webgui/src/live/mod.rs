//! A game in use: shared between requests, server-sent event streams,
//! the engine thread and the game's timers. [`Live`] is the one game type
//! of the server, whatever the game: the session holds the position as a
//! `DynGame` and the engine is a `Searcher` for that game.
//!
//! The module is split by concern:
//! - `shared`: the state behind the game's lock and the steps every
//!   change ends with;
//! - `engine`: when the engine searches, its thread, its move;
//! - `timers`: the flag timer and the engine's idle release;
//! - `moves`: a person's move and the engine controls (go, stop,
//!   autoplay, strength);
//! - `actions`: resigning, offering a draw, taking moves back;
//! - `analysis`: analysis mode and the whole-game pass (`review`);
//! - `state`: what requests read (the state, positions, FEN, PGN).

mod actions;
mod analysis;
mod engine;
mod moves;
mod review;
mod shared;
mod state;
mod timers;

use std::sync::Arc;
use std::time::Instant;

pub use actions::{DrawAnswer, DRAW_AFTER_MOVE, DRAW_WITHIN_CP};
pub use analysis::{ANALYSIS_MS, MAX_ANALYSIS_LINES};
pub use review::{ReviewView, REVIEW_MOVETIME_MS};

use crate::config::Context;
use crate::session::Session;
use shared::{retire, Inner, Shared};

/// Events buffered per game for slow subscribers.
const EVENT_BUFFER: usize = 64;

/// An event for a game's subscribers, already serialized.
#[derive(Clone, Debug)]
pub struct ServerEvent {
    /// `state`, `info` or `review`.
    pub kind: &'static str,
    pub data: Arc<str>,
}

/// A game shared by requests and its engine thread; clones are handles
/// to the same game.
#[derive(Clone)]
pub struct Live {
    inner: Arc<Inner>,
}

impl Live {
    /// Wraps a new session; starts the engine if it moves first.
    pub fn start(id: String, ctx: Arc<Context>, mut session: Session, autoplay: bool) -> Live {
        session.start_clocks(Instant::now());
        let kind = session.game().game_type().kind();
        let engine_name = match ctx.config.engines.for_game(kind) {
            Some(path) => format!("external engine {}", path.display()),
            None => format!("built-in {} engine", session.game().game_type().name()),
        };
        let shared = Shared::new(session, engine_name, autoplay);
        let inner = Arc::new(Inner::new(id, ctx, shared, EVENT_BUFFER));
        {
            let mut s = inner.lock();
            inner.changed(&mut s);
        }
        Live { inner }
    }

    /// Whether the game is idle (no search) and since when it was used.
    pub fn idle_since(&self) -> Option<Instant> {
        let s = self.inner.lock();
        // A whole-game pass keeps its game as busy as a search does.
        (s.thinking.is_none() && s.review.is_none()).then_some(s.last_used)
    }

    /// Stops the engine for good (the game is being removed).
    pub fn close(&self) {
        let mut s = self.inner.lock();
        s.closed = true;
        s.autoplay = false;
        s.abort();
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
