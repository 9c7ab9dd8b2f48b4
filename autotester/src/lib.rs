//! The autotester: matches, referee, PGN, Elo and SPRT.
//!
//! The library holds the game-independent parts: statistics (`stats`),
//! PGN reading and writing (`pgn`), configuration files (`config`) and the
//! reports built from them (`report`). The binary in `main.rs` is a thin
//! command-line layer over these.

pub mod config;
pub mod pgn;
pub mod report;
pub mod stats;
