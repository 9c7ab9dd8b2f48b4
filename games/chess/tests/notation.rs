//! UCI and SAN notation: specific cases and round trips on random games.

use chess::{Chess, MoveParseError, Position};
use rand::seq::SliceRandom;
use rand::SeedableRng;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("test FEN")
}

fn san_of(fen: &str, uci: &str) -> String {
    let p = pos(fen);
    p.san(p.parse_uci(uci).expect("legal"))
}

#[test]
fn san_out_cases() {
    let start = chess::STARTING_FEN;
    assert_eq!(san_of(start, "e2e4"), "e4");
    assert_eq!(san_of(start, "g1f3"), "Nf3");
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(kiwi, "e1g1"), "O-O");
    assert_eq!(san_of(kiwi, "e1c1"), "O-O-O");
    assert_eq!(san_of(kiwi, "d5e6"), "dxe6");
    assert_eq!(san_of(kiwi, "f3f6"), "Qxf6");
    assert_eq!(san_of(kiwi, "e5f7"), "Nxf7");
    // Disambiguation by file, by rank, and by both.
    assert_eq!(san_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
    assert_eq!(san_of("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2"), "R1a2");
    assert_eq!(san_of("4k3/8/8/8/7Q/8/8/6KQ w - - 0 1", "h4h2"), "Q4h2");
    assert_eq!(san_of("2k5/8/K7/8/4Q2Q/8/8/7Q w - - 0 1", "h4e1"), "Qh4e1");
    // Promotion, capture-promotion with check, en passant, mate.
    assert_eq!(san_of("8/1P6/8/8/8/8/8/k1K5 w - - 0 1", "b7b8q"), "b8=Q");
    assert_eq!(
        san_of("2r1k3/1P6/8/8/8/8/8/7K w - - 0 1", "b7c8q"),
        "bxc8=Q+"
    );
    assert_eq!(san_of("2r1k3/1P6/8/8/8/8/8/7K w - - 0 1", "b7b8n"), "b8=N");
    assert_eq!(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    assert_eq!(
        san_of(
            "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
            "d1h5"
        ),
        "Qh5#"
    );
}

#[test]
fn san_in_cases_and_tolerance() {
    let kiwi = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for (text, uci) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O-O", "e1c1"),
        ("dxe6", "d5e6"),
        ("Qxf6", "f3f6"),
        ("Qf6", "f3f6"),
        ("Nxf7!?", "e5f7"),
        ("Nf7", "e5f7"),
        ("gxh3", "g2h3"),
        ("a3", "a2a3"),
        ("a4", "a2a4"),
    ] {
        assert_eq!(
            kiwi.parse_san(text).map(|m| m.to_string()),
            Ok(uci.to_string()),
            "{text}"
        );
    }
    let promo = pos("2r1k3/1P6/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(promo.parse_san("bxc8=Q+").unwrap().to_string(), "b7c8q");
    assert_eq!(promo.parse_san("bxc8Q").unwrap().to_string(), "b7c8q");
    assert_eq!(promo.parse_san("b8=R").unwrap().to_string(), "b7b8r");
    // Errors: ambiguous, illegal, malformed.
    let two_knights = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert!(matches!(
        two_knights.parse_san("Nd2"),
        Err(MoveParseError::Ambiguous(_))
    ));
    assert!(matches!(
        kiwi.parse_san("Qh8"),
        Err(MoveParseError::Illegal(_))
    ));
    assert!(matches!(
        promo.parse_san("b8"),
        Err(MoveParseError::Illegal(_))
    ));
    for junk in ["", "Z", "Nz9", "e", "Qxx", "O-O-O-O", "é4", "Ke1e2e3"] {
        assert!(kiwi.parse_san(junk).is_err(), "{junk:?} parsed");
    }
}

#[test]
fn uci_in_errors() {
    let start = Position::startpos();
    assert_eq!(start.parse_uci("e2e4").unwrap().to_string(), "e2e4");
    for malformed in [
        "", "e2", "e2e", "e2e4qq", "i2e4", "e0e4", "e2e4k", "e2e4Q", "ё2e4",
    ] {
        assert!(
            matches!(
                start.parse_uci(malformed),
                Err(MoveParseError::MalformedUci(_))
            ),
            "{malformed:?}"
        );
    }
    for illegal in ["e2e5", "e1e2", "a1a1", "e7e5", "e2e4q"] {
        assert!(
            matches!(start.parse_uci(illegal), Err(MoveParseError::Illegal(_))),
            "{illegal:?}"
        );
    }
    // A promotion needs its piece.
    let promo = pos("8/1P6/8/8/8/8/8/k1K5 w - - 0 1");
    assert!(matches!(
        promo.parse_uci("b7b8"),
        Err(MoveParseError::Illegal(_))
    ));
}

/// Castling reads in both forms engines write, king to its square
/// (`e8c8`) and king takes rook (`e8a8`, Chess960's form), and is written
/// in the standard form: the case the parser property tests found.
#[test]
fn uci_castling_reads_in_both_forms() {
    let p = pos("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
    for (text, written) in [
        ("e8c8", "e8c8"),
        ("e8a8", "e8c8"),
        ("e8g8", "e8g8"),
        ("e8h8", "e8g8"),
    ] {
        let mv = p.parse_uci(text).expect(text);
        assert_eq!(mv.to_string(), written, "{text}");
        assert_eq!(mv.uci(true), text.replace("c8", "a8").replace("g8", "h8"));
    }
}

#[test]
fn san_and_uci_round_trip_on_random_games() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(99);
    let mut checked = 0;
    for _ in 0..100 {
        let mut game = Chess::default();
        for _ in 0..150 {
            let p = *game.position();
            let moves = game.legal_moves();
            for &m in &moves {
                let san = p.san(m);
                assert_eq!(p.parse_san(&san), Ok(m), "{san} in {}", p.fen());
                assert_eq!(p.parse_uci(&m.to_string()), Ok(m));
                checked += 1;
            }
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            game.play_unchecked(m);
        }
    }
    assert!(checked > 100_000, "only {checked} moves");
}
