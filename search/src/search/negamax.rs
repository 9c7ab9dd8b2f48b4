//! The main search: a principal variation search whose nodes go through
//! numbered steps (table, pruning, the move loop with its reductions and
//! extensions, history, store).

use super::node::Node;
use super::Search;
use crate::game::{GameMove, Score, Searchable, Side};
use crate::movepick::MovePicker;
use crate::score::{
    from_tt, is_mate_score, mate_in, mated_in, outcome_score, to_tt, INFINITE, MATE_IN_MAX_PLY,
};
use crate::tt::{Bound, TtHit};

impl<G: Searchable> Search<'_, G> {
    /// Principal variation search. `PV` nodes have an open window; others
    /// are zero-window nodes expected to fail high (`cut`) or low.
    pub(super) fn negamax<const PV: bool>(
        &mut self,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        cut: bool,
    ) -> Score {
        debug_assert!(-INFINITE <= alpha && alpha < beta && beta <= INFINITE);
        debug_assert!(PV || beta - alpha == 1);
        debug_assert!(!(PV && cut));

        // 1.-4. The horizon, the node count and limits, decided games and
        // rule draws, mate distance pruning.
        let (us, alpha, beta) = match self.open_node::<PV>(depth, alpha, beta, ply) {
            Ok(open) => open,
            Err(score) => return score,
        };

        // 5. Transposition table: a cutoff at non-PV nodes when the stored
        // result is deep enough and its bound decides the window;
        // otherwise its move is tried first. A singular extension test
        // (a move left out) is another question than the stored one.
        let key = self.pos.hash();
        let hit = self.tt.probe(key);
        let excluded = self.w.stack[ply].excluded;
        if excluded.is_none() {
            if let Some(score) = self.tt_cutoff::<PV>(hit, depth, alpha, beta, ply) {
                return score;
            }
        }

        // 6. Internal iterative reduction: without a table move, search
        // shallower.
        let depth = self.internal_reduction(depth, ply, hit);

        // 6b. Static evaluation (meaningless in check, where every reply
        // must be searched) and whether it improves on two plies up.
        let mut node = self.node(ply, depth, alpha, beta, us, hit);
        node.improving = self.improving(&node);
        node.cut = cut;

        // 7.-8a. Pruning before the moves (not in a singular extension
        // test): reverse futility, razoring, null move, ProbCut.
        if excluded.is_none() {
            if let Some(score) = self.prune_node::<PV>(&node, hit) {
                return score;
            }
        }

        // 8b. Singular extension: is the table's move the only good one?
        let singular = match self.singular_test::<PV>(&node, hit) {
            Singular::MultiCut(score) => return score,
            verdict => verdict,
        };

        // 9. Generate the moves; none left ends the game by its rules.
        let Some(mut picker) = self.generate_moves(ply, hit) else {
            return outcome_score(self.pos.no_moves_outcome(), us, ply);
        };

        // 10.-14. The move loop.
        let (best, best_move) = self.search_moves::<PV>(&node, &mut picker, singular);
        self.put_back_buffers(ply, picker);
        if self.aborted {
            return 0;
        }
        if excluded.is_some() {
            // A test result, not the position's: nothing to store. With
            // no other move, the left-out one is singular.
            return if best == -INFINITE { node.alpha } else { best };
        }
        self.learn_and_store(key, &node, best, best_move);
        best
    }

    /// Steps 1 to 4 of `negamax`: the side to move and the window the node
    /// searches, or its score when it ends here.
    #[inline(always)]
    fn open_node<const PV: bool>(
        &mut self,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Result<(Side, Score, Score), Score> {
        // 1. At the horizon, resolve captures with quiescence.
        if depth <= 0 {
            return Err(self.qsearch::<PV>(alpha, beta, ply));
        }

        // 2. Count the node and poll the stop flag and limits.
        if self.enter_node::<PV>(ply) {
            return Err(0);
        }
        let us = self.pos.side_to_move();

        // 3. Decided games and rule draws (not at the root), and the stack
        // limit.
        if let Some(score) = self.end_of_line(ply, us) {
            return Err(score);
        }

        // 4. Mate distance pruning (not at the root).
        let (alpha, beta) = self.mate_distance_window(ply, alpha, beta);
        if alpha >= beta {
            return Err(alpha);
        }
        Ok((us, alpha, beta))
    }

    /// Steps 15 and 16 of `negamax`: the move that caused a cutoff is
    /// rewarded, the evaluation's error learnt, and the result stored
    /// (exact inside the window, else a bound).
    #[inline(always)]
    fn learn_and_store(&mut self, key: u64, node: &Node, best: Score, best_move: Option<G::Move>) {
        // 15. Reward the move that caused a cutoff.
        if best >= node.beta {
            self.reward_cutoff(node, best_move);
        }
        // 16. Learn the evaluation's error; store the result.
        self.learn_correction(node, best, best_move);
        self.store_node_result(key, node, best, best_move);
    }

    /// Step 6 of `negamax`, internal iterative reduction: a node deep
    /// enough with no table move is searched one ply shallower (not the
    /// root, whose first move is the last iteration's best).
    #[inline(always)]
    fn internal_reduction(&self, depth: i32, ply: usize, hit: Option<TtHit>) -> i32 {
        let p = self.params;
        let no_move = hit.is_none_or(|h| h.mv == 0);
        if p.features.iir && ply > 0 && depth >= p.iir_min_depth && no_move {
            depth - 1
        } else {
            depth
        }
    }

    /// Step 8b of `negamax`, the singular extension test: when the table
    /// holds a deep enough lower bound with a move, search the node at
    /// half depth without that move against a bar below the stored
    /// score. No other move reaching the bar makes the move singular (it
    /// is extended); when the bar is at or above beta and some other
    /// move reaches it, several moves fail high (multi-cut); when the bar
    /// is below beta but the stored score is at or above it, the table's
    /// move is not alone in doing well and is expected to fail high
    /// anyway: outside PV nodes it is searched shallower (Stockfish's
    /// negative extension).
    #[inline(always)]
    fn singular_test<const PV: bool>(&mut self, node: &Node, hit: Option<TtHit>) -> Singular {
        let p = self.params;
        let Some(h) = hit else { return Singular::No };
        let ply = node.ply;
        let applies = p.features.singular_extension
            && ply > 0
            && node.depth >= p.se_min_depth
            && h.mv != 0
            && h.bound != Bound::Upper
            && h.depth >= node.depth - p.se_tt_depth_margin
            && self.w.stack[ply].excluded.is_none()
            && (ply as i32) < 2 * self.root_depth;
        let tt_score = from_tt(h.score, ply);
        if !applies || is_mate_score(tt_score) {
            return Singular::No;
        }
        let bar = tt_score - p.se_margin_per_depth * node.depth;
        self.w.stack[ply].excluded = Some(h.mv);
        let s = self.negamax::<false>((node.depth - 1) / 2, bar - 1, bar, ply, node.cut);
        self.w.stack[ply].excluded = None;
        if self.aborted {
            Singular::No
        } else if s < bar {
            Singular::Extend(h.mv, self.singular_plies::<PV>(ply, s, bar))
        } else if bar >= node.beta {
            Singular::MultiCut(bar)
        } else if !PV && tt_score >= node.beta {
            Singular::Reduce(h.mv)
        } else {
            Singular::No
        }
    }

    /// How far a singular table move is extended: two plies with
    /// `DoubleExtension` when the test's score `s` fell more than
    /// `se_double_margin` below the `bar` at a non-PV node with fewer
    /// than `se_double_max` double extensions above it, else one.
    #[inline(always)]
    fn singular_plies<const PV: bool>(&self, ply: usize, s: Score, bar: Score) -> i32 {
        let p = self.params;
        let double = !PV
            && p.features.double_extension
            && s < bar - p.se_double_margin
            && i32::from(self.w.stack[ply].double_extensions) < p.se_double_max;
        1 + i32::from(double)
    }

    /// Step 2 of `negamax`: counts the node and polls the limits (true
    /// when the search must stop); a PV node starts an empty PV.
    #[inline(always)]
    fn enter_node<const PV: bool>(&mut self, ply: usize) -> bool {
        if self.count_node_and_poll() {
            return true;
        }
        if PV {
            self.w.stack[ply].pv.clear();
            self.seldepth = self.seldepth.max(ply + 1);
        }
        false
    }

    /// Step 4 of `negamax`, mate distance pruning: no line from here beats
    /// mating next move or loses faster than being mated now. The window
    /// is empty when the node cannot matter.
    #[inline(always)]
    fn mate_distance_window(&self, ply: usize, alpha: Score, beta: Score) -> (Score, Score) {
        if ply > 0 && self.params.features.mate_distance_pruning {
            (alpha.max(mated_in(ply)), beta.min(mate_in(ply + 1)))
        } else {
            (alpha, beta)
        }
    }

    /// Step 7 of `negamax`, reverse futility pruning: far above beta near
    /// the leaves, a quiet move will not bring the score back down.
    #[inline(always)]
    fn reverse_futility_prunes<const PV: bool>(&self, node: &Node) -> bool {
        let p = self.params;
        !PV && !node.in_check
            && p.features.reverse_futility
            && node.depth <= p.rfp_max_depth
            && !is_mate_score(node.beta)
            && node.eval - p.rfp_margin * (node.depth - i32::from(node.improving)) >= node.beta
    }

    /// Steps 7 to 8a of `negamax`: the node's score when a pruning
    /// before the move loop ends it.
    #[inline(always)]
    fn prune_node<const PV: bool>(&mut self, node: &Node, hit: Option<TtHit>) -> Option<Score> {
        if self.reverse_futility_prunes::<PV>(node) {
            return Some(node.eval);
        }
        self.razor::<PV>(node)
            .or_else(|| self.null_move_cutoff::<PV>(node))
            .or_else(|| self.probcut::<PV>(node, hit))
    }

    /// Step 7a of `negamax`, razoring: when the evaluation is more than
    /// `razor_base + razor_depth_squared * depth²` below alpha, a
    /// quiescence search that stays at or below alpha ends the node with
    /// its score (the quiet moves are not expected to recover that much).
    #[inline(always)]
    fn razor<const PV: bool>(&mut self, node: &Node) -> Option<Score> {
        let p = self.params;
        let depth = node.depth;
        let margin = p.razor_base + p.razor_depth_squared * depth * depth;
        let applies = !PV
            && !node.in_check
            && p.features.razoring
            && depth <= p.razor_max_depth
            && !is_mate_score(node.alpha)
            && node.eval + margin < node.alpha;
        if !applies {
            return None;
        }
        let s = self.qsearch::<false>(node.alpha, node.alpha + 1, node.ply);
        (self.aborted || s <= node.alpha).then_some(s)
    }

    /// Step 8 of `negamax`, null move pruning: if passing still fails high
    /// at reduced depth, a real move will too. Not twice in a row (that
    /// would just reduce), not in check, and only where the game says
    /// zugzwang is unlikely. The node's score when it prunes (or the
    /// search was stopped).
    #[inline(always)]
    fn null_move_cutoff<const PV: bool>(&mut self, node: &Node) -> Option<Score> {
        let p = self.params;
        let (ply, depth, beta) = (node.ply, node.depth, node.beta);
        let applies = !PV
            && !node.in_check
            && p.features.null_move
            && depth >= p.nmp_min_depth
            && node.eval >= beta
            && !is_mate_score(beta)
            && ply > 0
            && !self.w.stack[ply - 1].null_move
            && self.pos.null_move_allowed();
        if !applies {
            return None;
        }
        let by_eval = if p.features.nmp_eval_reduction {
            ((node.eval - beta) / p.nmp_eval_divisor.max(1)).min(p.nmp_eval_max)
        } else {
            0
        };
        let r = p.nmp_base_reduction + depth / p.nmp_depth_divisor.max(1) + by_eval;
        self.w.stack[ply].null_move = true;
        self.note_move(ply, None);
        self.pos.make_null();
        let s = -self.negamax::<false>(depth - 1 - r, -beta, -beta + 1, ply + 1, !node.cut);
        self.pos.unmake_null();
        self.w.stack[ply].null_move = false;
        if self.aborted {
            return Some(0);
        }
        if s >= beta {
            // A mate found after a pass is not a proven mate.
            return Some(if is_mate_score(s) { beta } else { s });
        }
        None
    }

    /// Step 8a of `negamax`, ProbCut: far enough from the leaves, a noisy
    /// move whose exchange could reach a bar `probcut_margin` above beta
    /// is tried against that bar, first by quiescence and then by a search
    /// `probcut_reduction` plies shallower. A move that beats the bar
    /// there almost surely beats beta at full depth: the node returns its
    /// score (stored as a lower bound at the depth searched). Skipped when
    /// the table already holds a result at least that deep below the bar.
    #[inline(always)]
    fn probcut<const PV: bool>(&mut self, node: &Node, hit: Option<TtHit>) -> Option<Score> {
        let p = self.params;
        let (ply, depth) = (node.ply, node.depth);
        let applies = !PV
            && !node.in_check
            && p.features.probcut
            && ply > 0
            && depth >= p.probcut_min_depth
            && !is_mate_score(node.beta);
        let bar = node.beta + p.probcut_margin;
        let probe_depth = depth - 1 - p.probcut_reduction;
        let refuted_by_table = hit.is_some_and(|h| {
            h.depth > probe_depth && h.bound != Bound::Lower && from_tt(h.score, ply) < bar
        });
        if !applies || refuted_by_table {
            return None;
        }
        // Not in check, so the noisy moves, always a picker.
        let mut picker = self.generate_noisy_moves(ply, false, hit)?;
        let mut found = None;
        while let Some(mv) = self.next_move(&mut picker, ply) {
            if !self.pos.see_ge(mv, bar - node.eval) {
                continue;
            }
            self.make_noted(ply, mv);
            let mut s = -self.qsearch::<false>(-bar, -bar + 1, ply + 1);
            if !self.aborted && s >= bar && probe_depth > 0 {
                s = -self.negamax::<false>(probe_depth, -bar, -bar + 1, ply + 1, !node.cut);
            }
            self.pos.unmake();
            if self.aborted {
                found = Some(0);
                break;
            }
            if s >= bar {
                let key = self.pos.hash();
                let score = to_tt(s, ply);
                self.tt.store(
                    key,
                    mv.to_u16(),
                    score,
                    node.raw_eval,
                    probe_depth + 1,
                    Bound::Lower,
                );
                found = Some(s);
                break;
            }
        }
        self.put_back_buffers(ply, picker);
        found
    }

    /// Step 9 of `negamax`: a picker of the legal moves, `None` when there
    /// are none. The table's move comes first (at the root, the best move
    /// of the last iteration); the killers of the children start afresh.
    #[inline(always)]
    fn generate_moves(&mut self, ply: usize, hit: Option<TtHit>) -> Option<MovePicker<G::Move>> {
        let mut moves = self.take_moves(ply);
        self.pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.w.stack[ply].moves = moves;
            return None;
        }
        let tt_move = if ply == 0 {
            self.prev_best.map_or(0, |m| m.to_u16())
        } else {
            hit.map_or(0, |h| h.mv)
        };
        // No noisy keys come with the legal moves: the picker asks.
        let no_keys = self.take_noisy_keys(ply);
        let picker = self.move_picker(ply, moves, no_keys, tt_move);
        self.w.killers.reset(ply + 1);
        Some(picker)
    }

    /// This ply's buffers of quiet and noisy moves, emptied.
    #[inline(always)]
    fn take_tried(&mut self, ply: usize) -> (Vec<G::Move>, Vec<G::Move>) {
        let frame = &mut self.w.stack[ply];
        let mut quiets = std::mem::take(&mut frame.quiets);
        let mut noisies = std::mem::take(&mut frame.noisies);
        quiets.clear();
        noisies.clear();
        (quiets, noisies)
    }

    /// Steps 10 to 14 of `negamax`, the move loop: each move pruned or
    /// searched, the best kept. Returns the best score and the move that
    /// beat alpha with it (if one did); the quiet and noisy moves searched
    /// are left in this ply's buffers.
    #[inline(always)]
    fn search_moves<const PV: bool>(
        &mut self,
        node: &Node,
        picker: &mut MovePicker<G::Move>,
        singular: Singular,
    ) -> (Score, Option<G::Move>) {
        let ply = node.ply;
        let mut state = self.loop_state(node, picker);
        // 10. Each move in the picker's order.
        while let Some(mv) = self.next_move(picker, ply) {
            if ply == 0 && self.skips_root_move(mv) {
                continue;
            }
            let packed = mv.to_u16();
            if state.excluded == Some(packed) {
                continue;
            }
            state.move_count += 1 + picker.dropped_before_last();
            let mut tried = self.read_move(picker, ply, mv, &state);

            // 11. Shallow pruning, or make the move.
            let Some(gives_check) = self.prune_or_make(node, picker, &mut state, &tried) else {
                continue;
            };
            tried.gives_check = gives_check;

            // 12. Check and singular extensions (one ply, two for a
            // double extension), or the table move's negative extension.
            let extension = self.extension(node, gives_check, packed, singular);
            let new_depth = node.depth - 1 + extension;
            if extension >= 2 {
                let line = &mut self.w.stack[ply + 1].double_extensions;
                *line = line.saturating_add(1);
            }

            // 13. Search the move (PVS, with late move reductions).
            let before = self.nodes;
            let score = self.search_move::<PV>(node, &tried, new_depth, state.alpha);
            if ply == 0 {
                self.root_effort.add(packed, self.nodes - before);
            }
            self.pos.unmake();
            if self.aborted {
                break;
            }

            // 14. Keep the best score; a score above alpha is a new best
            // move (and PV), one at or above beta a cutoff.
            if self.keep_best::<PV>(node, &mut state, mv, score) {
                break;
            }
        }
        self.w.stack[ply].quiets = state.quiets;
        self.w.stack[ply].noisies = state.noisies;
        (state.best, state.best_move)
    }

    /// The move loop's state at its start (step 10).
    #[inline(always)]
    fn loop_state(&mut self, node: &Node, picker: &MovePicker<G::Move>) -> MoveLoop<G::Move> {
        let (quiets, noisies) = self.take_tried(node.ply);
        let tt_noisy = self.params.features.tt_noisy_lmr
            && picker
                .tt_move()
                .is_some_and(|m| self.pos.noisy_key(m).is_some());
        MoveLoop {
            quiets,
            noisies,
            alpha: node.alpha,
            best: -INFINITE,
            best_move: None,
            move_count: 0,
            lmp_keep: self.late_move_keep(node, picker.len()),
            tt_noisy,
            excluded: self.w.stack[node.ply].excluded,
            quiets_dropped: false,
        }
    }

    /// What step 10 reads of `mv` before it is made (its history depends
    /// on the moving piece); whether it gives check is known once made.
    #[inline(always)]
    fn read_move(
        &self,
        picker: &MovePicker<G::Move>,
        ply: usize,
        mv: G::Move,
        state: &MoveLoop<G::Move>,
    ) -> Tried<G::Move> {
        let noisy = picker
            .last_is_noisy()
            .unwrap_or_else(|| self.pos.noisy_key(mv).is_some());
        let history = if noisy {
            0
        } else {
            self.ordering(ply).reduction_history(&self.pos, mv)
        };
        let losing =
            noisy && self.params.features.bad_noisy_lmr && !self.picked_see_ge(picker, mv, 0);
        Tried {
            mv,
            count: state.move_count,
            noisy,
            losing,
            gives_check: false,
            history,
            tt_noisy: state.tt_noisy,
        }
    }

    /// Step 11: the late quiet moves dropped once enough were tried, then
    /// `tried` pruned or made (see [`Search::make_unless_pruned`]); a
    /// made move joins the quiet or noisy moves searched.
    #[inline(always)]
    fn prune_or_make(
        &mut self,
        node: &Node,
        picker: &mut MovePicker<G::Move>,
        state: &mut MoveLoop<G::Move>,
        tried: &Tried<G::Move>,
    ) -> Option<bool> {
        let (mv, noisy) = (tried.mv, tried.noisy);
        let shallow = node.ply > 0 && !node.in_check && state.best > -MATE_IN_MAX_PLY;
        let may_prune = shallow && !noisy;
        let depth = self.pruning_depth(node, state.move_count, noisy);
        let late = state.quiets.len() >= state.lmp_keep;
        if shallow && late && !state.quiets_dropped {
            self.drop_late_quiets(picker);
            state.quiets_dropped = true;
        }
        let prunable = (may_prune
            && self.quiet_is_prunable(node, depth, state.alpha, late, tried.history))
            || (shallow && noisy && self.noisy_is_late(state))
            || (shallow && self.loses_exchange(picker, depth, mv, noisy));
        let gives_check = self.make_unless_pruned(node, mv, prunable)?;
        if noisy {
            state.noisies.push(mv);
        } else {
            state.quiets.push(mv);
        }
        Some(gives_check)
    }

    /// Step 14: keeps `score` of `mv` when it is the best so far; a score
    /// above alpha makes `mv` the best move (and the PV). Returns whether
    /// it is a cutoff.
    #[inline(always)]
    fn keep_best<const PV: bool>(
        &mut self,
        node: &Node,
        state: &mut MoveLoop<G::Move>,
        mv: G::Move,
        score: Score,
    ) -> bool {
        if score <= state.best {
            return false;
        }
        state.best = score;
        if score <= state.alpha {
            return false;
        }
        state.best_move = Some(mv);
        if PV {
            self.update_pv(node.ply, mv);
        }
        if node.ply == 0 {
            self.iter_best = Some((mv, score));
        }
        if score >= node.beta {
            return true;
        }
        state.alpha = score;
        false
    }

    /// Step 11 of `negamax`: makes `mv` unless shallow pruning skips it,
    /// and tells whether it gives check. `prunable` moves (by futility,
    /// late move or SEE pruning, only once a move has been searched, so
    /// that mate is never missed by pruning everything) are skipped
    /// unless they give check.
    #[inline(always)]
    fn make_unless_pruned(&mut self, node: &Node, mv: G::Move, prunable: bool) -> Option<bool> {
        if prunable && !self.pos.gives_check(mv) {
            return None;
        }
        self.make_noted(node.ply, mv);
        let gives_check = self.pos.in_check();
        debug_assert!(!prunable || gives_check, "gives_check was wrong");
        Some(gives_check)
    }

    /// Step 11 of `negamax`, once late move pruning prunes every further
    /// quiet move that does not give check: drops those from the picker
    /// (which counts them as tried), so that they are not picked one by
    /// one for nothing.
    #[inline(always)]
    fn drop_late_quiets(&mut self, picker: &mut MovePicker<G::Move>) {
        let pos = &self.pos;
        picker.retain_quiets(|m| pos.gives_check(m));
    }

    /// The depth futility and SEE pruning judge the `count`th move by
    /// (step 11 of `negamax`): the node's, or with reduced-depth pruning,
    /// for a quiet move, the depth its late move reduction would leave.
    #[inline(always)]
    fn pruning_depth(&self, node: &Node, count: usize, noisy: bool) -> i32 {
        if noisy || !self.params.features.lmr_depth_pruning {
            return node.depth;
        }
        (node.depth - 1 - self.w.lmr_reduction(node.depth, count)).max(0)
    }

    /// SEE pruning (step 11 of `negamax`): near the leaves (at pruning
    /// `depth`), whether `mv`, just picked, loses more material in its
    /// exchange than the margin allows.
    #[inline(always)]
    fn loses_exchange(
        &self,
        picker: &MovePicker<G::Move>,
        depth: i32,
        mv: G::Move,
        noisy: bool,
    ) -> bool {
        let p = self.params;
        if !p.features.see_pruning || depth > p.see_max_depth {
            return false;
        }
        let margin = if noisy {
            p.see_noisy_margin
        } else {
            p.see_quiet_margin
        };
        !self.picked_see_ge(picker, mv, -margin * depth)
    }

    /// How many quiet moves late move pruning keeps at this node of
    /// `moves` legal moves: `lmp_base + depth²`, or `lmp_move_percent`
    /// percent of the moves per ply of depth if that is more (a game with
    /// many more moves than chess needs more of them searched); half as
    /// many when the node is not improving. `usize::MAX` when late move
    /// pruning does not apply.
    #[inline(always)]
    fn late_move_keep(&self, node: &Node, moves: usize) -> usize {
        let p = self.params;
        let f = p.features;
        let depth = node.depth;
        if !f.late_move_pruning || depth > p.lmp_max_depth {
            return usize::MAX;
        }
        let by_depth = (p.lmp_base + depth * depth) as usize;
        let by_moves = moves * (p.lmp_move_percent * depth) as usize / 100;
        let keep = by_depth.max(by_moves);
        if f.improving && !node.improving {
            keep / 2
        } else {
            keep
        }
    }

    /// Late move pruning of a noisy move (step 11 of `negamax`, with
    /// `NoisyLMP`): once as many noisy moves have been searched as late
    /// move pruning keeps quiet ones. Where nearly every move is noisy,
    /// exempting them would leave a shallow node searching hundreds.
    #[inline(always)]
    fn noisy_is_late(&self, state: &MoveLoop<G::Move>) -> bool {
        self.params.features.noisy_lmp && state.noisies.len() >= state.lmp_keep
    }

    /// Late move pruning (`late`: the quiet moves it keeps have been
    /// tried), futility pruning (at pruning `depth`) and history pruning
    /// of a quiet move with this `history` (step 11 of `negamax`).
    #[inline]
    fn quiet_is_prunable(
        &self,
        node: &Node,
        depth: i32,
        alpha: Score,
        late: bool,
        history: i32,
    ) -> bool {
        let p = self.params;
        let f = p.features;
        let futile = f.futility
            && depth <= p.futility_max_depth
            && node.eval + p.futility_base + p.futility_per_depth * depth <= alpha;
        let unpromising = f.history_pruning
            && node.depth <= p.history_pruning_max_depth
            && history < -p.history_pruning_margin * node.depth;
        late || futile || unpromising
    }

    /// Step 12 of `negamax`, the check extension: a checking move is
    /// searched one ply deeper (bounded so that check sequences cannot
    /// explode).
    #[inline(always)]
    fn check_extension(&self, node: &Node, gives_check: bool) -> i32 {
        i32::from(
            self.params.features.check_extension
                && gives_check
                && (node.ply as i32) < 2 * self.root_depth,
        )
    }

    /// Step 12 of `negamax`: the plies the move packed as `packed` is
    /// searched beyond `depth - 1`. A checking move gets the check
    /// extension; the table's move gets the plies the singular test
    /// gave it (at least the check extension's) when it found the move
    /// singular, and loses `se_negative_extension` plies (check
    /// or not) when the test found other moves doing well while the
    /// stored score stays at or above beta.
    #[inline(always)]
    fn extension(&self, node: &Node, gives_check: bool, packed: u16, singular: Singular) -> i32 {
        let check = self.check_extension(node, gives_check);
        match singular {
            Singular::Extend(mv, plies) if mv == packed => check.max(plies),
            Singular::Reduce(mv) if mv == packed => -self.params.se_negative_extension,
            _ => check,
        }
    }

    /// Step 13 of `negamax`, PVS: the first move with the full window, the
    /// others with a zero window (late quiet moves at reduced depth), and
    /// a re-search when they unexpectedly beat alpha. The move is made.
    #[inline(always)]
    fn search_move<const PV: bool>(
        &mut self,
        node: &Node,
        tried: &Tried<G::Move>,
        new_depth: i32,
        alpha: Score,
    ) -> Score {
        let (ply, beta) = (node.ply, node.beta);
        // The child's PV is only rebuilt by a PV search of it; clear it so
        // a zero-window fail high does not copy a stale line.
        if PV {
            self.w.stack[ply + 1].pv.clear();
        }
        // A cut node's zero-window children are all nodes and the
        // reverse (a PV node counts as an all node); a reduced late move
        // is expected to fail high below.
        let child_cut = !node.cut;
        if tried.count == 1 {
            return -self.negamax::<PV>(new_depth, -beta, -alpha, ply + 1, !PV && child_cut);
        }
        let r = self.late_move_reduction::<PV>(node, tried, new_depth);
        let reduced_cut = r > 0 || child_cut;
        let mut s = -self.negamax::<false>(new_depth - r, -alpha - 1, -alpha, ply + 1, reduced_cut);
        if !self.aborted && s > alpha && r > 0 {
            s = -self.negamax::<false>(new_depth, -alpha - 1, -alpha, ply + 1, child_cut);
        }
        if PV && !self.aborted && s > alpha && s < beta {
            s = -self.negamax::<true>(new_depth, -beta, -alpha, ply + 1, false);
        }
        s
    }

    /// The reduction of a late quiet move, or with `BadNoisyLMR` of a
    /// late noisy move that loses its exchange (step 13 of `negamax`), the
    /// move being made.
    #[inline(always)]
    fn late_move_reduction<const PV: bool>(
        &self,
        node: &Node,
        tried: &Tried<G::Move>,
        new_depth: i32,
    ) -> i32 {
        let p = self.params;
        let reducible = p.features.lmr
            && node.depth >= p.lmr_min_depth
            && tried.count > p.lmr_min_moves + usize::from(PV)
            && (!tried.noisy || tried.losing)
            && !node.in_check
            && !tried.gives_check;
        if !reducible {
            return 0;
        }
        let mut r = self.w.lmr_reduction(node.depth, tried.count);
        // Less for PV nodes and killers, more when not improving or beside
        // a noisy table move, more or less by history.
        let killers = self.w.killers.get(node.ply);
        r -= i32::from(PV);
        r -= i32::from(killers.contains(&Some(tried.mv)));
        r += i32::from(p.features.improving && !node.improving);
        r += i32::from(tried.tt_noisy);
        if p.features.cut_node_lmr && node.cut {
            r += p.lmr_cut_node;
        }
        r -= tried.history / (p.history_max / 2).max(1);
        r.clamp(0, (new_depth - 1).max(0))
    }

    /// Step 16 of `negamax`: stores the result, but not at a root searched
    /// without some of its moves (that result is not the position's).
    #[inline(always)]
    fn store_node_result(&self, key: u64, node: &Node, best: Score, best_move: Option<G::Move>) {
        if !(node.ply == 0 && (self.root_filtered || !self.excluded.is_empty())) {
            self.store_result(key, node, best, best_move);
        }
    }
}

