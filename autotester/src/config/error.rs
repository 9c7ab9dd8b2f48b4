//! Configuration errors: each names the line (or player) and the problem.

use std::path::PathBuf;
use thiserror::Error;

#[derive(Debug, Error, PartialEq)]
pub enum ConfigError {
    #[error("line {line}: expected `key = value`, found {text:?}")]
    Syntax { line: usize, text: String },
    #[error("line {line}: `{key}` needs {expected}, found {value:?}")]
    BadValue {
        line: usize,
        key: String,
        value: String,
        expected: &'static str,
    },
    #[error("line {line}: player {name:?} is defined twice")]
    DuplicatePlayer { line: usize, name: String },
    #[error("line {line}: `{key}` must come after a `player = <name>` line")]
    OutsidePlayer { line: usize, key: String },
    #[error("line {line}: player {name:?} already has a time control (`fis` and `tc` exclude each other)")]
    TwoTimeControls { line: usize, name: String },
    #[error("player {name:?} has no `invoke` line")]
    MissingInvoke { name: String },
    #[error("player {name:?} has no limit: give `fis`, `tc`, `st`, `depth` or `nodes`")]
    NoLimit { name: String },
    #[error(
        "player {name:?} has both a clock (`fis` or `tc`) and a time per move (`st`): give one"
    )]
    ClockAndMoveTime { name: String },
    #[error("a match needs at least two players, found {found}")]
    TooFewPlayers { found: usize },
    #[error("every player is in family {family:?}, so no games can be paired")]
    OneFamily { family: String },
    #[error("{0}")]
    Toml(String),
}

/// A configuration file that could not be used, with its path.
#[derive(Debug, Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Config { path: PathBuf, source: ConfigError },
}
