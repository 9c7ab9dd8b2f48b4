//! Moves of the 2016 rules (rule 3.1) packed in 16 bits, and their
//! notation (rule 7.1).
//!
//! Layout: bits 0–5 the from-square, bits 6–10 the kind: 1–8 a shift in
//! direction 0–7, 9–16 a swap with the neighbour in direction 0–7, 17–19
//! a rotation R, U, L, 20 the king's null move. The kind is never 0, so no
//! move packs to 0, and the dense index is `from * 20 + kind - 1`.
//!
//! A shift and a swap are written alike (`h3g4`), but they are packed
//! apart: the board decides which one a text means when it is read, and
//! after that nothing needs the board to tell them apart.

use std::fmt;

use crate::piece::Rotation;
use crate::square::{step_square, Dir, Square};

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A step to the empty neighbour in this direction.
    Shift(Dir),
    /// An exchange with the piece (any side, any kind) next to the mover
    /// in this direction; nothing follows it.
    Swap(Dir),
    Rotate(Rotation),
    /// The king stays as it is and fires again.
    Null,
}

/// A move of the 2016 rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const KIND_SHIFT: u16 = 6;
const SHIFT_BASE: u16 = 1;
const SWAP_BASE: u16 = 9;
const ROTATE_BASE: u16 = 17;
const NULL: u16 = 20;

/// Number of distinct from/kind combinations: the dense index range.
pub const MOVE_INDEX_COUNT: usize = 64 * NULL as usize;

/// Square-index deltas of the eight directions (N, NE, E, SE, S, SW, W, NW).
const DIR_DELTAS: [i8; 8] = [8, 9, 1, -7, -8, -9, -1, 7];

impl Move {
    #[inline]
    const fn pack(from: Square, kind: u16) -> Move {
        Move(from.index() as u16 | kind << KIND_SHIFT)
    }

    #[inline]
    pub const fn new(from: Square, kind: Kind) -> Move {
        let code = match kind {
            Kind::Shift(d) => SHIFT_BASE + d.index() as u16,
            Kind::Swap(d) => SWAP_BASE + d.index() as u16,
            Kind::Rotate(r) => ROTATE_BASE + r.quarters() as u16 - 1,
            Kind::Null => NULL,
        };
        Move::pack(from, code)
    }

    /// Unpacks a value from `to_u16`; `None` unless it is a well-formed
    /// packing (legality is not checked).
    pub fn from_u16(bits: u16) -> Option<Move> {
        let kind = bits >> KIND_SHIFT;
        (SHIFT_BASE..=NULL).contains(&kind).then_some(Move(bits))
    }

    /// The square of the moving piece.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as u8)
    }

    #[inline]
    const fn code(self) -> u16 {
        self.0 >> KIND_SHIFT
    }

    #[inline]
    pub const fn kind(self) -> Kind {
        let code = self.code();
        if code == NULL {
            Kind::Null
        } else if code >= ROTATE_BASE {
            Kind::Rotate(match code - ROTATE_BASE {
                0 => Rotation::Right,
                1 => Rotation::UTurn,
                _ => Rotation::Left,
            })
        } else if code >= SWAP_BASE {
            Kind::Swap(Dir::from_index((code - SWAP_BASE) as u8))
        } else {
            Kind::Shift(Dir::from_index((code - SHIFT_BASE) as u8))
        }
    }

    #[inline]
    pub const fn is_swap(self) -> bool {
        let code = self.code();
        code >= SWAP_BASE && code < ROTATE_BASE
    }

    #[inline]
    pub const fn is_null(self) -> bool {
        self.code() == NULL
    }

    /// The square a shift goes to or a swap's partner stands on; the
    /// from-square for a rotation or a null move. `None` for a step off
    /// the board (never a generated move).
    #[inline]
    pub fn to(self) -> Option<Square> {
        match self.kind() {
            Kind::Shift(d) | Kind::Swap(d) => step_square(self.from(), d),
            Kind::Rotate(_) | Kind::Null => Some(self.from()),
        }
    }

    /// The squares whose contents the move changes before the laser fires
    /// (a swap of two equal pieces included, a null move none); for
    /// generated moves, which stay on the board.
    #[inline]
    pub fn touched(self) -> u64 {
        let code = self.code();
        let from = self.0 & 63;
        let bits = if code >= ROTATE_BASE {
            u64::from(code < NULL) << from
        } else {
            let d = ((code - SHIFT_BASE) & 7) as usize;
            let to = (i32::from(from) + i32::from(DIR_DELTAS[d])) & 63;
            1u64 << from | 1u64 << to
        };
        debug_assert_eq!(bits, self.touched_checked(), "{self}");
        bits
    }

    /// [`Move::touched`] by checked steps.
    fn touched_checked(self) -> u64 {
        match (self.kind(), self.to()) {
            (Kind::Null, _) => 0,
            (_, Some(to)) => self.from().bit() | to.bit(),
            (_, None) => self.from().bit(),
        }
    }

    /// A dense index in `0..MOVE_INDEX_COUNT`.
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & 63) as usize * NULL as usize + self.code() as usize - 1
    }
}

impl search::GameMove for Move {
    /// Never 0: the kind is never 0.
    #[inline]
    fn to_u16(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    /// Rule 7.1: `e1R`, `h3g4` (a shift or a swap), `h0h0` (null move).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        match (self.kind(), self.to()) {
            (Kind::Rotate(r), _) => write!(f, "{}", r.letter()),
            (_, Some(to)) => write!(f, "{to}"),
            (_, None) => f.write_str("??"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move2016({self})")
    }
}
