//! Castling rights as a 4-bit mask.

use crate::color::Color;
use crate::square::Square;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(pub(crate) u8);

/// The two castling sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleSide {
    King,
    Queen,
}

impl CastleSide {
    pub const BOTH: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];
}

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(15);

    #[inline]
    const fn bit(color: Color, side: CastleSide) -> u8 {
        1 << (color as u8 * 2
            + match side {
                CastleSide::King => 0,
                CastleSide::Queen => 1,
            })
    }

    #[inline]
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    pub fn set(&mut self, color: Color, side: CastleSide) {
        self.0 |= Self::bit(color, side);
    }

    #[inline]
    pub const fn mask(self) -> u8 {
        self.0
    }

    /// Rights that survive a move touching `sq` (as origin or target).
    #[inline]
    pub(crate) fn after_touching(self, sq: Square) -> CastlingRights {
        CastlingRights(self.0 & KEEP_MASK[sq.index()])
    }

    /// FEN form: `KQkq`, a subset, or `-`.
    pub fn fen(self) -> String {
        let mut s = String::new();
        for (color, side, c) in [
            (Color::White, CastleSide::King, 'K'),
            (Color::White, CastleSide::Queen, 'Q'),
            (Color::Black, CastleSide::King, 'k'),
            (Color::Black, CastleSide::Queen, 'q'),
        ] {
            if self.has(color, side) {
                s.push(c);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// For each square, the rights that remain when a move starts or ends there.
const KEEP_MASK: [u8; 64] = {
    let mut mask = [15u8; 64];
    mask[0] = 15 & !2; // a1: white queen-side rook
    mask[4] = 15 & !3; // e1: white king
    mask[7] = 15 & !1; // h1: white king-side rook
    mask[56] = 15 & !8; // a8
    mask[60] = 15 & !12; // e8
    mask[63] = 15 & !4; // h8
    mask
};

/// King and rook squares for castling: (king from, king to, rook from, rook to).
pub(crate) const fn castle_squares(color: Color, side: CastleSide) -> [Square; 4] {
    match (color, side) {
        (Color::White, CastleSide::King) => [Square::E1, Square::G1, Square::H1, Square::F1],
        (Color::White, CastleSide::Queen) => [Square::E1, Square::C1, Square::A1, Square::D1],
        (Color::Black, CastleSide::King) => [Square::E8, Square::G8, Square::H8, Square::F8],
        (Color::Black, CastleSide::Queen) => [Square::E8, Square::C8, Square::A8, Square::D8],
    }
}
