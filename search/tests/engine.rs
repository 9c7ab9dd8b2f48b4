//! The in-process API as the web GUI and autotester use it: a stop flag,
//! limits and an info callback.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::nim::Nim;
use common::random_tree::RandomTree;
use search::{Clock, Engine, Frontend, Limits, Rules, ScoreBound, SearchInfo};

fn legal<G: Frontend>(pos: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

#[test]
fn stop_flag_from_another_thread_ends_an_unlimited_search() {
    let mut engine = Engine::<RandomTree>::new(4).expect("table");
    let pos = RandomTree::startpos();
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let result = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            stop.store(true, Ordering::Relaxed);
        });
        engine.search(&pos, &Limits::default(), &stop, &mut |_| {})
    });
    let elapsed = start.elapsed();
    assert!(elapsed < Duration::from_millis(300), "{elapsed:?}");
    assert!(result.depth >= 1);
    let best = result.best_move.expect("a move");
    assert!(legal(&pos).contains(&best));
}

#[test]
fn info_callback_sees_each_iteration_and_the_final_pv() {
    let mut engine = Engine::<RandomTree>::new(4).expect("table");
    let pos = RandomTree::startpos();
    let mut infos: Vec<SearchInfo<_>> = Vec::new();
    let result = engine.search(&pos, &Limits::depth(7), &AtomicBool::new(false), &mut |i| {
        infos.push(i.clone())
    });
    let exact: Vec<_> = infos
        .iter()
        .filter(|i| i.bound == ScoreBound::Exact)
        .collect();
    let depths: Vec<u32> = exact.iter().map(|i| i.depth).collect();
    assert_eq!(depths, (1..=7).collect::<Vec<_>>());
    let last = exact.last().expect("info");
    assert_eq!(last.pv, result.pv);
    assert_eq!(last.score, result.score);
    assert!(last.nodes <= result.nodes);
    assert!(exact.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    assert!(exact.iter().all(|i| i.seldepth >= i.depth));
}

/// The counters a search reports for dashboards (issue 15): quiescence
/// nodes and table probes grow with the search, within the node count.
#[test]
fn search_stats_count_quiescence_nodes_and_table_hits() {
    let mut engine = Engine::<RandomTree>::new(4).expect("table");
    let pos = RandomTree::startpos();
    let mut seen: Vec<(u64, search::SearchStats)> = Vec::new();
    let result = engine.search(&pos, &Limits::depth(7), &AtomicBool::new(false), &mut |i| {
        seen.push((i.nodes, i.stats))
    });
    let (nodes, last) = *seen.last().expect("info");
    // One thread: the main thread's count is the search's.
    assert_eq!(last.nodes, nodes);
    assert!(last.nodes <= result.nodes);
    assert!(last.qnodes > 0 && last.qnodes < last.nodes, "{last:?}");
    assert!(
        last.tt_hits > 0 && last.tt_hits <= last.tt_probes,
        "{last:?}"
    );
    assert!(seen.windows(2).all(|w| {
        let (a, b) = (w[0].1, w[1].1);
        a.nodes <= b.nodes && a.qnodes <= b.qnodes && a.tt_probes <= b.tt_probes
    }));
}

#[test]
fn node_limit_is_respected_and_still_gives_a_move() {
    let pos = RandomTree::startpos();
    for nodes in [1u64, 10, 1000, 20_000] {
        let mut engine = Engine::<RandomTree>::new(1).expect("table");
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let r = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
        assert!(r.nodes <= nodes, "{} > {nodes}", r.nodes);
        assert!(legal(&pos).contains(&r.best_move.expect("move")));
    }
}

/// A clock of `ms` milliseconds with no increment.
fn sudden_death(ms: u64) -> Limits {
    Limits {
        clock: Some(Clock {
            remaining: Duration::from_millis(ms),
            increment: Duration::ZERO,
            moves_to_go: None,
        }),
        ..Limits::default()
    }
}

#[test]
fn clock_limits_are_kept() {
    let pos = RandomTree::startpos();
    let mut engine = Engine::<RandomTree>::new(4).expect("table");
    let limits = sudden_death(3000);
    let start = Instant::now();
    let r = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
    let elapsed = start.elapsed();
    // Hard limit: 3 * (2990 / 30) ms; soft limit 99 ms.
    assert!(elapsed < Duration::from_millis(350), "{elapsed:?}");
    assert!(elapsed >= Duration::from_millis(90), "{elapsed:?}");
    assert!(r.best_move.is_some());

    // Almost no time left: still a searched, legal move.
    let limits = sudden_death(1);
    let r = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
    assert!(r.depth >= 1);
    assert!(legal(&pos).contains(&r.best_move.expect("move")));
}

#[test]
fn node_time_management_stays_within_the_hard_limit() {
    // The node share scales the soft limit by at most
    // (150 - 0) * 1.35 = 202%, and never past the hard limit.
    let pos = RandomTree::startpos();
    let mut engine = Engine::<RandomTree>::new(4).expect("table");
    engine.params_mut().features.node_time = true;
    let limits = sudden_death(3000);
    let start = Instant::now();
    let r = engine.search(&pos, &limits, &AtomicBool::new(false), &mut |_| {});
    let elapsed = start.elapsed();
    assert!(elapsed < Duration::from_millis(350), "{elapsed:?}");
    assert!(elapsed >= Duration::from_millis(5), "{elapsed:?}");
    assert!(legal(&pos).contains(&r.best_move.expect("move")));
}

#[test]
fn a_single_legal_move_is_played_at_once_on_the_clock() {
    let pos = Nim::from_fen("0/1 w").expect("fen");
    let mut engine = Engine::<Nim>::new(1).expect("table");
    let start = Instant::now();
    let r = engine.search(
        &pos,
        &Limits::movetime(Duration::from_secs(5)),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(start.elapsed() < Duration::from_millis(100));
    assert_eq!(r.best_move.map(|m| m.to_string()), Some("1-1".to_string()));
}

#[test]
fn lazy_smp_threads_search_and_agree_on_solved_games() {
    let mut engine = Engine::<Nim>::new(4).expect("table");
    engine.set_threads(3);
    for fen in ["3/4/5 w", "1/2/3 w", "5/6 b"] {
        let pos = Nim::from_fen(fen).expect("fen");
        let r = engine.search(
            &pos,
            &Limits::depth(20),
            &AtomicBool::new(false),
            &mut |_| {},
        );
        let best = r.best_move.expect("move");
        assert_eq!(r.score > 0, pos.xor() != 0, "{fen}");
        if pos.xor() != 0 {
            let mut after = pos.clone();
            after.make(best);
            assert_eq!(after.xor(), 0, "{fen}: {best}");
        }
        engine.new_game();
    }
}

#[test]
fn options_and_new_game() {
    let mut engine = Engine::<RandomTree>::new(1).expect("table");
    assert!(engine.set_hash_mb(0).is_err());
    assert_eq!(engine.hash_mb(), 1, "a refused size keeps the old table");
    engine.set_hash_mb(2).expect("2 MB");
    assert_eq!(engine.hash_mb(), 2);
    let pos = RandomTree::startpos();
    engine.search(
        &pos,
        &Limits::depth(9),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(engine.hashfull() > 0);
    engine.new_game();
    assert_eq!(engine.hashfull(), 0);
    engine.set_threads(0);
    assert_eq!(engine.threads(), 1);
}

#[test]
fn no_legal_move_gives_no_best_move_and_the_rules_score() {
    let pos = Nim::from_fen("0/0 w").expect("fen");
    let mut engine = Engine::<Nim>::new(1).expect("table");
    let r = engine.search(
        &pos,
        &Limits::depth(3),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_eq!(r.best_move, None);
    assert_eq!(r.score, search::score::mated_in(0));
}
