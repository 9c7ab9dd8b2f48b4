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
const WK: (&str, &str) = ("a0", "WW");
const BK: (&str, &str) = ("h7", "ee");

// ---- rule 2 and 3: orientation, rotation, shift, swap ----------------------

#[test]
fn rotations_turn_clockwise_and_back() {
    // rule 2.4: R is clockwise, L counter-clockwise, U is 180°.
    for (mv, expect) in [("d3R", "NE"), ("d3L", "SW"), ("d3U", "SE")] {
        let mut g = game(&fen_of(&[WK, BK, ("d3", "NW")], 'W'));
        play(&mut g, mv);
        assert_eq!(piece_at(&g, "d3").as_deref(), Some(expect), "{mv}");
    }
    let mut g = game(&fen_of(&[("a0", "NN"), BK, ("c2", "SE")], 'W'));
    play(&mut g, "a0R");
    assert_eq!(piece_at(&g, "a0").as_deref(), Some("EE"));
}

#[test]
fn shifts_go_to_empty_adjacent_squares_only() {
    // rule 3.2: up to eight neighbours, on the board and empty.
    let g = game(&fen_of(
        &[WK, BK, ("d3", "NW"), ("d4", "SE"), ("e4", "se")],
        'W',
    ));
    let moves = legal(&g);
    for to in ["c2", "d2", "e2", "c3", "e3", "c4"] {
        assert!(moves.contains(&format!("d3{to}")), "d3{to}");
    }
    assert!(!moves.contains(&"d3d4".to_string()), "own piece blocks");
    assert!(
        !moves.contains(&"d3e4".to_string()),
        "opposing piece blocks a shift"
    );
    // The corner king has three neighbours, all on the board.
    let mut corner_shifts: Vec<_> = moves
        .iter()
        .filter(|m| m.starts_with("a0") && m.len() == 4)
        .collect();
    corner_shifts.sort();
    assert_eq!(corner_shifts, ["a0a1", "a0b0", "a0b1"]);
}

#[test]
fn no_swap_with_an_own_piece() {
    // rule 3.3: "A piece may never swap with a piece of its own side."
    let g = game(&fen_of(&[WK, BK, ("d3", "NW"), ("d4", "SE")], 'W'));
    assert!(!legal(&g)
        .iter()
        .any(|m| m.starts_with("d3d4") || m.starts_with("d4d3")));
}

#[test]
fn swap_then_shift_and_swap_then_rotate() {
    // rule 3.3 and 7.1: d4e3f4 and d4e3L.
    let start = fen_of(&[WK, BK, ("d4", "NW"), ("e3", "ne")], 'W');
    let mut g = game(&start);
    let moves = legal(&g);
    assert!(moves.contains(&"d4e3f4".to_string()));
    assert!(moves.contains(&"d4e3L".to_string()));
    // No second swap, and the shift may not go back to d4 (now occupied).
    assert!(!moves.contains(&"d4e3d4".to_string()));
    play(&mut g, "d4e3f4");
    assert_eq!(
        piece_at(&g, "d4").as_deref(),
        Some("ne"),
        "opposing piece ends on d4"
    );
    assert_eq!(piece_at(&g, "e3"), None);
    assert_eq!(
        piece_at(&g, "f4").as_deref(),
        Some("NW"),
        "orientation kept"
    );

    let mut g = game(&start);
    play(&mut g, "d4e3L");
    assert_eq!(piece_at(&g, "d4").as_deref(), Some("ne"));
    assert_eq!(
        piece_at(&g, "e3").as_deref(),
        Some("SW"),
        "swapped, then rotated left"
    );
}

#[test]
fn kings_swap_too() {
    // rule 3.3: "king or pawn" on either side of the swap.
    let g = game(&fen_of(&[("d3", "WW"), ("e4", "ee"), ("a7", "NW")], 'W'));
    let moves = legal(&g);
    assert!(moves.contains(&"d3e4R".to_string()));
    assert!(moves.contains(&"d3e4f5".to_string()));
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
    let r = (b[1] as i32 - '0' as i32) + dr * k;
    format!("{}{}", (b'a' + f as u8) as char, r)
}

