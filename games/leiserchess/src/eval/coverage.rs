//! LCOVERAGE: how closely a side's laser can reach the squares around the
//! enemy king, over all its moves.
//!
//! Definition (after MIT's reference player, simplified to integers):
//!
//! * The paths considered are the beam `side` fires now and the beam it
//!   would fire after each of its moves (rule 3 moves, ko ignored: the
//!   evaluation is a function of the board).
//! * Along a path the first square after the king has length 1, each step
//!   adds 1, and a reflection off an *opposing* pawn adds 2 more (the
//!   opponent can spoil that path). The square where the beam stops (a
//!   zapped piece) is on the path; squares off the board are not.
//! * `minlen(q)` is the shortest length at which any path reaches `q`.
//! * For the squares `q` within [`RADIUS`] (king steps) of the enemy king
//!   `E`, with `K` our king's square before moving:
//!   `C = Σ manhattan(K, q) · proximity(q, E) · (INV_SCALE / minlen(q))`,
//!   where `proximity = 36 / ((|df| + 1)(|dr| + 1))`, or 72 on `E` itself.
//!   `manhattan(K, q) / minlen(q)` rewards direct paths.
//!
//! The fast version walks the current beam once. A move that changes no
//! square of that beam leaves it as it is, so only moves touching the beam
//! (and king moves, which move its origin) are replayed, and those only
//! from the first square they change: the path before it is the current
//! beam's, already counted. A slow version in the tests makes every move on
//! a plain 8×8 board and must agree exactly.

use search::Side;

use crate::board::Board;
use crate::laser::{beam_step, BeamDir, BEAM, BEAM_OFFSETS, OFF, ZAP};
use crate::movegen;
use crate::piece::Piece;
use crate::shots::{apply_raw, revert_raw};
use crate::square::{BitIter, Idx, Square, MAILBOX_CELLS, NEIGHBOURS};

/// Chebyshev radius of the window around the enemy king.
pub const RADIUS: u8 = 2;
/// Scale of `1 / minlen`.
pub const INV_SCALE: i64 = 4096;
/// Scale of [`proximity`].
pub const PROXIMITY_SCALE: i64 = 36;
/// `C` divided by this is the coverage in "squares" (about 0–8).
pub const COVERAGE_DENOM: i64 = INV_SCALE * PROXIMITY_SCALE;

/// Squares within `RADIUS` king steps of each square.
pub const WINDOW: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let f = (s % 8) as i32;
        let r = (s / 8) as i32;
        let mut q = 0;
        while q < 64 {
            let df = (q % 8) as i32 - f;
            let dr = (q / 8) as i32 - r;
            let (df, dr) = (if df < 0 { -df } else { df }, if dr < 0 { -dr } else { dr });
            if df <= RADIUS as i32 && dr <= RADIUS as i32 {
                table[s] |= 1u64 << q;
            }
            q += 1;
        }
        s += 1;
    }
    table
};

/// Weight of reaching `q` when the enemy king stands on `enemy`.
#[inline]
pub fn proximity(q: Square, enemy: Square) -> i64 {
    if q == enemy {
        return 2 * PROXIMITY_SCALE;
    }
    let df = (q.file() as i64 - enemy.file() as i64).abs();
    let dr = (q.rank() as i64 - enemy.rank() as i64).abs();
    PROXIMITY_SCALE / ((df + 1) * (dr + 1))
}

#[inline]
pub fn manhattan(a: Square, b: Square) -> i64 {
    (a.file() as i64 - b.file() as i64).abs() + (a.rank() as i64 - b.rank() as i64).abs()
}

/// Sums the window given the shortest lengths (`u16::MAX` = not reached).
#[inline]
pub fn score_window(own_king: Square, enemy: Square, minlen: impl Fn(Square) -> u16) -> i64 {
    let mut total = 0;
    for q in BitIter(WINDOW[enemy.index()]) {
        let len = minlen(q);
        if len != u16::MAX {
            total += manhattan(own_king, q) * proximity(q, enemy) * (INV_SCALE / i64::from(len));
        }
    }
    total
}

/// A square the current beam enters: where, travelling which way, and at
/// what length.
#[derive(Clone, Copy, Debug, Default)]
struct PathPoint {
    idx: u8,
    dir: u8,
    len: u16,
}

