//! Terms of the pieces and pawns together: the bishop pair and the pawns
//! on a bishop's colour, rooks on open files, knights and rooks against
//! the pawn count, minor pieces behind pawns, space, and the king's
//! distance to its pawns.

use super::{add_count, distance, file_mask, layout, shift_rank, Accumulator, Context, FILE_A};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;

/// Every piece term of `us` but those of [`pawn_king_terms`].
#[inline]
pub(super) fn piece_bonuses<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    bishops(pos, ctx, us, acc);
    rook_files(pos, ctx, us, acc);
    pieces_and_pawns(pos, ctx, us, acc);
}

/// The terms of `us` here that read only the pawns and the kings (the
/// pawn-king cache keeps them): space and the king's distance to its
/// pawns.
#[inline]
pub(super) fn pawn_king_terms<A: Accumulator>(ctx: &Context, us: Color, acc: &mut A) {
    space(ctx, us, acc);
    king_pawn_distance(ctx, us, acc);
}

/// The bishop pair, and our pawns on each bishop's colour.
#[inline]
fn bishops<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let bishops = pos.pieces(us, Role::Bishop);
    if bishops.more_than_one() {
        acc.add(us, layout::BISHOP_PAIR, 1);
    }
    for sq in bishops {
        let colour = if Bitboard::LIGHT_SQUARES.contains(sq) {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
        add_count(
            acc,
            us,
            layout::BISHOP_PAWNS,
            ctx.pawns[us.index()] & colour,
        );
    }
}

/// Rooks on open or half-open files.
#[inline]
fn rook_files<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    for sq in pos.pieces(us, Role::Rook) {
        let file = file_mask(sq);
        if (file & ctx.pawns[us.index()]).is_empty() {
            let index = if (file & ctx.pawns[(!us).index()]).is_empty() {
                layout::ROOK_OPEN_FILE
            } else {
                layout::ROOK_HALF_OPEN_FILE
            };
            acc.add(us, index, 1);
        }
    }
}

/// Knights and rooks times our pawns, and knights or bishops with a pawn
/// (of either side) right in front of them.
#[inline]
fn pieces_and_pawns<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let pawns = ctx.pawns[us.index()].count() as i32;
    for (k, role) in [Role::Knight, Role::Rook].into_iter().enumerate() {
        let product = pos.pieces(us, role).count() as i32 * pawns;
        if product > 0 {
            acc.add(us, layout::PIECE_PAWNS + k, product);
        }
    }
    let behind_pawns = shift_rank(us, ctx.pawns[0] | ctx.pawns[1], false);
    let minors = pos.pieces(us, Role::Knight) | pos.pieces(us, Role::Bishop);
    add_count(acc, us, layout::MINOR_BEHIND_PAWN, minors & behind_pawns);
}

/// Files c to f.
const CENTRE_FILES: u64 = (FILE_A << 2) | (FILE_A << 3) | (FILE_A << 4) | (FILE_A << 5);

/// Central squares on our second to fourth ranks that no enemy pawn
/// attacks and no pawn of ours stands on, counted twice when one of our
/// pawns stands ahead of them (up to three ranks).
#[inline]
fn space<A: Accumulator>(ctx: &Context, us: Color, acc: &mut A) {
    let ranks: u64 = match us {
        Color::White => 0x0000_0000_ffff_ff00,
        Color::Black => 0x00ff_ffff_0000_0000,
    };
    let pawns = ctx.pawns[us.index()];
    let safe = Bitboard(CENTRE_FILES & ranks) & !pawns & !ctx.pawn_attacks[(!us).index()];
    let one = shift_rank(us, pawns, false);
    let two = shift_rank(us, one, false);
    let behind = one | two | shift_rank(us, two, false);
    let count = safe.count() + (safe & behind).count();
    if count > 0 {
        acc.add(us, layout::SPACE, count as i32);
    }
}

/// The distance from our king to our nearest pawn.
#[inline]
fn king_pawn_distance<A: Accumulator>(ctx: &Context, us: Color, acc: &mut A) {
    let king = ctx.kings[us.index()];
    if let Some(nearest) = ctx.pawns[us.index()].map(|p| distance(king, p)).min() {
        acc.add(us, layout::KING_PAWN_DISTANCE, nearest);
    }
}
