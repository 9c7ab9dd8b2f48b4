//! Openings: from a book file (MIT's one line of moves per opening,
//! EPD/FEN lines, or a PGN of games) or generated at random and checked for balance. Each
//! round of the schedule gets one opening, played twice with colours
//! reversed; which one depends only on the seed and the round, so shards
//! and resumed runs agree.

pub mod book;
pub mod random;

pub use book::{load_book, BookError};
pub use random::Balancer;

use rand_mt::Mt64;

/// A starting position (a FEN, or the game's start) and moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    /// Moves in the engines' protocol notation.
    pub moves: Vec<String>,
}

/// Shuffles `order` as fastchess shuffles a book with `-srand seed`
/// (forward Fisher-Yates, MT19937-64 seeded with the seed, `i + r % (n - i)`
/// for each place but the last), so that the same book, seed and `start=`
/// give the same openings in both testers.
fn shuffle_as_fastchess(order: &mut [usize], seed: u64) {
    let mut rng = Mt64::new(seed);
    let n = order.len();
    for i in 0..n.saturating_sub(1) {
        let j = i + (rng.next_u64() % (n - i) as u64) as usize;
        order.swap(i, j);
    }
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
    /// Every game from the game's start position (for Chess960, a start
    /// drawn by the seed for each round).
    Start { seed: u64 },
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
            shuffle_as_fastchess(&mut order, seed);
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
            OpeningSource::Book { .. } => Opening::default(),
            OpeningSource::Start { seed } => balancer.start(*seed, round),
            OpeningSource::Random { plies, seed } => balancer.opening(*seed, round, *plies),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{shuffle_as_fastchess, Balancer, Opening, OpeningSource};
    use rand_mt::Mt64;

    /// The generator is the standard's MT19937-64: with its default seed
    /// (5489) its 10,000th number is 9981545732273789042 (C++'s
    /// `std::mt19937_64` requirement), as fastchess's is.
    #[test]
    fn the_generator_is_mt19937_64() {
        let mut rng = Mt64::new(5489);
        let tenth_thousand = (0..10_000).map(|_| rng.next_u64()).last();
        assert_eq!(tenth_thousand, Some(9_981_545_732_273_789_042));
    }

    /// The shuffle is a permutation that depends on the seed only.
    #[test]
    fn the_fastchess_shuffle_is_a_seeded_permutation() {
        let shuffled = |seed| {
            let mut order: Vec<usize> = (0..200).collect();
            shuffle_as_fastchess(&mut order, seed);
            order
        };
        let (a, b) = (shuffled(1), shuffled(2));
        assert_eq!(a, shuffled(1));
        assert_ne!(a, b);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..200).collect::<Vec<_>>());
        let mut one = vec![7];
        shuffle_as_fastchess(&mut one, 3);
        assert_eq!(one, [7]);
    }

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
