//! Engines that play a move for a game: the built-in search, or an
//! external UCI engine named on the command line. Both report progress in
//! the page's terms ([`Progress`]) and honour a stop flag.

mod builtin;
mod uci;

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::Serialize;

use search::{ScoreReport, SearchInfo, Side};

use crate::budget::HashBudget;
use crate::games::GuiGame;

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
}

/// A score from White's (Tangerine's) point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreView {
    /// Centipawns (evaluation units).
    Cp(i32),
    /// Mate in this many moves; negative when White is mated.
    Mate(i32),
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
}

/// Live engine progress, as the engine panel shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub depth: u32,
    pub seldepth: u32,
    pub score: ScoreView,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// The principal variation in record notation (SAN for chess).
    pub pv: Vec<String>,
}

impl Progress {
    /// Progress from the built-in search's report on `root`.
    pub fn from_info<G: GuiGame>(root: &G, info: &SearchInfo<G::Move>) -> Progress {
        Progress {
            depth: info.depth,
            seldepth: info.seldepth,
            score: ScoreView::from_report(info.score_report(), root.side_to_move()),
            nodes: info.nodes,
            nps: info.nps,
            time_ms: info.time.as_millis() as u64,
            pv: pv_records(root, info.pv.iter().copied()),
        }
    }
}

/// Record notation of a line of moves from `root`, stopping at the first
/// move that is not legal (a PV from a hash table may hold one).
pub fn pv_records<G: GuiGame>(root: &G, line: impl Iterator<Item = G::Move>) -> Vec<String> {
    let mut game = root.clone();
    let mut legal = Vec::new();
    let mut out = Vec::new();
    for mv in line {
        legal.clear();
        game.legal_moves(&mut legal);
        if game.outcome().is_some() || !legal.contains(&mv) {
            break;
        }
        out.push(game.move_to_record(mv));
        game.make(mv);
    }
    out
}

/// What the engine is asked to search: the game (with its history) and, for
/// external engines, the same game as start position and moves.
pub struct SearchRequest<G> {
    pub game: G,
    pub start_fen: String,
    pub moves: Vec<String>,
    pub limits: search::Limits,
}

/// An engine that plays moves of `G`.
pub trait Searcher<G: GuiGame>: Send {
    /// Searches until a limit is reached or `stop` is set, calling `report`
    /// with progress; returns the move to play (`None` when there is none).
    fn search(
        &mut self,
        request: &SearchRequest<G>,
        stop: &AtomicBool,
        report: &mut dyn FnMut(Progress),
    ) -> Result<Option<G::Move>, EngineError>;

    /// A name for the engine panel.
    fn name(&self) -> String;

    /// Whether the engine should be rebuilt before its next search (its
    /// share of the hash budget changed a lot, or it broke).
    fn should_resize(&self) -> bool {
        false
    }
}

/// The engine a game uses: the external one when configured, else built-in.
pub fn new_searcher<G: GuiGame>(
    external: Option<&Path>,
    budget: &Arc<HashBudget>,
) -> Result<Box<dyn Searcher<G>>, EngineError> {
    match external {
        Some(path) => Ok(Box::new(UciEngine::spawn::<G>(path)?)),
        None => Ok(Box::new(Builtin::<G>::new(budget)?)),
    }
}
