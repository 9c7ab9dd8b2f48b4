//! The evaluation, and LCOVERAGE (its dominant term) alone. Computed in
//! full each time (`evaluate_white_fresh`, `coverage_with`): the search's
//! caches would otherwise answer every repetition.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use search::{Frontend, Rules, Side};

use leiserchess::eval::lengths::Fastest;
use leiserchess::eval::{coverage, evaluate_white_fresh};
use leiserchess::{Leiserchess, Params};

fn bench_evaluate(c: &mut Criterion) {
    let games: Vec<Leiserchess> = Leiserchess::bench_positions()
        .iter()
        .filter_map(|fen| Leiserchess::from_fen(fen).ok())
        .collect();
    let params = Params::default();
    let per = games.len() as f64;
    c.bench_function(&format!("evaluate ({per} positions)"), |b| {
        b.iter(|| {
            games
                .iter()
                .map(|g| evaluate_white_fresh(g.position(), &params))
                .sum::<i32>()
        })
    });
    c.bench_function(&format!("coverage, both sides ({per} positions)"), |b| {
        b.iter(|| {
            games
                .iter()
                .map(|g| {
                    let board = g.position().board();
                    coverage::coverage_with::<Fastest>(board, Side::White).value
                        + coverage::coverage_with::<Fastest>(board, Side::Black).value
                })
                .sum::<i64>()
        })
    });
    let mut no_cov = params.clone();
    no_cov.lcoverage = 0;
    c.bench_function(
        &format!("evaluate without LCOVERAGE ({per} positions)"),
        |b| {
            b.iter(|| {
                black_box(
                    games
                        .iter()
                        .map(|g| evaluate_white_fresh(g.position(), &no_cov))
                        .sum::<i32>(),
                )
            })
        },
    );
}

criterion_group!(benches, bench_evaluate);
criterion_main!(benches);
