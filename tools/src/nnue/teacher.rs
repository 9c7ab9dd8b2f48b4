//! Where the score part of a fitted position's target comes from: the
//! search that played the game, or the engine's hand-written evaluation
//! of the position. The second teaches a network what the hand-written
//! evaluation knows from every position given, with none of a short
//! search's noise: a start from which the search's scores then refine it
//! (`--init`). Held-out positions always keep their search scores, so
//! that the held-out error measures what the engine needs.
//!
//! The hand-written evaluation costs a microsecond where a search costs
//! milliseconds, so it can also label positions no game reached: each
//! fitted position's *children*, a few random legal moves away. Those are
//! the positions a search tree is made of (most of its nodes are a few
//! poor moves from a real game), in numbers the games alone cannot give.

use chess::eval::{evaluate_choice, EvalChoice};
use chess::{Chess, Position};
use clap::ValueEnum;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::packed::PackedPosition;

use super::cli::position_of;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Teacher {
    /// The score of the search that played the game.
    Search,
    /// The hand-written evaluation (tuned terms and their correction
    /// network) of the position itself.
    HandWritten,
}

/// The hand-written evaluation of `packed` as the engine plays it by
/// default (tuned terms and their correction network, never the NNUE),
/// White's view; `None` for a record that is no legal position.
pub fn hand_written_white(packed: &PackedPosition) -> Option<i32> {
    Some(hand_written_of(&position_of(packed)?))
}

/// [`hand_written_white`] of a position.
fn hand_written_of(pos: &Position) -> i32 {
    let choice = EvalChoice {
        nnue: false,
        ..EvalChoice::default()
    };
    let score = evaluate_choice(pos, &choice);
    pos.side_to_move().fold(score, -score)
}

/// Replaces each record's score with `teacher`'s, on `threads` threads.
pub fn relabel(positions: &mut [PackedPosition], teacher: Teacher, threads: usize) {
    if teacher == Teacher::Search {
        return;
    }
    let chunk = positions.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        for part in positions.chunks_mut(chunk) {
            scope.spawn(move || {
                for p in part {
                    if let Some(score) = hand_written_white(p) {
                        *p = p.with_score(score);
                    }
                }
            });
        }
    });
}

/// Random descendants of `positions`: for each, `per` positions reached by
/// 1 to `plies` random legal moves (drawn from `seed` and the position's
/// index), the side to move not in check and the game not over, scored
/// by the hand-written evaluation and given their parent's result.
pub fn children(
    positions: &[PackedPosition],
    per: usize,
    plies: usize,
    seed: u64,
    threads: usize,
) -> Vec<PackedPosition> {
    if per == 0 || positions.is_empty() {
        return Vec::new();
    }
    let chunk = positions.len().div_ceil(threads.max(1));
    std::thread::scope(|scope| {
        let parts: Vec<_> = positions
            .chunks(chunk)
            .enumerate()
            .map(|(i, part)| {
                let first = (i * chunk) as u64;
                scope.spawn(move || {
                    let mut out = Vec::with_capacity(part.len() * per);
                    for (j, p) in part.iter().enumerate() {
                        let mut rng = ChaCha8Rng::seed_from_u64(seed);
                        rng.set_stream(first + j as u64);
                        out.extend((0..per).filter_map(|_| child(p, plies, &mut rng)));
                    }
                    out
                })
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|h| h.join().expect("a child generator panicked"))
            .collect()
    })
}

/// One descendant of `parent`, or `None` where the walk ended the game
/// or left the side to move in check.
fn child(parent: &PackedPosition, plies: usize, rng: &mut ChaCha8Rng) -> Option<PackedPosition> {
    let mut game = Chess::from_fen(&parent.fen()).ok()?;
    for _ in 0..rng.gen_range(1..=plies.max(1)) {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        game.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    let pos = game.position();
    if pos.in_check() || game.legal_moves().is_empty() {
        return None;
    }
    let score = hand_written_of(pos);
    Some(PackedPosition::pack(pos, 0, parent.result(), parent.ply()).with_score(score))
}
