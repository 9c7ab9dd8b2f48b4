//! The 2016 game against the plain model of `tests/model_2016`, written
//! from the rules page alone, over thousands of positions from seeded
//! random games: the moves generated (rules 3.1 and 3.4) and the legal
//! ones (rule 6.1), the board after every legal move and what its laser
//! zapped (rules 4.1–4.3), the end of the game (section 5), and unmake.

mod common;
mod model_2016;

use std::collections::BTreeSet;

use leiserchess::{Leiserchess2016, Square};
use model_2016::{name, Model, Zaps};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::{Perft, Rules, Side};

/// Starts besides random boards: the opening (rule 1.4), crowded boards
/// with many swaps and pins, the multi-zap and self-zap examples of
/// rules 4.3 and 4.4, adjacent kings.
const STARTS: &[&str] = &[
    leiserchess::v2016::START_FEN,
    "7ss/8/2nesw4/2NWsenw3/3SEse3/2swNE4/8/NN7 W",
    "ss7/8/3nwSE3/2NEswNW3/2senwSE3/3NWse3/8/7NN B",
    "8/5ss2/8/8/8/8/8/EENE1se1nw2 W",
    "7ss/8/8/8/3SEne1SW1/8/8/3NN2NW1 W",
    "8/2nw5/8/4ss3/3NN4/5SE2/8/8 W",
    "ee2SW4/6nw1/8/3SE4/4NE3/8/8/7NN W",
];

/// The crate's zaps of the last move, as the model writes them.
fn zaps_of(game: &Leiserchess2016) -> (BTreeSet<String>, Option<bool>) {
    let (_, undo) = game.last_played().expect("a move was played");
    let pawns = leiserchess::square::BitIter(undo.zapped)
        .map(|sq: Square| name((i32::from(sq.file()), i32::from(sq.rank()))))
        .collect();
    let king = undo.king_zapped.then(|| {
        // The loser is the side whose king the beam reached.
        game.position().zapped_king() == Some(Side::White)
    });
    (pawns, king)
}

fn model_zaps(zaps: &Zaps) -> (BTreeSet<String>, Option<bool>) {
    (
        zaps.pawns.iter().map(|&s| name(s)).collect(),
        zaps.king_white,
    )
}

fn outcome(game: &Leiserchess2016) -> Option<(Option<bool>, &'static str)> {
    game.outcome()
        .map(|o| (o.winner.map(|s| s == Side::White), o.reason.code))
}

fn sorted(moves: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().collect();
    v.sort();
    v
}

/// What the random games went through, to show they test something.
#[derive(Debug, Default)]
struct Seen {
    positions: usize,
    pinned: usize,
    own_swaps: usize,
    ko_a: usize,
    ko_b: usize,
    multi_zaps: usize,
    ends: BTreeSet<&'static str>,
}

/// Checks one position in full; returns the legal moves.
fn check_position(game: &Leiserchess2016, model: &Model, seen: &mut Seen) -> Vec<String> {
    let fen = game.fen();
    assert_eq!(fen, model.fen());
    assert_eq!(outcome(game), model.outcome(), "{fen}");
    let mut generated = Vec::new();
    game.perft_moves(&mut generated);
    let generated_model = if model.king_zapped_white.is_some() {
        Vec::new()
    } else {
        model.generate()
    };
    assert_eq!(
        sorted(generated.iter().map(|m| m.to_string())),
        sorted(generated_model.iter().map(|m| m.to_string())),
        "generated moves of {fen}"
    );
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let model_legal = model.legal();
    seen.pinned += usize::from(!model.pinned().is_empty());
    for m in &generated_model {
        if model.is_ko(*m) {
            let unchanged = model.after(*m).0.board == model.now.board;
            *if unchanged {
                &mut seen.ko_a
            } else {
                &mut seen.ko_b
            } += 1;
        }
    }
    let ours = sorted(legal.iter().map(|m| m.to_string()));
    assert_eq!(
        ours,
        sorted(model_legal.iter().map(|m| m.to_string())),
        "legal moves of {fen}"
    );
    // Every legal move: the board after it, its zaps, unmake.
    for &mv in &legal {
        let text = mv.to_string();
        let m = model.legal_move(&text);
        let mut after = game.clone();
        after.make(mv);
        let mut model_after = model.clone();
        let zaps = model_after.play(m);
        seen.multi_zaps += usize::from(zaps.pawns.len() >= 2);
        if let model_2016::What::Step(to) = m.what {
            let mover = model.now.board[m.from.0 as usize][m.from.1 as usize];
            let partner = model.now.board[to.0 as usize][to.1 as usize];
            seen.own_swaps +=
                usize::from(partner.is_some_and(|p| Some(p.white) == mover.map(|q| q.white)));
        }
        assert_eq!(after.fen(), model_after.fen(), "{text} in {fen}");
        assert_eq!(
            zaps_of(&after),
            model_zaps(&zaps),
            "zaps of {text} in {fen}"
        );
        after.unmake();
        assert_eq!(after.fen(), fen);
        assert_eq!(after.hash(), game.hash(), "{text} in {fen}");
    }
    ours
}

