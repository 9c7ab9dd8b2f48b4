//! Zobrist keys, generated at compile time from a fixed seed so that hashes
//! are the same in every build and on every machine.

use crate::color::Color;
use crate::role::Role;
use crate::square::{File, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    castling: [u64; 16],
    en_passant: [u64; 8],
    black_to_move: u64,
    /// Per right and rook file, for Chess960 rooks off the standard
    /// files; generated last so the keys above are those of standard chess.
    castle_rook_file: [[u64; 8]; 4],
}

const fn generate() -> Keys {
    let mut state = 0x00C0_FFEE_1234_5678;
    let mut keys = Keys {
        pieces: [[[0; 64]; 6]; 2],
        castling: [0; 16],
        en_passant: [0; 8],
        black_to_move: 0,
        castle_rook_file: [[0; 8]; 4],
    };
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                let (next, key) = splitmix64(state);
                state = next;
                keys.pieces[c][r][s] = key;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    // Castling keys are XORs of four per-right keys, so that updating a
    // rights mask is one XOR of the old and new entries.
    let mut rights = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (next, key) = splitmix64(state);
        state = next;
        rights[i] = key;
        i += 1;
    }
    let mut mask = 0;
    while mask < 16 {
        let mut bit = 0;
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                keys.castling[mask] ^= rights[bit];
            }
            bit += 1;
        }
        mask += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (next, key) = splitmix64(state);
        state = next;
        keys.en_passant[f] = key;
        f += 1;
    }
    let (next, key) = splitmix64(state);
    state = next;
    keys.black_to_move = key;
    let mut right = 0;
    while right < 4 {
        let mut file = 0;
        while file < 8 {
            let (next, key) = splitmix64(state);
            state = next;
            keys.castle_rook_file[right][file] = key;
            file += 1;
        }
        right += 1;
    }
    keys
}

static KEYS: Keys = generate();

#[inline]
pub fn piece(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.pieces[color.index()][role.index()][sq.index()]
}

#[inline]
pub fn castling(rights_mask: u8) -> u64 {
    KEYS.castling[rights_mask as usize & 15]
}

/// The key of the rook on `file` castling for right `right` (the bit
/// index); XORed in only for a rook off its standard file, so that a
/// standard position hashes as it always has.
#[inline]
pub fn castle_rook_file(right: usize, file: File) -> u64 {
    KEYS.castle_rook_file[right & 3][file.index()]
}

#[inline]
pub fn en_passant(file: File) -> u64 {
    KEYS.en_passant[file.index()]
}

#[inline]
pub fn black_to_move() -> u64 {
    KEYS.black_to_move
}
