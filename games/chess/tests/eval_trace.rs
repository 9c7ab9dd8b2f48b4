//! The tuner's trace against the engine's evaluation: on positions from the
//! perft suite and from random games played from them, the evaluation
//! recomputed from the trace's coefficients (`Σ coeff · weight`, tapered,
//! scaled and with tempo, in integer arithmetic) equals `evaluate_with`
//! exactly, for the hand-written weights, the tuned ones and random tables (so a
//! trace that missed or double-counted a term, or a scorer that read a
//! weight the trace does not record, fails). The search's evaluation,
//! which takes the pawn-king terms from a cache, is checked against
//! `evaluate_choice` on the same positions.

use chess::eval::trace::Trace;
use chess::eval::{
    evaluate, evaluate_cached, evaluate_choice, evaluate_with, hand_written_raw, layout, s,
    EvalChoice, PawnKingCache, Weights, HAND_WEIGHTS, TUNED_WEIGHTS,
};
use chess::{Chess, Position};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

const PERFT_EPD: &str = include_str!("data/perft.epd");

/// The perft positions and every position of 12 random games of up to
/// 160 plies from each.
fn positions() -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(14);
    let mut out = Vec::new();
    let fens = PERFT_EPD
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(';').next().unwrap_or(l).trim());
    for fen in fens {
        let start = Chess::from_fen(fen).expect("perft FEN");
        for _ in 0..12 {
            let mut game = start.clone();
            for _ in 0..160 {
                out.push(*game.position());
                let moves = game.legal_moves();
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                game.play_unchecked(mv);
            }
        }
    }
    out
}

fn random_weights(rng: &mut StdRng) -> Weights {
    let mut raw = hand_written_raw();
    for w in raw.iter_mut() {
        *w = s(
            w.mg + rng.gen_range(-40..=40),
            w.eg + rng.gen_range(-40..=40),
        );
    }
    Weights::from_raw(raw)
}

fn check(positions: &[Position], weights: &Weights) {
    for pos in positions {
        let trace = Trace::of(pos);
        assert_eq!(
            trace.evaluate(weights),
            evaluate_with(pos, weights),
            "{}",
            pos.fen()
        );
    }
}

#[test]
fn trace_reproduces_the_default_evaluation() {
    let positions = positions();
    assert!(positions.len() > 10_000, "{} positions", positions.len());
    check(&positions, &HAND_WEIGHTS);
    for pos in &positions {
        assert_eq!(evaluate(pos), evaluate_with(pos, &HAND_WEIGHTS));
    }
}

#[test]
fn trace_reproduces_the_tuned_evaluation() {
    check(&positions(), &TUNED_WEIGHTS);
}

#[test]
fn trace_reproduces_the_evaluation_with_random_weights() {
    let positions = positions();
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..3 {
        check(&positions, &random_weights(&mut rng));
    }
}

/// One cache serves every position, with the weight table switching
/// often: a cached score is used only for its own pawns, kings and
/// weights (the random games repeat placements, so most evaluations hit).
#[test]
fn the_pawn_king_cache_changes_no_evaluation() {
    let mut cache = PawnKingCache::default();
    for (i, pos) in positions().iter().enumerate() {
        let choice = EvalChoice {
            tuned: i % 97 < 60,
            net: i % 3 == 0,
            ..EvalChoice::default()
        };
        let cached = evaluate_cached(pos, &choice, &mut cache);
        assert_eq!(cached, evaluate_choice(pos, &choice), "{}", pos.fen());
    }
}

/// Every group of weights is exercised by the test positions, so the
/// tests above cover every term.
#[test]
fn test_positions_exercise_every_term() {
    let mut seen = [false; layout::COUNT];
    for pos in positions() {
        for (i, _) in Trace::of(&pos).coeffs {
            seen[usize::from(i)] = true;
        }
    }
    let groups = [
        ("material", layout::MATERIAL),
        ("pst", layout::PST),
        ("mobility", layout::MOBILITY),
        ("passed", layout::PASSED),
        ("passed_enemy_king", layout::PASSED_ENEMY_KING),
        ("passed_own_king", layout::PASSED_OWN_KING),
        ("passed_free_path", layout::PASSED_FREE_PATH),
        ("isolated", layout::ISOLATED),
        ("doubled", layout::DOUBLED),
        ("backward", layout::BACKWARD),
        ("bishop_pair", layout::BISHOP_PAIR),
        ("rook_open_file", layout::ROOK_OPEN_FILE),
        ("rook_half_open_file", layout::ROOK_HALF_OPEN_FILE),
        ("threat_by_pawn", layout::THREAT_BY_PAWN),
        ("pawn_shield", layout::PAWN_SHIELD),
        ("king_danger", layout::KING_DANGER),
        ("threat_by_minor", layout::THREAT_BY_MINOR),
        ("threat_by_rook", layout::THREAT_BY_ROOK),
        ("hanging", layout::HANGING),
        ("safe_check", layout::SAFE_CHECK),
        ("outpost", layout::OUTPOST),
        ("connected", layout::CONNECTED),
        ("bishop_pawns", layout::BISHOP_PAWNS),
        ("passed_blocked", layout::PASSED_BLOCKED),
        ("passed_safe_stop", layout::PASSED_SAFE_STOP),
        ("pawn_storm", layout::PAWN_STORM),
        ("pawn_storm_blocked", layout::PAWN_STORM_BLOCKED),
        ("king_file", layout::KING_FILE),
        ("king_zone_weak", layout::KING_ZONE_WEAK),
        ("space", layout::SPACE),
        ("piece_pawns", layout::PIECE_PAWNS),
        ("minor_behind_pawn", layout::MINOR_BEHIND_PAWN),
        ("threat_by_king", layout::THREAT_BY_KING),
        ("threat_by_push", layout::THREAT_BY_PUSH),
        ("king_pawn_distance", layout::KING_PAWN_DISTANCE),
        ("tempo (never in the coefficients)", layout::TEMPO),
    ];
    for pair in groups.windows(2) {
        let ((name, start), (_, end)) = (pair[0], pair[1]);
        assert!(
            seen[start..end].iter().any(|&s| s),
            "no test position uses {name}"
        );
    }
    assert!(!seen[layout::TEMPO]);
}

