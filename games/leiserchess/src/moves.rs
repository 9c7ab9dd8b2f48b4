//! Moves (rule 3) packed in 16 bits, and their notation (rule 7.1).
//!
//! Layout: bits 0–5 the from-square, bits 6–9 the swap direction plus one
//! (0 = no swap), bits 10–13 the basic move: 1–8 a shift in direction
//! 0–7, 9–11 a rotation R, U, L. The basic move field is never 0, so no
//! real move packs to 0.

use std::fmt;

use crate::piece::Rotation;
use crate::square::{step_square, Dir, Square};

/// The basic move a piece makes (after its swap, if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Shift(Dir),
    Rotate(Rotation),
}

/// A Leiserchess move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const SWAP_SHIFT: u16 = 6;
const ACTION_SHIFT: u16 = 10;
const ROTATION_BASE: u16 = 9;

/// Number of distinct from/swap/action combinations: the dense index range.
pub const MOVE_INDEX_COUNT: usize = 64 * 9 * 11;

impl Move {
    #[inline]
    pub const fn new(from: Square, swap: Option<Dir>, action: Action) -> Move {
        let swap_bits = match swap {
            None => 0,
            Some(d) => d.index() as u16 + 1,
        };
        let action_bits = match action {
            Action::Shift(d) => d.index() as u16 + 1,
            Action::Rotate(r) => ROTATION_BASE + r.quarters() as u16 - 1,
        };
        Move(from.index() as u16 | (swap_bits << SWAP_SHIFT) | (action_bits << ACTION_SHIFT))
    }

    #[inline]
    pub const fn shift(from: Square, dir: Dir) -> Move {
        Move::new(from, None, Action::Shift(dir))
    }

    #[inline]
    pub const fn rotate(from: Square, rotation: Rotation) -> Move {
        Move::new(from, None, Action::Rotate(rotation))
    }

    /// Unpacks a value from [`Move::to_u16`]; `None` unless it is a
    /// well-formed packing (legality is not checked).
    pub fn from_u16(bits: u16) -> Option<Move> {
        let swap = (bits >> SWAP_SHIFT) & 15;
        let action = (bits >> ACTION_SHIFT) & 15;
        if bits >> 14 != 0 || swap > 8 || action == 0 || action > 11 {
            return None;
        }
        Some(Move(bits))
    }

    /// The square of the moving piece.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as u8)
    }

    /// The direction of the swapped piece, for a swap.
    #[inline]
    pub const fn swap_dir(self) -> Option<Dir> {
        let s = (self.0 >> SWAP_SHIFT) & 15;
        if s == 0 {
            None
        } else {
            Some(Dir::from_index(s as u8 - 1))
        }
    }

    #[inline]
    pub const fn action(self) -> Action {
        let a = (self.0 >> ACTION_SHIFT) & 15;
        if a < ROTATION_BASE {
            Action::Shift(Dir::from_index(a as u8 - 1))
        } else {
            Action::Rotate(match a - ROTATION_BASE {
                0 => Rotation::Right,
                1 => Rotation::UTurn,
                _ => Rotation::Left,
            })
        }
    }

    #[inline]
    pub const fn is_swap(self) -> bool {
        (self.0 >> SWAP_SHIFT) & 15 != 0
    }

    #[inline]
    pub const fn is_rotation(self) -> bool {
        (self.0 >> ACTION_SHIFT) & 15 >= ROTATION_BASE
    }

    /// The swapped square (for a swap) where the moving piece makes its
    /// basic move; otherwise the from-square.
    #[inline]
    pub fn pivot(self) -> Option<Square> {
        match self.swap_dir() {
            None => Some(self.from()),
            Some(d) => step_square(self.from(), d),
        }
    }

    /// The square the moving piece ends on.
    #[inline]
    pub fn destination(self) -> Option<Square> {
        let pivot = self.pivot()?;
        match self.action() {
            Action::Shift(d) => step_square(pivot, d),
            Action::Rotate(_) => Some(pivot),
        }
    }

    /// Bitboard of the squares whose contents the move changes (before the
    /// laser fires): from, swapped and destination squares.
    #[inline]
    pub fn touched(self) -> u64 {
        let mut bb = self.from().bit();
        if let Some(p) = self.pivot() {
            bb |= p.bit();
        }
        if let Some(d) = self.destination() {
            bb |= d.bit();
        }
        bb
    }

    /// [`Move::touched`] for a move whose squares are all on the board (any
    /// generated move), for the hot paths that test every move against a
    /// beam: one lookup and one rotation (see [`TOUCHED`]).
    #[inline]
    pub fn touched_on_board(self) -> u64 {
        let bb = TOUCHED[self.fields()].rotate_left(u32::from(self.0 & 63));
        debug_assert_eq!(bb, self.touched(), "{self}");
        bb
    }

    /// The occupancy after the move, given the occupancy `occ` before it
    /// (on-board moves only, like [`Move::touched_on_board`]).
    #[inline]
    pub fn occupancy_after(self, occ: u64) -> u64 {
        occ ^ FLIPS[self.fields()].rotate_left(u32::from(self.0 & 63))
    }

    /// The swap and basic-move fields, as an index into [`TOUCHED`] and
    /// [`FLIPS`].
    #[inline(always)]
    fn fields(self) -> usize {
        usize::from(self.0 >> SWAP_SHIFT) & 0xFF
    }

    /// A dense index in `0..MOVE_INDEX_COUNT`: `(from * 9 + swap) * 11 +
    /// action - 1`, the swap and action part read from [`FIELD_INDEX`].
    #[inline]
    pub const fn index(self) -> usize {
        let from = (self.0 & 63) as usize;
        from * 99 + FIELD_INDEX[(self.0 >> SWAP_SHIFT) as usize & 0xFF] as usize
    }
}

