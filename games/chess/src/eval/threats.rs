//! What each side's pieces attack, computed once per evaluation, and the
//! terms that read it: threats on enemy pieces (by minor pieces, rooks,
//! the king and pawn pushes), hanging pieces, safe checks and outposts.

use super::{add_count, layout, relative_rank, Accumulator, Context, PASSED_SPAN};
use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

/// The most knights, bishops, rooks and queens one side can have (its
/// seven first-rank pieces and eight promoted pawns).
const MAX_PIECES: usize = 15;

/// The roles whose attacks [`SideAttacks`] lists piece by piece.
pub(super) const PIECE_ROLES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// One side's attacks.
#[derive(Clone, Copy)]
pub(super) struct SideAttacks {
    /// The squares each knight, bishop, rook and queen attacks, by role
    /// then square; the pieces of `PIECE_ROLES[k]` end at `ends[k]`.
    pieces: [Bitboard; MAX_PIECES],
    ends: [u8; 4],
    /// The squares attacked by each role (pawns and king included).
    by_role: [Bitboard; 6],
    /// The squares attacked by any piece.
    all: Bitboard,
}

impl SideAttacks {
    /// The attacks of `us`, whose pawns attack `pawn_attacks`.
    #[inline]
    pub(super) fn of(
        pos: &Position,
        us: Color,
        occupied: Bitboard,
        pawn_attacks: Bitboard,
    ) -> Self {
        let mut pieces = [Bitboard::EMPTY; MAX_PIECES];
        let mut ends = [0u8; 4];
        let mut by_role = [Bitboard::EMPTY; 6];
        let mut len = 0;
        for (k, role) in PIECE_ROLES.into_iter().enumerate() {
            let mut union = Bitboard::EMPTY;
            for sq in pos.pieces(us, role) {
                let attacks = piece_attacks(role, sq, occupied);
                union |= attacks;
                if len < MAX_PIECES {
                    pieces[len] = attacks;
                    len += 1;
                }
            }
            by_role[role.index()] = union;
            ends[k] = len as u8;
        }
        by_role[Role::Pawn.index()] = pawn_attacks;
        by_role[Role::King.index()] = king_attacks(pos.king(us));
        let all = by_role.iter().fold(Bitboard::EMPTY, |a, &b| a | b);
        SideAttacks {
            pieces,
            ends,
            by_role,
            all,
        }
    }

    /// The squares the pieces of `role` attack.
    #[inline]
    pub(super) fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares any piece attacks.
    #[inline]
    pub(super) fn all(&self) -> Bitboard {
        self.all
    }

    /// Each knight, bishop, rook and queen's role with the squares it
    /// attacks.
    #[inline]
    pub(super) fn pieces(&self) -> impl Iterator<Item = (Role, Bitboard)> + '_ {
        let mut start = 0;
        PIECE_ROLES
            .into_iter()
            .zip(self.ends)
            .flat_map(move |(role, end)| {
                let range = start..usize::from(end);
                start = usize::from(end);
                self.pieces[range]
                    .iter()
                    .map(move |&attacks| (role, attacks))
            })
    }
}

/// The squares a knight, bishop, rook or queen on `sq` attacks.
#[inline]
fn piece_attacks(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        _ => queen_attacks(sq, occupied),
    }
}

/// Enemy pieces attacked by our minor pieces and rooks (by the victim's
/// role), enemy pieces we attack that nothing defends, undefended pieces
/// and pawns our king attacks, and pieces a pawn push would attack.
#[inline]
pub(super) fn piece_threats<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let them = !us;
    let ours = &ctx.attacks[us.index()];
    let theirs = &ctx.attacks[them.index()];
    // A pawn its own pawns defend is no target.
    let targets = pos.color_bb(them) & !(ctx.pawns[them.index()] & ctx.pawn_attacks[them.index()]);
    let by_minor = ours.by_role[Role::Knight.index()] | ours.by_role[Role::Bishop.index()];
    let by_rook = ours.by_role[Role::Rook.index()];
    for role in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ] {
        let victims = targets & pos.pieces(them, role);
        add_count(
            acc,
            us,
            layout::THREAT_BY_MINOR + role.index(),
            victims & by_minor,
        );
        add_count(
            acc,
            us,
            layout::THREAT_BY_ROOK + role.index(),
            victims & by_rook,
        );
    }
    let pieces = pos.color_bb(them) & !ctx.pawns[them.index()] & !pos.pieces(them, Role::King);
    add_count(acc, us, layout::HANGING, pieces & ours.all & !theirs.all);
    let undefended = pos.color_bb(them) & !pos.pieces(them, Role::King) & !theirs.all;
    add_count(
        acc,
        us,
        layout::THREAT_BY_KING,
        undefended & ours.by_role[Role::King.index()],
    );
    threat_by_push(ctx, us, pieces, acc);
}

/// Enemy `pieces` (not pawns or king) not yet attacked by our pawns that
/// one of our pawns would attack after a safe single push: to an empty
/// square no enemy pawn attacks, and that we defend or they do not attack.
#[inline]
fn threat_by_push<A: Accumulator>(ctx: &Context, us: Color, pieces: Bitboard, acc: &mut A) {
    let them = !us;
    let pushed = super::shift_rank(us, ctx.pawns[us.index()], true);
    let safe = !ctx.pawn_attacks[them.index()]
        & (ctx.attacks[us.index()].all | !ctx.attacks[them.index()].all);
    let pushes = pushed & !ctx.occupied & safe;
    let targets = pieces & !ctx.pawn_attacks[us.index()];
    add_count(
        acc,
        us,
        layout::THREAT_BY_PUSH,
        super::pawn_attack_set(us, pushes) & targets,
    );
}

/// Squares from which each of our piece roles could check the enemy king,
/// that such a piece of ours reaches, not occupied by us and not attacked
/// by the enemy.
#[inline]
pub(super) fn safe_checks<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let them = !us;
    let king = ctx.kings[them.index()];
    let safe = !pos.color_bb(us) & !ctx.attacks[them.index()].all;
    let ours = &ctx.attacks[us.index()];
    let diagonal = bishop_attacks(king, ctx.occupied);
    let straight = rook_attacks(king, ctx.occupied);
    let checks = [
        knight_attacks(king),
        diagonal,
        straight,
        diagonal | straight,
    ];
    for (k, role) in PIECE_ROLES.into_iter().enumerate() {
        let squares = checks[k] & ours.by_role[role.index()] & safe;
        add_count(acc, us, layout::SAFE_CHECK + k, squares);
    }
}

/// Our knights and bishops on the fourth to sixth rank, defended by a
/// pawn, with no enemy pawn on the files beside them that could ever
/// attack them.
#[inline]
pub(super) fn outposts<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let their_pawns = ctx.pawns[(!us).index()];
    for (k, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
        for sq in pos.pieces(us, role) & ctx.pawn_attacks[us.index()] {
            let rank = relative_rank(us, sq);
            let ahead_beside = PASSED_SPAN[us.index()][sq.index()] & !super::file_mask(sq).0;
            if (3..=5).contains(&rank) && (their_pawns.0 & ahead_beside) == 0 {
                acc.add(us, layout::OUTPOST + k, 1);
            }
        }
    }
}