/// The scale of drawish endings reaches the trace, for either side ahead:
/// a lone knight is drawish whoever leads, a lone rook only for Black.
#[test]
fn trace_keeps_the_endgame_scale() {
    for (fen, scale) in [
        ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", [16, 16]),
        ("4k3/8/8/8/8/8/8/3RK3 b - - 0 1", [64, 16]),
    ] {
        let pos = Position::from_fen(fen).expect("FEN");
        let trace = Trace::of(&pos);
        assert_eq!(trace.scale, scale, "{fen}");
        assert_eq!(trace.evaluate(&HAND_WEIGHTS), evaluate(&pos), "{fen}");
    }
}

/// White's count minus Black's of weight `index` in `fen`.
fn coefficient(fen: &str, index: usize) -> i16 {
    let pos = Position::from_fen(fen).expect("test FEN");
    Trace::of(&pos)
        .coeffs
        .iter()
        .find(|&&(i, _)| usize::from(i) == index)
        .map_or(0, |&(_, c)| c)
}

#[test]
fn threats_and_hanging_pieces_are_counted() {
    // The e5 knight attacks the d7 rook and the f7 pawn (which no pawn
    // defends); nothing defends the rook. Black's a8 rook attacks
    // White's a2 pawn, which no pawn defends.
    let fen = "r5k1/3r1p2/8/4N3/8/8/P7/4K3 w - - 0 1";
    assert_eq!(coefficient(fen, layout::THREAT_BY_MINOR + 3), 1);
    assert_eq!(coefficient(fen, layout::THREAT_BY_MINOR), 1);
    assert_eq!(coefficient(fen, layout::THREAT_BY_ROOK), -1);
    // d7 hangs; the e5 knight is attacked by nothing.
    assert_eq!(coefficient(fen, layout::HANGING), 1);
    // A pawn its own pawn defends (c6, by b7) is no target.
    let defended = "r5k1/1p1r4/2p5/4N3/8/8/P7/4K3 w - - 0 1";
    assert_eq!(coefficient(defended, layout::THREAT_BY_MINOR), 0);
}

#[test]
fn safe_checks_outposts_connected_pawns_and_bishop_pawns() {
    // The d1 rook can check the g8 king from d8, which no black piece
    // covers; the c4 knight reaches no checking square.
    let fen = "6k1/5p2/8/8/2N5/8/8/3RK3 w - - 0 1";
    assert_eq!(coefficient(fen, layout::SAFE_CHECK + 2), 1);
    assert_eq!(coefficient(fen, layout::SAFE_CHECK), 0);
    // Against a king on e8 the knight checks from d6, which is safe; the
    // rook's d8 is next to the king, so not.
    let fen = "4k3/5p2/8/8/2N5/8/8/3RK3 w - - 0 1";
    assert_eq!(coefficient(fen, layout::SAFE_CHECK), 1);
    assert_eq!(coefficient(fen, layout::SAFE_CHECK + 2), 0);
    // A knight on d5 defended by e4, no black pawn on c or e files ahead.
    assert_eq!(
        coefficient("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", layout::OUTPOST),
        1
    );
    assert_eq!(
        coefficient("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", layout::OUTPOST),
        0
    );
    // d4 and e4 side by side: both connected on the fourth rank.
    assert_eq!(
        coefficient("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", layout::CONNECTED + 3),
        2
    );
    // A light-squared bishop (c4) with pawns on light squares b3 and d3.
    assert_eq!(
        coefficient("4k3/8/8/8/2B5/1P1P4/8/4K3 w - - 0 1", layout::BISHOP_PAWNS),
        2
    );
}
