//! `MultiPV` lines come best first at every depth (issue 39, defect 3):
//! a UCI client reads `multipv 1` as the best line. The position is the
//! one the issue found out of order (line 2 at -5 cp, line 3 at +31 at
//! depth 13). Only the finished lines count: a search that runs past a
//! second also reports aspiration failures (`upperbound`/`lowerbound`) of
//! the line being searched, which a loaded machine reaches at depth 12.

use std::sync::atomic::AtomicBool;

use chess::Chess;
use search::{Engine, Limits, Rules, ScoreBound, SearchInfo};

/// Every depth's finished lines (exact scores), in the order reported.
fn lines_by_depth(game: &Chess, lines: usize, depth: u32) -> Vec<Vec<SearchInfo<chess::Move>>> {
    let mut engine = Engine::<Chess>::new(16).expect("engine");
    engine.set_multipv(lines);
    let stop = AtomicBool::new(false);
    let mut by_depth: Vec<Vec<SearchInfo<chess::Move>>> = Vec::new();
    engine.search(game, &Limits::depth(depth), &stop, &mut |info| {
        if info.bound != ScoreBound::Exact {
            return;
        }
        if by_depth.last().is_none_or(|d| d[0].depth != info.depth) {
            by_depth.push(Vec::new());
        }
        if let Some(d) = by_depth.last_mut() {
            d.push(info.clone());
        }
    });
    by_depth
}

#[test]
fn lines_are_reported_best_first_at_every_depth() {
    let mut game = Chess::startpos();
    for text in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"] {
        let mv = game.parse_move(text).expect("legal");
        game.make(mv);
    }
    let by_depth = lines_by_depth(&game, 3, 13);
    assert_eq!(by_depth.len(), 13);
    for lines in &by_depth {
        let numbers: Vec<u32> = lines.iter().map(|l| l.multipv).collect();
        assert_eq!(numbers, [1, 2, 3], "depth {}", lines[0].depth);
        let scores: Vec<i32> = lines.iter().map(|l| l.score).collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "depth {}: scores {scores:?} out of order",
            lines[0].depth
        );
        let firsts: Vec<_> = lines.iter().map(|l| l.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    }
}
