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

    /// Whether a completed iteration has taken the nodes of all threads
    /// past the soft node limit (`Limits::soft_nodes`).
    pub(super) fn soft_nodes_passed(&self) -> bool {
        self.soft_node_limit
            .is_some_and(|limit| self.total_nodes() > limit)
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
    use std::fmt;
    use std::sync::atomic::AtomicBool;

    use super::{RootEffort, Stability};
    use crate::game::{
        EndReason, Evaluation, GameMove, HistoryIndex, NoParams, Outcome, Rules, Score, Searchable,
        Side,
    };
    use crate::search::Engine;
    use crate::time::Limits;

    /// A move of [`Endless`]: which of the four children.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Step(u16);

    impl fmt::Display for Step {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "s{}", self.0)
        }
    }

    impl GameMove for Step {
        fn to_u16(self) -> u16 {
            self.0
        }
    }

    /// A game that never ends: four moves everywhere, an evaluation
    /// hashed from the path, so only limits end a search of it.
    #[derive(Clone, Debug)]
    struct Endless {
        keys: Vec<u64>,
    }

    fn mix(x: u64) -> u64 {
        let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    impl Rules for Endless {
        type Move = Step;
        type FenError = fmt::Error;
        type MoveError = fmt::Error;

        fn startpos() -> Self {
            Endless { keys: vec![1] }
        }
        fn from_fen(_fen: &str) -> Result<Self, fmt::Error> {
            Ok(Endless::startpos())
        }
        fn fen(&self) -> String {
            "endless".to_string()
        }
        fn side_to_move(&self) -> Side {
            if self.keys.len() % 2 == 1 {
                Side::White
            } else {
                Side::Black
            }
        }
        fn legal_moves(&self, out: &mut Vec<Step>) {
            out.extend((1..=4).map(Step));
        }
        fn parse_move(&self, _text: &str) -> Result<Step, fmt::Error> {
            Err(fmt::Error)
        }
        fn make(&mut self, mv: Step) {
            let key = mix(self.hash() ^ u64::from(mv.0));
            self.keys.push(key);
        }
        fn unmake(&mut self) {
            if self.keys.len() > 1 {
                self.keys.pop();
            }
        }
        fn hash(&self) -> u64 {
            *self.keys.last().expect("the root stays")
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
    }

    impl Evaluation for Endless {
        type Params = NoParams;
        type EvalState = ();

        fn evaluate(&self, _params: &NoParams, _state: &mut ()) -> Score {
            (self.hash() % 201) as Score - 100
        }
    }

    impl HistoryIndex for Endless {
        const MOVE_INDEX_COUNT: usize = 8;

        fn move_index(&self, mv: Step) -> usize {
            mv.0 as usize
        }
    }

    impl Searchable for Endless {
        fn search_outcome(&self, _plies_from_root: usize) -> Option<Outcome> {
            None
        }
        fn no_moves_outcome(&self) -> Outcome {
            Outcome::draw(EndReason::REPETITION)
        }
    }

    /// The nodes counted after each completed iteration, and the result's
    /// depth and nodes, of one search of [`Endless`] within `limits`.
    fn iterations(limits: &Limits) -> (Vec<u64>, u32, u64) {
        let mut engine = Engine::<Endless>::new(1).expect("table");
        let mut after = Vec::new();
        let stop = AtomicBool::new(false);
        let result = engine.search(&Endless::startpos(), limits, &stop, &mut |info| {
            after.push(info.nodes)
        });
        (after, result.depth, result.nodes)
    }

    #[test]
    fn the_soft_node_limit_ends_the_first_iteration_past_it() {
        for soft in [1, 500, 3_000, 20_000] {
            let limits = Limits {
                soft_nodes: Some(soft),
                ..Limits::default()
            };
            let (after, depth, nodes) = iterations(&limits);
            // Every iteration but the last ended within the limit; the
            // last one, completed, went past it.
            let (&last, earlier) = after.split_last().expect("an iteration");
            assert!(earlier.iter().all(|&n| n <= soft), "{soft}: {after:?}");
            assert!(last > soft, "{soft}: {after:?}");
            assert_eq!(depth as usize, after.len(), "{soft}: {after:?}");
            assert_eq!(nodes, last, "{soft}: nothing searched after it");
        }
    }

    #[test]
    fn the_hard_node_limit_still_cuts_an_iteration() {
        let soft_only = Limits {
            soft_nodes: Some(20_000),
            ..Limits::default()
        };
        let (after, _, _) = iterations(&soft_only);
        let last = *after.last().expect("an iteration");
        let hard = Limits {
            nodes: Some(last - 1),
            ..soft_only.clone()
        };
        let (_, depth, nodes) = iterations(&hard);
        assert!(nodes < last);
        assert_eq!(depth as usize, after.len() - 1, "the last iteration cut");
        assert!(!hard.is_unbounded() && !soft_only.is_unbounded());
    }

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
