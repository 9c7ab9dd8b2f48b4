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
//! * Over every square `q` reached, with `K` our king's square before
//!   moving and `E` the enemy king's square:
//!   `C = Σ manhattan(K, q) · proximity(q, E) · INV[minlen(q)]`, where
//!   `proximity = SCALE / ((|df| + 1)(|dr| + 1))`, doubled on `E` itself,
//!   and `INV[len] = 4096 / len` (integer division).
//!   `manhattan(K, q) / minlen(q)` rewards direct paths.
//!
//! The fast version walks the current beam once. A move that changes no
//! square of that beam leaves it as it is, so only moves touching the beam
//! (generated directly, not filtered from all moves) and king moves, which
//! move its origin, are replayed, and those only from the first square they
//! change: the path before it is the current beam's, already counted. Walks
//! jump from blocker to blocker on bitboards and lower each straight run's
//! lengths at once ([`super::lengths`]). A side's coverage, and on their
//! own its king's walks ([`super::king_walks`]), are kept with the squares
//! they read and reused while the board is unchanged there
//! ([`super::read_cache`]). A slow version in the tests makes every move
//! on a plain 8×8 board and must agree exactly.

use search::Side;

use crate::board::{differing_squares, Board};
use crate::cell::Mailbox;
use crate::laser::{nearest, BeamDir, BEAM, OFF, RAYS, SQUARE_STEPS, ZAP};
use crate::piece::Piece;
use crate::square::{dilate, BitIter, Square, NEIGHBOURS};

use super::cache::EvalState;
use super::king_walks::{self, KingWalks};
use super::lengths::{run_constant, Fastest, Lengths};
use super::read_cache::king_slot;

/// Scale of `1 / minlen`.
pub const INV_SCALE: i64 = 4096;
/// Scale of [`proximity`]: `840²`, divisible by every
/// `(|df| + 1)(|dr| + 1)` on an 8 × 8 board.
pub const PROXIMITY_SCALE: i64 = 840 * 840;
/// `C` divided by this is the coverage in "squares" (about 0–10).
pub const COVERAGE_DENOM: i64 = INV_SCALE * PROXIMITY_SCALE;

/// Lengths are below this (a beam enters at most 256 cells, each adding
/// at most 3); `INV[MAX_LEN]` is 0 and stands for "not reached".
const MAX_LEN: usize = 1023;

/// `INV[len] = INV_SCALE / len`, with `INV[0] = INV[MAX_LEN] = 0`.
static INV: [u16; MAX_LEN + 1] = {
    let mut table = [0u16; MAX_LEN + 1];
    let mut len = 1;
    while len < MAX_LEN {
        table[len] = (INV_SCALE / len as i64) as u16;
        len += 1;
    }
    table
};

/// `DELTA[a][b] = 8 |df| + |dr|` between squares `a` and `b`: the
/// weights below depend on the two squares only through it, so two small
/// tables replace two 64 × 64 ones (the scoring loop stays in L1).
static DELTA: [[u8; 64]; 64] = {
    let mut table = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let df = (a % 8) as i32 - (b % 8) as i32;
            let dr = (a / 8) as i32 - (b / 8) as i32;
            table[a][b] = (8 * df.abs() + dr.abs()) as u8;
            b += 1;
        }
        a += 1;
    }
    table
};

/// Manhattan distance by [`DELTA`].
static MANHATTAN: [u32; 64] = {
    let mut table = [0u32; 64];
    let mut d = 0;
    while d < 64 {
        table[d] = (d / 8 + d % 8) as u32;
        d += 1;
    }
    table
};

/// Proximity to the enemy king by [`DELTA`]: `SCALE / ((|df| + 1)(|dr| +
/// 1))`, doubled on the king's own square.
static PROXIMITY: [u32; 64] = {
    let mut table = [0u32; 64];
    let mut d = 0;
    while d < 64 {
        let (df, dr) = ((d / 8) as i64, (d % 8) as i64);
        table[d] = if d == 0 {
            2 * PROXIMITY_SCALE
        } else {
            PROXIMITY_SCALE / ((df + 1) * (dr + 1))
        } as u32;
        d += 1;
    }
    table
};

