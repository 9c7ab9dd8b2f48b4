//! What a person does to the game as a whole: resign, offer a draw (the
//! engine's answer is decided here), take moves back.

use std::collections::BTreeMap;
use std::time::Instant;

use search::Side;

use super::shared::Shared;
use super::Live;
use crate::error::ApiError;
use crate::player::ScoreView;
use crate::session::{Player, Session};
use crate::view::StateView;

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

impl Live {
    /// A person resigns: `side`, or the one person playing (the side to
    /// move when a person plays both).
    pub fn resign(&self, side: Option<Side>) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock_touched();
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
        s.abort();
        s.autoplay = false;
        Ok(self.inner.changed_answer(&mut s))
    }

    /// A person offers a draw: between people it is agreed at once; the
    /// engine accepts by [`DRAW_AFTER_MOVE`] and [`DRAW_WITHIN_CP`].
    pub fn offer_draw(&self) -> Result<DrawAnswer, ApiError> {
        let mut s = self.inner.lock_touched();
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
            s.abort();
        }
        let state = self.inner.changed_answer(&mut s);
        Ok(DrawAnswer {
            accepted,
            reason,
            state,
        })
    }

    /// Takes back `plies` moves, or as many as give a person the move.
    pub fn undo(&self, plies: Option<usize>) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock_touched();
        let plies = plies.unwrap_or_else(|| s.session.default_undo_plies());
        s.session.undo(plies, Instant::now())?;
        let ply = s.session.ply();
        Ok(self.line_changed(&mut s, ply))
    }

    /// An analysis board's line becomes `moves` (from the start).
    pub fn set_line(&self, moves: &[String]) -> Result<StateView, ApiError> {
        let mut s = self.inner.lock_touched();
        let shared = s.session.set_line(moves, Instant::now())?;
        // Analysis follows the board's new position.
        s.analysis_ply = None;
        Ok(self.line_changed(&mut s, shared))
    }

    /// The answer once the moves after ply `kept` were taken back (and
    /// others perhaps played): what belonged to them goes.
    fn line_changed(&self, s: &mut Shared, kept: usize) -> StateView {
        s.evals.retain(|&p, _| p <= kept);
        // A whole-game pass goes on unless the position it searches is
        // gone (the ones before it are still the game's).
        if s.review_view().is_some_and(|r| r.ply > kept) {
            s.cancel_review();
        }
        // The search (if any) was for a position that is gone.
        s.abort();
        s.info = None;
        s.engine_error = None;
        self.inner.changed_answer(s)
    }
}

/// The engine's answer to a draw offer: yes after move
/// [`DRAW_AFTER_MOVE`] when its last evaluation is within
/// [`DRAW_WITHIN_CP`] centipawns of level.
fn engine_answer(session: &Session, evals: &BTreeMap<usize, ScoreView>) -> (bool, String) {
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
