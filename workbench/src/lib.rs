//! What the autotester and the web GUI share, so that each exists once:
//!
//! - [`engine`]: the UCI engine client (each engine in a process group of
//!   its own, bounded output read with deadlines, the handshake, the `go`
//!   exchange in the game's dialect, killing on every path);
//! - [`pgn`]: the one PGN writer and the one tolerant PGN reader;
//! - [`end`]: how a game ended (by its rules or on time) as a result, a
//!   PGN termination and a sentence;
//! - [`text`]: how text files are decoded (byte-order mark, bad bytes).
//!
//! Generic over the game traits of `search`; it names no game.

pub mod end;
pub mod engine;
pub mod pgn;
pub mod text;

pub use end::GameEnd;
