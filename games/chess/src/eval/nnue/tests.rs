//! The network's evidence: integer against float, SIMD against scalar,
//! move-by-move against from scratch, and the file format's round trip
//! and refusals, on random networks and random games.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::game::{Rules, Searchable};

use super::features::View;
use super::simd::{scalar, Row};
use super::*;
use crate::color::Color;
use crate::position::Position;
use crate::Chess;

/// A random network within range, from `seed`.
fn random_float(seed: u64) -> FloatNetwork {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    FloatNetwork::random(DEFAULT_BUCKETS, || rng.gen_range(-1.0..1.0))
}

fn random_network(seed: u64) -> Network {
    Network::from_float(&random_float(seed)).expect("a random network is in range")
}

/// The positions of `games` random legal games from the start position
/// of up to `plies` plies each.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut game = Chess::default();
        for _ in 0..plies {
            let moves = game.legal_moves();
            let Some(&mv) = moves.as_slice().choose(&mut rng) else {
                break;
            };
            game.make(mv);
            positions.push(*game.position());
        }
    }
    positions
}

#[test]
fn nnue_output_buckets_count_pieces_by_fours() {
    let want = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4];
    for (pieces, &bucket) in want.iter().enumerate() {
        assert_eq!(output_bucket(pieces as u32), bucket, "{pieces}");
    }
    assert_eq!(output_bucket(29), 6);
    assert_eq!(output_bucket(30), 7);
    assert_eq!(output_bucket(32), 7);
    assert_eq!(output_bucket(64), 7);
}

#[test]
fn nnue_zeroed_network_evaluates_to_its_output_bias() {
    let mut float = FloatNetwork::zeroed(DEFAULT_BUCKETS);
    assert!(float.check_shape().is_ok());
    float.output_bias[7] = 0.5;
    let net = Network::from_float(&float).expect("in range");
    let start = Position::startpos();
    assert_eq!(float.evaluate(&start), 200.0);
    assert_eq!(net.evaluate(&start), 200);
}

/// Eight buckets: the default four with each split by the king's file
/// pair (a-b or c-d), a refinement of [`DEFAULT_BUCKETS`].
const EIGHT_BUCKETS: KingBuckets = KingBuckets([
    0, 0, 1, 1, //
    2, 2, 3, 3, //
    4, 4, 5, 5, //
    4, 4, 5, 5, //
    6, 6, 7, 7, //
    6, 6, 7, 7, //
    6, 6, 7, 7, //
    6, 6, 7, 7, //
]);

#[test]
fn nnue_split_buckets_evaluate_as_the_network_they_came_from() {
    let one = {
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        FloatNetwork::random(KingBuckets([0; 32]), || rng.gen_range(-1.0..1.0))
    };
    let four = one
        .split_buckets(DEFAULT_BUCKETS)
        .expect("one bucket splits");
    let four_random = random_float(18);
    let eight = four_random
        .split_buckets(EIGHT_BUCKETS)
        .expect("a refinement of the default layout");
    assert!(four.check_shape().is_ok() && eight.check_shape().is_ok());
    assert_eq!(eight.inputs(), 8 * INPUTS_PER_BUCKET);
    let positions = random_positions(19, 40, 120);
    let slots: std::collections::HashSet<_> = positions
        .iter()
        .map(|pos| View::of(&EIGHT_BUCKETS, pos, Color::White).slot())
        .collect();
    assert!(
        slots.len() >= 4,
        "the kings visit too few buckets: {slots:?}"
    );
    for pos in &positions {
        assert_eq!(four.evaluate(pos), one.evaluate(pos), "{}", pos.fen());
        assert_eq!(
            eight.evaluate(pos),
            four_random.evaluate(pos),
            "{}",
            pos.fen()
        );
    }
}

#[test]
fn nnue_split_buckets_refuses_a_layout_that_merges_buckets() {
    let mut merged = EIGHT_BUCKETS;
    merged.0[4] = 0; // a2 joins a1-b1's bucket, but it is on the second rank
    assert!(random_float(20).split_buckets(merged).is_none());
    assert!(random_float(20)
        .split_buckets(KingBuckets([0; 32]))
        .is_none());
}

/// `float` with every weight rounded to what the quantized network
/// holds.
fn dequantized(float: &FloatNetwork) -> FloatNetwork {
    let round = |values: &mut Vec<f32>, unit: i32| {
        let unit = unit as f32;
        values
            .iter_mut()
            .for_each(|v| *v = (*v * unit).round() / unit);
    };
    let mut net = float.clone();
    round(&mut net.input, QA);
    round(&mut net.input_bias, QA);
    round(&mut net.output, QB);
    round(&mut net.output_bias, QA * QB);
    net
}

