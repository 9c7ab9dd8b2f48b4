//! Running a match: the schedule minus what the PGN already holds and
//! what other shards play, N worker threads, and the main thread writing
//! each finished game at once (append and flush, so nothing finished is
//! lost), updating the progress bar and stopping on a decided SPRT.

pub mod output;
pub mod progress;
pub mod record;
pub mod resume;
pub mod standings;
mod worker;

pub use worker::spec as engine_spec;

use crate::config::GameKind;
use crate::fingerprint::{Fingerprint, FingerprintError, TAG};
use crate::live::LiveFeed;
use crate::openings::{load_book, BookError, OpeningSource};
use crate::plan::{MatchPlan, OpeningsSpec, Verbosity};
use crate::referee::RefereeError;
use crate::report::{elo_report_for, EloReport};
use crate::schedule::{jobs, pairings, Job};
use crate::stats::{EloEstimate, SprtDecision};
use progress::Progress;
use record::Context;
use search::Frontend;
use standings::Standings;
use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use thiserror::Error;
use workbench::engine::EngineError;
use workbench::pgn::{write_game, PgnFileError, PgnGame};
use worker::{Event, Shared};

#[derive(Debug, Error)]
pub enum RunError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Book(#[from] BookError),
    #[error("cannot resume from the existing PGN: {0}")]
    Resume(#[from] PgnFileError),
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("round {round}: {source}")]
    Referee { round: u32, source: RefereeError },
    #[error("player {name:?} has no limit: give a time control, depth or nodes")]
    NoLimit { name: String },
    #[error(transparent)]
    Fingerprint(#[from] FingerprintError),
    #[error(
        "{path} holds {count} game(s) of other settings: {differences}. They are not resumed: \
         write to another file (-pgnout FILE, or --pgn FILE), or give --force-new to move them \
         to {path}.old and start again"
    )]
    Foreign {
        path: String,
        count: usize,
        differences: String,
    },
    #[error("cannot move {path} aside: {source}")]
    MoveAside {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("no two players can meet (each needs an opponent of another family)")]
    NoPairings,
    #[error(
        "engine {engine:?} made an illegal first move ({mv}) in round {round}: it plays another game than {game}; \
         check -game (or the config's `game`) and the engine's options; the game is not recorded"
    )]
    WrongGame {
        engine: String,
        mv: String,
        round: u32,
        game: GameKind,
    },
}

impl RunError {
    /// Whether running the same command again may go on from the games
    /// kept in the PGN: true for failures that can pass (an engine that
    /// crashed, a file that could not be written), false for settings that
    /// a rerun would refuse in the same way.
    pub fn rerun_may_resume(&self) -> bool {
        matches!(
            self,
            RunError::Engine(_) | RunError::Referee { .. } | RunError::Write { .. }
        )
    }
}

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

/// Runs the plan with the game it names.
pub fn run(plan: &MatchPlan) -> Result<RunSummary, RunError> {
    match plan.game {
        GameKind::Chess => run_game::<chess::Chess>(plan),
        GameKind::Leiserchess => run_game::<leiserchess::Leiserchess>(plan),
        GameKind::Leiserchess2016 => run_game::<leiserchess::Leiserchess2016>(plan),
    }
}

fn check(plan: &MatchPlan) -> Result<(), RunError> {
    if let Some(p) = plan
        .players
        .iter()
        .find(|p| p.time_control.is_none() && p.depth.is_none() && p.nodes.is_none())
    {
        return Err(RunError::NoLimit {
            name: p.name.clone(),
        });
    }
    if pairings(&plan.players, plan.tournament).is_empty() {
        return Err(RunError::NoPairings);
    }
    Ok(())
}

