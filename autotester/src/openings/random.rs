//! Balanced random openings for either game: random legal plies from the
//! start, kept only if a short search of our own engine finds the position
//! roughly level. The random stream depends on the seed and the round only.

use super::Opening;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::{Engine, Limits, Searchable};
use std::sync::atomic::AtomicBool;

/// Depth of the balance check.
const CHECK_DEPTH: u32 = 3;
/// Largest |score| (centipawns) accepted as balanced.
const BALANCE_WINDOW: i32 = 75;
/// Tries before settling for the most level opening seen.
const MAX_TRIES: usize = 64;
/// Transposition table of the checking engine, in MB.
const CHECK_HASH_MB: usize = 1;

/// `plies` random moves, if none of them ends the game.
fn random_line<G: Searchable>(rng: &mut ChaCha8Rng, plies: usize) -> Option<(G, Vec<G::Move>)> {
    let mut game = G::startpos();
    let mut line = Vec::with_capacity(plies);
    let mut moves = Vec::new();
    for _ in 0..plies {
        moves.clear();
        game.legal_moves(&mut moves);
        let mv = *moves.choose(rng)?;
        game.make(mv);
        line.push(mv);
        if game.outcome().is_some() {
            return None;
        }
    }
    Some((game, line))
}

/// Makes balanced openings, keeping its checking engine between them and
/// the last opening made. A worker owns one: creating the engine (its
/// tables allocated and zeroed) cost more than the search itself, and a
/// worker usually plays both games of a round one after the other. The
/// openings are the same as fresh ones: the engine starts a new game for
/// every check.
pub struct Balancer<G: Searchable> {
    engine: Option<Engine<G>>,
    last: Option<((u64, u32, usize), Opening)>,
}

impl<G: Searchable> Default for Balancer<G> {
    fn default() -> Self {
        Balancer::new()
    }
}

impl<G: Searchable> Balancer<G> {
    pub fn new() -> Balancer<G> {
        Balancer {
            engine: Engine::<G>::new(CHECK_HASH_MB).ok(),
            last: None,
        }
    }

    /// The opening for `round` under `seed`.
    pub fn opening(&mut self, seed: u64, round: u32, plies: usize) -> Opening {
        let key = (seed, round, plies);
        if let Some((_, opening)) = self.last.as_ref().filter(|(k, _)| *k == key) {
            return opening.clone();
        }
        let opening = self.make(seed, round, plies);
        self.last = Some((key, opening.clone()));
        opening
    }

    fn make(&mut self, seed: u64, round: u32, plies: usize) -> Opening {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // One independent stream per round: any round can be made alone.
        rng.set_stream(u64::from(round));
        let stop = AtomicBool::new(false);
        let mut best: Option<(i32, Vec<G::Move>)> = None;
        for _ in 0..MAX_TRIES {
            let Some((game, line)) = random_line::<G>(&mut rng, plies) else {
                continue;
            };
            let imbalance = match self.engine.as_mut() {
                Some(engine) => {
                    engine.new_game();
                    let limits = Limits::depth(CHECK_DEPTH);
                    let result = engine.search(&game, &limits, &stop, &mut |_| {});
                    result.score.saturating_abs()
                }
                None => 0,
            };
            if best.as_ref().is_none_or(|(b, _)| imbalance < *b) {
                best = Some((imbalance, line));
            }
            if imbalance <= BALANCE_WINDOW {
                break;
            }
        }
        Opening {
            fen: None,
            moves: best
                .map(|(_, line)| line.iter().map(|m| m.to_string()).collect())
                .unwrap_or_default(),
        }
    }
}

/// The opening for `round` under `seed`, made by a balancer of its own.
pub fn balanced<G: Searchable>(seed: u64, round: u32, plies: usize) -> Opening {
    Balancer::<G>::new().opening(seed, round, plies)
}

#[cfg(test)]
mod tests {
    use super::{balanced, Balancer};
    use chess::Chess;
    use leiserchess::Leiserchess;
    use search::Rules;

    fn replay<G: Rules>(moves: &[String]) -> G {
        let mut g = G::startpos();
        for m in moves {
            let mv = g.parse_move(m).expect("legal opening move");
            g.make(mv);
        }
        g
    }

    #[test]
    fn deterministic_per_seed_and_round_and_legal() {
        for round in 1..=3 {
            let a = balanced::<Chess>(42, round, 8);
            assert_eq!(a, balanced::<Chess>(42, round, 8));
            assert_eq!(a.moves.len(), 8);
            assert!(replay::<Chess>(&a.moves).outcome().is_none());
        }
        assert_ne!(balanced::<Chess>(42, 1, 8), balanced::<Chess>(42, 2, 8));
        assert_ne!(balanced::<Chess>(42, 1, 8), balanced::<Chess>(43, 1, 8));
        let l = balanced::<Leiserchess>(1, 1, 6);
        assert_eq!(l.moves.len(), 6);
        assert!(replay::<Leiserchess>(&l.moves).outcome().is_none());
    }

    #[test]
    fn a_reused_balancer_makes_the_openings_of_fresh_ones() {
        let mut chess = Balancer::<Chess>::new();
        let mut leiser = Balancer::<Leiserchess>::new();
        for round in [3, 1, 1, 2, 3] {
            assert_eq!(chess.opening(7, round, 8), balanced::<Chess>(7, round, 8));
            assert_eq!(
                leiser.opening(7, round, 6),
                balanced::<Leiserchess>(7, round, 6)
            );
        }
        // The last opening is kept for its own seed and length only.
        assert_eq!(chess.opening(8, 3, 8), balanced::<Chess>(8, 3, 8));
        assert_eq!(chess.opening(8, 3, 4), balanced::<Chess>(8, 3, 4));
    }
}
