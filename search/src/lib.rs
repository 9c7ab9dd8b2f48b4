//! Generic game-tree search, written once against the [`Game`] trait and
//! monomorphized for each game, and the generic UCI driver.
//!
//! - [`Engine`] runs searches in-process: give it a position, [`Limits`], a
//!   stop flag and a callback for [`SearchInfo`] progress; it returns a
//!   [`SearchResult`].
//! - [`uci`] speaks the UCI protocol over any reader and writer; engine
//!   binaries call [`uci::main`].

pub mod game;
pub mod history;
pub mod info;
pub mod movepick;
pub mod params;
pub mod score;
pub mod search;
pub mod time;
pub mod tt;
pub mod uci;

pub use game::{
    EndReason, EvalParams, Game, GameMove, NoParams, Outcome, PerftStyle, Score, Side, SpinOption,
    UnknownOption,
};
pub use info::{ScoreBound, SearchInfo, SearchResult};
pub use params::{Features, SearchParams};
pub use score::ScoreReport;
pub use search::Engine;
pub use time::{Clock, Limits};
