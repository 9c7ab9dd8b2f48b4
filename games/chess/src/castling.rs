//! Castling: the rights as a 4-bit mask, the square of the rook each right
//! castles with (Chess960 puts the rooks and the king on any back-rank
//! files), and where king and rook land.

use crate::color::Color;
use crate::square::{File, Square};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(pub(crate) u8);

/// The two castling sides: `King` castles with the rook on the h-side of
/// the king (`O-O`, the king lands on g), `Queen` with the rook on the
/// a-side (`O-O-O`, the king lands on c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleSide {
    King,
    Queen,
}

impl CastleSide {
    pub const BOTH: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// The side a rook on `rook` castles on with the king on `king`.
    #[inline]
    pub fn of(king: File, rook: File) -> CastleSide {
        if rook > king {
            CastleSide::King
        } else {
            CastleSide::Queen
        }
    }

    /// Where the king and the rook land: files g and f, or c and d.
    #[inline]
    pub const fn destinations(self, color: Color) -> (Square, Square) {
        let rank = match color {
            Color::White => 0,
            Color::Black => 56,
        };
        let (king, rook) = match self {
            CastleSide::King => (6, 5),
            CastleSide::Queen => (2, 3),
        };
        (
            Square::new_unchecked(rank + king),
            Square::new_unchecked(rank + rook),
        )
    }
}

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(15);

    /// The bit of a right: white king-side, white queen-side, black
    /// king-side, black queen-side (also the index into [`CastleRooks`]).
    #[inline]
    pub(crate) const fn index(color: Color, side: CastleSide) -> usize {
        color as usize * 2
            + match side {
                CastleSide::King => 0,
                CastleSide::Queen => 1,
            }
    }

    #[inline]
    const fn bit(color: Color, side: CastleSide) -> u8 {
        1 << Self::index(color, side)
    }

    #[inline]
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    /// Whether `color` has either right.
    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.0 & (3 << (color as u8 * 2)) != 0
    }

    pub fn set(&mut self, color: Color, side: CastleSide) {
        self.0 |= Self::bit(color, side);
    }

    #[inline]
    pub const fn mask(self) -> u8 {
        self.0
    }

    /// Rights that survive a move from `from` to `to` by the side `us`:
    /// a king move loses both of its side's rights, and a move from or
    /// onto a castling rook's square (the rook moves or is captured) loses
    /// that rook's right.
    #[inline]
    pub(crate) fn after_move(
        self,
        rooks: &CastleRooks,
        us: Color,
        king_moved: bool,
        from: Square,
        to: Square,
    ) -> CastlingRights {
        let mut keep = self.0;
        if king_moved {
            keep &= !(3 << (us as u8 * 2));
        }
        for (i, &rook) in rooks.0.iter().enumerate() {
            if rook == from || rook == to {
                keep &= !(1 << i);
            }
        }
        CastlingRights(keep)
    }

    /// The rights as `KQkq`, a subset, or `-`, without the rook files
    /// (the position's FEN writes those where they are not the standard
    /// ones: [`crate::Position::fen`]).
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

/// The square of the rook each right castles with, indexed like the
/// rights' bits. A right that is not held keeps its standard square
/// (h1, a1, h8, a8), so that positions compare equal exactly when their
/// rights and rooks do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastleRooks(pub(crate) [Square; 4]);

impl Default for CastleRooks {
    fn default() -> CastleRooks {
        CastleRooks::STANDARD
    }
}

impl CastleRooks {
    /// The rooks of standard chess.
    pub const STANDARD: CastleRooks = CastleRooks([Square::H1, Square::A1, Square::H8, Square::A8]);

    #[inline]
    pub fn get(&self, color: Color, side: CastleSide) -> Square {
        self.0[CastlingRights::index(color, side)]
    }

    pub(crate) fn set(&mut self, color: Color, side: CastleSide, rook: Square) {
        self.0[CastlingRights::index(color, side)] = rook;
    }

    /// These rooks with the squares of the rights not in `rights` put
    /// back to the standard ones.
    #[inline]
    pub(crate) fn normalized(mut self, rights: CastlingRights) -> CastleRooks {
        for i in 0..4 {
            if rights.0 & (1 << i) == 0 {
                self.0[i] = CastleRooks::STANDARD.0[i];
            }
        }
        self
    }
}
