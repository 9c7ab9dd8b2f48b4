//! Static exchange evaluation: the material balance of the capture sequence
//! on one square, each side recapturing with its least valuable attacker
//! (x-rays through sliders included), and stopping when that pays.

use crate::attacks::{bishop_attacks, rook_attacks};
use crate::mv::{Move, MoveKind};
use crate::position::Position;
use crate::role::Role;

/// Piece values for exchanges (the king is "priceless" but never captured).
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Whether `mv` wins at least `threshold` material by the exchange on its
/// target square.
pub fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    // Castling and en passant are even trades at worst.
    if matches!(
        mv.kind(),
        MoveKind::KingCastle | MoveKind::QueenCastle | MoveKind::EnPassant
    ) {
        return threshold <= 0;
    }
    let from = mv.from();
    let to = mv.to();
    let Some(mover) = pos.role_at(from) else {
        return false;
    };

    // What we win by the capture, minus the threshold.
    let captured = pos.role_at(to).map_or(0, |r| SEE_VALUES[r.index()]);
    let promotion_gain = mv.promotion().map_or(0, |r| {
        SEE_VALUES[r.index()] - SEE_VALUES[Role::Pawn.index()]
    });
    let mut swap = captured + promotion_gain - threshold;
    if swap < 0 {
        return false;
    }
    // What we stand to lose if our piece is taken back.
    let on_square = mv.promotion().unwrap_or(mover);
    swap = SEE_VALUES[on_square.index()] - swap;
    if swap <= 0 {
        return true;
    }

    let mut occupied = pos.occupied().without(from).without(to);
    let mut attackers = pos.attackers_to(to, occupied) & occupied;
    let diagonal = pos.role_bb(Role::Bishop) | pos.role_bb(Role::Queen);
    let orthogonal = pos.role_bb(Role::Rook) | pos.role_bb(Role::Queen);
    let mut side = !pos.side_to_move();
    // `result` is true while the side that made `mv` is winning the exchange.
    let mut result = true;

    loop {
        let ours = attackers & pos.color_bb(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        // Least valuable attacker.
        let Some((role, sq)) = Role::ALL
            .iter()
            .find_map(|&r| (ours & pos.role_bb(r)).first().map(|sq| (r, sq)))
        else {
            break;
        };
        if role == Role::King {
            // The king may capture only if nothing defends the square.
            return if (attackers & pos.color_bb(!side)).nonempty() {
                !result
            } else {
                result
            };
        }
        swap = SEE_VALUES[role.index()] - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied = occupied.without(sq);
        // Sliders behind the capturer join in.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & orthogonal;
        }
        attackers &= occupied;
        side = !side;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, uci: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).expect("test FEN");
        let mv = pos.parse_uci(uci).expect("legal move");
        see_ge(&pos, mv, threshold)
    }

    #[test]
    fn simple_exchanges() {
        // Pawn takes an undefended knight: +320.
        let fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
        assert!(see(fen, "e4d5", 320));
        assert!(!see(fen, "e4d5", 321));
        // Queen takes a pawn defended by a pawn: loses 950 - 100.
        let fen = "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1";
        assert!(!see(fen, "d2d5", 0));
        assert!(see(fen, "d2d5", -850));
        assert!(!see(fen, "d2d5", -849));
    }

    #[test]
    fn x_rays_join_the_exchange() {
        // Rook takes a rook-defended pawn, backed by a second rook behind it:
        // RxP, RxR, RxR = +100 - 500 + 500 = +100.
        let fen = "3r2k1/8/8/3p4/8/8/3R4/3RK3 w - - 0 1";
        assert!(see(fen, "d2d5", 100));
        assert!(!see(fen, "d2d5", 101));
        // Without the back rook the capture loses the exchange.
        let fen = "3r2k1/8/8/3p4/8/8/3R4/4K3 w - - 0 1";
        assert!(!see(fen, "d2d5", 0));
    }

    #[test]
    fn king_recaptures_only_undefended_pieces() {
        // Bxf7+ Kxf7: the bishop is lost for a pawn.
        let fen = "4k3/5p2/8/8/2B5/8/8/4K3 w - - 0 1";
        assert!(!see(fen, "c4f7", 1));
        // With the queen on h5 guarding f7 the king cannot take back.
        let fen = "4k3/5p2/8/7Q/2B5/8/8/4K3 w - - 0 1";
        assert!(see(fen, "c4f7", 100));
    }

    #[test]
    fn quiet_moves_onto_attacked_squares_lose_the_piece() {
        // The d4 pawn covers c3 and e3 but not b2.
        let fen = "4k3/8/8/8/3p4/8/8/3NK3 w - - 0 1";
        assert!(!see(fen, "d1c3", 0));
        assert!(!see(fen, "d1e3", 0));
        assert!(see(fen, "d1b2", 0));
        assert!(see(fen, "d1c3", -320));
    }
}