/// Weight of reaching `q` when the enemy king stands on `enemy`.
#[inline]
pub fn proximity(q: Square, enemy: Square) -> i64 {
    i64::from(PROXIMITY[DELTA[enemy.index()][q.index()] as usize])
}

/// `MANHATTAN_ROWS[k][q]`: the Manhattan distance from `k` to `q`, one
/// row per square, so that the scoring loop reads two rows straight.
static MANHATTAN_ROWS: [[u8; 64]; 64] = {
    let mut table = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            table[a][b] = MANHATTAN[DELTA[a][b] as usize] as u8;
            b += 1;
        }
        a += 1;
    }
    table
};

/// `PROXIMITY_ROWS[e][q]`: [`proximity`] of `q` to an enemy king on `e`.
static PROXIMITY_ROWS: [[u32; 64]; 64] = {
    let mut table = [[0u32; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            table[a][b] = PROXIMITY[DELTA[a][b] as usize];
            b += 1;
        }
        a += 1;
    }
    table
};

/// Sums over the reached squares, given the shortest length per square.
#[inline]
fn score_board(own_king: Square, enemy: Square, lengths: &impl Lengths) -> i64 {
    let distance = &MANHATTAN_ROWS[own_king.index()];
    let proximity = &PROXIMITY_ROWS[enemy.index()];
    let min = lengths.to_array();
    let mut total = 0u64;
    for q in BitIter(lengths.reached()) {
        let i = q.index();
        let len = (min[i] as usize).min(MAX_LEN);
        // Below 2^25 (distance ≤ 14, proximity ≤ 2 · 840²): fits a u32.
        let weight = u32::from(distance[i]) * proximity[i];
        total += u64::from(weight) * u64::from(INV[len]);
    }
    total as i64
}

/// Walks a beam from `from` (exclusive) in `dir`, the first square entered
/// having length `len`, lowering the lengths along the way; with `RECORD`,
/// `record` sees each square entered with the travel direction and length.
/// `occ` is the occupancy of `cells`: the walk jumps from blocker to
/// blocker with it and reads only the cells where the beam meets a piece.
/// Returns the squares it entered: all the board it depended on.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn walk<const RECORD: bool, L: Lengths>(
    cells: &Mailbox,
    occ: u64,
    from: Square,
    dir: BeamDir,
    len: u16,
    opposing_pawn: u8,
    lengths: &mut L,
    record: impl FnMut(usize, BeamDir, u16),
) -> u64 {
    let code_on = |sq: Square| cells[sq.cell()];
    walk_by::<RECORD, L>(code_on, occ, from, dir, len, opposing_pawn, lengths, record)
}

/// [`walk`] reading the byte of each blocker's square through `code_on`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn walk_by<const RECORD: bool, L: Lengths>(
    code_on: impl Fn(Square) -> u8,
    occ: u64,
    from: Square,
    mut dir: BeamDir,
    mut len: u16,
    opposing_pawn: u8,
    lengths: &mut L,
    mut record: impl FnMut(usize, BeamDir, u16),
) -> u64 {
    let mut s = from.index();
    let mut entered = 0u64;
    loop {
        let ray = RAYS[dir as usize][s];
        let blockers = ray & occ;
        let (segment, blocker) = if blockers == 0 {
            (ray, None)
        } else {
            let b = nearest(dir, blockers);
            (ray & !RAYS[dir as usize][b], Some(b))
        };
        // The squares up to the blocker (included), lengths counting up
        // from `len`.
        lengths.lower_run(segment, dir, run_constant(s, dir, len));
        entered |= segment;
        let n = segment.count_ones() as u16;
        if RECORD {
            let step = SQUARE_STEPS[dir as usize];
            let mut q = s as isize;
            for k in 0..n {
                q += step;
                record(q as usize & 63, dir, len + k);
            }
        }
        let Some(b) = blocker else {
            return entered;
        };
        let code = code_on(Square::from_index(b as u8));
        let next = BEAM[dir as usize][code as usize];
        debug_assert!(next != OFF);
        if next == ZAP {
            return entered;
        }
        // The blocker had length `len + n - 1`; the next square one more,
        // and two more again after an opposing mirror.
        len += n + 2 * u16::from(code & 0b1_1100 == opposing_pawn);
        dir = next;
        s = b;
    }
}

