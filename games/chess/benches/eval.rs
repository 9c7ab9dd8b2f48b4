//! Evaluation speed: the full evaluation of a few typical positions,
//! with the pawn-king cache warm (as in a search, where most placements
//! are found there) and without it.

use std::hint::black_box;

use chess::eval::{evaluate_cached, evaluate_with, EvalChoice, PawnKingCache, TUNED_WEIGHTS};
use chess::Position;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fn positions() -> Vec<Position> {
    POSITIONS
        .iter()
        .map(|fen| Position::from_fen(fen).expect("bench FEN"))
        .collect()
}

fn evaluation(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("uncached", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| evaluate_with(black_box(p), &TUNED_WEIGHTS))
                .sum::<i32>()
        })
    });
    let choice = EvalChoice::default();
    let mut cache = PawnKingCache::default();
    group.bench_function("cached", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| evaluate_cached(black_box(p), &choice, &mut cache))
                .sum::<i32>()
        })
    });
    group.finish();
}

criterion_group!(benches, evaluation);
criterion_main!(benches);
