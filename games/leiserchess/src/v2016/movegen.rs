//! Move generation of the 2016 rules (rules 3.1 and 3.4), without ko (the
//! game applies rule 6.1, which needs the history).

use search::Side;

use crate::board::Board;
use crate::laser;
use crate::piece::{Piece, Rotation};
use crate::square::{BitIter, Dir, Square};

use super::moves::{Kind, Move};

/// The pawns of `side` that rule 3.4 pins: those on the path of the
/// opposing king's beam, fired once over the board as it stands, up to
/// and including the square where it stops.
#[inline]
pub fn pinned(board: &Board, side: Side) -> u64 {
    let k = board.king(side.opponent());
    let (_, path) = laser::jump(
        board.cells(),
        board.occupied(),
        k.square(),
        board.at(k).orientation(),
    );
    path & board.pawns(side)
}

/// Appends every move of `side`'s pieces (rules 3.1 and 3.4), ko not
/// applied. Order: pieces by square (king included), then rotations R, U,
/// L, steps (shift or swap) by direction, and the king's null move.
#[inline]
pub fn generate(board: &Board, side: Side, out: &mut Vec<Move>) {
    generate_pieces(board, side, board.pieces(side), out);
}

/// [`generate`] for the pieces of `side` on the squares of `mask` only.
#[inline]
pub fn generate_pieces(board: &Board, side: Side, mask: u64, out: &mut Vec<Move>) {
    let king = board.king_square(side);
    for sq in BitIter(board.pieces(side) & mask & !pinned(board, side)) {
        push_piece_moves(board, sq, sq == king, out);
    }
}

/// The moves of one piece: 3 rotations, at most 8 steps and the king's
/// null move.
const PIECE_MOVES: usize = 12;

/// Appends the moves of the piece on `sq` with no branch per step: each
/// step is written (a shift onto an empty square, else a swap) and
/// counted unless its square is off the board, whose sentinel is neither
/// empty nor a piece. Which neighbours are empty is as good as random, so
/// a branch per step was often mispredicted.
#[inline(always)]
fn push_piece_moves(board: &Board, sq: Square, is_king: bool, out: &mut Vec<Move>) {
    out.reserve(PIECE_MOVES);
    let len = out.len();
    let spare = &mut out.spare_capacity_mut()[..PIECE_MOVES];
    let mut n = 0;
    for r in Rotation::ALL {
        spare[n].write(Move::new(sq, Kind::Rotate(r)));
        n += 1;
    }
    let cells = board.cells();
    let cell = sq.cell();
    for d in Dir::ALL {
        let code = cells[cell.step(d)];
        let kind = if code == 0 {
            Kind::Shift(d)
        } else {
            Kind::Swap(d)
        };
        spare[n].write(Move::new(sq, kind));
        n += usize::from(code == 0 || Piece::from_code(code).is_piece());
    }
    spare[n].write(Move::new(sq, Kind::Null));
    n += usize::from(is_king);
    // SAFETY: `spare` starts at `len`, and its first `n` slots (at most
    // `PIECE_MOVES`, within the reserved capacity) were written above.
    unsafe { out.set_len(len + n) };
}

/// The squares on an edge of the board, and its corners.
const EDGES: u64 = 0xFF81_8181_8181_81FF;
const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The number of moves [`generate`] produces for a side whose pieces
/// free to move (its king and unpinned pawns) stand on `free`: every
/// neighbouring square gives a shift or a swap, so a piece has 3 rotations
/// plus 8 steps inside the board, 5 on an edge and 3 in a corner; the
/// king adds its null move.
#[inline]
pub fn count_free(free: u64) -> u64 {
    let n = |b: u64| u64::from(b.count_ones());
    1 + 11 * n(free) - 3 * n(free & EDGES) - 2 * n(free & CORNERS)
}

/// The number of moves [`generate`] would produce, without producing them.
#[inline]
pub fn count(board: &Board, side: Side) -> u64 {
    count_free(board.pieces(side) & !pinned(board, side))
}

#[cfg(test)]
mod tests {
    use super::{CORNERS, EDGES};
    use crate::square::{Square, NEIGHBOURS};

    #[test]
    fn edge_masks_count_the_neighbours() {
        for sq in Square::all() {
            let b = sq.bit();
            let steps = 8 - 3 * u32::from(b & EDGES != 0) - 2 * u32::from(b & CORNERS != 0);
            assert_eq!(steps, NEIGHBOURS[sq.index()].count_ones(), "{sq}");
        }
    }
}
