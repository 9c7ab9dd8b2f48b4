//! `autotester merge`: joins the PGNs of a run's shards into one file.
//! Every game must carry the same fingerprint (`crate::fingerprint`):
//! pieces of different runs are refused, naming the file and the setting.
//! A game found twice (same round, White and Black: a shard rerun, or a
//! file given twice) is kept once. Games are written in round order, as a
//! single run plays them, so the merged file rates like one.

use crate::fingerprint::{Fingerprint, TAG};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use thiserror::Error;
use workbench::pgn::{read_file, write_game, GameResult, PgnFileError, PgnGame};

#[derive(Debug, Error)]
pub enum MergeError {
    #[error(transparent)]
    Read(#[from] PgnFileError),
    #[error("{path}: game {index} (round {round}) has no fingerprint: it was not written by this autotester's run, so it cannot be checked; merge only shards of one run")]
    NoFingerprint {
        path: PathBuf,
        index: usize,
        round: String,
    },
    #[error("{path} belongs to another run than {first}: {differences}")]
    Mismatch {
        path: PathBuf,
        first: PathBuf,
        differences: String,
    },
    #[error("no finished games in the files given")]
    Empty,
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What a merge did.
#[derive(Debug)]
pub struct Merged {
    pub games: Vec<PgnGame>,
    pub duplicates: usize,
    pub unfinished: usize,
}

/// The round number of a game, for ordering (`?` last).
fn round_of(g: &PgnGame) -> u64 {
    g.tag("Round")
        .and_then(|r| r.trim().parse().ok())
        .unwrap_or(u64::MAX)
}

/// Reads and checks `paths`; the finished games of one run, each once.
pub fn merge(paths: &[PathBuf]) -> Result<Merged, MergeError> {
    let mut first: Option<(Fingerprint, String, &Path)> = None;
    let mut seen = HashSet::new();
    let mut merged = Merged {
        games: Vec::new(),
        duplicates: 0,
        unfinished: 0,
    };
    for path in paths {
        for (index, game) in read_file(path)?.into_iter().enumerate() {
            let round = game.tag("Round").unwrap_or("?").trim().to_string();
            let tag = game.tag(TAG).map(str::to_string);
            let parsed = tag.as_deref().map(str::parse::<Fingerprint>);
            let (Some(tag), Some(Ok(fingerprint))) = (tag, parsed) else {
                return Err(MergeError::NoFingerprint {
                    path: path.clone(),
                    index: index + 1,
                    round,
                });
            };
            match &first {
                None => first = Some((fingerprint, tag, path)),
                Some((f, t, p)) if *t != tag => {
                    let found = fingerprint.differences(f);
                    return Err(MergeError::Mismatch {
                        path: path.clone(),
                        first: p.to_path_buf(),
                        differences: if found.is_empty() {
                            "other settings".into()
                        } else {
                            found.join(", ")
                        },
                    });
                }
                Some(_) => {}
            }
            if game.outcome() == GameResult::Unfinished {
                merged.unfinished += 1;
                continue;
            }
            let key = (
                round,
                game.tag("White").unwrap_or("?").to_string(),
                game.tag("Black").unwrap_or("?").to_string(),
            );
            if seen.insert(key) {
                merged.games.push(game);
            } else {
                merged.duplicates += 1;
            }
        }
    }
    if merged.games.is_empty() {
        return Err(MergeError::Empty);
    }
    // Stable: within a round, the order the shard played.
    merged.games.sort_by_key(round_of);
    Ok(merged)
}

/// `games` with each exact duplicate (same tags, moves and result: a file
/// given twice, or a shard's games appended again) kept once, in file
/// order, and how many were dropped. `elo` reads any PGN, with or without
/// fingerprints and rounds, so only a game identical in every tag counts.
pub fn drop_exact_duplicates(games: Vec<PgnGame>) -> (Vec<PgnGame>, usize) {
    let mut seen = HashSet::new();
    let before = games.len();
    let kept: Vec<PgnGame> = games
        .into_iter()
        .filter(|g| {
            let moves: Vec<String> = g.moves.iter().map(|m| m.text.clone()).collect();
            seen.insert((g.tags.clone(), moves, g.outcome().to_string()))
        })
        .collect();
    let dropped = before - kept.len();
    (kept, dropped)
}

/// Writes the merged games to `out` (through a temporary file, so that
/// `out` may be one of the inputs).
pub fn write(out: &Path, games: &[PgnGame]) -> Result<(), MergeError> {
    let text: String = games.iter().map(write_game).collect();
    let mut tmp = out.as_os_str().to_owned();
    tmp.push(".merging");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, out))
        .map_err(|source| MergeError::Write {
            path: out.to_path_buf(),
            source,
        })
}
