//! The generic search playing chess, in-process: mates with the right
//! distance, draws by the fifty-move rule and by repetition, and legal best
//! moves on thousands of random positions.

use std::sync::atomic::AtomicBool;

use chess::Chess;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use search::{Engine, Limits, Rules, ScoreReport, SearchResult};

fn search(game: &Chess, limits: Limits) -> SearchResult<chess::Move> {
    let mut engine = Engine::<Chess>::new(16).expect("16 MB table");
    let stop = AtomicBool::new(false);
    engine.search(game, &limits, &stop, &mut |_| {})
}

fn best(fen: &str, depth: u32) -> (String, ScoreReport) {
    let game = Chess::from_fen(fen).expect("test FEN");
    let result = search(&game, Limits::depth(depth));
    let mv = result.best_move.expect("a move");
    (mv.to_string(), result.score_report())
}

// Positions and answers checked with Stockfish 15.1.
#[test]
fn mate_in_one() {
    assert_eq!(
        best("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4),
        ("d1d8".into(), ScoreReport::Mate(1))
    );
    assert_eq!(
        best("6rk/6pp/8/6N1/8/8/8/4Q1K1 w - - 0 1", 4),
        ("g5f7".into(), ScoreReport::Mate(1))
    );
}

#[test]
fn mate_in_two() {
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    assert_eq!(best(fen, 6), ("d5f6".into(), ScoreReport::Mate(2)));
}

#[test]
fn mate_in_three() {
    let fen = "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1";
    assert_eq!(best(fen, 8), ("f8c5".into(), ScoreReport::Mate(3)));
}

#[test]
fn being_mated_is_reported_as_mate_zero() {
    // Fool's mate has been played: White has no move and is mated.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let game = Chess::from_fen(fen).expect("FEN");
    let result = search(&game, Limits::depth(3));
    assert_eq!(result.best_move, None);
    assert_eq!(result.score_report(), ScoreReport::Mate(0));
    // One move before, Black to move finds the mate in one.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    assert_eq!(best(fen, 3), ("d8h4".into(), ScoreReport::Mate(1)));
}

#[test]
fn fifty_move_rule_scores_a_draw() {
    // A queen up, but the 100th half-move is next and no mate in one.
    let (_, score) = best("7k/8/8/8/8/8/8/1Q4K1 w - - 99 80", 6);
    assert_eq!(score, ScoreReport::Cp(0));
    // The same position with a fresh clock is winning.
    let (_, score) = best("7k/8/8/8/8/8/8/1Q4K1 w - - 0 80", 6);
    assert!(
        matches!(score, ScoreReport::Cp(cp) if cp > 500)
            || matches!(score, ScoreReport::Mate(n) if n > 0)
    );
}

#[test]
fn repetition_is_taken_when_losing() {
    // Black, a queen and knight down, can make the position occur a third
    // time with ...Kg8.
    let mut game = Chess::from_fen("6k1/8/8/8/8/8/8/KN1Q4 w - - 0 1").expect("FEN");
    for m in ["b1c3", "g8h8", "c3b1", "h8g8", "b1c3", "g8h8", "c3b1"] {
        game.play_uci(m).expect("legal");
    }
    let result = search(&game, Limits::depth(6));
    assert_eq!(result.best_move.map(|m| m.to_string()), Some("h8g8".into()));
    assert_eq!(result.score_report(), ScoreReport::Cp(0));
}

#[test]
fn best_move_is_legal_on_thousands_of_random_positions() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut engine = Engine::<Chess>::new(4).expect("4 MB table");
    let stop = AtomicBool::new(false);
    let mut searched = 0;
    let mut moves = Vec::new();
    for _ in 0..60 {
        let mut game = Chess::default();
        for _ in 0..120 {
            moves.clear();
            Rules::legal_moves(&game, &mut moves);
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let limits = Limits {
                nodes: Some(300),
                ..Limits::default()
            };
            let result = engine.search(&game, &limits, &stop, &mut |_| {});
            let best = result.best_move.expect("a move when moves exist");
            assert!(moves.contains(&best), "illegal {best} in {}", game.fen());
            // The PV is a legal line.
            let mut line = game.clone();
            for &m in &result.pv {
                let mut legal = Vec::new();
                Rules::legal_moves(&line, &mut legal);
                assert!(legal.contains(&m), "illegal PV move {m} in {}", line.fen());
                line.make(m);
            }
            searched += 1;
            let &mv = moves.choose(&mut rng).expect("non-empty");
            game.make(mv);
        }
    }
    assert!(searched > 3000, "only {searched} positions");
}