#[test]
fn reflection_table_all_sixteen_cases() {
    // rule 4.4, each row of the table: a Lavender pawn on d4 is struck by
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
        let king_sq = sq_plus("d4", step, -2);
        let mut pieces: Vec<(String, String)> = vec![
            (king_sq, king_dir(travel).to_string()),
            ("h7".into(), "ee".into()),
            ("h0".into(), "NW".into()), // the piece Tangerine rotates
            ("d4".into(), pawn.to_lowercase()),
        ];
        for (name, s) in STEPS {
            if s.0 * step.0 + s.1 * step.1 == 0 {
                pieces.push((sq_plus("d4", s, 2), witness(name).to_string()));
            }
        }
        let refs: Vec<(&str, &str)> = pieces
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let mut g = game(&fen_of(&refs, 'W'));
        play(&mut g, "h0R");
        let case = format!("travelling {travel} into {pawn}");
        if result == "zap" {
            assert_eq!(piece_at(&g, "d4"), None, "{case}: pawn zapped");
            assert!(matches!(g.last_hit(), Some(Hit::Pawn(_))), "{case}");
        } else {
            assert!(piece_at(&g, "d4").is_some(), "{case}: mirror survives");
            let out = STEPS.iter().find(|s| s.0 == result).unwrap().1;
            let target = sq_plus("d4", out, 2);
            assert_eq!(piece_at(&g, &target), None, "{case}: beam went {result}");
            let other = sq_plus("d4", (-out.0, -out.1), 2);
            assert!(piece_at(&g, &other).is_some(), "{case}: not {other}");
        }
    }
}

#[test]
fn laser_fires_after_the_whole_move() {
    // rule 4.1: the beam uses the board after the swap and its shift.
    // Tangerine's king on a3 faces east; Lavender pawn on c3 shows its back.
    let fen = fen_of(&[("a3", "EE"), BK, ("b2", "NW"), ("c3", "se")], 'W');
    let mut g = game(&fen);
    // b2 swaps with c3 (the Lavender pawn lands on b2), then moves to d4:
    // the beam now runs along rank 4 to the edge.
    play(&mut g, "b2c3d4");
    assert_eq!(g.last_hit(), Some(Hit::Off));
    assert_eq!(piece_at(&g, "b2").as_deref(), Some("se"));
    // Without the swap, the beam strikes c3's back.
    let mut g = game(&fen);
    play(&mut g, "b2R");
    assert_eq!(piece_at(&g, "c3"), None);
}

#[test]
fn only_the_movers_laser_fires() {
    // rule 4.1: Lavender's king aims south at the back of Tangerine's h3
    // pawn; Tangerine moves and the pawn survives; then Lavender moves and
    // its beam zaps it.
    let mut g = game(&fen_of(
        &[WK, ("h7", "ss"), ("h3", "SE"), ("c2", "NW"), ("b6", "nw")],
        'W',
    ));
    play(&mut g, "c2R");
    assert!(piece_at(&g, "h3").is_some());
    play(&mut g, "b6R");
    assert_eq!(piece_at(&g, "h3"), None);
}

#[test]
fn self_zap_of_a_pawn_is_legal() {
    // rule 4.3: Tangerine's beam strikes its own pawn's back.
    let mut g = game(&fen_of(
        &[("a1", "EE"), BK, ("e1", "NE"), ("c4", "NW")],
        'W',
    ));
    assert!(legal(&g).contains(&"c4R".to_string()));
    play(&mut g, "c4R");
    assert_eq!(piece_at(&g, "e1"), None);
    assert_eq!(
        g.position().halfmove_clock(),
        0,
        "rule 5.2: any pawn zap resets"
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn self_zap_of_the_king_loses() {
    // rules 4.2, 4.3, 5.1: from a0 the beam goes east; d0 NW turns it
    // north; d2 SW turns it west; a2 SE turns it south; a1 is empty; a0 is
    // the firing king itself.
    let mut g = game(&fen_of(
        &[
            ("a0", "EE"),
            BK,
            ("d0", "NW"),
            ("d2", "SW"),
            ("a2", "SE"),
            ("f5", "NW"),
        ],
        'W',
    ));
    play(&mut g, "f5R");
    assert!(matches!(g.last_hit(), Some(Hit::King(_))));
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::Black, leiserchess::game::KING_ZAPPED))
    );
}

