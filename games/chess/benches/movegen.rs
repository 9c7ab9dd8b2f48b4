//! Move generation and perft speed.

use std::hint::black_box;

use chess::{legal_moves, perft, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const POSITIONS: [(&str, &str); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
];

fn legal_move_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).expect("bench FEN");
        group.bench_function(name, |b| b.iter(|| legal_moves(black_box(&pos)).len()));
    }
    group.finish();
}

fn perft_speed(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in [
        ("start_5", POSITIONS[0].1, 5, 4_865_609u64),
        ("kiwipete_4", POSITIONS[1].1, 4, 4_085_603),
        ("endgame_6", POSITIONS[2].1, 6, 11_030_083),
    ] {
        let pos = Position::from_fen(fen).expect("bench FEN");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&pos), depth)));
    }
    group.finish();
}

criterion_group!(benches, legal_move_generation, perft_speed);
criterion_main!(benches);
