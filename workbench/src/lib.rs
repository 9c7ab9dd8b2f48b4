//! What the autotester and the web GUI share, so that each exists once:
//!
//! - [`engine`]: the UCI engine client (each engine in a process group of
//!   its own, bounded output read with deadlines, the handshake, the `go`
//!   exchange in the game's dialect, killing on every path);
//! - [`pgn`]: the one PGN writer and the one tolerant PGN reader;
//! - [`end`]: how a game ended (by its rules or on time) as a result, a
//!   PGN termination and a sentence;
//! - [`text`]: how text files are decoded (byte-order mark, bad bytes);
//! - [`GameKind`]: the games the tools offer, by name, and
//!   [`GameKind::game`], the one place a name becomes a game;
//! - [`game`]: the game object front ends use ([`DynGame`]), the game's
//!   facts ([`GameType`]) and its search ([`DynEngine`]);
//! - [`view`]: what a board on screen shows of a game;
//! - [`review`]: judging a reviewed game's moves (inaccuracy, mistake,
//!   blunder).
//!
//! Front ends are written once against [`DynGame`]; only
//! [`GameKind::game`] names the games' types.

pub mod end;
pub mod engine;
pub mod game;
mod game_kind;
pub mod pgn;
pub mod review;
pub mod text;
pub mod view;

pub use end::GameEnd;
pub use game::{DynEngine, DynGame, GameError, GameType, MoveId, MoveNotation};
pub use game_kind::GameKind;
