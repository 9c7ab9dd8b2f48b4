//! One or more tests per rule of `docs/leiserchess-rules.md`.

mod common;

use common::{fen_of, RULE_4_4};
use leiserchess::{Hit, Leiserchess, Move, Square};
use search::{EndReason, Outcome, Rules, Searchable, Side};

fn game(fen: &str) -> Leiserchess {
    Leiserchess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(g: &Leiserchess) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.iter().map(Move::to_string).collect()
}

fn play(g: &mut Leiserchess, text: &str) {
    let mv = g
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", g.fen()));
    g.make(mv);
}

fn piece_at(g: &Leiserchess, sq: &str) -> Option<String> {
    g.position()
        .board()
        .piece_on(Square::parse(sq).unwrap())
        .fen_code()
}

/// Quiet kings: corners, facing off the board.
const WK: (&str, &str) = ("a1", "WW");
const BK: (&str, &str) = ("h8", "ee");

// ---- rule 2 and 3: orientation, rotation, shift, swap ----------------------

#[test]
fn rotations_turn_clockwise_and_back() {
    // rule 2.4: R is clockwise, L counter-clockwise, U is 180°.
    for (mv, expect) in [("d4R", "NE"), ("d4L", "SW"), ("d4U", "SE")] {
        let mut g = game(&fen_of(&[WK, BK, ("d4", "NW")], 'W'));
        play(&mut g, mv);
        assert_eq!(piece_at(&g, "d4").as_deref(), Some(expect), "{mv}");
    }
    let mut g = game(&fen_of(&[("a1", "NN"), BK, ("c3", "SE")], 'W'));
    play(&mut g, "a1R");
    assert_eq!(piece_at(&g, "a1").as_deref(), Some("EE"));
}

#[test]
fn shifts_go_to_empty_adjacent_squares_only() {
    // rule 3.2: up to eight neighbours, on the board and empty.
    let g = game(&fen_of(
        &[WK, BK, ("d4", "NW"), ("d5", "SE"), ("e5", "se")],
        'W',
    ));
    let moves = legal(&g);
    for to in ["c3", "d3", "e3", "c4", "e4", "c5"] {
        assert!(moves.contains(&format!("d4{to}")), "d4{to}");
    }
    assert!(!moves.contains(&"d4d5".to_string()), "own piece blocks");
    assert!(
        !moves.contains(&"d4e5".to_string()),
        "opposing piece blocks a shift"
    );
    // The corner king has three neighbours, one of them off limits.
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("a1") && m.len() == 4 && m.ends_with('0')));
    let a1_shifts: Vec<_> = moves
        .iter()
        .filter(|m| m.starts_with("a1") && m.len() == 4)
        .collect();
    assert_eq!(a1_shifts.len(), 3, "{a1_shifts:?}");
}

#[test]
fn no_swap_with_an_own_piece() {
    // rule 3.3: "A piece may never swap with a piece of its own side."
    let g = game(&fen_of(&[WK, BK, ("d4", "NW"), ("d5", "SE")], 'W'));
    assert!(!legal(&g)
        .iter()
        .any(|m| m.starts_with("d4d5") || m.starts_with("d5d4")));
}

#[test]
fn swap_then_shift_and_swap_then_rotate() {
    // rule 3.3 and 7.1: d5e4f5 and d5e4L.
    let start = fen_of(&[WK, BK, ("d5", "NW"), ("e4", "ne")], 'W');
    let mut g = game(&start);
    let moves = legal(&g);
    assert!(moves.contains(&"d5e4f5".to_string()));
    assert!(moves.contains(&"d5e4L".to_string()));
    // No second swap, and the shift may not go back to d5 (now occupied).
    assert!(!moves.contains(&"d5e4d5".to_string()));
    play(&mut g, "d5e4f5");
    assert_eq!(
        piece_at(&g, "d5").as_deref(),
        Some("ne"),
        "opposing piece ends on d5"
    );
    assert_eq!(piece_at(&g, "e4"), None);
    assert_eq!(
        piece_at(&g, "f5").as_deref(),
        Some("NW"),
        "orientation kept"
    );

    let mut g = game(&start);
    play(&mut g, "d5e4L");
    assert_eq!(piece_at(&g, "d5").as_deref(), Some("ne"));
    assert_eq!(
        piece_at(&g, "e4").as_deref(),
        Some("SW"),
        "swapped, then rotated left"
    );
}

