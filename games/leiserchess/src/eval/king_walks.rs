//! LCOVERAGE's king moves: the beams after each rotation, shift and swap
//! of a side's king, walked in full (they all move the beam's origin or
//! turn it), and their cache.
//!
//! These walks depend only on the king (square and orientation) and on the
//! squares they read: the king's neighbours (which shifts and swaps exist),
//! the neighbours of opposing pieces next to it (where a swap can go on to)
//! and every square a beam enters, blockers included. So they are kept in
//! a [`ReadCache`] and reused while the board is unchanged on those
//! squares.

use search::Side;

use crate::board::Board;
use crate::cell::Mailbox;
use crate::movegen;
use crate::piece::Piece;
use crate::shots::{apply_raw, revert_raw};
use crate::square::{BitIter, NEIGHBOURS};

use super::coverage::walk;
use super::lengths::{Fastest, Lengths};
use super::read_cache::{king_slot, ReadCache};

/// The lengths along every king move's beam, and the squares they read.
pub struct KingWalks<L> {
    pub lengths: L,
    pub reads: u64,
}

/// Walks the beam after each king move of `side`. `scratch` is a copy of
/// the board's cells, left as it was; `opposing_pawn` the colour and kind
/// bits of an opposing pawn.
#[inline(always)]
pub fn king_walks<L: Lengths>(
    scratch: &mut Mailbox,
    board: &Board,
    side: Side,
    opposing_pawn: u8,
) -> KingWalks<L> {
    let king = board.king(side);
    let king_sq = king.square();
    let king_code = scratch[king];
    let facing = board.at(king).orientation();
    let occ = board.occupied();
    let around = NEIGHBOURS[king_sq.index()];
    let mut lengths = L::unreached();
    let mut reads = around;
    // Rotations leave the board as it is: a beam coming back to the king
    // zaps it whichever way it faces.
    for turn in 1..4 {
        let dir = (facing + turn) & 3;
        reads |= walk::<false, L>(
            scratch,
            occ,
            king_sq,
            dir,
            1,
            opposing_pawn,
            &mut lengths,
            |_, _, _| {},
        );
    }
    // Shifts: only the destination needs the king (a beam may come back
    // to it); the emptied square is out of the occupancy, never read.
    for t in BitIter(around & !occ) {
        scratch[t.cell()] = king_code;
        let occ_after = occ ^ king_sq.bit() ^ t.bit();
        reads |= walk::<false, L>(
            scratch,
            occ_after,
            t,
            facing,
            1,
            opposing_pawn,
            &mut lengths,
            |_, _, _| {},
        );
        scratch[t.cell()] = 0;
    }
    // Swaps (rare: an opposing piece next to the king) are made in full.
    let partners = around & board.pieces(side.opponent());
    if partners == 0 {
        return KingWalks { lengths, reads };
    }
    for b in BitIter(partners) {
        reads |= NEIGHBOURS[b.index()];
    }
    movegen::for_each_swap_move(board, side, king_sq, |mv| {
        let (undo, end) = apply_raw(scratch, mv);
        let dir = Piece::from_code(scratch[end]).orientation();
        let occ_after = mv.occupancy_after(occ);
        let from = end.square();
        reads |= walk::<false, L>(
            scratch,
            occ_after,
            from,
            dir,
            1,
            opposing_pawn,
            &mut lengths,
            |_, _, _| {},
        );
        revert_raw(scratch, undo);
    });
    KingWalks { lengths, reads }
}

/// [`king_walks`] on a scratch copy of the board's cells, made only here:
/// a coverage whose king walks come from the cache copies nothing.
#[inline(always)]
pub fn fresh<L: Lengths>(board: &Board, side: Side, opposing_pawn: u8) -> KingWalks<L> {
    let mut scratch = *board.cells();
    let walks = king_walks::<L>(&mut scratch, board, side, opposing_pawn);
    debug_assert!(scratch == *board.cells());
    walks
}

/// [`king_walks`]' lengths and reads, from `cache` when the board is
/// unchanged on the squares they read (`ranks` is [`Board::ranks`]).
#[inline]
pub fn cached(
    board: &Board,
    ranks: &[u64; 8],
    side: Side,
    opposing_pawn: u8,
    cache: &mut ReadCache<Fastest>,
) -> KingWalks<Fastest> {
    let (lengths, reads) = cache.get_or(king_slot(board, side), 0, ranks, || {
        let walks = fresh::<Fastest>(board, side, opposing_pawn);
        (walks.lengths, walks.reads)
    });
    KingWalks { lengths, reads }
}
