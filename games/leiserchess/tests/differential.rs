//! The crate against the simple implementation in `common`, on positions
//! from seeded random games: legal move lists (rule 3 + ko, rule 6),
//! laser results (rule 4), boards after each move, game ends (rule 5),
//! hashes and unmake.

mod common;

use common::{Simple, SimpleHit};
use leiserchess::{Cell, Hit, Leiserchess};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::{Rules, Side};

const STARTS: &[&str] = &[
    leiserchess::START_FEN,
    // Pieces close together: many swaps.
    "7ss/8/2nesw4/2NWsenw3/3SEse3/2swNE4/8/NN7 W",
    "ss7/8/3nwSE3/2NEswNW3/2senwSE3/3NWse3/8/7NN B",
];

fn hit_to_simple(hit: Hit) -> SimpleHit {
    let sq = |cell: Cell| {
        let s = cell.square();
        (s.file() as i32, s.rank() as i32)
    };
    match hit {
        Hit::Off => SimpleHit::Off,
        Hit::Pawn(cell) => {
            let (f, r) = sq(cell);
            SimpleHit::Pawn(f, r)
        }
        Hit::King(cell) => {
            let (f, r) = sq(cell);
            SimpleHit::King(f, r)
        }
    }
}

fn outcome_to_simple(game: &Leiserchess) -> Option<(Option<bool>, &'static str)> {
    game.outcome().map(|o| {
        let reason = match o.reason.code {
            "king_zapped" => "king zapped",
            "no_zaps" => "no zaps",
            "repetition" => "repetition",
            "no_legal_moves" => "no moves",
            other => panic!("unexpected reason {other:?}"),
        };
        (o.winner.map(|s| s == Side::White), reason)
    })
}

#[test]
fn random_games_agree_with_simple_rules() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1e15e5);
    let mut positions = 0;
    let mut ko_filtered = 0;
    let mut swaps = 0;
    let mut zaps = 0;
    let mut king_zaps = 0;
    let mut repetitions = 0;
    for game_no in 0..120 {
        let start = STARTS[game_no % STARTS.len()];
        let mut game = Leiserchess::from_fen(start).unwrap();
        let mut simple = Simple::from_fen(start);
        let max_plies = rng.gen_range(20..260);
        for _ in 0..max_plies {
            positions += 1;
            assert_eq!(game.fen(), simple.fen());
            assert_eq!(outcome_to_simple(&game), simple.outcome(), "{}", game.fen());
            if simple.outcome().is_some_and(|o| o.1 == "repetition") {
                repetitions += 1;
            }

            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let mut ours: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            let mut theirs: Vec<String> = simple.legal().iter().map(|m| m.to_string()).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "legal moves differ in {}", game.fen());
            let unfiltered = simple.moves_for(simple.white_to_move).len();
            ko_filtered += unfiltered - theirs.len();
            if moves.is_empty() {
                break;
            }

            // Prefer swaps now and then so they are well exercised.
            let swap_moves: Vec<_> = moves.iter().copied().filter(|m| m.is_swap()).collect();
            let mv = if !swap_moves.is_empty() && rng.gen_bool(0.3) {
                *swap_moves.choose(&mut rng).unwrap()
            } else {
                *moves.choose(&mut rng).unwrap()
            };
            swaps += usize::from(mv.is_swap());
            let text = mv.to_string();
            assert_eq!(
                game.parse_move(&text).ok(),
                game.outcome().is_none().then_some(mv)
            );
            let smove = simple
                .legal()
                .into_iter()
                .find(|m| m.to_string() == text)
                .unwrap();

            let predicted = game.hit_after(mv);
            let fen_before = game.fen();
            let hash_before = game.hash();
            game.make(mv);
            simple.play(&smove);
            let hit = game.last_hit().unwrap();
            assert_eq!(
                hit, predicted,
                "hit_after disagrees for {text} in {fen_before}"
            );
            assert_eq!(
                Some(hit_to_simple(hit)),
                simple.last_hit,
                "{text} in {fen_before}"
            );
            zaps += usize::from(matches!(hit, Hit::Pawn(_)));
            king_zaps += usize::from(matches!(hit, Hit::King(_)));

            // The incremental hash equals a fresh one for the same board.
            if game.position().zapped_king().is_none() {
                assert_eq!(
                    game.hash(),
                    Leiserchess::from_fen(&game.fen()).unwrap().hash()
                );
            }
            // Unmake restores the position exactly.
            game.unmake();
            assert_eq!(game.fen(), fen_before);
            assert_eq!(game.hash(), hash_before);
            game.make(mv);
        }
        // Take the whole game back.
        for _ in 0..game.moves_played().len() {
            game.unmake();
        }
        assert_eq!(game.fen(), Leiserchess::from_fen(start).unwrap().fen());
    }
    eprintln!(
        "positions {positions}, swaps {swaps}, pawn zaps {zaps}, king zaps {king_zaps}, \
         ko-filtered moves {ko_filtered}, repetitions {repetitions}"
    );
    assert!(positions > 5_000);
    assert!(swaps > 500 && zaps > 100 && king_zaps > 10);
    assert!(ko_filtered > 0, "no ko position was reached");
}
