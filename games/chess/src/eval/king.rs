//! The pawns and files around each king: our shield before our king, our
//! storm against theirs, the open files beside our king, and the squares
//! of their king's zone only their king or queen defends.

use super::{add_count, adjacent_files, file_mask, layout, relative_rank, Accumulator, Context};
use crate::attacks::king_attacks;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::role::Role;
use crate::square::Square;

/// The king terms of `us` that read only the pawns and the kings (the
/// pawn-king cache keeps them): shield, storm and files.
#[inline]
pub(super) fn pawn_king_terms<A: Accumulator>(ctx: &Context, us: Color, acc: &mut A) {
    pawn_shield(ctx, us, acc);
    pawn_storm(ctx, us, acc);
    king_files(ctx, us, acc);
}

/// The king's file and the files beside it.
#[inline]
fn king_files_mask(king: Square) -> Bitboard {
    Bitboard(adjacent_files(king.file().index()) | file_mask(king).0)
}

/// Our own king's pawn shield: pawns one or two ranks before a king still
/// on its first two ranks, on its file or beside it.
#[inline]
fn pawn_shield<A: Accumulator>(ctx: &Context, us: Color, acc: &mut A) {
    let ksq = ctx.kings[us.index()];
    if relative_rank(us, ksq) <= 1 {
        for pawn in ctx.pawns[us.index()] & king_files_mask(ksq) {
            let ahead = relative_rank(us, pawn) as i32 - relative_rank(us, ksq) as i32;
            if (1..=2).contains(&ahead) {
                acc.add(us, layout::PAWN_SHIELD + ahead as usize - 1, 1);
            }
        }
    }
}

/// Our pawns on the enemy king's file and beside it, by how far they have
/// come, apart for those an enemy pawn blocks.
#[inline]
fn pawn_storm<A: Accumulator>(ctx: &Context, us: Color, acc: &mut A) {
    let their_pawns = ctx.pawns[(!us).index()];
    let their_king = ctx.kings[(!us).index()];
    for pawn in ctx.pawns[us.index()] & king_files_mask(their_king) {
        if their_pawns.contains(super::stop_square(us, pawn)) {
            acc.add(us, layout::PAWN_STORM_BLOCKED, 1);
        } else {
            acc.add(us, layout::PAWN_STORM + relative_rank(us, pawn), 1);
        }
    }
}

/// The files at and beside our king that hold no pawn of ours, and those
/// that hold no pawn at all.
#[inline]
fn king_files<A: Accumulator>(ctx: &Context, us: Color, acc: &mut A) {
    let king = ctx.kings[us.index()];
    let first = king.file().index().saturating_sub(1);
    let last = (king.file().index() + 1).min(7);
    for file in first..=last {
        let mask = Bitboard(super::FILE_A << file);
        if (mask & ctx.pawns[us.index()]).is_empty() {
            acc.add(us, layout::KING_FILE, 1);
            if (mask & ctx.pawns[(!us).index()]).is_empty() {
                acc.add(us, layout::KING_FILE + 1, 1);
            }
        }
    }
}

/// Squares next to the enemy king that we attack and that no enemy pawn,
/// minor piece or rook defends.
#[inline]
pub(super) fn weak_zone_squares<A: Accumulator>(ctx: &Context, us: Color, acc: &mut A) {
    let theirs = &ctx.attacks[(!us).index()];
    let defended = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook]
        .into_iter()
        .fold(Bitboard::EMPTY, |d, role| d | theirs.by_role(role));
    let zone = king_attacks(ctx.kings[(!us).index()]);
    add_count(
        acc,
        us,
        layout::KING_ZONE_WEAK,
        zone & ctx.attacks[us.index()].all() & !defended,
    );
}
