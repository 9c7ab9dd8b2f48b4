//! Perft: counting the leaves of the legal move tree, with bulk counting at
//! the last ply (popcounts of target sets; no move is played there).

use crate::movegen::{count_legal_moves, generate, legal_moves, push_moves, MoveList};
use crate::mv::Move;
use crate::position::Position;

/// Number of legal move sequences of length `depth` from `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal_moves(pos),
        _ => {
            let mut total = 0;
            generate(pos, |pm| {
                let mut moves = MoveList::new();
                push_moves(pos, pm, &mut moves);
                for mv in moves {
                    let mut child = *pos;
                    child.play_unchecked(mv);
                    total += perft(&child, depth - 1);
                }
                false
            });
            total
        }
    }
}

/// Perft split by root move ("divide"), in move generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_moves(pos)
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}
