//! Reports built from finished games.

pub mod elo;
pub mod pairs;

pub use elo::{elo_report, elo_report_for, EloReport, HeadToHead};
pub use pairs::{pair_games, Pairing};
