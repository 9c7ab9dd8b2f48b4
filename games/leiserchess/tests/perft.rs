//! Perft (rule 8) from `tests/data/perft.txt`, cross-checked against the
//! simple implementation at shallow depths.

mod common;

use common::Simple;
use leiserchess::Leiserchess;
use search::Game;

struct Case {
    fen: String,
    moves: Vec<String>,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            Case {
                fen: parts[0].to_string(),
                moves: parts[1].split_whitespace().map(String::from).collect(),
                counts: parts[2]
                    .split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect(),
            }
        })
        .collect()
}

fn setup(case: &Case) -> (Leiserchess, Simple) {
    let mut game = Leiserchess::from_fen(&case.fen).unwrap();
    let mut simple = Simple::from_fen(&case.fen);
    for text in &case.moves {
        let mv = game.parse_move(text).unwrap();
        game.make(mv);
        let smove = simple
            .legal()
            .into_iter()
            .find(|m| m.to_string() == *text)
            .unwrap();
        simple.play(&smove);
    }
    (game, simple)
}

#[test]
fn perft_suite() {
    // rule 8.1–8.3; the start position must give 61, 3757, 239197.
    let mut checked = 0;
    for case in cases() {
        let (mut game, simple) = setup(&case);
        for (i, &expected) in case.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            // Depth 4 of the largest positions takes a while in debug builds.
            if expected > 20_000_000 && cfg!(debug_assertions) {
                continue;
            }
            let got = game.perft(depth);
            assert_eq!(
                got, expected,
                "perft {depth} of {} {:?}",
                case.fen, case.moves
            );
            // Unmake left the game as it was.
            assert_eq!(game.perft(1), case.counts[0]);
            if depth <= 2 || (depth == 3 && expected < 300_000) {
                assert_eq!(
                    simple.perft(depth),
                    expected,
                    "simple perft {depth} of {}",
                    case.fen
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20);
}

#[test]
fn divide_sums_to_perft() {
    let mut game = Leiserchess::startpos();
    let divide = game.perft_divide(3);
    assert_eq!(divide.len(), 61);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 239_197);
}
