//! The live progress bar (on a terminal) and one line per finished game.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Progress {
    bar: ProgressBar,
    quiet: bool,
}

impl Progress {
    /// A bar for `to_play` games; hidden when stderr is not a terminal.
    pub fn new(to_play: u64, quiet: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(to_play), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{bar:30.cyan/blue} {pos}/{len} games [{elapsed_precise}<{eta_precise}] {wide_msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Progress { bar, quiet }
    }

    /// A game finished: its line (unless quiet) and the standings.
    pub fn game_finished(&self, line: &str, standings: &str) {
        if !self.quiet {
            // Printed above the bar, or plainly when there is no bar.
            self.bar.suspend(|| println!("{line}"));
        }
        self.bar.set_message(standings.to_string());
        self.bar.inc(1);
    }

    pub fn note(&self, line: &str) {
        self.bar.suspend(|| eprintln!("{line}"));
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
