//! The engine hooks (`search::Searchable`, `Frontend`) of the 2016 game:
//! noisy moves are the moves whose shot zaps (rule 4.3: all its pawns
//! count), the move packing, the null move of the search, the evaluation,
//! the bench positions, and the search itself on 2016 positions.

mod common;

use std::sync::atomic::AtomicBool;

use leiserchess::eval::EvalState;
use leiserchess::{Leiserchess2016, Move2016, Params};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::{
    Engine, Evaluation, Frontend, GameMove, HistoryIndex, Limits, PerftCount, Rules, ScoreReport,
    Searchable, Side,
};

/// Positions from seeded random games from the start (rule 1.4) and from
/// crowded random boards, none of them over.
fn positions(seed: u64, n: usize) -> Vec<Leiserchess2016> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut g = if out.len() % 2 == 0 {
            Leiserchess2016::startpos()
        } else {
            Leiserchess2016::from_fen(&common::random_position(&mut rng, 20)).expect("FEN")
        };
        for _ in 0..40 {
            if g.outcome().is_some() {
                break;
            }
            out.push(g.clone());
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            g.make(*moves.choose(&mut rng).expect("a move"));
        }
    }
    out
}

/// What the move's shot is worth to the mover, by making it: pawns won
/// minus pawns lost (times 100), ±10,000 for a king; and whether it zaps
/// a pawn or the opposing king.
fn made_value(g: &Leiserchess2016, mv: Move2016) -> (i32, bool) {
    let us = g.side_to_move();
    let board = g.position().board();
    let (ours, theirs) = (
        board.pawns(us).count_ones(),
        board.pawns(us.opponent()).count_ones(),
    );
    let mut after = g.clone();
    after.make(mv);
    let board = after.position().board();
    let lost = (ours - board.pawns(us).count_ones()) as i32;
    let won = (theirs - board.pawns(us.opponent()).count_ones()) as i32;
    let king = match after.position().zapped_king() {
        None => 0,
        Some(loser) if loser == us => -10_000,
        Some(_) => 10_000,
    };
    (100 * (won - lost) + king, won + lost > 0 || king > 0)
}

#[test]
fn noisy_moves_are_the_moves_whose_shot_zaps() {
    // rule 4.3: every pawn of a multi-zap counts.
    let mut multi = 0;
    for g in positions(7, 600) {
        let (legal, noisy) = common::legal_and_noisy(&g);
        for mv in legal {
            let (value, is_noisy) = made_value(&g, mv);
            let key = g.noisy_key(mv);
            assert_eq!(key.is_some(), is_noisy, "{mv} in {}", g.fen());
            assert_eq!(noisy.contains(&mv), is_noisy, "{mv} in {}", g.fen());
            if let Some(key) = key {
                assert_eq!(key.order, value, "{mv} in {}", g.fen());
                assert_eq!(key.see_ge_zero, Some(value >= 0), "{mv} in {}", g.fen());
            }
            assert_eq!(g.see_ge(mv, 0), value >= 0, "{mv} in {}", g.fen());
            multi += usize::from(value.abs() >= 200 && value.abs() < 10_000);
        }
    }
    assert!(multi > 10, "{multi} multi-zaps");
}

#[test]
fn move_packing_is_unique_nonzero_and_dense() {
    // Every generated move, those ko forbids too.
    common::assert_moves_pack_uniquely(positions(8, 200));
    assert_eq!(Leiserchess2016::MOVE_INDEX_COUNT, 64 * 20);
    assert_eq!(Move2016::from_u16(0), None);
    let null = Leiserchess2016::startpos()
        .parse_move("h0L")
        .expect("legal");
    assert_eq!(Move2016::from_u16(null.to_u16()), Some(null));
}

