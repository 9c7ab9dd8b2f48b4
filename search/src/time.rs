//! Search limits and the time manager.
//!
//! A search has a *soft* limit, checked between iterations (do not start
//! another iteration after it), and a *hard* limit, polled during the
//! search (abort at once). Both are derived from the clock here; the search
//! itself only compares elapsed time against them.

use std::time::Duration;

/// The side to move's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
    /// Moves until the next time control; `None` for sudden death.
    pub moves_to_go: Option<u32>,
}

/// What bounds a search. Everything unset (and not `infinite`) means
/// "until stopped", as `go infinite`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    /// Aborts the search at once when this many nodes are reached.
    pub nodes: Option<u64>,
    /// A soft node limit: no iteration starts once a completed iteration
    /// has taken the node count (all threads) past it. Checked between
    /// iterations only, so the last iteration always completes (unless a
    /// hard limit cuts it): node-limited data generation keeps whole
    /// iterations, as a soft time limit does.
    pub soft_nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    /// Stop once a mate in at most this many moves is found (UCI
    /// `go mate N`); on its own it bounds nothing else.
    pub mate: Option<u32>,
    /// Search until stopped: clock and movetime are ignored.
    pub infinite: bool,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Whether only `stop` can end the search: `infinite`, or no depth,
    /// node (hard or soft), time or clock limit (a bare `go`, or
    /// `go mate N` that may never find its mate).
    pub fn is_unbounded(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.soft_nodes.is_none()
                && self.movetime.is_none()
                && self.clock.is_none())
    }
}

/// Named constants of the time manager.
pub mod constants {
    /// `moves_to_go` beyond this is treated as this (very long controls).
    pub const MAX_MOVES_TO_GO: u32 = 50;
    /// Fraction of the increment added to the per-move budget, in percent.
    pub const INCREMENT_PERCENT: u64 = 75;
    /// The hard limit may exceed the soft one by this factor.
    pub const HARD_FACTOR: u64 = 3;
    /// The hard limit never exceeds this share of the usable time, in
    /// percent …
    pub const HARD_CAP_PERCENT: u64 = 50;
    /// … except for the last move before the time control.
    pub const LAST_MOVE_CAP_PERCENT: u64 = 90;
    /// Smallest limit ever set: a search always gets a moment.
    pub const MIN_LIMIT_MS: u64 = 1;
}

/// Soft and hard limits for one search; `None` means unbounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
    /// Whether the soft limit is a share of the clock that time management
    /// may stretch or shrink (not a `movetime`, which is used in full).
    pub flexible: bool,
}

impl TimeBudget {
    pub const UNLIMITED: TimeBudget = TimeBudget {
        soft: None,
        hard: None,
        flexible: false,
    };

    /// Computes the budget from the limits and the `Move Overhead` (time
    /// lost between the engine's answer and the clock stopping);
    /// `sudden_death_moves` is how many moves are assumed left when the
    /// clock gives no `movestogo`.
    pub fn new(limits: &Limits, overhead: Duration, sudden_death_moves: u32) -> TimeBudget {
        use constants::*;
        if limits.infinite {
            return TimeBudget::UNLIMITED;
        }
        let overhead_ms = overhead.as_millis() as u64;
        let mut budget = TimeBudget::UNLIMITED;

        if let Some(clock) = limits.clock {
            let remaining = clock.remaining.as_millis() as u64;
            let usable = remaining.saturating_sub(overhead_ms).max(MIN_LIMIT_MS);
            let mtg = clock
                .moves_to_go
                .unwrap_or(sudden_death_moves)
                .clamp(1, MAX_MOVES_TO_GO) as u64;
            let inc = clock.increment.as_millis() as u64;
            let cap_percent = if mtg == 1 {
                LAST_MOVE_CAP_PERCENT
            } else {
                HARD_CAP_PERCENT
            };
            let cap = (usable * cap_percent / 100).max(MIN_LIMIT_MS);
            let ideal = usable / mtg + inc * INCREMENT_PERCENT / 100;
            let hard = (ideal * HARD_FACTOR).min(cap).max(MIN_LIMIT_MS);
            let soft = ideal.min(hard).max(MIN_LIMIT_MS);
            budget.soft = Some(Duration::from_millis(soft));
            budget.hard = Some(Duration::from_millis(hard));
            budget.flexible = limits.movetime.is_none();
        }

        if let Some(movetime) = limits.movetime {
            // Use all of it (less the overhead): iterations may start until
            // the end, the hard limit cuts the last one.
            let ms = (movetime.as_millis() as u64)
                .saturating_sub(overhead_ms)
                .max(MIN_LIMIT_MS);
            let t = Duration::from_millis(ms);
            budget.soft = Some(budget.soft.map_or(t, |s| s.min(t)));
            budget.hard = Some(budget.hard.map_or(t, |h| h.min(t)));
        }
        budget
    }
}

