//! The pawn-king cache: what the terms that read only the pawns and the
//! kings ([`super::pawn_king_terms`]) added to each side, and the passed
//! pawns they found, kept per pawn-and-king placement. Pawns and kings
//! move far less often than the other pieces, so most evaluations in a
//! search find their placement here and skip those terms.
//!
//! An entry holds its whole key (both pawn sets and both king squares),
//! so a hit is never another placement's. Its scores belong to one weight
//! table: [`PawnKingCache::serve`], called by every evaluation through
//! the cache, empties it when the table changes.

use super::{pawn_king_terms, Context, EvalChoice, Scorer, S};
use crate::bitboard::Bitboard;

/// Entries in a cache: a power of two. 8192 entries of 56 bytes stay
/// within a core's second-level cache.
const ENTRIES: usize = 1 << 13;

/// The `kings` of an empty entry: no pair of squares packs to it.
const EMPTY_KINGS: u16 = u16::MAX;

#[derive(Clone, Copy)]
struct Entry {
    pawns: [Bitboard; 2],
    /// White's king square and Black's times 64.
    kings: u16,
    /// What the pawn-king terms added to White's and Black's totals.
    sides: [S; 2],
    passers: [Bitboard; 2],
}

const EMPTY: Entry = Entry {
    pawns: [Bitboard::EMPTY; 2],
    kings: EMPTY_KINGS,
    sides: [S { mg: 0, eg: 0 }; 2],
    passers: [Bitboard::EMPTY; 2],
};

/// One search thread's pawn-king cache (the chess evaluation's state).
pub struct PawnKingCache {
    entries: Vec<Entry>,
    /// The weights its scores were computed with.
    serves: Option<EvalChoice>,
}

impl Default for PawnKingCache {
    fn default() -> Self {
        PawnKingCache {
            entries: vec![EMPTY; ENTRIES],
            serves: None,
        }
    }
}

impl PawnKingCache {
    /// Readies the cache for the weights of `choice`, emptying it when
    /// its scores were computed with other weights.
    pub fn serve(&mut self, choice: &EvalChoice) {
        if self.serves.as_ref() != Some(choice) {
            self.entries.fill(EMPTY);
            self.serves = Some(choice.clone());
        }
    }

    /// Adds the pawn-king terms of the position of `ctx` to `scorer` and
    /// returns each side's passed pawns: from the cache when it holds
    /// the placement, else computed and kept.
    #[inline]
    pub(super) fn pawn_king_terms(&mut self, ctx: &Context, scorer: &mut Scorer) -> [Bitboard; 2] {
        let kings = (ctx.kings[0].index() | ctx.kings[1].index() << 6) as u16;
        let slot = slot(ctx.pawns, kings);
        let entry = &mut self.entries[slot];
        if entry.kings != kings || entry.pawns != ctx.pawns {
            let mut part = Scorer::new(scorer.weights);
            let passers = pawn_king_terms(ctx, &mut part);
            *entry = Entry {
                pawns: ctx.pawns,
                kings,
                sides: part.sides,
                passers,
            };
        }
        scorer.sides[0] += entry.sides[0];
        scorer.sides[1] += entry.sides[1];
        entry.passers
    }
}

/// The entry of a placement: a multiplicative hash of its key.
#[inline]
fn slot(pawns: [Bitboard; 2], kings: u16) -> usize {
    let mixed = pawns[0].0 ^ pawns[1].0.rotate_left(29) ^ u64::from(kings) << 48;
    (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - ENTRIES.trailing_zeros())) as usize
}
