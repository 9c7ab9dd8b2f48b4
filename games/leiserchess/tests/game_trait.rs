//! The `search::Searchable` engine hooks: noisy moves, ordering, move index,
//! null move, evaluation and its parameters.

mod common;

use leiserchess::eval::EvalState;
use leiserchess::{Hit, Leiserchess, Params};
use search::{EvalParams, Evaluation, Frontend, Rules, Searchable};

#[test]
fn noisy_moves_are_exactly_the_zapping_moves() {
    // Noisy = zaps a pawn (either colour) or the enemy king.
    let mut total_noisy = 0;
    for mut g in common::random_game_positions(99, 400) {
        let us = g.side_to_move();
        let (legal, noisy) = common::legal_and_noisy(&g);
        for mv in legal {
            let key = g.noisy_key(mv);
            assert_eq!(key.is_some(), noisy.contains(&mv), "{mv} in {}", g.fen());
            let own_pawns = g.position().board().pawns(us).count_ones();
            g.make(mv);
            let hit = g.last_hit().unwrap();
            let lost_own_pawn = g.position().board().pawns(us).count_ones() < own_pawns;
            let own_king = |cell| g.position().board().at(cell).side() == us;
            let expected = match hit {
                Hit::Off => false,
                Hit::Pawn(_) => true,
                Hit::King(cell) => !own_king(cell),
            };
            let expected_order_sign = match hit {
                Hit::Off => 0,
                Hit::Pawn(_) if lost_own_pawn => -1,
                Hit::King(cell) if own_king(cell) => -1,
                _ => 1,
            };
            g.unmake();
            assert_eq!(key.is_some(), expected, "{mv} in {}", g.fen());
            if let Some(key) = key {
                assert_eq!(
                    key.order.signum(),
                    expected_order_sign,
                    "{mv} in {}",
                    g.fen()
                );
                assert_eq!(
                    key.see_ge_zero,
                    Some(g.see_ge(mv, 0)),
                    "{mv} in {}",
                    g.fen()
                );
            }
            total_noisy += usize::from(expected);
        }
    }
    assert!(total_noisy > 100);
}

#[test]
fn move_packing_is_unique_nonzero_and_dense() {
    common::assert_moves_pack_uniquely(common::random_game_positions(99, 200));
}

#[test]
fn null_move_round_trips_and_respects_danger() {
    common::assert_null_move_round_trips(Leiserchess::startpos());
    // Tangerine to move; Lavender's king on a7 could fire south at a0 by
    // rotating: passing is not allowed.
    let danger = Leiserchess::from_fen("ee7/8/8/8/8/8/8/WW7 W").unwrap();
    assert!(!danger.null_move_allowed());
    // A pawn shields the file: passing is fine again.
    let shielded = Leiserchess::from_fen("ee7/8/8/8/NW7/8/8/WW7 W").unwrap();
    assert!(shielded.null_move_allowed());
}

#[test]
fn search_outcome_matches_outcome_and_moves_count() {
    let mut g = Leiserchess::startpos();
    let mut moves = Vec::new();
    for i in 0..40 {
        assert_eq!(g.moves_played().len(), i);
        assert_eq!(g.search_outcome(0), g.outcome());
        moves.clear();
        g.legal_moves(&mut moves);
        g.make(moves[i % moves.len()]);
        if g.outcome().is_some() {
            break;
        }
    }
}

#[test]
fn evaluation_is_colour_symmetric() {
    // Rotating the board 180° and swapping colours (and the side to move)
    // gives the same score for the side to move. KAGGRESSIVE breaks ties
    // towards east and north, so it is switched off here.
    let mut params = Params::default();
    params.set("kaggressive", 0).unwrap();
    for g in common::random_game_positions(99, 300) {
        let mirrored = Leiserchess::from_fen(&mirror(&g.fen())).unwrap();
        assert_eq!(
            g.evaluate(&params, &mut EvalState::default()),
            mirrored.evaluate(&params, &mut EvalState::default()),
            "{}",
            g.fen()
        );
    }
    let start = Leiserchess::startpos();
    assert_eq!(mirror(&start.fen()).replace(" B", " W"), start.fen());
}

