//! Pawn masks and board geometry the terms share.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Square;

pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;

pub(super) const fn adjacent_files(file: usize) -> u64 {
    let mut mask = 0;
    if file > 0 {
        mask |= FILE_A << (file - 1);
    }
    if file < 7 {
        mask |= FILE_A << (file + 1);
    }
    mask
}

/// Squares strictly in front of `sq` (from `color`'s view) on its file and
/// the adjacent files: where enemy pawns would stop a passer.
pub(super) static PASSED_SPAN: [[u64; 64]; 2] = {
    let mut table = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let file = sq % 8;
        let files = adjacent_files(file) | FILE_A << file;
        let rank = sq / 8;
        let ahead_white = if rank < 7 {
            !0u64 << ((rank + 1) * 8)
        } else {
            0
        };
        let ahead_black = if rank > 0 {
            !0u64 >> ((8 - rank) * 8)
        } else {
            0
        };
        table[0][sq] = files & ahead_white;
        table[1][sq] = files & ahead_black;
        sq += 1;
    }
    table
};

#[inline]
pub(super) fn file_mask(sq: Square) -> Bitboard {
    Bitboard(FILE_A << sq.file().index())
}

#[inline]
pub(super) fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank().index(),
        Color::Black => 7 - sq.rank().index(),
    }
}

#[inline]
pub(super) fn pawn_attack_set(color: Color, pawns: Bitboard) -> Bitboard {
    const NOT_A: u64 = !FILE_A;
    const NOT_H: u64 = !(FILE_A << 7);
    match color {
        Color::White => Bitboard(((pawns.0 & NOT_A) << 7) | ((pawns.0 & NOT_H) << 9)),
        Color::Black => Bitboard(((pawns.0 & NOT_A) >> 9) | ((pawns.0 & NOT_H) >> 7)),
    }
}

/// `squares` moved one rank towards `us`'s side (`forward` false) or
/// towards the enemy's (`forward` true).
#[inline]
pub(super) fn shift_rank(us: Color, squares: Bitboard, forward: bool) -> Bitboard {
    if (us == Color::White) == forward {
        squares.north()
    } else {
        squares.south()
    }
}

#[inline]
pub(super) fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
}
