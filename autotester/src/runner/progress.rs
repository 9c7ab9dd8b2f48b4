//! The live progress bar (on a terminal) and one line per finished step:
//! a game of a match, an iteration of a tuning run.

use super::output::{print_error, print_line};
use crate::plan::Verbosity;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Progress {
    bar: ProgressBar,
    verbosity: Verbosity,
}

impl Progress {
    /// A bar for `to_play` games; hidden when stderr is not a terminal
    /// and when the run is silent.
    pub fn new(to_play: u64, verbosity: Verbosity) -> Progress {
        Progress::counting(0, to_play, "games", verbosity)
    }

    /// A bar at `done` of `total` steps called `unit`.
    pub fn counting(done: u64, total: u64, unit: &str, verbosity: Verbosity) -> Progress {
        let target = match verbosity {
            Verbosity::Silent => ProgressDrawTarget::hidden(),
            Verbosity::Normal | Verbosity::Quiet => ProgressDrawTarget::stderr(),
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        let template = format!(
            "{{bar:30.cyan/blue}} {{pos}}/{{len}} {unit} [{{elapsed_precise}}<{{eta_precise}}] {{wide_msg}}"
        );
        let style = ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_position(done);
        // The estimate is of this run's pace, not of the steps resumed.
        bar.reset_eta();
        Progress { bar, verbosity }
    }

    /// A step finished: its line (unless quiet) and the standings.
    pub fn finished(&self, line: &str, standings: &str) {
        if self.verbosity == Verbosity::Normal {
            // Printed above the bar, or plainly when there is no bar.
            self.bar.suspend(|| print_line(line));
        }
        self.bar.set_message(standings.to_string());
        self.bar.inc(1);
    }

    /// A line on stdout (above the bar), unless the run is silent.
    pub fn line(&self, line: &str) {
        if self.verbosity != Verbosity::Silent {
            self.bar.suspend(|| print_line(line));
        }
    }

    pub fn note(&self, line: &str) {
        if self.verbosity != Verbosity::Silent {
            self.bar.suspend(|| print_error(line));
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
