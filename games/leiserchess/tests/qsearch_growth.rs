//! Quiescence must stay small in positions full of pawns (issue 11, item
//! 8): almost every position has a zap for both sides, so chains of zaps
//! once made `go depth 1` search for minutes. A depth-1 search of any
//! position (rule 7.2 allows any number of pawns) must finish within a
//! node budget.

mod common;

use std::sync::atomic::AtomicBool;

use leiserchess::Leiserchess;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::{Engine, Limits, Rules};

/// Nodes a depth-1 search may take: a fraction of a second in release.
const DEPTH_1_BUDGET: u64 = 100_000;

/// The position of the report: 86 million nodes in 60 s before the fix.
const REPORTED: &str =
    "2SENWnw3/2nn1nw1SW1/4se1SE1/sw1SE2SW1SE/NE1nw1nwnwSW1/NW1swsw1NE1NW/2SW2nw2/ne1se1NNneSEsw W";

/// Searches `fen` to depth 1, stopping at the budget, and returns the
/// nodes and the depth completed.
fn depth_1(engine: &mut Engine<Leiserchess>, fen: &str) -> (u64, u32) {
    let pos = Leiserchess::from_fen(fen).unwrap();
    engine.new_game();
    let limits = Limits {
        depth: Some(1),
        nodes: Some(DEPTH_1_BUDGET),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let result = engine.search(&pos, &limits, &stop, &mut |_| {});
    (result.nodes, result.depth)
}

#[test]
fn reported_position_finishes_depth_1_within_budget() {
    let mut engine = Engine::<Leiserchess>::new(16).unwrap();
    let (nodes, depth) = depth_1(&mut engine, REPORTED);
    assert_eq!(
        depth, 1,
        "depth 1 not finished within {DEPTH_1_BUDGET} nodes"
    );
    assert!(nodes < DEPTH_1_BUDGET, "{nodes} nodes");
}

#[test]
fn random_positions_full_of_pawns_finish_depth_1_within_budget() {
    let mut engine = Engine::<Leiserchess>::new(16).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut most = (0, String::new());
    for pawns in (14..=62).step_by(4) {
        for _ in 0..3 {
            let fen = common::random_position(&mut rng, pawns);
            let (nodes, depth) = depth_1(&mut engine, &fen);
            assert_eq!(depth, 1, "depth 1 not finished within budget: {fen}");
            assert!(nodes < DEPTH_1_BUDGET, "{nodes} nodes: {fen}");
            if nodes > most.0 {
                most = (nodes, fen);
            }
        }
    }
    if std::env::var_os("QS_REPORT").is_some() {
        eprintln!("most nodes: {} in {}", most.0, most.1);
    }
}
