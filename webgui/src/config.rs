//! Server configuration (from the command line in `main`, or set by tests).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::budget::HashBudget;
use crate::server::ConnectionLimits;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// An external UCI engine to use instead of the built-in one. Only the
    /// command line sets this: no request can name a program.
    pub engine: Option<PathBuf>,
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
}

impl Default for Config {
    fn default() -> Self {
        Config {
            engine: None,
            hash_mb: 16,
            hash_total_mb: 256,
            engine_idle_release: Duration::from_secs(120),
            max_games: 128,
            max_body_bytes: 256 * 1024,
            body_read_timeout: Duration::from_secs(10),
            connections: ConnectionLimits::default(),
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
