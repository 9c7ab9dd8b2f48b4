//! FEN parsing and printing: round trips and every error case.

use chess::{FenError, Position};

#[test]
fn round_trips() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        // A legal en passant capture keeps its square.
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
        "7k/8/8/8/8/8/8/K7 b - - 99 200",
        "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen);
        assert_eq!(Position::from_fen(&pos.fen()), Ok(pos));
    }
}

#[test]
fn en_passant_square_without_a_legal_capture_is_dropped() {
    // After 1.e4 the FEN standard writes e3, but no capture is possible:
    // the position equals (and hashes like) the one without it.
    let with =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    let without =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(with, without);
    assert_eq!(with.fen(), without.fen());
    // The capture would expose the king along the rank: not legal either.
    let pinned = Position::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").unwrap();
    assert_eq!(pinned.ep_square(), None);
}

#[test]
fn missing_clocks_default_to_zero_and_one() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (0, 1));
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // Surrounding and repeated white space is tolerated.
    assert!(Position::from_fen("  4k3/8/8/8/8/8/8/4K3   w - - 0 1 \n").is_ok());
}

#[test]
fn every_error_case() {
    let k = "4k3/8/8/8/8/8/8/4K3";
    let cases: Vec<(String, FenError)> = vec![
        ("".into(), FenError::Empty),
        ("   ".into(), FenError::Empty),
        (format!("{k} w -"), FenError::FieldCount(3)),
        (format!("{k} w - - 0"), FenError::FieldCount(5)),
        (format!("{k} w - - 0 1 extra"), FenError::FieldCount(7)),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1".into(), FenError::RankCount(7)),
        (
            "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            FenError::RankCount(9),
        ),
        (
            "4k3/8/8/8/8/8/8/4K2 w - - 0 1".into(),
            FenError::RankWidth {
                rank: '1',
                squares: 7,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K4 w - - 0 1".into(),
            FenError::RankWidth {
                rank: '1',
                squares: 9,
            },
        ),
        (
            "4k3/9/8/8/8/8/8/4K3 w - - 0 1".into(),
            FenError::BadBoardChar('9'),
        ),
        (
            "4k3/8/8/8/8/8/8/4X3 w - - 0 1".into(),
            FenError::BadBoardChar('X'),
        ),
        (
            "4k3/0/8/8/8/8/8/4K3 w - - 0 1".into(),
            FenError::BadBoardChar('0'),
        ),
        (format!("{k} x - - 0 1"), FenError::BadSide("x".into())),
        (format!("{k} W - - 0 1"), FenError::BadSide("W".into())),
        (
            format!("{k} w KX - 0 1"),
            FenError::BadCastling("KX".into()),
        ),
        (
            format!("{k} w KK - 0 1"),
            FenError::BadCastling("KK".into()),
        ),
        (
            format!("{k} w K - 0 1"),
            FenError::CastlingWithoutPieces('K'),
        ),
        (
            "r3k3/8/8/8/8/8/8/4K3 w k - 0 1".into(),
            FenError::CastlingWithoutPieces('k'),
        ),
        (
            format!("{k} w - e9 0 1"),
            FenError::BadEnPassant("e9".into()),
        ),
        (
            format!("{k} w - e3 0 1"),
            FenError::BadEnPassant("e3".into()),
        ),
        (
            format!("{k} w - e6 0 1"),
            FenError::ImpossibleEnPassant("e6".into()),
        ),
        (
            format!("{k} w - - x 1"),
            FenError::BadHalfmoveClock("x".into()),
        ),
        (
            format!("{k} w - - -1 1"),
            FenError::BadHalfmoveClock("-1".into()),
        ),
        (
            format!("{k} w - - 0 0"),
            FenError::BadFullmoveNumber("0".into()),
        ),
        (
            format!("{k} w - - 0 y"),
            FenError::BadFullmoveNumber("y".into()),
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            FenError::KingCount {
                color: "black",
                count: 0,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1".into(),
            FenError::KingCount {
                color: "white",
                count: 2,
            },
        ),
        (
            "4k3/8/8/8/8/N7/PPPPPPPP/NNNNKNNN w - - 0 1".into(),
            FenError::TooManyPieces("white"),
        ),
        (
            "4k2P/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            FenError::PawnOnBackRank("h8".parse_sq()),
        ),
        (
            "4k3/8/8/8/8/8/4R3/3K4 w - - 0 1".into(),
            FenError::OpponentInCheck,
        ),
        (
            "7k/4r3/8/8/7b/3n4/8/4K3 w - - 0 1".into(),
            FenError::TooManyCheckers(3),
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(Position::from_fen(&fen), Err(expected.clone()), "{fen:?}");
        // Every error has a message a user can read.
        assert!(!expected.to_string().is_empty());
    }
}

trait ParseSq {
    fn parse_sq(self) -> chess::Square;
}

impl ParseSq for &str {
    fn parse_sq(self) -> chess::Square {
        chess::Square::parse(self).expect("square")
    }
}