/// Walks a beam from `from` (exclusive) in `dir`, the first cell entered
/// having length `len`, lowering `minlen` along the way; `record` sees each
/// cell entered.
#[inline(always)]
fn walk(
    cells: &[u8; MAILBOX_CELLS],
    from: Idx,
    mut dir: BeamDir,
    mut len: u16,
    opposing_pawn: u8,
    minlen: &mut [u16; MAILBOX_CELLS],
    mut record: impl FnMut(Idx, BeamDir, u16),
) {
    let mut idx = from;
    loop {
        idx = beam_step(idx, dir);
        let code = cells[idx];
        let next = BEAM[dir as usize][code as usize];
        if next == OFF {
            return;
        }
        record(idx, dir, len);
        if len < minlen[idx] {
            minlen[idx] = len;
        }
        if next == ZAP {
            return;
        }
        len += 1 + 2 * u16::from(code & 0b1_1100 == opposing_pawn);
        dir = next;
    }
}

/// The coverage `C` of `side` (see the module documentation).
pub fn coverage(board: &Board, side: Side) -> i64 {
    let opponent = side.opponent();
    let king = board.king(side);
    let enemy = Square::from_idx(board.king(opponent));
    let opposing_pawn = (Piece::pawn(opponent, 0).code() as u8) & 0b1_1100;
    let cells = board.cells();
    let mut minlen = [u16::MAX; MAILBOX_CELLS];

    // The current beam, with the first path index of each square on it.
    let mut path = [PathPoint::default(); 4 * 64];
    let mut path_len = 0usize;
    let mut first = [u16::MAX; 64];
    let mut on_path = 0u64;
    walk(
        cells,
        king,
        board.at(king).orientation(),
        1,
        opposing_pawn,
        &mut minlen,
        |idx, dir, len| {
            let sq = Square::from_idx(idx);
            if on_path & sq.bit() == 0 {
                on_path |= sq.bit();
                first[sq.index()] = path_len as u16;
            }
            path[path_len] = PathPoint {
                idx: idx as u8,
                dir,
                len,
            };
            path_len += 1;
        },
    );

    let mut scratch = *cells;
    let mut moves = Vec::with_capacity(64);
    let king_sq = Square::from_idx(king);
    let opponents = board.pieces(opponent);
    let empty = !board.occupied();
    for sq in BitIter(board.pieces(side)) {
        let is_king = sq == king_sq;
        if !is_king && !touches_possible(sq, on_path, opponents, empty) {
            continue;
        }
        moves.clear();
        movegen::generate_piece(board, side, sq, &mut moves);
        for &mv in &moves {
            if is_king {
                let (undo, end) = apply_raw(&mut scratch, mv);
                let dir = Piece::from_code(scratch[end]).orientation();
                walk(
                    &scratch,
                    end,
                    dir,
                    1,
                    opposing_pawn,
                    &mut minlen,
                    |_, _, _| {},
                );
                revert_raw(&mut scratch, &undo);
                continue;
            }
            let touched = mv.touched() & on_path;
            if touched == 0 {
                continue;
            }
            let i = BitIter(touched)
                .map(|q| first[q.index()])
                .min()
                .unwrap_or(0) as usize;
            let p = path[i];
            let (undo, _) = apply_raw(&mut scratch, mv);
            let before = (p.idx as isize - BEAM_OFFSETS[p.dir as usize]) as Idx;
            walk(
                &scratch,
                before,
                p.dir,
                p.len,
                opposing_pawn,
                &mut minlen,
                |_, _, _| {},
            );
            revert_raw(&mut scratch, &undo);
        }
    }
    debug_assert!(scratch == *cells);
    score_window(king_sq, enemy, |q| minlen[q.idx()])
}

/// Cheap pre-check: can any move of the piece on `sq` change a square of
/// the beam? Its own square, an empty neighbour (shift), or a swap
/// partner's square or that partner's empty neighbours.
#[inline]
fn touches_possible(sq: Square, on_path: u64, opponents: u64, empty: u64) -> bool {
    let n = NEIGHBOURS[sq.index()];
    if (sq.bit() | (n & empty)) & on_path != 0 {
        return true;
    }
    BitIter(n & opponents).any(|b| (b.bit() | (NEIGHBOURS[b.index()] & empty)) & on_path != 0)
}
