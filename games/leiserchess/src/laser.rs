//! The laser (rule 4): the reflection table and the beam walk.
//!
//! One table, indexed by beam direction and piece byte, says what a beam
//! does on entering a cell: go on in some direction, stop on a piece it
//! zaps, or stop off the board. The walk is then a single lookup per cell.

use crate::piece::{Kind, PIECE_CODES};
use crate::square::{Idx, MAILBOX};

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

/// Fires a beam and reports only where it ended.
#[inline]
pub fn fire(cells: &[u8; 256], from: Idx, dir: BeamDir) -> Hit {
    walk(cells, from, dir, |_| {})
}
