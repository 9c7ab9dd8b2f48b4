//! A position: the board, the side to move, the fifty-move count and
//! whether a king has been zapped; making and unmaking moves with the laser.

use search::Side;

use crate::board::{Board, BoardSummary};
use crate::cell::Cell;
use crate::laser::{self, Hit, Trace};
use crate::moves::{Action, Move};
use crate::piece::Piece;
use crate::zobrist;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) side: Side,
    /// Plies since a piece was last zapped (rule 5.2; a king zap ends the
    /// game, so in play that is a pawn).
    pub(crate) halfmove: u16,
    /// The side whose king was zapped (rule 5.1), once the game is decided.
    pub(crate) zapped: Option<Side>,
}

/// Everything `unmake` needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    summary: BoardSummary,
    /// Cells written by the move and its zap: `cell | old code << 8`
    /// (whole words: no store-forwarding stalls when the undo is copied).
    cells: [u16; 4],
    len: u8,
    halfmove: u16,
    /// What the mover's laser hit.
    pub hit: Hit,
}

/// A move's laser as it was fired (rule 4.1): the board it crossed, with
/// the pieces moved and nothing zapped yet, and its trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    pub board: Board,
    pub trace: Trace,
}

impl Undo {
    /// The pawn the move's laser zapped, with its cell: the last cell
    /// saved, after the move's own.
    fn zapped_pawn(&self) -> Option<(Cell, Piece)> {
        let Hit::Pawn(cell) = self.hit else {
            return None;
        };
        let entry = self.cells[usize::from(self.len) - 1];
        debug_assert_eq!(usize::from(entry & 0xFF), cell.index());
        Some((cell, Piece::from_code((entry >> 8) as u8)))
    }

    #[inline]
    fn save(&mut self, board: &Board, cell: Cell) {
        debug_assert!((self.len as usize) < self.cells.len());
        self.cells[self.len as usize] = cell.index() as u16 | (board.at(cell).code() as u16) << 8;
        self.len += 1;
    }
}

impl Position {
    /// A position from a board; the caller guarantees one king per side.
    pub fn new(board: Board, side: Side) -> Position {
        debug_assert!(board.is_consistent());
        Position {
            board,
            side,
            halfmove: 0,
            zapped: None,
        }
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Plies since the last zap (rule 5.2).
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The side whose king was zapped, if the game was decided that way.
    #[inline]
    pub fn zapped_king(&self) -> Option<Side> {
        self.zapped
    }

    /// Zobrist hash of the board, side to move and game-over flag (rule 5.3a).
    #[inline]
    pub fn hash(&self) -> u64 {
        let mut h = self.board.hash();
        if self.side == Side::Black {
            h ^= zobrist::SIDE;
        }
        if let Some(loser) = self.zapped {
            h ^= zobrist::ZAPPED[loser.index()];
        }
        h
    }

    /// Where `side`'s laser would strike if it fired now.
    #[inline]
    pub fn laser_hit(&self, side: Side) -> Hit {
        let k = self.board.king(side);
        let (hit, _) = laser::jump(
            self.board.cells(),
            self.board.occupied(),
            k.square(),
            self.board.at(k).orientation(),
        );
        hit
    }

    /// The laser the move `undo` came from fired; that move must be the
    /// last one made. The board is this one with the zapped pawn put back.
    pub fn shot(&self, undo: &Undo) -> Shot {
        let mut board = self.board.clone();
        if let Some((cell, pawn)) = undo.zapped_pawn() {
            board.set(cell, pawn);
        }
        let mover = self.side.opponent();
        let trace = laser::trace(board.cells(), board.king(mover));
        debug_assert_eq!(trace.hit, undo.hit);
        Shot { board, trace }
    }

    /// The laser `mv` (a legal move) would fire, without making it.
    pub fn shot_after(&self, mv: Move) -> Shot {
        let mut next = self.clone();
        let undo = next.make(mv);
        next.shot(&undo)
    }

    /// Plays `mv` for the side to move and fires its laser (rules 3 and 4).
    /// The move must be one `movegen` produces for this position.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        debug_assert!(self.zapped.is_none());
        let mut undo = Undo {
            summary: self.board.summary(),
            cells: [0; 4],
            len: 0,
            halfmove: self.halfmove,
            hit: Hit::Off,
        };
        self.apply_pieces(mv, &mut undo);

        // Rule 4.1: only the mover's king fires, after the whole move.
        let hit = self.laser_hit(self.side);
        undo.hit = hit;
        match hit {
            Hit::Pawn(cell) => {
                undo.save(&self.board, cell);
                self.board.set(cell, Piece::EMPTY);
                self.halfmove = 0;
            }
            Hit::King(cell) => {
                self.zapped = Some(self.board.at(cell).side());
                self.halfmove += 1;
            }
            Hit::Off => self.halfmove += 1,
        }
        self.side = self.side.opponent();
        debug_assert!(self.board.is_consistent());
        undo
    }

