//! Moves packed in 16 bits: `from` (bits 0–5), a target (bits 6–11) and a
//! 4-bit kind (bits 12–15) that tells captures, double pushes, castling,
//! en passant and promotions apart without looking at the board.
//!
//! A castling move is stored as the king taking its own rook (`e1h1`), as
//! Stockfish does: in Chess960 the king's destination may also be a plain
//! king step (king f1, rook h1: `O-O` and `Kg1` both end on g1), while a
//! king never otherwise moves onto its own rook. [`Move::to`] still gives
//! the square the king lands on (`g1`), so that standard chess reads as it
//! always has; [`Move::castle_rook`] gives the rook's square.

use std::fmt;

use crate::role::Role;
use crate::square::{File, Square};

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
/// Tells `QueenCastle` (3) from `KingCastle` (2).
const KIND_LOW_BIT: u16 = 1 << 12;

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

    /// A move from `from` to `to`; for castling (`KingCastle`,
    /// `QueenCastle`) `to` is the square of the rook castled with.
    #[inline]
    pub fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::new_unchecked((self.0 & 63) as u8)
    }

    /// Where the moving piece lands; for castling, where the king lands
    /// (the g- or c-file of its rank).
    #[inline]
    pub const fn to(self) -> Square {
        let target = (self.0 >> 6 & 63) as u8;
        if self.is_castle() {
            let file = if self.0 & KIND_LOW_BIT == 0 { 6 } else { 2 };
            Square::new_unchecked((target & 56) | file)
        } else {
            Square::new_unchecked(target)
        }
    }

    /// The square of the rook a castling move castles with.
    #[inline]
    pub const fn castle_rook(self) -> Option<Square> {
        if self.is_castle() {
            Some(self.target())
        } else {
            None
        }
    }

    /// The target as stored: [`Move::to`], except for castling, where it
    /// is the rook's square.
    #[inline]
    pub const fn target(self) -> Square {
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

    /// Castling: kinds 2 and 3, the only ones whose top three bits are 001.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 13 == 1
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

    /// Long algebraic notation as UCI uses it: `e2e4`, `e7e8q`, castling
    /// as [`Move::uci`] writes it for standard chess (`e1g1`). This is what
    /// `Display` writes; a game in Chess960 writes its moves with
    /// [`crate::Chess::move_text`](search::Rules::move_text).
    pub fn to_uci(self) -> String {
        self.to_string()
    }

    /// UCI notation. With `chess960` (the `UCI_Chess960` option) castling
    /// is written king takes rook (`e1h1`), as Stockfish does. Without it,
    /// standard castling is written king to destination (`e1g1`) and the
    /// castling moves only Chess960 has still king takes rook: there the
    /// king's destination can be a plain king move too (king d1, rook a1:
    /// `d1c1` would be `Kc1`), so each move keeps one unambiguous text.
    pub fn uci(self, chess960: bool) -> String {
        let mut out = String::with_capacity(5);
        let _ = self.write_uci(&mut out, chess960);
        out
    }

    /// The square UCI notation names after the origin (see [`Move::uci`]).
    #[inline]
    pub fn uci_target(self, chess960: bool) -> Square {
        if self.is_castle() && (chess960 || !self.is_standard_castle()) {
            self.target()
        } else {
            self.to()
        }
    }

    /// Castling of standard chess: king on the e-file, rook in a corner.
    #[inline]
    fn is_standard_castle(self) -> bool {
        let rook_file = self.target().file();
        self.from().file() == File::E && (rook_file == File::A || rook_file == File::H)
    }

    fn write_uci(self, f: &mut impl fmt::Write, chess960: bool) -> fmt::Result {
        if self == Move::NULL {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.uci_target(chess960))?;
        if let Some(role) = self.promotion() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_uci(f, false)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({:?})", self.kind())
    }
}