/// Where the current beam first enters a square: travel direction and
/// length (lengths grow along a beam, so the smallest is the earliest).
/// Packed in one `u32` (`len << 8 | dir`) so that a table of them is a
/// plain zero fill to set up.
#[derive(Clone, Copy, Debug, Default)]
struct Entry(u32);

impl Entry {
    #[inline(always)]
    fn new(dir: BeamDir, len: u16) -> Entry {
        Entry(u32::from(len) << 8 | u32::from(dir))
    }

    #[inline(always)]
    fn dir(self) -> BeamDir {
        self.0 as u8
    }

    #[inline(always)]
    fn len(self) -> u16 {
        (self.0 >> 8) as u16
    }
}

/// The coverage `C` of `side` (see the module documentation).
#[inline]
pub fn coverage(board: &Board, side: Side) -> i64 {
    coverage_with::<Fastest>(board, side).value
}

/// A side's coverage and, found on the way, its current beam.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// `C`.
    pub value: i64,
    /// The squares the side's beam enters now, its king's square included
    /// (as in [`crate::shots::Beam`]).
    pub beam: u64,
}

/// [`coverage`] and the beam, with a chosen length table and every walk
/// made afresh (the tests compare them with the cached ones).
pub fn coverage_with<L: Lengths>(board: &Board, side: Side) -> Coverage {
    let (coverage, _) = coverage_given_king(board, side, |opposing_pawn| {
        king_walks::fresh::<L>(board, side, opposing_pawn)
    });
    coverage
}

/// [`coverage`] and the beam, reused from `state` while the board is
/// unchanged on the squares they read (the king's walks likewise, on
/// their own).
#[inline]
pub fn coverage_cached(board: &Board, side: Side, state: &mut EvalState) -> Coverage {
    let ranks = board.ranks();
    // The score also depends on where the enemy king stands.
    let enemy = board.king(side.opponent()).index() as u64;
    let walks = &mut state.walks;
    let slot = king_slot(board, side);
    let detail = &mut state.details[Detail::index(slot)];
    let (coverage, _) = state.coverage.get_or(slot, enemy, &ranks, || {
        coverage_reusing(board, side, &ranks, detail, |opposing_pawn| {
            king_walks::cached(board, &ranks, side, opposing_pawn, walks)
        })
    });
    coverage
}

/// A side's last coverage computed for a king slot, piece by piece: the
/// current beam (its lengths and [`Entry`] table) and each piece's
/// replays (their lengths, the squares they entered and the squares they
/// depend on). The next coverage for the same king slot on a board
/// unchanged on the beam's squares has the same beam, and every piece
/// whose dependencies are unchanged the same replays: only the others are
/// replayed again.
pub(super) struct Detail {
    /// The king slot ([`king_slot`]); `usize::MAX` when empty.
    slot: usize,
    /// The board the details were computed on ([`Board::ranks`]).
    board: [u64; 8],
    /// The squares the beam enters (its king's not included).
    on_path: u64,
    entry: [Entry; 64],
    /// The lengths along the current beam alone.
    beam: Fastest,
    /// The side's pieces (its king not included) with details below.
    pieces: u64,
    /// By square: what the piece's replays depend on.
    deps: [u64; 64],
    /// By square: the squares the piece's replays entered (0: none).
    walked: [u64; 64],
    /// By square: the lengths along the piece's replays (when it walked).
    lengths: [Fastest; 64],
}

