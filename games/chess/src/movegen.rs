//! Legal move generation.
//!
//! Checks, double checks and pins are handled while generating, not by
//! playing moves and testing the king afterwards:
//! - in double check only the king moves;
//! - in single check other pieces must capture the checker or block
//!   (`check_mask`);
//! - a pinned piece stays on the line through its king and the pinner;
//! - king moves are tested against attacks with the king lifted off the
//!   board (so it cannot hide behind itself along a slider's ray);
//! - en passant is tested by removing both pawns (the horizontal pin).
//!
//! The generator hands out one [`PieceMoves`] per piece: its origin and a
//! bitboard of targets. Perft counts leaves with popcounts from these sets
//! without building moves.

use arrayvec::ArrayVec;

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::castling::CastleSide;
use crate::color::Color;
use crate::mv::{Move, MoveKind};
use crate::position::Position;
use crate::role::Role;
use crate::square::{Rank, Square};

/// Enough room for the legal moves of any chess position (at most 218).
pub type MoveList = ArrayVec<Move, 256>;

/// The legal targets of one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    pub role: Role,
    pub from: Square,
    pub to: Bitboard,
}

impl PieceMoves {
    /// How many moves these targets make (a promotion counts four times).
    #[inline]
    pub fn count(&self) -> u64 {
        let n = self.to.count() as u64;
        if self.role == Role::Pawn {
            n + 3 * (self.to & Bitboard::BACK_RANKS).count() as u64
        } else {
            n
        }
    }
}

/// Calls `visit` with the legal targets of each piece of the side to move
/// that has any. Stops early, returning `true`, as soon as `visit` does.
///
/// Pieces are visited king first, then knights, sliders and pawns.
#[inline]
pub fn generate<F: FnMut(PieceMoves) -> bool>(pos: &Position, mut visit: F) -> bool {
    let us = pos.side_to_move();
    let own = pos.color_bb(us);
    let occupied = own | pos.color_bb(!us);
    let checkers = pos.checkers();

    if king_moves(pos, occupied, checkers.is_empty(), &mut visit) {
        return true;
    }
    // In double check only the king can move.
    if checkers.more_than_one() {
        return false;
    }

    // Every other piece must capture the single checker or block its ray;
    // pins are worked out only now, since double check never needs them.
    let ksq = pos.king(us);
    let check_mask = match checkers.first() {
        Some(checker) => between(ksq, checker).with(checker),
        None => Bitboard::FULL,
    };
    let pins = Pins {
        ksq,
        pinned: pos.pinned(us),
    };
    let target_mask = !own & check_mask;

    knight_moves(pos, target_mask, pins.pinned, &mut visit)
        || slider_moves(pos, occupied, target_mask, pins, &mut visit)
        || pawn_moves(pos, occupied, check_mask, pins, &mut visit)
}

/// The side to move's pinned pieces, and the king they are pinned to.
#[derive(Clone, Copy)]
struct Pins {
    ksq: Square,
    pinned: Bitboard,
}

impl Pins {
    /// `to` cut down to the pin line if the piece on `from` is pinned (a
    /// pinned piece may only move along the line through its king).
    #[inline]
    fn restrict(self, from: Square, to: Bitboard) -> Bitboard {
        if self.pinned.contains(from) {
            to & line(self.ksq, from)
        } else {
            to
        }
    }
}

/// King steps and castling. A step must land on a square that is not
/// attacked with the king lifted off the board, so that the king cannot
/// hide behind itself along a slider's ray.
#[inline]
fn king_moves<F: FnMut(PieceMoves) -> bool>(
    pos: &Position,
    occupied: Bitboard,
    not_in_check: bool,
    visit: &mut F,
) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    let ksq = pos.king(us);
    let mut king_targets = Bitboard::EMPTY;
    let without_king = occupied.without(ksq);
    for to in king_attacks(ksq) & !pos.color_bb(us) {
        if !pos.is_attacked(to, them, without_king) {
            king_targets = king_targets.with(to);
        }
    }
    if not_in_check {
        king_targets |= castling_targets(pos, us, occupied);
    }
    king_targets.nonempty()
        && visit(PieceMoves {
            role: Role::King,
            from: ksq,
            to: king_targets,
        })
}

