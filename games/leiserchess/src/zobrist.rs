//! Zobrist keys, generated at compile time from a fixed seed so hashes are
//! the same in every build and on every machine.

use crate::piece::{Piece, PIECE_CODES};
use crate::square::Square;

const SEED: u64 = 0x1E15_E7C4_E55A_5EED;

/// One step of splitmix64: the next state and its output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

struct Keys {
    piece_square: [[u64; 64]; PIECE_CODES],
    side: u64,
    zapped: [u64; 2],
}

const KEYS: Keys = {
    let mut state = SEED;
    let mut piece_square = [[0u64; 64]; PIECE_CODES];
    let mut p = 0;
    while p < PIECE_CODES {
        // Only kings and pawns get keys; empty and sentinel hash to 0.
        let kind = (p >> 2) & 3;
        let mut s = 0;
        while s < 64 {
            let (next, out) = splitmix64(state);
            state = next;
            if kind == 1 || kind == 2 {
                piece_square[p][s] = out;
            }
            s += 1;
        }
        p += 1;
    }
    let (state, side) = splitmix64(state);
    let (state, z0) = splitmix64(state);
    let (_, z1) = splitmix64(state);
    Keys {
        piece_square,
        side,
        zapped: [z0, z1],
    }
};

/// Key of a piece (by its byte) on a square (`0..64`).
#[inline]
pub fn piece_square(code: usize, square: usize) -> u64 {
    KEYS.piece_square[code][square]
}

/// Key of `piece` on `sq`.
#[inline]
pub fn key(piece: Piece, sq: Square) -> u64 {
    piece_square(piece.code(), sq.index())
}

/// Key xored in when Lavender (Black) is to move.
pub const SIDE: u64 = KEYS.side;

/// Key xored in once a king has been zapped (indexed by the loser), so an
/// ended game never shares a hash with a live position.
pub const ZAPPED: [u64; 2] = KEYS.zapped;
