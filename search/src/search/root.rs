//! The root: iterative deepening, `MultiPV` lines, aspiration windows and
//! what the search reports and returns.

use std::time::Duration;

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::qsearch::QsCredit;
use super::Search;
use crate::game::{GameMove, Score, Searchable};
use crate::info::{nps, ScoreBound, SearchInfo, SearchResult, SearchStats};
use crate::score::{is_mate_score, outcome_score, INFINITE, MATE, MATE_IN_MAX_PLY};
use crate::skill::Skill;

/// One principal variation of a finished search of the root.
#[derive(Clone)]
pub(super) struct RootLine<M> {
    score: Score,
    pv: Vec<M>,
}

impl<G: Searchable> Search<'_, G> {
    /// Iterative deepening from `first` to `max_depth`, with up to `lines`
    /// principal variations per iteration (`MultiPV`): each line searches
    /// the root moves the lines before it did not take.
    pub(super) fn iterate(
        &mut self,
        first: u32,
        max_depth: u32,
        lines: usize,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut result = SearchResult::empty();

        // 1. Without a legal move the game is over: only its score is left.
        if self.root_moves.is_empty() {
            result.score = outcome_score(self.pos.no_moves_outcome(), self.pos.side_to_move(), 0);
            return result;
        }

        let lines = lines.clamp(1, self.root_moves.len());
        let mut previous: Vec<RootLine<G::Move>> = Vec::new();
        for depth in first..=max_depth {
            // 2. One iteration: every line, each around its last score.
            let current = self.search_lines(depth, lines, &previous, report);

            // 3. Take the iteration's best line (or, stopped inside the
            // first line, what it found so far).
            let Some(best) = current.first() else {
                self.keep_unfinished_best(&mut result);
                break;
            };
            self.keep_iteration(&mut result, depth, best);
            // Only a weakened level picks among the lines afterwards.
            if let Some(skill) = self.skill {
                if current.len() == lines {
                    self.completed_lines = current.clone();
                }
                self.node_limit = self.node_limit.min(skill.node_cap());
            }
            if let Some(&mv) = best.pv.first() {
                let margin = self.params.tm_score_drop_margin;
                self.stability.record(mv.to_u16(), best.score, margin);
            }

            // 4. Stop when the search was stopped, or this iteration is
            // enough.
            if self.aborted || self.iteration_is_last(depth, result.score) {
                break;
            }
            previous = current;
        }

        // 5. A weakened level plays one of the last complete iteration's
        // lines instead of the best.
        if let Some(skill) = self.skill {
            self.pick_weaker(&mut result, skill);
        }

        // 6. Complete the result: a move, a PV starting with it, nodes and
        // time.
        self.finish_result(&mut result);
        result
    }

    /// Replaces the best line by the one `skill` picks among the last
    /// complete iteration's lines ([`Skill::pick`]).
    fn pick_weaker(&self, result: &mut SearchResult<G::Move>, skill: Skill) {
        let lines: Vec<(usize, Score)> = self
            .completed_lines
            .iter()
            .enumerate()
            .map(|(i, line)| (i, line.score))
            .collect();
        // Seeded by the system, so that a weakened engine does not repeat
        // its choices game after game.
        let mut rng = StdRng::from_entropy();
        if let Some(line) = skill
            .pick(&lines, &mut rng)
            .map(|i| &self.completed_lines[i])
        {
            result.best_move = line.pv.first().copied();
            result.pv = line.pv.clone();
            result.score = line.score;
        }
    }

    /// The `lines` lines of one iteration, fewer when the search was
    /// stopped (or the root ran out of moves). `previous` holds the
    /// lines of the last iteration.
    fn search_lines(
        &mut self,
        depth: u32,
        lines: usize,
        previous: &[RootLine<G::Move>],
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> Vec<RootLine<G::Move>> {
        self.root_depth = depth as i32;
        self.qs_credit = QsCredit::default();
        self.seldepth = 0;
        self.excluded.clear();
        let mut current = Vec::with_capacity(lines);
        for index in 0..lines {
            let Some(line) = self.search_line(depth, index, previous.get(index), report) else {
                break;
            };
            current.push(line);
        }
        // A UCI client reads `multipv 1` as the best line at every depth.
        // A later line searched fewer moves and may still score above an
        // earlier one (the window and the pruning differ), so the lines
        // are kept and reported best first (a stable sort: ties keep
        // their search order).
        current.sort_by_key(|line| std::cmp::Reverse(line.score));
        self.publish_nodes();
        for (index, line) in current.iter().enumerate() {
            report(&self.info(index, depth, line.score, ScoreBound::Exact, line.pv.clone()));
        }
        current
    }

    /// Line `index` of an iteration, given the same line of the last one:
    /// its best move is searched first and its score centres the window.
    /// The line's move is excluded from the lines after it. It is
    /// reported with the iteration's other lines, in their order.
    fn search_line(
        &mut self,
        depth: u32,
        index: usize,
        last: Option<&RootLine<G::Move>>,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> Option<RootLine<G::Move>> {
        self.prev_best = last.and_then(|l| l.pv.first().copied());
        self.iter_best = None;
        let score = self.search_root(depth, last.map_or(0, |l| l.score), index, report)?;
        let mut pv = self.w.stack[0].pv.clone();
        if pv.is_empty() {
            pv.extend(self.iter_best.map(|(m, _)| m));
        }
        let &mv = pv.first()?;
        self.excluded.push(mv);
        Some(RootLine { score, pv })
    }

    /// The search was stopped inside the first line. A move that beat
    /// alpha in the unfinished iteration was searched fully: it is at
    /// least as good as the last best.
    fn keep_unfinished_best(&self, result: &mut SearchResult<G::Move>) {
        if let Some((mv, s)) = self.iter_best {
            if Some(mv) != result.best_move {
                result.best_move = Some(mv);
                result.score = s;
                result.pv = self.root_pv_starting_with(mv);
            }
        }
    }

    /// A completed iteration's first line searched every move: it holds
    /// the best one.
    fn keep_iteration(
        &self,
        result: &mut SearchResult<G::Move>,
        depth: u32,
        best: &RootLine<G::Move>,
    ) {
        result.best_move = best.pv.first().copied();
        result.pv = best.pv.clone();
        result.score = best.score;
        result.depth = depth;
        result.seldepth = self.seldepth as u32;
    }

    /// Fills in what a result needs once the iterations are over.
    fn finish_result(&self, result: &mut SearchResult<G::Move>) {
        if result.best_move.is_none() {
            // Stopped before any root move was searched: fall back to the
            // table's move or the first root move.
            let tt_move = self.tt.probe(self.pos.hash()).map_or(0, |h| h.mv);
            result.best_move = self
                .root_moves
                .iter()
                .copied()
                .find(|m| tt_move != 0 && m.to_u16() == tt_move)
                .or(self.root_moves.first().copied());
            result.pv = result.best_move.into_iter().collect();
        }
        // The PV must start with the best move; anything else is dropped.
        if result.pv.first() != result.best_move.as_ref() {
            result.pv = result.best_move.into_iter().collect();
        }
        result.ponder = result.pv.get(1).copied();
        self.publish_nodes();
        result.nodes = self.total_nodes();
        result.time = self.start.elapsed();
        if result.depth == 0 {
            result.seldepth = self.seldepth as u32;
        }
    }

    /// One line of one iteration: the root searched in an aspiration
    /// window around `guess`, widened until the score falls inside.
    /// `None` when the search was stopped.
    fn search_root(
        &mut self,
        depth: u32,
        guess: Score,
        line: usize,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> Option<Score> {
        let p = *self.params;
        // Most iterations land inside the window, and a narrow window
        // searches fewer nodes.
        let mut delta = p.aspiration_delta.max(1);
        let (mut alpha, mut beta) = if p.features.aspiration
            && depth as i32 >= p.aspiration_min_depth
            && !is_mate_score(guess)
        {
            (
                (guess - delta).max(-INFINITE),
                (guess + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let s = self.negamax::<true>(depth as i32, alpha, beta, 0, false);
            if self.aborted {
                return None;
            }
            if s <= alpha {
                // Fail low: widen downwards; bring beta closer so the
                // re-search resolves quickly.
                self.report_bound(line, depth, s, ScoreBound::Upper, report);
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INFINITE);
            } else if s >= beta {
                self.report_bound(line, depth, s, ScoreBound::Lower, report);
                beta = (s + delta).min(INFINITE);
            } else {
                return Some(s);
            }
            delta = delta.saturating_mul(2);
        }
    }

    /// Whether the iteration just completed (best score `score`) ends the
    /// search: a mate proven within the horizon, the mate asked for, the
    /// soft time or node limit, or a weakened level's node budget.
    fn iteration_is_last(&mut self, depth: u32, score: Score) -> bool {
        if is_mate_score(score) && MATE - score.abs() <= depth as i32 {
            return true;
        }
        if self
            .mate_limit
            .is_some_and(|n| score >= MATE_IN_MAX_PLY && (MATE - score + 1) / 2 <= n as i32)
        {
            return true;
        }
        self.start_clock_on_ponderhit();
        if self.soft_limit_passed()
            || self.soft_nodes_passed()
            || self.skill.is_some_and(|s| self.nodes >= s.nodes())
        {
            return true;
        }
        // With a single move there is nothing to think about when the
        // clock is running (fixed-depth searches still go on, so node
        // counts stay deterministic).
        self.soft_deadline.is_some() && self.root_moves.len() == 1
    }

    /// Whether `mv` is not to be searched at the root: not among the
    /// root moves, or already given a line in this iteration.
    pub(super) fn skips_root_move(&self, mv: G::Move) -> bool {
        self.excluded.contains(&mv) || (self.root_filtered && !self.root_moves.contains(&mv))
    }

    fn root_pv_starting_with(&self, mv: G::Move) -> Vec<G::Move> {
        let pv = &self.w.stack[0].pv;
        if pv.first() == Some(&mv) {
            pv.clone()
        } else {
            vec![mv]
        }
    }

    fn info(
        &self,
        line: usize,
        depth: u32,
        score: Score,
        bound: ScoreBound,
        pv: Vec<G::Move>,
    ) -> SearchInfo<G::Move> {
        let time = self.start.elapsed();
        let nodes = self.total_nodes();
        SearchInfo {
            multipv: line as u32 + 1,
            depth,
            seldepth: self.seldepth as u32,
            score,
            bound,
            nodes,
            nps: nps(nodes, time),
            time,
            hashfull: self.tt.hashfull(),
            pv,
            stats: SearchStats {
                nodes: self.nodes,
                ..self.stats
            },
        }
    }

    /// Aspiration failures are reported once a search takes long enough
    /// for a GUI to care (not at all in quick searches).
    fn report_bound(
        &self,
        line: usize,
        depth: u32,
        score: Score,
        bound: ScoreBound,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) {
        const REPORT_AFTER: Duration = Duration::from_secs(1);
        if self.start.elapsed() >= REPORT_AFTER {
            let pv = self.w.stack[0].pv.clone();
            report(&self.info(line, depth, score, bound, pv));
        }
    }
}
