//! The debugging commands that count or measure: `perft`, `go perft` and
//! `bench`.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::info::nps;
use crate::search::{Engine, DEFAULT_HASH_MB};
use crate::time::Limits;

use super::error::UciError;
use super::format::bestmove_line;

/// `go perft`: the count below each root move, a blank line and the total.
pub fn perft_divide<G: Game>(pos: &G, depth: u32, out: &mut dyn FnMut(String)) -> u64 {
    let mut pos = pos.clone();
    if depth == 0 {
        out(String::new());
        out("Nodes searched: 1".to_string());
        return 1;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        pos.make(mv);
        let count = pos.perft(depth - 1);
        pos.unmake();
        total += count;
        out(format!("{mv}: {count}"));
    }
    out(String::new());
    out(format!("Nodes searched: {total}"));
    total
}

/// `perft N` in the Leiserchess engine's form: `perft <d> <count>` for
/// each depth up to N.
pub fn perft_per_depth<G: Game>(pos: &G, depth: u32, out: &mut dyn FnMut(String)) -> u64 {
    let mut pos = pos.clone();
    let mut last = 1;
    for d in 1..=depth {
        last = pos.perft(d);
        out(format!("perft {d} {last}"));
    }
    last
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
pub fn bench<G: Game>(
    template: &Engine<G>,
    depth: Option<u32>,
    out: &mut dyn FnMut(String),
) -> Result<BenchSummary, UciError> {
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
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let result = engine.search(&pos, &Limits::depth(depth), &stop, &mut |_| {});
        summary.time += start.elapsed();
        summary.nodes += result.nodes;
        out(format!(
            "position {}/{}: {} nodes {} score {} {} fen {}",
            i + 1,
            positions.len(),
            result.depth,
            result.nodes,
            result.score_report(),
            bestmove_line(&result),
            fen
        ));
    }
    out(format!(
        "bench: {} nodes {} nps",
        summary.nodes,
        summary.nps()
    ));
    Ok(summary)
}
