//! The laser of the 2016 rules: after each pawn it zaps, the king fires
//! again (rule 4.3), until a beam leaves the board or zaps a king.
//!
//! Each beam is the 2018 tracer's bitboard walk (`laser::jump_by`); a
//! zapped pawn is only taken out of the occupancy, since the walk reads
//! the cells of blockers alone. So what a move's laser does can be found
//! over the unchanged board with the move's few cells laid over it, as
//! for the 2018 laser in `shots.rs`.

use search::Side;

use crate::board::Board;
use crate::cell::{Cell, Mailbox};
use crate::laser::{self, BeamDir, Hit};
use crate::piece::Piece;
use crate::ruleset::Zap;
use crate::ruleset::{KING_ZAP_VALUE, PAWN_ZAP_VALUE};
use crate::square::Square;

use super::moves::{Kind, Move};

/// Everything a king's shot did (rule 4.3): all its beams together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    /// Every square a beam entered, the king's own included.
    pub squares: u64,
    /// The squares of the pawns zapped.
    pub pawns: u64,
    /// Those of them that belonged to the side that fired.
    pub own_pawns: u64,
    /// The side whose king the last beam zapped, if it did not leave the
    /// board.
    pub king: Option<Side>,
    /// The squares the last beam entered: the beam over the board after
    /// the zaps, which pins the opponent's pawns on it (rule 3.4).
    pub last: u64,
}

impl Shot {
    /// Whether the shot zapped anything (rule 6.1: then the board cannot
    /// be an earlier one).
    #[inline]
    pub fn zaps(&self) -> bool {
        self.pawns != 0 || self.king.is_some()
    }

    /// The shot as the search weighs it, for the side `side` that fired:
    /// every pawn counts, and a zap of a pawn or of the opposing king is
    /// noisy.
    #[inline]
    pub fn zap(&self, side: Side) -> Zap {
        let pawns = self.pawns.count_ones() as i32 - 2 * self.own_pawns.count_ones() as i32;
        let king = match self.king {
            None => 0,
            Some(loser) if loser == side => -KING_ZAP_VALUE,
            Some(_) => KING_ZAP_VALUE,
        };
        Zap {
            value: PAWN_ZAP_VALUE * pawns + king,
            noisy: self.pawns != 0 || king > 0,
        }
    }
}

/// The shot of `side`'s king from `king` in `dir` over the cells `cell`
/// reads and the occupancy `occ`: beam after beam, each zapped pawn taken
/// out of `occ` before the next.
#[inline]
pub fn shot_by(
    cell: impl Fn(Cell) -> u8,
    mut occ: u64,
    king: Square,
    dir: BeamDir,
    side: Side,
) -> Shot {
    let mut shot = Shot {
        squares: king.bit(),
        pawns: 0,
        own_pawns: 0,
        king: None,
        last: 0,
    };
    loop {
        let (hit, squares) = laser::jump_by(&cell, occ, king, dir);
        shot.squares |= squares;
        shot.last = squares;
        match hit {
            Hit::Off => return shot,
            Hit::King(at) => {
                shot.king = Some(Piece::from_code(cell(at)).side());
                return shot;
            }
            Hit::Pawn(at) => {
                let bit = at.square().bit();
                shot.pawns |= bit;
                if Piece::from_code(cell(at)).side() == side {
                    shot.own_pawns |= bit;
                }
                occ &= !bit;
            }
        }
    }
}

/// The shot `side`'s king fires over `board` as it stands.
#[inline]
pub fn shot(board: &Board, side: Side) -> Shot {
    let k = board.king(side);
    let cells = board.cells();
    shot_by(
        |at| cells[at],
        board.occupied(),
        k.square(),
        board.at(k).orientation(),
        side,
    )
}

/// The cells a move changes, laid over the unchanged mailbox: at most two.
#[derive(Clone, Copy)]
struct Overlay<'a> {
    cells: &'a Mailbox,
    changed: [(Cell, u8); 2],
}

impl Overlay<'_> {
    /// The byte on `cell` after the move.
    #[inline(always)]
    fn get(&self, cell: Cell) -> u8 {
        let [(a, va), (b, vb)] = self.changed;
        if cell == a {
            va
        } else if cell == b {
            vb
        } else {
            self.cells[cell]
        }
    }
}

/// What the laser of `side` does after `side` plays the generated move
/// `mv` on `board`, whose shot now is `now`. A move that changes no square
/// any of the beams entered leaves every beam as it is: that common case
/// is inlined into every caller, the replay is not.
#[inline(always)]
pub fn shot_after(board: &Board, side: Side, mv: Move, now: &Shot) -> Shot {
    if mv.touched() & now.squares == 0 {
        return *now;
    }
    replay(board, side, mv, now)
}

/// [`shot_after`] for a move that changes a square some beam entered.
#[inline(never)]
fn replay(board: &Board, side: Side, mv: Move, now: &Shot) -> Shot {
    let touched = mv.touched();
    let cells = board.cells();
    let a = mv.from().cell();
    let piece = cells[a];
    let mut king = board.king(side);
    let mut occ = board.occupied();
    // Cell 0 is a sentinel no beam reads: an unused entry.
    let unused = (Cell::from_index(0), 0);
    let changed = match mv.kind() {
        Kind::Rotate(r) => [(a, Piece::from_code(piece).rotated(r).code() as u8), unused],
        Kind::Shift(d) => {
            let t = a.step(d);
            occ ^= touched;
            king = if king == a { t } else { king };
            [(a, 0), (t, piece)]
        }
        Kind::Swap(d) => {
            let t = a.step(d);
            king = if king == a {
                t
            } else if king == t {
                a
            } else {
                king
            };
            [(a, cells[t]), (t, piece)]
        }
        Kind::Null => return *now,
    };
    let overlay = Overlay { cells, changed };
    let dir = Piece::from_code(overlay.get(king)).orientation();
    shot_by(|at| overlay.get(at), occ, king.square(), dir, side)
}
