//! The autotester: matches, referee, PGN, Elo and SPRT.
//!
//! - `stats`, `config`, `report`: statistics, configuration files and the
//!   reports built from the games;
//! - `referee`: the clock, adjudication and the game loop, written once
//!   against the game object (`workbench::DynGame`);
//! - `openings`, `schedule`, `plan`, `runner`: what is played, in which
//!   order, by how many workers, into which PGN;
//! - `cli`: fastchess-style flags, the depth ladder and its SVG graph;
//! - `tune`: SPSA tuning of an engine's options over matches.
//!
//! The engine client (processes, UCI with deadlines), PGN writing and
//! reading, and the decoding of text files are the `workbench` crate's,
//! shared with the web GUI. The binary in `main.rs` is a thin
//! command-line layer over these.

pub mod cli;
pub mod compliance;
pub mod config;
pub mod convert;
pub mod fingerprint;
pub mod identify;
pub mod live;
pub mod merge;
pub mod openings;
pub mod plan;
pub mod referee;
pub mod report;
pub mod runner;
pub mod schedule;
pub mod stats;
pub mod tune;
