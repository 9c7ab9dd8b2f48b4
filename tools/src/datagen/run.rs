//! A run: `threads` workers, each with its own engine (one search thread,
//! its own table), take game numbers from a shared counter, skip the games
//! the index already holds, play the others and store each as it ends.
//! Every game depends on the seed and its number alone, so the records do
//! not depend on the thread count, only the order of the files does.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chess::Chess;
use search::search::SEARCH_STACK_BYTES;
use search::tt::TtError;
use search::Engine;

use super::selfplay::{play_game, skip_names, GameSettings, PlayedGame, SelfplayError};
use super::store::{Recovery, RunKey, Store, StoreError};

/// What a run is asked.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOptions {
    /// The output directory.
    pub out: PathBuf,
    /// Games `0..games`; `None`: until the process is stopped.
    pub games: Option<u64>,
    pub threads: usize,
    pub soft_nodes: u64,
    pub seed: u64,
    pub random_plies: usize,
    /// Each worker's table, in MB.
    pub hash_mb: usize,
    /// How often the progress callback is called.
    pub progress_every: Duration,
}

/// What a run has done so far: games and records of this run (not those
/// an earlier run finished), their cost, results and endings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    pub games: u64,
    pub positions: u64,
    pub plies: u64,
    pub searches: u64,
    pub nodes: u64,
    /// Positions searched but not recorded, by [`super::filter::Skip`].
    pub skipped: [u64; 3],
    /// Games won by Black, drawn, won by White.
    pub results: [u64; 3],
    /// Games by [`super::Ending::code`].
    pub endings: BTreeMap<&'static str, u64>,
    /// Since the run started.
    pub elapsed: Duration,
    /// Summed over the workers: time in the engine's searches, in
    /// clearing its table for each game, and in whole games (opening,
    /// searches, filter, packing, writing).
    pub search_time: Duration,
    pub clear_time: Duration,
    pub game_time: Duration,
}

impl Progress {
    fn add(&mut self, game: &PlayedGame, game_time: Duration) {
        self.games += 1;
        self.positions += game.records.len() as u64;
        self.plies += u64::from(game.plies);
        self.searches += u64::from(game.searches);
        self.nodes += game.nodes;
        for (total, &n) in self.skipped.iter_mut().zip(&game.skipped) {
            *total += u64::from(n);
        }
        self.results[game.ending.result() as usize] += 1;
        *self.endings.entry(game.ending.code()).or_insert(0) += 1;
        self.search_time += game.search_time;
        self.clear_time += game.clear_time;
        self.game_time += game_time;
    }

    fn per_second(&self, n: u64) -> f64 {
        n as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    pub fn positions_per_second(&self) -> f64 {
        self.per_second(self.positions)
    }

    pub fn games_per_second(&self) -> f64 {
        self.per_second(self.games)
    }

    /// Nodes a second of all workers together.
    pub fn nodes_per_second(&self) -> f64 {
        self.per_second(self.nodes)
    }

    /// Nodes a second of time spent searching (one worker's speed, to
    /// compare with the engine's `bench`).
    pub fn search_nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.search_time.as_secs_f64().max(1e-9)
    }

    /// The share of the workers' time spent outside the searches, in
    /// percent: the cost of the generator itself.
    pub fn overhead_percent(&self) -> f64 {
        let game = self.game_time.as_secs_f64();
        if game == 0.0 {
            return 0.0;
        }
        100.0 * (1.0 - self.search_time.as_secs_f64() / game)
    }

    /// The lines of a final summary.
    pub fn summary(&self) -> String {
        let [black, draws, white] = self.results;
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        let names = skip_names();
        let skipped: Vec<String> = names
            .iter()
            .zip(&self.skipped)
            .map(|(name, n)| format!("{name} {n}"))
            .collect();
        let games = self.games.max(1) as f64;
        let game_time = self.game_time.as_secs_f64().max(1e-9);
        format!(
            "{self}\n\
             results (White's view): +{white} ={draws} -{black}; endings: {}\n\
             {:.1} plies a game on average; {} positions searched, {} recorded, skipped: {}\n\
             search {:.0} nodes/s per worker while searching; outside the searches {:.1}% of the workers' time (clearing the table {:.2}%)",
            endings.join(", "),
            self.plies as f64 / games,
            self.searches,
            self.positions,
            skipped.join(", "),
            self.search_nodes_per_second(),
            self.overhead_percent(),
            100.0 * self.clear_time.as_secs_f64() / game_time,
        )
    }
}

