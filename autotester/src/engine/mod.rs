//! Engine processes: starting them (each in a process group of its own),
//! reading their output with bounds, the UCI handshake, asking for moves
//! with deadlines, killing and restarting them.

pub mod command_line;
pub mod error;
pub mod group;
pub mod output;
pub mod process;
pub mod protocol;
pub mod uci;

pub use error::EngineError;
pub use output::Flood;
pub use uci::{EngineMove, EngineSpec, MoveFailure, Timeouts, UciEngine};
