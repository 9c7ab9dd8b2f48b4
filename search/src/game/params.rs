//! Tunable evaluation weights and switches, settable over UCI as spin and
//! check options.

use std::fmt::Debug;
use std::hash::{DefaultHasher, Hash, Hasher};

/// An option a game exposes over UCI (evaluation weights and the like):
/// a spin option, or a check option for a switch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinOption {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    /// A switch: declared as a check option, whose `true` and `false` set
    /// 1 and 0 (`min` and `max` are then 0 and 1).
    pub check: bool,
}

/// The game's tunable evaluation parameters, settable over UCI.
pub trait EvalParams: Default + Clone + Debug + Hash + Send + Sync + 'static {
    /// Every option with its default, minimum and maximum.
    fn options() -> Vec<SpinOption>;
    /// Sets one option by its (case-insensitive) name; the value is within
    /// the option's bounds when the driver calls this.
    fn set(&mut self, name: &str, value: i32) -> Result<(), UnknownOption>;

    /// A fingerprint of every weight, for caches of evaluations: it comes
    /// from the weights' `Hash`, so a new weight is covered without a
    /// list to keep up to date. Deterministic across runs.
    fn key(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.hash(&mut hasher);
        hasher.finish()
    }
}

/// No parameters, for games without tunable evaluation.
#[derive(Clone, Copy, Debug, Default, Hash)]
pub struct NoParams;

impl EvalParams for NoParams {
    fn options() -> Vec<SpinOption> {
        Vec::new()
    }
    fn set(&mut self, name: &str, _value: i32) -> Result<(), UnknownOption> {
        Err(UnknownOption(name.to_string()))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown option '{0}'")]
pub struct UnknownOption(pub String);
