//! Stopping a search: node counts, the stop flag, node and time limits,
//! and the clock that pondering holds back.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::{Search, POLL_INTERVAL};
use crate::game::Searchable;

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
