//! The engine strength a person picks: time per move or a fixed depth.

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

/// How long or deep the engine searches each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineLimit {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movetime_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
}

impl Default for EngineLimit {
    fn default() -> Self {
        EngineLimit {
            movetime_ms: Some(1000),
            depth: None,
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
        Ok(self)
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
        };
        assert!(none.validate().is_err());
        let fast = EngineLimit {
            movetime_ms: Some(5),
            depth: None,
        };
        assert!(fast.validate().is_err());
        let deep = EngineLimit {
            movetime_ms: None,
            depth: Some(65),
        };
        assert!(deep.validate().is_err());
        let ok = EngineLimit {
            movetime_ms: None,
            depth: Some(3),
        };
        let limits = ok.validate().expect("valid").to_limits(None);
        assert_eq!(limits.depth, Some(3));
        assert_eq!(limits.movetime, Some(DEPTH_TIME_CAP));
    }
}
