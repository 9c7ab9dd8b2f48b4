//! Which positions are quiet: not in check, and no capture sequence
//! changes the static evaluation. The test is a plain quiescence search
//! (captures and queen promotions, the engine's own noisy moves, most
//! valuable victim first, alpha-beta with stand-pat); a position is quiet
//! when its quiescence score equals its static evaluation.

use chess::eval::evaluate;
use chess::{Chess, Move};
use search::{Rules, Searchable};

/// Beyond any evaluation.
const INFINITY: i32 = 1_000_000;

/// The quiescence score of `game` from the side to move's view.
pub fn quiescence(game: &mut Chess, mut alpha: i32, beta: i32) -> i32 {
    let stand_pat = evaluate(game.position());
    if stand_pat >= beta {
        return stand_pat;
    }
    alpha = alpha.max(stand_pat);
    let mut moves: Vec<Move> = Vec::new();
    let mut keys = Vec::new();
    game.noisy_moves(&mut moves, &mut keys);
    let mut ordered: Vec<_> = moves.into_iter().zip(keys).collect();
    ordered.sort_by_key(|&(_, key)| std::cmp::Reverse(key.order));
    let mut best = stand_pat;
    for (mv, _) in ordered {
        game.make(mv);
        let score = -quiescence(game, -beta, -alpha);
        game.unmake();
        if score > best {
            best = score;
            if score >= beta {
                break;
            }
            alpha = alpha.max(score);
        }
    }
    best
}

/// Not in check, and the quiescence search finds nothing better than
/// standing pat.
pub fn is_quiet(game: &mut Chess) -> bool {
    if game.position().in_check() {
        return false;
    }
    let stand_pat = evaluate(game.position());
    quiescence(game, -INFINITY, INFINITY) == stand_pat
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet(fen: &str) -> bool {
        is_quiet(&mut Chess::from_fen(fen).expect("FEN"))
    }

    #[test]
    fn hanging_pieces_and_checks_are_not_quiet() {
        assert!(quiet(chess::STARTING_FEN));
        // White's queen takes a free rook.
        assert!(!quiet("4k3/8/8/3r4/8/8/3Q4/4K3 w - - 0 1"));
        // In check.
        assert!(!quiet("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"));
    }
}