#[test]
fn kings_swap_too() {
    // rule 3.3: "king or pawn" on either side of the swap.
    let g = game(&fen_of(&[("d4", "WW"), ("e5", "ee"), ("a8", "NW")], 'W'));
    let moves = legal(&g);
    assert!(moves.contains(&"d4e5R".to_string()));
    assert!(moves.contains(&"d4e5f6".to_string()));
}

#[test]
fn start_position_has_61_moves() {
    // rules 3.1–3.3 from the start position (7.2).
    assert_eq!(legal(&Leiserchess::startpos()).len(), 61);
}

// ---- rule 4: the laser -----------------------------------------------------

/// Beam travel directions as (file, rank) steps.
const STEPS: [(&str, (i32, i32)); 4] = [
    ("north", (0, 1)),
    ("east", (1, 0)),
    ("south", (0, -1)),
    ("west", (-1, 0)),
];

fn sq_plus(sq: &str, (df, dr): (i32, i32), k: i32) -> String {
    let b = sq.as_bytes();
    let f = (b[0] as i32 - 'a' as i32) + df * k;
    let r = (b[1] as i32 - '1' as i32) + dr * k;
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

#[test]
fn reflection_table_all_sixteen_cases() {
    // rule 4.4, each row of the table: a Lavender pawn on d5 is struck by
    // Tangerine's beam travelling in each direction; witnesses two squares
    // away in the perpendicular directions show where the beam went.
    let king_dir = |name: &str| match name {
        "north" => "NN",
        "east" => "EE",
        "south" => "SS",
        _ => "WW",
    };
    // A witness struck travelling `dir` must show its back to the beam.
    let witness = |name: &str| match name {
        "north" => "nw",
        "east" => "ne",
        "south" => "se",
        _ => "sw",
    };
    for (travel, pawn, result) in RULE_4_4 {
        let step = STEPS.iter().find(|s| s.0 == travel).unwrap().1;
        let king_sq = sq_plus("d5", step, -2);
        let mut pieces: Vec<(String, String)> = vec![
            (king_sq, king_dir(travel).to_string()),
            ("h8".into(), "ee".into()),
            ("h1".into(), "NW".into()), // the piece Tangerine rotates
            ("d5".into(), pawn.to_lowercase()),
        ];
        for (name, s) in STEPS {
            if s.0 * step.0 + s.1 * step.1 == 0 {
                pieces.push((sq_plus("d5", s, 2), witness(name).to_string()));
            }
        }
        let refs: Vec<(&str, &str)> = pieces
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let mut g = game(&fen_of(&refs, 'W'));
        play(&mut g, "h1R");
        let case = format!("travelling {travel} into {pawn}");
        if result == "zap" {
            assert_eq!(piece_at(&g, "d5"), None, "{case}: pawn zapped");
            assert!(matches!(g.last_hit(), Some(Hit::Pawn(_))), "{case}");
        } else {
            assert!(piece_at(&g, "d5").is_some(), "{case}: mirror survives");
            let out = STEPS.iter().find(|s| s.0 == result).unwrap().1;
            let target = sq_plus("d5", out, 2);
            assert_eq!(piece_at(&g, &target), None, "{case}: beam went {result}");
            let other = sq_plus("d5", (-out.0, -out.1), 2);
            assert!(piece_at(&g, &other).is_some(), "{case}: not {other}");
        }
    }
}

#[test]
fn laser_fires_after_the_whole_move() {
    // rule 4.1: the beam uses the board after the swap and its shift.
    // Tangerine's king on a4 faces east; Lavender pawn on c4 shows its back.
    let fen = fen_of(&[("a4", "EE"), BK, ("b3", "NW"), ("c4", "se")], 'W');
    let mut g = game(&fen);
    // b3 swaps with c4 (the Lavender pawn lands on b3), then moves to d5:
    // the beam now runs along rank 4 to the edge.
    play(&mut g, "b3c4d5");
    assert_eq!(g.last_hit(), Some(Hit::Off));
    assert_eq!(piece_at(&g, "b3").as_deref(), Some("se"));
    // Without the swap, the beam strikes c4's back.
    let mut g = game(&fen);
    play(&mut g, "b3R");
    assert_eq!(piece_at(&g, "c4"), None);
}

#[test]
fn only_the_movers_laser_fires() {
    // rule 4.1: Lavender's king aims south at the back of Tangerine's h4
    // pawn; Tangerine moves and the pawn survives; then Lavender moves and
    // its beam zaps it.
    let mut g = game(&fen_of(
        &[WK, ("h8", "ss"), ("h4", "SE"), ("c3", "NW"), ("b7", "nw")],
        'W',
    ));
    play(&mut g, "c3R");
    assert!(piece_at(&g, "h4").is_some());
    play(&mut g, "b7R");
    assert_eq!(piece_at(&g, "h4"), None);
}

#[test]
fn self_zap_of_a_pawn_is_legal() {
    // rule 4.3: Tangerine's beam strikes its own pawn's back.
    let mut g = game(&fen_of(
        &[("a2", "EE"), BK, ("e2", "NE"), ("c5", "NW")],
        'W',
    ));
    assert!(legal(&g).contains(&"c5R".to_string()));
    play(&mut g, "c5R");
    assert_eq!(piece_at(&g, "e2"), None);
    assert_eq!(
        g.position().halfmove_clock(),
        0,
        "rule 5.2: any pawn zap resets"
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn self_zap_of_the_king_loses() {
    // rules 4.2, 4.3, 5.1: from a1 the beam goes east; d1 NW turns it
    // north; d3 SW turns it west; a3 SE turns it south; a2 is empty; a1 is
    // the firing king itself.
    let mut g = game(&fen_of(
        &[
            ("a1", "EE"),
            BK,
            ("d1", "NW"),
            ("d3", "SW"),
            ("a3", "SE"),
            ("f6", "NW"),
        ],
        'W',
    ));
    play(&mut g, "f6R");
    assert!(matches!(g.last_hit(), Some(Hit::King(_))));
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Black, leiserchess::game::KING_ZAPPED))
    );
}

