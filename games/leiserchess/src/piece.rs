//! Pieces packed in one byte (colour, kind, orientation).
//!
//! Layout: bits 0–1 orientation, bits 2–3 kind, bit 4 colour
//! (0 = Tangerine/White, 1 = Lavender/Black). The empty square is 0 and the
//! sentinel around the board (rule 1.4) is its own kind, so one table lookup
//! on the byte tells the laser what to do.

use search::Side;

/// What stands on a mailbox cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Empty = 0,
    Pawn = 1,
    King = 2,
    Sentinel = 3,
}

/// Number of distinct piece bytes (for tables indexed by piece).
pub const PIECE_CODES: usize = 32;

/// A packed piece (or the empty square, or a sentinel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Piece(u8);

/// A rotation of a piece (rule 2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rotation {
    /// Clockwise by 90°.
    Right,
    /// 180°.
    UTurn,
    /// Counter-clockwise by 90°.
    Left,
}

impl Rotation {
    pub const ALL: [Rotation; 3] = [Rotation::Right, Rotation::UTurn, Rotation::Left];

    /// Quarter turns clockwise.
    #[inline]
    pub const fn quarters(self) -> u8 {
        match self {
            Rotation::Right => 1,
            Rotation::UTurn => 2,
            Rotation::Left => 3,
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Rotation::Right => 'R',
            Rotation::UTurn => 'U',
            Rotation::Left => 'L',
        }
    }

    pub fn from_letter(c: char) -> Option<Rotation> {
        match c {
            'R' => Some(Rotation::Right),
            'U' => Some(Rotation::UTurn),
            'L' => Some(Rotation::Left),
            _ => None,
        }
    }
}

/// King orientation names (rule 2.2), indexed by orientation; clockwise.
pub const KING_ORIENTATIONS: [&str; 4] = ["NN", "EE", "SS", "WW"];
/// Pawn orientation names (rule 2.3), indexed by orientation; clockwise.
pub const PAWN_ORIENTATIONS: [&str; 4] = ["NW", "NE", "SE", "SW"];

impl Piece {
    pub const EMPTY: Piece = Piece(0);
    pub const SENTINEL: Piece = Piece((Kind::Sentinel as u8) << 2);

    #[inline]
    pub const fn new(side: Side, kind: Kind, orientation: u8) -> Piece {
        debug_assert!(orientation < 4);
        let colour = match side {
            Side::White => 0,
            Side::Black => 1,
        };
        Piece((colour << 4) | ((kind as u8) << 2) | (orientation & 3))
    }

    #[inline]
    pub const fn pawn(side: Side, orientation: u8) -> Piece {
        Piece::new(side, Kind::Pawn, orientation)
    }

    #[inline]
    pub const fn king(side: Side, orientation: u8) -> Piece {
        Piece::new(side, Kind::King, orientation)
    }

    /// The piece with this raw byte (`0..32`).
    #[inline]
    pub const fn from_code(code: u8) -> Piece {
        debug_assert!((code as usize) < PIECE_CODES);
        Piece(code & 31)
    }

    /// The raw byte, for tables indexed by piece.
    #[inline]
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn kind(self) -> Kind {
        match (self.0 >> 2) & 3 {
            0 => Kind::Empty,
            1 => Kind::Pawn,
            2 => Kind::King,
            _ => Kind::Sentinel,
        }
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// A king or a pawn.
    #[inline]
    pub const fn is_piece(self) -> bool {
        matches!(self.kind(), Kind::Pawn | Kind::King)
    }

    #[inline]
    pub const fn is_pawn(self) -> bool {
        matches!(self.kind(), Kind::Pawn)
    }

    #[inline]
    pub const fn is_king(self) -> bool {
        matches!(self.kind(), Kind::King)
    }

    /// The colour bit (0 White, 1 Black); meaningful for kings and pawns.
    #[inline]
    pub const fn colour_index(self) -> usize {
        ((self.0 >> 4) & 1) as usize
    }

    #[inline]
    pub const fn side(self) -> Side {
        if self.0 & 0x10 == 0 {
            Side::White
        } else {
            Side::Black
        }
    }

    /// Whether this is a king or pawn of `side`.
    #[inline]
    pub const fn is_piece_of(self, side: Side) -> bool {
        self.is_piece() && self.colour_index() == side as usize
    }

    #[inline]
    pub const fn orientation(self) -> u8 {
        self.0 & 3
    }

    /// The same piece turned by `rotation`.
    #[inline]
    pub const fn rotated(self, rotation: Rotation) -> Piece {
        Piece((self.0 & !3) | ((self.0 + rotation.quarters()) & 3))
    }

    /// The two-letter FEN code (rule 7.2), `None` for empty and sentinel.
    pub fn fen_code(self) -> Option<String> {
        let names = match self.kind() {
            Kind::Pawn => PAWN_ORIENTATIONS,
            Kind::King => KING_ORIENTATIONS,
            _ => return None,
        };
        let name = names[self.orientation() as usize];
        Some(match self.side() {
            Side::White => name.to_string(),
            Side::Black => name.to_ascii_lowercase(),
        })
    }

    /// Parses a two-letter FEN code; case-sensitive (rule 7.2).
    pub fn from_fen_code(code: &str) -> Option<Piece> {
        let upper = code.to_ascii_uppercase();
        let side = if code == upper {
            Side::White
        } else if code == code.to_ascii_lowercase() {
            Side::Black
        } else {
            return None;
        };
        if let Some(o) = KING_ORIENTATIONS.iter().position(|&n| n == upper) {
            return Some(Piece::king(side, o as u8));
        }
        PAWN_ORIENTATIONS
            .iter()
            .position(|&n| n == upper)
            .map(|o| Piece::pawn(side, o as u8))
    }
}
