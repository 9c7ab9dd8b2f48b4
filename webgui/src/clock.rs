//! Fischer clocks kept by the server: the side to move's time runs from
//! the moment its turn starts; a completed move adds the increment. As on
//! lichess, the clocks wait until each side has made its first move
//! (`Session` starts them after the second ply): a player who has not yet
//! sat down at the board cannot lose on time.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use search::Side;

use crate::error::ApiError;

/// Longest initial time or increment the API accepts (a day).
const MAX_CLOCK_MS: u64 = 86_400_000;

/// A time control: initial time and increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub initial_ms: u64,
    #[serde(default)]
    pub increment_ms: u64,
}

impl TimeControl {
    pub fn validate(self) -> Result<TimeControl, ApiError> {
        if self.initial_ms == 0
            || self.initial_ms > MAX_CLOCK_MS
            || self.increment_ms > MAX_CLOCK_MS
        {
            return Err(ApiError::BadRequest(format!(
                "clock times must be between 1 and {MAX_CLOCK_MS} ms"
            )));
        }
        Ok(self)
    }

    /// The PGN `TimeControl` tag value: seconds `+` increment.
    pub fn pgn_tag(self) -> String {
        let secs = |ms: u64| match (ms / 1000, ms % 1000) {
            (whole, 0) => whole.to_string(),
            (whole, frac) => format!("{whole}.{frac:03}"),
        };
        format!("{}+{}", secs(self.initial_ms), secs(self.increment_ms))
    }
}

/// The two clocks of a game.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    /// Time left at the start of the current turn, by side.
    remaining: [Duration; 2],
    /// The side whose clock runs and since when; `None` once stopped.
    running: Option<(Side, Instant)>,
}

/// The clocks as the page shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    pub white_ms: u64,
    pub black_ms: u64,
    pub increment_ms: u64,
    pub initial_ms: u64,
    /// `white` or `black` while a clock runs.
    pub running: Option<&'static str>,
}

impl Clocks {
    /// Clocks with the full initial time each, neither running yet.
    pub fn new(control: TimeControl) -> Clocks {
        let initial = Duration::from_millis(control.initial_ms);
        Clocks {
            control,
            remaining: [initial; 2],
            running: None,
        }
    }

    /// Clocks with the side to move's running from `now`.
    pub fn start(control: TimeControl, to_move: Side, now: Instant) -> Clocks {
        let mut clocks = Clocks::new(control);
        clocks.running = Some((to_move, now));
        clocks
    }

    /// Whether a clock runs now.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Time left for `side` at `now`.
    pub fn remaining(&self, side: Side, now: Instant) -> Duration {
        let base = self.remaining[side.index()];
        match self.running {
            Some((s, since)) if s == side => {
                base.saturating_sub(now.saturating_duration_since(since))
            }
            _ => base,
        }
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Side> {
        let (side, _) = self.running?;
        self.remaining(side, now).is_zero().then_some(side)
    }

    /// When the running side's flag falls.
    pub fn deadline(&self) -> Option<Instant> {
        let (side, since) = self.running?;
        Some(since + self.remaining[side.index()])
    }

    /// Ends `side`'s turn at `now`: charges the time used and adds the
    /// increment; the opponent's clock starts. Returns false (and changes
    /// nothing) when the flag had already fallen.
    pub fn complete_move(&mut self, side: Side, now: Instant) -> bool {
        let left = self.remaining(side, now);
        if left.is_zero() {
            return false;
        }
        self.remaining[side.index()] = left + Duration::from_millis(self.control.increment_ms);
        self.running = Some((side.opponent(), now));
        true
    }

    /// Restarts the clock for `side` from `now` (after an undo) without
    /// charging anyone.
    pub fn restart(&mut self, side: Side, now: Instant) {
        if let Some((running, since)) = self.running {
            self.remaining[running.index()] = self.remaining[running.index()]
                .saturating_sub(now.saturating_duration_since(since));
        }
        self.running = Some((side, now));
    }

    /// Stops both clocks, keeping the time left.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.remaining[side.index()] = self.remaining(side, now);
        }
        self.running = None;
    }

    /// The search's view of `side`'s clock.
    pub fn search_clock(&self, side: Side, now: Instant) -> search::Clock {
        search::Clock {
            remaining: self.remaining(side, now),
            increment: Duration::from_millis(self.control.increment_ms),
            moves_to_go: None,
        }
    }

    pub fn view(&self, now: Instant) -> ClockView {
        let ms = |side| self.remaining(side, now).as_millis() as u64;
        ClockView {
            white_ms: ms(Side::White),
            black_ms: ms(Side::Black),
            increment_ms: self.control.increment_ms,
            initial_ms: self.control.initial_ms,
            running: self.running.map(|(s, _)| match s {
                Side::White => "white",
                Side::Black => "black",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(initial_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl {
            initial_ms,
            increment_ms,
        }
    }

    #[test]
    fn increment_is_added_after_a_move() {
        let t0 = Instant::now();
        let mut c = Clocks::start(control(10_000, 2_000), Side::White, t0);
        assert!(c.complete_move(Side::White, t0 + Duration::from_millis(3_000)));
        let t1 = t0 + Duration::from_millis(3_000);
        assert_eq!(c.remaining(Side::White, t1), Duration::from_millis(9_000));
        // Black's clock runs now.
        let t2 = t1 + Duration::from_millis(500);
        assert_eq!(c.remaining(Side::Black, t2), Duration::from_millis(9_500));
        assert_eq!(c.view(t2).running, Some("black"));
    }

    #[test]
    fn a_fallen_flag_is_reported_and_blocks_the_move() {
        let t0 = Instant::now();
        let mut c = Clocks::start(control(1_000, 5_000), Side::White, t0);
        let late = t0 + Duration::from_millis(1_001);
        assert_eq!(c.flagged(late), Some(Side::White));
        assert!(!c.complete_move(Side::White, late));
        assert_eq!(c.deadline(), Some(t0 + Duration::from_millis(1_000)));
    }

    #[test]
    fn new_clocks_wait_for_a_restart() {
        let t0 = Instant::now();
        let mut c = Clocks::new(control(1_500, 1_000));
        let later = t0 + Duration::from_secs(60);
        assert!(!c.is_running());
        assert_eq!(c.flagged(later), None);
        assert_eq!(c.deadline(), None);
        assert_eq!(c.view(later).running, None);
        c.restart(Side::White, later);
        assert_eq!(c.deadline(), Some(later + Duration::from_millis(1_500)));
    }

    #[test]
    fn stop_and_restart_keep_the_time() {
        let t0 = Instant::now();
        let mut c = Clocks::start(control(5_000, 0), Side::White, t0);
        c.stop(t0 + Duration::from_millis(1_000));
        let later = t0 + Duration::from_secs(100);
        assert_eq!(
            c.remaining(Side::White, later),
            Duration::from_millis(4_000)
        );
        assert_eq!(c.flagged(later), None);
        c.restart(Side::Black, later);
        assert_eq!(
            c.remaining(Side::White, later),
            Duration::from_millis(4_000)
        );
        assert_eq!(control(60_000, 500).pgn_tag(), "60+0.500");
    }
}