/// [`Move::index`]'s part of the swap and basic-move fields (`swap * 11 +
/// action - 1`), by [`Move::fields`]; 0 where the action field is 0 (no
/// move has it).
const FIELD_INDEX: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut fields = 0;
    while fields < 256 {
        let swap = fields & 15;
        let action = fields >> 4;
        if action > 0 {
            table[fields] = (swap * 11 + action - 1) as u16;
        }
        fields += 1;
    }
    table
};

/// Square-index deltas of the swap field (0: no swap; 1–8: directions
/// 0–7) and of the basic-move field (shifts 1–8; rotations 9–11 stay in
/// place); unused values are 0.
const SWAP_DELTAS: [i8; 16] = [0, 8, 9, 1, -7, -8, -9, -1, 7, 0, 0, 0, 0, 0, 0, 0];
const ACTION_DELTAS: [i8; 16] = [0, 8, 9, 1, -7, -8, -9, -1, 7, 0, 0, 0, 0, 0, 0, 0];

/// `TOUCHED[swap | action << 4]`: the squares such a move changes, as
/// bits at `delta mod 64` for each delta from its from-square. Rotated
/// left by the from-square, that is the move's [`Move::touched`]: every
/// square of an on-board move lies in `0..64`, so no bit wraps wrongly.
/// A 2 KB table that replaced three lookups, shifts and ors per move
/// (bench: about 8% of all instructions went to `touched_on_board`).
static TOUCHED: [u64; 256] = move_patterns(false);

/// `FLIPS[swap | action << 4]`: as [`TOUCHED`], the squares whose
/// occupancy the move flips: none for a rotation; for a swap not the
/// from-square, which the opposing piece fills again.
static FLIPS: [u64; 256] = move_patterns(true);

const fn move_patterns(flips: bool) -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut fields = 0;
    while fields < 256 {
        let (swap, action) = (fields & 15, fields >> 4);
        let pivot = SWAP_DELTAS[swap] as i64;
        let dest = pivot + ACTION_DELTAS[action] as i64;
        let mut bits = 1 | 1 << (pivot & 63) | 1 << (dest & 63);
        if flips {
            if action >= ROTATION_BASE as usize {
                bits = 0;
            } else if swap != 0 {
                bits &= !1;
            }
        }
        table[fields] = bits;
        fields += 1;
    }
    table
}

impl search::GameMove for Move {
    #[inline]
    fn to_u16(self) -> u16 {
        debug_assert!(self.0 != 0);
        self.0
    }
}

impl fmt::Display for Move {
    /// Rule 7.1: `e6e7`, `b3L`, `d5e4f5`, `d5e4L`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        let pivot = self.pivot();
        if self.is_swap() {
            write_square(f, pivot)?;
        }
        match self.action() {
            Action::Shift(_) => write_square(f, self.destination()),
            Action::Rotate(r) => write!(f, "{}", r.letter()),
        }
    }
}

fn write_square(f: &mut fmt::Formatter<'_>, sq: Option<Square>) -> fmt::Result {
    match sq {
        Some(s) => write!(f, "{s}"),
        None => f.write_str("??"),
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{Action, Move, ACTION_SHIFT, SWAP_SHIFT};

    /// Every well-formed move whose squares are all on the board, but
    /// swaps that shift back onto the from-square (full after the swap:
    /// never generated).
    fn on_board_moves() -> impl Iterator<Item = Move> {
        (0..64u16).flat_map(|from| {
            (0..=8u16).flat_map(move |swap| {
                (1..=11u16).filter_map(move |action| {
                    let mv = Move::from_u16(from | swap << SWAP_SHIFT | action << ACTION_SHIFT)?;
                    let back = mv.is_swap() && !mv.is_rotation();
                    let dest = mv.destination()?;
                    (!back || dest != mv.from()).then_some(mv)
                })
            })
        })
    }

    #[test]
    fn the_table_lookups_agree_with_the_move_definition() {
        // Rule 3: a shift empties the square it leaves (the swapped one
        // after a swap, whose from-square the opposing piece fills) and
        // fills its destination; a rotation moves nothing.
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let mut count = 0;
        for mv in on_board_moves() {
            count += 1;
            assert_eq!(mv.touched_on_board(), mv.touched(), "{mv}");
            let pivot = mv.pivot().expect("on the board").bit();
            let dest = mv.destination().expect("on the board").bit();
            for _ in 0..4 {
                // Full where the move needs a piece, empty where a shift
                // goes.
                let mut occ = rng.next_u64() | mv.from().bit() | pivot;
                let mut after = occ;
                if let Action::Shift(_) = mv.action() {
                    occ &= !dest;
                    after = (occ & !pivot) | dest;
                }
                assert_eq!(mv.occupancy_after(occ), after, "{mv} on {occ:#x}");
            }
        }
        // 64 squares' rotations alone, and more.
        assert!(count > 64 * 3, "{count} moves");
    }
}
