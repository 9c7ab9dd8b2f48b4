//! What the nodes of the main search and of quiescence share: the facts a
//! node's steps pass on, the end of a line, the table, the evaluation, the
//! move buffers and the principal variation.
//!
//! The steps of a node (here and in `negamax` and `qsearch`) are
//! `#[inline(always)]`: they are parts of one node's code, as when they
//! were written as one function. Left to itself the compiler keeps some
//! out of line (those shared by PV and non-PV nodes), and a call per node
//! or per move costs speed on this hot path.

use super::Search;
use crate::game::{GameMove, NoisyKey, Score, Searchable, Side};
use crate::movepick::MovePicker;
use crate::score::{clamp_eval, from_tt, is_mate_score, outcome_score, to_tt, MAX_PLY};
use crate::tt::{Bound, TtHit};

/// What the steps of one node share: where it is, its window and its
/// static evaluation.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) ply: usize,
    /// Remaining depth (0 in quiescence).
    pub(super) depth: i32,
    /// The window the move loop starts with (after mate distance pruning,
    /// or raised by standing pat): the stored bound is relative to it.
    pub(super) alpha: Score,
    pub(super) beta: Score,
    /// The side to move.
    pub(super) us: Side,
    pub(super) in_check: bool,
    /// The static evaluation (0 in check), corrected by correction
    /// history: what the improving flag and correction history compare.
    pub(super) static_eval: Score,
    /// The estimate pruning uses: `static_eval`, or with `TTEval` the
    /// stored score when its bound says the true score is on that side.
    pub(super) eval: Score,
    /// The evaluation as the game gave it, which the table keeps (the
    /// correction changes as the search learns).
    pub(super) raw_eval: Score,
    /// The main search's improving flag (`learning.rs`; false in
    /// quiescence).
    pub(super) improving: bool,
    /// A zero-window node expected to fail high (see cut-node LMR in
    /// `params.rs`); false at PV nodes and in quiescence.
    pub(super) cut: bool,
}

