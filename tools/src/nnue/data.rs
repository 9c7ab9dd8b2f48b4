//! The training data: `datagen`'s games read from its folders (only the
//! games its index lists, so a folder a run is still writing reads
//! whole) or from single data files, then split into the positions
//! fitted and those held out, by game: the positions of one game are
//! alike, and holding out some of a game's positions while fitting the
//! others would measure memory, not chess.

use std::path::{Path, PathBuf};

use crate::datagen::read_games;
use crate::packed::{read_file, PackedPosition};

#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Read(String),
    #[error("{0}: no position found (a datagen folder holds done-SEED.txt indexes)")]
    Empty(PathBuf),
}

/// Every game of `paths`: a folder's games by seed and game number, a
/// file's runs of positions whose ply rises and whose result stays (how
/// `datagen` writes a game).
pub fn read_paths(paths: &[PathBuf]) -> Result<Vec<Vec<PackedPosition>>, DataError> {
    let mut games = Vec::new();
    for path in paths {
        let before = games.len();
        if path.is_dir() {
            for seed in seeds_in(path)? {
                let stored = read_games(path, seed).map_err(|e| DataError::Read(e.to_string()))?;
                games.extend(stored.into_values().map(|game| game.records));
            }
        } else {
            let positions = read_file(path).map_err(|e| DataError::Read(e.to_string()))?;
            games.extend(games_of(positions));
        }
        if games[before..].iter().all(Vec::is_empty) {
            return Err(DataError::Empty(path.clone()));
        }
    }
    Ok(games)
}

/// The seeds of a `datagen` folder's indexes (`done-SEED.txt`), in order.
fn seeds_in(dir: &Path) -> Result<Vec<u64>, DataError> {
    let io = |source| DataError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut seeds = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let name = entry.map_err(io)?.file_name();
        let seed: Option<u64> = name
            .to_str()
            .and_then(|n| n.strip_prefix("done-")?.strip_suffix(".txt")?.parse().ok());
        seeds.extend(seed);
    }
    seeds.sort_unstable();
    Ok(seeds)
}

/// A file's positions cut into games where the ply stops rising or the
/// result changes.
fn games_of(positions: Vec<PackedPosition>) -> Vec<Vec<PackedPosition>> {
    let mut games: Vec<Vec<PackedPosition>> = Vec::new();
    for pos in positions {
        match games.last_mut() {
            Some(game)
                if game
                    .last()
                    .is_some_and(|p| pos.ply() > p.ply() && pos.result() == p.result()) =>
            {
                game.push(pos)
            }
            _ => games.push(vec![pos]),
        }
    }
    games
}

/// Splits the games' positions into those fitted and a share `holdout`
/// of the games held out; which games are held out depends on their
/// order only.
pub fn split_by_game(
    games: &[Vec<PackedPosition>],
    holdout: f64,
) -> (Vec<PackedPosition>, Vec<PackedPosition>) {
    let (mut fitted, mut held) = (Vec::new(), Vec::new());
    for (number, game) in games.iter().enumerate() {
        if is_held_out(number as u64, holdout) {
            held.extend_from_slice(game);
        } else {
            fitted.extend_from_slice(game);
        }
    }
    (fitted, held)
}

/// Whether game number `game` is held out: a hash of the number, read as
/// a fraction, below `holdout`.
fn is_held_out(game: u64, holdout: f64) -> bool {
    let mixed = game
        .wrapping_add(1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(29)
        .wrapping_mul(0xBF58_476D_1CE4_E5B9);
    ((mixed >> 11) as f64 / (1u64 << 53) as f64) < holdout
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_cut_into_games_where_the_ply_falls_or_the_result_changes() {
        let pos = chess::Position::startpos();
        let at = |ply, result| PackedPosition::pack(&pos, 0, result, ply);
        let games = games_of(vec![at(8, 1), at(9, 1), at(8, 1), at(9, 2), at(10, 2)]);
        let lengths: Vec<usize> = games.iter().map(Vec::len).collect();
        assert_eq!(lengths, [2, 1, 2]);
    }
}
