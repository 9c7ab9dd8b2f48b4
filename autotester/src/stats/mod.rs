//! Statistics: Elo from scores, trinomial and pentanomial error bars, LOS,
//! the GSPRT, and a BayesElo-style rating table.

pub mod elo;
pub mod normal;
pub mod penta;
pub mod rating;
pub mod sprt;
pub mod wdl;

pub use elo::{elo_from_score, score_from_elo, EloEstimate};
pub use penta::{GameScore, Pentanomial};
pub use rating::{Outcome, RatingInput, RatingOptions, RatingTable};
pub use sprt::{Sprt, SprtDecision, SprtError, SprtModel, SprtStatus};
pub use wdl::Wdl;
