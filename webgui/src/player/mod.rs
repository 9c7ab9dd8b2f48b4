//! Engines that play a move for a game: the built-in search, or an
//! external UCI engine named on the command line. Both report progress in
//! the page's terms ([`Progress`]) and honour a stop flag.

mod builtin;
mod uci;

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::Serialize;

use search::{ScoreReport, SearchInfo, SearchStats, Side};
use workbench::{DynGame, GameError, GameType, MoveId};

use crate::budget::HashBudget;

pub use builtin::Builtin;
pub use uci::UciEngine;

/// Why an engine could not produce a move.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("could not start the engine: {0}")]
    Start(String),
    #[error("the engine stopped answering: {0}")]
    Protocol(String),
    #[error("the engine played an illegal move '{0}'")]
    IllegalMove(String),
    /// The game object refused the built-in engine (a position of another
    /// game, a table that could not be allocated).
    #[error(transparent)]
    Game(#[from] GameError),
}

/// A score from White's (Tangerine's) point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreView {
    /// Centipawns (evaluation units).
    Cp(i32),
    /// Mate in this many moves; negative when White is mated.
    Mate(i32),
    /// The game is over in this position, nothing left to search: 1 when
    /// White has won, -1 when Black has, 0 for a draw. (A mated side's
    /// `Mate(0)` would not say which side it is.)
    End(i32),
}

impl ScoreView {
    /// Turns a score from the side to move's view into White's view.
    pub fn from_report(report: ScoreReport, side_to_move: Side) -> ScoreView {
        let sign = if side_to_move == Side::White { 1 } else { -1 };
        match report {
            ScoreReport::Cp(cp) => ScoreView::Cp(cp * sign),
            ScoreReport::Mate(m) => ScoreView::Mate(m * sign),
        }
    }

    /// The value of a position whose game is over, won by `winner` (a
    /// draw when `None`).
    pub fn of_end(winner: Option<Side>) -> ScoreView {
        ScoreView::End(match winner {
            Some(Side::White) => 1,
            Some(Side::Black) => -1,
            None => 0,
        })
    }
}

/// The squares of a line's first move, for an arrow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArrowView {
    pub from: String,
    pub to: String,
}

/// The built-in search's counters (main thread), for the statistics
/// panel: quiescence share and table hit rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StatsView {
    pub nodes: u64,
    pub qnodes: u64,
    pub tt_probes: u64,
    pub tt_hits: u64,
}

impl From<SearchStats> for StatsView {
    fn from(s: SearchStats) -> StatsView {
        StatsView {
            nodes: s.nodes,
            qnodes: s.qnodes,
            tt_probes: s.tt_probes,
            tt_hits: s.tt_hits,
        }
    }
}

/// Live engine progress, as the engine panel shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// Which line (`MultiPV`), from 1.
    pub multipv: u32,
    pub depth: u32,
    pub seldepth: u32,
    pub score: ScoreView,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// The principal variation in record notation (SAN for chess).
    pub pv: Vec<String>,
    /// The squares of its first move.
    pub first: Option<ArrowView>,
    /// The squares of its first few moves (arrows for the line).
    pub arrows: Vec<ArrowView>,
    /// Counters, when the engine reports them (the built-in one does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<StatsView>,
    /// A word for the engine panel beside the search (an engine without
    /// levels asked to play below full strength).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static str>,
}

impl Progress {
    /// Progress from the built-in search's report on `root`.
    pub fn from_info(root: &dyn DynGame, info: &SearchInfo<MoveId>) -> Progress {
        let (pv, arrows) = line_view(root, info.pv.iter().copied());
        Progress {
            pv,
            first: arrows.first().cloned(),
            arrows,
            multipv: info.multipv,
            depth: info.depth,
            seldepth: info.seldepth,
            score: ScoreView::from_report(info.score_report(), root.side_to_move()),
            nodes: info.nodes,
            nps: info.nps,
            time_ms: info.time.as_millis() as u64,
            stats: Some(info.stats.into()),
            note: None,
        }
    }

    pub fn with_note(self, note: Option<&'static str>) -> Progress {
        Progress { note, ..self }
    }
}

/// Arrows a line shows on the board while the pointer rests on it: its
/// first moves.
const LINE_ARROWS: usize = 4;

/// A line of moves from `root` as the page shows it: its moves in record
/// notation, and the squares of its first [`LINE_ARROWS`] moves for
/// arrows. It stops at the first move that is not legal (a PV from a hash
/// table may hold one), and a position whose game is over has none.
pub fn line_view(
    root: &dyn DynGame,
    line: impl Iterator<Item = MoveId>,
) -> (Vec<String>, Vec<ArrowView>) {
    let mut game = root.clone_box();
    let (mut records, mut arrows) = (Vec::new(), Vec::new());
    for mv in line {
        if game.outcome().is_some() {
            break;
        }
        let (Ok(record), Ok(info)) = (game.move_record(mv), game.view().move_info(mv)) else {
            break;
        };
        if game.make(mv).is_err() {
            break;
        }
        records.push(record);
        if arrows.len() < LINE_ARROWS {
            arrows.push(ArrowView {
                from: info.from,
                to: info.to,
            });
        }
    }
    (records, arrows)
}

/// What the engine is asked to search: the game (with its history) and, for
/// external engines, the same game as start position and moves.
pub struct SearchRequest {
    pub game: Box<dyn DynGame>,
    pub start_fen: String,
    pub moves: Vec<String>,
    pub limits: search::Limits,
    /// Principal variations to report (`MultiPV`, 1 to 5).
    pub multipv: usize,
}

/// An engine that plays moves of the game it was made for.
pub trait Searcher: Send {
    /// Searches until a limit is reached or `stop` is set, calling `report`
    /// with progress; returns the move to play (`None` when there is none).
    fn search(
        &mut self,
        request: &SearchRequest,
        stop: &AtomicBool,
        report: &mut dyn FnMut(Progress),
    ) -> Result<Option<MoveId>, EngineError>;

    /// Plays at `level` (1 to 8, `crate::limits`) from the next search on.
    /// `Ok(false)` when the engine offers no way to weaken it and plays
    /// at full strength whatever the level.
    fn set_level(&mut self, level: u8) -> Result<bool, EngineError>;

    /// Whether the engine should be rebuilt before its next search (its
    /// share of the hash budget changed a lot, or it broke).
    fn should_resize(&self) -> bool {
        false
    }
}

/// The engine a game of `game` uses: the external one when configured,
/// else the game's built-in search.
pub fn new_searcher(
    game: &'static dyn GameType,
    external: Option<&Path>,
    budget: &Arc<HashBudget>,
) -> Result<Box<dyn Searcher>, EngineError> {
    match external {
        Some(path) => Ok(Box::new(UciEngine::spawn(game, path)?)),
        None => Ok(Box::new(Builtin::new(game, budget)?)),
    }
}
