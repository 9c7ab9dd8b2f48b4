//! Quiescence: the search below the horizon, of noisy moves only (every
//! move in check), in numbered steps.

use super::node::Node;
use super::Search;
use crate::game::{Score, Searchable};
use crate::movepick::MovePicker;
use crate::params::SearchParams;
use crate::score::{outcome_score, to_tt, INFINITE};
use crate::tt::{Bound, TtHit};

/// How many nodes the quiescence below one horizon node may use.
#[derive(Clone, Copy)]
struct QsBudget {
    /// The node count when `negamax` handed over.
    first_node: u64,
    nodes: u64,
}

/// The quiescence of one iteration, shared by its horizon nodes: each
/// earns `qs_nodes_per_horizon` nodes, and its quiescence may spend what
/// those before it left over, up to its own budget. A per-node budget
/// alone bounds only depth 1: where nearly every quiescence uses all of
/// it (Leiserchess boards full of pawns), an iteration costs the number
/// of horizon nodes times a budget that doubles with the depth.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct QsCredit {
    /// Horizon nodes whose quiescence has started in this iteration.
    horizons: u64,
    /// Nodes the quiescence of the finished ones used.
    spent: u64,
}

impl QsCredit {
    /// The node budget of the next horizon node's quiescence in an
    /// iteration of `depth`.
    #[inline(always)]
    fn open(&mut self, params: &SearchParams, depth: i32) -> u64 {
        self.horizons += 1;
        let left = params
            .qs_iteration_budget(depth, self.horizons)
            .saturating_sub(self.spent);
        params.qs_node_budget(depth).min(left)
    }

    /// Books the nodes a horizon node's quiescence used.
    #[inline(always)]
    fn close(&mut self, nodes: u64) {
        self.spent += nodes;
    }
}

impl<G: Searchable> Search<'_, G> {
    /// Quiescence: only noisy moves (all moves in check), with the static
    /// evaluation as a lower bound ("stand pat") when not in check.
    pub(super) fn qsearch<const PV: bool>(
        &mut self,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        // The budget of this horizon node's quiescence grows with the
        // iteration (a shallow iteration is a quick first estimate, and
        // at depth 1 every root move has a quiescence search of its own),
        // but not past what the iteration's horizon nodes have earned.
        let budget = QsBudget {
            first_node: self.nodes,
            nodes: self.qs_credit.open(self.params, self.root_depth),
        };
        let score = self.quiesce::<PV>(alpha, beta, ply, budget);
        self.qs_credit.close(self.nodes - budget.first_node);
        score
    }

    /// Quiescence proper: every node below one horizon node shares
    /// `budget`.
    fn quiesce<const PV: bool>(
        &mut self,
        alpha: Score,
        beta: Score,
        ply: usize,
        budget: QsBudget,
    ) -> Score {
        debug_assert!(-INFINITE <= alpha && alpha < beta && beta <= INFINITE);

        // 1. Count the node and poll the limits.
        self.stats.qnodes += 1;
        if self.count_node_and_poll() {
            return 0;
        }
        if PV {
            self.w.stack[ply].pv.clear();
        }
        self.seldepth = self.seldepth.max(ply + 1);
        let us = self.pos.side_to_move();

        // 2. Decided games, rule draws, the stack limit.
        if let Some(score) = self.end_of_line(ply, us) {
            return score;
        }

        // 3. Transposition table (any depth is enough here).
        let key = self.pos.hash();
        let hit = self.tt.probe(key);
        if let Some(score) = self.tt_cutoff::<PV>(hit, 0, alpha, beta, ply) {
            return score;
        }

        // 4. Stand pat: the side to move can usually do at least as well
        // as the static evaluation by a quiet move. Not in check.
        let mut node = self.node(ply, 0, alpha, beta, us, hit);
        if !node.in_check && node.eval >= beta {
            self.store_stand_pat(key, hit, &node);
            return node.eval;
        }

        // 5. Growth limit: once the quiescence below this horizon node has
        // used its budget, only the static evaluation counts. Chess
        // captures run out long before; where both sides nearly always
        // have a zap (Leiserchess with many pawns), the chains of zaps
        // would not.
        if !node.in_check {
            if self.nodes - budget.first_node > budget.nodes {
                return node.eval;
            }
            node.alpha = alpha.max(node.eval);
        }

        // 6. Noisy moves, or every move when in check.
        let Some(mut picker) = self.generate_noisy_moves(ply, node.in_check, hit) else {
            return outcome_score(self.pos.no_moves_outcome(), us, ply);
        };

        // 7. The move loop.
        let (best, best_move) = self.quiesce_moves::<PV>(&node, &mut picker, budget);
        self.put_back_buffers(ply, picker);
        if self.aborted {
            return 0;
        }

        // 8. Store with depth 0 (below any main-search depth).
        self.store_result(key, &node, best, best_move);
        best
    }

    /// Step 4 of `quiesce`: a stand-pat cutoff is stored as a lower bound
    /// when the table does not have the position yet.
    #[inline(always)]
    fn store_stand_pat(&self, key: u64, hit: Option<TtHit>, node: &Node) {
        if hit.is_none() {
            let score = to_tt(node.eval, node.ply);
            self.tt.store(key, 0, score, node.raw_eval, 0, Bound::Lower);
        }
    }

    /// Step 6 of `quiesce`: a picker of the noisy moves, or in check of
    /// every legal move (`None` when there is none).
    #[inline(always)]
    pub(super) fn generate_noisy_moves(
        &mut self,
        ply: usize,
        in_check: bool,
        hit: Option<TtHit>,
    ) -> Option<MovePicker<G::Move>> {
        let mut moves = self.take_moves(ply);
        let mut known = self.take_noisy_keys(ply);
        if in_check {
            self.pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.w.stack[ply].moves = moves;
                self.w.stack[ply].noisy_keys = known;
                return None;
            }
        } else {
            self.pos.noisy_moves(&mut moves, &mut known);
        }
        Some(self.move_picker(ply, moves, known, hit.map_or(0, |h| h.mv)))
    }

    /// Step 7 of `quiesce`, the move loop, skipping captures that lose
    /// material and, outside check, trying at most `qs_max_moves` of the
    /// rest (in the picker's order: table move, then best first). Returns
    /// the best score (at least the stand-pat score) and the move that
    /// beat alpha with it (if one did).
    #[inline(always)]
    fn quiesce_moves<const PV: bool>(
        &mut self,
        node: &Node,
        picker: &mut MovePicker<G::Move>,
        budget: QsBudget,
    ) -> (Score, Option<G::Move>) {
        let p = self.params;
        let max_moves = if node.in_check {
            usize::MAX
        } else {
            p.qs_max_moves
        };
        let mut alpha = node.alpha;
        let mut best = if node.in_check { -INFINITE } else { node.eval };
        let mut best_move = None;
        let mut tried = 0usize;
        while let Some(mv) = self.next_move(picker, node.ply) {
            if tried >= max_moves {
                break;
            }
            if !node.in_check
                && p.features.qs_see_pruning
                && !self.picked_see_ge(picker, mv, p.qs_see_threshold)
            {
                continue;
            }
            tried += 1;
            // Noted: a child in check orders its quiet evasions by their
            // history as replies to this move.
            self.make_noted(node.ply, mv);
            let score = -self.quiesce::<PV>(-node.beta, -alpha, node.ply + 1, budget);
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(node.ply, mv);
                    }
                    if score >= node.beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        (best, best_move)
    }
}
