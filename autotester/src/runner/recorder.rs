//! The main thread's side of a run: writes each finished game to the PGN
//! at once (append and flush, so nothing finished is lost), keeps its
//! record for the standings, the SPRT and the reports, prints its line and
//! remembers the first error.

use super::output;
use super::pgn_file::write_error;
use super::progress::Progress;
use super::standings::Standings;
use super::todo::Done;
use super::worker::Finished;
use super::{RunError, RunSummary};
use crate::live::LiveFeed;
use crate::plan::{MatchPlan, Verbosity};
use crate::report::GameRecord;
use crate::schedule::Job;
use std::collections::HashMap;
use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use workbench::engine::{LogLevel, LogSink};
use workbench::pgn::{write_game, PgnGame, Termination};

pub struct Recorder<'a> {
    pub(super) plan: &'a MatchPlan,
    /// The players' names, in the plan's order.
    pub(super) names: Vec<String>,
    file: File,
    /// Every finished game: the PGN's and this run's.
    pub(super) games: Vec<GameRecord>,
    pub(super) standings: Standings,
    pub(super) resumed: usize,
    pub(super) played: usize,
    pub(super) sprt_decided: bool,
    first_error: Option<RunError>,
    /// Games this run plays, games it started, and since when.
    pub(super) to_play: usize,
    started: usize,
    pub(super) start: Instant,
    /// Each game in play and its number in the `Started game` line, so
    /// that its `Finished game` line has the same one.
    numbers: HashMap<Job, usize>,
    /// `-live`: the standings go to the viewer after every game.
    pub(super) live: Option<&'a LiveFeed>,
    /// `-log`: each game's end, and what went wrong.
    pub(super) log: Option<LogSink>,
}

impl<'a> Recorder<'a> {
    /// A recorder that appends to `file`, starting from the games `done`
    /// already in it (and the SPRT decision they reached), with `to_play`
    /// games to play.
    pub fn new(
        plan: &'a MatchPlan,
        file: File,
        done: Done,
        to_play: usize,
        live: Option<&'a LiveFeed>,
    ) -> Self {
        let names: Vec<String> = plan.players.iter().map(|p| p.name.clone()).collect();
        let mut standings = Standings::new(&names);
        for g in &done.records {
            standings.add(g);
        }
        Recorder {
            plan,
            names,
            file,
            games: done.records,
            standings,
            resumed: done.resumed,
            played: 0,
            sprt_decided: done.sprt_decided,
            first_error: None,
            to_play,
            started: 0,
            start: Instant::now(),
            numbers: HashMap::new(),
            live,
            log: None,
        }
    }

    /// A game started: cutechess and fastchess say so.
    pub fn started(&mut self, job: Job, progress: &Progress) {
        self.started += 1;
        self.numbers.insert(job, self.resumed + self.started);
        if self.plan.verbosity != Verbosity::Normal {
            return;
        }
        let name = |i: usize| self.plan.players[i].name.as_str();
        if let Some(line) = output::started_line(
            self.plan.output.format,
            self.resumed + self.started,
            self.resumed + self.to_play,
            name(job.white),
            name(job.black),
        ) {
            progress.line(&line);
        }
    }

    /// Appends `game` to the PGN; a game that cannot be saved stops the
    /// run, as games that cannot be saved are not worth playing.
    fn write(&mut self, game: &PgnGame, stop: &AtomicBool) {
        let text = write_game(game);
        let written = self
            .file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush());
        if let Err(e) = written {
            stop.store(true, Ordering::Relaxed);
            self.failed(write_error(self.plan, e));
        }
    }

    /// Records a finished game: appends its PGN to the file, counts its
    /// record, and prints its line with the standings.
    pub fn finished(&mut self, finished: Finished, stop: &AtomicBool, progress: &Progress) {
        let Finished { job, record, game } = finished;
        self.write(&game, stop);
        self.played += 1;
        let number = self
            .numbers
            .remove(&job)
            .unwrap_or(self.resumed + self.played);
        let mut line = output::finished_line(self.plan.output.format, number, &record);
        self.log_game(number, &record);
        self.standings.add(&record);
        self.games.push(record);
        let sprt = self.sprt_state(stop, progress);
        if let Some(score) = self.score_line(sprt.as_deref()) {
            line = format!("{line}\n{score}");
        }
        let status = match &sprt {
            Some(sprt) => format!("{}, {sprt}", self.standings.line()),
            None => self.standings.line(),
        };
        progress.finished(&line, &status);
        self.post_standings();
        self.interval_report(progress);
    }

    /// A game's end in the log: a warning when an engine lost it by
    /// failing (time, an illegal move, a crash).
    fn log_game(&self, number: usize, record: &GameRecord) {
        let Some(log) = &self.log else { return };
        let failed = matches!(
            record.termination,
            Some(Termination::TimeForfeit | Termination::RulesInfraction | Termination::Abandoned)
        );
        let level = if failed {
            LogLevel::Warn
        } else {
            LogLevel::Info
        };
        let reason = record.reason.as_deref().unwrap_or("");
        let text = format!(
            "game {number}: {} vs {}: {} {reason}",
            record.white,
            record.black,
            record.result.as_str()
        );
        log.0.note(level, text.trim_end());
    }

    /// Keeps the first error: later ones are usually its consequences.
    pub fn failed(&mut self, e: RunError) {
        if let Some(log) = &self.log {
            log.0.note(LogLevel::Err, &e.to_string());
        }
        self.first_error.get_or_insert(e);
    }

    /// The run's result: its first error, or what it did since `start`.
    pub fn summary(self, start: Instant) -> Result<RunSummary, RunError> {
        if let Some(e) = self.first_error {
            return Err(e);
        }
        Ok(RunSummary {
            played: self.played,
            resumed: self.resumed,
            left: self.to_play - self.played,
            sprt_decided: self.sprt_decided,
            elapsed: start.elapsed(),
            report: self.report(),
        })
    }
}
