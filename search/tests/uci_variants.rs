//! One engine, several rule sets chosen by `UCI_Variant`, through the
//! in-memory runner with the toy games: normal and misère Nim (one game
//! type with two rule sets, as Leiserchess 2018 and 2016), tic-tac-toe and
//! the random tree.

mod common;

use std::time::{Duration, Instant};

use common::nim::{MisereNim, Nim};
use common::random_tree::RandomTree;
use common::session::Session;
use common::tictactoe::TicTacToe;
use search::uci::Variant;
use search::{Frontend, Rules};

const LONG: Duration = Duration::from_secs(30);

fn nims() -> [Variant; 3] {
    [
        Variant::of::<Nim>("normal"),
        Variant::of::<MisereNim>("misere"),
        Variant::of::<TicTacToe>("tictactoe"),
    ]
}

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove ")
}

fn count(lines: &[String], pred: impl Fn(&str) -> bool) -> usize {
    lines.iter().filter(|l| pred(l)).count()
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .collect()
}

fn legal_texts<G: Frontend>(pos: &G) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|m| m.to_string()).collect()
}

/// Whether `line` is `pattern`, where each `…` stands for any text.
fn matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split('…');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let mut parts: Vec<&str> = parts.collect();
    let Some(last) = parts.pop() else {
        return rest.is_empty();
    };
    for part in parts {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Each of `expected` (patterns for [`matches`]) in this order in
/// `lines`; returns where each one is.
fn in_order(lines: &[String], expected: &[&str]) -> Vec<usize> {
    let mut at = 0;
    let mut found = Vec::new();
    for want in expected {
        let matches = |l: &String| matches(want, l);
        let Some(i) = lines[at..].iter().position(matches) else {
            panic!("'{want}' missing after line {at}:\n{}", lines.join("\n"));
        };
        found.push(at + i);
        at += i + 1;
    }
    found
}

#[test]
fn uci_lists_the_variants_and_the_options_of_the_one_playing() {
    let s = Session::start_variants(&nims());
    s.send("uci");
    let lines = s.wait_for(|l| l == "uciok", 1, LONG);
    let combo =
        "option name UCI_Variant type combo default normal var normal var misere var tictactoe";
    assert_eq!(count(&lines, |l| l == combo), 1, "{lines:?}");
    assert!(lines[0].starts_with("id name nim-engine "), "{lines:?}");
    let tempo = |l: &str| l.starts_with("option name Tempo type spin default 0 ");
    assert_eq!(count(&lines, tempo), 1, "{lines:?}");
    s.send("setoption name UCI_Variant value tictactoe");
    s.send("uci");
    let lines = s.wait_for(|l| l == "uciok", 2, LONG);
    let second = &lines[lines.iter().position(|l| l == "uciok").expect("uciok") + 1..];
    assert_eq!(count(second, |l| l == combo), 1, "{second:?}");
    // The identity stays; tic-tac-toe has no weights.
    assert!(second[0].starts_with("id name nim-engine "), "{second:?}");
    assert_eq!(count(second, tempo), 0, "{second:?}");
    assert_eq!(count(second, |l| l.starts_with("option name Hash ")), 1);
    assert!(errors(&s.close()).is_empty());
}

#[test]
fn a_single_game_has_no_variant_option() {
    let s = Session::start::<Nim>();
    s.send("uci");
    s.send("setoption name UCI_Variant value normal");
    let lines = s.sync();
    assert_eq!(count(&lines, |l| l.contains("UCI_Variant")), 1, "{lines:?}");
    assert_eq!(
        errors(&lines),
        ["info string error: unknown option 'UCI_Variant'"]
    );
    // A list of one is the same engine.
    let one = Session::start_variants(&[Variant::of::<Nim>("normal")]);
    one.send("uci");
    let listed = one.wait_for(|l| l == "uciok", 1, LONG);
    assert_eq!(listed, s.lines()[..listed.len()].to_vec());
    one.close();
    s.close();
}

/// A whole session piped at once: every line runs in order, in the rule
/// set chosen by the last `UCI_Variant` before it.
#[test]
fn a_piped_session_switches_rules_and_keeps_the_engine_options() {
    let s = Session::start_variants(&nims());
    for line in [
        "d",
        "setoption name MultiPV value 2",
        "setoption name Tempo value 7",
        "eval",
        "setoption name UCI_Variant value misere",
        "d",
        "eval",
        "perft 1",
        "go perft 1",
        // Misère: leave the last stone to the opponent.
        "position fen 2 w",
        "go depth 3",
        "setoption name Tempo value -3",
        "setoption name uci_variant value MISERE",
        "d",
        "setoption name UCI_Variant value chess",
        "setoption name UCI_Variant",
        "d",
        "setoption name UCI_Variant value normal",
        "eval",
        "d",
        // Normal play: take the last stone.
        "position fen 2 w",
        "go depth 3",
        "setoption name UCI_Variant value misere",
        "eval",
    ] {
        s.send(line);
    }
    // Not `quit` nor end of input: they would stop the searches waiting.
    s.wait_for(|l| l == "total: -3", 1, LONG);
    let lines = s.close();
    in_order(
        &lines,
        &[
            "heaps [3, 4, 5]",
            "Fen: 3/4/5 w",
            "total: 7",
            "heaps [1, 3, 5, 7]",
            "Fen: 1/3/5/7 w",
            // Weights are the variant's own.
            "total: 0",
            "perft 1 16",
            "3-7: 1",
            "Nodes searched: 16",
            // MultiPV came along.
            "info depth … multipv 2 …",
            "bestmove 0-1…",
            // The same variant again changes nothing.
            "Fen: 2 w",
            "info string error: option 'UCI_Variant': unknown variant 'chess' \
             (one of normal, misere, tictactoe)",
            "info string error: option 'UCI_Variant': missing value \
             (one of normal, misere, tictactoe)",
            "Fen: 2 w",
            "total: 7",
            "Fen: 3/4/5 w",
            "bestmove 0-2…",
            "total: -3",
        ],
    );
    assert_eq!(errors(&lines).len(), 2, "{lines:?}");
    assert_eq!(count(&lines, is_bestmove), 2);
}

/// From a game with one line to report to a game with many.
#[test]
fn multipv_comes_along_to_the_next_variant() {
    let s = Session::start_variants(&[
        Variant::of::<TicTacToe>("tictactoe"),
        Variant::of::<RandomTree>("tree"),
    ]);
    s.send("setoption name MultiPV value 3");
    s.send("setoption name UCI_Variant value tree");
    s.send("go depth 4");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    for k in 1..=3 {
        let tag = format!(" multipv {k} ");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 4 ") && l.contains(&tag)),
            "no line {k}: {lines:?}"
        );
    }
    s.close();
}

