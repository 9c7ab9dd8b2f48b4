//! Squares and directions.
//!
//! [`Square`] (`0..64`, `rank * 8 + file`) indexes bitboards, tables and
//! move packing; the mailbox has its own index, [`crate::cell::Cell`]
//! (`Square::cell` converts).

use std::fmt;

/// A square of the 8 × 8 board, `a0 = 0`, `h0 = 7`, `h7 = 63`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (`0..8`), if on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with index `i` in `0..64`.
    #[inline]
    pub const fn from_index(i: u8) -> Square {
        debug_assert!(i < 64);
        Square(i & 63)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Parses `a0` … `h7` (lower-case file, ranks `0` to `7` as MIT's kit
    /// numbers them: rule 1.1).
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'0');
        Square::new(file, rank)
    }

    /// All 64 squares, a0 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

/// `a0` … `h7` (rule 1.1).
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.file()) as char;
        let rank = (b'0' + self.rank()) as char;
        write!(f, "{file}{rank}")
    }
}

/// The eight directions of a step (shift or swap), clockwise from north.
/// Indices 0, 2, 4 and 6 are also the beam directions N, E, S, W.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dir(u8);

/// Mailbox offsets of the eight directions: N, NE, E, SE, S, SW, W, NW.
pub const DIR_OFFSETS: [isize; 8] = [16, 17, 1, -15, -16, -17, -1, 15];
/// File and rank deltas of the eight directions.
pub const DIR_DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir(0),
        Dir(1),
        Dir(2),
        Dir(3),
        Dir(4),
        Dir(5),
        Dir(6),
        Dir(7),
    ];

    #[inline]
    pub const fn from_index(i: u8) -> Dir {
        debug_assert!(i < 8);
        Dir(i & 7)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn offset(self) -> isize {
        DIR_OFFSETS[self.0 as usize]
    }

    /// The direction from `a` to `b`, which must be adjacent (one table
    /// lookup; see [`Dir::between`] for squares that may not be).
    #[inline]
    pub fn towards(a: Square, b: Square) -> Dir {
        /// By `b - a + 9` (square indices): N +8, NE +9, E +1, SE -7,
        /// S -8, SW -9, W -1, NW +7.
        const BY_DELTA: [u8; 19] = [5, 4, 3, 0, 0, 0, 0, 0, 6, 0, 2, 0, 0, 0, 0, 0, 7, 0, 1];
        let dir = Dir(BY_DELTA[(b.index() + 9 - a.index()) % 19]);
        debug_assert_eq!(Dir::between(a, b).map(|d| d.0), Some(dir.0));
        dir
    }

    /// The direction from `a` to an adjacent square `b`, if they are adjacent.
    pub fn between(a: Square, b: Square) -> Option<Dir> {
        let df = b.file() as i8 - a.file() as i8;
        let dr = b.rank() as i8 - a.rank() as i8;
        DIR_DELTAS
            .iter()
            .position(|&d| d == (df, dr))
            .map(|i| Dir(i as u8))
    }
}

/// The square one step from `sq` in direction `dir`, if still on the board.
#[inline]
pub fn step_square(sq: Square, dir: Dir) -> Option<Square> {
    let (df, dr) = DIR_DELTAS[dir.index()];
    Square::new((sq.file() as i8 + df) as u8, (sq.rank() as i8 + dr) as u8)
}

/// For each square, the bitboard of its (up to eight) neighbours.
pub static NEIGHBOURS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let f = (s % 8) as i32;
        let r = (s / 8) as i32;
        let mut d = 0;
        while d < 8 {
            let nf = f + DIR_DELTAS[d].0 as i32;
            let nr = r + DIR_DELTAS[d].1 as i32;
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[s] |= 1u64 << (nr * 8 + nf);
            }
            d += 1;
        }
        s += 1;
    }
    table
};

/// The squares of `b` and their neighbours (the union of [`NEIGHBOURS`]),
/// by shifts.
#[inline]
pub const fn dilate(b: u64) -> u64 {
    const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
    const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;
    let row = b | (b << 1) & NOT_FILE_A | (b >> 1) & NOT_FILE_H;
    row | row << 8 | row >> 8
}

/// Iterates over the squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitIter(pub u64);

impl Iterator for BitIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let s = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(s))
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{dilate, BitIter, NEIGHBOURS};

    #[test]
    fn dilate_adds_exactly_the_neighbours() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..10_000 {
            // Sparse sets as well as dense ones.
            let b = rng.next_u64() & rng.next_u64() & rng.next_u64();
            let expected = BitIter(b).fold(b, |acc, q| acc | NEIGHBOURS[q.index()]);
            assert_eq!(dilate(b), expected, "{b:#x}");
        }
        for (q, &around) in NEIGHBOURS.iter().enumerate() {
            assert_eq!(dilate(1 << q), around | 1 << q);
        }
    }
}
