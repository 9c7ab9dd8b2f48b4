//! Openings: from a book file (MIT's one line of moves per opening,
//! EPD/FEN lines, or a PGN of games) or generated at random and checked for balance. Each
//! round of the schedule gets one opening, played twice with colours
//! reversed; which one depends only on the seed and the round, so shards
//! and resumed runs agree.

pub mod book;
pub mod random;

pub use book::{load_book, BookError};
pub use random::Balancer;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A starting position (a FEN, or the game's start) and moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    /// Moves in the engines' protocol notation.
    pub moves: Vec<String>,
}

/// Where a match's openings come from.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningSource {
    /// Book openings in seeded order (or file order), cycled.
    Book {
        openings: Vec<Opening>,
        order: Vec<usize>,
    },
    /// Random openings of `plies` moves, checked to be roughly level.
    Random { plies: usize, seed: u64 },
    /// Every game from the game's start position.
    Start,
}

impl OpeningSource {
    /// A book source; shuffled by `seed` unless `sequential`, and begun
    /// at the `start`-th opening of that order (1-based, as fastchess's
    /// `start=`).
    pub fn book(
        openings: Vec<Opening>,
        seed: u64,
        sequential: bool,
        start: usize,
    ) -> OpeningSource {
        let mut order: Vec<usize> = (0..openings.len()).collect();
        if !sequential {
            order.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        }
        if !order.is_empty() {
            let first = (start.max(1) - 1) % order.len();
            order.rotate_left(first);
        }
        OpeningSource::Book { openings, order }
    }

    /// The opening of round `round` (1-based); random ones are made by
    /// `balancer`.
    pub fn for_round(&self, round: u32, balancer: &mut Balancer) -> Opening {
        let index = round.saturating_sub(1) as usize;
        match self {
            OpeningSource::Book { openings, order } if !order.is_empty() => {
                openings[order[index % order.len()]].clone()
            }
            OpeningSource::Book { .. } | OpeningSource::Start => Opening::default(),
            OpeningSource::Random { plies, seed } => balancer.opening(*seed, round, *plies),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Balancer, Opening, OpeningSource};

    fn op(m: &str) -> Opening {
        Opening {
            fen: None,
            moves: vec![m.to_string()],
        }
    }

    #[test]
    fn book_order_is_seeded_and_cycles() {
        let book: Vec<Opening> = ["a", "b", "c", "d", "e"].map(op).to_vec();
        let a = OpeningSource::book(book.clone(), 7, false, 1);
        let b = OpeningSource::book(book.clone(), 7, false, 1);
        let c = OpeningSource::book(book.clone(), 8, false, 1);
        let mut balancer = Balancer::new(workbench::GameKind::Chess.game());
        let mut round = |s: &OpeningSource, r| s.for_round(r, &mut balancer).moves[0].clone();
        let seq_a: Vec<String> = (1..=10).map(|r| round(&a, r)).collect();
        let seq_b: Vec<String> = (1..=10).map(|r| round(&b, r)).collect();
        let seq_c: Vec<String> = (1..=10).map(|r| round(&c, r)).collect();
        assert_eq!(seq_a, seq_b);
        assert_ne!(seq_a, seq_c);
        assert_eq!(seq_a[..5], seq_a[5..]);
        let mut sorted = seq_a[..5].to_vec();
        sorted.sort();
        assert_eq!(sorted, ["a", "b", "c", "d", "e"]);
        let seq = OpeningSource::book(book.clone(), 7, true, 1);
        assert_eq!(round(&seq, 2), "b");
        // start=3: round 1 plays the third opening, and the order cycles.
        let third = OpeningSource::book(book, 7, true, 3);
        let firsts: Vec<String> = (1..=6).map(|r| round(&third, r)).collect();
        assert_eq!(firsts, ["c", "d", "e", "a", "b", "c"]);
    }
}
