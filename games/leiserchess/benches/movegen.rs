//! Move generation, make/unmake and perft.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use search::{Frontend, Rules, Searchable};

use leiserchess::Leiserchess;

fn positions() -> Vec<Leiserchess> {
    Leiserchess::bench_positions()
        .iter()
        .filter_map(|fen| Leiserchess::from_fen(fen).ok())
        .collect()
}

fn bench_movegen(c: &mut Criterion) {
    let games = positions();
    let mut moves = Vec::with_capacity(256);
    c.bench_function("legal_moves (all bench positions)", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &games {
                moves.clear();
                g.legal_moves(&mut moves);
                n += moves.len();
            }
            black_box(n)
        })
    });
    c.bench_function("make+unmake every legal move (all bench positions)", |b| {
        let mut games = games.clone();
        b.iter(|| {
            let mut n = 0u64;
            for g in games.iter_mut() {
                moves.clear();
                g.legal_moves(&mut moves);
                for &mv in &moves {
                    g.make(mv);
                    n += g.hash() & 1;
                    g.unmake();
                }
            }
            black_box(n)
        })
    });
    let mut keys = Vec::new();
    c.bench_function("noisy_moves (all bench positions)", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &games {
                moves.clear();
                keys.clear();
                g.noisy_moves(&mut moves, &mut keys);
                n += moves.len();
            }
            black_box(n)
        })
    });
    let mut start = Leiserchess::startpos();
    c.bench_function("perft 3 (start)", |b| b.iter(|| black_box(start.perft(3))));
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
