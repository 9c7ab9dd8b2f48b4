//! What the API returns for a game: its whole state in one JSON object, so
//! the page can redraw from any response or server-sent event.

use std::collections::BTreeMap;

use serde::Serialize;

use workbench::review::{Judgement, Tally};
use workbench::view::{Choice, GameMeta, LegalMove, MoveInfo};
use workbench::GameKind;

use crate::clock::ClockView;
use crate::limits::EngineLimit;
use crate::live::ReviewView;
use crate::player::{Progress, ScoreView};
use crate::session::{AnalysisBoardView, MoveRecord, Player, PositionView, ResultView};

#[derive(Clone, Debug, Serialize)]
pub struct Players {
    pub white: Player,
    pub black: Player,
}

#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    pub id: String,
    pub game: GameKind,
    /// How to draw the game (title, pieces, rank numbers).
    pub meta: GameMeta,
    /// Display names of the sides (`White`/`Black`, `Tangerine`/`Lavender`).
    pub side_names: [&'static str; 2],
    pub players: Players,
    pub limit: EngineLimit,
    pub start_fen: String,
    /// The current position (the end of the move list).
    pub position: PositionView,
    pub moves: Vec<MoveRecord>,
    /// Legal moves of the current position (empty once the game is over),
    /// each with what it would show when the game stages moves.
    pub legal: Vec<LegalMove>,
    /// What a click on each piece that can move offers, down to a move
    /// (an index into `legal`): all the page needs to put moves together.
    pub choices: BTreeMap<String, Choice>,
    /// Moves the ko rule forbids now (Leiserchess): not in `legal`, listed
    /// so the page can say why when a person tries one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ko: Vec<MoveInfo>,
    pub result: Option<ResultView>,
    pub clock: Option<ClockView>,
    /// Whether an engine is searching for the side to move.
    pub thinking: bool,
    /// Whether the engine is analysing the position (analysis mode).
    pub analysing: bool,
    /// Analysis mode: its number of lines, while on.
    pub analysis: Option<usize>,
    /// The ply analysis looks at (while on).
    pub analysis_ply: Option<usize>,
    /// The engine's evaluation of positions of the game by ply (White's
    /// view), as far as it has searched them.
    pub evals: BTreeMap<usize, ScoreView>,
    /// The whole-game evaluation pass under way: the ply it searches and
    /// the game's plies.
    pub review: Option<ReviewView>,
    /// Why the last whole-game pass failed, if it did.
    pub review_error: Option<String>,
    /// The moves judged by `evals` (inaccuracies, mistakes, blunders) and
    /// each side's count; `null` until some move has both its positions
    /// evaluated (every move after a whole-game pass).
    pub judgements: Option<JudgementsView>,
    /// An analysis board's variations and the game it came from; `null`
    /// for a game.
    pub analysis_board: Option<AnalysisBoardView>,
    /// Engine against engine: whether the engines play on by themselves.
    pub autoplay: bool,
    pub engine: String,
    /// The last engine failure, if any (shown in the engine panel).
    pub engine_error: Option<String>,
    /// The latest progress of the current or last search.
    pub info: Option<Progress>,
    /// Grows with every change, so the page can drop stale states that
    /// arrive out of order (a response after a newer event).
    pub version: u64,
}

/// How a reviewed game's moves are judged, by the expected score each one
/// gave away (`workbench::review`: lichess's winning-chances curve). Only
/// the judged moves are listed, so a clean game of 100 plies costs a few
/// bytes, not a hundred `null`s:
///
/// ```json
/// {"marks": [{"ply": 5, "judgement": "blunder", "lost": 41}],
///  "tallies": [{"inaccuracies": 0, "mistakes": 0, "blunders": 1},
///              {"inaccuracies": 1, "mistakes": 0, "blunders": 0}]}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JudgementsView {
    /// The judged moves in the order played.
    pub marks: Vec<MoveMark>,
    /// White's (the first side's) count, then Black's.
    pub tallies: [Tally; 2],
}

/// One judged move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MoveMark {
    /// The ply the move led to (1 for the game's first move), the ply the
    /// page shows when it jumps to the move: the board after it, as the
    /// move list's buttons do.
    pub ply: usize,
    /// `inaccuracy`, `mistake` or `blunder` (the page writes `?!`, `?`,
    /// `??`).
    pub judgement: Judgement,
    /// The mover's expected score lost, in points of 100 (rounded), so the
    /// page can say how bad the move was.
    pub lost: u32,
}