/// Runs the plan with `G`'s rules: works out what is left to play, plays
/// it on up to `plan.concurrency` worker threads, and reports on every
/// finished game in the PGN.
pub fn run_game<G: workbench::view::GuiGame>(plan: &MatchPlan) -> Result<RunSummary, RunError> {
    let start = Instant::now();
    check(plan)?;
    let openings = opening_source::<G>(plan)?;
    let names: Vec<String> = plan.players.iter().map(|p| p.name.clone()).collect();
    let fingerprint = Fingerprint::of(plan)?;
    if plan.force_new {
        move_aside(plan)?;
    }
    let schedule = Schedule::new(plan, &names, &fingerprint)?;
    schedule.announce(plan);
    let file = open_pgn(plan)?;

    let Schedule {
        games,
        todo,
        resumed,
        decided_before,
        ..
    } = schedule;
    let to_play = todo.len();
    let live = plan
        .live
        .clone()
        .map(|url| LiveFeed::new(url, &plan.event, plan.game));
    let mut recorder = Recorder::new(plan, names, file, games, resumed, decided_before);
    recorder.to_play = to_play;
    recorder.live = live.as_ref();
    // The viewer lists the players (and any resumed results) at once.
    recorder.post_standings();
    let context = Context {
        event: plan.event.clone(),
        site: record::site(),
        date: workbench::pgn::today(),
        fingerprint: fingerprint.to_string(),
    };
    let shared = Shared {
        queue: Mutex::new(todo),
        stop: AtomicBool::new(false),
        plan,
        openings: &openings,
        context: &context,
        live: live.as_ref(),
    };
    let progress = Progress::new(to_play as u64, plan.verbosity);
    play_games::<G>(&shared, to_play, &mut recorder, &progress);
    progress.finish();
    recorder.summary(start, to_play)
}

/// Where the games start: a book (loaded and checked with `G`'s rules),
/// random plies, or the start position.
fn opening_source<G: workbench::view::GuiGame>(
    plan: &MatchPlan,
) -> Result<OpeningSource, RunError> {
    Ok(match &plan.openings {
        OpeningsSpec::Book { path, sequential } => {
            OpeningSource::book(load_book::<G>(path)?, plan.seed, *sequential)
        }
        OpeningsSpec::Random { plies } => OpeningSource::Random {
            plies: *plies,
            seed: plan.seed,
        },
        OpeningsSpec::Start => OpeningSource::Start,
    })
}

/// What this run plays: this shard's share of the schedule minus the games
/// the PGN already holds.
struct Schedule {
    /// Every finished game already in the PGN (all shards).
    games: Vec<PgnGame>,
    /// The games left to play, in schedule order.
    todo: VecDeque<Job>,
    /// This shard's games in all, played or not.
    shard_total: usize,
    /// This shard's games found in the PGN.
    resumed: usize,
    /// Whether the games in the PGN already decide the SPRT.
    decided_before: bool,
}

/// `--force-new`: an existing PGN becomes `<pgn>.old`.
fn move_aside(plan: &MatchPlan) -> Result<(), RunError> {
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
        println!("Moved the games of {} to {}", path.display(), old.display());
    }
    Ok(())
}

/// Refuses a PGN that holds games of other settings: they are never
/// resumed, nor mixed with this run's.
fn check_foreign(
    plan: &MatchPlan,
    games: &[PgnGame],
    fingerprint: &Fingerprint,
) -> Result<(), RunError> {
    let current = fingerprint.to_string();
    let foreign: Vec<&PgnGame> = games
        .iter()
        .filter(|g| g.tag(TAG) != Some(current.as_str()))
        .collect();
    let Some(first) = foreign.first() else {
        return Ok(());
    };
    let differences = match first.tag(TAG).map(str::parse::<Fingerprint>) {
        Some(Ok(old)) => {
            let found = fingerprint.differences(&old);
            if found.is_empty() {
                "the settings".to_string()
            } else {
                found.join(", ")
            }
        }
        _ => "they carry no fingerprint (another tool's games, or an older autotester's)".into(),
    };
    Err(RunError::Foreign {
        path: plan.pgn_out.display().to_string(),
        count: foreign.len(),
        differences,
    })
}

