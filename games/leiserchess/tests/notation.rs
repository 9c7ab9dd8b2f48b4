//! FEN (rule 7.2) and move notation (rule 7.1). Game records (rule 7.4)
//! are written by the shared PGN writer and tested with it
//! (`workbench/tests/pgn_leiserchess.rs`).

use leiserchess::{FenError, Leiserchess, Move, MoveError, START_FEN};
use search::{GameMove, Rules};

#[test]
fn start_fen_round_trips() {
    // rule 7.2: the example starting position.
    let g = Leiserchess::startpos();
    assert_eq!(g.fen(), START_FEN);
    assert_eq!(Leiserchess::from_fen(START_FEN).unwrap().hash(), g.hash());
}

#[test]
fn fens_round_trip_through_random_play() {
    // rule 7.2: every reachable position writes and reads back the same.
    let mut g = Leiserchess::startpos();
    let mut moves = Vec::new();
    for i in 0..200 {
        let fen = g.fen();
        let back = Leiserchess::from_fen(&fen).unwrap();
        assert_eq!(back.fen(), fen);
        assert_eq!(back.hash(), g.hash());
        moves.clear();
        g.legal_moves(&mut moves);
        let mv = moves[(i * 7919) % moves.len()];
        g.make(mv);
        if g.outcome().is_some() {
            break;
        }
    }
}

#[test]
fn surrounding_white_space_is_ignored() {
    // rule 7.2.
    let padded = format!("  \t{START_FEN}\n ");
    assert_eq!(Leiserchess::from_fen(&padded).unwrap().fen(), START_FEN);
}

#[test]
fn every_fen_error() {
    // rule 7.2: each malformed input has its own typed error.
    let cases: &[(&str, FenError)] = &[
        ("", FenError::Empty),
        ("   ", FenError::Empty),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/7NN W",
            FenError::RankCount(7),
        ),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN/8 W",
            FenError::RankCount(9),
        ),
        (
            "ss6/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",
            FenError::RankWidth { rank: 7, width: 7 },
        ),
        (
            "ss7/3nwse4/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",
            FenError::RankWidth { rank: 6, width: 9 },
        ),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/8NN W",
            FenError::RankWidth { rank: 0, width: 9 },
        ),
        (
            "ss7/3Nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",
            FenError::UnknownPiece {
                rank: 6,
                code: "Nw".into(),
            },
        ),
        (
            "ss7/3xxse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",
            FenError::UnknownPiece {
                rank: 6,
                code: "xx".into(),
            },
        ),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7N W",
            FenError::UnknownPiece {
                rank: 0,
                code: "N".into(),
            },
        ),
        (
            "ss7/0nwse5/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",
            FenError::UnknownPiece {
                rank: 6,
                code: "0n".into(),
            },
        ),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN",
            FenError::MissingSide,
        ),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN w",
            FenError::BadSide("w".into()),
        ),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN X",
            FenError::BadSide("X".into()),
        ),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W 0 1",
            FenError::TrailingText("0".into()),
        ),
        (
            "8/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",
            FenError::KingCount {
                side: "Lavender",
                count: 0,
            },
        ),
        (
            "ss6ss/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",
            FenError::KingCount {
                side: "Lavender",
                count: 2,
            },
        ),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NW W",
            FenError::KingCount {
                side: "Tangerine",
                count: 0,
            },
        ),
        (
            "ssNN6/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",
            FenError::KingCount {
                side: "Tangerine",
                count: 2,
            },
        ),
        (
            "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7ñN W",
            FenError::UnknownPiece {
                rank: 0,
                code: "ñN".into(),
            },
        ),
    ];
    for (fen, expected) in cases {
        match Leiserchess::from_fen(fen) {
            Ok(_) => panic!("accepted {fen:?}"),
            Err(e) => assert_eq!(&e, expected, "{fen:?}"),
        }
    }
}

#[test]
fn any_number_of_pawns_fits() {
    // rule 7.2: "any number of pawns up to the free squares".
    let full = "ssNWNWNWNWNWNWNW/8/8/8/8/8/8/NNnwnwnwnwnwnwnw B";
    assert_eq!(Leiserchess::from_fen(full).unwrap().fen(), full);
}

