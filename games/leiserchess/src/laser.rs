//! The laser (rule 4): the reflection table and the one tracer.
//!
//! One table, indexed by beam direction and piece byte, says what a beam
//! does on entering a cell: go on in some direction, stop on a piece it
//! zaps, or stop off the board. The walk is then a single lookup per cell.
//!
//! [`trace`] is the laser as the rules describe it: the beam from a king,
//! square by square, with where it ended. Everything that shows or checks
//! a beam (the game's last shot, the web GUI, the tests) asks it. Two hot
//! paths keep a specialised walk of their own, tested against [`trace`]:
//! [`fire`] (the same walk, nothing recorded) and [`jump`] (blocker to
//! blocker on bitboards, for making moves and the evaluation; the
//! evaluation's coverage walk in `eval/coverage.rs` is its sibling).

use crate::cell::{Cell, Mailbox, MAILBOX};
use crate::piece::{Kind, Piece, PIECE_CODES};
use crate::square::Square;

/// Beam directions: 0 north, 1 east, 2 south, 3 west.
pub type BeamDir = u8;

/// Mailbox offsets of the four beam directions.
pub const BEAM_OFFSETS: [isize; 4] = [MAILBOX as isize, 1, -(MAILBOX as isize), -1];

/// Table outcome: the beam stops on a piece it zaps.
pub const ZAP: u8 = 4;
/// Table outcome: the beam left the board.
pub const OFF: u8 = 5;

/// Rule 4.4: `REFLECT[travelling][pawn orientation]`, `ZAP` when the back
/// is struck. Pawn orientations are NW, NE, SE, SW.
pub const REFLECT: [[u8; 4]; 4] = [
    // north: NW zap, NE zap, SE east, SW west
    [ZAP, ZAP, 1, 3],
    // east: NW north, NE zap, SE zap, SW south
    [0, ZAP, ZAP, 2],
    // south: NW west, NE east, SE zap, SW zap
    [3, 1, ZAP, ZAP],
    // west: NW zap, NE north, SE south, SW zap
    [ZAP, 0, 2, ZAP],
];

/// `BEAM[dir][piece code]`: the new direction (`0..4`), `ZAP` or `OFF`.
pub static BEAM: [[u8; PIECE_CODES]; 4] = {
    let mut table = [[0u8; PIECE_CODES]; 4];
    let mut d = 0;
    while d < 4 {
        let mut code = 0;
        while code < PIECE_CODES {
            let kind = (code >> 2) & 3;
            table[d][code] = if kind == Kind::Empty as usize {
                d as u8
            } else if kind == Kind::Pawn as usize {
                REFLECT[d][code & 3]
            } else if kind == Kind::King as usize {
                ZAP
            } else {
                OFF
            };
            code += 1;
        }
        d += 1;
    }
    table
};

/// Square-index step of each beam direction (north, east, south, west).
pub const SQUARE_STEPS: [isize; 4] = [8, 1, -8, -1];

/// `RAYS[dir][sq]`: the squares a beam leaving `sq` in `dir` crosses on an
/// empty board, for walking from blocker to blocker with bitboards.
pub static RAYS: [[u64; 64]; 4] = {
    let mut table = [[0u64; 64]; 4];
    let deltas: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let mut d = 0;
    while d < 4 {
        let mut s = 0;
        while s < 64 {
            let (mut f, mut r) = ((s % 8) as i32, (s / 8) as i32);
            loop {
                f += deltas[d].0;
                r += deltas[d].1;
                if f < 0 || f > 7 || r < 0 || r > 7 {
                    break;
                }
                table[d][s] |= 1u64 << (r * 8 + f);
            }
            s += 1;
        }
        d += 1;
    }
    table
};

/// The nearest square of `blockers` (a non-empty subset of a ray in `dir`)
/// to the ray's origin.
#[inline(always)]
pub fn nearest(dir: BeamDir, blockers: u64) -> usize {
    debug_assert!(blockers != 0);
    // North and east rays run towards higher square indices.
    if dir < 2 {
        blockers.trailing_zeros() as usize
    } else {
        63 - blockers.leading_zeros() as usize
    }
}

/// Where a beam ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hit {
    /// It left the board; nothing is zapped.
    Off,
    /// It struck the back of the pawn on this cell.
    Pawn(Cell),
    /// It struck the king on this cell.
    King(Cell),
}

impl Hit {
    /// The result of striking the piece with byte `code` on `cell`.
    #[inline(always)]
    pub(crate) fn struck(cell: Cell, code: u8) -> Hit {
        if (code >> 2) & 3 == Kind::King as u8 {
            Hit::King(cell)
        } else {
            Hit::Pawn(cell)
        }
    }

