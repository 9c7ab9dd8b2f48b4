//! Perft of the 2016 rules (rules 8.1 and 8.2): every generated move
//! counts, ko is not applied, and a move that zaps a king is a leaf. The
//! history does not matter, so it runs on a bare position.
//!
//! The last two plies are counted without making a move: the moves of a
//! position are counted from its pins alone (`movegen::count_free`), and
//! the pins after a move are the squares its last beam enters, which
//! `laser::shot_after` finds over the unchanged board.

use search::Side;

use crate::board::Board;
use crate::position::Position;

use super::laser::{shot, shot_after, Shot};
use super::make::{make, unmake};
use super::movegen::{count, count_free, generate};
use super::moves::{Kind, Move};

/// The leaves of the game tree below `pos` at `depth` (rule 8.1).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    // A zapped king ends the game: the sequence is one leaf.
    if depth == 0 || pos.zapped.is_some() {
        return 1;
    }
    if depth == 1 {
        return count(&pos.board, pos.side);
    }
    let mut moves = Vec::with_capacity(96);
    generate(&pos.board, pos.side, &mut moves);
    if depth == 2 {
        let now = shot(&pos.board, pos.side);
        return moves
            .iter()
            .map(|&mv| count_after(&pos.board, pos.side, mv, &now))
            .sum();
    }
    let mut total = 0;
    for mv in moves {
        let undo = make(pos, mv);
        total += perft(pos, depth - 1);
        unmake(pos, &undo);
    }
    total
}

/// `perft(after mv, 1)`: 1 when the move zaps a king, else the number of
/// the opponent's moves (`now` is `side`'s shot before the move).
#[inline]
fn count_after(board: &Board, side: Side, mv: Move, now: &Shot) -> u64 {
    let after = shot_after(board, side, mv, now);
    if after.king.is_some() {
        return 1;
    }
    let them = side.opponent();
    let mut pieces = board.pieces(them);
    let mut king = board.king_square(them).bit();
    if let (Kind::Swap(_), Some(to)) = (mv.kind(), mv.to()) {
        // The opponent's piece there now stands on the from-square.
        if pieces & to.bit() != 0 {
            pieces ^= to.bit() | mv.from().bit();
            if king == to.bit() {
                king = mv.from().bit();
            }
        }
    }
    pieces &= !after.pawns;
    // Rule 3.4: the last beam, over the board after the zaps, pins.
    count_free(pieces & !(after.last & !king))
}