/// The integer network computes what the float one does with the
/// weights it holds, to within `ARITHMETIC_CP` (the final division
/// rounds towards zero, losing less than 1 cp; the rest is far smaller);
/// against the float network's own weights, the rounding of the weights
/// (input weights to 1/255, about 4% of their ±0.1 here) adds an error:
/// within `WEIGHTS_CP` on every position of this random network, and on
/// average within `MEAN_SHARE` of the average size of the evaluation
/// (measured: mean 16 cp, worst 67 cp, over 2315 positions whose
/// evaluations average ±920 cp).
#[test]
fn nnue_quantized_network_follows_the_float_one() {
    const ARITHMETIC_CP: f32 = 1.5;
    const WEIGHTS_CP: f32 = 80.0;
    const MEAN_SHARE: f32 = 0.025;
    let float = random_float(1);
    let rounded = dequantized(&float);
    let net = Network::from_float(&float).expect("in range");
    let positions = random_positions(2, 20, 120);
    let (mut worst, mut total, mut size) = (0.0f32, 0.0f32, 0.0f32);
    for pos in &positions {
        let q = net.evaluate(pos) as f32;
        let exact = rounded.evaluate(pos);
        assert!(
            (q - exact).abs() <= ARITHMETIC_CP,
            "{}: {q} against {exact}",
            pos.fen()
        );
        let f = float.evaluate(pos);
        let error = (q - f).abs();
        assert!(error <= WEIGHTS_CP, "{}: {q} against {f}", pos.fen());
        (worst, total, size) = (worst.max(error), total + error, size + f.abs());
    }
    assert!(positions.len() > 1000);
    let n = positions.len() as f32;
    assert!(total <= MEAN_SHARE * size, "mean {} cp", total / n);
    eprintln!(
        "float against quantized over {n} positions: mean {} cp, worst {worst} cp; mean |eval| {} cp",
        total / n,
        size / n
    );
}

/// The evaluation through the scalar loops alone.
fn scalar_evaluate(net: &Network, pos: &Position) -> i32 {
    let sums = Color::ALL.map(|perspective| {
        let mut rows = Vec::new();
        for_each_feature(net.buckets(), pos, perspective, |f| rows.push(net.row(f)));
        let mut acc = Row::ZERO;
        scalar::apply(&mut acc, &net.input_bias, &rows, &[]);
        acc
    });
    let stm = pos.side_to_move().index();
    let bucket = output_bucket(pos.occupied().count());
    let sum = scalar::screlu_dot(&sums[stm], &sums[1 - stm], &net.output[bucket]);
    let qa = i64::from(QA);
    ((sum / qa + i64::from(net.output_bias[bucket])) * i64::from(SCALE) / (qa * i64::from(QB)))
        as i32
}

#[test]
fn nnue_simd_evaluation_equals_the_scalar_one() {
    // Output weights near their limit (±2), so that the dot product's
    // `i16` step is exercised at its extremes.
    let mut float = random_float(3);
    float.output.iter_mut().for_each(|w| *w *= 3.9);
    let net = Network::from_float(&float).expect("in range");
    for pos in random_positions(4, 20, 150) {
        assert_eq!(
            net.evaluate(&pos),
            scalar_evaluate(&net, &pos),
            "{}",
            pos.fen()
        );
    }
}

#[test]
fn nnue_colour_flipped_positions_evaluate_the_same() {
    let net = random_network(5);
    let float = random_float(5);
    for (fen, flipped) in [
        (
            "r3k2r/pp3ppp/2n5/3q4/8/2N5/PP3PPP/R2QK2R w KQkq - 0 1",
            "r2qk2r/pp3ppp/2n5/8/3Q4/2N5/PP3PPP/R3K2R b KQkq - 0 1",
        ),
        (
            "8/5pk1/8/3P4/8/8/6K1/8 w - - 0 1",
            "8/6k1/8/8/3p4/8/5PK1/8 b - - 0 1",
        ),
    ] {
        let a = Position::from_fen(fen).expect("fen");
        let b = Position::from_fen(flipped).expect("fen");
        assert_eq!(net.evaluate(&a), net.evaluate(&b), "{fen}");
        // The same sums, added in another order.
        let (fa, fb) = (float.evaluate(&a), float.evaluate(&b));
        assert!((fa - fb).abs() < 0.01, "{fen}: {fa} against {fb}");
    }
}

