//! The 2016 rules (`docs/leiserchess-2016-rules.md`), one or more tests
//! per rule, each naming the rule it checks; the examples of the rules
//! page among them.

use leiserchess::v2016::START_FEN;
use leiserchess::{FenError, Leiserchess, Leiserchess2016, MoveError, Square, NO_ZAPS};
use search::{EndReason, Frontend, Perft, Rules, Side};

fn game(fen: &str) -> Leiserchess2016 {
    Leiserchess2016::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(g: &Leiserchess2016) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

fn generated(g: &Leiserchess2016) -> Vec<String> {
    let mut moves = Vec::new();
    g.perft_moves(&mut moves);
    moves.iter().map(|m| m.to_string()).collect()
}

/// Plays `moves` (each must be legal).
fn play(g: &mut Leiserchess2016, moves: &[&str]) {
    for text in moves {
        let mv = g
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} in {}: {e}", g.fen()));
        g.make(mv);
    }
}

/// The squares of the pawns the last move zapped, named as rule 1.1 does.
fn zapped(g: &Leiserchess2016) -> Vec<String> {
    let (_, undo) = g.last_played().expect("a move was played");
    leiserchess::square::BitIter(undo.zapped)
        .map(|sq| sq.to_string())
        .collect()
}

#[test]
fn rule_1_1_and_7_1_squares_have_ranks_0_to_7() {
    let g = Leiserchess2016::startpos();
    let moves = legal(&g);
    // The king in the corner h0: a shift, a rotation; the pawn on d0.
    for text in ["h0h1", "h0g0", "h0L", "d0c0", "e1R"] {
        assert!(moves.contains(&text.to_string()), "{text}");
    }
    assert!(moves.iter().all(|m| !m.contains('8')), "{moves:?}");
    assert_eq!(g.parse_move("h8h7"), Err(MoveError::BadSquare("h8".into())));
    // Input is read in either case; output writes capitals for rotations.
    assert_eq!(g.parse_move("H0l").map(|m| m.to_string()), Ok("h0L".into()));
    assert_eq!(g.parse_move("E1r").map(|m| m.to_string()), Ok("e1R".into()));
    let far = g.parse_move("a0c0").unwrap_err();
    assert_eq!(far.to_string(), "a0 and c0 are not adjacent");
    assert!(matches!(
        g.parse_move("h0h1h2"),
        Err(MoveError::Syntax2016(_))
    ));
    assert_eq!(Square::parse("a0"), Square::new(0, 0));
}

#[test]
fn rule_1_4_the_start_position() {
    let g = Leiserchess2016::startpos();
    assert_eq!(g.fen(), START_FEN);
    assert_eq!(g.side_to_move(), Side::White);
    let board = g.position().board();
    let at = |name: &str| {
        let sq = Square::parse(name).expect("square");
        board.piece_on(sq).fen_code().unwrap_or_default()
    };
    assert_eq!((at("a7"), at("h0")), ("ss".into(), "NN".into()));
    for sq in ["e7", "d6", "c5", "e5", "b4", "a3", "c3"] {
        assert_eq!(at(sq), "nw", "{sq}");
    }
    for sq in ["f4", "h4", "g3", "d2", "f2", "e1", "d0"] {
        assert_eq!(at(sq), "SE", "{sq}");
    }
    assert_eq!(Leiserchess2016::NAME, "leiserchess2016");
}

#[test]
fn rule_3_1_a_swap_with_an_own_piece_is_the_whole_move() {
    // The king on h0 trades places with its own pawn on g1; each keeps
    // its orientation, nothing follows, and the king fires from g1.
    let mut g = game("ss7/8/8/8/8/8/6NW1/7NN W");
    play(&mut g, &["h0g1"]);
    assert_eq!(g.fen(), "ss7/8/8/8/8/8/6NN1/7NW B");
    // Two pawns of one side trade places too (rule 6.1a aside: here they
    // differ).
    let mut g = game("ss7/8/8/8/8/8/2NWNE4/7NN W");
    play(&mut g, &["c1d1"]);
    assert_eq!(g.fen(), "ss7/8/8/8/8/8/2NENW4/7NN B");
}

