//! Times the evaluation over the bench positions (for profiling).

use std::time::Instant;

use search::Game;

use leiserchess::{Leiserchess, Params};

fn main() {
    let games: Vec<Leiserchess> = Leiserchess::bench_positions()
        .iter()
        .filter_map(|f| Leiserchess::from_fen(f).ok())
        .collect();
    let params = Params::default();
    let rounds = 200_000;
    let start = Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for g in &games {
            sum += i64::from(leiserchess::eval::evaluate_white(g.position(), &params));
        }
    }
    let per = start.elapsed().as_nanos() as f64 / (rounds * games.len()) as f64;
    println!("{per:.1} ns per evaluate (checksum {sum})");
}
