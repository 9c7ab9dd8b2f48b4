//! Making and unmaking a move under the 2016 rules: the pieces move (rule
//! 3.1), then the mover's king fires until a beam leaves the board or
//! zaps a king (rules 4.1–4.3).

use crate::board::{Board, BoardSummary};
use crate::cell::Cell;
use crate::laser::{self, Hit, Trace};
use crate::piece::Piece;
use crate::position::Position;
use crate::square::{BitIter, Square};
use crate::zobrist;

use super::moves::{Kind, Move};

/// An unused entry of [`Undo::moved`]: a sentinel cell and its own byte,
/// so restoring it changes nothing.
const UNUSED: u16 = (Piece::SENTINEL.code() as u16) << 8;

/// Everything `unmake` needs to take a 2016 move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    summary: BoardSummary,
    /// The cells the move wrote: `cell | old byte << 8`, or [`UNUSED`].
    moved: [u16; 2],
    halfmove: u16,
    /// The squares of the pawns the laser zapped (rule 4.3: any number).
    pub zapped: u64,
    /// Whether the laser zapped a king (rule 5.1).
    pub king_zapped: bool,
    /// Colour and orientation of each zapped pawn, four bits per square.
    pawns: [u64; 4],
}

impl Undo {
    /// Whether the move zapped anything (rule 6.1: then it changed the
    /// board for good).
    #[inline]
    pub fn zapped_any(&self) -> bool {
        self.zapped != 0 || self.king_zapped
    }

    /// Notes the pawn `piece` on `sq` as zapped.
    #[inline]
    fn save_pawn(&mut self, sq: Square, piece: Piece) {
        let code = piece.code() as u64;
        let nibble = (code >> 2 & 4) | (code & 3);
        self.pawns[sq.index() >> 4] |= nibble << (4 * (sq.index() & 15));
        self.zapped |= sq.bit();
    }

    /// The zapped pawn that stood on `sq`.
    #[inline]
    fn pawn(&self, sq: Square) -> Piece {
        let nibble = self.pawns[sq.index() >> 4] >> (4 * (sq.index() & 15));
        let side = if nibble & 4 == 0 {
            search::Side::White
        } else {
            search::Side::Black
        };
        Piece::pawn(side, (nibble & 3) as u8)
    }
}

/// The undo entry of `cell`, holding `piece`.
#[inline]
fn entry(cell: Cell, piece: Piece) -> u16 {
    cell.index() as u16 | (piece.code() as u16) << 8
}

/// Plays the generated move `mv` for the side to move and fires its laser.
#[inline]
pub fn make(pos: &mut Position, mv: Move) -> Undo {
    debug_assert!(pos.zapped.is_none());
    let mut undo = Undo {
        summary: pos.board.summary(),
        moved: [UNUSED; 2],
        halfmove: pos.halfmove,
        zapped: 0,
        king_zapped: false,
        pawns: [0; 4],
    };
    move_pieces(pos, mv, &mut undo);
    fire(pos, &mut undo);
    // Rule 5.3: any zap starts the count again.
    pos.halfmove = if undo.zapped_any() {
        0
    } else {
        pos.halfmove.saturating_add(1)
    };
    pos.side = pos.side.opponent();
    debug_assert!(pos.board.is_consistent());
    undo
}

/// A move's shot as a viewer draws it: the board once the pieces have
/// moved (nothing zapped yet), and every beam in the order it was fired,
/// square by square (rule 4.3: after each zapped pawn the king fires
/// again over the board without it).
#[derive(Clone, Debug)]
pub struct Volley {
    pub board: Board,
    pub beams: Vec<Trace>,
}