impl Detail {
    /// Details kept per search thread (about 9 KB each): one per side
    /// and king orientation (16 or 2 gave more instructions).
    pub(super) const COUNT: usize = 8;

    pub(super) fn empty() -> Detail {
        Detail {
            slot: usize::MAX,
            board: [0; 8],
            on_path: 0,
            entry: [Entry(0); 64],
            beam: Fastest::unreached(),
            pieces: 0,
            deps: [0; 64],
            walked: [0; 64],
            lengths: [Fastest::unreached(); 64],
        }
    }

    /// Where a king slot's details are kept: by side and orientation.
    #[inline(always)]
    fn index(slot: usize) -> usize {
        (slot >> 8) << 2 | slot & 3
    }

    /// The squares changed since the details were computed, or all of
    /// them when the beam may differ (another king slot, or a changed
    /// square on the beam): the beam is then walked again.
    #[inline(always)]
    fn refresh(&mut self, board: &Board, side: Side, slot: usize, ranks: &[u64; 8]) -> u64 {
        if self.slot == slot {
            let changed = differing_squares(&self.board, ranks);
            if changed & self.on_path == 0 {
                self.board = *ranks;
                return changed;
            }
        }
        let mut beam = Fastest::unreached();
        let current = Current::walk(board, side, &mut self.entry, &mut beam);
        self.slot = slot;
        self.board = *ranks;
        self.on_path = current.on_path;
        self.beam = beam;
        self.pieces = 0;
        u64::MAX
    }
}

/// [`coverage_given_king`] with the vector length table, reusing from
/// `detail` the beam and the replays of the pieces whose dependencies are
/// unchanged (see [`Detail`]); `detail` then holds this board's.
#[inline(always)]
fn coverage_reusing(
    board: &Board,
    side: Side,
    ranks: &[u64; 8],
    detail: &mut Detail,
    king_walks: impl FnOnce(u8) -> KingWalks<Fastest>,
) -> (Coverage, u64) {
    let slot = king_slot(board, side);
    let changed = detail.refresh(board, side, slot, ranks);
    let current = Current::around(board, side, detail.on_path);
    let mut lengths = detail.beam;
    let mut reads = current.reads_around();
    let pieces = board.pieces(side) & !current.king_sq.bit();
    for sq in BitIter(pieces) {
        let i = sq.index();
        if detail.pieces & sq.bit() == 0 || detail.deps[i] & changed != 0 {
            // A piece with nothing around it on the beam has no replay.
            let around = current.piece_around(sq);
            let mut walked = 0;
            if around & current.on_path != 0 {
                let mut own = Fastest::unreached();
                walked = current.replay_piece(&detail.entry, board, sq, &mut own);
                detail.lengths[i] = own;
            }
            detail.walked[i] = walked;
            detail.deps[i] = walked | around;
        }
        if detail.walked[i] != 0 {
            lengths.lower_to(&detail.lengths[i]);
        }
        reads |= detail.walked[i];
    }
    detail.pieces = pieces;
    king_and_score(board, side, current, lengths, reads, king_walks)
}

/// The coverage and the squares it read, the king's walks coming from
/// `king_walks` (given the colour and kind bits of an opposing pawn).
#[inline(always)]
fn coverage_given_king<L: Lengths>(
    board: &Board,
    side: Side,
    king_walks: impl FnOnce(u8) -> KingWalks<L>,
) -> (Coverage, u64) {
    // Step 1: the current beam, remembering where it enters each square.
    let mut lengths = L::unreached();
    let mut entry = [Entry(0); 64];
    let current = Current::walk(board, side, &mut entry, &mut lengths);
    // Step 2: the moves of other pieces that change a square of it,
    // replayed over the cells and the few the move changes (read through
    // them: nothing is written).
    let mut reads = current.reads_around();
    for sq in BitIter(board.pieces(side) & !current.king_sq.bit()) {
        reads |= current.replay_piece(&entry, board, sq, &mut lengths);
    }
    king_and_score(board, side, current, lengths, reads, king_walks)
}

