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
//! An engine binary that plays several rule sets of one game names them
//! for the `UCI_Variant` option, the first the default:
//!
//! ```ignore
//! fn main() -> std::process::ExitCode {
//!     use search::uci::Variant;
//!     search::uci::main_variants(&[
//!         Variant::of::<leiserchess::Leiserchess>("2018"),
//!         Variant::of::<leiserchess::Leiserchess2016>("2016"),
//!     ])
//! }
//! ```
//!
//! Tests and tools drive [`run`] (or [`run_variants`]) with in-memory
//! input and output.

mod command;
mod driver;
mod error;
mod format;
mod link;
mod options;
mod tools;
mod variant;
mod waiting;

pub use command::{parse, Command, Go, PerftRequest};
pub use driver::UciConfig;
pub use error::UciError;
pub use format::{bestmove_line, final_info_line, info_line, NO_MOVE};
pub use options::{option_lines, set_option, DEV_OPTIONS_ENV, MAX_HASH_MB, MAX_THREADS};
pub use tools::{bench, perft_divide, perft_per_depth, BenchSummary};
pub use variant::{main, main_variants, run, run_variants, run_with, Variant, VARIANT_OPTION};
