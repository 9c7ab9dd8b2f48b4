//! One game object for every front end: a position of any game behind
//! `dyn DynGame`, opened from a [`crate::GameKind`] in one place
//! ([`crate::GameKind::game`]).
//!
//! The autotester, the web GUI, the tools and the live viewer are written
//! once against these traits. Only code that counts nodes (the search,
//! perft, the UCI driver) is compiled per game; it is reached from here
//! through [`DynEngine`], whose blanket implementation runs the game's own
//! monomorphized search.

mod dyn_engine;
mod dyn_game;
mod game_type;

pub use dyn_engine::DynEngine;
pub(crate) use dyn_game::find_move;
pub use dyn_game::{DynGame, MoveId, MoveNotation};
pub use game_type::GameType;

use thiserror::Error;

/// Why a game object refused a request.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GameError {
    /// A FEN that does not describe a position of this game.
    #[error("{0}")]
    BadFen(String),
    /// Text that is not a legal move here (the game's own message).
    #[error("{0}")]
    BadMove(String),
    /// A move id that is not one of the position's legal moves (an id
    /// kept from another position).
    #[error("move id {0} is not a legal move in this position")]
    NotLegal(u16),
    /// A position of another game handed to this game's engine.
    #[error("this engine plays {engine}, not {position}")]
    WrongGame {
        engine: &'static str,
        position: &'static str,
    },
    /// The engine's tables could not be allocated.
    #[error("could not start the engine: {0}")]
    Engine(String),
}