/// The last steps of a coverage, given the other pieces' `lengths` and
/// the squares they `read`: the king's own moves, all of which move or
/// turn the beam (given the colour and kind bits of an opposing pawn),
/// then the score over every square reached.
#[inline(always)]
fn king_and_score<L: Lengths>(
    board: &Board,
    side: Side,
    current: Current,
    mut lengths: L,
    reads: u64,
    king_walks: impl FnOnce(u8) -> KingWalks<L>,
) -> (Coverage, u64) {
    let king = king_walks(current.opposing_pawn);
    lengths.lower_to(&king.lengths);
    let enemy = board.king_square(side.opponent());
    let coverage = Coverage {
        value: score_board(current.king_sq, enemy, &lengths),
        beam: current.on_path | current.king_sq.bit(),
    };
    (coverage, reads | king.reads)
}

/// What the replays of a side's moves need of its current beam, besides
/// where it enters each square (the [`Entry`] table, kept apart: with the
/// table in the same struct these words lived on the stack, and the
/// evaluation took 4% longer in `examples/evalloop`).
#[derive(Clone, Copy)]
struct Current {
    king_sq: Square,
    occ: u64,
    /// The opposing pieces.
    opponents: u64,
    /// The colour and kind bits of an opposing pawn.
    opposing_pawn: u8,
    /// The squares the beam enters (its king's not included).
    on_path: u64,
}

impl Current {
    /// Walks `side`'s beam, lowering `lengths` along it and noting in
    /// `entry` where it first enters each square.
    #[inline(always)]
    fn walk<L: Lengths>(
        board: &Board,
        side: Side,
        entry: &mut [Entry; 64],
        lengths: &mut L,
    ) -> Current {
        let king = board.king(side);
        let king_sq = king.square();
        let occ = board.occupied();
        let opposing_pawn = (Piece::pawn(side.opponent(), 0).code() as u8) & 0b1_1100;
        let mut on_path = 0u64;
        walk::<true, L>(
            board.cells(),
            occ,
            king_sq,
            board.at(king).orientation(),
            1,
            opposing_pawn,
            lengths,
            |sq, dir, len| {
                if on_path & (1 << sq) == 0 {
                    on_path |= 1 << sq;
                    entry[sq] = Entry::new(dir, len);
                }
            },
        );
        Current {
            king_sq,
            occ,
            opponents: board.pieces(side.opponent()),
            opposing_pawn,
            on_path,
        }
    }

    /// The replays' view of `side`'s beam entering `on_path`, found before.
    #[inline(always)]
    fn around(board: &Board, side: Side, on_path: u64) -> Current {
        Current {
            king_sq: board.king_square(side),
            occ: board.occupied(),
            opponents: board.pieces(side.opponent()),
            opposing_pawn: (Piece::pawn(side.opponent(), 0).code() as u8) & 0b1_1100,
            on_path,
        }
    }

    /// What the replays of the piece on `sq` depend on besides the beam
    /// and the squares they enter: the piece, its neighbours, and the
    /// neighbours of opposing pieces among them (swap partners and where
    /// a swap can go on to).
    #[inline(always)]
    fn piece_around(self, sq: Square) -> u64 {
        let near = NEIGHBOURS[sq.index()] | sq.bit();
        near | dilate(near & self.opponents)
    }

    /// What the moves touching the beam depend on besides the squares
    /// their replays enter: pieces next to it, and next to the opposing
    /// pieces there (swap partners and where a swap can go on to).
    #[inline(always)]
    fn reads_around(self) -> u64 {
        let near = dilate(self.on_path);
        near | dilate(near & self.opponents)
    }

