//! The board: a 16 × 16 mailbox with sentinels (rule 1.4), plus the king
//! squares, pawn bitboards and the board's Zobrist hash, all kept in step
//! by the one mutator [`Board::set`].

use search::Side;

use crate::piece::Piece;
use crate::square::{is_on_board, Idx, Square, MAILBOX_CELLS};
use crate::zobrist;

/// The mailbox with empty playing area and sentinels everywhere else.
const EMPTY_CELLS: [u8; MAILBOX_CELLS] = {
    let mut cells = [0u8; MAILBOX_CELLS];
    let mut i = 0;
    while i < MAILBOX_CELLS {
        if !is_on_board(i) {
            cells[i] = Piece::SENTINEL.code() as u8;
        }
        i += 1;
    }
    cells
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: [u8; MAILBOX_CELLS],
    /// Mailbox index of each side's king (indexed by `Side::index`).
    kings: [u8; 2],
    /// Pawns of each side, as `Square` bitboards.
    pawns: [u64; 2],
    /// Zobrist hash of the pieces (side to move not included).
    hash: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces. Not a valid position until both kings are set.
    pub const fn empty() -> Board {
        Board {
            cells: EMPTY_CELLS,
            kings: [0, 0],
            pawns: [0, 0],
            hash: 0,
        }
    }

    /// The raw mailbox, for the laser and move generation.
    #[inline]
    pub fn cells(&self) -> &[u8; MAILBOX_CELLS] {
        &self.cells
    }

    #[inline]
    pub fn at(&self, idx: Idx) -> Piece {
        piece_from_code(self.cells[idx])
    }

    #[inline]
    pub fn piece_on(&self, sq: Square) -> Piece {
        self.at(sq.idx())
    }

    /// Mailbox index of `side`'s king.
    #[inline]
    pub fn king(&self, side: Side) -> Idx {
        self.kings[side.index()] as Idx
    }

    /// Bitboard of `side`'s pawns.
    #[inline]
    pub fn pawns(&self, side: Side) -> u64 {
        self.pawns[side.index()]
    }

    /// Bitboard of `side`'s pieces (pawns and king).
    #[inline]
    pub fn pieces(&self, side: Side) -> u64 {
        self.pawns[side.index()] | Square::from_idx(self.king(side)).bit()
    }

    /// Bitboard of every occupied square.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.pieces(Side::White) | self.pieces(Side::Black)
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts `piece` (or `Piece::EMPTY`) on `idx`, keeping the king squares,
    /// pawn bitboards and hash in step.
    #[inline]
    pub fn set(&mut self, idx: Idx, piece: Piece) {
        debug_assert!(is_on_board(idx));
        let sq = Square::from_idx(idx);
        let old = self.at(idx);
        self.hash ^= zobrist::piece_square(old.code(), sq.index())
            ^ zobrist::piece_square(piece.code(), sq.index());
        if old.is_pawn() {
            self.pawns[old.colour_index()] &= !sq.bit();
        }
        if piece.is_pawn() {
            self.pawns[piece.colour_index()] |= sq.bit();
        } else if piece.is_king() {
            self.kings[piece.colour_index()] = idx as u8;
        }
        self.cells[idx] = piece.code() as u8;
    }

    /// The state [`Board::restore`] needs besides the cells themselves.
    #[inline]
    pub fn summary(&self) -> BoardSummary {
        BoardSummary {
            kings: self.kings,
            pawns: self.pawns,
            hash: self.hash,
        }
    }

    /// Writes a cell back without bookkeeping; the caller restores the
    /// summary afterwards (cheap unmake).
    #[inline]
    pub fn restore_cell(&mut self, idx: Idx, piece: Piece) {
        self.cells[idx] = piece.code() as u8;
    }

    #[inline]
    pub fn restore(&mut self, summary: &BoardSummary) {
        self.kings = summary.kings;
        self.pawns = summary.pawns;
        self.hash = summary.hash;
    }

    /// Checks that the incremental state matches the cells (debug only).
    pub fn is_consistent(&self) -> bool {
        let mut hash = 0;
        let mut pawns = [0u64; 2];
        let mut kings = [None, None];
        for sq in Square::all() {
            let p = self.piece_on(sq);
            hash ^= zobrist::piece_square(p.code(), sq.index());
            if p.is_pawn() {
                pawns[p.colour_index()] |= sq.bit();
            } else if p.is_king() {
                if kings[p.colour_index()].is_some() {
                    return false;
                }
                kings[p.colour_index()] = Some(sq.idx() as u8);
            }
        }
        let sentinels_ok = (0..MAILBOX_CELLS)
            .all(|i| is_on_board(i) || self.cells[i] == Piece::SENTINEL.code() as u8);
        sentinels_ok
            && hash == self.hash
            && pawns == self.pawns
            && kings == [Some(self.kings[0]), Some(self.kings[1])]
    }
}

/// Kings, pawns and hash, saved for unmake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSummary {
    kings: [u8; 2],
    pawns: [u64; 2],
    hash: u64,
}

/// A piece from a cell byte.
#[inline]
pub fn piece_from_code(code: u8) -> Piece {
    Piece::from_code(code)
}
