//! The pawn terms: structure (isolated, backward, doubled, connected),
//! passed pawns (their ranks, kings, paths and stop squares) and threats
//! by pawns. The terms reading only pawns and kings are the ones
//! [`super::PawnKingCache`] keeps.

use super::masks::*;
use super::{add_count, king, layout, pieces, Accumulator, Context};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::square::Square;

/// Every term of both sides that reads nothing but the pawns and the
/// kings, which [`PawnKingCache`] keeps: the pawn structure, the passed
/// pawns' ranks and kings, the king's shield, storm and files, space and
/// the king's distance to its pawns. Returns each side's passed pawns.
#[inline]
pub(super) fn pawn_king_terms<A: Accumulator>(ctx: &Context, acc: &mut A) -> [Bitboard; 2] {
    let mut passers = [Bitboard::EMPTY; 2];
    for us in [Color::White, Color::Black] {
        for sq in ctx.pawns[us.index()] {
            let spans = PawnSpans::of(us, sq);
            add_pawn_weaknesses(ctx, us, sq, &spans, acc);
            if is_passed(ctx, us, &spans) {
                passers[us.index()] = passers[us.index()].with(sq);
                add_passer_kings(ctx, us, sq, acc);
            }
        }
        king::pawn_king_terms(ctx, us, acc);
        pieces::pawn_king_terms(ctx, us, acc);
    }
    passers
}

/// The files and squares both pawn terms read about one pawn, computed
/// once for both.
struct PawnSpans {
    /// The files beside the pawn's.
    adjacent: Bitboard,
    /// The squares ahead on its file and the files beside it.
    span: Bitboard,
    /// The squares ahead on its own file.
    file_ahead: Bitboard,
}

impl PawnSpans {
    #[inline]
    fn of(us: Color, sq: Square) -> PawnSpans {
        let span = Bitboard(PASSED_SPAN[us.index()][sq.index()]);
        PawnSpans {
            adjacent: Bitboard(adjacent_files(sq.file().index())),
            span,
            file_ahead: file_ahead(us, sq),
        }
    }
}

/// The squares ahead of a pawn of `us` on `sq`, on its own file.
#[inline]
pub(super) fn file_ahead(us: Color, sq: Square) -> Bitboard {
    Bitboard(PASSED_SPAN[us.index()][sq.index()]) & file_mask(sq)
}

/// The square in front of a pawn of `us` on `sq`.
#[inline]
pub(super) fn stop_square(us: Color, sq: Square) -> Square {
    sq.offset_unchecked(if us == Color::White { 8 } else { -8 })
}

/// The penalties for our pawn on `sq`: isolated (no friendly pawn on an
/// adjacent file) or else backward, and doubled (a friendly pawn ahead);
/// the bonus for a connected one (a friendly pawn beside or defending it).
#[inline]
fn add_pawn_weaknesses<A: Accumulator>(
    ctx: &Context,
    us: Color,
    sq: Square,
    spans: &PawnSpans,
    acc: &mut A,
) {
    let ti = (!us).index();
    let our_pawns = ctx.pawns[us.index()];
    let PawnSpans {
        adjacent,
        file_ahead,
        ..
    } = *spans;
    if (our_pawns & adjacent).is_empty() {
        acc.add(us, layout::ISOLATED, 1);
    } else {
        // Backward: no friendly pawn beside or behind on adjacent
        // files, and the stop square is covered by an enemy pawn.
        let behind_or_level = Bitboard(PASSED_SPAN[ti][sq.index()]) & adjacent
            | (Bitboard::rank(sq.rank()) & adjacent);
        if (our_pawns & behind_or_level).is_empty()
            && ctx.pawn_attacks[ti].contains(stop_square(us, sq))
        {
            acc.add(us, layout::BACKWARD, 1);
        }
    }
    if (our_pawns & file_ahead).nonempty() {
        acc.add(us, layout::DOUBLED, 1);
    }
    let beside = Bitboard::rank(sq.rank()) & adjacent;
    if (our_pawns & beside).nonempty() || ctx.pawn_attacks[us.index()].contains(sq) {
        acc.add(us, layout::CONNECTED + relative_rank(us, sq), 1);
    }
}

/// Whether our pawn with `spans` is passed: no enemy pawn ahead on its
/// file or beside it, and not behind a friendly pawn.
#[inline]
fn is_passed(ctx: &Context, us: Color, spans: &PawnSpans) -> bool {
    (ctx.pawns[(!us).index()] & spans.span).is_empty()
        && (ctx.pawns[us.index()] & spans.file_ahead).is_empty()
}

/// The bonus for our passed pawn on `sq` by its rank and by the kings'
/// distances to its stop square.
#[inline]
fn add_passer_kings<A: Accumulator>(ctx: &Context, us: Color, sq: Square, acc: &mut A) {
    let rank = relative_rank(us, sq);
    let stop = stop_square(us, sq);
    acc.add(us, layout::PASSED + rank, 1);
    let enemy_king = distance(ctx.kings[(!us).index()], stop);
    acc.add(us, layout::PASSED_ENEMY_KING + rank, enemy_king);
    let own_king = distance(ctx.kings[us.index()], stop);
    acc.add(us, layout::PASSED_OWN_KING + rank, own_king);
}

/// The bonuses of our passed pawns (`ctx.passers`) for what lies ahead of
/// them: a free path, and their stop square blocked by an enemy piece or
/// empty and safe.
#[inline]
pub(super) fn passed_pawn_paths<A: Accumulator>(
    pos: &Position,
    ctx: &Context,
    us: Color,
    acc: &mut A,
) {
    let ti = (!us).index();
    for sq in ctx.passers[us.index()] {
        let rank = relative_rank(us, sq);
        let stop = stop_square(us, sq);
        if (file_ahead(us, sq) & ctx.occupied).is_empty() {
            acc.add(us, layout::PASSED_FREE_PATH + rank, 1);
        }
        if pos.color_bb(!us).contains(stop) {
            acc.add(us, layout::PASSED_BLOCKED + rank, 1);
        } else if !ctx.occupied.contains(stop) && !ctx.attacks[ti].all().contains(stop) {
            acc.add(us, layout::PASSED_SAFE_STOP + rank, 1);
        }
    }
}

/// Enemy pieces (not pawns) attacked by our pawns.
#[inline]
pub(super) fn pawn_threats<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let them = !us;
    let threatened = ctx.pawn_attacks[us.index()] & pos.color_bb(them) & !ctx.pawns[them.index()];
    add_count(acc, us, layout::THREAT_BY_PAWN, threatened);
}
