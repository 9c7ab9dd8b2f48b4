//! Reports built from finished games ([`GameRecord`]s).

pub mod elo;
pub mod game;
pub mod pairs;

pub use elo::{
    elo_report, elo_report_for, los_text, one_estimate, EloReport, Estimate, HeadToHead,
};
pub use game::{run_first, GameRecord, Orientation, FIRST_TAG};
pub use pairs::{pair_games, Pairing};
