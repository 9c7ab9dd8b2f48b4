//! The UCI engine client: starting engines (each in a process group of
//! its own), reading their output with bounds, the UCI handshake, asking
//! for moves with deadlines in the game's `go` dialect, killing and
//! restarting them, and telling which game an engine plays
//! (`identify`). The autotester's referee and the web GUI's external
//! engine both use it.

pub mod command_line;
pub mod error;
pub mod go;
pub mod group;
pub mod identify;
pub mod log;
pub mod output;
pub mod process;
pub mod protocol;
pub mod uci;

pub use error::EngineError;
pub use go::{go_command, position_command, GoLimits};
pub use log::{EngineLog, LogLevel, LogSink};
pub use output::Flood;
pub use protocol::{InfoStats, OptionDecl};
pub use uci::{EngineMove, EngineSpec, GoWatch, MoveFailure, Timeouts, UciEngine};
