//! Engine processes: starting them, the UCI handshake, asking for moves
//! with deadlines, killing and restarting them.

pub mod command_line;
pub mod error;
pub mod process;
pub mod protocol;
pub mod uci;

pub use error::EngineError;
pub use uci::{EngineMove, EngineSpec, MoveFailure, Timeouts, UciEngine};
