//! A worker thread: takes the next game of the schedule, makes sure both
//! of its engines are running and ready (starting or restarting them),
//! has the referee play the game, and hands the PGN game back. Engines are
//! kept between games (`ucinewgame`), one set per worker.

use super::record::{to_pgn, Context};
use super::RunError;
use crate::config::Player;
use crate::live::LiveFeed;
use crate::openings::{Balancer, OpeningSource};
use crate::plan::MatchPlan;
use crate::referee::{play_watched, SideSetup};
use crate::schedule::Job;
use search::Frontend;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Mutex;
use workbench::engine::{EngineError, EngineSpec, UciEngine};
use workbench::pgn::PgnGame;

pub enum Event {
    Started { job: Job },
    Finished { job: Job, game: PgnGame },
    Failed(RunError),
}

/// What all workers share.
pub struct Shared<'a> {
    pub queue: Mutex<VecDeque<Job>>,
    /// Set on a fatal error or a decided SPRT: take no more games.
    pub stop: AtomicBool,
    pub plan: &'a MatchPlan,
    pub openings: &'a OpeningSource,
    pub context: &'a Context,
    /// `-live`: where the games are shown as they are played.
    pub live: Option<&'a LiveFeed>,
}

pub fn spec(player: &Player) -> EngineSpec {
    EngineSpec {
        name: player.name.clone(),
        command: player.invoke.clone(),
        dir: None,
        options: player.options.clone(),
    }
}

pub fn setup(player: &Player) -> SideSetup {
    SideSetup {
        clock: player.time_control,
        depth: player.depth,
        nodes: player.nodes,
    }
}

/// Player `i`'s engine, ready for a new game: reused if alive, else
/// (re)started. A reused engine that fails `ucinewgame`/`isready` gets one
/// restart; a fresh one that fails is an error.
fn ready(
    shared: &Shared,
    engines: &mut [Option<UciEngine>],
    i: usize,
) -> Result<UciEngine, EngineError> {
    let plan = shared.plan;
    let spec = spec(&plan.players[i]);
    let start = || UciEngine::start(&spec, &plan.timeouts);
    let reusable = engines[i].take().and_then(|e| {
        if e.is_broken() {
            e.kill();
            None
        } else {
            Some(e)
        }
    });
    let (mut engine, fresh) = match reusable {
        Some(e) => (e, false),
        None => (start()?, true),
    };
    match engine.new_game(&plan.timeouts) {
        Ok(()) => Ok(engine),
        Err(e) if fresh => Err(e),
        Err(_) => {
            engine.kill();
            let mut engine = start()?;
            engine.new_game(&plan.timeouts)?;
            Ok(engine)
        }
    }
}

/// Keeps a healthy engine for the next game; kills a broken one.
fn put_back(engines: &mut [Option<UciEngine>], i: usize, engine: UciEngine) {
    if engine.is_broken() {
        engine.kill();
    } else {
        engines[i] = Some(engine);
    }
}

fn play_job<G: workbench::view::GuiGame>(
    shared: &Shared,
    engines: &mut [Option<UciEngine>],
    balancer: &mut Balancer<G>,
    job: Job,
) -> Result<PgnGame, RunError> {
    let plan = shared.plan;
    let (white, black) = (&plan.players[job.white], &plan.players[job.black]);
    let mut w = ready(shared, engines, job.white)?;
    let mut b = match ready(shared, engines, job.black) {
        Ok(b) => b,
        Err(e) => {
            put_back(engines, job.white, w);
            return Err(e.into());
        }
    };
    let opening = shared.openings.for_round(job.round, balancer);
    let (ws, bs) = (setup(white), setup(black));
    let live = shared.live;
    // A round plays each opening with both colours: the pairing names the
    // game.
    let live_id = format!("{}:{}-{}", job.round, job.white, job.black);
    if let Some(live) = live {
        let fen = opening.fen.as_deref();
        live.started(
            &live_id,
            job.round,
            &white.name,
            &black.name,
            fen,
            &opening.moves,
        );
    }
    let mut on_move = |text: &str| {
        if let Some(live) = live {
            live.moved(&live_id, text);
        }
    };
    let played = play_watched::<G>(
        &opening,
        [&ws, &bs],
        [&mut w, &mut b],
        &plan.rules,
        &mut on_move,
    );
    put_back(engines, job.white, w);
    put_back(engines, job.black, b);
    let played = played.map_err(|source| RunError::Referee {
        round: job.round,
        source,
    })?;
    if let Some((side, mv)) = played.illegal_first_move {
        let mover = [white, black][side.index()];
        return Err(RunError::WrongGame {
            engine: mover.name.clone(),
            mv,
            round: job.round,
            game: plan.game,
        });
    }
    let game = to_pgn::<G>(shared.context, job.round, white, black, played);
    if let Some(live) = live {
        live.ended(&live_id, game.tag("Result").unwrap_or("*"));
    }
    Ok(game)
}

/// The worker loop.
pub fn work<G: workbench::view::GuiGame>(shared: &Shared, events: Sender<Event>) {
    let mut engines: Vec<Option<UciEngine>> = shared.plan.players.iter().map(|_| None).collect();
    let mut balancer = Balancer::<G>::new();
    while !shared.stop.load(Ordering::Relaxed) {
        let next = shared
            .queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop_front();
        let Some(job) = next else { break };
        if events.send(Event::Started { job }).is_err() {
            break;
        }
        match play_job::<G>(shared, &mut engines, &mut balancer, job) {
            Ok(game) => {
                if events.send(Event::Finished { job, game }).is_err() {
                    break;
                }
            }
            Err(e) => {
                shared.stop.store(true, Ordering::Relaxed);
                let _ = events.send(Event::Failed(e));
                break;
            }
        }
    }
    for engine in engines.into_iter().flatten() {
        engine.quit();
    }
}
