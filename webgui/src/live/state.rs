//! What requests read of a game: the whole state the page redraws from
//! ([`StateView`], built here and nowhere else), the legal moves, earlier
//! positions, the FEN, the PGN, and the event stream's first state.

use std::collections::BTreeMap;
use std::time::Instant;

use tokio::sync::broadcast;

use search::Side;
use workbench::pgn::Score;
use workbench::view::LegalMove;

use super::shared::{Inner, Shared};
use super::{Live, ServerEvent};
use crate::error::ApiError;
use crate::player::ScoreView;
use crate::session::{Player, PositionView};
use crate::view::{Players, StateView};

impl Inner {
    /// The game's whole state, as every answer and `state` event sends it.
    pub(super) fn state(&self, s: &Shared) -> StateView {
        let session = &s.session;
        let game = session.game();
        let game_type = game.game_type();
        let offer = session.offer();
        let [white, black] = session.players();
        StateView {
            id: self.id.clone(),
            game: game_type.kind(),
            meta: game_type.meta(),
            side_names: game_type.side_names(),
            players: Players { white, black },
            limit: session.limit(),
            start_fen: session.start_fen().to_string(),
            position: session.current_view(),
            moves: session.records().to_vec(),
            legal: offer.legal,
            choices: offer.choices,
            ko: game.view().ko_forbidden(),
            result: session.result_view(),
            clock: session.clock_view(Instant::now()),
            thinking: s.searching_move(),
            analysing: s
                .thinking
                .as_ref()
                .is_some_and(|t| !t.discard && t.analysis),
            analysis: s.analysis,
            analysis_ply: s.analysis.map(|_| s.analysed_ply()),
            evals: s.evals.clone(),
            review: s.review_view(),
            review_error: s.review_error.clone(),
            judgements: s.judgements(),
            analysis_board: session.analysis_board(),
            autoplay: s.autoplay,
            engine: s.engine_name.clone(),
            engine_error: s.engine_error.clone(),
            info: s.info.clone(),
            version: s.version,
        }
    }
}

impl Live {
    pub fn state(&self) -> StateView {
        let s = self.inner.lock_touched();
        self.inner.state(&s)
    }

    /// The legal moves now (none once the game is over).
    pub fn legal(&self) -> Vec<LegalMove> {
        self.inner.lock_touched().session.offer().legal
    }

    /// The position after `ply` moves.
    pub fn position(&self, ply: usize) -> Result<PositionView, ApiError> {
        self.inner.lock_touched().session.position_at(ply)
    }

    pub fn fen(&self) -> String {
        self.inner.lock_touched().session.game().fen()
    }

    /// The game as PGN, its players named as the engine panel names them,
    /// with the game's evaluations and clock times in each move's comment.
    pub fn pgn(&self, date: &str) -> String {
        let s = self.inner.lock_touched();
        let name = |side: Side| match s.session.player(side) {
            Player::Human => "Human".to_string(),
            Player::Engine => s.engine_name.clone(),
        };
        let names = [name(Side::White), name(Side::Black)];
        let evals: BTreeMap<usize, Score> = s
            .evals
            .iter()
            .filter_map(|(&ply, &score)| Some((ply, pgn_score(score)?)))
            .collect();
        s.session.pgn(names, date, &evals)
    }

    /// The current state (as JSON) and a receiver of later events.
    pub fn subscribe(&self) -> (String, broadcast::Receiver<ServerEvent>) {
        let s = self.inner.lock_touched();
        let rx = self.inner.events.subscribe();
        let json = serde_json::to_string(&self.inner.state(&s)).unwrap_or_default();
        (json, rx)
    }
}

/// A score as a PGN `[%eval]` writes it. A position where the game is over
/// has no search score: a draw is level (0.00), and a won one gets none
/// (`#0` would not say who won; the result and the move's `#` do).
fn pgn_score(score: ScoreView) -> Option<Score> {
    match score {
        ScoreView::Cp(cp) => Some(Score::Centipawns(cp)),
        ScoreView::Mate(n) => Some(Score::Mate(n)),
        ScoreView::End(0) => Some(Score::Centipawns(0)),
        ScoreView::End(_) => None,
    }
}