#[test]
fn zapping_the_enemy_king_wins_and_ends_the_game() {
    // rules 4.2, 5.1, 5.3b: no move after the end, not even in perft.
    let mut g = game(&fen_of(&[("a0", "WW"), ("a7", "ss"), ("c3", "NW")], 'W'));
    play(&mut g, "a0R");
    assert_eq!(
        g.outcome(),
        Some(Outcome::win(Side::White, leiserchess::game::KING_ZAPPED))
    );
    assert!(legal(&g).is_empty());
    assert_eq!(g.parse_move("a7R"), Err(leiserchess::MoveError::GameOver));
    g.unmake();
    assert_eq!(g.outcome(), None);
    assert!(!legal(&g).is_empty());
}

#[test]
fn at_most_one_piece_is_zapped() {
    // rule 4.2: the beam ends at the first back it strikes.
    let mut g = game(&fen_of(
        &[("a0", "NN"), BK, ("a2", "NW"), ("a4", "NE"), ("h2", "NW")],
        'W',
    ));
    play(&mut g, "h2R");
    assert_eq!(piece_at(&g, "a2"), None);
    assert!(piece_at(&g, "a4").is_some());
}

// ---- rule 5: end of the game -----------------------------------------------

#[test]
fn repetition_is_a_draw_at_the_third_occurrence() {
    // rule 5.3: the start position counts as the first occurrence; the
    // second is no draw, the third is.
    let mut g = game(&fen_of(&[WK, BK, ("b1", "NW"), ("g6", "se")], 'W'));
    let cycle = ["b1R", "g6R", "b1L", "g6L"];
    for mv in cycle {
        play(&mut g, mv);
        assert_eq!(g.outcome(), None, "after {mv}");
    }
    // The second occurrence: not a draw by the rule, though a search that
    // walked into it from its root scores it as one (a heuristic).
    assert_eq!(g.search_outcome(0), None);
    assert_eq!(
        g.search_outcome(4).map(|o| o.reason),
        Some(EndReason::REPETITION)
    );
    for (i, mv) in cycle.into_iter().enumerate() {
        play(&mut g, mv);
        let expected = (i == 3).then(|| Outcome::draw(EndReason::REPETITION));
        assert_eq!(g.outcome(), expected, "after the second {mv}");
    }
    assert_eq!(g.search_outcome(0), g.outcome());
    // Draws do not remove moves (rule 8.3) ...
    assert!(!legal(&g).is_empty());
    // ... but a game that has ended takes no further move (rule 5.3b).
    assert!(g.parse_move("b1R").is_err());
}

#[test]
fn same_board_with_other_side_to_move_is_not_a_repetition() {
    // rule 5.3a: the side to move is part of the position.
    let mut g = game(&fen_of(&[WK, BK, ("b1", "NW"), ("g6", "se")], 'W'));
    play(&mut g, "b1U");
    play(&mut g, "g6R");
    play(&mut g, "b1U");
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
    ("a0", "WW"),
    ("h0", "ee"),
    ("b2", "NW"),
    ("c4", "NW"),
    ("d2", "NW"),
    ("e4", "NW"),
    ("b5", "nw"),
    ("c7", "nw"),
    ("e6", "nw"),
    ("g4", "nw"),
];

