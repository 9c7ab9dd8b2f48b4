//! Running a match: the schedule minus what the PGN already holds and
//! what other shards play, N worker threads, and the main thread writing
//! each finished game at once (append and flush, so nothing finished is
//! lost), updating the progress bar and stopping on a decided SPRT.

pub mod progress;
pub mod record;
pub mod resume;
pub mod standings;
mod worker;

use crate::config::GameKind;
use crate::engine::EngineError;
use crate::openings::{load_book, BookError, OpeningSource};
use crate::pgn::{write_game, PgnFileError, PgnGame};
use crate::plan::{MatchPlan, OpeningsSpec};
use crate::referee::RefereeError;
use crate::report::{elo_report_for, EloReport};
use crate::schedule::{jobs, pairings};
use crate::stats::SprtDecision;
use progress::Progress;
use record::Context;
use search::Frontend;
use standings::Standings;
use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use thiserror::Error;
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
    #[error("no two players can meet (each needs an opponent of another family)")]
    NoPairings,
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

fn finished_line(number: usize, game: &PgnGame) -> String {
    format!(
        "Finished game {number} (round {}, {} vs {}): {} {{{}}}",
        game.tag("Round").unwrap_or("?"),
        game.tag("White").unwrap_or("?"),
        game.tag("Black").unwrap_or("?"),
        game.outcome(),
        game.final_comment.as_deref().unwrap_or("")
    )
}

pub fn run_game<G: Frontend>(plan: &MatchPlan) -> Result<RunSummary, RunError> {
    let start = Instant::now();
    check(plan)?;
    let openings = match &plan.openings {
        OpeningsSpec::Book { path, sequential } => {
            OpeningSource::book(load_book::<G>(path)?, plan.seed, *sequential)
        }
        OpeningsSpec::Random { plies } => OpeningSource::Random {
            plies: *plies,
            seed: plan.seed,
        },
        OpeningsSpec::Start => OpeningSource::Start,
    };
    let existing = resume::existing(&plan.pgn_out)?;
    if existing.cut > 0 {
        eprintln!(
            "{}: cut off an unfinished last game ({} bytes); it is played again",
            plan.pgn_out.display(),
            existing.cut
        );
    }
    let (mut games, done) = (existing.games, existing.keys);
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
    let names: Vec<String> = plan.players.iter().map(|p| p.name.clone()).collect();
    // A test the resumed games already decide stays decided.
    let decided_before = match (&plan.sprt, &names[..]) {
        (Some(sprt), [a, b]) => {
            sprt.status(&standings::pentanomial(&games, a, b)).decision != SprtDecision::Continue
        }
        _ => false,
    };
    if decided_before {
        todo.clear();
    }
    let to_play = todo.len();
    {
        println!(
            "{}: {} games of {} for shard {} ({} already in {}), {} at a time, seed {}",
            plan.event,
            to_play,
            mine.len(),
            plan.shard,
            resumed,
            plan.pgn_out.display(),
            plan.concurrency,
            plan.seed
        );
        if decided_before {
            println!("The SPRT is already decided by the games in the PGN");
        }
    }

    let write_error = |source| RunError::Write {
        path: plan.pgn_out.clone(),
        source,
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&plan.pgn_out)
        .map_err(write_error)?;
    let mut standings = Standings::new(&names);
    for g in &games {
        standings.add(g);
    }
    let context = Context {
        event: plan.event.clone(),
        site: record::site(),
        date: record::today(),
    };
    let shared = Shared {
        queue: Mutex::new(todo),
        stop: AtomicBool::new(false),
        plan,
        openings: &openings,
        context: &context,
    };
    let progress = Progress::new(to_play as u64, plan.quiet);
    let mut first_error = None;
    let mut played = 0;
    let mut sprt_decided = decided_before;
    let workers = plan.concurrency.clamp(1, to_play.max(1));
    let (tx, rx) = channel();
    std::thread::scope(|scope| {
        for _ in 0..workers.min(to_play) {
            let tx = tx.clone();
            let shared = &shared;
            scope.spawn(move || worker::work::<G>(shared, tx));
        }
        drop(tx);
        for event in rx {
            match event {
                Event::Finished { game } => {
                    let text = write_game(&game);
                    let written = file.write_all(text.as_bytes()).and_then(|()| file.flush());
                    if let Err(e) = written {
                        shared.stop.store(true, Ordering::Relaxed);
                        first_error.get_or_insert(write_error(e));
                    }
                    played += 1;
                    let line = finished_line(resumed + played, &game);
                    standings.add(&game);
                    games.push(game);
                    let mut status = standings.line();
                    if let (Some(sprt), [a, b]) = (&plan.sprt, &names[..]) {
                        let penta = standings::pentanomial(&games, a, b);
                        status = format!("{status}, {}", standings::sprt_text(sprt, &penta));
                        if !sprt_decided && sprt.status(&penta).decision != SprtDecision::Continue {
                            sprt_decided = true;
                            shared.stop.store(true, Ordering::Relaxed);
                            progress.note("SPRT decided: finishing the games in progress");
                        }
                    }
                    progress.game_finished(&line, &status);
                }
                Event::Failed(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
    });
    progress.finish();
    if let Some(e) = first_error {
        return Err(e);
    }
    Ok(RunSummary {
        played,
        resumed,
        left: to_play - played,
        sprt_decided,
        elapsed: start.elapsed(),
        report: elo_report_for(
            &games,
            &plan.rating,
            plan.sprt,
            names.first().map(String::as_str),
        ),
    })
}
