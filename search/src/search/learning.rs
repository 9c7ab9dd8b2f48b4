//! What the search learns as it goes and uses at once: the history of
//! quiet moves (plain and as replies), killers, the improving flag and the
//! correction of the static evaluation.

use super::node::Node;
use super::Search;
use crate::game::{Score, Searchable};
use crate::history::History;
use crate::movepick::OrderingContext;
use crate::score::{is_mate_score, MATE_IN_MAX_PLY};
use crate::tt::Bound;

impl<G: Searchable> Search<'_, G> {
    /// What orders the quiet moves at `ply`: history, killers and the
    /// continuation rows of the moves one and two plies earlier.
    #[inline(always)]
    pub(super) fn ordering(&self, ply: usize) -> OrderingContext<'_, G::Move> {
        OrderingContext {
            history: &self.w.history,
            killers: self.w.killers.get(ply),
            counter: self.counter_move(ply),
            side: self.pos.side_to_move(),
            continuation: &self.w.continuation,
            earlier: self.earlier_moves(ply),
            captures: self.capture_history(),
        }
    }

    /// The `piece_to` of the move made `back` plies before `ply`, when
    /// known.
    #[inline(always)]
    fn piece_to_before(&self, ply: usize, back: usize) -> Option<usize> {
        ply.checked_sub(back).and_then(|p| self.w.stack[p].piece_to)
    }

    /// The counter move of the move that led to `ply`, when counter moves
    /// are on.
    #[inline(always)]
    fn counter_move(&self, ply: usize) -> Option<G::Move> {
        if !self.params.features.counter_move {
            return None;
        }
        let previous = self.piece_to_before(ply, 1)?;
        self.w.counters.get(previous).copied().flatten()
    }

    /// The capture history and its divisor, when it is on.
    #[inline(always)]
    fn capture_history(&self) -> Option<(&History, i32)> {
        let on = self.params.features.capture_history && G::PIECE_TO_COUNT > 0;
        on.then_some((&self.w.captures, self.params.capture_history_divisor))
    }

    /// The `piece_to` of the moves one and two plies before `ply`, when
    /// continuation history is on.
    #[inline(always)]
    fn earlier_moves(&self, ply: usize) -> [Option<usize>; 2] {
        if !self.params.features.continuation_history || G::PIECE_TO_COUNT == 0 {
            return [None, None];
        }
        [self.piece_to_before(ply, 1), self.piece_to_before(ply, 2)]
    }

    /// Remembers which move leaves `ply` (for the continuation history and
    /// counter move of the plies below, only when one of the two reads
    /// it), before it is made: every move the main search, ProbCut and
    /// quiescence make, and the null move (none). With `DoubleExtension`
    /// the next ply inherits the line's double extensions (the move loop
    /// adds its own).
    #[inline(always)]
    pub(super) fn note_move(&mut self, ply: usize, mv: Option<G::Move>) {
        let f = self.params.features;
        if f.double_extension {
            self.w.stack[ply + 1].double_extensions = self.w.stack[ply].double_extensions;
        }
        if G::PIECE_TO_COUNT > 0 && (f.continuation_history || f.counter_move) {
            self.w.stack[ply].piece_to = mv.map(|m| self.pos.piece_to(m));
        }
    }

    /// Step 15 of `negamax`: a quiet move that caused a cutoff becomes a
    /// killer and gains history, plain and as a reply; the quiet moves
    /// tried before it lose some. With capture history, a noisy move that
    /// caused it gains capture history, and the other noisy moves tried
    /// lose some.
    #[inline(always)]
    pub(super) fn reward_cutoff(&mut self, node: &Node, best_move: Option<G::Move>) {
        let Some(bm) = best_move else { return };
        let bonus = self.params.history_bonus(node.depth);
        if self.capture_history().is_some() {
            let w = &mut *self.w;
            for &m in &w.stack[node.ply].noisies {
                let b = if m == bm { bonus } else { -bonus };
                w.captures.update(0, self.pos.piece_to(m), b);
            }
        }
        if self.pos.noisy_key(bm).is_some() {
            return;
        }
        self.w.killers.record(node.ply, bm);
        if self.params.features.counter_move {
            if let Some(slot) = self
                .piece_to_before(node.ply, 1)
                .and_then(|p| self.w.counters.get_mut(p))
            {
                *slot = Some(bm);
            }
        }
        let earlier = self.earlier_moves(node.ply);
        let w = &mut *self.w;
        for &q in &w.stack[node.ply].quiets {
            let b = if q == bm { bonus } else { -bonus };
            w.history.update(node.us.index(), self.pos.move_index(q), b);
            if earlier.iter().any(Option::is_some) {
                let piece_to = self.pos.piece_to(q);
                for &row in earlier.iter().flatten() {
                    w.continuation.update(row, piece_to, b);
                }
            }
        }
    }

    /// Whether the side to move's static evaluation at `ply` is above
    /// its evaluation two plies up, or four plies up when it was in check
    /// two plies up, as Stockfish defines it. With neither to compare
    /// with (near the root, or checks at both) the node counts as
    /// improving: nothing says the side is worse off, so it is pruned and
    /// reduced no harder than without the flag. False in check (its
    /// static evaluation means nothing) and when the flag is off.
    #[inline(always)]
    pub(super) fn improving(&self, node: &Node) -> bool {
        if !self.params.features.improving || node.in_check {
            return false;
        }
        let up = |plies: usize| {
            node.ply
                .checked_sub(plies)
                .and_then(|p| self.w.stack[p].static_eval)
        };
        up(2)
            .or_else(|| up(4))
            .is_none_or(|before| node.static_eval > before)
    }

    /// The static evaluation corrected by what searches have found of
    /// positions with the same structure key: `raw + value /
    /// correction_grain`, within the scores that are not mates.
    #[inline(always)]
    pub(super) fn corrected(&self, raw: Score) -> Score {
        if !self.params.features.correction_history {
            return raw;
        }
        let key = self.pos.correction_key() as usize;
        let side = self.pos.side_to_move().index();
        let correction = self.w.correction.get(side, key % super::CORRECTION_ENTRIES);
        let limit = MATE_IN_MAX_PLY - 1;
        (raw + correction / self.params.correction_grain.max(1)).clamp(-limit, limit)
    }

    /// Moves the correction of this node's structure towards the error
    /// its search found (the result less the corrected static
    /// evaluation), by `min(depth + 1, correction_weight_max)` parts in
    /// `correction_weight_scale`, when the result says something about
    /// the static evaluation: not in check, not a mate, no noisy best
    /// move (its gain is not the evaluation's error), and a bound on the
    /// right side of it (a fail high above it, a fail low below it, or
    /// an exact score).
    #[inline(always)]
    pub(super) fn learn_correction(
        &mut self,
        node: &Node,
        best: Score,
        best_move: Option<G::Move>,
    ) {
        let p = self.params;
        if !p.features.correction_history || node.in_check || is_mate_score(best) {
            return;
        }
        if best_move.is_some_and(|m| self.pos.noisy_key(m).is_some()) {
            return;
        }
        let bound = Bound::of(best, node.alpha, node.beta);
        let wrong_side = match bound {
            Bound::Lower => best <= node.static_eval,
            Bound::Upper => best >= node.static_eval,
            Bound::Exact => false,
        };
        if wrong_side {
            return;
        }
        let error = (best - node.static_eval).saturating_mul(p.correction_grain);
        let weight = (node.depth + 1).min(p.correction_weight_max);
        let key = self.pos.correction_key() as usize % super::CORRECTION_ENTRIES;
        let scale = p.correction_weight_scale;
        self.w
            .correction
            .blend(node.us.index(), key, error, weight, scale);
    }
}
