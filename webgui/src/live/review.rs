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
//!
//! From the scores the game's moves are judged (inaccuracy, mistake,
//! blunder, by `workbench::review`), for the move list's marks, the
//! graph's markers and each side's count.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};

use serde::Serialize;

use search::Side;
use workbench::review::{expected_score, review, WhiteEval};

use super::engine::EngineSource;
use super::shared::{Inner, Shared};
use crate::error::ApiError;
use crate::limits::EngineLimit;
use crate::player::{EngineError, ScoreView, SearchRequest, Searcher};
use crate::view::{JudgementsView, MoveMark};

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
    /// The judgements with this score counted, so the marks and the
    /// counts fill in with the graph rather than wait for the last state.
    judgements: Option<JudgementsView>,
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

    /// The game's moves judged by the evaluations it has (the state's
    /// `judgements`): all of them after a pass, else those that play or
    /// analysis happened to score on both sides of a move.
    pub(super) fn judgements(&self) -> Option<JudgementsView> {
        let first_mover = match self.session.records().first()?.side {
            "black" => Side::Black,
            _ => Side::White,
        };
        judge_game(&self.evals, self.session.ply(), first_mover)
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
            level: None,
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
                judgements: s.judgements(),
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

/// A score as `workbench::review` reads it. A finished game's result is a
/// certain one: a win counts as a mate, a draw as level.
fn white_eval(score: ScoreView) -> WhiteEval {
    match score {
        ScoreView::Cp(cp) => WhiteEval::Centipawns(cp),
        ScoreView::Mate(n) => WhiteEval::Mate(n),
        ScoreView::End(0) => WhiteEval::Centipawns(0),
        ScoreView::End(winner) => WhiteEval::Mate(winner),
    }
}

/// The judgement of each move of a game of `plies` moves whose positions
/// are scored `evals` (by ply), `first_mover` to move at its start; `None`
/// while no move has both its positions scored (there is nothing to say
/// yet, not a clean game).
fn judge_game(
    evals: &BTreeMap<usize, ScoreView>,
    plies: usize,
    first_mover: Side,
) -> Option<JudgementsView> {
    let white: Vec<Option<WhiteEval>> = (0..=plies)
        .map(|ply| evals.get(&ply).copied().map(white_eval))
        .collect();
    if !white
        .windows(2)
        .any(|pair| pair[0].is_some() && pair[1].is_some())
    {
        return None;
    }
    let (judged, tallies) = review(&white, first_mover);
    let marks = judged
        .iter()
        .zip(white.windows(2))
        .enumerate()
        .filter_map(|(i, (judgement, pair))| {
            let mover = if i % 2 == 0 {
                first_mover
            } else {
                first_mover.opponent()
            };
            // `review` judged the move, so both its positions are scored.
            let (judgement, before, after) = ((*judgement)?, pair[0]?, pair[1]?);
            let lost = expected_score(before, mover) - expected_score(after, mover);
            Some(MoveMark {
                ply: i + 1,
                judgement,
                lost: points(lost),
            })
        })
        .collect();
    Some(JudgementsView { marks, tallies })
}

/// A share of expected score (0 to 1) as whole points of 100.
fn points(share: f64) -> u32 {
    // Rounded and clamped first, so the cast neither truncates nor wraps.
    (share * 100.0).round().clamp(0.0, 100.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use workbench::review::Judgement;

    fn scores(cps: &[(usize, ScoreView)]) -> BTreeMap<usize, ScoreView> {
        cps.iter().copied().collect()
    }

    #[test]
    fn nothing_is_judged_until_a_move_has_both_its_positions_scored() {
        // Play against the engine scores every other position only.
        let evals = scores(&[(0, ScoreView::Cp(20)), (2, ScoreView::Cp(900))]);
        assert_eq!(judge_game(&evals, 3, Side::White), None);
    }

    #[test]
    fn a_hung_queen_is_a_blunder_of_the_side_that_moved() {
        // Black to move first (a game from a FEN): its second move, ply 3,
        // gives away 9 pawns; White's moves lose nothing.
        let evals = scores(&[
            (0, ScoreView::Cp(-30)),
            (1, ScoreView::Cp(-20)),
            (2, ScoreView::Cp(-25)),
            (3, ScoreView::Cp(880)),
            (4, ScoreView::Mate(3)),
        ]);
        let judged = judge_game(&evals, 4, Side::Black).expect("judged");
        assert_eq!(judged.marks.len(), 1, "{judged:?}");
        let mark = judged.marks[0];
        assert_eq!((mark.ply, mark.judgement), (3, Judgement::Blunder));
        assert!((40..=55).contains(&mark.lost), "{mark:?}");
        assert_eq!(judged.tallies[1].blunders, 1, "Black's count");
        assert_eq!(judged.tallies[0], Default::default(), "White's count");
    }

    #[test]
    fn a_finished_games_result_is_a_certain_score() {
        // White lets a mate in one go and the game is drawn.
        let evals = scores(&[(0, ScoreView::Mate(1)), (1, ScoreView::End(0))]);
        let judged = judge_game(&evals, 1, Side::White).expect("judged");
        assert_eq!(judged.marks[0].judgement, Judgement::Blunder);
        assert_eq!(judged.marks[0].lost, 50);
        assert_eq!(white_eval(ScoreView::End(-1)), WhiteEval::Mate(-1));
    }
}
