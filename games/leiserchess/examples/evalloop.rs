//! Times the evaluation, computed afresh (for profiling): over the bench
//! positions, or with an argument N over N positions from seeded random
//! games (more varied: closer to what the search meets).

use std::time::Instant;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::{Frontend, Rules};

use leiserchess::{Leiserchess, Params};

fn random_positions(n: usize) -> Vec<Leiserchess> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut positions = Vec::with_capacity(n);
    while positions.len() < n {
        let mut game = Leiserchess::startpos();
        for _ in 0..60 {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            game.make(mv);
            if game.outcome().is_some() {
                break;
            }
            positions.push(Leiserchess::from_position(game.position().clone()));
        }
    }
    positions.truncate(n);
    positions
}

fn main() {
    let games: Vec<Leiserchess> = match std::env::args().nth(1).and_then(|a| a.parse().ok()) {
        Some(n) => random_positions(n),
        None => Leiserchess::bench_positions()
            .iter()
            .filter_map(|f| Leiserchess::from_fen(f).ok())
            .collect(),
    };
    let params = Params::default();
    let rounds = (3_000_000 / games.len().max(1)).max(1);
    let start = Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for g in &games {
            sum += i64::from(leiserchess::eval::evaluate_white_fresh(
                g.position(),
                &params,
            ));
        }
    }
    let per = start.elapsed().as_nanos() as f64 / (rounds * games.len()) as f64;
    println!(
        "{per:.1} ns per evaluate over {} positions (checksum {sum})",
        games.len()
    );
}
