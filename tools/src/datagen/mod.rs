//! `datagen`: training positions for a chess network, played by our own
//! engine against itself in process and written as [`crate::packed`]
//! records.
//!
//! - [`opening`]: game `i` of seed `s` starts with random legal moves
//!   drawn from a generator seeded by `(s, i)`;
//! - [`selfplay`]: the engine plays the game from there with a soft node
//!   limit per move; [`filter`] says which positions become records and
//!   [`adjudication`] when the game ends short of the rules;
//! - [`store`]: the output directory, one data file per worker plus an
//!   index of finished games, so that a run cut short (even by `kill -9`)
//!   resumes where it stopped with the same records;
//! - [`run`]: the workers, which take game numbers from a shared counter,
//!   and the progress reports.
//!
//! The command, the format and the measured speed are in
//! `tools/README.md`, "Data generation (`datagen`)".

pub mod adjudication;
pub mod filter;
pub mod opening;
pub mod run;
pub mod selfplay;
pub mod store;

pub use adjudication::{AdjudicationRules, Adjudicator, Ending};
pub use run::{run, Progress, RunError, RunOptions, RunSummary};
pub use selfplay::{play_game, GameSettings, PlayedGame};
pub use store::{read_games, GameEntry, Store, StoreError, StoredGame};
