//! Strength people can beat (issue 39): a weakened level searches less
//! deep, shows only the lines asked for, varies its choice among moves
//! of nearly equal worth, and still takes a queen left hanging.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use chess::{Chess, Move};
use search::{Engine, Frontend, Limits, Rules, SearchResult, Strength};

fn search(engine: &mut Engine<Chess>, game: &Chess, depth: u32) -> (SearchResult<Move>, u32) {
    let stop = AtomicBool::new(false);
    let mut deepest_line = (0, 0);
    let result = engine.search(game, &Limits::depth(depth), &stop, &mut |info| {
        deepest_line = deepest_line.max((info.depth, info.multipv));
    });
    assert_eq!(deepest_line.1, 1, "only the lines asked for are shown");
    (result, deepest_line.0)
}

fn at_level(level: u32) -> Engine<Chess> {
    let mut engine = Engine::<Chess>::new(4).expect("engine");
    engine.set_strength(
        Strength {
            level,
            ..Strength::default()
        },
        &Chess::STRENGTH_SCALE,
    );
    engine
}

#[test]
fn a_low_level_searches_shallow_and_varies_its_moves() {
    let start = Chess::startpos();
    let (_, full_depth) = search(&mut Engine::<Chess>::new(4).expect("engine"), &start, 6);
    assert_eq!(full_depth, 6);
    let mut engine = at_level(2);
    let mut played = HashSet::new();
    for _ in 0..30 {
        engine.new_game();
        let (result, depth) = search(&mut engine, &start, 6);
        assert!(
            depth <= 3,
            "level 2 searches to depth 3 at most, not {depth}"
        );
        played.insert(result.best_move.expect("a move"));
    }
    assert!(played.len() >= 2, "always {played:?}");
}

#[test]
fn every_level_takes_a_hanging_queen() {
    // Black's queen on d4 is attacked by the knight on f3 and defended by
    // nothing.
    let game = Chess::from_fen("rnb1kbnr/pppp1ppp/8/4p3/3q4/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 3")
        .expect("FEN");
    let capture = game.parse_move("f3d4").expect("legal");
    for level in [0, 5, 10, 19] {
        let mut engine = at_level(level);
        for _ in 0..10 {
            let (result, _) = search(&mut engine, &game, 8);
            assert_eq!(result.best_move, Some(capture), "level {level}");
        }
    }
}