/// `games, positions, positions/s, games/s, nodes/s`.
impl fmt::Display for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} positions in {:.0} s: {:.1} positions/s, {:.3} games/s, {:.0} nodes/s",
            self.games,
            self.positions,
            self.elapsed.as_secs_f64(),
            self.positions_per_second(),
            self.games_per_second(),
            self.nodes_per_second()
        )
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSummary {
    pub progress: Progress,
    /// Games finished by earlier runs (skipped), and their records.
    pub done_before: usize,
    pub records_before: u64,
    /// What opening the directory cut from an interrupted run.
    pub recovery: Recovery,
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Selfplay(#[from] SelfplayError),
    #[error(transparent)]
    Table(#[from] TtError),
    #[error("cannot start a worker thread: {0}")]
    Spawn(std::io::Error),
}

impl RunOptions {
    fn check(&self) -> Result<(), RunError> {
        let invalid = |what: &str| Err(RunError::Invalid(format!("{what} must be at least 1")));
        if self.threads == 0 {
            return invalid("--threads");
        }
        if self.soft_nodes == 0 {
            return invalid("--soft-nodes");
        }
        if self.hash_mb == 0 {
            return invalid("--hash");
        }
        Ok(())
    }

    fn key(&self) -> RunKey {
        RunKey {
            seed: self.seed,
            soft_nodes: self.soft_nodes,
            random_plies: self.random_plies,
            hash_mb: self.hash_mb,
        }
    }
}

/// What the workers share.
struct Shared<'a> {
    store: &'a Store,
    settings: GameSettings,
    hash_mb: usize,
    games: Option<u64>,
    next: AtomicU64,
    failed: AtomicBool,
    progress: Mutex<Progress>,
}

/// Runs the games; `report` gets the progress every
/// `options.progress_every` (and `opened` the directory's state before
/// the first game). Returns when every game is done or a worker failed.
pub fn run(
    options: &RunOptions,
    opened: &mut dyn FnMut(&Store, &Recovery),
    report: &mut dyn FnMut(&Progress),
) -> Result<RunSummary, RunError> {
    options.check()?;
    let (store, recovery) = Store::open(&options.out, options.key())?;
    opened(&store, &recovery);
    let shared = Shared {
        store: &store,
        settings: GameSettings::new(options.seed, options.random_plies, options.soft_nodes),
        hash_mb: options.hash_mb,
        games: options.games,
        next: AtomicU64::new(0),
        failed: AtomicBool::new(false),
        progress: Mutex::new(Progress::default()),
    };
    let start = Instant::now();
    let snapshot = |shared: &Shared| {
        let mut p = shared
            .progress
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        p.elapsed = start.elapsed();
        p
    };
    let outcomes = std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(options.threads);
        for worker in 0..options.threads {
            let shared = &shared;
            let spawned = std::thread::Builder::new()
                .name(format!("datagen {worker}"))
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let outcome = work(worker, shared);
                    if outcome.is_err() {
                        shared.failed.store(true, Ordering::Relaxed);
                    }
                    outcome
                });
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(e) => {
                    shared.failed.store(true, Ordering::Relaxed);
                    handles.push(scope.spawn(move || Err(RunError::Spawn(e))));
                    break;
                }
            }
        }
        // Progress from this thread while the workers play.
        let tick = options
            .progress_every
            .clamp(Duration::from_millis(1), Duration::from_millis(100));
        let mut last = Instant::now();
        while !handles.iter().all(|h| h.is_finished()) {
            std::thread::sleep(tick);
            if last.elapsed() >= options.progress_every {
                report(&snapshot(&shared));
                last = Instant::now();
            }
        }
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect::<Vec<_>>()
    });
    outcomes
        .into_iter()
        .collect::<Result<Vec<()>, RunError>>()?;
    Ok(RunSummary {
        progress: snapshot(&shared),
        done_before: store.done_count(),
        records_before: store.record_count(),
        recovery,
    })
}

/// One worker: games from the shared counter until none is left (or
/// another worker failed).
fn work(worker: usize, shared: &Shared) -> Result<(), RunError> {
    let mut engine = Engine::<Chess>::new(shared.hash_mb)?;
    let mut out = shared.store.worker_file(worker)?;
    while !shared.failed.load(Ordering::Relaxed) {
        let game = shared.next.fetch_add(1, Ordering::Relaxed);
        if shared.games.is_some_and(|n| game >= n) {
            break;
        }
        if shared.store.is_done(game) {
            continue;
        }
        let started = Instant::now();
        let played = play_game(&mut engine, &shared.settings, game)?;
        shared.store.append(&mut out, &played)?;
        let took = started.elapsed();
        shared
            .progress
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add(&played, took);
    }
    Ok(())
}
