//! What the mover's laser would hit after a move, without making it.
//!
//! The beam after a move can only differ from the beam now if the move
//! changes a cell the current beam crosses (its king's cell included). So
//! the current beam is walked once; moves that touch none of its cells
//! share its result, and only the others are replayed, reading the board
//! through the few cells the move changes (nothing is written).

use search::Side;

use crate::board::Board;
use crate::cell::{Cell, Mailbox};
use crate::laser::{self, nearest, BeamDir, Hit, BEAM, OFF, RAYS, ZAP};
use crate::moves::{Action, Move};
use crate::piece::Piece;
use crate::square::{BitIter, Square, NEIGHBOURS};

/// The beam `side` fires now: the squares it enters (its king's square
/// included) and where it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beam {
    pub squares: u64,
    pub hit: Hit,
}

impl Beam {
    /// Walks `side`'s beam on `board`.
    #[inline]
    pub fn of(board: &Board, side: Side) -> Beam {
        let k = board.king(side);
        let king = k.square();
        let (hit, squares) = laser::jump(
            board.cells(),
            board.occupied(),
            king,
            board.at(k).orientation(),
        );
        Beam {
            squares: squares | king.bit(),
            hit,
        }
    }
}

/// Cells a raw move changed, to put back: up to three 16-bit entries
/// `cell | old code << 8`, newest in the low bits, packed in one word so the
/// undo lives in a register (a byte-built struct stalled on store
/// forwarding when copied: measured 20% of the evaluation).
#[derive(Clone, Copy, Debug)]
pub struct RawUndo(u64);

/// Moves the pieces of `mv` on a bare mailbox (no laser, no bookkeeping)
/// and returns how to undo it and the moving piece's final cell.
#[inline(always)]
pub fn apply_raw(cells: &mut Mailbox, mv: Move) -> (RawUndo, Cell) {
    let (changes, end) = Changes::of(cells, mv);
    let mut undo = 0u64;
    // The changed cells are distinct, so the order of the writes is free.
    for (cell, code) in changes.0 {
        if cell != Changes::UNUSED {
            undo = (undo << 16) | cell.index() as u64 | u64::from(cells[cell]) << 8;
            cells[cell] = code;
        }
    }
    (RawUndo(undo), end)
}

/// Puts back what [`apply_raw`] changed, newest first.
#[inline(always)]
pub fn revert_raw(cells: &mut Mailbox, undo: RawUndo) {
    let mut packed = undo.0;
    while packed != 0 {
        cells[Cell::from_index(packed as u8)] = (packed >> 8) as u8;
        packed >>= 16;
    }
}

/// The cells a move changes, as up to three `(cell, new code)` pairs on
/// distinct cells, read over the unchanged board (no copy of it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Changes([(Cell, u8); 3]);

impl Changes {
    /// The cell an unused pair names: a sentinel that no beam reads.
    const UNUSED: Cell = Cell::from_index(0);

    /// The changes of `mv` and the moving piece's final cell.
    #[inline(always)]
    pub(crate) fn of(cells: &Mailbox, mv: Move) -> (Changes, Cell) {
        let a = mv.from().cell();
        let piece = cells[a];
        let mut changes = [(Changes::UNUSED, 0); 3];
        let pivot = match mv.swap_dir() {
            None => a,
            Some(d) => {
                let b = a.step(d);
                changes[2] = (a, cells[b]);
                b
            }
        };
        let end = match mv.action() {
            Action::Rotate(r) => {
                changes[0] = (pivot, Piece::from_code(piece).rotated(r).code() as u8);
                pivot
            }
            Action::Shift(d) => {
                let t = pivot.step(d);
                changes[0] = (pivot, 0);
                changes[1] = (t, piece);
                t
            }
        };
        (Changes(changes), end)
    }

    /// The byte on `cell` after the move.
    #[inline(always)]
    pub(crate) fn cell(&self, cells: &Mailbox, cell: Cell) -> u8 {
        let [c0, c1, c2] = self.0;
        if cell == c0.0 {
            c0.1
        } else if cell == c1.0 {
            c1.1
        } else if cell == c2.0 {
            c2.1
        } else {
            cells[cell]
        }
    }
}

/// What `side`'s laser hits after `side` plays `mv` on `board`, and the
/// piece it strikes (read after the move: it may have just arrived there).
/// The common case, a move that leaves the beam alone, is inlined into
/// every caller; the replay is not.
#[inline(always)]
pub fn hit_after(board: &Board, side: Side, mv: Move, beam: &Beam) -> (Hit, Piece) {
    let cells = board.cells();
    if mv.touched_on_board() & beam.squares == 0 {
        return struck(beam.hit, |cell| cells[cell]);
    }
    replay_hit(board, side, mv)
}

/// [`hit_after`] for a move that changes a square of the beam.
#[inline(never)]
fn replay_hit(board: &Board, side: Side, mv: Move) -> (Hit, Piece) {
    let cells = board.cells();
    let (changes, end) = Changes::of(cells, mv);
    let king = if mv.from().cell() == board.king(side) {
        end
    } else {
        board.king(side)
    };
    let touched = mv.touched_on_board();
    // Only a blocker the move changed is looked up among the changes: one
    // bit test per blocker instead of three comparisons.
    let code_on = |sq: Square| {
        let cell = sq.cell();
        if touched & sq.bit() == 0 {
            cells[cell]
        } else {
            changes.cell(cells, cell)
        }
    };
    let (hit, code) = jump_to_end(
        code_on,
        mv.occupancy_after(board.occupied()),
        king.square(),
        Piece::from_code(changes.cell(cells, king)).orientation(),
    );
    (hit, Piece::from_code(code))
}

/// [`laser::jump_by`] reading the byte of each blocker's square through
/// `code_on`, and returning where the beam ends with the byte of the
/// piece it stops on (0 off the board) instead of the squares it entered.
#[inline(always)]
fn jump_to_end(
    code_on: impl Fn(Square) -> u8,
    occ: u64,
    from: Square,
    mut dir: BeamDir,
) -> (Hit, u8) {
    let mut s = from.index();
    loop {
        let blockers = RAYS[dir as usize][s] & occ;
        if blockers == 0 {
            return (Hit::Off, 0);
        }
        let b = nearest(dir, blockers);
        let sq = Square::from_index(b as u8);
        let code = code_on(sq);
        let next = BEAM[dir as usize][code as usize];
        debug_assert!(next != OFF, "occupancy out of step with the cells");
        if next >= ZAP {
            return (Hit::struck(sq.cell(), code), code);
        }
        dir = next;
        s = b;
    }
}

/// A laser result with the piece it strikes, read through `cell`.
#[inline(always)]
pub(crate) fn struck(hit: Hit, cell: impl Fn(Cell) -> u8) -> (Hit, Piece) {
    match hit.cell() {
        None => (hit, Piece::EMPTY),
        Some(at) => (hit, Piece::from_code(cell(at))),
    }
}

/// Cheap pre-check: can any move of the piece on `sq` change a square of
/// `beam` (a bitboard)? Its own square, an empty neighbour (shift), or a
/// swap partner's square or that partner's empty neighbours.
#[inline]
pub fn touches_possible(sq: Square, beam: u64, opponents: u64, empty: u64) -> bool {
    let n = NEIGHBOURS[sq.index()];
    if (sq.bit() | (n & empty)) & beam != 0 {
        return true;
    }
    BitIter(n & opponents).any(|b| (b.bit() | (NEIGHBOURS[b.index()] & empty)) & beam != 0)
}