/// Plays the legal move written `text` in both implementations.
fn play_both(game: &mut Leiserchess2016, model: &mut Model, text: &str) {
    game.make(game.parse_move(text).expect("legal"));
    model.play(model.legal_move(text));
}

#[test]
fn random_games_agree_with_the_model() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x2016);
    let mut seen = Seen::default();
    for game_no in 0..90 {
        let start = if game_no % 3 == 2 {
            let pawns = rng.gen_range(4..24);
            common::random_position(&mut rng, pawns)
        } else {
            STARTS[game_no % STARTS.len()].to_string()
        };
        let mut game = Leiserchess2016::from_fen(&start).expect("a valid FEN");
        let mut model = Model::from_fen(&start);
        for _ in 0..rng.gen_range(20..120) {
            seen.positions += 1;
            let legal = check_position(&game, &model, &mut seen);
            if let Some(end) = model.outcome() {
                seen.ends.insert(end.1);
                break;
            }
            // Mostly moves that do not lose at once, for longer games.
            let safe: Vec<&String> = legal
                .iter()
                .filter(|t| {
                    let mut g = game.clone();
                    g.make(g.parse_move(t).expect("legal"));
                    g.outcome().is_none()
                })
                .collect();
            let text = match safe.choose(&mut rng) {
                Some(t) if rng.gen_bool(0.9) => (*t).clone(),
                _ => legal.choose(&mut rng).expect("rule 5.6: a move").clone(),
            };
            play_both(&mut game, &mut model, &text);
        }
    }
    eprintln!("{seen:?}");
    assert!(seen.positions > 3000, "{seen:?}");
    assert!(seen.ends.contains("king_zapped"), "{seen:?}");
    assert!(
        seen.pinned > 100 && seen.own_swaps > 1000 && seen.multi_zaps > 20,
        "{seen:?}"
    );
    assert!(seen.ko_a > 1000 && seen.ko_b > 10, "{seen:?}");
}

/// A move for the draw games: one that zaps nothing when there is one; among those, with `repeat`, a rotation if possible (positions
/// come back), else one that reaches a position not seen yet.
fn draw_game_move(
    game: &Leiserchess2016,
    seen: &BTreeSet<u64>,
    repeat: bool,
    rng: &mut ChaCha8Rng,
) -> String {
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let quiet: Vec<String> = legal
        .iter()
        .filter(|&&mv| {
            let mut g = game.clone();
            g.make(mv);
            !g.last_played().is_some_and(|(_, u)| u.zapped_any())
        })
        .map(|m| m.to_string())
        .collect();
    let preferred: Vec<&String> = quiet
        .iter()
        .filter(|t| {
            let mut g = game.clone();
            g.make(g.parse_move(t).expect("legal"));
            if repeat {
                t.len() == 3
            } else {
                !seen.contains(&g.hash())
            }
        })
        .collect();
    match (preferred.choose(rng), quiet.choose(rng), legal.choose(rng)) {
        (Some(t), _, _) => (*t).clone(),
        (None, Some(t), _) => t.clone(),
        (None, None, l) => l.expect("rule 5.6: a move").to_string(),
    }
}

#[test]
fn draw_rules_agree_with_the_model() {
    // rules 5.2 and 5.3: games steered towards repeating positions or
    // towards 200 plies without a zap end where the model ends them.
    let mut rng = ChaCha8Rng::seed_from_u64(0x5_2016);
    let mut ends = BTreeSet::new();
    for game_no in 0..8 {
        let start = ["ss7/8/8/8/8/8/8/7NN W", "ss7/8/2nw5/8/8/5SE2/8/7NN B"][game_no % 2];
        let repeat = game_no % 4 < 2;
        let mut game = Leiserchess2016::from_fen(start).expect("FEN");
        let mut model = Model::from_fen(start);
        let mut hashes = BTreeSet::from([game.hash()]);
        for _ in 0..300 {
            assert_eq!(game.fen(), model.fen());
            assert_eq!(outcome(&game), model.outcome(), "{}", game.fen());
            if let Some(end) = model.outcome() {
                ends.insert(end.1);
                break;
            }
            let text = draw_game_move(&game, &hashes, repeat, &mut rng);
            play_both(&mut game, &mut model, &text);
            hashes.insert(game.hash());
        }
    }
    assert!(
        ends.contains("repetition") && ends.contains("no_zaps"),
        "{ends:?}"
    );
}
