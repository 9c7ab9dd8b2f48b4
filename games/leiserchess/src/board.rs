//! The board: a 16 × 16 mailbox with sentinels (rule 1.4), plus the king
//! squares, pawn bitboards and the board's Zobrist hash, all kept in step
//! by the one mutator [`Board::set`].

use search::Side;

use crate::cell::{Cell, Mailbox};
use crate::piece::Piece;
use crate::square::Square;
use crate::zobrist;

/// The mailbox with empty playing area and sentinels everywhere else.
const EMPTY_CELLS: Mailbox = Mailbox::with_sentinels(Piece::SENTINEL.code() as u8);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Mailbox,
    /// The cell of each side's king (indexed by `Side::index`).
    kings: [Cell; 2],
    /// Pawns of each side, as `Square` bitboards.
    pawns: [u64; 2],
    /// Pawns and king of each side: asked for far more often than a piece
    /// moves, so kept rather than built from the king's cell each time.
    pieces: [u64; 2],
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
            kings: [Cell::from_index(0); 2],
            pawns: [0, 0],
            pieces: [0, 0],
            hash: 0,
        }
    }

    /// The raw mailbox, for the laser and move generation.
    #[inline]
    pub fn cells(&self) -> &Mailbox {
        &self.cells
    }

    /// The playing area, one rank per word (file a in the low byte): a
    /// compact copy to compare boards with [`differing_squares`].
    #[inline]
    pub fn ranks(&self) -> [u64; 8] {
        std::array::from_fn(|rank| u64::from_le_bytes(self.cells.rank_bytes(rank as u8)))
    }

    #[inline]
    pub fn at(&self, cell: Cell) -> Piece {
        piece_from_code(self.cells[cell])
    }

    #[inline]
    pub fn piece_on(&self, sq: Square) -> Piece {
        self.at(sq.cell())
    }

    /// The cell of `side`'s king.
    #[inline]
    pub fn king(&self, side: Side) -> Cell {
        self.kings[side.index()]
    }

    /// The square of `side`'s king.
    #[inline]
    pub fn king_square(&self, side: Side) -> Square {
        self.king(side).square()
    }

    /// Bitboard of `side`'s pawns.
    #[inline]
    pub fn pawns(&self, side: Side) -> u64 {
        self.pawns[side.index()]
    }

    /// Bitboard of `side`'s pieces (pawns and king).
    #[inline]
    pub fn pieces(&self, side: Side) -> u64 {
        self.pieces[side.index()]
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

    /// Puts `piece` (or `Piece::EMPTY`) on `cell`, keeping the king squares,
    /// pawn bitboards and hash in step.
    #[inline]
    pub fn set(&mut self, cell: Cell, piece: Piece) {
        let sq = cell.square();
        let old = self.at(cell);
        self.hash ^= zobrist::piece_square(old.code(), sq.index())
            ^ zobrist::piece_square(piece.code(), sq.index());
        if old.is_pawn() {
            self.pawns[old.colour_index()] &= !sq.bit();
        }
        if old.is_piece() {
            self.pieces[old.colour_index()] &= !sq.bit();
        }
        if piece.is_piece() {
            self.pieces[piece.colour_index()] |= sq.bit();
        }
        if piece.is_pawn() {
            self.pawns[piece.colour_index()] |= sq.bit();
        } else if piece.is_king() {
            self.kings[piece.colour_index()] = cell;
        }
        self.cells[cell] = piece.code() as u8;
    }

    /// The state [`Board::restore`] needs besides the cells themselves.
    #[inline]
    pub fn summary(&self) -> BoardSummary {
        BoardSummary {
            kings: self.kings,
            pawns: self.pawns,
            pieces: self.pieces,
            hash: self.hash,
        }
    }

    /// Writes a cell back without bookkeeping; the caller restores the
    /// summary afterwards (cheap unmake).
    #[inline]
    pub fn restore_cell(&mut self, cell: Cell, piece: Piece) {
        self.cells[cell] = piece.code() as u8;
    }

    #[inline]
    pub fn restore(&mut self, summary: &BoardSummary) {
        self.kings = summary.kings;
        self.pawns = summary.pawns;
        self.pieces = summary.pieces;
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
                kings[p.colour_index()] = Some(sq.cell());
            }
        }
        let sentinels_ok = self
            .cells
            .iter()
            .all(|(cell, code)| cell.is_on_board() || code == Piece::SENTINEL.code() as u8);
        let pieces = [0, 1].map(|c| pawns[c] | kings[c].map_or(0, |k: Cell| k.square().bit()));
        sentinels_ok
            && hash == self.hash
            && pawns == self.pawns
            && pieces == self.pieces
            && kings == [Some(self.kings[0]), Some(self.kings[1])]
    }
}

/// Kings, pawns and hash, saved for unmake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSummary {
    kings: [Cell; 2],
    pawns: [u64; 2],
    pieces: [u64; 2],
    hash: u64,
}

/// A piece from a cell byte.
#[inline]
pub fn piece_from_code(code: u8) -> Piece {
    Piece::from_code(code)
}

/// The squares whose cells differ between two [`Board::ranks`] copies:
/// two byte comparisons of 32 squares each where AVX2 is compiled in.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline]
pub fn differing_squares(a: &[u64; 8], b: &[u64; 8]) -> u64 {
    use std::arch::x86_64::{__m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8};
    // Byte `q` of a copy (little-endian words) is square `q`'s cell.
    let (a, b) = (a.as_ptr().cast::<__m256i>(), b.as_ptr().cast::<__m256i>());
    // SAFETY: AVX2 is compiled in, and each copy is 64 bytes: two
    // unaligned 32-byte loads.
    let same = |half: usize| unsafe {
        let equal = _mm256_cmpeq_epi8(
            _mm256_loadu_si256(a.add(half)),
            _mm256_loadu_si256(b.add(half)),
        );
        u64::from(_mm256_movemask_epi8(equal) as u32)
    };
    !(same(0) | same(1) << 32)
}

/// The squares whose cells differ between two [`Board::ranks`] copies.
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
#[inline]
pub fn differing_squares(a: &[u64; 8], b: &[u64; 8]) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Gathers the bits at 0, 8, …, 56 into the top byte, in order.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut diff = 0u64;
    for rank in 0..8 {
        let x = a[rank] ^ b[rank];
        // High bit of each byte: set when the byte is not zero.
        let nonzero = ((x & LOW7).wrapping_add(LOW7) | x) & HIGH;
        diff |= ((nonzero >> 7).wrapping_mul(GATHER) >> 56) << (8 * rank);
    }
    diff
}

#[cfg(test)]
mod tests {
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::differing_squares;

    #[test]
    fn differing_squares_marks_exactly_the_bytes_that_differ() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut next = move || rng.next_u64();
        for _ in 0..10_000 {
            let a: [u64; 8] = std::array::from_fn(|_| next());
            // Change a few random bytes (some to the same value).
            let mut b = a;
            for _ in 0..(next() % 6) {
                let (rank, byte) = ((next() % 8) as usize, next() % 8);
                let value = if next() % 4 == 0 { 0x80 } else { next() & 0xFF };
                b[rank] = b[rank] & !(0xFF << (8 * byte)) | value << (8 * byte);
            }
            let mut expected = 0u64;
            for q in 0..64 {
                let (rank, byte) = (q / 8, q % 8);
                if (a[rank] >> (8 * byte)) & 0xFF != (b[rank] >> (8 * byte)) & 0xFF {
                    expected |= 1 << q;
                }
            }
            assert_eq!(differing_squares(&a, &b), expected);
        }
    }
}
