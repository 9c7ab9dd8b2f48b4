use leiserchess::{Leiserchess, Params};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use search::Game;
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(4096);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut games = Vec::new();
    while games.len() < n {
        let mut g = Leiserchess::startpos();
        for _ in 0..60 {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            g.make(mv);
            if g.outcome().is_some() {
                break;
            }
            games.push(Leiserchess::from_fen(&g.fen()).unwrap());
        }
    }
    games.truncate(n);
    let params = Params::default();
    let rounds = 3_000_000 / n;
    let start = Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for g in &games {
            sum += i64::from(leiserchess::eval::evaluate_white(g.position(), &params));
        }
    }
    let per = start.elapsed().as_nanos() as f64 / (rounds * games.len()) as f64;
    println!("{n}: {per:.1} ns per evaluate (checksum {sum})");
}