#[test]
fn two_hundred_plies_without_a_zap_draw() {
    // rule 5.2: 200 plies in a row without a zap, as MIT's referee counts.
    let mut g = game(&fen_of(FIFTY, 'W'));
    quiet_walk(&mut g, 199);
    assert_eq!(g.position().halfmove_clock(), 199);
    assert_eq!(g.outcome(), None);
    quiet_walk(&mut g, 1);
    assert_eq!(g.outcome(), Some(Outcome::draw(leiserchess::NO_ZAPS)));
}

#[test]
fn a_zap_restarts_the_no_zap_count() {
    // rule 5.2: any zap resets the count. A pawn on the a-file waits for
    // Tangerine's king (on a0, facing west) to turn north.
    let pieces = [FIFTY, &[("a4", "NW")]].concat();
    let mut g = game(&fen_of(&pieces, 'W'));
    quiet_walk(&mut g, 150);
    assert_eq!(g.position().halfmove_clock(), 150);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let zap = moves
        .into_iter()
        .find(|&m| matches!(g.hit_after(m), Hit::Pawn(_)))
        .expect("some move zaps a pawn");
    g.make(zap);
    assert_eq!(g.position().halfmove_clock(), 0);
    quiet_walk(&mut g, 199);
    assert_eq!(g.outcome(), None);
}

#[test]
fn king_zap_beats_a_simultaneous_draw() {
    // rule 5.3b: the 200th ply zaps a king: the zap decides.
    let mut g = game(&fen_of(FIFTY, 'W'));
    quiet_walk(&mut g, 199);
    // Lavender's king on h0 U-turns to fire west along rank 0 at a0.
    play(&mut g, "h0U");
    assert_eq!(g.position().halfmove_clock(), 200);
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

/// Tangerine pawn d3 (faces NW), Lavender pawn e3: Tangerine swaps and
/// steps to e4; Lavender could undo it with d3e4e3.
const KO: &[(&str, &str)] = &[("a0", "WW"), ("h7", "ee"), ("d3", "NW"), ("e3", "ne")];

#[test]
fn ko_forbids_undoing_the_opponents_swap() {
    // rule 6.1.
    let mut g = game(&fen_of(KO, 'W'));
    play(&mut g, "d3e3e4");
    let moves = legal(&g);
    assert!(!moves.contains(&"d3e4e3".to_string()), "undo is ko");
    // Other moves of the same piece, and the same swap with another ending,
    // stay legal.
    assert!(moves.contains(&"d3e4L".to_string()));
    assert!(moves.contains(&"d3e4f5".to_string()));
    assert!(moves.contains(&"d3d2".to_string()));
    assert!(matches!(
        g.parse_move("d3e4e3"),
        Err(leiserchess::MoveError::Illegal(_))
    ));
}

#[test]
fn no_ko_without_a_known_previous_position() {
    // rule 6.2: the same position set up from a FEN has no ko.
    let mut g = game(&fen_of(KO, 'W'));
    play(&mut g, "d3e3e4");
    let fresh = game(&g.fen());
    assert!(legal(&fresh).contains(&"d3e4e3".to_string()));
}

#[test]
fn ko_only_looks_one_move_back() {
    // rule 6.1: after another pair of moves the old position may return.
    let mut g = game(&fen_of(KO, 'W'));
    play(&mut g, "d3e3e4");
    play(&mut g, "h7R");
    play(&mut g, "a0R");
    play(&mut g, "h7L");
    play(&mut g, "a0L");
    assert!(legal(&g).contains(&"d3e4e3".to_string()));
}

// ---- rule 1.4 and 7.1 --------------------------------------------------------

#[test]
fn sentinels_stop_steps_off_the_board() {
    // rule 1.4: pieces in every corner generate no off-board shifts.
    let g = game(&fen_of(
        &[("a0", "NN"), ("h7", "ss"), ("h0", "NW"), ("a7", "NW")],
        'W',
    ));
    for m in legal(&g) {
        let mv = g.parse_move(&m).unwrap();
        assert!(mv.destination().is_some(), "{m}");
    }
}
