//! A small direct-mapped cache of evaluations, one per thread.
//!
//! The evaluation is a function of the board and the weights only (the
//! side to move just flips its sign), so the cache is keyed by the board's
//! hash mixed with a fingerprint of the weights and stores Tangerine's
//! score. It answers the positions the transposition table does not hold:
//! the board after a null move (same board, other side), transpositions
//! whose table entry was replaced, and quiescence leaves revisited by the
//! next iteration. A hit returns exactly what the evaluation would, so
//! node counts do not depend on the cache.

use std::cell::Cell;

use super::Params;

/// Entries per thread (a power of two; 8 bytes each).
const ENTRIES: usize = 1 << 15;
const _: () = assert!(ENTRIES.is_power_of_two());
/// Low bits of an entry hold the score; the rest verify the key.
const SCORE_BITS: u32 = 16;
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;

thread_local! {
    /// `key & !SCORE_MASK | score as u16`; 0 is an empty slot.
    static CACHE: [Cell<u64>; ENTRIES] = const { [const { Cell::new(0) }; ENTRIES] };
}

/// A fingerprint of the weights, so that a `setoption` never returns a
/// score computed with other weights.
#[inline]
pub fn params_key(params: &Params) -> u64 {
    let fields = [
        params.pawn,
        params.kface,
        params.kaggressive,
        params.mobility,
        params.pcentral,
        params.pbetween,
        params.lcoverage,
    ];
    let mut h = 0x9E37_79B9_7F4A_7C15u64;
    for f in fields {
        h = (h ^ u64::from(f as u32)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 29;
    }
    h
}

/// The cached score for `key`, or `compute()` (stored for next time).
/// Scores must fit in an `i16` (the evaluation clamps to ±20 000).
#[inline]
pub fn get_or(key: u64, compute: impl FnOnce() -> i32) -> i32 {
    let tag = key & !SCORE_MASK;
    let slot = (key >> (64 - ENTRIES.trailing_zeros())) as usize;
    CACHE.with(|cache| {
        let entry = &cache[slot];
        let e = entry.get();
        if e & !SCORE_MASK == tag && e != 0 {
            return i32::from(e as u16 as i16);
        }
        let score = compute();
        debug_assert!(i16::try_from(score).is_ok());
        // A tag of 0 could not be told from an empty slot: not cached.
        if tag != 0 {
            entry.set(tag | u64::from(score as i16 as u16));
        }
        score
    })
}
