//! Tunable evaluation weights and switches, settable over UCI as spin and
//! check options, and the game's text settings (a network file to load),
//! settable as string options.

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

/// A text setting a game exposes over UCI, declared as a string option
/// (`option name EvalFile type string default <empty>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StringOption {
    pub name: &'static str,
    /// The value before any `setoption`; empty for none.
    pub default: &'static str,
}

/// The game's tunable evaluation parameters, settable over UCI.
pub trait EvalParams: Default + Clone + Debug + Hash + Send + Sync + 'static {
    /// Every option with its default, minimum and maximum.
    fn options() -> Vec<SpinOption>;
    /// Sets one option by its (case-insensitive) name; the value is within
    /// the option's bounds when the driver calls this.
    fn set(&mut self, name: &str, value: i32) -> Result<(), UnknownOption>;

    /// The string options, after the spin and check ones: none unless the
    /// game has text settings.
    fn string_options() -> Vec<StringOption> {
        Vec::new()
    }

    /// Sets the string option `name` (case-insensitive) to `value` (empty
    /// for none). On an error the driver keeps the parameters as they
    /// were, so an implementation may leave `self` half changed.
    fn set_string(&mut self, name: &str, _value: &str) -> Result<(), SetOptionError> {
        Err(UnknownOption(name.to_string()).into())
    }

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

/// Why a string option was not set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetOptionError {
    #[error(transparent)]
    Unknown(#[from] UnknownOption),
    /// The game refused the value, saying why (a file that cannot be
    /// read, say).
    #[error("{0}")]
    Refused(String),
}
