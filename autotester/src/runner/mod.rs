//! Running a match: the schedule minus what the PGN already holds and
//! what other shards play (`todo`), N worker threads playing the games
//! (`worker`), and the main thread recording each finished game at once
//! (`recorder`): its record for the standings, the SPRT and the reports
//! (`running`), its PGN appended to the file (`pgn_file`, `record`).
//!
//! Written once for every game: the plan's game is a game object
//! (`GameKind::game`), handed to the referee and the openings.

mod error;
mod lock;
mod options;
pub mod output;
mod pgn_file;
pub mod progress;
pub mod record;
mod recorder;
pub mod resume;
mod running;
pub mod standings;
mod summary;
mod todo;
mod worker;

pub use error::RunError;
pub use summary::RunSummary;
pub use worker::spec as engine_spec;

use crate::fingerprint::Fingerprint;
use crate::live::LiveFeed;
use crate::openings::{load_book, OpeningSource};
use crate::plan::{MatchPlan, OpeningsSpec};
use progress::Progress;
use record::Context;
use recorder::Recorder;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;
use todo::Todo;
use workbench::engine::{EngineLog, LogLevel, LogSink};
use workbench::GameType;
use worker::Shared;

/// Runs the plan: works out what is left to play, plays it on up to
/// `plan.concurrency` worker threads, and reports on every finished game
/// in the PGN.
pub fn run(plan: &MatchPlan) -> Result<RunSummary, RunError> {
    let start = Instant::now();
    todo::check(plan)?;
    pgn_file::check(plan)?;
    options::check(plan)?;
    // Held to the end of the run: one run per PGN.
    let _lock = if pgn_file::discards(&plan.pgn_out) {
        None
    } else {
        Some(lock::PgnLock::take(&plan.pgn_out)?)
    };
    let game = plan.game.game();
    let openings = opening_source(game, plan)?;
    let fingerprint = Fingerprint::of(plan)?;
    if plan.force_new {
        pgn_file::move_aside(plan)?;
    }
    let todo = Todo::new(plan, &fingerprint)?;
    todo.announce(plan);
    let file = pgn_file::open(plan)?;
    let live = plan
        .live
        .clone()
        .map(|url| LiveFeed::new(url, &plan.event, game));
    let to_play = todo.jobs.len();
    let proven = todo
        .done
        .proven
        .iter()
        .map(|&p| AtomicBool::new(p))
        .collect();
    let log = open_log(plan)?;
    let mut recorder = Recorder::new(plan, file, todo.done, to_play, live.as_ref());
    recorder.log = log.clone();
    // The viewer lists the players (and any resumed results) at once.
    recorder.post_standings();
    let context = Context {
        event: plan.event.clone(),
        site: record::site(),
        date: workbench::pgn::today(),
        fingerprint: fingerprint.to_string(),
        variant: game.variant(),
        first: plan
            .players
            .first()
            .map(|p| p.name.clone())
            .unwrap_or_default(),
        minimal: plan.rules.minimal_pgn,
    };
    let shared = Shared {
        game,
        queue: Mutex::new(todo.jobs),
        stop: AtomicBool::new(false),
        plan,
        openings: &openings,
        context: &context,
        live: live.as_ref(),
        proven,
        log,
    };
    let progress = Progress::new(to_play as u64, plan.verbosity);
    worker::play_all(&shared, to_play, &mut recorder, &progress);
    progress.finish();
    recorder.summary(start)
}

/// `-log`: the log, opened (appended to unless `append=false`).
fn open_log(plan: &MatchPlan) -> Result<Option<LogSink>, RunError> {
    let Some(spec) = &plan.log else {
        return Ok(None);
    };
    let log = EngineLog::open(
        &spec.path,
        spec.level,
        spec.engine,
        spec.append,
        spec.realtime,
    )
    .map_err(|source| RunError::Write {
        path: spec.path.clone(),
        source,
    })?;
    log.note(LogLevel::Info, &format!("run started: {}", plan.event));
    Ok(Some(LogSink(log)))
}

/// Where the games start: a book (loaded and checked with `game`'s
/// rules), random plies, or the start position.
fn opening_source(game: &dyn GameType, plan: &MatchPlan) -> Result<OpeningSource, RunError> {
    Ok(match &plan.openings {
        OpeningsSpec::Book {
            path,
            sequential,
            plies,
            start,
        } => OpeningSource::book(
            load_book(game, path, *plies)?,
            plan.seed,
            *sequential,
            *start,
        ),
        OpeningsSpec::Random { plies } => OpeningSource::Random {
            plies: *plies,
            seed: plan.seed,
        },
        OpeningsSpec::Start => OpeningSource::Start { seed: plan.seed },
    })
}