/// What a random walk met: each must happen for the test to mean much.
#[derive(Debug, Default)]
struct Seen {
    castles: usize,
    en_passant: usize,
    promotions: usize,
    bucket_changes: usize,
    mirror_changes: usize,
    null_moves: usize,
    evaluations: usize,
}

/// Walks randomly from `fen`, making, unmaking and null moves, and
/// checks the accumulators updated along the line against the
/// evaluation from scratch, at most plies (some are skipped, so that
/// several moves are updated at once).
fn walk(net: &Network, fen: &str, seed: u64, steps: usize, seen: &mut Seen) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Chess::from_fen(fen).expect("fen");
    let mut accumulators = Accumulators::default();
    let mut depth = 0;
    for _ in 0..steps {
        let moves = game.legal_moves();
        let step = rng.gen_range(0..10);
        if depth > 0 && (step < 3 || moves.is_empty() || depth > 24) {
            game.unmake();
            depth -= 1;
        } else if step == 3 && !game.position().in_check() {
            game.make_null();
            seen.null_moves += 1;
            depth += 1;
        } else if let Some(&mv) = moves.as_slice().choose(&mut rng) {
            let before = *game.position();
            game.make(mv);
            let after = game.position();
            seen.castles += usize::from(mv.is_castle());
            seen.en_passant += usize::from(mv.is_en_passant());
            seen.promotions += usize::from(mv.is_promotion());
            for perspective in Color::ALL {
                let was = View::of(net.buckets(), &before, perspective).slot();
                let is = View::of(net.buckets(), after, perspective).slot();
                seen.bucket_changes += usize::from(was / 2 != is / 2);
                seen.mirror_changes += usize::from(was % 2 != is % 2);
            }
            depth += 1;
        }
        if rng.gen_range(0..4) == 0 {
            continue;
        }
        let pos = game.position();
        let history = game.history();
        let line = |ply: usize| history.get(ply).map_or(pos, |(before, _)| before);
        let incremental = accumulators.evaluate(net, history.len(), line);
        assert_eq!(incremental, net.evaluate(pos), "{}", pos.fen());
        seen.evaluations += 1;
    }
}

#[test]
fn nnue_incremental_evaluation_equals_the_one_from_scratch() {
    let net = random_network(6);
    let mut seen = Seen::default();
    for (i, fen) in [
        crate::position::STARTING_FEN,
        // Castling both ways for both sides.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // En passant and promotions, kings free to walk.
        "8/2P2k2/8/3pP3/8/8/5Kp1/8 w - d6 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        // Kings on the mirror line, pawns about to promote.
        "4k3/1P4P1/8/8/8/8/1p4p1/3K4 w - - 0 1",
        // Black's double pushes give White en passant captures.
        "4k3/pppppppp/8/1P1P1P1P/8/8/8/4K3 b - - 0 1",
    ]
    .into_iter()
    .enumerate()
    {
        walk(&net, fen, 100 + i as u64, 3000, &mut seen);
    }
    eprintln!("{seen:?}");
    assert!(seen.evaluations > 10_000, "{seen:?}");
    assert!(
        seen.castles > 0 && seen.en_passant > 0 && seen.promotions > 0,
        "{seen:?}"
    );
    assert!(
        seen.bucket_changes > 0 && seen.mirror_changes > 0,
        "{seen:?}"
    );
    assert!(seen.null_moves > 0, "{seen:?}");
}

#[test]
fn nnue_accumulators_follow_long_games_and_a_new_network() {
    let (a, b) = (random_network(7), random_network(8));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut accumulators = Accumulators::default();
    for round in 0..6 {
        let mut game = Chess::default();
        let net = if round % 2 == 0 { &a } else { &b };
        for _ in 0..200 {
            let moves = game.legal_moves();
            let Some(&mv) = moves.as_slice().choose(&mut rng) else {
                break;
            };
            game.make(mv);
            let pos = game.position();
            let history = game.history();
            let line = |ply: usize| history.get(ply).map_or(pos, |(before, _)| before);
            assert_eq!(
                accumulators.evaluate(net, history.len(), line),
                net.evaluate(pos)
            );
        }
    }
}

