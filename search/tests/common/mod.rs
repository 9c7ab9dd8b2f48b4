//! Toy games for testing the generic search and UCI driver, and a plain
//! negamax to compare the search against.
#![allow(dead_code)]

pub mod nim;
pub mod random_tree;
pub mod session;
pub mod tictactoe;

use search::score::{clamp_eval, outcome_score};
use search::{EndReason, Score, UciGame};

/// A win by the toy games' own rules (a line, a zapped king).
pub const WIN: EndReason = EndReason {
    code: "win",
    sentence: "{winner} wins",
};
/// No move left: the side to move loses.
pub const NO_MOVES: EndReason = EndReason {
    code: "no_legal_moves",
    sentence: "{loser} has no move",
};
/// No move left: a draw.
pub const STALEMATE: EndReason = EndReason {
    code: "stalemate",
    sentence: "Draw by stalemate",
};

/// Plain negamax with the same terminal rules and quiescence as the search
/// (`search_outcome` below the root, `no_moves_outcome` when no move,
/// stand pat plus noisy moves at the horizon, every move in check), but
/// no pruning of any kind and no table.
pub fn negamax<G: UciGame>(pos: &mut G, depth: i32, ply: usize) -> Score {
    if ply > 0 {
        if let Some(o) = pos.search_outcome(ply) {
            return outcome_score(o, pos.side_to_move(), ply);
        }
    }
    if depth <= 0 {
        return quiesce(pos, ply);
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return outcome_score(pos.no_moves_outcome(), pos.side_to_move(), ply);
    }
    let mut best = Score::MIN;
    for mv in moves {
        pos.make(mv);
        let s = -negamax(pos, depth - 1, ply + 1);
        pos.unmake();
        best = best.max(s);
    }
    best
}

fn quiesce<G: UciGame>(pos: &mut G, ply: usize) -> Score {
    if ply > 0 {
        if let Some(o) = pos.search_outcome(ply) {
            return outcome_score(o, pos.side_to_move(), ply);
        }
    }
    let mut moves = Vec::new();
    let mut best;
    if pos.in_check() {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return outcome_score(pos.no_moves_outcome(), pos.side_to_move(), ply);
        }
        best = Score::MIN;
    } else {
        best = clamp_eval(pos.evaluate(&Default::default(), &mut Default::default()));
        pos.noisy_moves(&mut moves, &mut Vec::new());
    }
    for mv in moves {
        pos.make(mv);
        let s = -quiesce(pos, ply + 1);
        pos.unmake();
        best = best.max(s);
    }
    best
}

/// SplitMix64: a good, fast mixer for hashed toy-game properties.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

pub fn mix2(a: u64, b: u64) -> u64 {
    mix(mix(a) ^ b.rotate_left(17))
}
