//! Moves packed in 16 bits: `from` (bits 0–5), `to` (bits 6–11) and a
//! 4-bit kind (bits 12–15) that tells captures, double pushes, castling,
//! en passant and promotions apart without looking at the board.

use std::fmt;

use crate::role::Role;
use crate::square::Square;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum MoveKind {
    Quiet = 0,
    DoublePush = 1,
    KingCastle = 2,
    QueenCastle = 3,
    Capture = 4,
    EnPassant = 5,
    // 6 and 7 are unused.
    PromoteKnight = 8,
    PromoteBishop = 9,
    PromoteRook = 10,
    PromoteQueen = 11,
    CapturePromoteKnight = 12,
    CapturePromoteBishop = 13,
    CapturePromoteRook = 14,
    CapturePromoteQueen = 15,
}

const CAPTURE_BIT: u16 = 4 << 12;
const PROMOTION_BIT: u16 = 8 << 12;

impl MoveKind {
    /// The promotion kind for `role` (knight to queen), with or without capture.
    #[inline]
    pub fn promotion(role: Role, capture: bool) -> MoveKind {
        debug_assert!(matches!(
            role,
            Role::Knight | Role::Bishop | Role::Rook | Role::Queen
        ));
        let base = 8 + role as u8 - Role::Knight as u8;
        MoveKind::from_bits(base | if capture { 4 } else { 0 })
    }

    #[inline]
    fn from_bits(bits: u8) -> MoveKind {
        match bits & 15 {
            0 => MoveKind::Quiet,
            1 => MoveKind::DoublePush,
            2 => MoveKind::KingCastle,
            3 => MoveKind::QueenCastle,
            4 => MoveKind::Capture,
            5 => MoveKind::EnPassant,
            8 => MoveKind::PromoteKnight,
            9 => MoveKind::PromoteBishop,
            10 => MoveKind::PromoteRook,
            11 => MoveKind::PromoteQueen,
            12 => MoveKind::CapturePromoteKnight,
            13 => MoveKind::CapturePromoteBishop,
            14 => MoveKind::CapturePromoteRook,
            15 => MoveKind::CapturePromoteQueen,
            _ => MoveKind::Quiet,
        }
    }
}

impl Move {
    /// The empty move (`0000` in UCI); never a legal move.
    pub const NULL: Move = Move(0);

    #[inline]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::new_unchecked((self.0 & 63) as u8)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::new_unchecked((self.0 >> 6 & 63) as u8)
    }

    #[inline]
    pub fn kind(self) -> MoveKind {
        MoveKind::from_bits((self.0 >> 12) as u8)
    }

    /// Captures, including en passant and capturing promotions.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.0 & CAPTURE_BIT != 0
    }

    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTION_BIT != 0
    }

    #[inline]
    pub fn is_castle(self) -> bool {
        matches!(self.kind(), MoveKind::KingCastle | MoveKind::QueenCastle)
    }

    #[inline]
    pub fn is_en_passant(self) -> bool {
        self.kind() == MoveKind::EnPassant
    }

    /// The role a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        if !self.is_promotion() {
            return None;
        }
        Some(match (self.0 >> 12) & 3 {
            0 => Role::Knight,
            1 => Role::Bishop,
            2 => Role::Rook,
            _ => Role::Queen,
        })
    }

    /// The packed 16 bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Long algebraic notation as UCI uses it: `e2e4`, `e7e8q`, `e1g1`.
    pub fn to_uci(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Move::NULL {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({:?})", self.kind())
    }
}
