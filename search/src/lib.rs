//! Generic game-tree search, written once against the [`Game`] trait and
//! monomorphized for each game, and the generic UCI driver.

pub mod game;

pub use game::{
    EndReason, EvalParams, Game, GameMove, NoParams, Outcome, Score, Side, SpinOption,
    UnknownOption,
};