#[test]
fn zapping_the_enemy_king_wins_and_ends_the_game() {
    // rules 4.2, 5.1, 5.3b: no move after the end, not even in perft.
    let mut g = game(&fen_of(&[("a1", "WW"), ("a8", "ss"), ("c4", "NW")], 'W'));
    play(&mut g, "a1R");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::White, leiserchess::game::KING_ZAPPED))
    );
    assert!(legal(&g).is_empty());
    assert_eq!(g.parse_move("a8R"), Err(leiserchess::MoveError::GameOver));
    g.unmake();
    assert_eq!(g.outcome(), None);
    assert!(!legal(&g).is_empty());
}

#[test]
fn at_most_one_piece_is_zapped() {
    // rule 4.2: the beam ends at the first back it strikes.
    let mut g = game(&fen_of(
        &[("a1", "NN"), BK, ("a3", "NW"), ("a5", "NE"), ("h3", "NW")],
        'W',
    ));
    play(&mut g, "h3R");
    assert_eq!(piece_at(&g, "a3"), None);
    assert!(piece_at(&g, "a5").is_some());
}

// ---- rule 5: end of the game -----------------------------------------------

#[test]
fn repetition_is_a_draw_at_the_second_occurrence() {
    // rule 5.3: the start position counts as the first occurrence.
    let mut g = game(&fen_of(&[WK, BK, ("b2", "NW"), ("g7", "se")], 'W'));
    for mv in ["b2R", "g7R", "b2L"] {
        play(&mut g, mv);
        assert_eq!(g.outcome(), None, "after {mv}");
    }
    play(&mut g, "g7L");
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::REPETITION)));
    assert_eq!(g.search_outcome(0), g.outcome());
    // Draws do not remove moves (rule 8.3) ...
    assert!(!legal(&g).is_empty());
    // ... but a game that has ended takes no further move (rule 5.3b).
    assert!(g.parse_move("b2R").is_err());
}

#[test]
fn same_board_with_other_side_to_move_is_not_a_repetition() {
    // rule 5.3a: the side to move is part of the position.
    let mut g = game(&fen_of(&[WK, BK, ("b2", "NW"), ("g7", "se")], 'W'));
    play(&mut g, "b2U");
    play(&mut g, "g7R");
    play(&mut g, "b2U");
    assert_eq!(g.outcome(), None);
}

