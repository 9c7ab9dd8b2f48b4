//! FEN parsing and printing, with a typed error for every malformed field.
//!
//! The castling field is read in all three forms: standard (`KQkq`),
//! X-FEN (`K` and `Q` name the outermost rook on that side of the king, a
//! file letter names another: `KQkq`, `EQeq`) and Shredder-FEN (the
//! rooks' files: `HAha`). Capitals are White's. [`Position::fen`] writes
//! X-FEN, which is plain `KQkq` for standard chess;
//! [`Position::shredder_fen`] writes Shredder-FEN.

use std::fmt::Write as _;

use crate::bitboard::Bitboard;
use crate::castling::{CastleRooks, CastleSide, CastlingRights};
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
    #[error("castling field '{0}' is not '-', letters from 'KQkq' (X-FEN) or rook files like 'HAha' (Shredder-FEN), each once and at most one per side of each king")]
    BadCastling(String),
    #[error("castling right '{0}' needs the king on its first rank and a rook of its colour there on that side of the king (or on that file)")]
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
        let (castling, rooks) = parse_castling(fields[2], &pos)?;
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
        pos.setup_finish(side, castling, rooks, ep, halfmove, fullmove);
        validate_checks(&pos)?;
        Ok(pos)
    }

    /// The FEN of this position, castling in X-FEN (`KQkq` for standard
    /// chess, a rook's file where `K` or `Q` would name another rook). The
    /// en passant square is written only when an en passant capture is
    /// legal (as python-chess and lichess do).
    pub fn fen(&self) -> String {
        self.fen_with(false)
    }

    /// The FEN with castling in Shredder-FEN: the castling rooks' files
    /// (`HAha` for the standard start).
    pub fn shredder_fen(&self) -> String {
        self.fen_with(true)
    }

    fn fen_with(&self, shredder: bool) -> String {
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
            castling_field(self, shredder),
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

fn parse_castling(field: &str, pos: &Position) -> Result<(CastlingRights, CastleRooks), FenError> {
    let mut rights = CastlingRights::NONE;
    let mut rooks = CastleRooks::STANDARD;
    if field == "-" {
        return Ok((rights, rooks));
    }
    let bad = || FenError::BadCastling(field.to_string());
    let syntax_ok = !field.is_empty()
        && field
            .chars()
            .all(|c| matches!(c, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h'))
        && field
            .chars()
            .enumerate()
            .all(|(i, c)| !field[..i].contains(c));
    if !syntax_ok {
        return Err(bad());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let (side, rook) =
            castling_rook(pos, color, c).ok_or(FenError::CastlingWithoutPieces(c))?;
        if rights.has(color, side) {
            return Err(bad());
        }
        rights.set(color, side);
        rooks.set(color, side, rook);
    }
    Ok((rights, rooks))
}

/// The side and rook square that castling letter `c` names for `color`:
/// `K`/`Q` the outermost rook on that side of the king, a file letter the
/// rook on that file. `None` without a king on the first rank or such a
/// rook there.
fn castling_rook(pos: &Position, color: Color, c: char) -> Option<(CastleSide, Square)> {
    let rank = back_rank(color);
    let back_rank = Bitboard::rank(rank);
    // `first` rather than `king`: the king count is checked only later.
    let king = (pos.pieces(color, Role::King) & back_rank).first()?;
    let rooks = pos.pieces(color, Role::Rook) & back_rank;
    match c.to_ascii_lowercase() {
        'k' => {
            let outermost = rooks.into_iter().filter(|r| r.file() > king.file()).max()?;
            Some((CastleSide::King, outermost))
        }
        'q' => {
            let outermost = rooks.into_iter().filter(|r| r.file() < king.file()).min()?;
            Some((CastleSide::Queen, outermost))
        }
        letter => {
            let file = File::from_char(letter)?;
            let rook = Square::from_coords(file, rank);
            (rooks.contains(rook) && file != king.file())
                .then(|| (CastleSide::of(king.file(), file), rook))
        }
    }
}

fn back_rank(color: Color) -> Rank {
    color.fold(Rank::FIRST, Rank::EIGHTH)
}

/// The castling field: X-FEN (`K`/`Q` for an outermost rook, else its
/// file), or Shredder-FEN (always the file); `-` without rights.
fn castling_field(pos: &Position, shredder: bool) -> String {
    let mut field = String::new();
    for color in Color::ALL {
        for side in CastleSide::BOTH {
            let Some(rook) = pos.castle_rook(color, side) else {
                continue;
            };
            let c = if !shredder && is_outermost(pos, color, side, rook) {
                match side {
                    CastleSide::King => 'K',
                    CastleSide::Queen => 'Q',
                }
            } else {
                rook.file().char().to_ascii_uppercase()
            };
            field.push(color.fold(c, c.to_ascii_lowercase()));
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    field
}

/// Whether no rook of `color` stands farther out on its first rank than
/// `rook`, on the `side` of the king.
fn is_outermost(pos: &Position, color: Color, side: CastleSide, rook: Square) -> bool {
    let back_rank = Bitboard::rank(back_rank(color));
    (pos.pieces(color, Role::Rook) & back_rank)
        .into_iter()
        .all(|other| match side {
            CastleSide::King => other.file() <= rook.file(),
            CastleSide::Queen => other.file() >= rook.file(),
        })
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