    /// Replays the moves of `side`'s piece on `sq` (not the king) that
    /// change a square of the beam, lowering `lengths`; the squares read.
    /// Rotations and shifts, the common moves, are replayed directly from
    /// the square each changes first; swaps (rare) as moves.
    #[inline(always)]
    fn replay_piece<L: Lengths>(
        self,
        entry: &[Entry; 64],
        board: &Board,
        sq: Square,
        lengths: &mut L,
    ) -> u64 {
        let cells = board.cells();
        let around = NEIGHBOURS[sq.index()];
        let empty = around & !self.occ;
        let code = cells[sq.cell()];
        let mut reads = 0;
        if self.on_path & sq.bit() != 0 {
            reads |= self.replay_rotations(entry[sq.index()], sq, code, cells, lengths);
            reads |= self.replay_shifts_off(entry, sq, code, empty, cells, lengths);
        } else {
            // Shifts onto the beam: the only square they change on it is
            // their destination.
            for t in BitIter(empty & self.on_path) {
                reads |= self.replay_arrival(entry[t.index()], sq, t, code, cells, lengths);
            }
        }
        let mut shared = SharedWalk::NONE;
        for b in BitIter(around & self.opponents) {
            reads |= self.replay_swaps(entry, sq, b, code, cells, &mut shared, lengths);
        }
        reads
    }

