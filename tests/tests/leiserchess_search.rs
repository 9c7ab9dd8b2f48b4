//! The generic search playing Leiserchess in-process: legal best moves on
//! thousands of random positions, king zaps found with mate scores, and
//! every heuristic switch leaving the search legal.

use std::sync::atomic::AtomicBool;

use leiserchess::{Leiserchess, Move};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use search::{Engine, Limits, Rules, ScoreReport, SearchResult};

fn search(
    engine: &mut Engine<Leiserchess>,
    game: &Leiserchess,
    limits: Limits,
) -> SearchResult<Move> {
    let stop = AtomicBool::new(false);
    engine.search(game, &limits, &stop, &mut |_| {})
}

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

/// Random games from the start position (seeded), yielding every position
/// before the game ends.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Leiserchess> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut game = Leiserchess::startpos();
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            out.push(game.clone());
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            game.make(mv);
        }
    }
    out
}

#[test]
fn best_move_is_always_legal_on_random_positions() {
    let positions = random_positions(17, 40, 80);
    assert!(
        positions.len() > 2_000,
        "only {} positions",
        positions.len()
    );
    let mut engine = Engine::<Leiserchess>::new(4).expect("4 MB table");
    let mut legal = Vec::new();
    for (i, game) in positions.iter().enumerate() {
        // Small node limits stop the search anywhere, including inside
        // its first iterations; the table carries over between positions
        // so stale and colliding entries are exercised too.
        let result = search(&mut engine, game, nodes(50 + (i as u64 * 37) % 400));
        legal.clear();
        game.legal_moves(&mut legal);
        let best = result.best_move.expect("every live position has a move");
        assert!(legal.contains(&best), "{best} is illegal in {}", game.fen());
        // The PV is a legal line from the root.
        let mut line = game.clone();
        for mv in &result.pv {
            legal.clear();
            line.legal_moves(&mut legal);
            assert!(legal.contains(mv), "PV move {mv} illegal in {}", line.fen());
            line.make(*mv);
        }
    }
}

#[test]
fn every_switch_off_still_plays_legal_moves() {
    let positions = random_positions(5, 6, 60);
    let mut engine = Engine::<Leiserchess>::new(4).expect("4 MB table");
    let f = &mut engine.params_mut().features;
    f.null_move = false;
    f.lmr = false;
    f.futility = false;
    f.aspiration = false;
    let mut legal = Vec::new();
    for game in positions.iter().step_by(3) {
        let result = search(&mut engine, game, nodes(300));
        legal.clear();
        game.legal_moves(&mut legal);
        assert!(legal.contains(&result.best_move.expect("a move")));
    }
}

#[test]
fn king_zap_in_one_is_a_mate_score() {
    let mut engine = Engine::<Leiserchess>::new(4).expect("4 MB table");
    // Rule 4.4: a north-bound beam meeting a SW mirror turns west. Shifting
    // g6 to h7 sends Tangerine's beam along rank 7 onto Lavender's king.
    let game = Leiserchess::from_fen("ee7/6SW1/8/8/8/8/8/7NN W").expect("FEN");
    let result = search(&mut engine, &game, Limits::depth(4));
    assert_eq!(result.best_move.map(|m| m.to_string()), Some("g6h7".into()));
    assert_eq!(result.score_report(), ScoreReport::Mate(1));

    // Rotating the king to face the enemy king directly (rule 4.2).
    let game = Leiserchess::from_fen("ww7/8/8/8/8/8/8/EE7 W").expect("FEN");
    let result = search(&mut engine, &game, Limits::depth(4));
    assert_eq!(result.best_move.map(|m| m.to_string()), Some("a0L".into()));
    assert_eq!(result.score_report(), ScoreReport::Mate(1));
}

#[test]
fn an_unstoppable_zap_is_reported_as_mated_in_one() {
    let mut engine = Engine::<Leiserchess>::new(4).expect("4 MB table");
    // The position above with Lavender to move: every king move or turn
    // leaves a mirror shift (g6h7 along rank 7, g6h6 along rank 6) that
    // zaps it. Checked by brute force, then by the search.
    let game = Leiserchess::from_fen("ee7/6SW1/8/8/8/8/8/7NN B").expect("FEN");
    let mut replies = Vec::new();
    let mut ours = Vec::new();
    game.legal_moves(&mut ours);
    for &mv in &ours {
        let mut after = game.clone();
        after.make(mv);
        replies.clear();
        after.legal_moves(&mut replies);
        let zapped = replies.iter().any(|&r| {
            let mut next = after.clone();
            next.make(r);
            next.outcome()
                .is_some_and(|o| o.winner == Some(search::Side::White))
        });
        assert!(zapped, "{mv} escapes");
    }
    let result = search(&mut engine, &game, Limits::depth(4));
    assert_eq!(result.score_report(), ScoreReport::Mate(-1), "{result:?}");
}
