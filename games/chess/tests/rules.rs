//! The end of the game: mate, stalemate, fifty moves, threefold repetition,
//! insufficient material; castling rights; and the search's draw test.

use chess::{CastleSide, Chess, Color};
use search::{EndReason, Outcome, Side};

fn game(fen: &str) -> Chess {
    Chess::from_fen(fen).expect("test FEN")
}

fn play(g: &mut Chess, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_uci(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn checkmate_and_stalemate() {
    let mut g = Chess::default();
    play(&mut g, "f2f3 e7e5 g2g4");
    assert_eq!(g.outcome(), None);
    play(&mut g, "d8h4");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Black, chess::game::CHECKMATE))
    );
    let stalemate = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::draw(chess::game::STALEMATE))
    );
}

#[test]
fn fifty_move_rule() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    play(&mut g, "a1a2");
    assert_eq!(g.outcome(), None, "99 half-moves is not yet a draw");
    play(&mut g, "e8d8");
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::FIFTY_MOVES)));
    // A pawn move resets the clock.
    let mut g = game("4k3/8/8/8/8/8/P7/4K3 w - - 99 80");
    play(&mut g, "a2a3");
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(g.outcome(), None);
    // Mate delivered on the hundredth half-move is mate, not a draw.
    let mut g = game("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    play(&mut g, "h1h8");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::White, chess::game::CHECKMATE))
    );
}

#[test]
fn threefold_repetition() {
    let mut g = Chess::default();
    let shuffle = "g1f3 g8f6 f3g1 f6g8";
    play(&mut g, shuffle);
    assert_eq!(g.outcome(), None, "second occurrence is not yet a draw");
    play(&mut g, shuffle);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::REPETITION)));
    // The search treats a single repetition inside its tree as a draw.
    let mut g = Chess::default();
    play(&mut g, shuffle);
    assert_eq!(g.search_draw(4), Some(Outcome::draw(EndReason::REPETITION)));
    assert_eq!(g.search_draw(3), None);
}

#[test]
fn repetition_needs_same_castling_rights() {
    // Moving the king and back loses castling: not the same position.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8");
    assert_eq!(g.outcome(), None);
    play(&mut g, "e1f1 e8f8 f1e1 f8e8");
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::REPETITION)));
}

#[test]
fn insufficient_material() {
    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true),
        ("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false),
        ("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", false),
    ] {
        let g = game(fen);
        assert_eq!(g.insufficient_material(), dead, "{fen}");
        assert_eq!(
            g.outcome() == Some(Outcome::draw(chess::game::INSUFFICIENT_MATERIAL)),
            dead,
            "{fen}"
        );
    }
}

#[test]
fn castling_rights_are_lost_by_king_and_rook_moves_and_rook_capture() {
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "h1h8");
    let rights = g.position().castling_rights();
    assert!(!rights.has(Color::White, CastleSide::King));
    assert!(
        !rights.has(Color::Black, CastleSide::King),
        "rook captured on h8"
    );
    assert!(rights.has(Color::White, CastleSide::Queen));
    play(&mut g, "e8d7");
    assert_eq!(g.position().castling_rights().fen(), "Q");
    play(&mut g, "a1b1");
    assert_eq!(g.position().castling_rights().fen(), "-");
}

#[test]
fn castling_not_out_of_through_or_into_check() {
    let moves = |fen: &str| -> Vec<String> {
        game(fen)
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    };
    // Out of check.
    assert!(!moves("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1").contains(&"e1g1".to_string()));
    // Through check (f1 attacked) but queen side fine.
    let through = moves("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!through.contains(&"e1g1".to_string()));
    assert!(through.contains(&"e1c1".to_string()));
    // Into check (g1 attacked).
    assert!(!moves("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1").contains(&"e1g1".to_string()));
    // b1 attacked does not stop queen-side castling; a piece on b1 does.
    assert!(moves("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").contains(&"e1c1".to_string()));
    assert!(!moves("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1").contains(&"e1c1".to_string()));
}

#[test]
fn undo_restores_everything() {
    let mut g = Chess::default();
    let start = *g.position();
    play(&mut g, "e2e4 d7d5 e4d5 g8f6");
    for _ in 0..4 {
        assert!(g.undo().is_some());
    }
    assert_eq!(*g.position(), start);
    assert_eq!(g.undo(), None);
}
