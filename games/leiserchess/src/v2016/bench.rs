//! Fixed positions for the `bench` command under the 2016 rules: the start
//! position and positions from seeded random games
//! (`examples/genbench.rs --2016`).

/// The depth of `bench`.
pub const DEPTH: u32 = 7;

/// Bench positions (FEN).
pub const POSITIONS: &[&str] = &[super::START_FEN];
