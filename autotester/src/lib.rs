//! The autotester: matches, referee, PGN, Elo and SPRT.
//!
//! - `stats`, `pgn`, `config`, `report`: statistics, PGN reading and
//!   writing, configuration files and the reports built from them;
//! - `engine`: engine processes and the UCI exchange with deadlines;
//! - `referee`: the clock, adjudication and the game loop, generic over
//!   the game;
//! - `openings`, `schedule`, `plan`, `runner`: what is played, in which
//!   order, by how many workers, into which PGN;
//! - `cli`: fastchess-style flags, the depth ladder and its SVG graph;
//! - `text`: how text files are decoded (byte-order mark, bad bytes).
//!
//! The binary in `main.rs` is a thin command-line layer over these.

pub mod cli;
pub mod config;
pub mod engine;
pub mod openings;
pub mod pgn;
pub mod plan;
pub mod referee;
pub mod report;
pub mod runner;
pub mod schedule;
pub mod stats;
pub mod text;
