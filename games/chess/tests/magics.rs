//! The magic-bitboard slider tables against slow ray walking, for every
//! square and many occupancies; the leaper and line tables by definition.

use chess::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
    slow_slider_attacks,
};
use chess::{Bitboard, Color, Square};
use rand::{Rng, SeedableRng};

#[test]
fn sliders_match_ray_walking_for_every_square_and_many_occupancies() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for sq in Square::all() {
        for i in 0..4000 {
            // Mix sparse and dense boards: both stress different rays.
            let occ = match i % 3 {
                0 => rng.gen::<u64>() & rng.gen::<u64>(),
                1 => rng.gen::<u64>(),
                _ => rng.gen::<u64>() | rng.gen::<u64>(),
            };
            let occ = Bitboard(occ);
            assert_eq!(
                rook_attacks(sq, occ),
                slow_slider_attacks(sq, occ, false),
                "rook {sq}"
            );
            assert_eq!(
                bishop_attacks(sq, occ),
                slow_slider_attacks(sq, occ, true),
                "bishop {sq}"
            );
        }
        // The empty and the full board.
        for occ in [Bitboard::EMPTY, Bitboard::FULL] {
            assert_eq!(rook_attacks(sq, occ), slow_slider_attacks(sq, occ, false));
            assert_eq!(bishop_attacks(sq, occ), slow_slider_attacks(sq, occ, true));
        }
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square name")
}

fn set(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

#[test]
fn leaper_tables_match_definitions() {
    for s in Square::all() {
        let (f, r) = (s.file().index() as i32, s.rank().index() as i32);
        let mut knight = Bitboard::EMPTY;
        let mut king = Bitboard::EMPTY;
        for df in -2..=2i32 {
            for dr in -2..=2i32 {
                let (nf, nr) = (f + df, r + dr);
                if !(0..8).contains(&nf) || !(0..8).contains(&nr) {
                    continue;
                }
                let t = Square::new((nr * 8 + nf) as u8).expect("on board");
                if df.abs() * dr.abs() == 2 {
                    knight = knight.with(t);
                }
                if df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0) {
                    king = king.with(t);
                }
            }
        }
        assert_eq!(knight_attacks(s), knight, "knight {s}");
        assert_eq!(king_attacks(s), king, "king {s}");
    }
    assert_eq!(pawn_attacks(Color::White, sq("e4")), set(&["d5", "f5"]));
    assert_eq!(pawn_attacks(Color::Black, sq("e4")), set(&["d3", "f3"]));
    assert_eq!(pawn_attacks(Color::White, sq("a2")), set(&["b3"]));
    assert_eq!(pawn_attacks(Color::Black, sq("h7")), set(&["g6"]));
}

#[test]
fn between_and_line_tables() {
    assert_eq!(between(sq("a1"), sq("a4")), set(&["a2", "a3"]));
    assert_eq!(between(sq("c1"), sq("f4")), set(&["d2", "e3"]));
    assert_eq!(between(sq("h8"), sq("e8")), set(&["f8", "g8"]));
    assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
    assert_eq!(between(sq("e4"), sq("e5")), Bitboard::EMPTY);
    assert_eq!(line(sq("b2"), sq("d4")).count(), 8);
    assert!(line(sq("b2"), sq("d4")).contains(sq("h8")));
    assert!(line(sq("b2"), sq("d4")).contains(sq("a1")));
    assert_eq!(line(sq("c2"), sq("c7")), Bitboard::file(sq("c1").file()));
    assert_eq!(line(sq("a1"), sq("b3")), Bitboard::EMPTY);
}
