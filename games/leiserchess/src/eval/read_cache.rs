//! A cache of results that depend on a known set of squares of the board.
//!
//! Each result is stored in a slot chosen by the caller, with a tag (what
//! else it depends on, say an enemy king's square), a compact copy of the
//! board and the squares it read. It is reused while the tag matches and
//! the board is unchanged on those squares: exactly what computing it
//! again would give. Positions the search evaluates one after another are
//! a few moves apart, so many results survive.

use crate::board::{differing_squares, Board};

#[derive(Clone, Copy)]
struct Slot<T> {
    board: [u64; 8],
    reads: u64,
    tag: u64,
    value: Option<T>,
}

/// Results kept per slot: the search evaluates siblings one after
/// another, boards a move apart, so a slot's two latest results are both
/// worth keeping (bench: 2.4% fewer instructions than one per slot; four
/// gained nothing more).
const WAYS: usize = 2;

/// `slots` results of type `T`, [`WAYS`] per slot, most recent first.
pub struct ReadCache<T> {
    slots: Box<[[Slot<T>; WAYS]]>,
}

impl<T: Copy> ReadCache<T> {
    pub fn new(slots: usize) -> ReadCache<T> {
        let empty = Slot {
            board: [0; 8],
            reads: 0,
            tag: 0,
            value: None,
        };
        ReadCache {
            slots: vec![[empty; WAYS]; slots].into_boxed_slice(),
        }
    }

    /// The result in `slot` and the squares it read, if it was computed
    /// with `tag` on a board equal to `ranks` (see [`Board::ranks`]) on
    /// every one of them; otherwise `compute()`'s `(result, squares read)`,
    /// stored in the slot in place of its oldest result.
    #[inline]
    pub fn get_or(
        &mut self,
        slot: usize,
        tag: u64,
        ranks: &[u64; 8],
        compute: impl FnOnce() -> (T, u64),
    ) -> (T, u64) {
        let ways = &mut self.slots[slot];
        for way in 0..WAYS {
            let entry = &ways[way];
            if let Some(value) = entry.value {
                if entry.tag == tag && differing_squares(&entry.board, ranks) & entry.reads == 0 {
                    let reads = entry.reads;
                    // Most recent first: the last way is the one replaced.
                    ways[..=way].rotate_right(1);
                    return (value, reads);
                }
            }
        }
        let (value, reads) = compute();
        ways.rotate_right(1);
        ways[0] = Slot {
            board: *ranks,
            reads,
            tag,
            value: Some(value),
        };
        (value, reads)
    }
}

/// The slot of a side's king: side, square and orientation (which fix the
/// king's cell, so results need not list it among the squares read).
#[inline]
pub fn king_slot(board: &Board, side: search::Side) -> usize {
    let king = board.king(side);
    (side.index() * 64 + king.square().index()) * 4 + usize::from(board.at(king).orientation())
}

/// Number of [`king_slot`]s.
pub const KING_SLOTS: usize = 2 * 64 * 4;
