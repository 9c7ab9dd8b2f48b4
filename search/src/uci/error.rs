//! What can be wrong with a line of input. Each error is reported as
//! `info string error: <message>` and changes nothing.

use crate::tt::TtError;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    #[error("unexpected '{0}'")]
    UnknownToken(String),
    #[error("missing value for '{0}'")]
    MissingValue(String),
    #[error("bad value '{value}' for '{field}'")]
    BadValue { field: String, value: String },
    #[error("bad FEN '{fen}': {reason}")]
    BadFen { fen: String, reason: String },
    #[error("illegal move '{mv}': {reason}")]
    IllegalMove { mv: String, reason: String },
    #[error("unknown option '{0}'")]
    UnknownOption(String),
    #[error("option '{name}': {reason}")]
    OptionValue { name: String, reason: String },
    #[error("{0}")]
    Hash(#[from] TtError),
    #[error("bench position '{fen}': {reason}")]
    BenchPosition { fen: String, reason: String },
    #[error("input line longer than {0} bytes ignored")]
    LineTooLong(usize),
    /// So many lines (of so many bytes) already wait for the running job.
    #[error("{0} lines ({1} bytes) already wait for the running job: line ignored")]
    QueueFull(usize, usize),
    #[error("internal error while handling '{0}'")]
    Internal(String),
}
