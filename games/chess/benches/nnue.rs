//! NNUE speed: an evaluation updated from the previous ply's
//! accumulators along random games (as in a search), one from scratch
//! (both accumulators refreshed), and the hand-written evaluation of the
//! same positions for comparison, on a random network.

use std::hint::black_box;

use chess::eval::nnue::{Accumulators, FloatNetwork, Network, DEFAULT_BUCKETS};
use chess::eval::{evaluate_cached, EvalChoice, PawnKingCache};
use chess::{Chess, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::game::Rules;

/// Random games from the start position, each as its positions.
fn games(rng: &mut ChaCha8Rng, count: usize, plies: usize) -> Vec<Vec<Position>> {
    (0..count)
        .map(|_| {
            let mut game = Chess::default();
            let mut line = vec![*game.position()];
            for _ in 0..plies {
                let moves = game.legal_moves();
                let Some(&mv) = moves.as_slice().choose(rng) else {
                    break;
                };
                game.make(mv);
                line.push(*game.position());
            }
            line
        })
        .collect()
}

fn nnue(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let float = FloatNetwork::random(DEFAULT_BUCKETS, || rng.gen_range(-1.0..1.0));
    let net = Network::from_float(&float).expect("in range");
    let games = games(&mut rng, 16, 120);
    let positions: Vec<&Position> = games.iter().flatten().collect();
    let evaluations = games.iter().map(|g| g.len() - 1).sum::<usize>();

    let mut group = c.benchmark_group("nnue");
    // Each ply's accumulators from the previous ply's: the games follow
    // one another, so a ply's entry always holds another game's position
    // and is recomputed.
    let mut accumulators = Accumulators::default();
    group.throughput(Throughput::Elements(evaluations as u64));
    group.bench_function("incremental", |b| {
        b.iter(|| {
            let mut total = 0;
            for line in &games {
                accumulators.evaluate(&net, 0, |i| &line[i]);
                for ply in 1..line.len() {
                    total += accumulators.evaluate(&net, ply, |i| &line[i]);
                }
            }
            black_box(total)
        })
    });
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("refresh", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| net.evaluate(black_box(p)))
                .sum::<i32>()
        })
    });
    let choice = EvalChoice::default();
    let mut cache = PawnKingCache::default();
    group.bench_function("hand_written_cached", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| evaluate_cached(black_box(p), &choice, &mut cache))
                .sum::<i32>()
        })
    });
    group.finish();
}

criterion_group!(benches, nnue);
criterion_main!(benches);
