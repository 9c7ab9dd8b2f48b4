//! Engine errors that stop a run: an engine that cannot be started or does
//! not complete the UCI handshake. Each names the engine.

use std::time::Duration;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum EngineError {
    #[error("engine {name:?}: bad command line: {source}")]
    CommandLine {
        name: String,
        source: super::command_line::CommandLineError,
    },
    #[error("engine {name:?}: cannot start {program:?}: {source}")]
    Spawn {
        name: String,
        program: String,
        source: std::io::Error,
    },
    #[error("engine {name:?} did not answer `{sent}` with `{expected}` within {timeout:.1?}")]
    NoAnswer {
        name: String,
        sent: &'static str,
        expected: &'static str,
        timeout: Duration,
    },
    #[error("engine {name:?} exited during `{sent}` (it crashed or does not speak UCI)")]
    Exited { name: String, sent: &'static str },
    #[error("engine {name:?} flooded its output during `{sent}` ({flood}) and was killed")]
    Flood {
        name: String,
        sent: &'static str,
        flood: super::process::Flood,
    },
}
