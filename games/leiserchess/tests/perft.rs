//! Perft (rule 8) from `tests/data/perft.txt`: MIT's count (`perft`, ko
//! not applied), also counted through the full make (`perft N make`), and
//! the legal count (`perft N legal`, ko applied), each cross-checked
//! against the simple implementation at shallow depths.

mod common;

use common::Simple;
use leiserchess::Leiserchess;
use search::{Perft, Rules, Side};

struct Case {
    fen: String,
    moves: Vec<String>,
    /// MIT's count (rule 8.3: ko not applied), depth 1 first.
    counts: Vec<u64>,
    /// The legal count (ko applied), depth 1 first.
    legal: Vec<u64>,
}

fn numbers(text: &str) -> Vec<u64> {
    text.split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect()
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
                counts: numbers(parts[2]),
                legal: numbers(parts[3]),
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

/// Whether a count of `expected` is checked at `depth` by the simple
/// implementation (slow), and by the fast one in this build.
fn affordable(expected: u64, depth: u32) -> (bool, bool) {
    let simple = depth <= 2 || (depth == 3 && expected < 300_000);
    // Depth 4 of the largest positions takes a while in debug builds.
    let fast = expected <= 20_000_000 || !cfg!(debug_assertions);
    (simple, fast)
}

#[test]
fn perft_suite_counts_as_mit_does() {
    // rule 8.3: ko not applied; from the start 61, 3757, 239205, 15537748.
    let mut checked = 0;
    for case in cases() {
        let (mut game, simple) = setup(&case);
        for (i, &expected) in case.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            let (slow, fast) = affordable(expected, depth);
            if fast {
                let got = game.perft(depth);
                assert_eq!(
                    got, expected,
                    "perft {depth} of {} {:?}",
                    case.fen, case.moves
                );
                // Unmake left the game as it was.
                assert_eq!(game.perft(1), case.counts[0]);
                checked += 1;
            }
            if slow {
                let got = simple.perft_generated(depth);
                assert_eq!(got, expected, "simple perft {depth} of {}", case.fen);
            }
        }
    }
    assert!(checked >= 20);
}

#[test]
fn perft_suite_legal_counts_apply_ko() {
    // rule 8.3: the ko-aware count stays available (`perft N legal`); from
    // the start 61, 3757, 239197, 15535830.
    let mut checked = 0;
    for case in cases() {
        let (mut game, simple) = setup(&case);
        for (i, &expected) in case.legal.iter().enumerate() {
            let depth = i as u32 + 1;
            let (slow, _) = affordable(expected, depth);
            // The legal count makes every move: depth 3 is enough here.
            if depth <= 3 {
                let got = game.perft_legal(depth);
                assert_eq!(
                    got, expected,
                    "perft {depth} legal of {} {:?}",
                    case.fen, case.moves
                );
                checked += 1;
            }
            if slow {
                assert_eq!(
                    simple.perft(depth),
                    expected,
                    "simple legal perft {depth} of {}",
                    case.fen
                );
            }
        }
    }
    assert!(checked >= 20);
}

#[test]
fn perft_make_counts_what_perft_counts() {
    // rule 8.3 through the full make: the same leaves as MIT's count.
    let mut checked = 0;
    for case in cases() {
        let (mut game, _) = setup(&case);
        for (i, &expected) in case.counts.iter().enumerate().take(3) {
            let depth = i as u32 + 1;
            let got = game.perft_make(depth);
            assert_eq!(
                got, expected,
                "perft {depth} make of {} {:?}",
                case.fen, case.moves
            );
            checked += 1;
        }
    }
    assert!(checked >= 20);
    // Depth 4 from the start: 239,205 moves made, 15,537,748 counted.
    assert_eq!(Leiserchess::startpos().perft_make(4), 15_537_748);
}

#[test]
fn divide_sums_to_perft() {
    let mut game = Leiserchess::startpos();
    let divide = game.perft_divide(3);
    assert_eq!(divide.len(), 61);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 239_205);
}

/// The two kings alone (rule 8.2's example): Tangerine's king on a0 fires
/// north into Lavender's king on a7 after any move that leaves it facing
/// north, so king zaps end sequences at every depth.
const TWO_KINGS: &str = "ss7/8/8/8/8/8/8/NN7 W";

