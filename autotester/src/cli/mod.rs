//! Command-line front ends beyond clap's: fastchess-style flags, the
//! depth ladder and its SVG graph.

pub mod flags;
pub mod ladder;
pub mod match_flags;
pub mod svg;
pub mod tc;