    /// The swaps of the piece `code` on `sq` with the opposing piece on
    /// `b`, each followed by a rotation on `b` or a shift from it.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn replay_swaps<L: Lengths>(
        self,
        entry: &[Entry; 64],
        sq: Square,
        b: Square,
        code: u8,
        cells: &Mailbox,
        shared: &mut SharedWalk,
        lengths: &mut L,
    ) -> u64 {
        let theirs = cells[b.cell()];
        let mut reads = 0;
        let beyond = NEIGHBOURS[b.index()] & !self.occ;
        // Unless the swap itself changes the beam, only the shifts onto it.
        let targets = if (sq.bit() | b.bit()) & self.on_path == 0 {
            beyond & self.on_path
        } else {
            for quarters in 1..4u8 {
                let turned = (code & !3) | (code.wrapping_add(quarters) & 3);
                let changes = [(sq, theirs), (b, turned), (b, turned)];
                reads |= self.replay_changes(entry, changes, self.occ, shared, cells, lengths);
            }
            beyond
        };
        for t in BitIter(targets) {
            let changes = [(sq, theirs), (b, 0), (t, code)];
            let occ = self.occ ^ b.bit() ^ t.bit();
            reads |= self.replay_changes(entry, changes, occ, shared, cells, lengths);
        }
        reads
    }

    /// The rotations of the piece `code` on `sq`, a square of the beam
    /// first entered as `at` says: each turns the beam there its own way
    /// (or stops it).
    #[inline(always)]
    fn replay_rotations<L: Lengths>(
        self,
        at: Entry,
        sq: Square,
        code: u8,
        cells: &Mailbox,
        lengths: &mut L,
    ) -> u64 {
        let mut reads = 0;
        for quarters in 1..4u8 {
            let turned = (code & !3) | (code.wrapping_add(quarters) & 3);
            let next = BEAM[at.dir() as usize][turned as usize];
            if next != ZAP {
                let changes = [(sq, turned); 2];
                reads |=
                    self.walk_changed(cells, changes, self.occ, sq, next, at.len() + 1, lengths);
            }
        }
        reads
    }

    /// The shifts of the piece `code` off `sq`, a square of the beam, to
    /// the squares of `empty`. One that lands on a square the beam enters
    /// earlier changes the beam there first; the others empty `sq` first,
    /// and walk one beam (straight on past `sq`) while it does not enter
    /// their destination: walked once.
    #[inline(always)]
    fn replay_shifts_off<L: Lengths>(
        self,
        entry: &[Entry; 64],
        sq: Square,
        code: u8,
        empty: u64,
        cells: &Mailbox,
        lengths: &mut L,
    ) -> u64 {
        let at = entry[sq.index()];
        let mut reads = 0;
        let mut vacated: Option<u64> = None;
        for t in BitIter(empty) {
            if self.on_path & t.bit() != 0 && entry[t.index()].len() < at.len() {
                reads |= self.replay_arrival(entry[t.index()], sq, t, code, cells, lengths);
                continue;
            }
            if vacated.is_some_and(|entered| entered & t.bit() == 0) {
                continue;
            }
            let changes = [(sq, 0), (t, code)];
            let occ = self.occ ^ sq.bit() ^ t.bit();
            let entered =
                self.walk_changed(cells, changes, occ, sq, at.dir(), at.len() + 1, lengths);
            if entered & t.bit() == 0 {
                vacated = Some(entered);
            }
            reads |= entered;
        }
        reads
    }

    /// The shift of the piece `code` from `sq` to `t`, whose first change
    /// to the beam is its arrival on `t` (first entered as `at` says).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn replay_arrival<L: Lengths>(
        self,
        at: Entry,
        sq: Square,
        t: Square,
        code: u8,
        cells: &Mailbox,
        lengths: &mut L,
    ) -> u64 {
        let next = BEAM[at.dir() as usize][code as usize];
        if next == ZAP {
            return 0;
        }
        // A piece of the side's own: never an opposing mirror.
        debug_assert!(code & 0b1_1100 != self.opposing_pawn);
        let changes = [(sq, 0), (t, code)];
        let occ = self.occ ^ sq.bit() ^ t.bit();
        self.walk_changed(cells, changes, occ, t, next, at.len() + 1, lengths)
    }

    /// [`walk_by`] from `from` in `dir` (the first square entered having
    /// length `len`) on the board `cells` with a few squares changed
    /// (`changes`, each with its new byte, none listed twice with two
    /// bytes) and occupancy `occ`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn walk_changed<const N: usize, L: Lengths>(
        self,
        cells: &Mailbox,
        changes: [(Square, u8); N],
        occ: u64,
        from: Square,
        dir: BeamDir,
        len: u16,
        lengths: &mut L,
    ) -> u64 {
        let code_on = |q: Square| {
            let mut code = cells[q.cell()];
            for (changed, byte) in changes {
                if q == changed {
                    code = byte;
                }
            }
            code
        };
        walk_by::<false, L>(
            code_on,
            occ,
            from,
            dir,
            len,
            self.opposing_pawn,
            lengths,
            |_, _, _| {},
        )
    }

    /// Replays the move that leaves the board `changes` (square, new byte)
    /// and `occ` from the first square of the beam it changes (the beam
    /// up to there is the current one, counted); the squares it read.
    /// `shared` is the last walk that other moves may share.
    #[inline(always)]
    fn replay_changes<L: Lengths>(
        self,
        entry: &[Entry; 64],
        changes: [(Square, u8); 3],
        occ: u64,
        shared: &mut SharedWalk,
        cells: &Mailbox,
        lengths: &mut L,
    ) -> u64 {
        let (mut first, mut code) = changes[0];
        let mut first_len = u16::MAX;
        let mut changed = 0;
        for (q, byte) in changes {
            changed |= q.bit();
            if self.on_path & q.bit() != 0 && entry[q.index()].len() < first_len {
                (first, code, first_len) = (q, byte, entry[q.index()].len());
            }
        }
        if first_len == u16::MAX {
            return 0;
        }
        let at = entry[first.index()];
        // A piece that now stops the beam on the first changed square
        // adds nothing: the current beam reached it at this length.
        let next = BEAM[at.dir() as usize][code as usize];
        if next == ZAP {
            return 0;
        }
        // Moves that leave the same byte on the first square walk the same
        // beam while it enters none of the other squares they change (the
        // follow-ups of a swap): lowered once already.
        let key = u32::from(first.index() as u8) << 8 | u32::from(code);
        let others = changed & !first.bit();
        if shared.key == key && shared.entered & others == 0 {
            return shared.entered;
        }
        // The walk starts past the first square (its length is the
        // current beam's): straight on if the move emptied it, else
        // turned by the piece now there.
        let len = at.len() + 1 + 2 * u16::from(code & 0b1_1100 == self.opposing_pawn);
        let entered = self.walk_changed(cells, changes, occ, first, next, len, lengths);
        if entered & others == 0 {
            *shared = SharedWalk { key, entered };
        }
        entered
    }
}

