//! Depth-limited searches must stay small on boards full of pawns (issue
//! 41): `go depth 3` on the reported position was unfinished after 60 s
//! and 19.5 million nodes: the quiescence below each horizon node used
//! its whole budget. Quiescence now shares a budget per iteration that
//! grows with the horizon nodes (`qs_nodes_per_horizon`).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use leiserchess::Leiserchess;
use search::{Engine, Limits, Rules, SearchResult};

/// Nodes a depth-3 search may take: well under a second in the `ci`
/// profile. The reported position takes about 37,000.
const DEPTH_3_BUDGET: u64 = 100_000;

/// A generous wall-clock bound per search, for a loaded machine.
const WALL_LIMIT: Duration = Duration::from_secs(10);

/// The position of the report: three rows of pawns a side, kings in the
/// corners.
const REPORTED: &str = "ss7/NWNWNWNWNWNWNWNW/NWNWNWNWNWNWNWNW/NWNWNWNWNWNWNWNW/\
                        nwnwnwnwnwnwnwnw/nwnwnwnwnwnwnwnw/nwnwnwnwnwnwnwnw/7NN W";

type Move = <Leiserchess as Rules>::Move;

/// Searches `pos` to depth 3 (stopping at the budget) and returns the
/// result and the time it took.
fn depth_3(engine: &mut Engine<Leiserchess>, pos: &Leiserchess) -> (SearchResult<Move>, Duration) {
    engine.new_game();
    let limits = Limits {
        depth: Some(3),
        nodes: Some(DEPTH_3_BUDGET),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let result = engine.search(pos, &limits, &stop, &mut |_| {});
    (result, start.elapsed())
}

/// Asserts that the depth-3 search of `fen` finished within the budgets
/// (with `DENSE_REPORT` set, prints its nodes and time).
fn assert_depth_3_within_budget(engine: &mut Engine<Leiserchess>, fen: &str) {
    let pos = Leiserchess::from_fen(fen).unwrap();
    let (result, time) = depth_3(engine, &pos);
    if std::env::var_os("DENSE_REPORT").is_some() {
        eprintln!(
            "{fen}: depth {} {} nodes {time:?}",
            result.depth, result.nodes
        );
    }
    assert_eq!(
        result.depth, 3,
        "depth 3 not finished within {DEPTH_3_BUDGET} nodes: {fen}"
    );
    assert!(
        result.nodes < DEPTH_3_BUDGET,
        "{} nodes: {fen}",
        result.nodes
    );
    assert!(time < WALL_LIMIT, "{time:?}: {fen}");
}

#[test]
fn reported_position_finishes_depth_3_within_budget() {
    let mut engine = Engine::<Leiserchess>::new(16).unwrap();
    assert_depth_3_within_budget(&mut engine, REPORTED);
}