/// The FEN rotated 180° with colours swapped.
fn mirror(fen: &str) -> String {
    let (board, side) = fen.split_once(' ').unwrap();
    let swap_case = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let turn = |code: &str| -> String {
        let up = code.to_ascii_uppercase();
        let rotated = match up.as_str() {
            "NN" => "SS",
            "SS" => "NN",
            "EE" => "WW",
            "WW" => "EE",
            "NW" => "SE",
            "SE" => "NW",
            "NE" => "SW",
            _ => "NE",
        };
        let swapped: String = code.chars().map(swap_case).collect();
        if swapped.chars().all(|c| c.is_ascii_uppercase()) {
            rotated.to_string()
        } else {
            rotated.to_ascii_lowercase()
        }
    };
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            let mut tokens = Vec::new();
            let chars: Vec<char> = rank.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                if chars[i].is_ascii_digit() {
                    tokens.push(chars[i].to_string());
                    i += 1;
                } else {
                    tokens.push(turn(&chars[i..i + 2].iter().collect::<String>()));
                    i += 2;
                }
            }
            tokens.reverse();
            tokens.concat()
        })
        .collect();
    let side = if side == "W" { "B" } else { "W" };
    format!("{} {side}", ranks.join("/"))
}

#[test]
fn params_are_spin_options_and_change_the_score() {
    let options = Params::options();
    let names: Vec<_> = options.iter().map(|o| o.name).collect();
    for name in [
        "PAWN_EV_VALUE",
        "KFACE",
        "KAGGRESSIVE",
        "MOBILITY",
        "PCENTRAL",
        "PBETWEEN",
        "LCOVERAGE",
    ] {
        assert!(names.contains(&name), "{name}");
    }
    for o in &options {
        assert!(o.min <= o.default && o.default <= o.max, "{o:?}");
    }
    let mut p = Params::default();
    assert!(p.set("nonsense", 1).is_err());
    p.set("pawn_ev_value", 20_000).unwrap();
    assert_eq!(p.pawn, 20_000);
    // A position where Tangerine is a pawn up: doubling the pawn value
    // changes the score.
    let g = Leiserchess::from_fen("ss7/8/8/8/3NW4/8/8/7NN W").unwrap();
    // One state serves both weights, as a search thread's does across a
    // `setoption`: readied for the new weights, it never answers with a
    // score cached for the old ones (the key comes from every weight).
    let mut state = EvalState::default();
    Leiserchess::prepare_eval(&Params::default(), &mut state);
    let base = g.evaluate(&Params::default(), &mut state);
    Leiserchess::prepare_eval(&p, &mut state);
    assert!(g.evaluate(&p, &mut state) > base);
    for option in Params::options() {
        let mut changed = Params::default();
        changed.set(option.name, option.max).unwrap();
        assert_ne!(changed.key(), Params::default().key(), "{}", option.name);
    }
    let report = g.eval_report(&Params::default());
    for name in ["PAWN_EV_VALUE", "KFACE", "LCOVERAGE", "MOBILITY", "total"] {
        assert!(report.contains(name), "{report}");
    }
}

#[test]
fn evaluation_is_from_the_side_to_move() {
    let w = Leiserchess::from_fen("ss7/8/8/8/3NW4/8/8/7NN W").unwrap();
    let b = Leiserchess::from_fen("ss7/8/8/8/3NW4/8/8/7NN B").unwrap();
    // Without TEMPO, the one term that favours the side to move, the two
    // sides' scores are each other's negation.
    let mut params = Params::default();
    params.set("TEMPO", 0).unwrap();
    assert!(w.evaluate(&params, &mut EvalState::default()) > 0);
    assert_eq!(
        w.evaluate(&params, &mut EvalState::default()),
        -b.evaluate(&params, &mut EvalState::default())
    );
}

#[test]
fn bench_positions_parse() {
    let positions = Leiserchess::bench_positions();
    assert!((10..=20).contains(&positions.len()));
    for fen in positions {
        let g = Leiserchess::from_fen(fen).unwrap();
        assert!(g.outcome().is_none());
    }
}

#[test]
fn tempo_is_a_bonus_of_the_side_to_move() {
    // TEMPO (evaluation units) goes to whoever moves next, whose laser
    // fires next: both sides' scores rise by it.
    let w = Leiserchess::from_fen("ss7/8/8/8/3NW4/8/8/7NN W").unwrap();
    let b = Leiserchess::from_fen("ss7/8/8/8/3NW4/8/8/7NN B").unwrap();
    let mut plain = Params::default();
    plain.set("TEMPO", 0).unwrap();
    let mut tempo = Params::default();
    tempo.set("TEMPO", 1_500).unwrap();
    for g in [&w, &b] {
        assert_eq!(
            g.evaluate(&tempo, &mut EvalState::default()),
            g.evaluate(&plain, &mut EvalState::default()) + 15
        );
    }
}