/// Plays `plies` quiet pawn rotations that never repeat a position: each
/// side walks through distinct orientation patterns of its four pawns.
fn quiet_walk(g: &mut Leiserchess, plies: usize) {
    let mut seen = std::collections::HashSet::new();
    seen.insert(g.hash());
    for _ in 0..plies {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let side = g.side_to_move();
        let next = moves.into_iter().find(|&m| {
            let pawn = g.position().board().piece_on(m.from()).is_pawn();
            if !pawn || !m.is_rotation() || m.is_swap() {
                return false;
            }
            let mut h = g.clone();
            h.make(m);
            h.last_hit() == Some(Hit::Off) && !seen.contains(&h.hash())
        });
        let mv = next.unwrap_or_else(|| panic!("{side:?} stuck in {}", g.fen()));
        g.make(mv);
        seen.insert(g.hash());
    }
}

const FIFTY: &[(&str, &str)] = &[
    ("a1", "WW"),
    ("h1", "ee"),
    ("b3", "NW"),
    ("c5", "NW"),
    ("d3", "NW"),
    ("e5", "NW"),
    ("b6", "nw"),
    ("c8", "nw"),
    ("e7", "nw"),
    ("g5", "nw"),
];

#[test]
fn fifty_moves_without_a_pawn_zap_draw() {
    // rule 5.2: 100 plies in a row without a zap.
    let mut g = game(&fen_of(FIFTY, 'W'));
    quiet_walk(&mut g, 99);
    assert_eq!(g.position().halfmove_clock(), 99);
    assert_eq!(g.outcome(), None);
    quiet_walk(&mut g, 1);
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::FIFTY_MOVES)));
}

#[test]
fn king_zap_beats_a_simultaneous_draw() {
    // rule 5.3b: the 100th ply zaps a king: the zap decides.
    let mut g = game(&fen_of(FIFTY, 'W'));
    quiet_walk(&mut g, 99);
    // Lavender's king on h1 U-turns to fire west along rank 1 at a1.
    play(&mut g, "h1U");
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Black, leiserchess::game::KING_ZAPPED))
    );
}

#[test]
fn no_legal_moves_loses() {
    // rule 5.5.
    let g = Leiserchess::startpos();
    assert_eq!(
        g.no_moves_outcome(),
        Outcome::win(Side::Black, leiserchess::game::NO_LEGAL_MOVES)
    );
}

// ---- rule 6: ko ------------------------------------------------------------

/// Tangerine pawn d4 (faces NW), Lavender pawn e4: Tangerine swaps and
/// steps to e5; Lavender could undo it with d4e5e4.
const KO: &[(&str, &str)] = &[("a1", "WW"), ("h8", "ee"), ("d4", "NW"), ("e4", "ne")];

#[test]
fn ko_forbids_undoing_the_opponents_swap() {
    // rule 6.1.
    let mut g = game(&fen_of(KO, 'W'));
    play(&mut g, "d4e4e5");
    let moves = legal(&g);
    assert!(!moves.contains(&"d4e5e4".to_string()), "undo is ko");
    // Other moves of the same piece, and the same swap with another ending,
    // stay legal.
    assert!(moves.contains(&"d4e5L".to_string()));
    assert!(moves.contains(&"d4e5f6".to_string()));
    assert!(moves.contains(&"d4d3".to_string()));
    assert!(matches!(
        g.parse_move("d4e5e4"),
        Err(leiserchess::MoveError::Illegal(_))
    ));
}

#[test]
fn no_ko_without_a_known_previous_position() {
    // rule 6.2: the same position set up from a FEN has no ko.
    let mut g = game(&fen_of(KO, 'W'));
    play(&mut g, "d4e4e5");
    let fresh = game(&g.fen());
    assert!(legal(&fresh).contains(&"d4e5e4".to_string()));
}

#[test]
fn ko_only_looks_one_move_back() {
    // rule 6.1: after another pair of moves the old position may return.
    let mut g = game(&fen_of(KO, 'W'));
    play(&mut g, "d4e4e5");
    play(&mut g, "h8R");
    play(&mut g, "a1R");
    play(&mut g, "h8L");
    play(&mut g, "a1L");
    assert!(legal(&g).contains(&"d4e5e4".to_string()));
}

// ---- rule 1.4 and 7.1 --------------------------------------------------------

#[test]
fn sentinels_stop_steps_off_the_board() {
    // rule 1.4: pieces in every corner generate no off-board shifts.
    let g = game(&fen_of(
        &[("a1", "NN"), ("h8", "ss"), ("h1", "NW"), ("a8", "NW")],
        'W',
    ));
    for m in legal(&g) {
        let mv = g.parse_move(&m).unwrap();
        assert!(mv.destination().is_some(), "{m}");
    }
}
