//! From PGN games to labelled quiet positions.
//!
//! Games are taken in the order of their `Round` tag (then White, Black),
//! so the output does not depend on the order in which concurrent games
//! finished and were written. Each game is replayed from its `FEN` tag or
//! the start position; every position before a move, from ply
//! `skip_plies` on (the random opening and its aftermath), is kept when
//! it is quiet ([`crate::quiet::is_quiet`]: not in check, quiescence score
//! equal to the static evaluation) and not already kept (by Zobrist
//! key), labelled with the game's result. Unfinished games are skipped.

use std::collections::HashSet;

use chess::Chess;
use search::Rules;
use workbench::pgn::PgnGame;

use crate::dataset::{label_of, Labelled};
use crate::quiet::is_quiet;

/// What `extract` keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtractOptions {
    /// Plies skipped at the start of each game.
    pub skip_plies: usize,
}

impl Default for ExtractOptions {
    fn default() -> Self {
        ExtractOptions { skip_plies: 16 }
    }
}

/// Counts for the report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtractStats {
    pub games: usize,
    pub unfinished: usize,
    pub positions_seen: usize,
    pub not_quiet: usize,
    pub duplicates: usize,
    pub kept: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum ExtractError {
    #[error("game {game} (round {round}): bad FEN tag: {source}")]
    Fen {
        game: usize,
        round: String,
        source: chess::FenError,
    },
    #[error("game {game} (round {round}), ply {ply}: move '{text}': {source}")]
    Move {
        game: usize,
        round: String,
        ply: usize,
        text: String,
        source: chess::MoveParseError,
    },
}

/// The sort key of a game: round number (numeric where it is one), then
/// the players.
fn order_key(game: &PgnGame) -> (u64, String, String, String) {
    let round = game.tag("Round").unwrap_or("");
    (
        round.parse().unwrap_or(u64::MAX),
        round.to_string(),
        game.tag("White").unwrap_or("").to_string(),
        game.tag("Black").unwrap_or("").to_string(),
    )
}

/// Every kept position of `games`, labelled, and the counts.
pub fn extract(
    games: &[PgnGame],
    options: ExtractOptions,
) -> Result<(Vec<Labelled>, ExtractStats), ExtractError> {
    let mut order: Vec<(usize, &PgnGame)> = games.iter().enumerate().collect();
    order.sort_by_cached_key(|(_, g)| order_key(g));
    let mut stats = ExtractStats::default();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (number, game) in order {
        stats.games += 1;
        let Some(result) = label_of(game.outcome()) else {
            stats.unfinished += 1;
            continue;
        };
        let round = game.tag("Round").unwrap_or("?").to_string();
        let mut board = match game.tag("FEN") {
            Some(fen) => Chess::from_fen(fen).map_err(|source| ExtractError::Fen {
                game: number + 1,
                round: round.clone(),
                source,
            })?,
            None => Chess::default(),
        };
        for (ply, mv) in game.moves.iter().enumerate() {
            if ply >= options.skip_plies {
                stats.positions_seen += 1;
                if !is_quiet(&mut board) {
                    stats.not_quiet += 1;
                } else if !seen.insert(board.position().hash()) {
                    stats.duplicates += 1;
                } else {
                    out.push(Labelled {
                        position: *board.position(),
                        result,
                    });
                }
            }
            let parsed = board
                .parse_move(&mv.text)
                .map_err(|source| ExtractError::Move {
                    game: number + 1,
                    round: round.clone(),
                    ply: ply + 1,
                    text: mv.text.clone(),
                    source,
                })?;
            board.make(parsed);
        }
    }
    stats.kept = out.len();
    Ok((out, stats))
}