/// A replay's walk that later swaps of the same piece may share: the
/// first square it changed and the byte left there (`key`), and the
/// squares it entered, none of them another square its move changed.
struct SharedWalk {
    key: u32,
    entered: u64,
}

impl SharedWalk {
    /// No walk yet (no key is this large).
    const NONE: SharedWalk = SharedWalk {
        key: u32::MAX,
        entered: 0,
    };
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use search::Side;

    use super::walk;
    use crate::board::Board;
    use crate::eval::lengths::{Lengths, Scalar, UNREACHED};
    use crate::laser::{self, BeamDir, SQUARE_STEPS};
    use crate::piece::Piece;
    use crate::square::Square;

    /// Both kings and up to 40 pawns of random colours and orientations
    /// on random squares.
    fn random_board(rng: &mut ChaCha8Rng) -> Board {
        let mut squares: Vec<Square> = Square::all().collect();
        squares.shuffle(rng);
        let mut board = Board::empty();
        board.set(
            squares[0].cell(),
            Piece::king(Side::White, rng.gen_range(0..4)),
        );
        board.set(
            squares[1].cell(),
            Piece::king(Side::Black, rng.gen_range(0..4)),
        );
        for &sq in &squares[2..2 + rng.gen_range(0..40)] {
            let side = if rng.gen() { Side::White } else { Side::Black };
            board.set(sq.cell(), Piece::pawn(side, rng.gen_range(0..4)));
        }
        board
    }

    /// The beam direction from one square of a path to the next.
    fn step_dir(from: Square, to: Square) -> BeamDir {
        let step = to.index() as isize - from.index() as isize;
        SQUARE_STEPS
            .iter()
            .position(|&s| s == step)
            .expect("a beam step") as BeamDir
    }

    #[test]
    fn the_coverage_walk_follows_the_tracer() {
        // rule 4.2 walked blocker to blocker: the squares of the tracer's
        // path in its order, each entered in its direction, at the length
        // the module defines (one per step, two more after an opposing
        // mirror).
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        for _ in 0..3_000 {
            let board = random_board(&mut rng);
            for side in [Side::White, Side::Black] {
                let king = board.king(side);
                let trace = laser::trace(board.cells(), king);
                let opposing_pawn = (Piece::pawn(side.opponent(), 0).code() as u8) & 0b1_1100;
                let mut expected = Vec::new();
                let mut len = 1;
                for pair in trace.path.windows(2) {
                    expected.push((pair[1].index(), step_dir(pair[0], pair[1]), len));
                    let piece = board.piece_on(pair[1]);
                    len += 1 + 2 * u16::from(piece.is_pawn() && piece.side() != side);
                }
                let mut recorded = Vec::new();
                let mut lengths = Scalar::unreached();
                let entered = walk::<true, Scalar>(
                    board.cells(),
                    board.occupied(),
                    king.square(),
                    board.at(king).orientation(),
                    1,
                    opposing_pawn,
                    &mut lengths,
                    |sq, dir, len| recorded.push((sq, dir, len)),
                );
                assert_eq!(recorded, expected, "{side:?} on {board:?}");
                let path = trace.path[1..].iter().fold(0, |acc, sq| acc | sq.bit());
                assert_eq!(entered, path);
                let mut shortest = [UNREACHED; 64];
                for &(sq, _, len) in &expected {
                    shortest[sq] = shortest[sq].min(len);
                }
                assert_eq!(lengths.to_array(), shortest);
            }
        }
    }
}