#[test]
fn rule_3_1_kings_swap_with_each_other() {
    let mut g = game("8/2nw5/8/4ss3/3NN4/5SE2/8/8 W");
    play(&mut g, &["d3e4"]);
    assert_eq!(g.fen(), "8/2nw5/8/4NN3/3ss4/5SE2/8/8 B");
}

#[test]
fn rule_3_1_a_pawn_has_up_to_11_moves_and_a_king_12() {
    // rule 8.2: 78 in the start position.
    let g = Leiserchess2016::startpos();
    assert_eq!(generated(&g).len(), 78);
    let king = generated(&g).iter().filter(|m| m.starts_with("h0")).count();
    assert_eq!(king, 3 + 3 + 1);
    let lone = game("ss7/8/8/8/3NW4/8/8/7NN W");
    let pawn = generated(&lone)
        .iter()
        .filter(|m| m.starts_with("d3"))
        .count();
    assert_eq!(pawn, 11);
}

#[test]
fn rule_3_2_the_null_move_is_legal_only_when_it_zaps() {
    // Start: the beam goes up the h-file, turns east at h4, leaves.
    let g = Leiserchess2016::startpos();
    assert!(generated(&g).contains(&"h0h0".to_string()));
    assert_eq!(g.parse_move("h0h0"), Err(MoveError::Illegal("h0h0".into())));
    // Rule 4.3's example: the null move zaps and is legal.
    let g = game("8/5ss2/8/8/8/8/8/EENE1se1nw2 W");
    assert!(legal(&g).contains(&"a0a0".to_string()));
    // Only a king passes.
    assert!(g.parse_move("b0b0").is_err());
}

#[test]
fn rule_3_4_pawns_on_the_enemy_beam_are_pinned() {
    // The page's example: Lavender's beam turns at d7 and stops on d4.
    let g = game("ee2SW4/6nw1/8/3SE4/4NE3/8/8/7NN W");
    let moves = generated(&g);
    assert_eq!(moves.len(), 18);
    assert!(moves
        .iter()
        .all(|m| !m.starts_with("d7") && !m.starts_with("d4")));
    assert_eq!(moves.iter().filter(|m| m.starts_with("h0")).count(), 7);
    // Rules 3.2 and 6.1a: the null move zaps nothing here, so one of the
    // 18 is not legal.
    assert_eq!(legal(&g).len(), 17);
    assert!(!legal(&g).contains(&"h0h0".to_string()));
    // A pinned pawn is still swapped by another own piece.
    let mut after = g.clone();
    play(&mut after, &["e3d4"]);
    assert_eq!(after.fen(), "ee2SW4/6nw1/8/3NE4/4SE3/8/8/7NN B");
}

#[test]
fn rule_3_4_kings_are_never_pinned() {
    // Lavender's beam runs down to Tangerine's king: the king still moves.
    let g = game("ss7/8/5se2/8/8/NN7/2NW5/8 W");
    let moves = generated(&g);
    assert!(moves.iter().any(|m| m.starts_with("a2")));
    assert_eq!(moves.len(), 20);
}

#[test]
fn rule_4_3_the_king_fires_again_after_each_pawn_zap() {
    // The page's example: b0 (own), then d0, then Lavender's king on f6.
    let mut g = game("8/5ss2/8/8/8/8/8/EENE1se1nw2 W");
    play(&mut g, &["a0a0"]);
    assert_eq!(zapped(&g), ["b0", "d0"]);
    let outcome = g.outcome().expect("a king is zapped");
    // rule 5.1: its owner loses.
    assert_eq!(outcome.winner, Some(Side::White));
    assert_eq!(outcome.reason, leiserchess::game::KING_ZAPPED);
    assert_eq!(g.fen(), "8/5ss2/8/8/8/8/8/EE4nw2 B");
}

