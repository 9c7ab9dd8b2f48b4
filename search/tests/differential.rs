//! The search against plain negamax: with pruning, reductions and
//! extensions off it must return exactly the negamax score at every depth,
//! on random trees (with and without transpositions), tic-tac-toe and Nim.
//! With everything on it must still solve the solved games.

mod common;

use std::sync::atomic::AtomicBool;

use common::negamax;
use common::nim::Nim;
use common::random_tree::RandomTree;
use common::tictactoe::TicTacToe;
use search::score::{mate_in, mated_in};
use search::{Engine, Features, Limits, Rules, SearchParams, SearchResult, UciGame};

fn run<G: UciGame>(engine: &mut Engine<G>, pos: &G, depth: u32) -> SearchResult<G::Move> {
    engine.new_game();
    let stop = AtomicBool::new(false);
    engine.search(pos, &Limits::depth(depth), &stop, &mut |_| {})
}

fn engine<G: UciGame>(params: SearchParams) -> Engine<G> {
    let mut e = Engine::<G>::new(1).expect("1 MB table");
    *e.params_mut() = params;
    e
}

/// Checks score and best move against negamax; returns the score.
fn check_exact<G: UciGame>(engine: &mut Engine<G>, pos: &G, depth: u32, what: &str) {
    let mut p = pos.clone();
    let expected = negamax(&mut p, depth as i32, 0);
    let result = run(engine, pos, depth);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let Some(best) = result.best_move else {
        assert!(
            moves.is_empty(),
            "{what}: no best move but {} legal",
            moves.len()
        );
        return;
    };
    // If the search stopped early on a proven mate, the score is final.
    assert_eq!(result.score, expected, "{what} depth {depth}: score");
    assert!(
        moves.contains(&best),
        "{what}: best move {best} is not legal"
    );
    // The best move really achieves the score.
    p.make(best);
    let via_best = -negamax(&mut p, depth as i32 - 1, 1);
    assert_eq!(via_best, expected, "{what} depth {depth}: best move {best}");
}

#[test]
fn exact_search_equals_negamax_on_random_trees() {
    let mut e = engine::<RandomTree>(SearchParams::exact());
    for seed in 0..300 {
        let pos = RandomTree::new(seed, 0, false);
        for depth in 1..=5 {
            check_exact(&mut e, &pos, depth, &format!("tree seed {seed}"));
        }
    }
}

#[test]
fn exact_search_equals_negamax_with_transpositions() {
    let mut e = engine::<RandomTree>(SearchParams::exact());
    for seed in 0..200 {
        for width in [3, 8] {
            let pos = RandomTree::new(seed, width, false);
            for depth in 1..=6 {
                check_exact(
                    &mut e,
                    &pos,
                    depth,
                    &format!("dag seed {seed} width {width}"),
                );
            }
        }
    }
}

#[test]
fn exact_search_variants_all_equal_negamax() {
    let variants = [
        Features {
            aspiration: false,
            ..Features::EXACT
        },
        Features {
            // Mate distance pruning changes bounds, never the exact score.
            mate_distance_pruning: true,
            ..Features::EXACT
        },
    ];
    for features in variants {
        let params = SearchParams {
            features,
            // Aspiration from depth 1 with a tiny window: many re-searches.
            aspiration_min_depth: 1,
            aspiration_delta: 3,
            ..SearchParams::exact()
        };
        let mut e = engine::<RandomTree>(params);
        for seed in 0..100 {
            let pos = RandomTree::new(seed, 5, false);
            for depth in 1..=5 {
                check_exact(&mut e, &pos, depth, &format!("{features:?} seed {seed}"));
            }
        }
    }
}

#[test]
fn exact_search_equals_negamax_on_tictactoe() {
    let mut e = engine::<TicTacToe>(SearchParams::exact());
    for fen in [
        "......... x",
        "x........ o",
        "x...o.... x",
        "xo..x.... o",
        "xx.oo.... x",
    ] {
        let pos = TicTacToe::from_fen(fen).expect("fen");
        for depth in 1..=9 {
            check_exact(&mut e, &pos, depth, fen);
        }
    }
}

#[test]
fn exact_search_equals_negamax_on_nim() {
    let mut e = engine::<Nim>(SearchParams::exact());
    for fen in ["1/2/3 w", "2/2 b", "1/3/4 w", "3/5 w"] {
        let pos = Nim::from_fen(fen).expect("fen");
        for depth in 1..=8 {
            check_exact(&mut e, &pos, depth, fen);
        }
    }
}