#[cfg(test)]
mod tests {
    use super::{Clock, Limits, TimeBudget};
    use std::time::Duration;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    fn clock(remaining: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                remaining: ms(remaining),
                increment: ms(inc),
                moves_to_go: mtg,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn sudden_death_uses_a_thirtieth() {
        let b = TimeBudget::new(&clock(60_010, 0, None), ms(10), 30);
        assert_eq!(b.soft, Some(ms(2000)));
        assert_eq!(b.hard, Some(ms(6000)));
    }

    #[test]
    fn the_moves_assumed_left_divide_a_sudden_death_clock() {
        let b = TimeBudget::new(&clock(60_010, 0, None), ms(10), 20);
        assert_eq!(b.soft, Some(ms(3000)));
        // A clock's own `movestogo` wins over the assumption.
        let b = TimeBudget::new(&clock(10_000, 0, Some(10)), ms(0), 20);
        assert_eq!(b.soft, Some(ms(1000)));
    }

    #[test]
    fn increment_adds_three_quarters() {
        let b = TimeBudget::new(&clock(30_000, 1_000, None), ms(0), 30);
        assert_eq!(b.soft, Some(ms(1000 + 750)));
        assert_eq!(b.hard, Some(ms(3 * 1750)));
    }

    #[test]
    fn moves_to_go_divides_the_time() {
        let b = TimeBudget::new(&clock(10_000, 0, Some(10)), ms(0), 30);
        assert_eq!(b.soft, Some(ms(1000)));
        assert_eq!(b.hard, Some(ms(3000)));
        // The last move before the control may use most of the clock.
        let b = TimeBudget::new(&clock(10_000, 0, Some(1)), ms(0), 30);
        assert_eq!(b.hard, Some(ms(9000)));
        assert_eq!(b.soft, Some(ms(9000)));
    }

    #[test]
    fn hard_limit_never_exceeds_half_the_clock() {
        // A big increment with little time left.
        let b = TimeBudget::new(&clock(1_000, 5_000, None), ms(0), 30);
        assert_eq!(b.hard, Some(ms(500)));
        assert!(b.soft <= b.hard);
    }

    #[test]
    fn nearly_out_of_time_still_gets_a_moment() {
        let b = TimeBudget::new(&clock(5, 0, None), ms(50), 30);
        assert_eq!(b.hard, Some(ms(1)));
        assert_eq!(b.soft, Some(ms(1)));
    }

    #[test]
    fn movetime_subtracts_overhead_and_infinite_is_unlimited() {
        let b = TimeBudget::new(&Limits::movetime(ms(500)), ms(20), 30);
        assert_eq!((b.soft, b.hard), (Some(ms(480)), Some(ms(480))));
        let mut l = clock(60_000, 0, None);
        l.infinite = true;
        assert_eq!(TimeBudget::new(&l, ms(10), 30), TimeBudget::UNLIMITED);
        assert_eq!(
            TimeBudget::new(&Limits::depth(5), ms(10), 30),
            TimeBudget::UNLIMITED
        );
    }

    #[test]
    fn only_a_clock_alone_gives_a_flexible_soft_limit() {
        assert!(TimeBudget::new(&clock(60_000, 0, None), ms(10), 30).flexible);
        assert!(!TimeBudget::new(&Limits::movetime(ms(500)), ms(10), 30).flexible);
        let mut l = clock(60_000, 0, None);
        l.movetime = Some(ms(100));
        assert!(!TimeBudget::new(&l, ms(0), 30).flexible);
    }

    #[test]
    fn movetime_and_clock_take_the_tighter() {
        let mut l = clock(60_000, 0, None);
        l.movetime = Some(ms(100));
        let b = TimeBudget::new(&l, ms(0), 30);
        assert_eq!((b.soft, b.hard), (Some(ms(100)), Some(ms(100))));
    }
}
