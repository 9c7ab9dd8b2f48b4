//! Resuming: the games already in the output PGN are not played again.
//! A game is identified by its round and players, which the schedule makes
//! unique; unfinished (`*`) games are played again. The games read become
//! the runner's records ([`GameRecord`]) once, here.
//!
//! The tester writes each game whole, so only a kill in mid-write can
//! leave a broken last game; it is cut off (and played again) rather than
//! making the file unusable.

use crate::report::GameRecord;
use std::collections::HashSet;
use std::path::Path;
use workbench::pgn::reader::{read_regular, MAX_FILE_BYTES};
use workbench::pgn::{read_games, GameResult, PgnError, PgnFileError, PgnGame};

/// Round, white, black.
pub type GameKey = (String, String, String);

pub fn key(round: u32, white: &str, black: &str) -> GameKey {
    (round.to_string(), white.to_string(), black.to_string())
}

/// What an existing output PGN holds.
#[derive(Debug, Default)]
pub struct Existing {
    /// Finished games, as read (their fingerprints are checked).
    pub games: Vec<PgnGame>,
    /// The same games, as the runner counts them.
    pub records: Vec<GameRecord>,
    pub keys: HashSet<GameKey>,
    /// Bytes of a broken last game that were cut off.
    pub cut: usize,
}

/// Where the last game starts: the last `[Event ` at the start of a line.
fn last_game_start(text: &str) -> Option<usize> {
    if text.starts_with("[Event ") && !text[1..].contains("\n[Event ") {
        return Some(0);
    }
    text.rfind("\n[Event ").map(|i| i + 1)
}

/// Whether `tail` is one complete game as we write them (with a result
/// marker at the end of its movetext).
fn is_complete(tail: &str) -> bool {
    matches!(read_games(tail).as_deref(), Ok([g]) if g.result.is_some())
}

/// The text to keep: all of it, or all but a broken last game.
fn repaired(text: &str) -> Result<&str, PgnError> {
    match last_game_start(text) {
        Some(start) if !is_complete(&text[start..]) => {
            let head = &text[..start];
            read_games(head)?;
            Ok(head)
        }
        _ => {
            read_games(text)?;
            Ok(text)
        }
    }
}

/// Reads the finished games of an existing PGN (none if the file is
/// missing), cutting off a broken last game.
pub fn existing(path: &Path) -> Result<Existing, PgnFileError> {
    if !path.exists() || super::pgn_file::discards(path) {
        return Ok(Existing::default());
    }
    let io = |source| PgnFileError::Io {
        path: path.to_path_buf(),
        source,
    };
    // Bounded and regular files only: `-pgnout file=/dev/zero` once read
    // until the OOM killer came, and a FIFO blocked for ever.
    let bytes = read_regular(path, MAX_FILE_BYTES).map_err(io)?;
    let text = workbench::text::decode(&bytes);
    let keep = repaired(&text).map_err(|source| PgnFileError::Parse {
        path: path.to_path_buf(),
        source,
    })?;
    let cut = text.len() - keep.len();
    if cut > 0 {
        std::fs::write(path, keep).map_err(io)?;
    }
    let games: Vec<PgnGame> = read_games(keep)
        .map_err(|source| PgnFileError::Parse {
            path: path.to_path_buf(),
            source,
        })?
        .into_iter()
        .filter(|g| g.outcome() != GameResult::Unfinished)
        .collect();
    let records = GameRecord::all_of(&games);
    let keys = records
        .iter()
        .map(|g| (g.round.trim().to_string(), g.white.clone(), g.black.clone()))
        .collect();
    Ok(Existing {
        games,
        records,
        keys,
        cut,
    })
}

#[cfg(test)]
mod tests {
    use super::{existing, repaired};

    const ONE: &str = "[Event \"e\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 {book} 1-0\n\n";

    #[test]
    fn a_broken_last_game_is_cut_off() {
        let two = format!("{ONE}{}", ONE.replace("\"1\"", "\"2\""));
        assert_eq!(repaired(&two), Ok(two.as_str()));
        // Cut inside a comment, inside the tags, or before the result.
        for cut in [ONE.len() + 70, ONE.len() + 20, two.len() - 6] {
            assert_eq!(repaired(&two[..cut]), Ok(ONE), "cut at {cut}");
        }
        // Damage earlier in the file is not ours to repair.
        let bad = format!("[Event \"x\"]\n[Broken tag]\n1. e4 1-0\n\n{ONE}");
        assert!(repaired(&bad).is_err());
    }

    #[test]
    fn existing_games_keys_and_repair_on_disk() {
        let dir = std::env::temp_dir().join(format!("autotester-resume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.pgn");
        assert!(existing(&path).unwrap().games.is_empty());
        std::fs::write(
            &path,
            format!("{ONE}[Event \"e\"]\n[Round \"2\"]\n\n1. d4 {{bo"),
        )
        .unwrap();
        let e = existing(&path).unwrap();
        assert_eq!(e.games.len(), 1);
        assert!(e.keys.contains(&("1".into(), "a".into(), "b".into())));
        assert!(e.cut > 0);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), ONE);

        // A PGN edited on Windows may start with a byte-order mark, even
        // when its only game was left half-written.
        std::fs::write(&path, format!("\u{feff}{ONE}")).unwrap();
        let e = existing(&path).unwrap();
        assert_eq!((e.games.len(), e.cut), (1, 0));
        assert!(e.keys.contains(&("1".into(), "a".into(), "b".into())));
        std::fs::write(&path, format!("\u{feff}{}", &ONE[..ONE.len() - 6])).unwrap();
        let e = existing(&path).unwrap();
        assert!(e.games.is_empty() && e.cut > 0);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "");
        std::fs::remove_dir_all(&dir).ok();
    }
}
