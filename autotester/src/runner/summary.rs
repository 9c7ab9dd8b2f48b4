//! What a run did, for the final report.

use crate::report::EloReport;
use std::time::Duration;

/// What a run did.
#[derive(Debug)]
pub struct RunSummary {
    /// Games played now.
    pub played: usize,
    /// Games of this shard found in the PGN and not played again.
    pub resumed: usize,
    /// Games of this shard not played because the SPRT stopped the run.
    pub left: usize,
    pub sprt_decided: bool,
    pub elapsed: Duration,
    /// Over every finished game in the PGN.
    pub report: EloReport,
}

impl RunSummary {
    pub fn games_per_second(&self) -> f64 {
        self.played as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}
