//! Resuming: the games already in the output PGN are not played again.
//! A game is identified by its round and players, which the schedule makes
//! unique; unfinished (`*`) games are played again.

use crate::pgn::{self, GameResult, PgnFileError, PgnGame};
use std::collections::HashSet;
use std::path::Path;

/// Round, white, black.
pub type GameKey = (String, String, String);

pub fn key(round: u32, white: &str, black: &str) -> GameKey {
    (round.to_string(), white.to_string(), black.to_string())
}

/// The finished games of an existing PGN (none if the file is missing)
/// and their keys.
pub fn existing(path: &Path) -> Result<(Vec<PgnGame>, HashSet<GameKey>), PgnFileError> {
    if !path.exists() {
        return Ok((Vec::new(), HashSet::new()));
    }
    let games: Vec<PgnGame> = pgn::read_file(path)?
        .into_iter()
        .filter(|g| g.outcome() != GameResult::Unfinished)
        .collect();
    let keys = games
        .iter()
        .filter_map(|g| {
            Some((
                g.tag("Round")?.trim().to_string(),
                g.tag("White")?.to_string(),
                g.tag("Black")?.to_string(),
            ))
        })
        .collect();
    Ok((games, keys))
}