#[test]
fn the_search_null_move_round_trips_and_respects_danger() {
    common::assert_null_move_round_trips(Leiserchess2016::startpos());
    // Lavender's king could fire east along rank 0 through the pawn on b0
    // (zapped first, rule 4.3) into Tangerine's king: no passing. Under
    // the 2018 rules the pawn would stop the beam.
    let fen = "8/8/8/8/8/8/8/wwNE5NN W";
    let danger = Leiserchess2016::from_fen(fen).expect("FEN");
    assert!(!danger.null_move_allowed());
    let shielded = leiserchess::Leiserchess::from_fen(fen).expect("FEN");
    assert!(shielded.null_move_allowed());
}

#[test]
fn evaluation_is_the_2018_evaluation_of_the_board() {
    let params = Params::default();
    for g in positions(9, 100) {
        let same = leiserchess::Leiserchess::from_fen(&g.fen()).expect("FEN");
        assert_eq!(
            g.evaluate(&params, &mut EvalState::default()),
            same.evaluate(&params, &mut EvalState::default())
        );
    }
}

#[test]
fn bench_positions_parse_and_are_not_over() {
    let positions = Leiserchess2016::bench_positions();
    assert!((8..=20).contains(&positions.len()), "{}", positions.len());
    for fen in positions {
        let g = Leiserchess2016::from_fen(fen).expect("FEN");
        assert!(g.outcome().is_none(), "{fen}");
    }
}

fn search(g: &Leiserchess2016, limits: Limits) -> search::SearchResult<Move2016> {
    let mut engine = Engine::<Leiserchess2016>::new(4).expect("4 MB table");
    engine.search(g, &limits, &AtomicBool::new(false), &mut |_| {})
}

#[test]
fn the_search_finds_a_multi_zap_win_and_plays_legal_moves() {
    // rule 4.3's example: the null move zaps two pawns and the king.
    let g = Leiserchess2016::from_fen("8/5ss2/8/8/8/8/8/EENE1se1nw2 W").expect("FEN");
    let result = search(&g, Limits::depth(3));
    assert_eq!(result.score_report(), ScoreReport::Mate(1), "{result:?}");
    let best = result.best_move.expect("a move");
    let mut after = g.clone();
    after.make(best);
    assert_eq!(after.outcome().and_then(|o| o.winner), Some(Side::White));
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for g in positions(10, 200).choose_multiple(&mut rng, 40) {
        let result = search(g, Limits::depth(3));
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        assert!(
            legal.contains(&result.best_move.expect("a move")),
            "{}",
            g.fen()
        );
    }
}

#[test]
fn quiescence_stays_small_on_boards_full_of_pawns() {
    // Multi-zaps make long chains of zaps: depth 1 must still be quick.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for pawns in (14..=62).step_by(8) {
        let fen = common::random_position(&mut rng, pawns);
        let g = Leiserchess2016::from_fen(&fen).expect("FEN");
        let limits = Limits {
            depth: Some(1),
            nodes: Some(100_000),
            ..Limits::default()
        };
        let result = search(&g, limits);
        assert_eq!(result.depth, 1, "depth 1 not finished within budget: {fen}");
    }
}

#[test]
fn the_uci_perft_tools_count_as_rule_8_1_does() {
    // rule 8.1 through the driver's `perft N` (which walks the top plies
    // itself above depth 3) and `go perft N`: every generated move counts.
    let stop = AtomicBool::new(false);
    let start = Leiserchess2016::startpos();
    let mut lines = Vec::new();
    let total =
        search::uci::perft_per_depth(&start, PerftCount::Rules, 4, &stop, &mut |l| lines.push(l));
    assert_eq!(total, Some(36_767_050));
    assert_eq!(
        lines,
        [
            "perft 1 78",
            "perft 2 6084",
            "perft 3 473126",
            "perft 4 36767050"
        ]
    );
    let divide = search::uci::perft_divide(&start, PerftCount::Rules, 4, &stop, &mut |_| {});
    assert_eq!(divide, Some(36_767_050));
}