#[test]
fn move_notation_round_trips_for_every_legal_move() {
    // rule 7.1: shifts e5e6, rotations b2L, swaps d4e3f4 and d4e3L.
    let g = Leiserchess::from_fen("7ss/8/2nesw4/2NWsenw3/3SEse3/2swNE4/8/NN7 W").unwrap();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut kinds = [0; 4];
    for mv in moves {
        let text = mv.to_string();
        assert_eq!(g.parse_move(&text), Ok(mv), "{text}");
        kinds[usize::from(mv.is_swap()) * 2 + usize::from(mv.is_rotation())] += 1;
        let expected_len = match (mv.is_swap(), mv.is_rotation()) {
            (false, true) => 3,
            (false, false) => 4,
            (true, true) => 5,
            (true, false) => 6,
        };
        assert_eq!(text.len(), expected_len, "{text}");
        assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
    }
    assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
}

#[test]
fn every_move_error() {
    let g = Leiserchess::startpos();
    let cases: &[(&str, MoveError)] = &[
        ("", MoveError::Empty),
        ("  ", MoveError::Empty),
        ("h0", MoveError::Syntax("h0".into())),
        ("h1h2h3h4", MoveError::Syntax("h1h2h3h4".into())),
        ("h0é", MoveError::Syntax("h0é".into())),
        ("i1R", MoveError::BadSquare("i1".into())),
        ("h9R", MoveError::BadSquare("h9".into())),
        ("h1X", MoveError::BadRotation('X')),
        ("h1r", MoveError::BadRotation('r')),
        ("h1z9", MoveError::BadSquare("z9".into())),
        (
            "h0h2",
            MoveError::NotAdjacent {
                from: "h0".parse_sq(),
                to: "h2".parse_sq(),
            },
        ),
        (
            "d4e3f6",
            MoveError::NotAdjacent {
                from: "e3".parse_sq(),
                to: "f6".parse_sq(),
            },
        ),
        ("d1e1", MoveError::Illegal("d1e1".into())),
        ("a7R", MoveError::Illegal("a7R".into())),
        ("g1h0L", MoveError::Illegal("g1h0L".into())),
    ];
    for (text, expected) in cases {
        assert_eq!(g.parse_move(text).as_ref(), Err(expected), "{text:?}");
    }
}

trait ParseSq {
    fn parse_sq(&self) -> leiserchess::Square;
}

impl ParseSq for str {
    fn parse_sq(&self) -> leiserchess::Square {
        leiserchess::Square::parse(self).unwrap()
    }
}

#[test]
fn moves_in_the_old_numbering_get_a_clear_error() {
    // rule 1.1: ranks 0 to 7. A record this project wrote before it took
    // MIT's numbering says `h1L` for the king's turn on h0, and may name
    // rank 8; such a move is refused with the reason and the remedy.
    let g = Leiserchess::startpos();
    let err = g.parse_move("h1L").unwrap_err();
    assert_eq!(
        err,
        MoveError::OldNumbering {
            text: "h1L".into(),
            renamed: Some("h0L".into())
        }
    );
    let message = err.to_string();
    assert!(message.contains("but 'h0L' is"), "{message}");
    assert!(message.contains("ranks are numbered 0 to 7"), "{message}");
    assert!(message.contains("autotester convert"), "{message}");
    // A square on rank 8 is the old numbering whatever the position.
    let err = g.parse_move("a8a7").unwrap_err();
    assert!(
        matches!(err, MoveError::OldNumbering { renamed: None, .. }),
        "{err:?}"
    );
    // A move illegal in both numberings is just illegal.
    assert_eq!(g.parse_move("a0a1"), Err(MoveError::Illegal("a0a1".into())));
    assert_eq!(g.parse_move("h0L").map(|m| m.to_string()), Ok("h0L".into()));
}

#[test]
fn squares_are_named_with_ranks_0_to_7() {
    // rule 1.1: a0 … h7, as MIT's 2018 kit names them; every name reads
    // back to its square, and rank 8 is no square.
    let names: Vec<String> = leiserchess::Square::all()
        .map(|sq| sq.to_string())
        .collect();
    assert_eq!((names[0].as_str(), names[7].as_str()), ("a0", "h0"));
    assert_eq!(names[63], "h7");
    for (i, name) in names.iter().enumerate() {
        assert_eq!(
            leiserchess::Square::parse(name).map(|sq| sq.index()),
            Some(i)
        );
    }
    for bad in ["a8", "h8", "i0", "a", "a00"] {
        assert_eq!(leiserchess::Square::parse(bad), None, "{bad}");
    }
    // rule 7.2: the start position has Tangerine's king on h0 and
    // Lavender's on a7; rule 7.1: its moves use the same names.
    let g = Leiserchess::startpos();
    for text in ["h0h1", "h0L", "g3R", "f2e3"] {
        assert_eq!(
            g.parse_move(text).map(|m| m.to_string()),
            Ok(text.to_string())
        );
    }
}