fn bench_nodes(lines: &[String]) -> u64 {
    let last = lines
        .iter()
        .find(|l| l.starts_with("bench: "))
        .expect("bench line");
    last.split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("nodes")
}

/// The search switches are the engine's, not the game's: a bench after a
/// switch counts as in an engine of that game alone with those switches.
#[test]
fn search_switches_come_along_and_weights_do_not() {
    let alone = Session::start::<RandomTree>();
    alone.send("setoption name LMR value false");
    alone.send("setoption name NullMove value false");
    alone.send("bench 6");
    let expected = bench_nodes(&alone.wait_for(|l| l.starts_with("bench: "), 1, LONG));
    alone.close();
    let s =
        Session::start_variants(&[Variant::of::<Nim>("nim"), Variant::of::<RandomTree>("tree")]);
    s.send("setoption name LMR value false");
    s.send("setoption name NullMove value false");
    s.send("setoption name UCI_Variant value tree");
    s.send("bench 6");
    let lines = s.wait_for(|l| l.starts_with("bench: "), 1, LONG);
    assert_eq!(bench_nodes(&lines), expected);
    // Tempo is Nim's: the tree has no such option.
    s.send("setoption name Tempo value 5");
    assert_eq!(
        errors(&s.sync()),
        ["info string error: unknown option 'Tempo'"]
    );
    s.close();
}

fn hashfull_of_last_info(lines: &[String]) -> u32 {
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    let parts: Vec<&str> = last.split_whitespace().collect();
    let i = parts.iter().position(|&p| p == "hashfull").expect("field");
    parts[i + 1].parse().expect("number")
}

