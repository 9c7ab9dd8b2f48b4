//! With every pruning, reduction and extension switched off, the search's
//! score on chess positions equals plain alpha-beta with the same
//! quiescence, at low depths (the differential test on real
//! positions; the search crate tests random trees and toy games).

use std::sync::atomic::AtomicBool;

use chess::eval::evaluate_choice;
use chess::Chess;
use search::score::{clamp_eval, outcome_score};
use search::{Engine, Features, Frontend, Limits, Rules, Score, Searchable};

/// Fail-hard alpha-beta without ordering, table or pruning; the same
/// terminal rules and quiescence (stand pat, noisy moves, every move when
/// in check) as the search.
fn alpha_beta(pos: &mut Chess, depth: i32, ply: usize, mut alpha: Score, beta: Score) -> Score {
    if ply > 0 {
        if let Some(o) = pos.search_outcome(ply) {
            return outcome_score(o, pos.side_to_move(), ply);
        }
    }
    let mut moves = Vec::new();
    let quiescence = depth <= 0;
    if quiescence && !pos.in_check() {
        // The plain evaluation, not the search's cached one.
        let plain = evaluate_choice(pos.position(), &Default::default());
        let stand_pat = clamp_eval(plain);
        if stand_pat >= beta {
            return beta;
        }
        alpha = alpha.max(stand_pat);
        pos.noisy_moves(&mut moves, &mut Vec::new());
    } else {
        Rules::legal_moves(pos, &mut moves);
        if moves.is_empty() {
            return outcome_score(pos.no_moves_outcome(), pos.side_to_move(), ply)
                .clamp(alpha, beta);
        }
    }
    for mv in moves {
        pos.make(mv);
        let s = -alpha_beta(pos, depth - 1, ply + 1, -beta, -alpha);
        pos.unmake();
        if s >= beta {
            return beta;
        }
        alpha = alpha.max(s);
    }
    alpha
}

fn search_score(game: &Chess, depth: u32, features: Features) -> Score {
    let mut engine = Engine::<Chess>::new(8).expect("table");
    engine.params_mut().features = features;
    let stop = AtomicBool::new(false);
    engine
        .search(game, &Limits::depth(depth), &stop, &mut |_| {})
        .score
}