/// What the singular extension test found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Singular {
    /// Not tested, or nothing to act on.
    No,
    /// This table move is singular: extend it this many plies.
    Extend(u16, i32),
    /// Other moves reach the bar, which is below beta, and the stored
    /// score of this table move is at or above beta: search it shallower.
    Reduce(u16),
    /// Other moves also beat beta: return this score.
    MultiCut(Score),
}

/// A move of the move loop, made, with what decides how it is searched.
/// The move loop's running state (steps 10 to 14).
struct MoveLoop<M> {
    /// The quiet and noisy moves searched so far (this ply's buffers).
    quiets: Vec<M>,
    noisies: Vec<M>,
    /// The window's lower edge, raised by each better move.
    alpha: Score,
    best: Score,
    best_move: Option<M>,
    /// Moves counted so far (those the picker dropped included).
    move_count: usize,
    /// Quiet moves late move pruning keeps.
    lmp_keep: usize,
    /// The node's table move is noisy (`TTNoisyLMR`).
    tt_noisy: bool,
    /// The move a singular extension test leaves out.
    excluded: Option<u16>,
    /// Whether the late quiet moves have been dropped from the picker.
    quiets_dropped: bool,
}

struct Tried<M> {
    mv: M,
    /// Its number among the moves searched (1 for the first).
    count: usize,
    noisy: bool,
    /// A noisy move that loses its exchange (only looked at with
    /// `BadNoisyLMR`).
    losing: bool,
    gives_check: bool,
    /// Its history (the mean of plain and as a reply), for a quiet move.
    history: i32,
    /// The node's table move is noisy (only looked at with `TTNoisyLMR`).
    tt_noisy: bool,
}

#[cfg(test)]
mod tests;