/// `go perft`'s way of counting: make each root move and count `depth - 1`
/// below it with the library perft (as search::uci's perft_divide does).
fn divide_by_trait(game: &mut Leiserchess, depth: u32) -> u64 {
    let mut moves = Vec::new();
    game.perft_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        game.make(mv);
        total += Perft::perft(game, depth - 1);
        game.unmake();
    }
    total
}

/// A stoppable front end's way: walk the top `walk` plies move by move,
/// handing over to the library perft below them or as soon as the game has
/// ended (`outcome()` is some).
fn walk_then_perft(game: &mut Leiserchess, depth: u32, walk: u32) -> u64 {
    if depth == 0 || walk == 0 || game.outcome().is_some() {
        return Perft::perft(game, depth);
    }
    let mut moves = Vec::new();
    game.perft_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        game.make(mv);
        total += walk_then_perft(game, depth - 1, walk - 1);
        game.unmake();
    }
    total
}

#[test]
fn two_kings_counts_match_rule_8_2() {
    // rule 8.2: 6, 31 and 174 at depths 1-3.
    let mut game = Leiserchess::from_fen(TWO_KINGS).unwrap();
    let counts: Vec<u64> = (1..=3).map(|d| game.perft(d)).collect();
    assert_eq!(counts, [6, 31, 174]);
}

#[test]
fn every_way_of_counting_agrees_on_two_kings() {
    // rule 8.2: every command that counts gives the same number; a king
    // zap is one leaf at its own depth and at every greater depth.
    let mut game = Leiserchess::from_fen(TWO_KINGS).unwrap();
    for depth in 1..=4 {
        let perft = game.perft(depth);
        assert_eq!(divide_by_trait(&mut game, depth), perft, "go perft {depth}");
        assert_eq!(game.perft_make(depth), perft, "perft {depth} make");
        let divide: u64 = game.perft_divide(depth).iter().map(|(_, n)| n).sum();
        assert_eq!(divide, perft, "perft_divide {depth}");
        for walk in 1..depth {
            assert_eq!(
                walk_then_perft(&mut game, depth, walk),
                perft,
                "perft {depth} walking {walk} plies"
            );
        }
        // The simple model counts the same (rule 8.2 as written there).
        if depth <= 3 {
            assert_eq!(Simple::from_fen(TWO_KINGS).perft(depth), perft);
        }
    }
}

#[test]
fn perft_of_a_game_ended_by_a_king_zap_is_one_at_every_depth() {
    // rule 8.2: the sequence that zapped the king is one leaf at every
    // depth, so counting from the position it reached gives 1.
    let mut game = Leiserchess::from_fen(TWO_KINGS).unwrap();
    // Up the a-file, still facing north: the beam meets Lavender's king.
    let mv = game.parse_move("a0a1").unwrap();
    game.make(mv);
    let outcome = game.outcome().expect("the king zap ended the game");
    assert_eq!(outcome.reason, leiserchess::game::KING_ZAPPED);
    assert_eq!(outcome.winner, Some(Side::White));
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty(), "no move after a king zap (rule 5.3b)");
    for depth in 0..=4 {
        assert_eq!(game.perft(depth), 1, "Leiserchess::perft({depth})");
        assert_eq!(Perft::perft(&mut game, depth), 1, "Perft::perft({depth})");
        assert_eq!(game.perft_make(depth), 1, "perft_make({depth})");
    }
    assert!(game.perft_divide(3).is_empty());
}

#[test]
fn divide_sums_to_perft_over_the_suite() {
    // rule 8.2 without ko (8.3): `go perft` and `perft` agree on every case.
    for case in cases() {
        let (mut game, _) = setup(&case);
        for (i, &expected) in case.counts.iter().enumerate().take(3) {
            let depth = i as u32 + 1;
            if expected > 2_000_000 {
                continue;
            }
            assert_eq!(
                divide_by_trait(&mut game, depth),
                expected,
                "go perft {depth} of {} {:?}",
                case.fen,
                case.moves
            );
        }
    }
}