#[test]
fn exact_search_equals_plain_alpha_beta_on_chess_positions() {
    let positions = Chess::bench_positions();
    let no_aspiration = Features {
        aspiration: false,
        ..Features::EXACT
    };
    let mut compared = 0;
    for fen in positions.iter().step_by(2) {
        let game = Chess::from_fen(fen).expect("bench FEN");
        for depth in 1..=3u32 {
            let mut plain = game.clone();
            let expected = alpha_beta(
                &mut plain,
                depth as i32,
                0,
                -search::score::INFINITE,
                search::score::INFINITE,
            );
            for features in [Features::EXACT, no_aspiration] {
                assert_eq!(
                    search_score(&game, depth, features),
                    expected,
                    "{fen} depth {depth} {features:?}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 90, "only {compared} comparisons");
}

#[test]
fn full_search_agrees_on_forced_results() {
    // With all heuristics on the score may differ in general, but not on a
    // forced mate.
    let game =
        Chess::from_fen("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1").unwrap();
    assert_eq!(
        search_score(&game, 8, Features::PLAYING),
        search_score(&game, 8, Features::EXACT)
    );
}

#[test]
fn every_feature_switched_on_still_finds_forced_results() {
    // The switches still being measured (off in `Features::PLAYING`) must not
    // break the search either: deep enough for singular extensions.
    let mut every = Features::PLAYING;
    for switch in Features::UCI_SWITCHES {
        switch.set(&mut every, true);
    }
    let game =
        Chess::from_fen("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1").unwrap();
    assert_eq!(
        search_score(&game, 10, every),
        search_score(&game, 8, Features::EXACT)
    );
}

fn search_with(game: &Chess, depth: u32, features: Features) -> (Option<String>, u64) {
    let mut engine = Engine::<Chess>::new(8).expect("table");
    engine.params_mut().features = features;
    // The trees these tests reason about (which lines a feature prunes)
    // are the hand-written evaluation's; the NNUE's are others.
    engine.eval_params_mut().nnue = false;
    let stop = AtomicBool::new(false);
    let result = engine.search(game, &Limits::depth(depth), &stop, &mut |_| {});
    (result.best_move.map(|m| m.to_string()), result.nodes)
}

#[test]
fn probcut_cuts_nodes_and_keeps_the_winning_capture() {
    let with = Features {
        probcut: true,
        ..Features::PLAYING
    };
    let without = Features {
        probcut: false,
        ..Features::PLAYING
    };
    // White wins the queen on g5 with the bishop; the lines below it are
    // full of captures that beat beta by far, which ProbCut cuts short.
    let game = Chess::from_fen("rnb1kbnr/pppp1ppp/8/4p1q1/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 0 3")
        .unwrap();
    let (on_move, on_nodes) = search_with(&game, 9, with);
    let (off_move, off_nodes) = search_with(&game, 9, without);
    assert_eq!(on_move.as_deref(), Some("c1g5"));
    assert_eq!(off_move.as_deref(), Some("c1g5"));
    assert!(
        on_nodes < off_nodes,
        "ProbCut on {on_nodes} nodes, off {off_nodes}"
    );
}

/// The nodes of depth-10 searches with a switch on and off (`features`
/// gives both), each of which must find that the bishop on c1 wins the
/// queen on g5.
fn queen_won_at_depth_10(features: impl Fn(bool) -> Features) -> (u64, u64) {
    let game = Chess::from_fen("rnb1kbnr/pppp1ppp/8/4p1q1/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 0 3")
        .unwrap();
    let (on_move, on_nodes) = search_with(&game, 10, features(true));
    let (off_move, off_nodes) = search_with(&game, 10, features(false));
    assert_eq!(on_move.as_deref(), Some("c1g5"));
    assert_eq!(off_move.as_deref(), Some("c1g5"));
    (on_nodes, off_nodes)
}

/// Asserts that the UCI switch `name`, turned on over the playing
/// configuration, changes the depth-10 tree of [`queen_won_at_depth_10`]
/// (it reaches the search) and keeps the winning capture.
fn switch_changes_the_tree(name: &str) {
    let switch = Features::UCI_SWITCHES
        .iter()
        .find(|s| s.name == name)
        .expect("a known switch");
    let features = |on| {
        let mut f = Features::PLAYING;
        switch.set(&mut f, on);
        f
    };
    let (on_nodes, off_nodes) = queen_won_at_depth_10(features);
    assert_ne!(on_nodes, off_nodes, "{name} changed nothing");
}

#[test]
fn cut_node_lmr_changes_the_search_and_keeps_the_winning_capture() {
    // The queen on g5 falls to the bishop whatever the reductions; the
    // switch must reach the move loop (another tree), not the result.
    // (Not that the tree is smaller: with `lmr_cut_node` 3 this one grew
    // from 28,346 to 46,237 nodes at depth 10.)
    switch_changes_the_tree("CutNodeLMR");
}

#[test]
fn razoring_changes_the_search_and_keeps_the_winning_capture() {
    // Below the bishop's capture of the queen, the lines where White
    // lets the queen go are far below alpha: razoring ends them with a
    // quiescence search, another tree, and the same winning move.
    switch_changes_the_tree("Razoring");
}

#[test]
fn lmr_depth_pruning_prunes_more_and_keeps_the_winning_capture() {
    let features = |lmr_depth_pruning| Features {
        lmr_depth_pruning,
        see_pruning: true,
        ..Features::PLAYING
    };
    // Late quiet moves judged at their reduced depth fall to futility
    // and SEE pruning sooner: a smaller tree, the same winning move.
    let (on_nodes, off_nodes) = queen_won_at_depth_10(features);
    assert!(
        on_nodes < off_nodes,
        "reduced-depth pruning on {on_nodes} nodes, off {off_nodes}"
    );
}

#[test]
fn bad_noisy_lmr_changes_the_search_and_keeps_the_winning_capture() {
    // Losing captures searched late are reduced: another tree.
    switch_changes_the_tree("BadNoisyLMR");
}

#[test]
fn tt_noisy_lmr_changes_the_search_and_keeps_the_winning_capture() {
    // Where the table's move is the capture of the queen (and below it,
    // recaptures), the quiet moves are reduced more: another tree.
    switch_changes_the_tree("TTNoisyLMR");
}
