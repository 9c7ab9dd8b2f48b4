//! A worker thread: takes the next game of the schedule, makes sure both
//! of its engines are running and ready (starting or restarting them),
//! has the referee play the game, and hands the game back (its record and
//! its PGN). Engines are kept between games (`ucinewgame`), one set per
//! worker.

use super::progress::Progress;
use super::record::{to_pgn, to_record, Context};
use super::recorder::Recorder;
use super::RunError;
use crate::config::Player;
use crate::live::LiveFeed;
use crate::openings::{Balancer, OpeningSource};
use crate::plan::MatchPlan;
use crate::referee::{play, PlayedGame, SideSetup};
use crate::report::GameRecord;
use crate::schedule::Job;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;
use workbench::engine::{EngineError, EngineSpec, LogSink, UciEngine};
use workbench::pgn::{PgnGame, PgnMove};
use workbench::GameType;

/// A game a worker finished.
pub struct Finished {
    pub job: Job,
    /// What the runner counts: standings, SPRT, reports.
    pub record: GameRecord,
    /// What it writes to the PGN.
    pub game: PgnGame,
}

/// What a worker tells the main thread.
pub enum Event {
    Started { job: Job },
    Finished(Finished),
    Failed(RunError),
}

/// What all workers share.
pub struct Shared<'a> {
    /// The game the match is played in.
    pub game: &'static dyn GameType,
    pub queue: Mutex<VecDeque<Job>>,
    /// Set on a fatal error or a decided SPRT: take no more games.
    pub stop: AtomicBool,
    pub plan: &'a MatchPlan,
    pub openings: &'a OpeningSource,
    pub context: &'a Context,
    /// `-live`: where the games are shown as they are played.
    pub live: Option<&'a LiveFeed>,
    /// Per player: whether its engine has made a legal move in a game of
    /// this run or of the resumed PGN. Only an engine that never has is
    /// suspected of playing another game when its first move is illegal.
    pub proven: Vec<AtomicBool>,
    /// `-log`: where the engines' traffic goes.
    pub log: Option<LogSink>,
}

/// Which sides' engines made at least one legal move in a game of
/// `moves` (book moves marked), White first: the first engine move is the
/// side to move's after the book, the second the other side's.
pub fn engines_moved(moves: &[PgnMove], black_first: bool) -> [bool; 2] {
    let mut moved = [false; 2];
    let is_book = |m: &PgnMove| m.comment.as_deref() == Some("book");
    let engine_plies = moves
        .iter()
        .enumerate()
        .filter(|(_, m)| !is_book(m))
        .map(|(i, _)| (i + usize::from(black_first)) % 2);
    for side in engine_plies.take(2) {
        moved[side] = true;
    }
    moved
}

/// `player`'s engine as `game` needs it: with the game's switch turned on
/// (`UCI_Chess960`, as fastchess sends it for `-variant fischerandom`)
/// after the player's own options, unless the player sets it.
pub fn spec_for(player: &Player, game: &dyn GameType) -> EngineSpec {
    let mut spec = spec(player);
    if let Some(switch) = game.uci_switch() {
        if !spec
            .options
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case(switch))
        {
            spec.options.push((switch.to_string(), "true".to_string()));
        }
    }
    spec
}

pub fn spec(player: &Player) -> EngineSpec {
    EngineSpec {
        name: player.name.clone(),
        command: player.invoke.clone(),
        dir: None,
        options: player.options.clone(),
        log: None,
    }
}

