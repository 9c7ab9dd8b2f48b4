//! What a search reports: progress after each iteration (or aspiration
//! failure) and the final result. Front ends format these; the search never
//! prints.

use std::time::Duration;

use crate::game::Score;
use crate::score::ScoreReport;

/// How the reported score relates to the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    Exact,
    /// The true score is at least this (an aspiration fail high).
    Lower,
    /// The true score is at most this (an aspiration fail low).
    Upper,
}

/// The main thread's counters so far in a search, for search dashboards
/// (nodes per depth and time per iteration come from the reports'
/// `nodes` and `time`). Counting never changes what is searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Nodes of the main thread, main search and quiescence.
    pub nodes: u64,
    /// Of them, quiescence nodes.
    pub qnodes: u64,
    /// Transposition table probes, and those that found the position.
    pub tt_probes: u64,
    pub tt_hits: u64,
}

/// Progress of a search: one per completed iteration, plus one per
/// aspiration window failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo<M> {
    /// Which line this is, from 1 (the best) to the `MultiPV` setting.
    pub multipv: u32,
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Raw score from the side to move's view (see [`crate::score`]).
    pub score: Score,
    pub bound: ScoreBound,
    /// Nodes searched by all threads.
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    pub pv: Vec<M>,
    /// The main thread's counters (dashboards; UCI does not print them).
    pub stats: SearchStats,
}

impl<M: Copy> SearchInfo<M> {
    /// The same report with each move turned into `f(move)`: its text in
    /// the game's notation, for a protocol line.
    pub fn map_moves<T>(&self, f: impl Fn(M) -> T) -> SearchInfo<T> {
        SearchInfo {
            pv: self.pv.iter().map(|&m| f(m)).collect(),
            multipv: self.multipv,
            depth: self.depth,
            seldepth: self.seldepth,
            score: self.score,
            bound: self.bound,
            nodes: self.nodes,
            nps: self.nps,
            time: self.time,
            hashfull: self.hashfull,
            stats: self.stats,
        }
    }
}

impl<M> SearchInfo<M> {
    /// The score as centipawns or mate in moves.
    pub fn score_report(&self) -> ScoreReport {
        ScoreReport::from_score(self.score)
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// A legal move whenever the root has one.
    pub best_move: Option<M>,
    /// The expected reply, if the principal variation has one.
    pub ponder: Option<M>,
    pub score: Score,
    /// Last completed iteration (0 if none completed).
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<M>,
}

impl<M> SearchResult<M> {
    /// A result with no move, no score and no iteration yet.
    pub fn empty() -> Self {
        SearchResult {
            best_move: None,
            ponder: None,
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        }
    }

    pub fn score_report(&self) -> ScoreReport {
        ScoreReport::from_score(self.score)
    }
}

impl<M: Copy> SearchResult<M> {
    /// The same result with each move turned into `f(move)` (see
    /// [`SearchInfo::map_moves`]).
    pub fn map_moves<T>(&self, f: impl Fn(M) -> T) -> SearchResult<T> {
        SearchResult {
            best_move: self.best_move.map(&f),
            ponder: self.ponder.map(&f),
            pv: self.pv.iter().map(|&m| f(m)).collect(),
            score: self.score,
            depth: self.depth,
            seldepth: self.seldepth,
            nodes: self.nodes,
            time: self.time,
        }
    }
}

/// Nodes per second, safe for a zero duration.
pub fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (nodes as u128 * 1_000_000 / micros) as u64
}
