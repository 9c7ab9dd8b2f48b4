//! Long algebraic notation (LAN) as fastchess writes it for `-pgnout
//! notation=lan`: the piece letter (none for a pawn), the square it leaves,
//! `x` for a capture (en passant included), the square it lands on, `=Q`
//! for a promotion, then `+` or `#`; castling is `O-O` or `O-O-O`, in
//! Chess960 too. The square left names the piece, so unlike SAN it needs
//! no disambiguation (`Nb1d2` where SAN writes `Nbd2`).

use crate::mv::{Move, MoveKind};
use crate::position::Position;
use crate::role::Role;

impl Position {
    /// The LAN of a legal move, with `+` or `#` (`Ng1f3`, `e5xd6`,
    /// `a7xb8=Q+`, `O-O`).
    pub fn lan(&self, mv: Move) -> String {
        let mut lan = self.lan_without_suffix(mv);
        lan.extend(self.check_suffix(mv));
        lan
    }

    fn lan_without_suffix(&self, mv: Move) -> String {
        match mv.kind() {
            MoveKind::KingCastle => return "O-O".to_string(),
            MoveKind::QueenCastle => return "O-O-O".to_string(),
            _ => {}
        }
        let mut lan = String::with_capacity(8);
        // A square without a piece (no legal move starts there) gets no
        // letter rather than a panic.
        if let Some(role) = self.role_at(mv.from()).filter(|&r| r != Role::Pawn) {
            lan.push(role.upper_char());
        }
        lan.push_str(&mv.from().to_string());
        if mv.is_capture() {
            lan.push('x');
        }
        lan.push_str(&mv.to().to_string());
        if let Some(promoted) = mv.promotion() {
            lan.push('=');
            lan.push(promoted.upper_char());
        }
        lan
    }
}

#[cfg(test)]
mod tests {
    use crate::position::{Position, STARTING_FEN};

    /// The LAN of the move `uci` in the position `fen`.
    fn lan(fen: &str, uci: &str) -> String {
        let pos = Position::from_fen(fen).expect("a valid FEN");
        let mv = pos.parse_uci(uci).expect("a legal move");
        pos.lan(mv)
    }

    #[test]
    fn pawn_moves_have_no_letter() {
        assert_eq!(lan(STARTING_FEN, "e2e4"), "e2e4");
        assert_eq!(lan(STARTING_FEN, "g1f3"), "Ng1f3");
    }

    #[test]
    fn captures_en_passant_included_have_an_x() {
        let fen = "4k3/8/8/3pP3/8/8/5n2/4K1R1 w - d6 0 1";
        assert_eq!(lan(fen, "e5d6"), "e5xd6");
        assert_eq!(lan(fen, "g1g8"), "Rg1g8+");
        assert_eq!(lan(fen, "e1f2"), "Ke1xf2");
    }

    #[test]
    fn a_promotion_with_capture_and_check() {
        let fen = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(lan(fen, "a7b8q"), "a7xb8=Q+");
        assert_eq!(lan(fen, "a7b8n"), "a7xb8=N");
        assert_eq!(lan(fen, "a7a8r"), "a7a8=R");
    }

    #[test]
    fn check_and_mate() {
        let back_rank = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(lan(back_rank, "a1a8"), "Ra1a8#");
        assert_eq!(lan(back_rank, "a1a7"), "Ra1a7");
        let open = "6k1/8/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(lan(open, "a1a8"), "Ra1a8+");
    }

    #[test]
    fn both_castles_in_standard_chess_and_chess960() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(lan(fen, "e1g1"), "O-O");
        assert_eq!(lan(fen, "e1c1"), "O-O-O");
        // The rook lands on f1 and checks the king on f8.
        assert_eq!(lan("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
        // Chess960: king b1, rook a1, read king takes rook.
        assert_eq!(lan("4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1"), "O-O-O");
    }

    #[test]
    fn the_from_square_tells_knights_apart_where_san_needs_a_file() {
        let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        let pos = Position::from_fen(fen).expect("a valid FEN");
        let mv = pos.parse_uci("b1d2").expect("a legal move");
        assert_eq!((pos.san(mv), pos.lan(mv)), ("Nbd2".into(), "Nb1d2".into()));
    }
}
