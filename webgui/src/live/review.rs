//! The whole-game evaluation pass ("Analyse the whole game", as lichess's
//! computer analysis): every position of the game searched for a short
//! fixed time, its score kept in the game's `evals` for the graph.
//!
//! The pass runs on its own OS thread with its own engine, of the kind the
//! game plays with (the built-in engine, or the program the command line
//! named; never one a request names). So it never waits for a move being
//! searched nor holds one up, and play, analysis and the page go on while
//! it runs. It reads the game one ply at a time under the lock, so moves
//! played meanwhile are evaluated too; an undo or a cancel ends it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};

use serde::Serialize;

use super::engine::EngineSource;
use super::shared::{Inner, Shared};
use crate::error::ApiError;
use crate::limits::EngineLimit;
use crate::player::{EngineError, ScoreView, SearchRequest, Searcher};

/// Search time per position. A fixed time (not a depth) keeps the pass's
/// length predictable whatever the game: a fixed depth takes milliseconds
/// in one Leiserchess position and seconds in a chess middlegame. 150 ms
/// reached depth 8 to 11 with the built-in engines on one busy core
/// (`go movetime 150` at the start and in a Ruy Lopez, both games),
/// enough to show the course of a game, and a 100-ply game takes 15 s,
/// about what lichess makes people wait for its computer analysis.
pub const REVIEW_MOVETIME_MS: u64 = 150;

/// A pass under way.
pub(super) struct Review {
    token: u64,
    stop: Arc<AtomicBool>,
    /// The ply of the position being searched.
    ply: usize,
}

/// What the page shows of a pass under way: "ply 12/40".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ReviewView {
    /// The ply of the position being searched (0: the start position).
    pub ply: usize,
    /// The plies of the game (its last position's ply).
    pub plies: usize,
}

/// The event sent as each position is evaluated: small, so a long pass
/// does not send the whole state (legal moves, previews) every 150 ms.
#[derive(Serialize)]
struct ReviewEvent {
    /// The state's version after this evaluation (the page drops states
    /// older than it).
    version: u64,
    ply: usize,
    score: ScoreView,
    review: Option<ReviewView>,
}

impl Shared {
    pub(super) fn review_view(&self) -> Option<ReviewView> {
        self.review.as_ref().map(|r| ReviewView {
            ply: r.ply,
            plies: self.session.ply(),
        })
    }

    /// Ends the pass under way, if any; true if there was one.
    pub(super) fn cancel_review(&mut self) -> bool {
        match self.review.take() {
            Some(review) => {
                review.stop.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    fn review_is(&self, token: u64) -> bool {
        self.review.as_ref().is_some_and(|r| r.token == token)
    }
}

impl Inner {
    /// Starts a pass over the game: refused while one runs and for a game
    /// without moves (its one position is what analysis is for).
    pub(super) fn start_review(self: &Arc<Self>, s: &mut Shared) -> Result<(), ApiError> {
        if s.review.is_some() {
            return Err(ApiError::Conflict(
                "the whole game is already being analysed".into(),
            ));
        }
        if s.session.ply() == 0 {
            return Err(ApiError::Conflict(
                "the game has no moves to analyse yet".into(),
            ));
        }
        let token = s.take_token();
        let stop = Arc::new(AtomicBool::new(false));
        let engine = EngineSource::of(self, s);
        let weak = Arc::downgrade(self);
        let thread_stop = Arc::clone(&stop);
        std::thread::Builder::new()
            .name(format!("review {}", self.id))
            .stack_size(search::search::SEARCH_STACK_BYTES)
            .spawn(move || run(&weak, token, &thread_stop, &engine))
            .map_err(|e| ApiError::EngineUnavailable(format!("could not start a thread: {e}")))?;
        s.review = Some(Review {
            token,
            stop,
            ply: 0,
        });
        s.review_error = None;
        Ok(())
    }

    /// What pass `token` searches at `ply`, or `None` when it is over:
    /// cancelled, or past the game's last position (then it ends here).
    fn review_request(&self, token: u64, ply: usize) -> Option<SearchRequest> {
        let mut s = self.lock();
        if !s.review_is(token) {
            return None;
        }
        let limit = EngineLimit {
            movetime_ms: Some(REVIEW_MOVETIME_MS),
            depth: None,
        };
        let request = s.session.analysis_request(ply, limit, 1);
        match (&request, &mut s.review) {
            (Some(_), Some(review)) => review.ply = ply,
            _ => {
                s.review = None;
                self.broadcast_state(&mut s);
            }
        }
        request
    }

    /// Keeps pass `token`'s score of the position at `ply`, and tells the
    /// page (unless the pass was cancelled meanwhile).
    fn record_review(&self, token: u64, ply: usize, score: ScoreView) {
        let json = {
            let mut s = self.lock();
            if !s.review_is(token) {
                return;
            }
            s.evals.insert(ply, score);
            s.version += 1;
            serde_json::to_string(&ReviewEvent {
                version: s.version,
                ply,
                score,
                review: s.review_view(),
            })
        };
        self.send("review", json);
    }

    /// Pass `token` failed: it ends, and the page says why.
    fn fail_review(&self, token: u64, error: &EngineError) {
        let mut s = self.lock();
        if s.review_is(token) {
            s.review = None;
            s.review_error = Some(error.to_string());
            self.broadcast_state(&mut s);
        }
    }
}

/// The pass's thread: one position after the other until the game's last
/// one, a cancel, or the game's end (it holds the game only weakly).
fn run(weak: &Weak<Inner>, token: u64, stop: &AtomicBool, engine: &EngineSource) {
    let mut searcher = match engine.engine(None) {
        Ok(searcher) => searcher,
        Err(e) => {
            if let Some(inner) = weak.upgrade() {
                inner.fail_review(token, &e);
            }
            return;
        }
    };
    let mut ply = 0;
    // The game is upgraded only between searches, so a closed game is
    // dropped while its pass searches.
    while let Some(request) = weak.upgrade().and_then(|i| i.review_request(token, ply)) {
        let evaluated = evaluate(searcher.as_mut(), &request, stop);
        let Some(inner) = weak.upgrade() else { return };
        match evaluated {
            Ok(Some(score)) => inner.record_review(token, ply, score),
            // No score: stopped at once (cancelled), or an external engine
            // that reports none. The graph has no point there.
            Ok(None) => {}
            Err(e) => {
                inner.fail_review(token, &e);
                return;
            }
        }
        ply += 1;
    }
}

/// The score of one position from White's view, as the graph draws every
/// score: the engine's last main line, or the result in a position whose
/// game is over (nothing to search there).
fn evaluate(
    searcher: &mut dyn Searcher,
    request: &SearchRequest,
    stop: &AtomicBool,
) -> Result<Option<ScoreView>, EngineError> {
    if let Some(outcome) = request.game.outcome() {
        return Ok(Some(ScoreView::of_end(outcome.winner)));
    }
    let mut last = None;
    searcher.search(request, stop, &mut |progress| {
        if progress.multipv <= 1 {
            last = Some(progress.score);
        }
    })?;
    Ok(last)
}
