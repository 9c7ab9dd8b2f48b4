//! The debugging commands that count or measure: `perft`, `go perft` and
//! `bench`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::game::{Perft, PerftCount, UciGame};
use crate::info::nps;
use crate::search::{Engine, DEFAULT_HASH_MB};
use crate::time::Limits;

use super::error::UciError;
use super::format::bestmove_line;

/// Up to this depth a perft is counted by the game in one call; above it
/// the tree is walked here, so that `stop` is seen between subtrees (a
/// depth-3 count takes milliseconds).
const PERFT_UNSTOPPABLE_DEPTH: u32 = 3;

/// The moves a perft of kind `count` counts in `pos`.
fn counted_moves<G: Perft>(pos: &G, count: PerftCount, out: &mut Vec<G::Move>) {
    match count {
        PerftCount::Rules | PerftCount::Make => pos.perft_moves(out),
        PerftCount::Legal => pos.legal_moves(out),
    }
}

/// The game's own perft of kind `count` of `pos` at `depth`, in one call.
fn game_perft<G: Perft>(pos: &mut G, count: PerftCount, depth: u32) -> u64 {
    match count {
        PerftCount::Rules => pos.perft(depth),
        PerftCount::Legal => pos.perft_legal(depth),
        PerftCount::Make => pos.perft_make(depth),
    }
}

/// The leaves of the game tree below `pos` at `depth`, counted as `count`
/// says; `None` once `stop` is set.
fn count_leaves<G: Perft>(
    pos: &mut G,
    count: PerftCount,
    depth: u32,
    stop: &AtomicBool,
) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    // An ended game counts as the game says (a Leiserchess king zap is a
    // leaf at every depth, rule 8.2; a chess mate has no moves).
    if depth <= PERFT_UNSTOPPABLE_DEPTH || pos.outcome().is_some() {
        return Some(game_perft(pos, count, depth));
    }
    let mut moves = Vec::new();
    counted_moves(pos, count, &mut moves);
    let mut total = 0;
    for mv in moves {
        pos.make(mv);
        let leaves = count_leaves(pos, count, depth - 1, stop);
        pos.unmake();
        total += leaves?;
    }
    Some(total)
}

/// `go perft`: the count below each root move, a blank line and the total;
/// `None` (and no total) when stopped.
pub fn perft_divide<G: Perft>(
    pos: &G,
    count: PerftCount,
    depth: u32,
    stop: &AtomicBool,
    out: &mut dyn FnMut(String),
) -> Option<u64> {
    let mut pos = pos.clone();
    if depth == 0 {
        out(String::new());
        out("Nodes searched: 1".to_string());
        return Some(1);
    }
    let mut moves = Vec::new();
    counted_moves(&pos, count, &mut moves);
    let mut total = 0;
    for mv in moves {
        pos.make(mv);
        let leaves = count_leaves(&mut pos, count, depth - 1, stop);
        pos.unmake();
        let leaves = leaves?;
        total += leaves;
        out(format!("{}: {leaves}", pos.move_text(mv)));
    }
    out(String::new());
    out(format!("Nodes searched: {total}"));
    Some(total)
}

/// `perft N` in the Leiserchess engine's form: `perft <d> <count>` for
/// each depth up to N; `None` when stopped.
pub fn perft_per_depth<G: Perft>(
    pos: &G,
    count: PerftCount,
    depth: u32,
    stop: &AtomicBool,
    out: &mut dyn FnMut(String),
) -> Option<u64> {
    let mut pos = pos.clone();
    let mut last = 1;
    for d in 1..=depth {
        last = count_leaves(&mut pos, count, d, stop)?;
        out(format!("perft {d} {last}"));
    }
    Some(last)
}

/// The totals of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchSummary {
    pub nodes: u64,
    pub time: Duration,
}

impl BenchSummary {
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.time)
    }
}

/// Searches every bench position to `depth` (default `G::BENCH_DEPTH`) with
/// the engine's parameters, one thread and a fresh default-size table per
/// position, so the node count depends only on the code and parameters.
/// `Ok(None)` (and no summary line) when stopped.
pub fn bench<G: UciGame>(
    template: &Engine<G>,
    depth: Option<u32>,
    stop: &AtomicBool,
    out: &mut dyn FnMut(String),
) -> Result<Option<BenchSummary>, UciError> {
    let depth = depth.unwrap_or(G::BENCH_DEPTH).max(1);
    let positions = G::bench_positions();
    let mut summary = BenchSummary {
        nodes: 0,
        time: Duration::ZERO,
    };
    for (i, fen) in positions.iter().enumerate() {
        let pos = G::from_fen(fen).map_err(|e| UciError::BenchPosition {
            fen: fen.to_string(),
            reason: e.to_string(),
        })?;
        let mut engine = template.fresh_copy(DEFAULT_HASH_MB)?;
        let start = Instant::now();
        let result = engine.search(&pos, &Limits::depth(depth), stop, &mut |_| {});
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        summary.time += start.elapsed();
        summary.nodes += result.nodes;
        out(format!(
            "position {}/{}: {} nodes {} score {} {} fen {}",
            i + 1,
            positions.len(),
            result.depth,
            result.nodes,
            result.score_report(),
            bestmove_line(&result.map_moves(|m| pos.move_text(m))),
            fen
        ));
    }
    out(format!(
        "bench: {} nodes {} nps",
        summary.nodes,
        summary.nps()
    ));
    Ok(Some(summary))
}