#[test]
fn full_search_solves_tictactoe() {
    let mut e = engine::<TicTacToe>(SearchParams::default());
    let start = TicTacToe::startpos();
    assert_eq!(run(&mut e, &start, 9).score, 0, "tic-tac-toe is a draw");
    // X to move wins at once on square 3.
    let pos = TicTacToe::from_fen("xx.oo.... x").expect("fen");
    let r = run(&mut e, &pos, 9);
    assert_eq!(r.score, mate_in(1));
    assert_eq!(r.best_move.map(|m| m.0), Some(3));
    // O to move must block at 3 and then it is a draw.
    let pos = TicTacToe::from_fen("xx..o.... o").expect("fen");
    let r = run(&mut e, &pos, 9);
    assert_eq!(r.best_move.map(|m| m.0), Some(3));
    assert_eq!(r.score, 0);
    // X has a fork: x on 1 and 9, o on 5 and 3 → x plays 7 (threatens 4 and 8).
    let pos = TicTacToe::from_fen("x.o.o...x x").expect("fen");
    let r = run(&mut e, &pos, 9);
    assert_eq!(r.best_move.map(|m| m.0), Some(7));
    assert_eq!(r.score, mate_in(3));
    // A game already won: no move.
    let pos = TicTacToe::from_fen("xxxoo.... o").expect("fen");
    let r = run(&mut e, &pos, 5);
    assert_eq!(r.best_move, None);
    assert_eq!(r.score, mated_in(0));
}

#[test]
fn full_search_solves_nim() {
    let mut e = engine::<Nim>(SearchParams::default());
    for fen in [
        "3/4/5 w",
        "1/2/3/4 w",
        "5/5 b",
        "1/2/3 w",
        "7/7/1 w",
        "2/5/6 b",
    ] {
        let pos = Nim::from_fen(fen).expect("fen");
        let stones: u32 = pos.heaps.iter().map(|&h| h as u32).sum();
        // Reductions need some spare depth to see every line to the end.
        let r = run(&mut e, &pos, 2 * stones + 4);
        let best = r.best_move.expect("a move");
        if pos.xor() != 0 {
            assert!(r.score > 0, "{fen}: should win, got {}", r.score);
            let mut after = pos.clone();
            after.make(best);
            assert_eq!(after.xor(), 0, "{fen}: {best} does not leave xor 0");
        } else {
            assert!(r.score < 0, "{fen}: should lose, got {}", r.score);
        }
    }
}

#[test]
fn full_search_plays_legal_moves_on_random_trees() {
    let mut e = engine::<RandomTree>(SearchParams::default());
    let mut exact = engine::<RandomTree>(SearchParams::exact());
    let mut agree = 0;
    for seed in 0..200 {
        let pos = RandomTree::new(seed, if seed % 2 == 0 { 0 } else { 7 }, true);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let r = run(&mut e, &pos, 6);
        match r.best_move {
            Some(m) => assert!(moves.contains(&m), "seed {seed}: illegal {m}"),
            None => assert!(moves.is_empty()),
        }
        if r.pv.first() != r.best_move.as_ref() {
            panic!(
                "seed {seed}: PV {:?} does not start with the best move",
                r.pv
            );
        }
        // Every PV move is legal in turn.
        let mut p = pos.clone();
        for &mv in &r.pv {
            let mut legal = Vec::new();
            p.legal_moves(&mut legal);
            assert!(legal.contains(&mv), "seed {seed}: PV move {mv} illegal");
            p.make(mv);
        }
        if run(&mut exact, &pos, 6).score == r.score {
            agree += 1;
        }
    }
    // Pruning changes some scores but not most of them on these trees.
    assert!(agree > 100, "only {agree} of 200 scores agree");
}

#[test]
fn fixed_depth_node_counts_are_deterministic() {
    let pos = RandomTree::new(42, 0, true);
    let a = run(&mut engine::<RandomTree>(SearchParams::default()), &pos, 7);
    let b = run(&mut engine::<RandomTree>(SearchParams::default()), &pos, 7);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.pv, b.pv);
    let pos = TicTacToe::startpos();
    let a = run(&mut engine::<TicTacToe>(SearchParams::default()), &pos, 9);
    let b = run(&mut engine::<TicTacToe>(SearchParams::default()), &pos, 9);
    assert_eq!((a.nodes, a.score), (b.nodes, b.score));
}
