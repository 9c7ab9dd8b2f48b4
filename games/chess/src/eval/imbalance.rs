//! Material imbalance: what a piece is worth depends on what else stands
//! on the board (a knight gains with pawns, two minor pieces against a
//! rook depend on the rest). The term is quadratic in the piece counts,
//! in the manner of the imbalance tables of classical engines: one weight
//! per pair of our kinds, and one per pair of one of our kinds with a
//! smaller one of theirs. The products are linear in the weights, so the
//! Texel tuner fits them like any other term.

use super::{layout, Accumulator, Scorer, S};
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;

/// The kinds counted: the bishop pair (0 or 1), then pawns to queens.
pub const KINDS: usize = 6;

/// The name of each kind, for the tuner's report.
pub const KIND_NAMES: [&str; KINDS] = ["bishop pair", "pawn", "knight", "bishop", "rook", "queen"];

/// Where the pair of kinds `i >= j` sits among [`layout::IMBALANCE_OURS`].
pub const fn ours_index(i: usize, j: usize) -> usize {
    i * (i + 1) / 2 + j
}

/// Where the pair of kinds `i > j` sits among
/// [`layout::IMBALANCE_THEIRS`] (equal kinds cancel out between the sides,
/// so they have no weight).
pub const fn theirs_index(i: usize, j: usize) -> usize {
    i * (i - 1) / 2 + j
}

/// The pair of kinds of entry `k` of a triangle with (`diagonal`) or
/// without its diagonal, for the tuner's report.
pub fn pair_of(k: usize, diagonal: bool) -> (usize, usize) {
    let index = |i, j| {
        if diagonal {
            ours_index(i, j)
        } else {
            theirs_index(i, j)
        }
    };
    (0..KINDS)
        .flat_map(|i| (0..KINDS).map(move |j| (i, j)))
        .filter(|&(i, j)| j < i || (diagonal && j == i))
        .find(|&(i, j)| index(i, j) == k)
        .unwrap_or((0, 0))
}

/// The count of each kind of `us`.
#[inline]
fn counts(pos: &Position, us: Color) -> [i32; KINDS] {
    let count = |role| pos.pieces(us, role).count() as i32;
    let bishops = count(Role::Bishop);
    [
        i32::from(bishops >= 2),
        count(Role::Pawn),
        count(Role::Knight),
        bishops,
        count(Role::Rook),
        count(Role::Queen),
    ]
}

/// Both sides' imbalance.
#[inline]
pub(super) fn imbalance<A: Accumulator>(pos: &Position, acc: &mut A) {
    add_imbalance(&both_counts(pos), acc);
}

/// Each side's counts, White's first.
#[inline]
fn both_counts(pos: &Position) -> [[i32; KINDS]; 2] {
    [counts(pos, Color::White), counts(pos, Color::Black)]
}

/// The imbalance of each side given the `counts`: every product of one
/// of our counts with one of ours or of theirs.
#[inline]
fn add_imbalance<A: Accumulator>(counts: &[[i32; KINDS]; 2], acc: &mut A) {
    for us in [Color::White, Color::Black] {
        let ours = &counts[us.index()];
        let theirs = &counts[(!us).index()];
        for i in 0..KINDS {
            if ours[i] == 0 {
                continue;
            }
            for j in 0..=i {
                let with_ours = ours[i] * ours[j];
                if with_ours != 0 {
                    acc.add(us, layout::IMBALANCE_OURS + ours_index(i, j), with_ours);
                }
                let with_theirs = ours[i] * theirs[j];
                if j < i && with_theirs != 0 {
                    acc.add(
                        us,
                        layout::IMBALANCE_THEIRS + theirs_index(i, j),
                        with_theirs,
                    );
                }
            }
        }
    }
}

/// Entries in a material cache: a power of two. Few material
/// signatures occur in one search.
const ENTRIES: usize = 1 << 10;

/// The key of an empty entry: no counts pack to it.
const EMPTY_KEY: u64 = u64::MAX;

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    /// What the imbalance added to White's and Black's totals.
    sides: [S; 2],
}

const EMPTY: Entry = Entry {
    key: EMPTY_KEY,
    sides: [S { mg: 0, eg: 0 }; 2],
};

/// One search thread's imbalance scores by material (the imbalance
/// depends on the piece counts alone, which captures and promotions
/// change, so most evaluations find their counts here).
pub(super) struct MaterialCache {
    entries: Vec<Entry>,
}

impl Default for MaterialCache {
    fn default() -> Self {
        MaterialCache {
            entries: vec![EMPTY; ENTRIES],
        }
    }
}

impl MaterialCache {
    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    /// Adds both sides' imbalance to `scorer`: from the cache when it
    /// holds the position's counts, else computed and kept.
    #[inline]
    pub(super) fn imbalance(&mut self, pos: &Position, scorer: &mut Scorer) {
        let counts = both_counts(pos);
        // Every count fits in four bits (at most ten pieces of a kind).
        let key = counts
            .iter()
            .flatten()
            .fold(0u64, |key, &c| key << 4 | c as u64);
        let slot =
            (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - ENTRIES.trailing_zeros())) as usize;
        let entry = &mut self.entries[slot];
        if entry.key != key {
            let mut part = Scorer::new(scorer.weights);
            add_imbalance(&counts, &mut part);
            *entry = Entry {
                key,
                sides: part.sides,
            };
        }
        scorer.sides[0] += entry.sides[0];
        scorer.sides[1] += entry.sides[1];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_triangles_are_numbered_without_gaps() {
        let ours: Vec<usize> = (0..KINDS)
            .flat_map(|i| (0..=i).map(move |j| ours_index(i, j)))
            .collect();
        assert_eq!(ours, (0..layout::IMBALANCE_OURS_LEN).collect::<Vec<_>>());
        let theirs: Vec<usize> = (1..KINDS)
            .flat_map(|i| (0..i).map(move |j| theirs_index(i, j)))
            .collect();
        assert_eq!(
            theirs,
            (0..layout::IMBALANCE_THEIRS_LEN).collect::<Vec<_>>()
        );
        assert_eq!(pair_of(ours_index(4, 2), true), (4, 2));
        assert_eq!(pair_of(theirs_index(5, 4), false), (5, 4));
    }
}