impl Schedule {
    fn new(
        plan: &MatchPlan,
        names: &[String],
        fingerprint: &Fingerprint,
    ) -> Result<Schedule, RunError> {
        let existing = resume::existing(&plan.pgn_out)?;
        check_foreign(plan, &existing.games, fingerprint)?;
        if existing.cut > 0 {
            eprintln!(
                "{}: cut off an unfinished last game ({} bytes); it is played again",
                plan.pgn_out.display(),
                existing.cut
            );
        }
        let (games, done) = (existing.games, existing.keys);
        let pairs = pairings(&plan.players, plan.tournament);
        let mine: Vec<_> = jobs(&pairs, plan.rounds, plan.games_per_round, plan.max_games)
            .into_iter()
            .filter(|j| plan.shard.owns(j.round))
            .collect();
        let name = |i: usize| plan.players[i].name.as_str();
        let mut todo: VecDeque<_> = mine
            .iter()
            .copied()
            .filter(|j| !done.contains(&resume::key(j.round, name(j.white), name(j.black))))
            .collect();
        let resumed = mine.len() - todo.len();
        // A test the resumed games already decide stays decided.
        let decided_before = match (&plan.sprt, names) {
            (Some(sprt), [a, b]) => {
                sprt.status(&standings::pentanomial(&games, a, b)).decision
                    != SprtDecision::Continue
            }
            _ => false,
        };
        if decided_before {
            todo.clear();
        }
        Ok(Schedule {
            games,
            todo,
            shard_total: mine.len(),
            resumed,
            decided_before,
        })
    }

    /// The line saying what is about to be played.
    fn announce(&self, plan: &MatchPlan) {
        if plan.verbosity == Verbosity::Silent {
            return;
        }
        println!(
            "{}: {} games of {} for shard {} ({} already in {}), {} at a time, seed {}",
            plan.event,
            self.todo.len(),
            self.shard_total,
            plan.shard,
            self.resumed,
            plan.pgn_out.display(),
            plan.concurrency,
            plan.seed
        );
        if self.decided_before {
            println!("The SPRT is already decided by the games in the PGN");
        }
    }
}

fn write_error(plan: &MatchPlan, source: std::io::Error) -> RunError {
    RunError::Write {
        path: plan.pgn_out.clone(),
        source,
    }
}

/// The PGN, opened for appending: finished games are added after the
/// resumed ones.
fn open_pgn(plan: &MatchPlan) -> Result<File, RunError> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&plan.pgn_out)
        .map_err(|e| write_error(plan, e))
}

/// Plays the games left on worker threads while the calling thread records
/// each one as it finishes; returns once every worker has stopped.
fn play_games<G: workbench::view::GuiGame>(
    shared: &Shared,
    to_play: usize,
    recorder: &mut Recorder,
    progress: &Progress,
) {
    let workers = shared.plan.concurrency.clamp(1, to_play.max(1));
    let (tx, rx) = channel();
    std::thread::scope(|scope| {
        for _ in 0..workers.min(to_play) {
            let tx = tx.clone();
            scope.spawn(move || worker::work::<G>(shared, tx));
        }
        // The loop below ends when the last worker drops its sender.
        drop(tx);
        for event in rx {
            match event {
                Event::Started { job } => recorder.started(job, progress),
                Event::Finished { job, game } => {
                    recorder.finished(job, game, &shared.stop, progress)
                }
                Event::Failed(e) => recorder.failed(e),
            }
        }
    });
}

/// The main thread's side of a run: writes each finished game to the PGN at
/// once, keeps the standings and the SPRT up to date, and remembers the
/// first error.
struct Recorder<'a> {
    plan: &'a MatchPlan,
    names: Vec<String>,
    file: File,
    /// Every finished game: the PGN's and this run's.
    games: Vec<PgnGame>,
    standings: Standings,
    resumed: usize,
    played: usize,
    sprt_decided: bool,
    first_error: Option<RunError>,
    /// Games this run plays, games it started, and since when.
    to_play: usize,
    started: usize,
    start: Instant,
    /// Each game in play and its number in the `Started game` line, so
    /// that its `Finished game` line has the same one.
    numbers: HashMap<Job, usize>,
    /// `-live`: the standings go to the viewer after every game.
    live: Option<&'a LiveFeed>,
}