impl<G: Searchable> Search<'_, G> {
    /// The score of a line that ends before this node is searched: a
    /// decided game or a rule draw (not at the root, which the caller
    /// wants a move for), or the stack limit.
    #[inline(always)]
    pub(super) fn end_of_line(&mut self, ply: usize, us: Side) -> Option<Score> {
        if ply > 0 {
            if let Some(outcome) = self.pos.search_outcome(ply) {
                return Some(outcome_score(outcome, us, ply));
            }
        }
        if ply >= MAX_PLY {
            return Some(self.evaluate());
        }
        None
    }

    /// A table cutoff: outside PV nodes, the stored score when the stored
    /// result is at least `depth` deep and its bound decides the window.
    /// (Quiescence asks for depth 0, which every stored result has.)
    /// Every probe passes here, so the table's hit rate is counted here.
    #[inline(always)]
    pub(super) fn tt_cutoff<const PV: bool>(
        &mut self,
        hit: Option<TtHit>,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Option<Score> {
        self.stats.tt_probes += 1;
        self.stats.tt_hits += u64::from(hit.is_some());
        if !PV && self.params.features.tt_cutoffs {
            if let Some(h) = hit {
                let s = from_tt(h.score, ply);
                if h.depth >= depth
                    && match h.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                    }
                {
                    return Some(s);
                }
            }
        }
        None
    }

    /// The static evaluation, from the table when it has the position;
    /// 0 in check, where it is meaningless (every reply must be searched).
    #[inline(always)]
    pub(super) fn static_eval(&mut self, hit: Option<TtHit>, in_check: bool) -> Score {
        if in_check {
            0
        } else {
            match hit {
                Some(h) => h.eval,
                None => self.evaluate(),
            }
        }
    }

    /// A node's facts once its window is settled, with whether the side
    /// to move is in check and the static evaluation.
    #[inline(always)]
    pub(super) fn node(
        &mut self,
        ply: usize,
        depth: i32,
        alpha: Score,
        beta: Score,
        us: Side,
        hit: Option<TtHit>,
    ) -> Node {
        let in_check = self.pos.in_check();
        let raw_eval = self.static_eval(hit, in_check);
        let static_eval = if in_check {
            raw_eval
        } else {
            self.corrected(raw_eval)
        };
        self.w.stack[ply].static_eval = (!in_check).then_some(static_eval);
        let eval = if in_check {
            static_eval
        } else {
            self.table_adjusted(static_eval, hit, ply)
        };
        Node {
            ply,
            depth,
            alpha,
            beta,
            us,
            in_check,
            static_eval,
            eval,
            raw_eval,
            improving: false,
            cut: false,
        }
    }

    /// With `TTEval`, the stored score in place of `eval` when the stored
    /// bound puts the true score on its side of `eval` (a lower bound
    /// above it, an upper bound below it, or an exact score); not a mate
    /// score, which says nothing of the position's value for pruning.
    #[inline(always)]
    fn table_adjusted(&self, eval: Score, hit: Option<TtHit>, ply: usize) -> Score {
        let Some(h) = hit.filter(|_| self.params.features.tt_eval) else {
            return eval;
        };
        let stored = from_tt(h.score, ply);
        let informs = match h.bound {
            Bound::Exact => true,
            Bound::Lower => stored > eval,
            Bound::Upper => stored < eval,
        };
        if informs && !is_mate_score(stored) {
            stored
        } else {
            eval
        }
    }

    #[inline]
    pub(super) fn evaluate(&mut self) -> Score {
        clamp_eval(self.pos.evaluate(self.eval_params, &mut self.w.eval))
    }

    /// Makes `mv`, the move leaving `ply`, noted for the continuation
    /// history of the plies below, and prefetches the child's table entry.
    #[inline(always)]
    pub(super) fn make_noted(&mut self, ply: usize, mv: G::Move) {
        self.note_move(ply, Some(mv));
        self.pos.make(mv);
        self.tt.prefetch(self.pos.hash());
    }

    /// This ply's move buffer, emptied.
    #[inline(always)]
    pub(super) fn take_moves(&mut self, ply: usize) -> Vec<G::Move> {
        let mut moves = std::mem::take(&mut self.w.stack[ply].moves);
        moves.clear();
        moves
    }

    /// This ply's buffer of noisy keys, emptied.
    #[inline(always)]
    pub(super) fn take_noisy_keys(&mut self, ply: usize) -> Vec<NoisyKey> {
        let mut keys = std::mem::take(&mut self.w.stack[ply].noisy_keys);
        keys.clear();
        keys
    }

    /// A picker of `moves` (with their noisy keys `known`, when the
    /// generator gave them) using this ply's key buffer, `tt_move` first.
    #[inline(always)]
    pub(super) fn move_picker(
        &mut self,
        ply: usize,
        moves: Vec<G::Move>,
        known: Vec<NoisyKey>,
        tt_move: u16,
    ) -> MovePicker<G::Move> {
        let keys = std::mem::take(&mut self.w.stack[ply].keys);
        MovePicker::new(moves, keys, known, tt_move)
    }

    /// Gives the picker's buffers back to this ply.
    #[inline(always)]
    pub(super) fn put_back_buffers(&mut self, ply: usize, picker: MovePicker<G::Move>) {
        let (moves, keys, noisy_keys) = picker.into_buffers();
        let frame = &mut self.w.stack[ply];
        frame.moves = moves;
        frame.keys = keys;
        frame.noisy_keys = noisy_keys;
    }

    #[inline]
    pub(super) fn next_move(
        &self,
        picker: &mut MovePicker<G::Move>,
        ply: usize,
    ) -> Option<G::Move> {
        picker.next_with(&self.pos, || self.ordering(ply))
    }

    /// `see_ge(mv, threshold)` of the move `picker` returned last,
    /// answered from the picker's own exchange (whether `mv` loses
    /// material) when that decides it, so it is not exchanged again.
    #[inline(always)]
    pub(super) fn picked_see_ge(
        &self,
        picker: &MovePicker<G::Move>,
        mv: G::Move,
        threshold: Score,
    ) -> bool {
        match picker.last_loses_exchange() {
            Some(false) if threshold <= 0 => true,
            Some(true) if threshold >= 0 => false,
            _ => self.pos.see_ge(mv, threshold),
        }
    }

    /// Copies the child's PV behind `mv` into this ply's PV.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.w.stack.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(mv);
        pv.extend_from_slice(&tail[0].pv);
    }

    /// Stores a node's result: exact inside the window its move loop
    /// started with, else a bound.
    #[inline(always)]
    pub(super) fn store_result(
        &self,
        key: u64,
        node: &Node,
        best: Score,
        best_move: Option<G::Move>,
    ) {
        let bound = Bound::of(best, node.alpha, node.beta);
        self.tt.store(
            key,
            best_move.map_or(0, |m: G::Move| m.to_u16()),
            to_tt(best, node.ply),
            node.raw_eval,
            node.depth,
            bound,
        );
    }
}
