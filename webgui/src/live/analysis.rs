//! Analysis mode (the engine searches the position on the board, or an
//! earlier one, and shows its best lines; nothing is played) and the
//! switch of the whole-game pass, whose work is in `review`.

use super::Live;
use crate::error::ApiError;
use crate::session::Player;
use crate::view::StateView;

/// Analysis of one position stops after this long (the page shows the
/// deepest lines reached), so a forgotten tab does not keep a core busy.
pub const ANALYSIS_MS: u64 = 60_000;

/// Most lines analysis shows (the engines' `MultiPV` range).
pub const MAX_ANALYSIS_LINES: usize = search::search::MAX_MULTIPV;

impl Live {
    /// Analysis on (with 1 to 5 lines, of the position after `ply` moves
    /// or the current one; a person then plays both sides and the clocks
    /// go) or off.
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
            s.autoplay = false;
            s.engine_error = None;
            s.session.set_players([Player::Human, Player::Human]);
            s.session.drop_clocks();
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
