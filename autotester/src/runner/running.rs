//! What a run says as it goes, from the records of the finished games:
//! the score line after each game, the SPRT's state (stopping the run once
//! it decides), the report every `-ratinginterval` games and the standings
//! for the live viewer.

use super::output;
use super::progress::Progress;
use super::recorder::Recorder;
use super::standings;
use crate::report::{elo_report_for, one_estimate, EloReport, Estimate};
use crate::stats::{EloEstimate, SprtDecision};
use std::sync::atomic::{AtomicBool, Ordering};

impl Recorder<'_> {
    /// The running score line (two players) with the ETA.
    pub(super) fn score_line(&self, sprt: Option<&str>) -> Option<String> {
        let [a, b] = &self.names[..] else {
            return None;
        };
        let wdl = self.standings.wdl(a)?;
        let eta = output::eta(self.start.elapsed(), self.played, self.to_play);
        Some(output::score_line(
            self.plan.output.format,
            (a, b),
            &wdl,
            self.estimate().map(|e| e.elo),
            sprt,
            (self.resumed + self.played, self.resumed + self.to_play),
            eta,
        ))
    }

    /// The first player's Elo against the second (two players), the
    /// estimate the report's headline takes, so that the score line and
    /// `/live` show the same figures as the final report (issue 40 item 4).
    fn estimate(&self) -> Option<Estimate> {
        let [a, b] = &self.names[..] else {
            return None;
        };
        let wdl = self.standings.wdl(a)?;
        let penta = standings::pentanomial(&self.games, a, b);
        one_estimate(&wdl, &penta, self.plan.output.penta)
    }

    /// Every `-ratinginterval` games: the results so far.
    pub(super) fn interval_report(&self, progress: &Progress) {
        let interval = self.plan.output.rating_interval as usize;
        if (self.resumed + self.played).checked_rem(interval) != Some(0) {
            return;
        }
        let report = self.report();
        let block = output::results_block(self.plan.output.format, &report, self.plan.output.penta);
        progress.line(block.trim_end());
    }

    /// The report over every finished game, stated for the first player.
    pub(super) fn report(&self) -> EloReport {
        let mut report = elo_report_for(
            &self.games,
            &self.plan.rating,
            self.plan.sprt,
            self.names.first().map(String::as_str),
        );
        if let Some(h) = report.head_to_head.as_mut() {
            h.penta_headline = self.plan.output.penta;
        }
        report
    }

    /// The standings for `-live`: each player's wins, draws and losses,
    /// and its Elo with the 95% margin once it can be estimated.
    pub(super) fn post_standings(&self) {
        let Some(live) = self.live else { return };
        // Two players: the report's estimate, from each one's side.
        let head_to_head = self.estimate().map(|e| e.elo);
        let players = self
            .names
            .iter()
            .enumerate()
            .filter_map(|(i, name)| {
                let w = self.standings.wdl(name)?;
                let elo = match head_to_head {
                    Some(e) if i == 0 => Some(e),
                    Some(e) => Some(EloEstimate {
                        elo: -e.elo,
                        error: e.error,
                        lower: -e.upper,
                        upper: -e.lower,
                    }),
                    None => w.elo(),
                };
                let elo = elo
                    .filter(EloEstimate::is_measured)
                    .map(|e| serde_json::json!({"elo": e.elo, "error": e.error}));
                Some(serde_json::json!({
                    "name": name, "wins": w.wins, "draws": w.draws, "losses": w.losses, "elo": elo,
                }))
            })
            .collect();
        live.standings(players);
    }

    /// The SPRT's state (`LLR x (lower, upper)`) in a two-player match
    /// with an SPRT; stops the run (letting games in progress finish)
    /// once it decides.
    pub(super) fn sprt_state(&mut self, stop: &AtomicBool, progress: &Progress) -> Option<String> {
        let (Some(sprt), [a, b]) = (&self.plan.sprt, &self.names[..]) else {
            return None;
        };
        let status = sprt.status(&standings::pentanomial(&self.games, a, b));
        if !self.sprt_decided && status.decision != SprtDecision::Continue {
            self.sprt_decided = true;
            stop.store(true, Ordering::Relaxed);
            progress.note("SPRT decided: finishing the games in progress");
        }
        Some(standings::sprt_text(&status))
    }
}