#[test]
fn nnue_file_round_trips() {
    let net = random_network(10);
    let bytes = net.to_bytes();
    assert_eq!(&bytes[..4], b"CNNU");
    assert_eq!(
        bytes.len(),
        64 + 2 * (4 * 768 * 512 + 512 + 8 * 2 * 512) + 4 * 8 + 8
    );
    let read = Network::from_bytes(&bytes).expect("its own file");
    assert_eq!(read.checksum(), net.checksum());
    assert_eq!(read.to_bytes(), bytes);
    for pos in random_positions(11, 2, 60) {
        assert_eq!(read.evaluate(&pos), net.evaluate(&pos));
    }
    // Another layout is read from the file, not from the code.
    let mut float = random_float(12);
    float.buckets = KingBuckets([0; 32]);
    float.input.truncate(768 * HIDDEN);
    let one = Network::from_float(&float).expect("in range");
    let read = Network::from_bytes(&one.to_bytes()).expect("its own file");
    assert_eq!(read.buckets(), &KingBuckets([0; 32]));
    let pos = Position::startpos();
    assert_eq!(read.evaluate(&pos), one.evaluate(&pos));
}

#[test]
fn nnue_to_float_gives_back_the_same_network() {
    // A trainer going on from the engine's file starts from exactly the
    // network the engine plays.
    let net = random_network(13);
    let back = Network::from_float(&net.to_float()).expect("in range");
    assert_eq!(back.to_bytes(), net.to_bytes());
}

