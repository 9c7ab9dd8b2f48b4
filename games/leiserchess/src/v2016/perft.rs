//! Perft of the 2016 rules (rules 8.1 and 8.2): every generated move
//! counts, ko is not applied, and a move that zaps a king is a leaf. The
//! history does not matter, so it runs on a bare position; the last ply
//! is counted without generating it.

use crate::position::Position;

use super::make::{make, unmake};
use super::movegen::{count, generate};

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
    let mut total = 0;
    for mv in moves {
        let undo = make(pos, mv);
        total += perft(pos, depth - 1);
        unmake(pos, &undo);
    }
    total
}
