//! The evaluation terms added for the Texel fits, each on a position
//! built to show it: the trace's coefficient (White's count minus Black's)
//! of the term's weight is the count worked out by hand in the comment.

use chess::eval::trace::Trace;
use chess::eval::{imbalance, layout};
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

#[test]
fn pinned_pieces_are_counted_by_role() {
    // The knight on e4 is pinned by the rook on e8; the bishop on
    // c3 is not pinned (nothing behind it on a line to the king).
    let fen = "4r1k1/8/8/8/4N3/2B5/8/4K3 w - - 0 1";
    assert_eq!(coeff(fen, layout::PINNED + 1), 1);
    assert_eq!(coeff(fen, layout::PINNED + 2), 0);
}

#[test]
fn a_rook_behind_a_passer_counts_for_its_side() {
    // White's a-pawn is passed; White's rook on a1 stands behind it.
    let ours = "6k1/8/8/P7/8/8/8/R5K1 w - - 0 1";
    assert_eq!(coeff(ours, layout::ROOK_BEHIND_PASSER), 1);
    // A knight between rook and pawn hides the rook.
    let blocked = "6k1/8/8/P7/8/N7/8/R5K1 w - - 0 1";
    assert_eq!(coeff(blocked, layout::ROOK_BEHIND_PASSER), 0);
    // Black's rook behind White's passer.
    let theirs = "6k1/8/8/P7/8/8/8/r5K1 w - - 0 1";
    assert_eq!(coeff(theirs, layout::ROOK_BEHIND_PASSER + 1), 1);
}

#[test]
fn king_protectors_count_the_distance_to_the_king() {
    // The knight on g1 is two squares from the king on e1 (far 2),
    // the queen on a5 four.
    let fen = "4k3/8/8/Q7/8/8/8/4K1N1 w - - 0 1";
    assert_eq!(coeff(fen, layout::KING_PROTECTOR), 2);
    assert_eq!(coeff(fen, layout::KING_PROTECTOR + 2), 4);
}

#[test]
fn imbalance_multiplies_the_piece_counts() {
    // White: knight and three pawns; Black: rook and two pawns.
    let fen = "3rk3/6pp/8/8/8/8/2N2PPP/6K1 w - - 0 1";
    let (pawn, knight, rook) = (1, 2, 4);
    let ours = |i, j| coeff(fen, layout::IMBALANCE_OURS + imbalance::ours_index(i, j));
    assert_eq!(ours(knight, pawn), 3, "White's knight x its 3 pawns");
    assert_eq!(ours(pawn, pawn), 9 - 4, "3 x 3 for White, 2 x 2 for Black");
    assert_eq!(ours(rook, pawn), -2, "Black's rook x its 2 pawns");
    let theirs = |i, j| {
        coeff(
            fen,
            layout::IMBALANCE_THEIRS + imbalance::theirs_index(i, j),
        )
    };
    assert_eq!(theirs(knight, pawn), 2, "White's knight x Black's 2 pawns");
    assert_eq!(theirs(rook, pawn), -3, "Black's rook x White's 3 pawns");
    assert_eq!(theirs(rook, knight), -1, "Black's rook x White's knight");
}

#[test]
fn connected_passers_and_islands() {
    // White: passers on a6 and b5 side by side (no black pawn ahead),
    // and a lone h2 pawn: two islands. Black: pawns on f7 and g7, one
    // island.
    let fen = "6k1/5pp1/P7/1P6/8/8/7P/6K1 w - - 0 1";
    assert_eq!(coeff(fen, layout::CONNECTED_PASSER + 5), 1, "a6");
    assert_eq!(coeff(fen, layout::CONNECTED_PASSER + 4), 1, "b5");
    assert_eq!(coeff(fen, layout::PAWN_ISLANDS), 2 - 1);
}

#[test]
fn restricted_squares_are_contested_and_not_pawn_defended() {
    // Both sides attack d1, d2 (White's king and Black's rook), d3
    // (White's c-pawn and the rook) and a8 (the rooks): four squares
    // for Black, three for White, whose pawn defends d3.
    let fen = "3r2k1/8/8/8/8/8/2P5/R3K3 w - - 0 1";
    assert_eq!(coeff(fen, layout::RESTRICTED), 3 - 4);
}
