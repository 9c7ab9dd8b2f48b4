//! The output PGN: moved aside on `--force-new`, then opened for
//! appending, so that each finished game is added after the resumed ones.

use super::RunError;
use crate::plan::{MatchPlan, Verbosity};
use std::fs::File;
use std::path::PathBuf;

/// `--force-new`: an existing PGN becomes `<pgn>.old`.
pub fn move_aside(plan: &MatchPlan) -> Result<(), RunError> {
    let path = &plan.pgn_out;
    if !path.exists() {
        return Ok(());
    }
    let mut old = path.clone().into_os_string();
    old.push(".old");
    let old = PathBuf::from(old);
    std::fs::rename(path, &old).map_err(|source| RunError::MoveAside {
        path: path.clone(),
        source,
    })?;
    if plan.verbosity != Verbosity::Silent {
        super::output::print_line(&format!(
            "Moved the games of {} to {}",
            path.display(),
            old.display()
        ));
    }
    Ok(())
}

/// The error of a failed write to the PGN.
pub fn write_error(plan: &MatchPlan, source: std::io::Error) -> RunError {
    RunError::Write {
        path: plan.pgn_out.clone(),
        source,
    }
}

/// The PGN, opened for appending.
pub fn open(plan: &MatchPlan) -> Result<File, RunError> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&plan.pgn_out)
        .map_err(|e| write_error(plan, e))
}
