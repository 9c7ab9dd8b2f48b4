//! Stopping a search: node counts, the stop flag, node and time limits,
//! and the clock that pondering holds back.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::{Search, POLL_INTERVAL};
use crate::game::{Score, Searchable};

/// How settled the root is, for time management: how many iterations in
/// a row kept the best move, and whether the last one's score fell.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Stability {
    pub(super) best: Option<u16>,
    score: Score,
    pub(super) stable: u32,
    pub(super) dropped: bool,
}

impl Stability {
    /// Takes in a completed iteration's best move and score.
    pub(super) fn record(&mut self, best: u16, score: Score, drop_margin: Score) {
        let first = self.best.is_none();
        self.stable = if self.best == Some(best) {
            self.stable + 1
        } else {
            0
        };
        self.dropped = !first && score <= self.score - drop_margin;
        self.best = Some(best);
        self.score = score;
    }
}

/// The nodes each root move's subtree took in this search, over all its
/// iterations (for node-based time management).
#[derive(Clone, Debug, Default)]
pub(super) struct RootEffort {
    nodes: Vec<(u16, u64)>,
}

impl RootEffort {
    /// Adds `nodes` to the effort of root move `mv`.
    pub(super) fn add(&mut self, mv: u16, nodes: u64) {
        match self.nodes.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, n)) => *n += nodes,
            None => self.nodes.push((mv, nodes)),
        }
    }

    /// The percentage of all root moves' nodes that `mv` took (100 before
    /// any was counted: nothing says the move is in doubt).
    pub(super) fn share_percent(&self, mv: u16) -> u32 {
        let total: u64 = self.nodes.iter().map(|&(_, n)| n).sum();
        let own = self.nodes.iter().find(|(m, _)| *m == mv).map_or(0, |e| e.1);
        (own * 100)
            .checked_div(total)
            .map_or(100, |share| share as u32)
    }
}

impl<G: Searchable> Search<'_, G> {
    /// Turns the time budget into deadlines counted from `from`, unless
    /// pondering.
    pub(super) fn start_clock_unless_pondering(&mut self, from: Instant) {
        if self.pondering.is_some_and(|p| p.load(Ordering::Relaxed)) {
            return;
        }
        self.pondering = None;
        self.soft_deadline = self.budget.soft.map(|d| from + d);
        self.hard_deadline = self.budget.hard.map(|d| from + d);
    }

    /// Starts the clock once pondering has ended (`ponderhit`): the time
    /// spent pondering was the opponent's.
    #[inline]
    pub(super) fn start_clock_on_ponderhit(&mut self) {
        if self.pondering.is_some() {
            self.start_clock_unless_pondering(Instant::now());
        }
    }

    /// Whether the soft limit has passed, checked after an iteration: a
    /// limit taken from the clock is scaled by how settled the root is
    /// (best-move stability, node-based time management; never past the
    /// hard limit); a `movetime` is used in full.
    pub(super) fn soft_limit_passed(&self) -> bool {
        let Some(deadline) = self.soft_deadline else {
            return false;
        };
        let scaled = match self.budget.soft {
            Some(soft) if self.budget.flexible => {
                let limit = (soft * self.soft_percent() / 100)
                    .min(self.budget.hard.unwrap_or(Duration::MAX));
                // The deadline is the clock's start plus `soft`.
                deadline - soft + limit
            }
            _ => deadline,
        };
        Instant::now() >= scaled
    }

    /// The share of the soft limit to use now, in percent: the product
    /// of the scalings that are on.
    fn soft_percent(&self) -> u32 {
        let p = self.params;
        let f = p.features;
        let mut percent = 100;
        if f.best_move_stability {
            percent = p.soft_time_percent(self.stability.stable, self.stability.dropped);
        }
        if let Some(best) = self.stability.best.filter(|_| f.node_time) {
            percent = percent * p.node_time_percent(self.root_effort.share_percent(best)) / 100;
        }
        percent
    }

    pub(super) fn publish_nodes(&self) {
        self.counter.store(self.nodes, Ordering::Relaxed);
    }

    pub(super) fn total_nodes(&self) -> u64 {
        if self.counters.is_empty() {
            self.nodes
        } else {
            self.counters
                .iter()
                .map(|c| c.load(Ordering::Relaxed))
                .sum()
        }
    }

    /// Counts a node and polls the limits; true when the search must stop.
    #[inline]
    pub(super) fn count_node_and_poll(&mut self) -> bool {
        self.nodes += 1;
        // The stop flag is a relaxed load of a rarely written line: cheap
        // enough for every node, which makes `stop` take effect at once.
        if self.stop.load(Ordering::Relaxed) || self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes & (POLL_INTERVAL - 1) == 0 {
            self.publish_nodes();
            self.start_clock_on_ponderhit();
            if self.hard_deadline.is_some_and(|t| Instant::now() >= t) {
                self.aborted = true;
            }
        }
        self.aborted
    }
}

#[cfg(test)]
mod tests {
    use super::{RootEffort, Stability};

    #[test]
    fn stability_counts_iterations_with_the_same_best_move_and_notes_drops() {
        let mut s = Stability::default();
        s.record(7, 20, 25);
        assert_eq!((s.stable, s.dropped), (0, false), "the first iteration");
        s.record(7, 10, 25);
        assert_eq!((s.stable, s.dropped), (1, false), "a small fall is no drop");
        s.record(7, -15, 25);
        assert_eq!((s.stable, s.dropped), (2, true));
        s.record(9, -15, 25);
        assert_eq!((s.stable, s.dropped), (0, false), "a new best move");
    }

    #[test]
    fn root_effort_is_each_moves_share_of_all_root_nodes() {
        let mut e = RootEffort::default();
        assert_eq!(e.share_percent(3), 100, "nothing counted yet");
        e.add(3, 600);
        e.add(5, 300);
        e.add(3, 100);
        assert_eq!(e.share_percent(3), 70);
        assert_eq!(e.share_percent(5), 30);
        assert_eq!(e.share_percent(9), 0);
    }
}