#[test]
fn rule_4_4_a_beam_can_come_back_to_its_own_king() {
    // The page's example: e3 is zapped, the next beam comes home to d0.
    let mut g = game("7ss/8/8/8/3SEne1SW1/8/8/3NN2NW1 W");
    play(&mut g, &["d0d0"]);
    assert_eq!(zapped(&g), ["e3"]);
    // rule 5.1: suicide loses.
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(Side::Black));
}

#[test]
fn rule_5_1_a_zapped_king_ends_the_game() {
    let mut g = game("ss7/8/8/8/8/8/8/NN7 W");
    play(&mut g, &["a0a1"]);
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(Side::White));
    assert!(legal(&g).is_empty());
    assert_eq!(g.parse_move("a7a6"), Err(MoveError::GameOver));
}

#[test]
fn rule_5_2_the_third_occurrence_draws() {
    // Both kings turn right and back: the start position comes back after
    // four plies and again after eight.
    let mut g = game("ss7/8/8/8/8/8/8/7NN W");
    play(&mut g, &["h0R", "a7R", "h0L", "a7L"]);
    assert_eq!(g.outcome(), None, "second occurrence");
    play(&mut g, &["h0R", "a7R", "h0L"]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &["a7L"]);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::REPETITION));
}

#[test]
fn rule_5_3_200_plies_without_a_zap_draw() {
    // The kings wander, never to a position seen before and zapping
    // nothing: drawn at ply 200 and not before.
    let mut g = game("ss7/8/8/8/8/8/8/7NN W");
    let mut seen = std::collections::HashSet::from([g.hash()]);
    for ply in 1..=200 {
        assert_eq!(g.outcome(), None, "ply {ply}");
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let fresh = moves.into_iter().find(|&mv| {
            let mut next = g.clone();
            next.make(mv);
            next.position().zapped_king().is_none() && !seen.contains(&next.hash())
        });
        g.make(fresh.expect("a new position"));
        seen.insert(g.hash());
        assert_eq!(u32::from(g.position().halfmove_clock()), ply);
    }
    assert_eq!(g.outcome().map(|o| o.reason), Some(NO_ZAPS));
    // A zap starts the count again; a FEN starts it at 0.
    let mut g = game("8/5ss2/8/8/8/8/8/EENE6 B");
    play(&mut g, &["f6f5"]);
    assert_eq!(g.position().halfmove_clock(), 1);
    play(&mut g, &["a0a0"]);
    assert_eq!(zapped(&g), ["b0"]);
    assert_eq!(g.position().halfmove_clock(), 0);
}

#[test]
fn rule_6_1a_a_move_that_changes_nothing_is_illegal() {
    // rule 8.4: 13 of the 78 start moves change nothing: the null move
    // and the swaps of neighbouring Tangerine pawns, which all face SE.
    let g = Leiserchess2016::startpos();
    let legal = legal(&g);
    let mut missing: Vec<String> = generated(&g)
        .into_iter()
        .filter(|m| !legal.contains(m))
        .collect();
    missing.sort();
    let mut expected = [
        "h0h0", "f4g3", "g3f4", "g3h4", "h4g3", "g3f2", "f2g3", "f2e1", "e1f2", "e1d2", "d2e1",
        "e1d0", "d0e1",
    ];
    expected.sort();
    assert_eq!(missing, expected);
    // The same swap is legal when the shot zaps (it does already).
    let g = game("8/5ss2/8/8/8/8/NWNW6/EENE1se1nw2 W");
    assert!(legal_contains(&g, "a1b1"));
    let g = game("ss7/8/8/8/8/8/2NWNW4/7NN W");
    assert!(!legal_contains(&g, "c1d1"));
    assert!(generated(&g).contains(&"c1d1".to_string()));
}