/// Knight moves. A pinned knight can never move: no knight jump stays on
/// a line through its origin.
#[inline]
fn knight_moves<F: FnMut(PieceMoves) -> bool>(
    pos: &Position,
    target_mask: Bitboard,
    pinned: Bitboard,
    visit: &mut F,
) -> bool {
    for from in pos.pieces(pos.side_to_move(), Role::Knight) & !pinned {
        let to = knight_attacks(from) & target_mask;
        if to.nonempty()
            && visit(PieceMoves {
                role: Role::Knight,
                from,
                to,
            })
        {
            return true;
        }
    }
    false
}

/// Bishop, rook and queen moves; a pinned slider keeps to its pin line.
#[inline]
fn slider_moves<F: FnMut(PieceMoves) -> bool>(
    pos: &Position,
    occupied: Bitboard,
    target_mask: Bitboard,
    pins: Pins,
    visit: &mut F,
) -> bool {
    let us = pos.side_to_move();
    for role in [Role::Bishop, Role::Rook, Role::Queen] {
        for from in pos.pieces(us, role) {
            let attacks = match role {
                Role::Bishop => bishop_attacks(from, occupied),
                Role::Rook => rook_attacks(from, occupied),
                _ => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
            };
            let to = pins.restrict(from, attacks & target_mask);
            if to.nonempty() && visit(PieceMoves { role, from, to }) {
                return true;
            }
        }
    }
    false
}

/// Pawn pushes, captures and en passant (promotions are expanded later, by
/// [`push_moves`] and [`PieceMoves::count`]).
#[inline]
fn pawn_moves<F: FnMut(PieceMoves) -> bool>(
    pos: &Position,
    occupied: Bitboard,
    check_mask: Bitboard,
    pins: Pins,
    visit: &mut F,
) -> bool {
    let us = pos.side_to_move();
    let their = pos.color_bb(!us);
    let ep = pos.ep_square();
    let empty = !occupied;
    let (double_rank, forward) = match us {
        Color::White => (Rank::new(1), 8i8),
        Color::Black => (Rank::new(6), -8i8),
    };
    let double_rank = Bitboard::rank(double_rank.expect("rank index is valid"));
    for from in pos.pieces(us, Role::Pawn) {
        let one = Bitboard::from_square(from.offset_unchecked(forward)) & empty;
        let mut pushes = one;
        if one.nonempty() && double_rank.contains(from) {
            pushes |= Bitboard::from_square(from.offset_unchecked(2 * forward)) & empty;
        }
        let attacks = pawn_attacks(us, from);
        let mut to = pins.restrict(from, (pushes | (attacks & their)) & check_mask);
        // En passant is rare: test it directly, which covers pins and checks.
        if let Some(ep) = ep {
            if attacks.contains(ep) && pos.ep_capture_is_legal(from, ep) {
                to = to.with(ep);
            }
        }
        if to.nonempty()
            && visit(PieceMoves {
                role: Role::Pawn,
                from,
                to,
            })
        {
            return true;
        }
    }
    false
}

/// The castling moves available (the side is not in check), as the
/// squares of the rooks castled with: castling is written king takes rook
/// ([`crate::mv`]), so these never clash with the king's steps.
#[inline]
fn castling_targets(pos: &Position, us: Color, occupied: Bitboard) -> Bitboard {
    let rights = pos.castling_rights();
    if !rights.has_any(us) {
        return Bitboard::EMPTY;
    }
    let mut targets = Bitboard::EMPTY;
    for side in CastleSide::BOTH {
        if let Some(rook) = pos.castle_rook(us, side) {
            if castle_is_legal(pos, us, side, rook, occupied) {
                targets = targets.with(rook);
            }
        }
    }
    targets
}

