//! FEN in and out (rule 7.2), with a typed error for every malformed input.

use std::fmt::Write as _;

use search::Side;

use crate::board::Board;
use crate::piece::Piece;
use crate::position::Position;
use crate::square::Square;

/// The starting position (rule 7.2).
pub const START_FEN: &str = "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W";

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("empty FEN")]
    Empty,
    #[error("the board has {0} ranks, expected 8")]
    RankCount(usize),
    #[error("rank {rank} covers {width} squares, expected 8")]
    RankWidth { rank: u8, width: usize },
    #[error("unknown piece code '{code}' on rank {rank}")]
    UnknownPiece { rank: u8, code: String },
    #[error("missing side to move")]
    MissingSide,
    #[error("side to move must be 'W' or 'B', found '{0}'")]
    BadSide(String),
    #[error("unexpected text after the side to move: '{0}'")]
    TrailingText(String),
    #[error("{side} has {count} kings, expected exactly one")]
    KingCount { side: &'static str, count: usize },
}

/// What differs between the FENs of the rule sets: whether `w` and `b`
/// are read as sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenDialect {
    pub lower_case_side: bool,
}

impl FenDialect {
    /// Rule 7.2: sides `W` and `B` only.
    pub const RULES_2018: FenDialect = FenDialect {
        lower_case_side: false,
    };
}

/// Parses a FEN into a position (fifty-move count 0, rule 5.2).
pub fn parse(text: &str) -> Result<Position, FenError> {
    parse_dialect(text, FenDialect::RULES_2018)
}

/// [`parse`] in a rule set's dialect.
pub fn parse_dialect(text: &str, dialect: FenDialect) -> Result<Position, FenError> {
    let mut fields = text.split_whitespace();
    let placement = fields.next().ok_or(FenError::Empty)?;
    let side = match fields.next() {
        None => return Err(FenError::MissingSide),
        Some("W") => Side::White,
        Some("B") => Side::Black,
        Some("w") if dialect.lower_case_side => Side::White,
        Some("b") if dialect.lower_case_side => Side::Black,
        Some(other) => return Err(FenError::BadSide(other.to_string())),
    };
    if let Some(extra) = fields.next() {
        return Err(FenError::TrailingText(extra.to_string()));
    }

    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut board = Board::empty();
    let mut kings = [0usize; 2];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0usize;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                file += n as usize;
                continue;
            }
            let code: String = match chars.next() {
                Some(second) => [c, second].iter().collect(),
                None => c.to_string(),
            };
            let piece = Piece::from_fen_code(&code).ok_or(FenError::UnknownPiece { rank, code })?;
            if file >= 8 {
                return Err(FenError::RankWidth {
                    rank,
                    width: file + 1,
                });
            }
            if piece.is_king() {
                kings[piece.colour_index()] += 1;
            }
            if let Some(sq) = Square::new(file as u8, rank) {
                board.set(sq.cell(), piece);
            }
            file += 1;
        }
        if file != 8 {
            return Err(FenError::RankWidth { rank, width: file });
        }
    }
    for (side, name) in [(Side::White, "Tangerine"), (Side::Black, "Lavender")] {
        let count = kings[side.index()];
        if count != 1 {
            return Err(FenError::KingCount { side: name, count });
        }
    }
    Ok(Position::new(board, side))
}

/// Writes the FEN of a position (board and side to move).
pub fn format(position: &Position) -> String {
    let board = position.board();
    let mut out = String::with_capacity(64);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            match board.piece_on(sq).fen_code() {
                None => empty += 1,
                Some(code) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push_str(&code);
                }
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(match position.side_to_move() {
        Side::White => 'W',
        Side::Black => 'B',
    });
    out
}
