//! An analysis board: a session both of whose sides a person plays, with
//! no clock, whose lines are kept as a tree of variations. Its current
//! line may be set to any line from the start (to go back, forward or
//! into another variation), which the page does for every step through
//! the tree, so the board always shows the position at the end of the
//! line, with its legal moves and the engine's analysis.

use std::time::Instant;

use serde::Serialize;

use workbench::MoveId;

use super::{Player, Session};
use crate::error::ApiError;
use crate::variations::{NodeView, Variations};

/// Longest line accepted (as many moves as a new game may start with).
pub const MAX_LINE: usize = 2000;

/// What makes a session an analysis board.
#[derive(Clone, Debug, Default)]
pub struct AnalysisBoard {
    /// The game it was opened from, if any, for the page's way back.
    origin: Option<String>,
    tree: Variations,
}

/// An analysis board as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisBoardView {
    pub origin: Option<String>,
    /// Every move of every line, a parent before its children.
    pub tree: Vec<NodeView>,
}

impl Session {
    /// Makes this session an analysis board (opened from game `origin`):
    /// a person plays both sides, without a clock, and the moves played
    /// so far are its first line.
    pub fn make_analysis_board(&mut self, origin: Option<String>) -> Result<(), ApiError> {
        self.players = [Player::Human, Player::Human];
        self.drop_clocks();
        let mut board = AnalysisBoard {
            origin,
            tree: Variations::default(),
        };
        board.tree.record(&self.records)?;
        self.board = Some(board);
        Ok(())
    }

    pub fn analysis_board(&self) -> Option<AnalysisBoardView> {
        self.board.as_ref().map(|b| AnalysisBoardView {
            origin: b.origin.clone(),
            tree: b.tree.nodes().to_vec(),
        })
    }

    /// An analysis board's line becomes `texts` (moves from the start, in
    /// either notation): the moves after the point where the two lines
    /// part are taken back and the new ones played. Nothing changes when
    /// a move of `texts` is not legal, or the tree is full. Returns the
    /// plies the lines share.
    pub fn set_line(&mut self, texts: &[String], now: Instant) -> Result<usize, ApiError> {
        if self.board.is_none() {
            return Err(ApiError::Conflict(
                "only an analysis board's line can be set: open one with \"analysis_board\"".into(),
            ));
        }
        if texts.len() > MAX_LINE {
            return Err(ApiError::BadRequest(format!("at most {MAX_LINE} moves")));
        }
        let line = self.legal_line(texts)?;
        let old = self.moves.clone();
        let shared = shared_plies(&old, &line);
        if let Err(e) = self.follow(shared, &line, now) {
            // Only a full tree refuses a legal line; the old line is in it.
            self.follow(shared_plies(&self.moves, &old), &old, now)?;
            return Err(e);
        }
        Ok(shared)
    }

    /// Takes moves back to ply `keep`, then plays `line`'s after it.
    fn follow(&mut self, keep: usize, line: &[MoveId], now: Instant) -> Result<(), ApiError> {
        let back = self.moves.len() - keep;
        if back > 0 {
            self.undo(back, now)?;
        }
        line[keep..].iter().try_for_each(|&mv| self.play(mv, now))
    }

    /// The moves of `texts` played from the start, each checked legal in
    /// its position.
    fn legal_line(&self, texts: &[String]) -> Result<Vec<MoveId>, ApiError> {
        let mut game = self.start.clone();
        let mut line = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            if game.outcome().is_some() {
                return Err(ApiError::BadRequest(format!(
                    "move {} ('{text}') comes after the end of the game",
                    i + 1
                )));
            }
            let mv = game.parse(text.trim()).map_err(|e| ApiError::IllegalMove {
                text: text.clone(),
                reason: format!("move {} of the line: {e}", i + 1),
            })?;
            game.make(mv)
                .map_err(|e| ApiError::Conflict(e.to_string()))?;
            line.push(mv);
        }
        Ok(line)
    }

    /// Adds the line played to an analysis board's tree (a game has none).
    pub(super) fn record_line(&mut self) -> Result<(), ApiError> {
        match &mut self.board {
            Some(board) => board.tree.record(&self.records),
            None => Ok(()),
        }
    }
}

/// How many first moves `a` and `b` share.
fn shared_plies(a: &[MoveId], b: &[MoveId]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}