pub fn setup(player: &Player) -> SideSetup {
    SideSetup {
        clock: player.time_control,
        depth: player.depth,
        nodes: player.nodes,
        movetime: player.movetime,
        time_margin: player.time_margin,
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
    let spec = EngineSpec {
        log: shared.log.clone(),
        ..spec_for(&plan.players[i], shared.game)
    };
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

/// Keeps a healthy engine for the next game; kills a broken one, and
/// lets one whose player has `restart=on` quit, so that its next game
/// starts a fresh process.
fn put_back(shared: &Shared, engines: &mut [Option<UciEngine>], i: usize, engine: UciEngine) {
    if engine.is_broken() {
        engine.kill();
    } else if shared.plan.players[i].restart {
        engine.quit();
    } else {
        engines[i] = Some(engine);
    }
}

/// Plays `job`'s game with the players' engines (started or reused).
fn play_job(
    shared: &Shared,
    engines: &mut [Option<UciEngine>],
    balancer: &mut Balancer,
    job: Job,
) -> Result<Finished, RunError> {
    let plan = shared.plan;
    let (white, black) = (&plan.players[job.white], &plan.players[job.black]);
    let mut w = ready(shared, engines, job.white)?;
    let mut b = match ready(shared, engines, job.black) {
        Ok(b) => b,
        Err(e) => {
            put_back(shared, engines, job.white, w);
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
    let played = play(
        shared.game,
        &opening,
        [&ws, &bs],
        [&mut w, &mut b],
        &plan.rules,
        &mut on_move,
    );
    put_back(shared, engines, job.white, w);
    put_back(shared, engines, job.black, b);
    let played = played.map_err(|source| RunError::Referee {
        round: job.round,
        source,
    })?;
    let moved = engines_moved(&played.moves, played.black_first);
    for (player, moved) in [job.white, job.black].into_iter().zip(moved) {
        if moved {
            shared.proven[player].store(true, Ordering::Relaxed);
        }
    }
    check_first_move(shared, job, &played)?;
    let record = to_record(job.round, white, black, &played);
    if let Some(live) = live {
        live.ended(&live_id, record.result.as_str());
    }
    let game = to_pgn(shared.context, job.round, white, black, played);
    Ok(Finished { job, record, game })
}

/// Refuses a game whose first engine move was illegal when that engine
/// has never made a legal move: it most likely plays another game, and
/// every game would end the same way. An engine that has made legal moves
/// merely lost this game, which is kept (issue 40: one bad move in the
/// fifth game ended a whole run).
fn check_first_move(shared: &Shared, job: Job, played: &PlayedGame) -> Result<(), RunError> {
    let Some((side, mv)) = &played.illegal_first_move else {
        return Ok(());
    };
    let plan = shared.plan;
    let player = [job.white, job.black][side.index()];
    if shared.proven[player].load(Ordering::Relaxed) {
        return Ok(());
    }
    Err(RunError::WrongGame {
        engine: plan.players[player].name.clone(),
        mv: mv.clone(),
        round: job.round,
        game: plan.game,
    })
}

/// The worker loop.
fn work(shared: &Shared, events: Sender<Event>) {
    let mut engines: Vec<Option<UciEngine>> = shared.plan.players.iter().map(|_| None).collect();
    let mut balancer = Balancer::new(shared.game);
    let mut first = true;
    while !shared.stop.load(Ordering::Relaxed) {
        // `-wait`: a pause between this worker's games, none before its
        // first; a run stopped meanwhile takes no more games.
        if !first && !shared.plan.wait.is_zero() {
            std::thread::sleep(shared.plan.wait);
            if shared.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        first = false;
        let next = shared
            .queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop_front();
        let Some(job) = next else { break };
        if events.send(Event::Started { job }).is_err() {
            break;
        }
        match play_job(shared, &mut engines, &mut balancer, job) {
            Ok(finished) => {
                if events.send(Event::Finished(finished)).is_err() {
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

/// Plays the `to_play` games left on worker threads while the calling
/// thread records each one as it finishes; returns once every worker has
/// stopped.
pub fn play_all(shared: &Shared, to_play: usize, recorder: &mut Recorder, progress: &Progress) {
    let workers = shared.plan.concurrency.clamp(1, to_play.max(1));
    let (tx, rx) = channel();
    std::thread::scope(|scope| {
        for _ in 0..workers.min(to_play) {
            let tx = tx.clone();
            scope.spawn(move || work(shared, tx));
        }
        // The loop below ends when the last worker drops its sender.
        drop(tx);
        for event in rx {
            match event {
                Event::Started { job } => recorder.started(job, progress),
                Event::Finished(game) => recorder.finished(game, &shared.stop, progress),
                Event::Failed(e) => recorder.failed(e),
            }
        }
    });
}