/// Rewrites the checksum of a file changed by hand, so that the change
/// itself is what the reader sees.
fn reseal(bytes: &mut [u8]) {
    let end = bytes.len() - 8;
    let sum = file::checksum(&bytes[..end]);
    bytes[end..].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn nnue_truncated_or_corrupted_files_are_refused_without_a_panic() {
    let good = random_network(13).to_bytes();
    let read = |bytes: &[u8]| Network::from_bytes(bytes).expect_err("malformed");
    assert!(matches!(read(b""), NnueError::TooShort { .. }));
    assert!(matches!(read(b"CNN"), NnueError::TooShort { .. }));
    assert!(matches!(read(b"hello, world"), NnueError::BadMagic { .. }));
    // Every truncation, coarsely, and one byte too many.
    for len in (0..good.len()).step_by(4099).chain([good.len() - 1]) {
        assert!(Network::from_bytes(&good[..len]).is_err(), "{len}");
    }
    let mut long = good.clone();
    long.push(0);
    assert!(matches!(read(&long), NnueError::Length { .. }));
    // A flipped byte anywhere is a bad checksum.
    for at in [70, 5000, good.len() / 2, good.len() - 9, good.len() - 1] {
        let mut bad = good.clone();
        bad[at] ^= 0x20;
        assert!(matches!(read(&bad), NnueError::Checksum { .. }), "{at}");
    }
}

#[test]
fn nnue_files_with_foreign_headers_or_weights_are_refused() {
    let good = random_network(13).to_bytes();
    let read = |bytes: &[u8]| Network::from_bytes(bytes).expect_err("malformed");
    // Header fields, checksum fixed.
    let with = |at: usize, value: u32| {
        let mut bad = good.clone();
        bad[at..at + 4].copy_from_slice(&value.to_le_bytes());
        reseal(&mut bad);
        read(&bad)
    };
    assert!(matches!(with(4, 2), NnueError::Version { found: 2, .. }));
    assert!(matches!(
        with(8, 256),
        NnueError::Mismatch {
            field: "hidden size",
            ..
        }
    ));
    assert!(matches!(
        with(12, 3),
        NnueError::BucketCount { header: 3, map: 4 }
    ));
    assert!(matches!(with(16, 1), NnueError::Mismatch { .. }));
    assert!(matches!(
        with(20, 127),
        NnueError::Mismatch { field: "QA", .. }
    ));
    assert!(matches!(
        with(28, u32::MAX),
        NnueError::Mismatch { field: "SCALE", .. }
    ));
    // A bucket map of 5 buckets with a file sized for 4.
    let mut bad = good.clone();
    bad[63] = 4;
    bad[12] = 5;
    reseal(&mut bad);
    assert!(matches!(read(&bad), NnueError::Length { .. }));
    // A bucket map of 200 buckets.
    let mut bad = good.clone();
    bad[63] = 199;
    bad[12] = 200;
    reseal(&mut bad);
    assert!(matches!(
        read(&bad),
        NnueError::TooManyBuckets { count: 200, .. }
    ));
    // An output weight beyond ±128.
    let output = 64 + 2 * (4 * 768 * 512 + 512);
    let mut bad = good.clone();
    bad[output..output + 2].copy_from_slice(&200i16.to_le_bytes());
    reseal(&mut bad);
    assert!(matches!(
        read(&bad),
        NnueError::OutOfRange {
            field: "output",
            ..
        }
    ));
    // Input weights that 32 pieces could take out of i16.
    let mut bad = good.clone();
    for row in 0..40 {
        let at = 64 + 2 * row * 512;
        bad[at..at + 2].copy_from_slice(&1100i16.to_le_bytes());
    }
    reseal(&mut bad);
    assert!(matches!(
        read(&bad),
        NnueError::AccumulatorOverflow {
            bucket: 0,
            unit: 0,
            ..
        }
    ));
    // Loading a missing file says which.
    let missing = Network::load("/nonexistent/net.nnue").expect_err("no file");
    assert!(
        missing.to_string().contains("/nonexistent/net.nnue"),
        "{missing}"
    );
}

#[test]
fn nnue_from_float_refuses_values_out_of_range() {
    let good = random_float(14);
    let refused = |change: &dyn Fn(&mut FloatNetwork)| {
        let mut float = good.clone();
        change(&mut float);
        Network::from_float(&float).expect_err("out of range")
    };
    let e = refused(&|f| f.output[5] = 2.5);
    assert!(
        matches!(
            e,
            NnueError::OutOfRange {
                field: "output",
                index: 5,
                ..
            }
        ),
        "{e}"
    );
    let e = refused(&|f| f.output[6] = -2.1);
    assert!(
        matches!(
            e,
            NnueError::OutOfRange {
                field: "output",
                index: 6,
                ..
            }
        ),
        "{e}"
    );
    let e = refused(&|f| f.input[7] = 200.0);
    assert!(
        matches!(
            e,
            NnueError::OutOfRange {
                field: "input",
                index: 7,
                ..
            }
        ),
        "{e}"
    );
    let e = refused(&|f| f.input_bias[1] = f32::NAN);
    assert!(
        matches!(
            e,
            NnueError::NotFinite {
                field: "input_bias",
                ..
            }
        ),
        "{e}"
    );
    let e = refused(&|f| f.output_bias[0] = 1e6);
    assert!(
        matches!(
            e,
            NnueError::OutOfRange {
                field: "output_bias",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn nnue_from_float_refuses_wrong_shapes_and_overflowing_sums() {
    let good = random_float(14);
    let refused = |change: &dyn Fn(&mut FloatNetwork)| {
        let mut float = good.clone();
        change(&mut float);
        Network::from_float(&float).expect_err("out of range")
    };
    let e = refused(&|f| {
        f.input.pop();
    });
    assert!(matches!(e, NnueError::Shape { field: "input", .. }), "{e}");
    let e = refused(&|f| {
        f.buckets.0[31] = 40;
    });
    assert!(
        matches!(e, NnueError::TooManyBuckets { count: 41, .. }),
        "{e}"
    );
    // Weights of 4.5 for 32 pieces of bucket 1 reach 32 · 1148 > 32767.
    let e = refused(&|f| (0..40).for_each(|i| f.input[(768 + i) * HIDDEN + 9] = 4.5));
    assert!(
        matches!(
            e,
            NnueError::AccumulatorOverflow {
                bucket: 1,
                unit: 9,
                ..
            }
        ),
        "{e}"
    );
    // The largest output weight that fits: 1.99 · 64 rounds to 127.
    let mut edge = good.clone();
    edge.output.iter_mut().step_by(3).for_each(|w| *w = 1.99);
    assert!(Network::from_float(&edge).is_ok());
}

#[test]
fn nnue_accumulators_refresh_a_line_of_unrelated_positions() {
    // Not a game: each position differs from the one before by more
    // pieces than a move moves, so each is refreshed, not updated.
    let net = random_network(15);
    let line: Vec<Position> = [
        crate::position::STARTING_FEN,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        crate::position::STARTING_FEN,
    ]
    .iter()
    .map(|fen| Position::from_fen(fen).expect("fen"))
    .collect();
    let mut accumulators = Accumulators::default();
    accumulators.evaluate(&net, 0, |i| &line[i]);
    for last in 1..line.len() {
        let incremental = accumulators.evaluate(&net, last, |i| &line[i]);
        assert_eq!(incremental, net.evaluate(&line[last]), "{last}");
    }
}
