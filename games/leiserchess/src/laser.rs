//! The laser (rule 4): the reflection table and the beam walk.
//!
//! One table, indexed by beam direction and piece byte, says what a beam
//! does on entering a cell: go on in some direction, stop on a piece it
//! zaps, or stop off the board. The walk is then a single lookup per cell.

use crate::piece::{Kind, PIECE_CODES};
use crate::square::{Idx, Square, MAILBOX};

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
    Pawn(Idx),
    /// It struck the king on this cell.
    King(Idx),
}

/// The next mailbox cell in beam direction `dir`.
#[inline]
pub fn beam_step(idx: Idx, dir: BeamDir) -> Idx {
    (idx as isize + BEAM_OFFSETS[dir as usize]) as Idx
}

/// Walks a beam fired from `from` in direction `dir` over `cells` (rule 4.2)
/// and calls `visit` on every cell it enters (including the one it stops
/// on, excluding sentinels).
#[inline]
pub fn walk(cells: &[u8; 256], from: Idx, mut dir: BeamDir, mut visit: impl FnMut(Idx)) -> Hit {
    let mut idx = from;
    loop {
        idx = beam_step(idx, dir);
        let code = cells[idx];
        let next = BEAM[dir as usize][code as usize];
        if next < ZAP {
            visit(idx);
            dir = next;
        } else if next == ZAP {
            visit(idx);
            return if (code >> 2) & 3 == Kind::King as u8 {
                Hit::King(idx)
            } else {
                Hit::Pawn(idx)
            };
        } else {
            return Hit::Off;
        }
    }
}

/// Fires a beam from `from` in `dir` like [`walk`], jumping from blocker to
/// blocker on the occupancy `occ` of `cells`: where it ends and the
/// squares it enters (the one it stops on included, `from` not).
#[inline]
pub fn trace(cells: &[u8; 256], occ: u64, from: Square, dir: BeamDir) -> (Hit, u64) {
    trace_by(|idx| cells[idx], occ, from, dir)
}

/// [`trace`] reading the cells through `cell`: only the cells of blockers
/// (pieces on `occ`) are read.
#[inline(always)]
pub fn trace_by(cell: impl Fn(Idx) -> u8, occ: u64, from: Square, mut dir: BeamDir) -> (Hit, u64) {
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
        let idx = Square::from_index(b as u8).idx();
        let code = cell(idx);
        let next = BEAM[dir as usize][code as usize];
        debug_assert!(next != OFF, "occupancy out of step with the cells");
        if next >= ZAP {
            let hit = if (code >> 2) & 3 == Kind::King as u8 {
                Hit::King(idx)
            } else {
                Hit::Pawn(idx)
            };
            return (hit, squares);
        }
        dir = next;
        s = b;
    }
}

/// Fires a beam and reports only where it ended.
#[inline]
pub fn fire(cells: &[u8; 256], from: Idx, dir: BeamDir) -> Hit {
    walk(cells, from, dir, |_| {})
}
