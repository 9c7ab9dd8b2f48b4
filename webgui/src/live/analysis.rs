//! Analysis mode (the engine searches the position on the board, or an
//! earlier one, and shows its best lines; nothing is played) and the
//! switch of the whole-game pass, whose work is in `review`.

use super::Live;
use crate::error::ApiError;
use crate::session::{Player, Session};
use crate::view::StateView;

/// Analysis of one position stops after this long (the page shows the
/// deepest lines reached), so a forgotten tab does not keep a core busy.
pub const ANALYSIS_MS: u64 = 60_000;

/// Most lines analysis shows (the engines' `MultiPV` range).
pub const MAX_ANALYSIS_LINES: usize = search::search::MAX_MULTIPV;

impl Live {
    /// Analysis on (with 1 to 5 lines, of the position after `ply` moves
    /// or the current one) or off. It never changes the game's players or
    /// clock, so turning it off leaves the game exactly as it was; as on
    /// lichess, a game still being played against the engine or on the
    /// clock cannot be analysed (409) until it ends.
    pub fn set_analysis(
        &self,
        lines: Option<usize>,
        ply: Option<usize>,
    ) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock_touched();
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
        if lines.is_some() {
            if let Some(why) = running_game(&s.session) {
                return Err(ApiError::Conflict(why.into()));
            }
        }
        let changed = s.analysis != lines || s.analysis_ply != ply;
        s.analysis_ply = ply;
        if changed || s.thinking.as_ref().is_some_and(|t| !t.analysis) {
            // A search under way (a move, or analysis with other lines)
            // gives way.
            s.abort();
            s.analysed = None;
        }
        s.analysis = lines;
        if lines.is_some() {
            s.engine_error = None;
        }
        Ok(self.inner.changed_answer(&mut s))
    }

    /// Starts (`on`) or cancels the whole-game evaluation pass
    /// (`review.rs`).
    pub fn review(&self, on: bool) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock_touched();
        if on {
            self.inner.start_review(&mut s)?;
        } else if !s.cancel_review() {
            return Err(ApiError::Conflict(
                "the whole game is not being analysed".into(),
            ));
        }
        Ok(self.inner.answer_state(&mut s))
    }
}

/// Why analysis is refused now: the game is still being played against
/// an engine, or on a clock. Analysis once made both sides people and
/// dropped the clock, which silently ended such a game (issue 39, defect
/// 2); the engine's help during one's own game is what lichess forbids
/// too. A finished game, or one a person plays both sides of without a
/// clock (the analysis board), may be analysed.
fn running_game(session: &Session) -> Option<&'static str> {
    if session.is_over() {
        return None;
    }
    if session.players().contains(&Player::Engine) {
        return Some(
            "the game against the engine is still being played: analysis is open once it ends (resign, or play it out)",
        );
    }
    if session.clocks().is_some() {
        return Some("the game is on the clock: analysis is open once it ends");
    }
    None
}
