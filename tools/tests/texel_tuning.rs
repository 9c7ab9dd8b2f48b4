//! The Texel tooling end to end: extraction from a tiny PGN, and the
//! tuner recovering known weights from synthetic labels.

use chess::eval::trace::Trace;
use chess::eval::weights::name;
use chess::eval::{evaluate, hand_written_raw, layout, s, Weights, HAND_WEIGHTS};
use chess::{Chess, Position};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tools::dataset::{self, Labelled};
use tools::extract::{extract, ExtractOptions};
use tools::quiet::is_quiet;
use tools::tune::{adam, params_of, sigmoid, tunable_by_prefix, TraceSet, TuneOptions};
use workbench::pgn::read_games;

const TINY_PGN: &str = include_str!("data/tiny.pgn");

/// Rounds 3 (0-1, 133 plies) and 2 (½-½, 82 plies), written in that
/// order, and round 999, the same moves as round 2 but unfinished.
#[test]
fn extract_keeps_quiet_labelled_positions_in_round_order() {
    let games = read_games(TINY_PGN).expect("tiny PGN");
    assert_eq!(games.len(), 3);
    let options = ExtractOptions { skip_plies: 16 };
    let (data, stats) = extract(&games, options).expect("extracts");
    assert_eq!(stats.games, 3);
    assert_eq!(stats.unfinished, 1);
    assert_eq!(stats.positions_seen, (82 - 16) + (133 - 16));
    assert_eq!(
        stats.kept + stats.not_quiet + stats.duplicates,
        stats.positions_seen
    );
    assert_eq!(stats.kept, data.len());
    assert!(stats.not_quiet > 0 && stats.kept > 50, "{stats:?}");
    // Round 2 (the draw) comes first, then round 3 (Black won).
    let first_loss = data.iter().position(|d| d.result == 0.0).expect("round 3");
    assert!(data[..first_loss].iter().all(|d| d.result == 0.5));
    assert!(data[first_loss..].iter().all(|d| d.result == 0.0));
    for item in &data {
        let mut game = Chess::new(item.position);
        assert!(!item.position.in_check());
        assert!(is_quiet(&mut game), "{}", item.position.fen());
    }
    // Skipping more plies keeps a subset; the text form reads back.
    let (fewer, _) = extract(&games, ExtractOptions { skip_plies: 60 }).expect("extracts");
    assert!(fewer.len() < data.len() && !fewer.is_empty());
    let text: String = data.iter().map(|d| format!("{d}\n")).collect();
    assert_eq!(dataset::parse(&text).expect("reads back"), data);
}

#[test]
fn extract_reports_a_bad_move_with_its_game() {
    let pgn = "[Round \"7\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n";
    let games = read_games(pgn).expect("PGN");
    let err = extract(&games, ExtractOptions::default()).expect_err("Ke3 is illegal");
    let text = err.to_string();
    assert!(text.contains("round 7") && text.contains("Ke3"), "{text}");
}

/// Positions of random games from the start (plies 4 to 120).
fn random_positions(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut game = Chess::default();
        for ply in 0..120 {
            let moves = game.legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            game.play_unchecked(mv);
            if ply >= 4 {
                out.push(*game.position());
            }
        }
    }
    out
}

/// Labels from a known weight table: the expected score `sigmoid(K·E/400)`
/// of each position under it (noise-free, so those weights are the exact
/// minimum).
fn label(positions: &[Position], truth: &Weights, k: f64) -> Vec<Labelled> {
    positions
        .iter()
        .map(|pos| {
            let white = Trace::of(pos).evaluate(truth) * pos.side_to_move().fold(1, -1);
            Labelled {
                position: *pos,
                result: sigmoid(k, f64::from(white)),
            }
        })
        .collect()
}

