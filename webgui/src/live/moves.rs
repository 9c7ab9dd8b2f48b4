//! Moves as requests make them: a person's move, and the engine controls
//! (move now, stop, autoplay between engines, strength). Each answers
//! with the game's new state.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::engine::Purpose;
use super::Live;
use crate::error::ApiError;
use crate::limits::EngineLimit;
use crate::session::Player;
use crate::view::StateView;

impl Live {
    /// A person's move, in protocol or record notation.
    pub fn play(&self, text: &str) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock_touched();
        if s.thinking.as_ref().is_some_and(|t| t.analysis) {
            // The analysis was of a position before this move; it goes on
            // with the new current position.
            s.abort();
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
        // A move refused on time still changed the game (its flag fell).
        let state = self.inner.changed_answer(&mut s);
        played?;
        Ok(state)
    }

    /// The engine moves now for the side to move, within `limit` (the
    /// game's own when `None`).
    pub fn engine_go(&self, limit: Option<EngineLimit>) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock_touched();
        if s.session.is_over() {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        if s.thinking.is_some() {
            return Err(ApiError::Conflict("the engine is already thinking".into()));
        }
        let limit = match limit {
            Some(l) => l.validate()?.keeping_level(s.session.limit()),
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

    /// Stops the search: its best move is played (`play_best`) or it is
    /// thrown away, which also pauses engine-against-engine play.
    pub fn engine_stop(&self, play_best: bool) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock_touched();
        match &mut s.thinking {
            Some(t) if !t.discard => {
                t.discard = !play_best;
                t.stop.store(true, Ordering::Relaxed);
            }
            _ => return Err(ApiError::Conflict("the engine is not thinking".into())),
        }
        if !play_best {
            s.autoplay = false;
        }
        Ok(self.inner.answer_state(&mut s))
    }

    /// Engines against each other play on by themselves (`on`) or wait.
    pub fn set_autoplay(&self, on: bool) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock_touched();
        s.autoplay = on;
        if on {
            s.engine_error = None;
        } else {
            let engines_only = !s.session.players().contains(&Player::Human);
            if engines_only {
                s.abort();
            }
        }
        Ok(self.inner.changed_answer(&mut s))
    }

    /// The engine's strength from its next search on. A limit without a
    /// level keeps the game's: the page's time or depth field alone must
    /// not undo the level chosen for the game.
    pub fn set_limit(&self, limit: EngineLimit) -> StateView {
        let mut s = self.inner.lock_touched();
        let limit = limit.keeping_level(s.session.limit());
        s.session.set_limit(limit);
        self.inner.answer_state(&mut s)
    }
}