/// The volley of the generated move `mv` in `pos`, which is not changed.
/// The beams end as [`make`]'s laser does (a test checks it): slower, as
/// each beam records its path, for display rather than search.
pub fn volley(pos: &Position, mv: Move) -> Volley {
    let mut after = pos.clone();
    let mut scratch = Undo {
        summary: after.board.summary(),
        moved: [UNUSED; 2],
        halfmove: 0,
        zapped: 0,
        king_zapped: false,
        pawns: [0; 4],
    };
    move_pieces(&mut after, mv, &mut scratch);
    let drawn = after.board.clone();
    let king = after.board.king(pos.side);
    let mut beams = Vec::new();
    // Each zap takes a pawn off the board, so this ends.
    loop {
        let beam = laser::trace(after.board.cells(), king);
        let hit = beam.hit;
        beams.push(beam);
        match hit {
            Hit::Pawn(cell) => after.board.set(cell, Piece::EMPTY),
            Hit::King(_) | Hit::Off => break,
        }
    }
    Volley {
        board: drawn,
        beams,
    }
}

/// Rule 3.1: moves the pieces (no laser).
#[inline]
fn move_pieces(pos: &mut Position, mv: Move, undo: &mut Undo) {
    let board = &mut pos.board;
    let a = mv.from().cell();
    let piece = board.at(a);
    debug_assert!(piece.is_piece_of(pos.side));
    match mv.kind() {
        Kind::Null => debug_assert!(piece.is_king()),
        Kind::Rotate(r) => {
            undo.moved[0] = entry(a, piece);
            board.set(a, piece.rotated(r));
        }
        Kind::Shift(d) => {
            let t = a.step(d);
            debug_assert!(board.at(t).is_empty());
            undo.moved = [entry(a, piece), entry(t, Piece::EMPTY)];
            board.set(t, piece);
            board.set(a, Piece::EMPTY);
        }
        Kind::Swap(d) => {
            // Each keeps its orientation; the partner may be anyone's.
            let t = a.step(d);
            let other = board.at(t);
            debug_assert!(other.is_piece());
            undo.moved = [entry(a, piece), entry(t, other)];
            board.set(a, other);
            board.set(t, piece);
        }
    }
}

/// Rules 4.1–4.3: the mover's king fires, and again after each pawn it
/// zaps, until a beam leaves the board or zaps a king.
#[inline]
fn fire(pos: &mut Position, undo: &mut Undo) {
    let board = &mut pos.board;
    let k = board.king(pos.side);
    let dir = board.at(k).orientation();
    loop {
        let (hit, _) = laser::jump(board.cells(), board.occupied(), k.square(), dir);
        match hit {
            Hit::Off => return,
            Hit::King(at) => {
                pos.zapped = Some(board.at(at).side());
                undo.king_zapped = true;
                return;
            }
            Hit::Pawn(at) => {
                undo.save_pawn(at.square(), board.at(at));
                board.set(at, Piece::EMPTY);
            }
        }
    }
}

/// Takes back the move `undo` came from (the last one made).
#[inline]
pub fn unmake(pos: &mut Position, undo: &Undo) {
    // The zaps came after the move: they go back first.
    for sq in BitIter(undo.zapped) {
        pos.board.restore_cell(sq.cell(), undo.pawn(sq));
    }
    for &e in &undo.moved {
        pos.board
            .restore_cell(Cell::from_index(e as u8), Piece::from_code((e >> 8) as u8));
    }
    pos.restore(&undo.summary, undo.halfmove);
}

/// The hash the position would have after `mv`, before the laser fires
/// (rule 6.1b finds its candidates with it).
#[inline]
pub fn hash_after_pieces(pos: &Position, mv: Move) -> u64 {
    let board = pos.board();
    let a = mv.from();
    let piece = board.piece_on(a);
    // The pieces on the squares the move changes, before and after.
    let changed = match (mv.kind(), mv.to()) {
        (Kind::Null, _) | (_, None) => 0,
        (Kind::Rotate(r), _) => zobrist::key(piece.rotated(r), a) ^ zobrist::key(piece, a),
        (Kind::Shift(_), Some(t)) => zobrist::key(piece, t) ^ zobrist::key(piece, a),
        (Kind::Swap(_), Some(t)) => {
            let other = board.piece_on(t);
            let (before, after) = ((piece, other), (other, piece));
            zobrist::key(before.0, a)
                ^ zobrist::key(before.1, t)
                ^ zobrist::key(after.0, a)
                ^ zobrist::key(after.1, t)
        }
    };
    pos.hash() ^ zobrist::SIDE ^ changed
}
