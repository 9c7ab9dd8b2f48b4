//! `leiserchess-engine` in its 2016 mode, driven over UCI as a GUI or the
//! autotester would (rule 9 of docs/leiserchess-2016-rules.md): the rule
//! set is chosen with `UCI_Variant`, and every command follows it.

use std::time::Duration;

use leiserchess::{Leiserchess, Leiserchess2016};
use search::{Frontend, Rules};
use workspace_tests::Engine;

const T: Duration = Duration::from_secs(30);

/// An engine switched to the 2016 rules.
fn engine_2016() -> Engine {
    let mut e = Engine::start("leiserchess-engine");
    e.send("setoption name UCI_Variant value 2016");
    e.sync();
    e
}

/// The move of the last `bestmove` line.
fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("some output");
    assert!(last.starts_with("bestmove "), "{lines:?}");
    last.split_whitespace().nth(1).expect("a move").to_string()
}

#[test]
fn uci_lists_the_rule_sets_as_a_combo_defaulting_to_2018() {
    let mut e = Engine::start("leiserchess-engine");
    e.send("uci");
    let lines = e.read_until(T, |l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UCI_Variant type combo default 2018 var 2018 var 2016"),
        "{lines:?}"
    );
    // The default is 2018: its start position (ranks 1–8).
    e.send("d");
    let shown = e.sync();
    let fen = Leiserchess::startpos().fen();
    assert!(shown.contains(&format!("Fen: {fen}")), "{shown:?}");
}

/// Rules 1.1, 1.4 and 7.2: the 2016 start position, ranks drawn 0–7.
#[test]
fn display_shows_the_2016_start_with_ranks_0_to_7() {
    let mut e = engine_2016();
    e.send("d");
    let shown = e.sync();
    let fen = Leiserchess2016::startpos().fen();
    assert!(shown.contains(&format!("Fen: {fen}")), "{shown:?}");
    assert!(shown.iter().any(|l| l.starts_with('0')), "{shown:?}");
    assert!(!shown.iter().any(|l| l.starts_with('8')), "{shown:?}");
}

/// Rules 8.1 and 8.2: perft from the 2016 start, ko not applied.
#[test]
fn perft_counts_the_2016_rules() {
    let mut e = engine_2016();
    e.send("perft 3");
    let lines = e.read_until(T, |l| l.starts_with("perft 3 "));
    assert_eq!(
        lines,
        ["perft 1 78", "perft 2 6084", "perft 3 473126"],
        "{lines:?}"
    );
    // The same leaves through the full make (`perft N make`).
    e.send("go perft 3 make");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 473126")
    );
}

/// Rules 3.1, 6.1a and 7.1: a swap with an own piece is a plain step onto
/// it, written like a shift; once two own pawns differ (after a rotation)
/// it is no ko. The engine takes the move list and answers a 2016 move.
#[test]
fn a_2016_game_is_played_in_2016_notation() {
    let line = ["f4R", "a7R", "f4g3"];
    let mut game = Leiserchess2016::startpos();
    for text in line {
        let mv = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.make(mv);
    }
    let mut e = engine_2016();
    e.send(&format!("position startpos moves {}", line.join(" ")));
    e.send("go depth 4");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    assert!(
        !lines.iter().any(|l| l.contains("error")),
        "no error for a 2016 move list: {lines:?}"
    );
    let reply = bestmove(&lines);
    assert!(
        game.parse_move(&reply).is_ok(),
        "{reply} is legal after {line:?}"
    );
}

/// Rule 9: switching back restores the 2018 rules and its start.
#[test]
fn switching_back_to_2018_restores_its_rules() {
    let mut e = engine_2016();
    e.send("setoption name UCI_Variant value 2018");
    e.send("perft 2");
    let lines = e.read_until(T, |l| l.starts_with("perft 2 "));
    let mut start = Leiserchess::startpos();
    assert_eq!(
        lines.last().map(String::as_str),
        Some(format!("perft 2 {}", start.perft(2)).as_str())
    );
    e.send("setoption name UCI_Variant value 2019");
    let answer = e.sync();
    assert!(
        answer
            .iter()
            .any(|l| l.starts_with("info string error") && l.contains("2019")),
        "{answer:?}"
    );
    assert_eq!(<Leiserchess2016 as Frontend>::VARIANT, Some("2016"));
}
