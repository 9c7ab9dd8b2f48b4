//! Generic game-tree search, written once against the game traits and
//! monomorphized for each game, and the generic UCI driver.
//!
//! # Running a search in-process (web GUI, autotester)
//!
//! ```ignore
//! use std::sync::atomic::AtomicBool;
//! use std::time::Duration;
//! use search::{Engine, Limits};
//!
//! let mut engine = Engine::<chess::Chess>::new(64)?;      // 64 MB table
//! let stop = AtomicBool::new(false);                      // set from any thread
//! let limits = Limits::movetime(Duration::from_millis(500));
//! let result = engine.search(&position, &limits, &stop, &mut |info| {
//!     // one SearchInfo per iteration: depth, score, nodes, nps, pv …
//!     progress.send(info.clone()).ok();
//! });
//! let best = result.best_move;                            // legal unless no move exists
//! ```
//!
//! # Engine binaries
//!
//! ```ignore
//! fn main() -> std::process::ExitCode {
//!     search::uci::main::<chess::Chess>()
//! }
//! ```
//!
//! A binary for several rule sets of one game names each for the
//! `UCI_Variant` option with [`uci::Variant::of`] and calls
//! [`uci::main_variants`].
//!
//! # Modules
//!
//! - [`game`]: the traits every game implements ([`Rules`],
//!   [`Searchable`], [`Frontend`]);
//! - [`search`]: [`Engine`], iterative deepening, PVS, quiescence;
//! - [`params`]: every search constant and feature switch, with a glossary;
//! - [`tt`]: the lockless transposition table; [`history`]: history and
//!   killers; [`movepick`]: the staged move picker;
//! - [`time`]: limits and the time manager; [`score`]: mate scores;
//! - [`info`]: what a search reports; [`uci`]: the UCI driver.

pub mod game;
pub mod history;
pub mod info;
pub mod movepick;
pub mod params;
pub mod score;
pub mod search;
pub mod skill;
mod table_memory;
pub mod time;
pub mod tt;
pub mod uci;

pub use game::{
    EndReason, EvalParams, Evaluation, Frontend, GameMove, GoDialect, HistoryIndex, NoParams,
    NoisyKey, Outcome, Perft, PerftCount, PerftStyle, Rules, Score, Searchable, SetOptionError,
    Side, SpinOption, StartVariant, StringOption, UciGame, UnknownOption,
};
pub use info::{ScoreBound, SearchInfo, SearchResult, SearchStats};
pub use params::{Features, SearchParams, Stage};
pub use score::ScoreReport;
pub use search::Engine;
pub use skill::{Skill, Strength, StrengthScale};
pub use time::{Clock, Limits};