    /// Moves the pieces for `mv` (no laser).
    #[inline]
    fn apply_pieces(&mut self, mv: Move, undo: &mut Undo) {
        let a = mv.from().cell();
        let piece = self.board.at(a);
        debug_assert!(piece.is_piece_of(self.side));
        undo.save(&self.board, a);
        let pivot = match mv.swap_dir() {
            None => a,
            Some(d) => {
                // Rule 3.3: exchange squares, each keeping its orientation.
                let b = a.step(d);
                let other = self.board.at(b);
                debug_assert!(other.is_piece_of(self.side.opponent()));
                undo.save(&self.board, b);
                self.board.set(a, other);
                self.board.set(b, piece);
                b
            }
        };
        match mv.action() {
            Action::Rotate(r) => self.board.set(pivot, piece.rotated(r)),
            Action::Shift(d) => {
                let t = pivot.step(d);
                debug_assert!(self.board.at(t).is_empty());
                undo.save(&self.board, t);
                self.board.set(t, piece);
                self.board.set(pivot, Piece::EMPTY);
            }
        }
    }

    /// Takes back the move `undo` came from.
    #[inline]
    pub fn unmake(&mut self, undo: &Undo) {
        for &entry in undo.cells[..undo.len as usize].iter().rev() {
            let cell = Cell::from_index(entry as u8);
            self.board
                .restore_cell(cell, Piece::from_code((entry >> 8) as u8));
        }
        self.restore(&undo.summary, undo.halfmove);
    }

    /// The end of every unmake, once the cells are back: the board's
    /// summary, the counter, no king zapped, the other side to move.
    #[inline]
    pub(crate) fn restore(&mut self, summary: &BoardSummary, halfmove: u16) {
        self.board.restore(summary);
        self.halfmove = halfmove;
        self.zapped = None;
        self.side = self.side.opponent();
        debug_assert!(self.board.is_consistent());
    }

    /// The hash the position would have after `mv`, before the laser fires
    /// (used to find ko candidates cheaply).
    #[inline]
    pub fn hash_after_pieces(&self, mv: Move) -> u64 {
        let key = |p: Piece, cell: Cell| zobrist::key(p, cell.square());
        let a = mv.from().cell();
        let piece = self.board.at(a);
        let mut h = self.hash() ^ zobrist::SIDE ^ key(piece, a);
        let pivot = match mv.swap_dir() {
            None => a,
            Some(d) => {
                let b = a.step(d);
                let other = self.board.at(b);
                h ^= key(other, b) ^ key(other, a);
                b
            }
        };
        match mv.action() {
            Action::Rotate(r) => h ^ key(piece.rotated(r), pivot),
            Action::Shift(d) => h ^ key(piece, pivot.step(d)),
        }
    }

    /// Passes the turn (a null move for the search; not a game move).
    #[inline]
    pub(crate) fn flip_side(&mut self) {
        self.side = self.side.opponent();
    }
}
