//! `autotester tune`: SPSA over an engine's UCI options, as fishtest and
//! OpenBench tune Stockfish's.
//!
//! - `params`: the parameter file (TOML, or fishtest's and OpenBench's
//!   lines) parsed into checked [`Param`]s;
//! - `spsa`: the gain schedule, the random directions and the update,
//!   pure arithmetic;
//! - `args`: the command line, resolved into a [`Tuning`];
//! - `run`: the loop, each iteration a small match played by the
//!   autotester's runner and referee (`θ+` against `θ-`);
//! - `state`: the output folder, and the state saved after every
//!   iteration so that a rerun resumes;
//! - `report`, `plot`: the history (CSV), the final values and the SVG.

pub mod args;
pub mod params;
pub mod plot;
pub mod report;
pub mod run;
pub mod spsa;
pub mod state;

pub use args::{TuneArgs, Tuning};
pub use params::{Kind, Param, ParamError, ParamFile};
pub use run::{tune, TuneSummary};

use crate::runner::RunError;
use std::path::PathBuf;
use thiserror::Error;
use workbench::engine::EngineError;

#[derive(Debug, Error)]
pub enum TuneError {
    #[error(transparent)]
    Params(#[from] ParamError),
    #[error("{0}")]
    Usage(String),
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {problem} (--force-new starts the run again)")]
    BadFile { path: PathBuf, problem: String },
    #[error(
        "{path} holds a tuning run with other settings: {differences}. Rerun with \
         the same parameters and settings to continue it, or add --force-new to \
         start again (its history is deleted)"
    )]
    Mismatch { path: PathBuf, differences: String },
    #[error("the engine does not declare the option {name:?}; it declares {declared}")]
    UnknownOption { name: String, declared: String },
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("iteration {iteration}: {source}")]
    Iteration { iteration: u64, source: RunError },
}

/// `autotester tune`: resolves the command line, tunes, and says where
/// the results are.
pub fn command(args: TuneArgs) -> Result<(), TuneError> {
    let tuning = args.resolve()?;
    let summary = tune(&tuning)?;
    println!(
        "After {} iterations ({} games): {}",
        summary.iterations,
        summary.games,
        run::values_text(&tuning.params, &summary.theta)
    );
    println!(
        "Written to {}: {}, {}, {}, {}, {}",
        tuning.out.display(),
        state::FINAL_TOML,
        state::FINAL_UCI,
        state::HISTORY,
        state::PLOT,
        state::GAMES
    );
    Ok(())
}
