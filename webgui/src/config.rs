//! Server configuration (from the command line in `main`, or set by tests).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use workbench::GameKind;

use crate::budget::HashBudget;
use crate::server::ConnectionLimits;

/// External UCI engines by game, named on the command line (`--engine
/// GAME=PATH`, checked at start-up by `crate::startup`). A game without
/// one uses its built-in engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Engines {
    by_game: Vec<(GameKind, PathBuf)>,
}

impl Engines {
    /// One program for every game (a test's scripted engine, which plays
    /// whatever it is asked).
    pub fn every_game(path: impl Into<PathBuf>) -> Engines {
        let path = path.into();
        Engines {
            by_game: GameKind::ALL.map(|kind| (kind, path.clone())).to_vec(),
        }
    }

    /// Plays `kind` with the program at `path`, replacing any other.
    pub fn set(&mut self, kind: GameKind, path: PathBuf) {
        self.by_game.retain(|(k, _)| *k != kind);
        self.by_game.push((kind, path));
    }

    /// The program that plays `kind`, if one was named.
    pub fn for_game(&self, kind: GameKind) -> Option<&Path> {
        self.by_game
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, path)| path.as_path())
    }

    pub fn is_empty(&self) -> bool {
        self.by_game.is_empty()
    }

    /// `chess=PATH, leiserchess=PATH`, in the games' order.
    pub fn describe(&self) -> String {
        let named: Vec<String> = GameKind::ALL
            .into_iter()
            .filter_map(|kind| Some(format!("{kind}={}", self.for_game(kind)?.display())))
            .collect();
        named.join(", ")
    }
}

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// External UCI engines to use instead of the built-in ones, by game.
    /// Only the command line sets this: no request can name a program.
    pub engines: Engines,
    /// Largest transposition table of one game's engine, in MB.
    pub hash_mb: usize,
    /// All engines' tables together, in MB (see [`crate::budget`]).
    pub hash_total_mb: usize,
    /// An engine unused for this long gives its table back (the next
    /// search builds a new one).
    pub engine_idle_release: Duration,
    /// Games kept at once; the least recently used idle game makes room.
    pub max_games: usize,
    /// Largest request body accepted.
    pub max_body_bytes: usize,
    /// A request body must arrive completely within this time of its
    /// headers.
    pub body_read_timeout: Duration,
    /// Limits of the HTTP server ([`crate::serve`]): header deadline and
    /// open connections.
    pub connections: ConnectionLimits,
    /// A live viewer run with games in progress and no event for this
    /// long is marked interrupted ([`crate::watch::SILENT_AFTER`]).
    pub live_silent_after: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            engines: Engines::default(),
            hash_mb: 16,
            hash_total_mb: 256,
            engine_idle_release: Duration::from_secs(120),
            max_games: 128,
            max_body_bytes: 256 * 1024,
            body_read_timeout: Duration::from_secs(10),
            connections: ConnectionLimits::default(),
            live_silent_after: crate::watch::SILENT_AFTER,
        }
    }
}

/// Shared by every game: the configuration, the engines' memory budget and
/// the runtime that timers (clock flags, idle engines) run on.
#[derive(Debug)]
pub struct Context {
    pub config: Config,
    pub hash: Arc<HashBudget>,
    pub runtime: Option<tokio::runtime::Handle>,
}