impl<'a> Recorder<'a> {
    /// A recorder that starts from the games already in the PGN (and the
    /// SPRT decision they reached).
    fn new(
        plan: &'a MatchPlan,
        names: Vec<String>,
        file: File,
        games: Vec<PgnGame>,
        resumed: usize,
        sprt_decided: bool,
    ) -> Self {
        let mut standings = Standings::new(&names);
        for g in &games {
            standings.add(g);
        }
        Recorder {
            plan,
            names,
            file,
            games,
            standings,
            resumed,
            played: 0,
            sprt_decided,
            first_error: None,
            to_play: 0,
            started: 0,
            start: Instant::now(),
            numbers: HashMap::new(),
            live: None,
        }
    }

    /// A game started: cutechess and fastchess say so.
    fn started(&mut self, job: Job, progress: &Progress) {
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

    /// The running score line (two players) with the ETA.
    fn score_line(&self, sprt: Option<&str>) -> Option<String> {
        let [a, b] = &self.names[..] else {
            return None;
        };
        let wdl = self.standings.wdl(a)?;
        let eta = output::eta(self.start.elapsed(), self.played, self.to_play);
        Some(output::score_line(
            self.plan.output.format,
            (a, b),
            &wdl,
            sprt,
            (self.resumed + self.played, self.resumed + self.to_play),
            eta,
        ))
    }

    /// Every `-ratinginterval` games: the results so far.
    fn interval_report(&self, progress: &Progress) {
        let interval = self.plan.output.rating_interval as usize;
        if (self.resumed + self.played).checked_rem(interval) != Some(0) {
            return;
        }
        let report = self.report();
        let block = output::results_block(self.plan.output.format, &report, self.plan.output.penta);
        progress.line(block.trim_end());
    }

    fn report(&self) -> EloReport {
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

    /// Records a finished game: appends it to the PGN, counts it, and
    /// prints its line with the standings.
    fn finished(&mut self, job: Job, game: PgnGame, stop: &AtomicBool, progress: &Progress) {
        let text = write_game(&game);
        let written = self
            .file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush());
        if let Err(e) = written {
            // Games that cannot be saved are not worth playing.
            stop.store(true, Ordering::Relaxed);
            self.failed(write_error(self.plan, e));
        }
        self.played += 1;
        let number = self
            .numbers
            .remove(&job)
            .unwrap_or(self.resumed + self.played);
        let mut line = output::finished_line(self.plan.output.format, number, &game);
        self.standings.add(&game);
        self.games.push(game);
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

    /// The standings for `-live`: each player's wins, draws and losses,
    /// and its Elo with the 95% margin once it can be estimated.
    fn post_standings(&self) {
        let Some(live) = self.live else { return };
        let players = self
            .names
            .iter()
            .filter_map(|name| {
                let w = self.standings.wdl(name)?;
                let elo = w
                    .elo()
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
    fn sprt_state(&mut self, stop: &AtomicBool, progress: &Progress) -> Option<String> {
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

    /// Keeps the first error: later ones are usually its consequences.
    fn failed(&mut self, e: RunError) {
        self.first_error.get_or_insert(e);
    }

    /// The run's result: its first error, or what it did.
    fn summary(self, start: Instant, to_play: usize) -> Result<RunSummary, RunError> {
        if let Some(e) = self.first_error {
            return Err(e);
        }
        Ok(RunSummary {
            played: self.played,
            resumed: self.resumed,
            left: to_play - self.played,
            sprt_decided: self.sprt_decided,
            elapsed: start.elapsed(),
            report: self.report(),
        })
    }
}
