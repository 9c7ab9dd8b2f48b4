//! Move generation (rule 3), without the ko rule (the game layer applies
//! it, since it needs the history).

use search::Side;

use crate::board::Board;
use crate::moves::{Action, Move};
use crate::piece::Rotation;
use crate::square::{BitIter, Dir, Square, NEIGHBOURS};

/// Appends every move of `side`'s pieces (rules 3.1–3.3), ko not applied.
/// Order: pieces by square (king included), then rotations, shifts and
/// swaps by direction.
pub fn generate(board: &Board, side: Side, out: &mut Vec<Move>) {
    for sq in BitIter(board.pieces(side)) {
        generate_piece(board, side, sq, out);
    }
}

/// Appends the moves of the piece of `side` on `sq`, in the order of
/// [`for_each_piece_move`].
#[inline]
pub fn generate_piece(board: &Board, side: Side, sq: Square, out: &mut Vec<Move>) {
    push_basic_moves(board, sq, out);
    for_each_swap_move(board, side, sq, |mv| out.push(mv));
}

/// The rotations and shifts of one piece: at most 3 + 8.
const BASIC_MOVES: usize = 11;

/// Appends the rotations and shifts of the piece on `sq` with no branch
/// per shift: each shift is written, and counted only if its square is
/// empty. Which neighbours are empty is as good as random, so the branch
/// of a push per shift was mispredicted about once a piece.
#[inline(always)]
fn push_basic_moves(board: &Board, sq: Square, out: &mut Vec<Move>) {
    out.reserve(BASIC_MOVES);
    let len = out.len();
    let spare = &mut out.spare_capacity_mut()[..BASIC_MOVES];
    let mut n = 0;
    for r in Rotation::ALL {
        spare[n].write(Move::rotate(sq, r));
        n += 1;
    }
    let cells = board.cells();
    let cell = sq.cell();
    for d in Dir::ALL {
        spare[n].write(Move::shift(sq, d));
        n += usize::from(cells[cell.step(d)] == 0);
    }
    // SAFETY: `spare` starts at `len`, and its first `n` slots (at most
    // `BASIC_MOVES`, within the reserved capacity) were written above.
    unsafe { out.set_len(len + n) };
}

/// Calls `f` on each move of the piece of `side` on `sq`, in the order
/// [`generate`] uses.
#[inline(always)]
pub fn for_each_piece_move(board: &Board, side: Side, sq: Square, mut f: impl FnMut(Move)) {
    debug_assert!(board.piece_on(sq).is_piece_of(side));
    let cells = board.cells();
    let cell = sq.cell();
    for r in Rotation::ALL {
        f(Move::rotate(sq, r));
    }
    for d in Dir::ALL {
        if cells[cell.step(d)] == 0 {
            f(Move::shift(sq, d));
        }
    }
    for_each_swap_move(board, side, sq, f);
}

/// Calls `f` on each swap of the piece of `side` on `sq` (rule 3.3), in
/// the order [`generate`] uses.
#[inline(always)]
pub fn for_each_swap_move(board: &Board, side: Side, sq: Square, mut f: impl FnMut(Move)) {
    let cells = board.cells();
    let cell = sq.cell();
    // Rule 3.3 needs an opposing neighbour, which most pieces lack.
    let opponents = board.pieces(side.opponent());
    if NEIGHBOURS[sq.index()] & opponents == 0 {
        return;
    }
    for d in Dir::ALL {
        let b = cell.step(d);
        if !board.at(b).is_piece_of(side.opponent()) {
            continue;
        }
        // Rule 3.3: swap, then one basic move from the swapped square.
        for r in Rotation::ALL {
            f(Move::new(sq, Some(d), Action::Rotate(r)));
        }
        for d2 in Dir::ALL {
            // The from-square is occupied after the swap, and it was
            // occupied before, so "empty before" is the right test.
            if cells[b.step(d2)] == 0 {
                f(Move::new(sq, Some(d), Action::Shift(d2)));
            }
        }
    }
}

/// Calls `f` on each move of the piece of `side` on `sq` that changes a
/// square of `mask`, and on no other (in an order of its own). Far cheaper
/// than filtering [`for_each_piece_move`] when `mask` (a beam) misses the
/// piece: only shifts into it and swaps next to it are generated.
#[inline(always)]
pub fn for_each_piece_move_touching(
    board: &Board,
    side: Side,
    sq: Square,
    mask: u64,
    mut f: impl FnMut(Move),
) {
    if mask & sq.bit() != 0 {
        for_each_piece_move(board, side, sq, f);
        return;
    }
    let empty = !board.occupied();
    let around = NEIGHBOURS[sq.index()];
    // Rotations change only `sq`; shifts change their destination.
    for t in BitIter(around & empty & mask) {
        f(Move::shift(sq, Dir::towards(sq, t)));
    }
    for_each_swap_touching(board, side, sq, mask, f);
}

/// Calls `f` on each swap of the piece of `side` on `sq` that changes a
/// square of `mask`, and on no other (in an order of its own): all of them
/// when `mask` holds `sq` (the opposing piece comes there).
#[inline(always)]
pub fn for_each_swap_touching(
    board: &Board,
    side: Side,
    sq: Square,
    mask: u64,
    mut f: impl FnMut(Move),
) {
    let empty = !board.occupied();
    let around = NEIGHBOURS[sq.index()];
    let every = mask & sq.bit() != 0;
    for b in BitIter(around & board.pieces(side.opponent())) {
        let d = Dir::towards(sq, b);
        let swap_then = |action| Move::new(sq, Some(d), action);
        let beyond = NEIGHBOURS[b.index()] & empty;
        if every || mask & b.bit() != 0 {
            // The swap itself changes `sq` and `b`: every follow-up counts.
            for r in Rotation::ALL {
                f(swap_then(Action::Rotate(r)));
            }
            for t in BitIter(beyond) {
                f(swap_then(Action::Shift(Dir::towards(b, t))));
            }
        } else {
            for t in BitIter(beyond & mask) {
                f(swap_then(Action::Shift(Dir::towards(b, t))));
            }
        }
    }
}

/// The number of moves [`generate`] would produce, without producing them.
#[inline]
pub fn count(board: &Board, side: Side) -> u64 {
    let empty = !board.occupied();
    let opponents = board.pieces(side.opponent());
    let mut total = 0u64;
    for sq in BitIter(board.pieces(side)) {
        let n = NEIGHBOURS[sq.index()];
        total += 3 + u64::from((n & empty).count_ones());
        for b in BitIter(n & opponents) {
            total += 3 + u64::from((NEIGHBOURS[b.index()] & empty).count_ones());
        }
    }
    total
}
