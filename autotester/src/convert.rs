//! `autotester convert`: rewrites Leiserchess records written with ranks
//! 1 to 8, this project's notation before it took MIT's 2018 numbering,
//! into ranks 0 to 7 (rule 1.1 of `docs/leiserchess-rules.md`). Every
//! converted game is replayed under the 2018 rules, so a file that is not
//! in the old numbering (a chess record, one already converted, one of
//! MIT's own) is refused with the game and move that show it.

use crate::config::GameKind;
use leiserchess::notation::from_old_numbering;
use std::path::{Path, PathBuf};
use thiserror::Error;
use workbench::pgn::{read_file, PgnFileError, PgnGame};

#[derive(Debug, Error)]
pub enum ConvertError {
    #[error(transparent)]
    Read(#[from] PgnFileError),
    #[error("{path}: game {index} (round {round}): {reason}; nothing was written")]
    NotOld {
        path: PathBuf,
        index: usize,
        round: String,
        reason: String,
    },
}

/// What a conversion did.
#[derive(Debug)]
pub struct Converted {
    pub games: Vec<PgnGame>,
    /// Games whose moves were renamed.
    pub converted: usize,
    /// Games of the 2016 rules, which always numbered ranks 0 to 7: kept.
    pub kept: usize,
}

/// Reads `path` and renames the moves of every 2018 game.
pub fn convert(path: &Path) -> Result<Converted, ConvertError> {
    let mut done = Converted {
        games: Vec::new(),
        converted: 0,
        kept: 0,
    };
    for (index, mut game) in read_file(path)?.into_iter().enumerate() {
        if game.variant().and_then(GameKind::of_variant) == Some(GameKind::Leiserchess2016) {
            done.kept += 1;
        } else {
            rename_moves(&mut game).map_err(|reason| ConvertError::NotOld {
                path: path.to_path_buf(),
                index: index + 1,
                round: game.tag("Round").unwrap_or("?").to_string(),
                reason,
            })?;
            done.converted += 1;
        }
        done.games.push(game);
    }
    Ok(done)
}

/// Renames every move of a 2018 game to ranks 0 to 7, replaying it.
fn rename_moves(game: &mut PgnGame) -> Result<(), String> {
    let rules = GameKind::Leiserchess.game();
    let mut position = match game.tag("FEN") {
        Some(fen) => rules.open(fen).map_err(|e| format!("FEN: {e}"))?,
        None => rules.start(),
    };
    for (i, mv) in game.moves.iter_mut().enumerate() {
        let old = mv.text.trim();
        let renamed = from_old_numbering(old).ok_or_else(|| {
            format!(
                "move {} ({old}) is not in the numbering 1 to 8 (already converted, or not Leiserchess?)",
                i + 1
            )
        })?;
        position
            .parse(&renamed)
            .and_then(|legal| position.make(legal))
            .map_err(|e| format!("move {} ({old}, as {renamed}): {e}", i + 1))?;
        mv.text = renamed;
    }
    Ok(())
}
