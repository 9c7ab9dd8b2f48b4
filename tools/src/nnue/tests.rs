//! The trainer against the engine's float network, its gradient against
//! finite differences, and its files and data split.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use chess::eval::nnue::{FloatNetwork, KingBuckets, Network, DEFAULT_BUCKETS, HIDDEN};
use chess::{legal_moves, Position};

use super::checkpoint;
use super::cli::{position_of, starting_network, NnueError};
use super::data::split_by_game;
use super::model::{backprop, forward, initial, loss};
use super::sample::{Sample, Target};
use super::teacher::{self, Teacher};
use super::train::{mean_loss, train, TrainOptions};
use crate::packed::PackedPosition;

const TARGET: Target = Target {
    result_weight: 0.4,
    scale: 400.0,
};

/// Positions of random legal games from the start, `count` of them.
fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::startpos();
        for _ in 0..rng.gen_range(0..80) {
            let moves: Vec<_> = legal_moves(&pos).iter().copied().collect();
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            pos.play_unchecked(mv);
        }
        out.push(pos);
    }
    out
}

fn packed(pos: &Position, score: i16, result: u8, ply: u16) -> PackedPosition {
    PackedPosition::pack(pos, score, result, ply)
}

/// Initial weights with larger output weights, so that every weight
/// matters.
fn random_net(seed: u64) -> FloatNetwork {
    let mut net = initial(DEFAULT_BUCKETS, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed + 1);
    net.output
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-0.5..0.5));
    net.input_bias
        .iter_mut()
        .for_each(|b| *b = rng.gen_range(-0.2..0.5));
    net.output_bias
        .iter_mut()
        .for_each(|b| *b = rng.gen_range(-0.1..0.1));
    net
}

#[test]
fn the_trainer_computes_what_the_engines_float_network_does() {
    let net = random_net(3);
    for pos in random_positions(7, 200) {
        let s = Sample::new(&packed(&pos, 0, 1, 0), &net.buckets, TARGET);
        let ours = forward(&net, &s);
        let engine = net.evaluate(&pos);
        assert!(
            (ours - engine).abs() <= 1e-3 * engine.abs().max(1.0),
            "{ours} vs {engine} on {}",
            pos.fen()
        );
    }
}

#[test]
fn the_gradient_matches_finite_differences() {
    let net = random_net(5);
    let pos = &random_positions(11, 1)[0];
    let s = Sample::new(&packed(pos, 120, 2, 30), &net.buckets, TARGET);
    let mut grad = FloatNetwork::zeroed(net.buckets);
    backprop(&net, &s, TARGET.scale, &mut grad);
    let feature = usize::from(s.features(1)[2]);
    // (group, index): input weight of an active feature, input bias,
    // an output weight of each half, the output bias.
    let bucket = s.bucket();
    let probes = [
        (0, feature * HIDDEN + 3),
        (1, 7),
        (2, bucket * 2 * HIDDEN + 5),
        (2, bucket * 2 * HIDDEN + HIDDEN + 9),
        (3, bucket),
    ];
    // f32 losses: a step of 1e-2 keeps the difference well above their
    // rounding, and a gradient formula off by a factor or a sign still
    // fails by far more than 5%.
    for (group, i) in probes {
        let h = 1e-2;
        let nudged = |delta: f32| {
            let mut n = net.clone();
            param(&mut n, group)[i] += delta;
            f64::from(loss(&n, &s, TARGET.scale))
        };
        let numeric = (nudged(h) - nudged(-h)) / (2.0 * f64::from(h));
        let analytic = f64::from(param(&mut grad, group)[i]);
        assert!(
            (numeric - analytic).abs() <= 5e-2 * numeric.abs().max(1e-4),
            "group {group} index {i}: {numeric} vs {analytic}"
        );
    }
}

fn param(net: &mut FloatNetwork, group: usize) -> &mut [f32] {
    match group {
        0 => &mut net.input,
        1 => &mut net.input_bias,
        2 => &mut net.output,
        _ => &mut net.output_bias,
    }
}

#[test]
fn training_lowers_the_error_and_is_repeatable() {
    let positions = random_positions(13, 64);
    let data: Vec<PackedPosition> = positions
        .iter()
        .enumerate()
        .map(|(i, pos)| packed(pos, (i as i16 % 7 - 3) * 150, (i % 3) as u8, i as u16))
        .collect();
    let options = TrainOptions {
        epochs: 40,
        batch: 16,
        learning_rate: 0.003,
        target: TARGET,
        threads: 2,
        seed: 1,
    };
    let start = initial(DEFAULT_BUCKETS, 2);
    let before = mean_loss(&start, &data, &options);
    let run = || train(start.clone(), &data, &data, &options, |_, _| {});
    let trained = run();
    let after = mean_loss(&trained, &data, &options);
    assert!(after < before / 2.0, "{before} -> {after}");
    assert_eq!(
        trained.input,
        run().input,
        "same data and seed, same network"
    );
}

#[test]
fn a_float_checkpoint_reads_back_and_garbage_does_not() {
    let net = random_net(17);
    let bytes = checkpoint::to_bytes(&net);
    let back = checkpoint::from_bytes(&bytes).expect("its own file");
    assert_eq!(back.input, net.input);
    assert_eq!(back.output_bias, net.output_bias);
    assert_eq!(back.buckets, net.buckets);
    assert!(checkpoint::from_bytes(&bytes[..bytes.len() - 1]).is_none());
    assert!(checkpoint::from_bytes(b"CNNF").is_none());
    let mut wrong = bytes.clone();
    wrong[0] = b'X';
    assert!(checkpoint::from_bytes(&wrong).is_none());
}