fn legal_contains(g: &Leiserchess2016, text: &str) -> bool {
    legal(g).contains(&text.to_string())
}

#[test]
fn rule_6_1b_no_undoing_the_opponents_move() {
    // Tangerine's f4 swaps with Lavender's e5; Lavender may not swap back.
    let mut g = Leiserchess2016::startpos();
    play(&mut g, &["f4e5"]);
    assert!(!legal_contains(&g, "f4e5"));
    assert!(legal_contains(&g, "f4g5"));
    // rule 6.2: from a FEN the move before is unknown, so only 6.1a holds.
    let fresh = game(&g.fen());
    assert!(legal_contains(&fresh, "f4e5"));
}

#[test]
fn rule_7_2_fens_name_ranks_0_to_7_and_read_lower_case_sides() {
    let g = game(&START_FEN.replace(" W", " w"));
    assert_eq!(g.fen(), START_FEN);
    assert_eq!(game("ss7/8/8/8/8/8/8/7NN b").side_to_move(), Side::Black);
    // The bottom rank is rank 0 in messages, under both rule sets.
    let wide = "ss7/8/8/8/8/8/8/7NN1 W";
    let err = Leiserchess2016::from_fen(wide).unwrap_err();
    assert_eq!(err, FenError::RankWidth { rank: 0, width: 9 });
    assert_eq!(Leiserchess::from_fen(wide).unwrap_err(), err);
    assert!(Leiserchess::from_fen("ss7/8/8/8/8/8/8/7NN w").is_err());
    // Nothing may follow the side.
    assert_eq!(
        Leiserchess2016::from_fen("ss7/8/8/8/8/8/8/7NN W h0h1").unwrap_err(),
        FenError::TrailingText("h0h1".into())
    );
}

#[test]
fn rule_9_the_board_display_counts_ranks_from_0() {
    let shown = Leiserchess2016::startpos().display();
    assert!(shown.starts_with("7  ss"), "{shown}");
    assert!(shown.contains("\n0  .."), "{shown}");
}

/// Rule 4.3, as a viewer draws it: `volley`'s beams enter exactly the
/// squares of the search's shot, zap the pawns and king `make` zaps, and
/// leave the board `make` leaves.
#[test]
fn rule_4_3_the_volley_agrees_with_the_shot_and_make() {
    use leiserchess::laser::Hit;
    use leiserchess::v2016::make::volley;
    use leiserchess::Piece;
    let fens = [
        leiserchess::v2016::START_FEN,
        "8/5ss2/8/8/8/8/8/EENE1se1nw2 W",
        "7ss/8/8/8/3SEne1SW1/8/8/3NN2NW1 W",
        "7ss/8/8/8/2SE2SW2/8/8/EE1NW2NW2 W",
        "ee2SW4/6nw1/8/3SE4/4NE3/8/8/7NN W",
        "ss3nw3/3nw4/2nw1NW3/1nw1sw1SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN B",
    ];
    for fen in fens {
        let game = Leiserchess2016::from_fen(fen).expect("a 2016 FEN");
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        for mv in moves {
            let volley = volley(game.position(), mv);
            let shot = game.shot_after(mv);
            let entered = volley
                .beams
                .iter()
                .flat_map(|b| &b.path)
                .fold(0, |acc, sq| acc | sq.bit());
            assert_eq!(entered, shot.squares, "{fen} {mv}");
            let mut after = game.clone();
            after.make(mv);
            let mut board = volley.board.clone();
            for beam in &volley.beams {
                if let Hit::Pawn(cell) = beam.hit {
                    board.set(cell, Piece::EMPTY);
                }
            }
            assert_eq!(&board, after.position().board(), "{fen} {mv}");
            let king_zapped = matches!(volley.beams.last().map(|b| b.hit), Some(Hit::King(_)));
            assert_eq!(king_zapped, shot.king.is_some(), "{fen} {mv}");
        }
    }
}
