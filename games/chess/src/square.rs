//! Squares, files and ranks.

use std::fmt;

/// A file, `a` (0) to `h` (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank, `1` (0) to `8` (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

/// A square, `a1` (0), `b1` (1), … `h8` (63).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl File {
    pub const A: File = File(0);
    pub const E: File = File(4);
    pub const H: File = File(7);

    pub fn new(index: u8) -> Option<File> {
        (index < 8).then_some(File(index))
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub fn from_char(c: char) -> Option<File> {
        ('a'..='h').contains(&c).then(|| File(c as u8 - b'a'))
    }

    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

impl Rank {
    pub const FIRST: Rank = Rank(0);
    pub const EIGHTH: Rank = Rank(7);

    pub fn new(index: u8) -> Option<Rank> {
        (index < 8).then_some(Rank(index))
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub fn from_char(c: char) -> Option<Rank> {
        ('1'..='8').contains(&c).then(|| Rank(c as u8 - b'1'))
    }

    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }
}

impl Square {
    pub const A1: Square = Square(0);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const A8: Square = Square(56);
    pub const C8: Square = Square(58);
    pub const D8: Square = Square(59);
    pub const E8: Square = Square(60);
    pub const F8: Square = Square(61);
    pub const G8: Square = Square(62);
    pub const H8: Square = Square(63);

    /// The square with this index, if below 64.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this index; the caller guarantees `index < 64`.
    #[inline]
    pub const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }

    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }

    /// The same square seen from Black's side (a1 <-> a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Offsets the square index by `delta`; the caller keeps it on the board.
    #[inline]
    pub const fn offset_unchecked(self, delta: i8) -> Square {
        Square::new_unchecked((self.0 as i8 + delta) as u8)
    }

    /// Every square from a1 to h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Parses a square name such as `e4`.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        chars
            .next()
            .is_none()
            .then_some(Square::from_coords(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
