//! Perft under the 2016 rules against `../shared/leiserchess-2016-perft.txt`
//! (50 positions; see its header): the P counts are perft as rules 8.1 and
//! 8.2 define it (no ko, a king zap is a leaf), the L counts the ko-aware
//! counts of rule 8.4. Every P count (depths 1–4) and the L counts at
//! depths 1–2 always, at depth 3 of a few positions; every L count at
//! depths 3–4 in release builds only.

mod common;
mod model_2016;

use std::fs;
use std::path::Path;

use leiserchess::Leiserchess2016;
use model_2016::Model;
use search::{Perft, Rules};

/// One data line: a position, the moves that lead to it (its history for
/// ko), and the counts at depths 1–4.
struct Case {
    fen: String,
    moves: Vec<String>,
    perft: Vec<u64>,
    legal: Vec<u64>,
}

/// The data file, as CI and every checkout have it: `../shared` beside
/// the workspace.
fn data() -> String {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/leiserchess-2016-perft.txt");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn counts(field: &str) -> Vec<u64> {
    field
        .split_whitespace()
        .map(|n| n.parse().expect("a count"))
        .collect()
}

fn cases() -> Vec<Case> {
    let cases: Vec<Case> = data()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 4, "{line}");
            Case {
                fen: parts[0].to_string(),
                moves: parts[1].split_whitespace().map(String::from).collect(),
                perft: counts(parts[2]),
                legal: counts(parts[3]),
            }
        })
        .collect();
    assert_eq!(cases.len(), 50, "the data file has 50 positions");
    cases
}

/// The game after the case's moves, each parsed as a legal move (ko
/// included) and played.
fn setup(case: &Case) -> Leiserchess2016 {
    let mut game = if case.fen == "startpos" {
        Leiserchess2016::startpos()
    } else {
        Leiserchess2016::from_fen(&case.fen).expect("a valid FEN")
    };
    for text in &case.moves {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text} after {:?}: {e}", case.fen));
        game.make(mv);
    }
    game
}

/// Which count a test checks: the game's and the data file's.
#[derive(Clone, Copy)]
enum Count {
    /// Rules 8.1 and 8.2.
    Perft,
    /// Rule 8.4.
    Legal,
    /// Rules 8.1 and 8.2 through the full make (`perft N make`).
    Make,
}

impl Count {
    fn of(self, game: &mut Leiserchess2016, depth: u32) -> u64 {
        match self {
            Count::Perft => game.perft(depth),
            Count::Legal => game.perft_legal(depth),
            Count::Make => game.perft_make(depth),
        }
    }

    fn expected(self, case: &Case, depth: u32) -> u64 {
        let counts = match self {
            Count::Perft | Count::Make => &case.perft,
            Count::Legal => &case.legal,
        };
        counts[depth as usize - 1]
    }
}

/// Checks `count` at `depths` on every case for which `chosen(index)`.
fn check(count: Count, depths: std::ops::RangeInclusive<u32>, chosen: impl Fn(usize) -> bool) {
    for (i, case) in cases().iter().enumerate().filter(|(i, _)| chosen(*i)) {
        let mut game = setup(case);
        for depth in depths.clone() {
            let (got, expected) = (count.of(&mut game, depth), count.expected(case, depth));
            assert_eq!(
                got, expected,
                "line {i}, depth {depth}: {} {:?}",
                case.fen, case.moves
            );
        }
    }
}

#[test]
fn perft_counts_depths_1_to_3() {
    // rules 8.1 and 8.2: every generated move counts, ko is not applied.
    check(Count::Perft, 1..=3, |_| true);
}

#[test]
fn perft_make_counts_depths_1_to_3() {
    // rules 8.1 and 8.2, every move of the upper plies made.
    check(Count::Make, 1..=3, |_| true);
}

#[test]
fn perft_counts_do_not_depend_on_the_history() {
    // rule 8.2: the same counts from the FEN alone.
    for case in cases() {
        let mut bare = Leiserchess2016::from_fen(&setup(&case).fen()).expect("FEN");
        assert_eq!(bare.perft(2), case.perft[1], "{}", bare.fen());
    }
}

#[test]
fn legal_counts_depths_1_and_2() {
    // rule 8.4: the moves rule 6.1 forbids are skipped at every ply, with
    // the history the case's moves give (rule 6.2).
    check(Count::Legal, 1..=2, |_| true);
}

#[test]
fn divide_sums_to_perft_and_the_simple_model_agrees() {
    // rule 8.1: the count below each generated move sums to the total; the
    // plain model of tests/model_2016 counts the same at depth 2.
    for case in cases() {
        let mut game = setup(&case);
        let divide: u64 = game.perft_divide(2).iter().map(|(_, n)| n).sum();
        assert_eq!(divide, case.perft[1], "divide 2 of {}", case.fen);
        assert_eq!(Model::from_fen(&game.fen()).perft(2), case.perft[1]);
    }
}

#[test]
fn the_rules_page_gives_the_same_reference_counts() {
    // rule 8.2's table, depths 1-3 (and 4 of the kings alone).
    let mut start = Leiserchess2016::startpos();
    let counts: Vec<u64> = (1..=3).map(|d| start.perft(d)).collect();
    assert_eq!(counts, [78, 6084, 473126]);
    let mut kings = Leiserchess2016::from_fen("ss7/8/8/8/8/8/8/7NN W").expect("FEN");
    let counts: Vec<u64> = (1..=4).map(|d| kings.perft(d)).collect();
    assert_eq!(counts, [7, 49, 406, 3364]);
    // rule 8.4 from the start.
    let counts: Vec<u64> = (1..=3).map(|d| start.perft_legal(d)).collect();
    assert_eq!(counts, [65, 4227, 281474]);
}

#[test]
fn perft_counts_depth_4() {
    // rules 8.1 and 8.2; every line (the last two plies are bulk-counted,
    // so this takes well under a second even with debug assertions on).
    check(Count::Perft, 4..=4, |_| true);
}

#[test]
fn legal_counts_depth_3_of_a_few() {
    // rule 8.4: the start position, a game with a 6.1b move in its history
    // and two hand-made positions.
    check(Count::Legal, 3..=3, |i| [0, 14, 42, 45].contains(&i));
}

/// Every ko-aware count at depths 3 and 4: seconds in release builds, far
/// longer with debug assertions (`cargo test --release -p leiserchess
/// --test perft_2016`).
#[test]
#[cfg_attr(debug_assertions, ignore)]
fn legal_counts_depths_3_and_4() {
    // rule 8.4.
    check(Count::Legal, 3..=4, |_| true);
}
