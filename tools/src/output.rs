//! The tuned weights as the Rust source the engine compiles in
//! (`games/chess/src/eval/tuned.rs`): one `s(mg, eg)` per weight of the
//! layout, each named in a comment.

use std::fmt::Write as _;

use chess::eval::weights::name;
use chess::eval::Weights;

/// What the header of the file records about the run.
#[derive(Clone, Debug, Default)]
pub struct RunSummary {
    pub command: String,
    pub positions: usize,
    pub k: f64,
    pub mse_before: f64,
    pub mse_after: f64,
    /// Positions held out of the fit, and their error before and after.
    pub holdout: usize,
    pub holdout_before: f64,
    pub holdout_after: f64,
    pub epochs: usize,
}

/// The whole `tuned.rs`.
pub fn rust_source(weights: &Weights, run: &RunSummary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! The weights `texel tune` fitted (see `tools/README.md`); the engine\n\
         //! evaluates with them unless `setoption name TunedEval value 0`. Generated: do not\n\
         //! edit by hand, rerun the tuner.\n\
         //!\n\
         //! Command: `{}`\n\
         //! Positions fitted: {}, K = {:.4}, epochs: {}, mean squared error {:.6} at the start -> {:.6}.\n\
         //! Positions held out: {}, mean squared error {:.6} at the start -> {:.6}.\n",
        run.command,
        run.positions,
        run.k,
        run.epochs,
        run.mse_before,
        run.mse_after,
        run.holdout,
        run.holdout_before,
        run.holdout_after
    );
    let _ = writeln!(out, "use super::weights::layout;");
    let _ = writeln!(out, "use super::{{s, S}};\n");
    let _ = writeln!(out, "#[rustfmt::skip]");
    let _ = writeln!(out, "pub const TUNED_RAW: [S; layout::COUNT] = [");
    for (i, w) in weights.raw().iter().enumerate() {
        let _ = writeln!(out, "    s({}, {}), // {}", w.mg, w.eg, name(i));
    }
    let _ = writeln!(out, "];");
    out
}