#[test]
fn hash_and_move_overhead_come_along() {
    let variants = [Variant::of::<Nim>("nim"), Variant::of::<RandomTree>("tree")];
    let fill = |setup: &[&str]| {
        let s = Session::start_variants(&variants);
        for line in setup {
            s.send(line);
        }
        s.send("setoption name UCI_Variant value tree");
        s.send("go depth 9");
        let lines = s.wait_for(is_bestmove, 1, LONG);
        s.close();
        hashfull_of_last_info(&lines)
    };
    let small = fill(&["setoption name Hash value 1"]);
    let default = fill(&[]);
    assert!(small > 4 * default.max(1), "{small} vs {default}");

    // With all of a 5 s move kept back, the move comes at once.
    let s = Session::start_variants(&variants);
    s.send("setoption name Move Overhead value 5000");
    s.send("setoption name UCI_Variant value tree");
    s.sync();
    let start = Instant::now();
    s.send("go movetime 5000");
    s.wait_for(is_bestmove, 1, LONG);
    assert!(start.elapsed() < Duration::from_millis(2500));
    s.close();
}

/// A switch while `go infinite` runs waits as any `setoption` does: the
/// search is stopped, answers, and only then do the rules change.
#[test]
fn a_switch_during_go_infinite_ends_that_search_first() {
    let s = Session::start_variants(&[
        Variant::of::<RandomTree>("tree"),
        Variant::of::<MisereNim>("misere"),
    ]);
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    s.send("setoption name UCI_Variant value misere");
    s.send("stop");
    s.send("d");
    s.send("go depth 2");
    s.send("stop");
    s.send("go depth 3");
    let lines = s.wait_for(is_bestmove, 3, LONG);
    let at = in_order(
        &lines,
        &[
            "info depth 1 …",
            "bestmove …",
            "heaps [1, 3, 5, 7]",
            "bestmove …",
        ],
    );
    let best = |i: usize| lines[i].split_whitespace().nth(1).unwrap_or("").to_string();
    assert!(legal_texts(&RandomTree::startpos()).contains(&best(at[1])));
    let misere = legal_texts(&MisereNim::startpos());
    assert!(misere.contains(&best(at[3])), "{lines:?}");
    s.sync();
    let lines = s.close();
    assert_eq!(count(&lines, is_bestmove), 3, "{lines:?}");
    assert!(errors(&lines).is_empty(), "{lines:?}");
}

/// A bounded search runs to its end before the switch.
#[test]
fn a_switch_waits_for_a_bounded_search() {
    let s =
        Session::start_variants(&[Variant::of::<RandomTree>("tree"), Variant::of::<Nim>("nim")]);
    s.send("go depth 7");
    s.send("setoption name UCI_Variant value nim");
    s.send("isready");
    s.send("d");
    let lines = s.wait_for(|l| l.starts_with("Fen: "), 1, LONG);
    in_order(&lines, &["info depth 7 …", "bestmove …", "Fen: 3/4/5 w"]);
    let lines = s.close();
    assert_eq!(count(&lines, is_bestmove), 1);
    assert_eq!(count(&lines, |l| l == "readyok"), 1);
}

/// `quit` and end of input end the searches of every variant, each with
/// its bestmove.
#[test]
fn quit_and_end_of_input_across_a_switch() {
    let variants = [
        Variant::of::<RandomTree>("tree"),
        Variant::of::<TicTacToe>("tictactoe"),
    ];
    for last in [Some("quit"), None] {
        let s = Session::start_variants(&variants);
        s.send("go infinite");
        s.send("setoption name UCI_Variant value tictactoe");
        s.send("go infinite");
        if let Some(line) = last {
            s.send(line);
            let start = Instant::now();
            while !s.finished() {
                assert!(start.elapsed() < Duration::from_secs(5), "no return");
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        let lines = s.close();
        assert_eq!(count(&lines, is_bestmove), 2, "{last:?}: {lines:?}");
        let best = lines.iter().rfind(|l| is_bestmove(l)).expect("bestmove");
        let square = best.split_whitespace().nth(1).unwrap_or("");
        assert!(legal_texts(&TicTacToe::startpos()).contains(&square.to_string()));
    }
}