#[test]
fn a_run_starts_from_an_engines_network_file_too() {
    let engine = Network::from_float(&random_net(29)).expect("in range");
    let path = std::env::temp_dir().join(format!("nnue-init-{}.nnue", std::process::id()));
    std::fs::write(&path, engine.to_bytes()).expect("temp file");
    let read = checkpoint::read_either(&path);
    std::fs::write(&path, b"neither").expect("temp file");
    let garbage = checkpoint::read_either(&path);
    let _ = std::fs::remove_file(&path);
    let float = read.expect("an engine file");
    let again = Network::from_float(&float).expect("in range");
    assert_eq!(again.to_bytes(), engine.to_bytes());
    assert!(garbage.is_err());
}

/// `texel nnue`'s arguments as its command line gives them.
fn nnue_args(line: &[&str]) -> super::cli::NnueArgs {
    #[derive(clap::Parser)]
    struct Line {
        #[command(flatten)]
        args: super::cli::NnueArgs,
    }
    let words = ["texel", "data", "--out", "net.nnue"].iter().chain(line);
    <Line as clap::Parser>::try_parse_from(words)
        .expect("a valid command line")
        .args
}

#[test]
fn init_with_buckets_splits_the_starting_networks_buckets() {
    let one = initial(KingBuckets([0; 32]), 31);
    let path = std::env::temp_dir().join(format!("nnue-split-{}.float", std::process::id()));
    checkpoint::write(&path, &one).expect("temp file");
    let init = path.to_str().expect("a UTF-8 temp path");
    let kept = starting_network(&nnue_args(&["--init", init]));
    let split = starting_network(&nnue_args(&["--init", init, "--buckets", "four"]))
        .expect("one bucket splits");
    checkpoint::write(&path, &split).expect("temp file");
    let merged = starting_network(&nnue_args(&["--init", init, "--buckets", "one"]));
    let _ = std::fs::remove_file(&path);
    assert_eq!(kept.expect("read back").buckets, one.buckets);
    assert_eq!(split.buckets, DEFAULT_BUCKETS);
    for pos in random_positions(32, 50) {
        assert_eq!(split.evaluate(&pos), one.evaluate(&pos), "{}", pos.fen());
    }
    assert!(matches!(merged, Err(NnueError::NotASplit(b)) if b == DEFAULT_BUCKETS));
    let fresh = starting_network(&nnue_args(&[])).expect("random weights");
    assert_eq!(fresh.buckets, DEFAULT_BUCKETS);
}

#[test]
fn games_are_held_out_whole() {
    let positions = random_positions(19, 10);
    // 40 games of 10 positions each, plies rising within a game.
    let games: Vec<Vec<PackedPosition>> = (0..40)
        .map(|game| {
            (0..10)
                .map(|ply| packed(&positions[ply], game as i16, (game % 3) as u8, ply as u16))
                .collect()
        })
        .collect();
    let (fitted, held) = split_by_game(&games, 0.3);
    assert!(!held.is_empty() && !fitted.is_empty());
    for game in 0..40i16 {
        let in_held = held.iter().filter(|p| p.score_white() == game).count();
        assert!(
            in_held == 0 || in_held == 10,
            "game {game} split: {in_held} held"
        );
    }
}

#[test]
fn a_packed_record_gives_back_its_pieces_and_side() {
    for pos in random_positions(23, 100) {
        let back = position_of(&packed(&pos, 0, 1, 0)).expect("a legal position");
        assert_eq!(back.side_to_move(), pos.side_to_move());
        assert_eq!(back.occupied(), pos.occupied());
        for sq in pos.occupied() {
            assert_eq!(back.piece_at(sq), pos.piece_at(sq));
        }
    }
}

fn game_records(seed: u64, count: usize) -> Vec<PackedPosition> {
    random_positions(seed, count)
        .iter()
        .enumerate()
        .map(|(i, pos)| packed(pos, 37, (i % 3) as u8, i as u16))
        .collect()
}

#[test]
fn the_hand_written_teacher_replaces_only_the_score_with_the_hand_written_evaluation() {
    let records = game_records(31, 60);
    let mut relabelled = records.clone();
    teacher::relabel(&mut relabelled, Teacher::HandWritten, 3);
    let choice = chess::eval::EvalChoice {
        nnue: false,
        ..Default::default()
    };
    for (before, after) in records.iter().zip(&relabelled) {
        let pos = position_of(before).expect("a legal position");
        let own_view = chess::eval::evaluate_choice(&pos, &choice);
        let white = before.side_to_move().fold(own_view, -own_view);
        assert_eq!(i32::from(after.score_white()), white);
        assert_eq!(after.with_score(37), *before, "only the score changes");
    }
    let mut unchanged = records.clone();
    teacher::relabel(&mut unchanged, Teacher::Search, 2);
    assert_eq!(unchanged, records);
}

#[test]
fn children_are_seeded_playable_positions_scored_by_the_hand_written_evaluation() {
    let parents = game_records(32, 40);
    let kids = teacher::children(&parents, 3, 4, 9, 2);
    assert!(
        kids.len() > 60 && kids.len() <= 120,
        "{} children",
        kids.len()
    );
    assert_eq!(kids, teacher::children(&parents, 3, 4, 9, 3), "threads");
    assert_ne!(kids, teacher::children(&parents, 3, 4, 10, 2), "seed");
    for kid in &kids {
        let pos = position_of(kid).expect("a legal position");
        assert!(!pos.in_check());
        assert!(!chess::legal_moves(&pos).is_empty());
        assert_eq!(
            Some(i32::from(kid.score_white())),
            teacher::hand_written_white(kid)
        );
    }
    assert!(teacher::children(&parents, 0, 4, 9, 2).is_empty());
}
