//! Fixed positions for the `bench` command.

/// The start position and positions from seeded random games.
pub const POSITIONS: &[&str] = &[crate::fen::START_FEN];
