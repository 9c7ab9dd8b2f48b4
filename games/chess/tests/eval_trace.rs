//! The tuner's trace against the engine's evaluation: on positions from the
//! perft suite and from random games played from them, the evaluation
//! recomputed from the trace's coefficients (`Σ coeff · weight`, tapered,
//! scaled and with tempo, in integer arithmetic) equals `evaluate_with`
//! exactly, for the default weights, the tuned ones and random tables (so a
//! trace that missed or double-counted a term, or a scorer that read a
//! weight the trace does not record, fails).

use chess::eval::trace::Trace;
use chess::eval::{
    default_raw, evaluate, evaluate_with, layout, s, Weights, DEFAULT_WEIGHTS, TUNED_WEIGHTS,
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
    let mut raw = default_raw();
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
    check(&positions, &DEFAULT_WEIGHTS);
    for pos in &positions {
        assert_eq!(evaluate(pos), evaluate_with(pos, &DEFAULT_WEIGHTS));
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
        assert_eq!(trace.evaluate(&DEFAULT_WEIGHTS), evaluate(&pos), "{fen}");
    }
}
