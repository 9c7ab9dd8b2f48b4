//! The evaluation terms added for the second Texel fit, each on a position
//! built to show it: the trace's coefficient (White's count minus Black's)
//! of the term's weight is the count worked out by hand in the comment.

use chess::eval::layout;
use chess::eval::trace::Trace;
use chess::Position;

/// White's count minus Black's of weight `index` in `fen`.
fn coeff(fen: &str, index: usize) -> i32 {
    let pos = Position::from_fen(fen).expect("test FEN");
    Trace::of(&pos)
        .coeffs
        .iter()
        .find(|&&(i, _)| usize::from(i) == index)
        .map_or(0, |&(_, c)| i32::from(c))
}

#[test]
fn a_passer_is_blocked_or_has_a_safe_stop_square() {
    // d4 is on White's fourth rank (index 3); a knight on d5 blocks it.
    let blocked = "4k3/8/8/3n4/3P4/8/8/4K3 w - - 0 1";
    assert_eq!(coeff(blocked, layout::PASSED_BLOCKED + 3), 1);
    assert_eq!(coeff(blocked, layout::PASSED_SAFE_STOP + 3), 0);
    // d5 empty and out of the black king's reach on e8: safe.
    let free = "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1";
    assert_eq!(coeff(free, layout::PASSED_SAFE_STOP + 3), 1);
    // The king on e6 attacks d5: neither blocked nor safe.
    let guarded = "8/8/4k3/8/3P4/8/8/4K3 w - - 0 1";
    assert_eq!(coeff(guarded, layout::PASSED_SAFE_STOP + 3), 0);
    assert_eq!(coeff(guarded, layout::PASSED_BLOCKED + 3), 0);
}

#[test]
fn pawns_before_the_enemy_king_storm_it() {
    // White's f2 and g2 stand before the black king's files (second
    // rank, index 1); Black's g4 (its fifth rank, index 4) is free; h2
    // and h3 block each other.
    let fen = "6k1/8/8/8/6p1/7p/5PPP/6K1 w - - 0 1";
    assert_eq!(coeff(fen, layout::PAWN_STORM + 1), 2);
    assert_eq!(coeff(fen, layout::PAWN_STORM + 4), -1);
    assert_eq!(coeff(fen, layout::PAWN_STORM_BLOCKED), 1 - 1);
    // Without the black pawns, White's three are all free.
    let free = "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1";
    assert_eq!(coeff(free, layout::PAWN_STORM + 1), 3);
    assert_eq!(coeff(free, layout::PAWN_STORM_BLOCKED), 0);
}

#[test]
fn files_beside_the_king_without_pawns_are_counted() {
    // The white king on g1: no white pawn on the f-file (Black has f7)
    // nor on the g-file (no pawn at all), h2 on the h-file. The black
    // king on e8 has its d-, e- and f-pawns.
    let fen = "4k3/3ppp2/8/8/8/8/7P/6K1 w - - 0 1";
    assert_eq!(coeff(fen, layout::KING_FILE), 2);
    assert_eq!(coeff(fen, layout::KING_FILE + 1), 1);
}

#[test]
fn weak_squares_of_the_king_zone_are_counted() {
    // The rook on a7 attacks d7, e7 and f7 beside the black king, which
    // only the king defends.
    assert_eq!(
        coeff("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", layout::KING_ZONE_WEAK),
        3
    );
}

#[test]
fn space_counts_safe_central_squares_behind_the_pawns_twice() {
    // After 1. e4: White has e2, c3 to f3 and c4, d4, f4 (eight), with e2
    // and e3 behind e4 counted again: ten. Black has c6 to f6, and c5 and
    // e5 (e4 attacks d5 and f5): six.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(coeff(fen, layout::SPACE), 10 - 6);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(coeff(start, layout::SPACE), 0);
}

#[test]
fn knights_and_rooks_count_the_pawns() {
    let fen = "r3k3/p7/8/8/8/8/PPPP4/1N2K3 w - - 0 1";
    assert_eq!(coeff(fen, layout::PIECE_PAWNS), 4);
    assert_eq!(coeff(fen, layout::PIECE_PAWNS + 1), -1);
}

#[test]
fn a_minor_piece_behind_a_pawn_is_counted() {
    let fen = "4k3/8/8/8/8/3P4/3N4/4K3 w - - 0 1";
    assert_eq!(coeff(fen, layout::MINOR_BEHIND_PAWN), 1);
}

#[test]
fn the_king_threatens_undefended_pieces_and_pawns() {
    assert_eq!(
        coeff("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", layout::THREAT_BY_KING),
        1
    );
    // Defended by the knight on b3: no threat.
    assert_eq!(
        coeff("4k3/8/8/8/8/1n6/3p4/4K3 w - - 0 1", layout::THREAT_BY_KING),
        0
    );
}

#[test]
fn a_safe_pawn_push_that_would_attack_a_piece_is_a_threat() {
    // d3-d4 would attack the knight on c5; d4 is safe.
    let fen = "4k3/8/8/2n5/8/3P4/8/4K3 w - - 0 1";
    assert_eq!(coeff(fen, layout::THREAT_BY_PUSH), 1);
    // With a black pawn on e5 covering d4, the push is not safe.
    let covered = "4k3/8/8/2n1p3/8/3P4/8/4K3 w - - 0 1";
    assert_eq!(coeff(covered, layout::THREAT_BY_PUSH), 0);
}

#[test]
fn the_king_is_measured_to_its_nearest_pawn() {
    // e1 to a2 is four squares; Black has no pawn.
    let fen = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1";
    assert_eq!(coeff(fen, layout::KING_PAWN_DISTANCE), 4);
}
