//! The engine strength a person picks: time per move or a fixed depth,
//! and a playing level from 1 to 8 as lichess offers them.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Shortest and longest time per move the API accepts.
pub const MIN_MOVETIME_MS: u64 = 10;
pub const MAX_MOVETIME_MS: u64 = 600_000;
/// Deepest fixed depth the API accepts.
pub const MAX_DEPTH: u32 = 64;
/// A fixed-depth search is still cut off after this long, so a deep
/// request cannot keep a thread busy for ever.
pub const DEPTH_TIME_CAP: Duration = Duration::from_secs(300);

/// The weakest and the strongest level (full strength) the page offers.
pub const MIN_LEVEL: u8 = 1;
pub const FULL_LEVEL: u8 = 8;
/// The search's `Skill Level` (0 to 20, `search::Skill`) each level plays
/// at, lowest first: evenly spread, so each step is a similar gain, with
/// level 1 at the search's weakest (depth 1, a three-pawn margin) and
/// level 8 at full strength.
const SKILL_OF_LEVEL: [u32; FULL_LEVEL as usize] = [0, 3, 6, 9, 12, 15, 18, 20];

/// `level`'s `Skill Level` (a level out of range counts as full strength:
/// requests are checked by [`EngineLimit::validate`] before they get here).
pub fn skill_level(level: u8) -> u32 {
    let index = usize::from(level.saturating_sub(MIN_LEVEL));
    SKILL_OF_LEVEL
        .get(index)
        .copied()
        .unwrap_or(search::Skill::MAX_LEVEL)
}

/// How long or deep the engine searches each move, and how well it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineLimit {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movetime_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// 1 to 8. A change of time or depth that leaves it out keeps the
    /// game's level (`Live::set_limit`), so it is optional here; a game's
    /// own limit always has one, so its state shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
}

impl Default for EngineLimit {
    fn default() -> Self {
        EngineLimit {
            movetime_ms: Some(1000),
            depth: None,
            level: Some(FULL_LEVEL),
        }
    }
}

impl EngineLimit {
    /// Checks the ranges; at least one limit must be set.
    pub fn validate(self) -> Result<EngineLimit, ApiError> {
        if self.movetime_ms.is_none() && self.depth.is_none() {
            return Err(ApiError::BadRequest(
                "engine limit needs movetime_ms or depth".into(),
            ));
        }
        if let Some(ms) = self.movetime_ms {
            if !(MIN_MOVETIME_MS..=MAX_MOVETIME_MS).contains(&ms) {
                return Err(ApiError::BadRequest(format!(
                    "movetime_ms must be between {MIN_MOVETIME_MS} and {MAX_MOVETIME_MS}"
                )));
            }
        }
        if let Some(depth) = self.depth {
            if !(1..=MAX_DEPTH).contains(&depth) {
                return Err(ApiError::BadRequest(format!(
                    "depth must be between 1 and {MAX_DEPTH}"
                )));
            }
        }
        if let Some(level) = self.level {
            if !(MIN_LEVEL..=FULL_LEVEL).contains(&level) {
                return Err(ApiError::BadRequest(format!(
                    "level must be between {MIN_LEVEL} and {FULL_LEVEL}"
                )));
            }
        }
        Ok(self)
    }

    /// The level to play at: full strength when none is given.
    pub fn level(self) -> u8 {
        self.level.unwrap_or(FULL_LEVEL)
    }

    /// This limit with `fallback`'s level when it names none, so a new
    /// time or depth does not quietly make the engine stronger.
    pub fn keeping_level(self, fallback: EngineLimit) -> EngineLimit {
        EngineLimit {
            level: self.level.or(fallback.level),
            ..self
        }
    }

    /// The search limits, with the side's clock when the game has one.
    pub fn to_limits(self, clock: Option<search::Clock>) -> search::Limits {
        let movetime = match (self.movetime_ms, self.depth) {
            (Some(ms), _) => Some(Duration::from_millis(ms)),
            (None, _) => Some(DEPTH_TIME_CAP),
        };
        search::Limits {
            depth: self.depth,
            nodes: None,
            movetime,
            clock,
            ..search::Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_checked() {
        let none = EngineLimit {
            movetime_ms: None,
            depth: None,
            level: None,
        };
        assert!(none.validate().is_err());
        let fast = EngineLimit {
            movetime_ms: Some(5),
            depth: None,
            level: None,
        };
        assert!(fast.validate().is_err());
        let deep = EngineLimit {
            movetime_ms: None,
            depth: Some(65),
            level: None,
        };
        assert!(deep.validate().is_err());
        let ok = EngineLimit {
            movetime_ms: None,
            depth: Some(3),
            level: None,
        };
        let limits = ok.validate().expect("valid").to_limits(None);
        assert_eq!(limits.depth, Some(3));
        assert_eq!(limits.movetime, Some(DEPTH_TIME_CAP));
        for level in [0, 9] {
            let out = EngineLimit {
                level: Some(level),
                ..EngineLimit::default()
            };
            assert!(out.validate().is_err(), "level {level}");
        }
    }

    #[test]
    fn levels_map_onto_skill_levels_and_survive_a_new_time() {
        let skills: Vec<u32> = (MIN_LEVEL..=FULL_LEVEL).map(skill_level).collect();
        assert_eq!(skills, vec![0, 3, 6, 9, 12, 15, 18, 20]);
        assert_eq!(
            search::Skill::level(skill_level(FULL_LEVEL), &search::StrengthScale::PROVISIONAL),
            None
        );
        let game = EngineLimit {
            level: Some(2),
            ..EngineLimit::default()
        };
        let depth = EngineLimit {
            movetime_ms: None,
            depth: Some(4),
            level: None,
        };
        assert_eq!(depth.keeping_level(game).level(), 2);
    }
}
