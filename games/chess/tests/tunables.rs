//! `autotester/examples/chess-search.txt`, the search constants the README
//! tunes, is what `chess-engine`'s `tunables` command prints: the
//! declarations in `search/src/params/constants.rs` made into a fishtest
//! parameter file from chess's defaults.

use chess::Chess;
use search::{SearchParams, Searchable};

#[test]
fn the_example_parameter_file_is_the_declared_one() {
    let file = include_str!("../../../autotester/examples/chess-search.txt");
    let declared = SearchParams::spsa_file(&Chess::search_params());
    assert!(
        file == declared,
        "autotester/examples/chess-search.txt is out of date; it should read:\n{declared}"
    );
}

/// The two evaluation switches are check options (issue 39); `true` and
/// `false` set them, and so do the 1 and 0 of the spin options they were.
#[test]
fn the_evaluation_switches_are_check_options() {
    let lines = search::uci::option_lines::<Chess>();
    for name in ["TunedEval", "NetEval"] {
        let line = format!("option name {name} type check default true");
        assert!(lines.contains(&line), "{lines:?}");
    }
    let mut engine = search::Engine::<Chess>::new(1).expect("engine");
    let mut game = Chess::default();
    for (value, tuned) in [("false", false), ("true", true), ("0", false), ("1", true)] {
        search::uci::set_option(&mut engine, &mut game, "TunedEval", Some(value))
            .expect("a check value");
        assert_eq!(engine.eval_params().tuned, tuned, "{value}");
    }
    assert!(search::uci::set_option(&mut engine, &mut game, "NetEval", Some("2")).is_err());
    // UCI_Chess960 is the game's own switch, not the engine's.
    search::uci::set_option(&mut engine, &mut game, "uci_chess960", Some("true"))
        .expect("a check value");
    assert!(game.is_chess960());
}
