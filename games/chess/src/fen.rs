//! FEN parsing and printing, with a typed error for every malformed field.

use std::fmt::Write as _;

use crate::bitboard::Bitboard;
use crate::castling::{castle_squares, CastleSide, CastlingRights};
use crate::color::Color;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::{File, Rank, Square};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("empty FEN")]
    Empty,
    #[error("FEN has {0} fields; expected 6 (board, side, castling, en passant, halfmove clock, fullmove number) or the first 4")]
    FieldCount(usize),
    #[error("board has {0} ranks; expected 8 separated by '/'")]
    RankCount(usize),
    #[error("rank {rank} of the board covers {squares} squares; expected 8")]
    RankWidth { rank: char, squares: usize },
    #[error("invalid character '{0}' in the board field")]
    BadBoardChar(char),
    #[error("side to move '{0}' is not 'w' or 'b'")]
    BadSide(String),
    #[error("castling field '{0}' is not '-' or a combination of 'KQkq'")]
    BadCastling(String),
    #[error("castling right '{0}' needs the king and that rook on their starting squares")]
    CastlingWithoutPieces(char),
    #[error("en passant field '{0}' is not '-' or a square on rank 3 or 6")]
    BadEnPassant(String),
    #[error("en passant square {0} does not follow a double pawn push of the side not to move")]
    ImpossibleEnPassant(String),
    #[error("halfmove clock '{0}' is not a number from 0 to 65535")]
    BadHalfmoveClock(String),
    #[error("fullmove number '{0}' is not a number from 1 to 65535")]
    BadFullmoveNumber(String),
    #[error("{color} has {count} kings; expected exactly one")]
    KingCount { color: &'static str, count: u32 },
    #[error("{0} has more than 16 pieces")]
    TooManyPieces(&'static str),
    #[error("pawn on the first or last rank ({0})")]
    PawnOnBackRank(Square),
    #[error("the side not to move is in check")]
    OpponentInCheck,
    #[error("the side to move is in check from {0} pieces; at most two is possible")]
    TooManyCheckers(u32),
}

fn color_name(color: Color) -> &'static str {
    color.fold("white", "black")
}

impl Position {
    /// Parses a FEN. The halfmove clock and fullmove number may be left out
    /// (EPD style); they then default to 0 and 1.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if !(fields.len() == 4 || fields.len() == 6) {
            return Err(FenError::FieldCount(fields.len()));
        }

        let mut pos = Position::empty();
        parse_board(fields[0], &mut pos)?;

        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };
        let castling = parse_castling(fields[2], &pos)?;
        let ep = parse_en_passant(fields[3], &pos, side)?;
        let (halfmove, fullmove) = if fields.len() == 6 {
            let halfmove = fields[4]
                .parse::<u16>()
                .map_err(|_| FenError::BadHalfmoveClock(fields[4].to_string()))?;
            let fullmove = fields[5]
                .parse::<u16>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| FenError::BadFullmoveNumber(fields[5].to_string()))?;
            (halfmove, fullmove)
        } else {
            (0, 1)
        };

        validate_material(&pos)?;
        pos.setup_finish(side, castling, ep, halfmove, fullmove);
        validate_checks(&pos)?;
        Ok(pos)
    }

    /// The FEN of this position. The en passant square is written only when
    /// an en passant capture is legal (as python-chess and lichess do).
    pub fn fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let sq = Square::new_unchecked(rank * 8 + file);
                match self.piece_at(sq) {
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(fen, "{empty}");
                            empty = 0;
                        }
                        fen.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(fen, "{empty}");
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let ep = self
            .ep_square()
            .map_or_else(|| "-".to_string(), |sq| sq.to_string());
        let _ = write!(
            fen,
            " {} {} {} {} {}",
            self.side_to_move().char(),
            self.castling_rights().fen(),
            ep,
            self.halfmove_clock(),
            self.fullmove_number()
        );
        fen
    }
}

fn parse_board(board: &str, pos: &mut Position) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - i as u8).expect("eight ranks");
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip as usize;
            } else if let Some(piece) = Piece::from_char(c) {
                if file < 8 {
                    let sq = Square::from_coords(File::new(file as u8).expect("file < 8"), rank);
                    pos.setup_put(piece, sq);
                }
                file += 1;
            } else {
                return Err(FenError::BadBoardChar(c));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(FenError::RankWidth {
                rank: rank.char(),
                squares: file,
            });
        }
    }
    Ok(())
}

fn parse_castling(field: &str, pos: &Position) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::NONE;
    if field == "-" {
        return Ok(rights);
    }
    let syntax_ok = !field.is_empty()
        && field.chars().all(|c| "KQkq".contains(c))
        && field
            .chars()
            .enumerate()
            .all(|(i, c)| !field[..i].contains(c));
    if !syntax_ok {
        return Err(FenError::BadCastling(field.to_string()));
    }
    for c in field.chars() {
        let (color, side) = match c {
            'K' => (Color::White, CastleSide::King),
            'Q' => (Color::White, CastleSide::Queen),
            'k' => (Color::Black, CastleSide::King),
            'q' => (Color::Black, CastleSide::Queen),
            _ => return Err(FenError::BadCastling(field.to_string())),
        };
        let [king, _, rook, _] = castle_squares(color, side);
        if !pos.pieces(color, Role::King).contains(king)
            || !pos.pieces(color, Role::Rook).contains(rook)
        {
            return Err(FenError::CastlingWithoutPieces(c));
        }
        rights.set(color, side);
    }
    Ok(rights)
}

/// The en passant square, if the field names one that a double push by the
/// side not to move could have produced (the FEN standard writes it after
/// every double push, capture possible or not).
fn parse_en_passant(field: &str, pos: &Position, side: Color) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let sq = Square::parse(field).ok_or_else(|| FenError::BadEnPassant(field.to_string()))?;
    let expected_rank = side.fold(5, 2);
    if sq.rank().index() != expected_rank {
        return Err(FenError::BadEnPassant(field.to_string()));
    }
    let forward: i8 = side.fold(8, -8);
    let pushed_to = sq.offset_unchecked(-forward);
    let pushed_from = sq.offset_unchecked(forward);
    let occupied = pos.occupied();
    if !pos.pieces(!side, Role::Pawn).contains(pushed_to)
        || occupied.contains(sq)
        || occupied.contains(pushed_from)
    {
        return Err(FenError::ImpossibleEnPassant(field.to_string()));
    }
    Ok(Some(sq))
}

fn validate_material(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let kings = pos.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(FenError::KingCount {
                color: color_name(color),
                count: kings,
            });
        }
        if pos.color_bb(color).count() > 16 {
            return Err(FenError::TooManyPieces(color_name(color)));
        }
    }
    if let Some(sq) = (pos.role_bb(Role::Pawn) & Bitboard::BACK_RANKS).first() {
        return Err(FenError::PawnOnBackRank(sq));
    }
    Ok(())
}

fn validate_checks(pos: &Position) -> Result<(), FenError> {
    let us = pos.side_to_move();
    let their_king = pos.king(!us);
    if pos.is_attacked(their_king, us, pos.occupied()) {
        return Err(FenError::OpponentInCheck);
    }
    let checkers = pos.checkers().count();
    if checkers > 2 {
        return Err(FenError::TooManyCheckers(checkers));
    }
    Ok(())
}
