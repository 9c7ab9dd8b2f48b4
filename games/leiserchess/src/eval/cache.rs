//! The evaluation's caches, one set per search thread: the search worker
//! owns an [`EvalState`] and hands it to every evaluation
//! (`search::Searchable::EvalState`).
//!
//! The evaluation is a function of the board and the weights only (the
//! side to move just flips its sign), so the score cache is keyed by the
//! board's hash mixed with a fingerprint of the weights and stores
//! Tangerine's score. It answers the positions the transposition table
//! does not hold: the board after a null move (same board, other side),
//! transpositions whose table entry was replaced, and quiescence leaves
//! revisited by the next iteration. A hit returns exactly what the
//! evaluation would, so node counts do not depend on the cache. The
//! coverage caches ([`ReadCache`]) depend on the board alone.

use search::EvalParams;

use super::coverage::{Coverage, Detail};
use super::lengths::Fastest;
use super::read_cache::{ReadCache, KING_SLOTS};
use super::Params;

/// Score cache entries (a power of two; 8 bytes each).
const ENTRIES: usize = 1 << 15;
const _: () = assert!(ENTRIES.is_power_of_two());
/// Low bits of an entry hold the score; the rest verify the key.
const SCORE_BITS: u32 = 16;
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;

/// A search thread's evaluation caches. A new one is right for any
/// weights; [`EvalState::serve`] readies one for other weights.
pub struct EvalState {
    /// `key & !SCORE_MASK | score as u16`; 0 is an empty slot.
    scores: Box<[u64]>,
    /// The fingerprint of the weights the scores are computed with
    /// ([`EvalParams::key`]), mixed into every score's key.
    params_key: u64,
    /// Each side's coverage, by king slot.
    pub(super) coverage: ReadCache<Coverage>,
    /// Each side's king walks, by king slot.
    pub(super) walks: ReadCache<Fastest>,
    /// Coverages piece by piece, by king slot, for partial reuse.
    pub(super) details: Box<[Detail]>,
}

impl Default for EvalState {
    fn default() -> Self {
        EvalState {
            scores: vec![0; ENTRIES].into_boxed_slice(),
            params_key: 0,
            coverage: ReadCache::new(KING_SLOTS),
            walks: ReadCache::new(KING_SLOTS),
            details: (0..Detail::COUNT).map(|_| Detail::empty()).collect(),
        }
    }
}

impl EvalState {
    /// Readies the state for `params`: scores cached for other weights
    /// are never returned (their keys differ).
    pub fn serve(&mut self, params: &Params) {
        self.params_key = params.key();
    }

    /// The cached score of the board with hash `board_hash`, or
    /// `compute()` (stored for next time). Scores must fit in an `i16`
    /// (the evaluation clamps to ±20 000).
    #[inline]
    pub fn score_or(&mut self, board_hash: u64, compute: impl FnOnce(&mut Self) -> i32) -> i32 {
        let key = board_hash ^ self.params_key;
        let tag = key & !SCORE_MASK;
        let slot = (key >> (64 - ENTRIES.trailing_zeros())) as usize;
        let e = self.scores[slot];
        if e & !SCORE_MASK == tag && e != 0 {
            return i32::from(e as u16 as i16);
        }
        let score = compute(self);
        debug_assert!(i16::try_from(score).is_ok());
        // A tag of 0 could not be told from an empty slot: not cached.
        if tag != 0 {
            self.scores[slot] = tag | u64::from(score as i16 as u16);
        }
        score
    }
}