#[test]
fn tuner_recovers_known_material_weights() {
    const K: f64 = 1.0;
    let mut truth = hand_written_raw();
    let known = [
        (layout::MATERIAL + 1, s(290, 340)),
        (layout::MATERIAL + 2, s(380, 300)),
        (layout::MATERIAL + 3, s(520, 500)),
        (layout::MATERIAL + 4, s(950, 1050)),
        (layout::BISHOP_PAIR, s(10, 80)),
    ];
    for (i, w) in known {
        truth[i] = w;
    }
    let truth = Weights::from_raw(truth);
    let data = label(&random_positions(3, 60), &truth, K);
    let set = TraceSet::new(&data);
    let start = params_of(&HAND_WEIGHTS);
    assert!((set.fit_k(&params_of(&truth)) - K).abs() < 0.05);
    let options = TuneOptions {
        epochs: 400,
        learning_rate: 2.0,
        tunable: Some(tunable_by_prefix("material,bishop_pair")),
        l2: 0.0,
    };
    let mut errors = Vec::new();
    let tuned = adam(&set, start, K, &options, |_, mse, _| errors.push(mse));
    assert!(errors[errors.len() - 1] < errors[0] / 100.0, "{errors:?}");
    for (i, w) in known {
        let got = tuned[i];
        assert!(
            (got[0] - f64::from(w.mg)).abs() < 3.0 && (got[1] - f64::from(w.eg)).abs() < 3.0,
            "{}: got {got:?}, want {w:?}",
            name(i)
        );
    }
    // Frozen weights stay put.
    assert_eq!(tuned[layout::TEMPO], [18.0, 8.0]);
}

#[test]
fn tuner_fits_every_weight_towards_a_perturbed_table() {
    const K: f64 = 1.2;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut raw = hand_written_raw();
    for w in raw.iter_mut() {
        *w = s(
            w.mg + rng.gen_range(-25..=25),
            w.eg + rng.gen_range(-25..=25),
        );
    }
    let truth = Weights::from_raw(raw);
    let positions = random_positions(5, 40);
    let data = label(&positions, &truth, K);
    let set = TraceSet::new(&data);
    let start = params_of(&HAND_WEIGHTS);
    let before = set.mse(&start, K);
    let options = TuneOptions {
        epochs: 300,
        learning_rate: 1.0,
        tunable: None,
        l2: 0.0,
    };
    let tuned = adam(&set, start.clone(), K, &options, |_, _, _| {});
    let after = set.mse(&tuned, K);
    assert!(after < before / 20.0, "{before} -> {after}");
    // The evaluations move towards the truth's.
    let truth_evals = set.evaluations(&params_of(&truth));
    let gap = |p| -> f64 {
        let evals = set.evaluations(p);
        evals
            .iter()
            .zip(&truth_evals)
            .map(|(a, b)| (a - b).abs())
            .sum::<f64>()
            / evals.len() as f64
    };
    assert!(
        gap(&tuned) < gap(&start) / 3.0,
        "{} vs {}",
        gap(&tuned),
        gap(&start)
    );
}

/// The float evaluation the tuner differentiates stays within rounding of
/// the engine's integer one.
#[test]
fn tuner_evaluation_matches_the_engine() {
    let positions = random_positions(9, 10);
    let data: Vec<Labelled> = positions
        .iter()
        .map(|p| Labelled {
            position: *p,
            result: 0.5,
        })
        .collect();
    let set = TraceSet::new(&data);
    let evals = set.evaluations(&params_of(&HAND_WEIGHTS));
    for (pos, e) in positions.iter().zip(evals) {
        let engine = f64::from(evaluate(pos) * pos.side_to_move().fold(1, -1));
        assert!((engine - e).abs() <= 2.0, "{}: {engine} vs {e}", pos.fen());
    }
}

/// A strong ridge penalty keeps the weights at their start whatever the
/// labels say; none lets them move.
#[test]
fn ridge_penalty_holds_weights_at_the_start() {
    let positions = random_positions(13, 10);
    let mut raw = hand_written_raw();
    raw[layout::MATERIAL + 1] = s(200, 200);
    let data = label(&positions, &Weights::from_raw(raw), 1.0);
    let set = TraceSet::new(&data);
    let start = params_of(&HAND_WEIGHTS);
    let knight = |l2: f64| {
        let options = TuneOptions {
            epochs: 100,
            learning_rate: 2.0,
            tunable: Some(tunable_by_prefix("material")),
            l2,
        };
        adam(&set, start.clone(), 1.0, &options, |_, _, _| {})[layout::MATERIAL + 1]
    };
    let held = knight(1.0);
    let free = knight(0.0);
    assert!((held[0] - 330.0).abs() < 1.0, "{held:?}");
    assert!(free[0] < 300.0, "{free:?}");
}
