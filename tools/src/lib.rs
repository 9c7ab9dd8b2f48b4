//! Offline tools over the game crates. `texel` (in `src/bin/texel.rs`)
//! tunes the chess evaluation by Texel's method:
//!
//! 1. [`extract`]: replay PGN games our autotester played, keep quiet
//!    positions ([`quiet`]) labelled with the game's result, write them as
//!    `FEN;result` lines ([`dataset`]);
//! 2. [`tune`]: trace each position through the engine's own evaluation
//!    (`chess::eval::trace`), fit the logistic scale `K`, then every
//!    linear weight by Adam on the mean squared error, and write the
//!    weights as Rust source ([`output`]) the engine compiles in.
//!
//! 3. [`net`]: train the small network that corrects the tuned
//!    evaluation (`chess::eval::net`) on the same data.
//!
//! `datagen` (in `src/bin/datagen.rs`) plays the engine against itself
//! and writes training positions for a chess network ([`datagen`]) as
//! 32-byte records ([`packed`]).
//!
//! [`rescore`] gives those records a stronger UCI engine's judgement as
//! their score.
//!
//! The recipes, with commands and figures, are in `tools/README.md`.

pub mod datagen;
pub mod dataset;
pub mod extract;
pub mod label;
pub mod net;
pub mod nnue;
pub mod output;
pub mod packed;
pub mod quiet;
pub mod rescore;
pub mod tune;
