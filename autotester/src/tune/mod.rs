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
//! - `shards`: one iteration's game pairs spread over the jobs of a batch
//!   system (`--shard K/N`, then `--collect N`);
//! - `report`, `plot`: the history (CSV), the final values and the SVG.

pub mod args;
pub mod params;
pub mod plot;
pub mod report;
pub mod run;
pub mod shards;
pub mod spsa;
pub mod state;

pub use args::{Mode, TuneArgs, Tuning};
pub use params::{Kind, Param, ParamError, ParamFile};
pub use run::{tune, TuneSummary};

use crate::merge::MergeError;
use crate::runner::output::print_line;
use crate::runner::RunError;
use shards::StepOutcome;
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
    #[error("iteration {iteration}: cannot collect the shards: {problem}")]
    Shards { iteration: u64, problem: String },
    #[error(transparent)]
    Merge(#[from] MergeError),
}

/// `autotester tune`: resolves the command line, then tunes, plays a shard
/// or collects the shards, and says what it did.
pub fn command(args: TuneArgs) -> Result<(), TuneError> {
    let tuning = args.resolve()?;
    match tuning.mode {
        Mode::Whole => whole(&tuning),
        Mode::Shard(shard) => {
            let outcome = shards::play_shard(&tuning, shard)?;
            print_line(&outcome_text(&tuning, &outcome));
            Ok(())
        }
        Mode::Collect(count) => {
            let outcome = shards::collect(&tuning, count)?;
            print_line(&outcome_text(&tuning, &outcome));
            Ok(())
        }
    }
}

fn whole(tuning: &Tuning) -> Result<(), TuneError> {
    let summary = tune(tuning)?;
    print_line(&format!(
        "After {} iterations ({} games): {}",
        summary.iterations,
        summary.games,
        run::values_text(&tuning.params, &summary.theta)
    ));
    print_line(&format!(
        "Written to {}: {}, {}, {}, {}, {}",
        tuning.out.display(),
        state::FINAL_TOML,
        state::FINAL_UCI,
        state::HISTORY,
        state::PLOT,
        state::GAMES
    ));
    Ok(())
}

/// One line on a shard played or an iteration collected.
fn outcome_text(t: &Tuning, outcome: &StepOutcome) -> String {
    match outcome {
        StepOutcome::AllDone { iterations } => {
            format!("All {iterations} iterations are done: nothing to play")
        }
        StepOutcome::Played {
            iteration,
            shard,
            wdl,
        } => format!(
            "iteration {iteration}/{}, shard {shard}: plus +{}-{}={}",
            t.iterations, wdl.wins, wdl.losses, wdl.draws
        ),
        StepOutcome::Collected {
            iteration,
            wdl,
            theta,
        } => format!(
            "iteration {iteration}/{}: plus +{}-{}={}; {}",
            t.iterations,
            wdl.wins,
            wdl.losses,
            wdl.draws,
            run::values_text(&t.params, theta)
        ),
    }
}