/// Whether `us` (not in check) may castle on `side` with the rook on
/// `rook`, by the Chess960 rules (standard chess is the case of king e1
/// and rooks a1 and h1):
/// - every square the king or the rook crosses or lands on is empty, but
///   for the king and that rook themselves;
/// - no square the king crosses or lands on is attacked. Attacks are
///   taken with the castling rook lifted: a rook that shields its king's
///   destination (enemy queen a1, rook b1, king c1 castling queen-side)
///   no longer does once it has moved. In standard chess lifting a corner
///   rook opens no line, so nothing changes there.
#[inline]
fn castle_is_legal(
    pos: &Position,
    us: Color,
    side: CastleSide,
    rook: Square,
    occupied: Bitboard,
) -> bool {
    let king = pos.king(us);
    let (king_to, rook_to) = side.destinations(us);
    let king_path = between(king, king_to).with(king_to);
    let rook_path = between(rook, rook_to).with(rook_to);
    let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
    if ((king_path | rook_path) & occupied & !movers).nonempty() {
        return false;
    }
    // The destination is tested even when the king does not move: the
    // rook leaving may expose it.
    let lifted = occupied.without(rook);
    !king_path
        .into_iter()
        .any(|sq| pos.is_attacked(sq, !us, lifted))
}

/// Number of legal moves (promotions count four times).
#[inline]
pub fn count_legal_moves(pos: &Position) -> u64 {
    let mut n = 0;
    generate(pos, |pm| {
        n += pm.count();
        false
    });
    n
}

/// Whether the side to move has any legal move.
#[inline]
pub fn has_legal_moves(pos: &Position) -> bool {
    generate(pos, |_| true)
}

/// Somewhere to put generated moves: the fixed-size [`MoveList`] or a `Vec`.
pub trait MoveSink {
    fn push(&mut self, mv: Move);
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, mv: Move) {
        ArrayVec::push(self, mv);
    }
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

/// Appends the moves a [`PieceMoves`] stands for.
#[inline]
pub fn push_moves<S: MoveSink>(pos: &Position, pm: PieceMoves, out: &mut S) {
    let their = pos.color_bb(!pos.side_to_move());
    let from = pm.from;
    match pm.role {
        Role::Pawn => {
            for to in pm.to {
                let capture = their.contains(to);
                if Bitboard::BACK_RANKS.contains(to) {
                    for role in Role::PROMOTIONS {
                        out.push(Move::new(from, to, MoveKind::promotion(role, capture)));
                    }
                } else if capture {
                    out.push(Move::new(from, to, MoveKind::Capture));
                } else if Some(to) == pos.ep_square() && from.file() != to.file() {
                    out.push(Move::new(from, to, MoveKind::EnPassant));
                } else if from.index().abs_diff(to.index()) == 16 {
                    out.push(Move::new(from, to, MoveKind::DoublePush));
                } else {
                    out.push(Move::new(from, to, MoveKind::Quiet));
                }
            }
        }
        Role::King => {
            // A target holding one of our own pieces is a rook castled with.
            let own = pos.color_bb(pos.side_to_move());
            for to in pm.to {
                let kind = if their.contains(to) {
                    MoveKind::Capture
                } else if own.contains(to) {
                    match CastleSide::of(from.file(), to.file()) {
                        CastleSide::King => MoveKind::KingCastle,
                        CastleSide::Queen => MoveKind::QueenCastle,
                    }
                } else {
                    MoveKind::Quiet
                };
                out.push(Move::new(from, to, kind));
            }
        }
        _ => {
            for to in pm.to & their {
                out.push(Move::new(from, to, MoveKind::Capture));
            }
            for to in pm.to & !their {
                out.push(Move::new(from, to, MoveKind::Quiet));
            }
        }
    }
}

/// Every legal move of the side to move.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut out = MoveList::new();
    generate(pos, |pm| {
        push_moves(pos, pm, &mut out);
        false
    });
    out
}
