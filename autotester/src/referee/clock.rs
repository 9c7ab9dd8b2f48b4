//! The tester's own clock for one side: Fischer (`fis main inc`) or
//! tournament (`tc moves secs`) time, charged with the time the engine
//! really took. The engine's word on its time is never used.

use crate::config::{Period, TimeControl};
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
pub struct SideClock {
    control: TimeControl,
    remaining: Duration,
    /// Moves left in the current tournament period (unused for Fischer).
    moves_left: u32,
}

/// The flag fell: the move took `elapsed` with `remaining` on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forfeit {
    pub elapsed: Duration,
    pub remaining: Duration,
}

fn secs(s: f64) -> Duration {
    Duration::try_from_secs_f64(s).unwrap_or(Duration::ZERO)
}

impl SideClock {
    pub fn new(control: TimeControl) -> SideClock {
        let (remaining, moves_left) = match control {
            TimeControl::Fischer { main, .. } => (secs(main), 0),
            TimeControl::Tournament { first, .. } => (secs(first.seconds), first.moves),
        };
        SideClock {
            control,
            remaining,
            moves_left,
        }
    }

    /// Time left for the current move.
    pub fn remaining(&self) -> Duration {
        self.remaining
    }

    /// Increment added after each move.
    pub fn increment(&self) -> Duration {
        match self.control {
            TimeControl::Fischer { increment, .. } => secs(increment),
            TimeControl::Tournament { .. } => Duration::ZERO,
        }
    }

    /// Moves to the next time control (tournament time only).
    pub fn moves_to_go(&self) -> Option<u32> {
        matches!(self.control, TimeControl::Tournament { .. }).then_some(self.moves_left)
    }

    /// The clock as a `go` command shows it.
    pub fn go_clock(&self) -> search::Clock {
        search::Clock {
            remaining: self.remaining,
            increment: self.increment(),
            moves_to_go: self.moves_to_go(),
        }
    }

    /// Charges a move that took `elapsed`. Beyond the time left plus
    /// `margin` the flag falls; within the margin the clock stops at zero.
    pub fn charge(&mut self, elapsed: Duration, margin: Duration) -> Result<(), Forfeit> {
        if elapsed > self.remaining + margin {
            return Err(Forfeit {
                elapsed,
                remaining: self.remaining,
            });
        }
        self.remaining = self.remaining.saturating_sub(elapsed) + self.increment();
        if let TimeControl::Tournament { then, .. } = self.control {
            self.moves_left = self.moves_left.saturating_sub(1);
            if self.moves_left == 0 {
                let Period { moves, seconds } = then;
                self.remaining += secs(seconds);
                self.moves_left = moves;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Forfeit, SideClock};
    use crate::config::{Period, TimeControl};
    use std::time::Duration;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn fischer_adds_the_increment_after_each_move() {
        let mut c = SideClock::new(TimeControl::Fischer {
            main: 1.0,
            increment: 0.1,
        });
        assert_eq!((c.remaining(), c.increment()), (MS(1000), MS(100)));
        assert_eq!(c.moves_to_go(), None);
        c.charge(MS(300), MS(0)).unwrap();
        assert_eq!(c.remaining(), MS(800));
        // Within the margin: the clock stops at zero, then the increment.
        c.charge(MS(850), MS(100)).unwrap();
        assert_eq!(c.remaining(), MS(100));
        assert_eq!(
            c.charge(MS(201), MS(100)),
            Err(Forfeit {
                elapsed: MS(201),
                remaining: MS(100)
            })
        );
    }

    #[test]
    fn tournament_periods_refill() {
        let p = |moves, seconds| Period { moves, seconds };
        let mut c = SideClock::new(TimeControl::Tournament {
            first: p(2, 1.0),
            then: p(3, 0.5),
        });
        assert_eq!(c.moves_to_go(), Some(2));
        c.charge(MS(400), MS(0)).unwrap();
        assert_eq!((c.remaining(), c.moves_to_go()), (MS(600), Some(1)));
        c.charge(MS(100), MS(0)).unwrap();
        assert_eq!((c.remaining(), c.moves_to_go()), (MS(1000), Some(3)));
    }
}