    /// The cell of the piece struck, if any.
    #[inline]
    pub fn cell(self) -> Option<Cell> {
        match self {
            Hit::Off => None,
            Hit::Pawn(cell) | Hit::King(cell) => Some(cell),
        }
    }
}

/// Beam direction letters, indexed by [`BeamDir`].
pub const BEAM_LETTERS: [char; 4] = ['N', 'E', 'S', 'W'];

/// The next mailbox cell in beam direction `dir`.
#[inline]
pub fn beam_step(cell: Cell, dir: BeamDir) -> Cell {
    cell.offset(BEAM_OFFSETS[dir as usize])
}

/// A beam from a king, as rule 4.2 describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The firing king's square, then every square the beam entered in
    /// order, the square of the piece it struck last.
    pub path: Vec<Square>,
    /// Where it ended.
    pub hit: Hit,
    /// The direction it was travelling when it ended: off the board
    /// (`hit` is [`Hit::Off`]) or into the piece it struck.
    pub last_dir: BeamDir,
}

impl Trace {
    /// The square of the piece zapped, if any (rule 4.2).
    pub fn zapped(&self) -> Option<Square> {
        self.hit.cell().map(Cell::square)
    }

    /// The direction the beam left the board in, if it zapped nothing.
    pub fn exit(&self) -> Option<BeamDir> {
        (self.hit == Hit::Off).then_some(self.last_dir)
    }
}

/// The laser of the king on `king` (rule 4.1): the beam fired in the
/// king's orientation over `cells`, square by square (rule 4.2).
pub fn trace(cells: &Mailbox, king: Cell) -> Trace {
    debug_assert!(Piece::from_code(cells[king]).is_king());
    let mut path = Vec::with_capacity(16);
    path.push(king.square());
    let dir = Piece::from_code(cells[king]).orientation();
    let (hit, last_dir) = walk(cells, king, dir, |cell| path.push(cell.square()));
    Trace {
        path,
        hit,
        last_dir,
    }
}

/// Fires a beam from `from` in `dir` and reports only where it ended:
/// [`trace`]'s walk with nothing recorded.
#[inline]
pub fn fire(cells: &Mailbox, from: Cell, dir: BeamDir) -> Hit {
    walk(cells, from, dir, |_| {}).0
}

/// The beam walk of rule 4.2: from `from` (exclusive) in `dir`, one cell
/// at a time, calling `visit` on every playing square it enters (the one
/// it stops on included); where it ended and its last direction.
#[inline(always)]
fn walk(
    cells: &Mailbox,
    from: Cell,
    mut dir: BeamDir,
    mut visit: impl FnMut(Cell),
) -> (Hit, BeamDir) {
    let mut cell = from;
    loop {
        cell = beam_step(cell, dir);
        let code = cells[cell];
        let next = BEAM[dir as usize][code as usize];
        if next == OFF {
            return (Hit::Off, dir);
        }
        visit(cell);
        if next == ZAP {
            return (Hit::struck(cell, code), dir);
        }
        dir = next;
    }
}

/// [`trace`]'s result from `from` in `dir`, jumping from blocker to
/// blocker on the occupancy `occ` of `cells`: where it ends and the
/// squares it enters (the one it stops on included, `from` not).
#[inline]
pub fn jump(cells: &Mailbox, occ: u64, from: Square, dir: BeamDir) -> (Hit, u64) {
    jump_by(|cell| cells[cell], occ, from, dir)
}

/// [`jump`] reading the cells through `cell`: only the cells of blockers
/// (pieces on `occ`) are read.
#[inline(always)]
pub fn jump_by(cell: impl Fn(Cell) -> u8, occ: u64, from: Square, mut dir: BeamDir) -> (Hit, u64) {
    let mut s = from.index();
    let mut squares = 0u64;
    loop {
        let ray = RAYS[dir as usize][s];
        let blockers = ray & occ;
        if blockers == 0 {
            return (Hit::Off, squares | ray);
        }
        let b = nearest(dir, blockers);
        squares |= ray & !RAYS[dir as usize][b];
        let at = Square::from_index(b as u8).cell();
        let code = cell(at);
        let next = BEAM[dir as usize][code as usize];
        debug_assert!(next != OFF, "occupancy out of step with the cells");
        if next >= ZAP {
            return (Hit::struck(at, code), squares);
        }
        dir = next;
        s = b;
    }
}
