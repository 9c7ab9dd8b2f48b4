//! The 16 × 16 mailbox (rule 1.4) and its index, [`Cell`].
//!
//! A square has two indices: [`Square`] (`0..64`) for bitboards, tables
//! and move packing, and [`Cell`] (`0..256`) for the mailbox, where the
//! 8 × 8 playing area sits in the middle and every step off the board
//! lands on a sentinel. They are separate types so that one cannot be used
//! for the other: [`Square::cell`] and [`Cell::square`] convert, and only a
//! `Cell` indexes a [`Mailbox`]. Both are a byte; every conversion and
//! index is a single inlined instruction or two.

use std::ops::{Index, IndexMut};

use crate::square::{Dir, Square};

/// Width of the mailbox.
pub const MAILBOX: usize = 16;
/// Number of mailbox cells.
pub const MAILBOX_CELLS: usize = MAILBOX * MAILBOX;
/// Offset of the playing area inside the mailbox (same for files and ranks).
const BORDER: u8 = 4;

/// An index into the 16 × 16 [`Mailbox`]: a playing square or a sentinel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Cell(u8);

impl Cell {
    /// The cell with raw index `i` (for tables over every cell).
    #[inline]
    pub const fn from_index(i: u8) -> Cell {
        Cell(i)
    }

    /// The raw index, `0..256`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the cell lies in the 8 × 8 playing area (not a sentinel).
    #[inline]
    pub const fn is_on_board(self) -> bool {
        let rank = self.0 / MAILBOX as u8;
        let file = self.0 % MAILBOX as u8;
        rank >= BORDER && rank < BORDER + 8 && file >= BORDER && file < BORDER + 8
    }

    /// The square of a cell inside the playing area.
    #[inline]
    pub const fn square(self) -> Square {
        debug_assert!(self.is_on_board());
        SQUARE_OF_CELL[self.0 as usize]
    }

    /// The cell one step away in direction `dir`. From a playing square
    /// this is a playing square or a sentinel, never outside the mailbox.
    #[inline]
    pub const fn step(self, dir: Dir) -> Cell {
        self.offset(dir.offset())
    }

    /// The cell `delta` cells away (a direction's offset).
    #[inline]
    pub const fn offset(self, delta: isize) -> Cell {
        Cell(self.0.wrapping_add(delta as u8))
    }
}

impl Square {
    /// The mailbox cell of this square.
    #[inline]
    pub const fn cell(self) -> Cell {
        CELL_OF_SQUARE[self.index()]
    }
}

/// [`Square::cell`] by table. Both conversions are one load where the
/// arithmetic took about five instructions, and the laser's hot paths
/// convert at every piece a beam meets (bench 6: 4% of all instructions
/// were conversions).
static CELL_OF_SQUARE: [Cell; 64] = {
    let mut table = [Cell(0); 64];
    let mut i = 0;
    while i < 64 {
        let (rank, file) = (i as u8 / 8, i as u8 % 8);
        table[i] = Cell((rank + BORDER) * MAILBOX as u8 + file + BORDER);
        i += 1;
    }
    table
};

/// [`Cell::square`] by table (cells off the board hold square 0: never
/// read, as `square` is only asked of cells on the board).
static SQUARE_OF_CELL: [Square; MAILBOX_CELLS] = {
    let mut table = [Square::from_index(0); MAILBOX_CELLS];
    let mut i = 0;
    while i < MAILBOX_CELLS {
        let cell = Cell(i as u8);
        if cell.is_on_board() {
            let rank = cell.0 / MAILBOX as u8 - BORDER;
            let file = cell.0 % MAILBOX as u8 - BORDER;
            table[i] = Square::from_index(rank * 8 + file);
        }
        i += 1;
    }
    table
};

/// The 16 × 16 array of piece bytes, indexed by [`Cell`] only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct Mailbox([u8; MAILBOX_CELLS]);

impl Mailbox {
    /// Every playing square empty, every other cell `sentinel`.
    pub const fn with_sentinels(sentinel: u8) -> Mailbox {
        let mut cells = [0u8; MAILBOX_CELLS];
        let mut i = 0;
        while i < MAILBOX_CELLS {
            if !Cell(i as u8).is_on_board() {
                cells[i] = sentinel;
            }
            i += 1;
        }
        Mailbox(cells)
    }

    /// The eight bytes of a rank's squares, file a first.
    #[inline]
    pub fn rank_bytes(&self, rank: u8) -> [u8; 8] {
        let start = Square::from_index(8 * rank).cell().index();
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&self.0[start..start + 8]);
        bytes
    }

    /// Every cell with its byte.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, u8)> + '_ {
        (0..=u8::MAX).map(|i| (Cell(i), self.0[usize::from(i)]))
    }
}

impl Index<Cell> for Mailbox {
    type Output = u8;

    /// No bounds check: a `u8` index is always inside 256 cells.
    #[inline(always)]
    fn index(&self, cell: Cell) -> &u8 {
        &self.0[cell.0 as usize]
    }
}

impl IndexMut<Cell> for Mailbox {
    #[inline(always)]
    fn index_mut(&mut self, cell: Cell) -> &mut u8 {
        &mut self.0[cell.0 as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::{Cell, MAILBOX_CELLS};
    use crate::square::{step_square, Dir, Square};

    #[test]
    fn squares_and_cells_convert_both_ways() {
        let on_board: Vec<Cell> = (0..MAILBOX_CELLS)
            .map(|i| Cell::from_index(i as u8))
            .filter(|c| c.is_on_board())
            .collect();
        assert_eq!(on_board.len(), 64);
        for sq in Square::all() {
            assert_eq!(sq.cell().square(), sq);
        }
        for cell in on_board {
            assert_eq!(cell.square().cell(), cell);
        }
    }

    #[test]
    fn the_conversion_tables_place_the_board_in_the_middle() {
        // rule 1.4: the playing area is the middle 8 x 8 of the 16 x 16
        // mailbox, four sentinel cells on every side.
        for sq in Square::all() {
            let (rank, file) = (usize::from(sq.rank()), usize::from(sq.file()));
            assert_eq!(sq.cell().index(), (rank + 4) * 16 + file + 4, "{sq}");
            assert_eq!(Cell::from_index(sq.cell().index() as u8).square(), sq);
        }
    }

    #[test]
    fn a_step_off_the_board_lands_on_a_sentinel() {
        // rule 1.4: walking off the board is seen on the cell, not by
        // comparing coordinates.
        for sq in Square::all() {
            for dir in Dir::ALL {
                let cell = sq.cell().step(dir);
                match step_square(sq, dir) {
                    Some(next) => assert_eq!(cell, next.cell()),
                    None => assert!(!cell.is_on_board(), "{sq} {dir:?}"),
                }
            }
        }
    }
}
