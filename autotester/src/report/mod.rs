//! Reports built from finished games ([`GameRecord`]s).

pub mod elo;
pub mod game;
pub mod pairs;

pub use elo::{elo_report, elo_report_for, EloReport, HeadToHead};
pub use game::GameRecord;
pub use pairs::{pair_games, Pairing};
