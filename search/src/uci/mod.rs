//! The generic UCI driver.
//!
//! An engine binary's `main` is one line:
//!
//! ```ignore
//! fn main() -> std::process::ExitCode {
//!     search::uci::main::<chess::Chess>()
//! }
//! ```
//!
//! Tests and tools drive [`run`] with in-memory input and output.

mod command;
mod driver;
mod error;
mod format;
mod options;
mod tools;

pub use command::{parse, Command, Go};
pub use driver::{main, run, run_with, UciConfig};
pub use error::UciError;
pub use format::{bestmove_line, final_info_line, info_line, NO_MOVE};
pub use options::{option_lines, set_option, MAX_HASH_MB, MAX_THREADS};
pub use tools::{bench, perft_divide, perft_per_depth, BenchSummary};
