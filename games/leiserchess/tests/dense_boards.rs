//! Depth-limited searches must stay small on boards full of pawns (issue
//! 41): `go depth 3` on the reported position was unfinished after 60 s
//! and 19.5 million nodes, and random boards with 24 pawns a side took
//! over 10 s. Two bounds keep every depth in check: quiescence shares a
//! budget per iteration that grows with the horizon nodes
//! (`qs_nodes_per_horizon`), and late move pruning prunes late noisy moves
//! too (`NoisyLMP`), since nearly every move zaps on such a board.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use leiserchess::Leiserchess;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::{Engine, Limits, Rules, SearchResult};

/// Nodes a depth-3 search may take: well under a second in the `ci`
/// profile. The reported position takes about 8,000, the random boards
/// 3,000 to 65,000.
const DEPTH_3_BUDGET: u64 = 100_000;

/// A generous wall-clock bound per search, for a loaded machine.
const WALL_LIMIT: Duration = Duration::from_secs(10);

/// The position of the report: three rows of pawns a side, kings in the
/// corners.
const REPORTED: &str = "ss7/NWNWNWNWNWNWNWNW/NWNWNWNWNWNWNWNW/NWNWNWNWNWNWNWNW/\
                        nwnwnwnwnwnwnwnw/nwnwnwnwnwnwnwnw/nwnwnwnwnwnwnwnw/7NN W";

type Move = <Leiserchess as Rules>::Move;

/// Pawns of each side on a random board.
const PAWNS_A_SIDE: usize = 24;

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

/// A random board with both kings and `PAWNS_A_SIDE` pawns a side, every
/// piece on a random square in a random orientation.
fn random_dense_board(rng: &mut ChaCha8Rng) -> String {
    common::random_position_balanced(rng, PAWNS_A_SIDE)
}

/// Whether the game is over, or one move ends it: the search stops as
/// soon as it has seen that, before depth 3.
fn decided_at_once(pos: &Leiserchess) -> bool {
    if pos.outcome().is_some() {
        return true;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut after = pos.clone();
    moves.iter().any(|&mv| {
        after.make(mv);
        let over = after.outcome().is_some();
        after.unmake();
        over
    })
}

/// `n` random boards with `PAWNS_A_SIDE` pawns a side that no single
/// move decides.
fn dense_boards(seed: u64, n: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut boards = Vec::new();
    while boards.len() < n {
        let fen = random_dense_board(&mut rng);
        if !decided_at_once(&Leiserchess::from_fen(&fen).unwrap()) {
            boards.push(fen);
        }
    }
    boards
}

#[test]
fn reported_position_finishes_depth_3_within_budget() {
    let mut engine = Engine::<Leiserchess>::new(16).unwrap();
    assert_depth_3_within_budget(&mut engine, REPORTED);
}

#[test]
fn random_boards_with_24_pawns_a_side_finish_depth_3_within_budget() {
    let mut engine = Engine::<Leiserchess>::new(16).unwrap();
    for fen in dense_boards(41, 6) {
        assert_depth_3_within_budget(&mut engine, &fen);
    }
}
