//! The `leiserchess-engine` binary driven over UCI as a GUI or the
//! autotester would (rule 9 of docs/leiserchess-rules.md).

use std::time::{Duration, Instant};

use leiserchess::{Leiserchess, START_FEN};
use search::{Frontend, Rules};
use workspace_tests::Engine;

const T: Duration = Duration::from_secs(30);
const NAME: &str = "leiserchess-engine";

/// The evaluation weights (rule 9: spin options) and the search switches
/// every heuristic can be turned off with.
const EVAL_OPTIONS: [&str; 7] = [
    "PAWN_EV_VALUE",
    "KFACE",
    "KAGGRESSIVE",
    "MOBILITY",
    "PCENTRAL",
    "PBETWEEN",
    "LCOVERAGE",
];
const SWITCHES: [&str; 4] = ["NullMove", "LMR", "Futility", "Aspiration"];

fn engine() -> Engine {
    Engine::start(NAME)
}

/// The move of the last `bestmove` line.
fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("some output");
    assert!(last.starts_with("bestmove "), "{lines:?}");
    last.split_whitespace().nth(1).expect("a move").to_string()
}

/// Checks that `mv` is legal in `fen` (or the start position) after `moves`.
fn assert_legal(fen: Option<&str>, moves: &[&str], mv: &str) {
    let mut game = match fen {
        Some(f) => Leiserchess::from_fen(f).expect("test FEN"),
        None => Leiserchess::startpos(),
    };
    for m in moves {
        let parsed = game.parse_move(m).expect("test move");
        game.make(parsed);
    }
    assert!(
        game.parse_move(mv).is_ok(),
        "bestmove {mv} is not legal in {}",
        game.fen()
    );
}

/// The `Fen:` line of `display`.
fn displayed_fen(e: &mut Engine) -> String {
    e.send("display");
    let lines = e.sync();
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .unwrap_or_else(|| panic!("no Fen line: {lines:?}"))
        .to_string()
}

fn bench_nodes(lines: &[String]) -> u64 {
    let last = lines.last().expect("bench output");
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.len(), 5, "{last}");
    assert_eq!((words[0], words[2], words[4]), ("bench:", "nodes", "nps"));
    words[3].parse::<u64>().expect("nps is a number");
    words[1].parse().expect("nodes is a number")
}

#[test]
fn handshake_lists_eval_weights_and_search_switches() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("uci");
    let lines = e.read_until(T, |l| l == "uciok");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("id name leiserchess-engine")));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for name in EVAL_OPTIONS {
        let prefix = format!("option name {name} type spin default ");
        let line = lines
            .iter()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no spin option {name}: {lines:?}"));
        // default, min and max, with min <= default <= max.
        let words: Vec<&str> = line.split_whitespace().collect();
        let (default, min, max): (i64, i64, i64) = (
            words[6].parse().expect("default"),
            words[8].parse().expect("min"),
            words[10].parse().expect("max"),
        );
        assert_eq!((words[7], words[9]), ("min", "max"), "{line}");
        assert!(min <= default && default <= max, "{line}");
    }
    for name in SWITCHES {
        let line = format!("option name {name} type check default true");
        assert!(lines.contains(&line), "no {line}: {lines:?}");
    }
    assert!(e.sync().is_empty());
    e.send("quit");
    assert!(e.wait_exit(T), "quit must end the engine");
}

#[test]
fn switches_and_weights_reach_the_search() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("bench 4");
    let all_on = bench_nodes(&e.read_until(T, |l| l.starts_with("bench: ")));
    // Each switch alone changes the tree searched at a fixed depth.
    for name in SWITCHES {
        e.send(&format!("setoption name {name} value false"));
        e.send("bench 4");
        let off = bench_nodes(&e.read_until(T, |l| l.starts_with("bench: ")));
        assert_ne!(off, all_on, "{name} off searched the same tree");
        e.send(&format!("setoption name {name} value true"));
    }
    e.send("bench 4");
    let again = bench_nodes(&e.read_until(T, |l| l.starts_with("bench: ")));
    assert_eq!(again, all_on, "switching back on restores the search");
    // An evaluation weight changes the evaluation, and so the search.
    e.send("setoption name LCOVERAGE value 0");
    e.send("bench 4");
    let no_coverage = bench_nodes(&e.read_until(T, |l| l.starts_with("bench: ")));
    assert_ne!(no_coverage, all_on);
    assert!(e.sync().iter().all(|l| !l.contains("error")));
}

#[test]
fn bench_is_deterministic() {
    let _serial = workspace_tests::serial();
    let run = || {
        let mut e = Engine::start_with_args(NAME, &["bench", "5"]);
        let lines = e.read_until(Duration::from_secs(120), |l| l.starts_with("bench: "));
        // One line per bench position before the total.
        let positions = lines.iter().filter(|l| l.starts_with("position ")).count();
        assert_eq!(positions, Leiserchess::bench_positions().len(), "{lines:?}");
        bench_nodes(&lines)
    };
    let first = run();
    assert!(first > 10_000, "bench searched only {first} nodes");
    assert_eq!(first, run());
}

#[test]
fn perft_prints_each_depth() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    let mut counts = |command: &str| {
        e.send(command);
        let lines = e.read_until(T, |l| l.starts_with("perft 4 "));
        let counts: Vec<u64> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("perft ")?.split_once(' '))
            .map(|(_, n)| n.parse().expect("a count"))
            .collect();
        counts
    };
    // Rule 8.3: MIT's counts, ko not applied (tests/data/perft.txt) ...
    assert_eq!(counts("perft 4"), [61, 3757, 239_205, 15_537_748]);
    // ... the same counted through the full make ...
    assert_eq!(counts("perft 4 make"), [61, 3757, 239_205, 15_537_748]);
    // ... and the ko-aware count under its own name.
    assert_eq!(counts("perft 4 legal"), [61, 3757, 239_197, 15_535_830]);
    e.send("go perft 3 legal");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 239197")
    );
}

#[test]
fn go_perft_divides_by_root_move() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("go perft 2");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    let per_move: Vec<(&str, u64)> = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| *m != "Nodes searched")
        .map(|(m, n)| (m, n.parse().expect("a count")))
        .collect();
    assert_eq!(per_move.len(), 61, "{lines:?}");
    for (mv, _) in &per_move {
        assert_legal(None, &[], mv);
    }
    let sum: u64 = per_move.iter().map(|(_, n)| n).sum();
    assert_eq!(sum, 3757);
    assert_eq!(lines[lines.len() - 2], "");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 3757");
}

#[test]
fn display_shows_orientations_and_fen() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos moves h0h1");
    e.send("display");
    let lines = e.sync();
    // Rank 7 has Lavender's king facing south on a7; rank 1 now holds
    // Tangerine's king on h1 facing north, after its pawns on d1 and e1.
    assert!(lines.iter().any(|l| l.starts_with("7  ss ..")), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("1 ") && l.ends_with(".. NW SE .. .. NN")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("a  b  c  d  e  f  g  h")));
    assert!(
        lines.contains(
            &"Fen: ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE2NN/8 B".to_string()
        ),
        "{lines:?}"
    );
}

#[test]
fn eval_lists_each_term_for_each_side() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("setoption name TEMPO value 1500");
    e.send("position startpos");
    e.send("eval");
    let lines = e.sync();
    assert!(lines[0].contains("Tangerine") && lines[0].contains("Lavender"));
    for term in EVAL_OPTIONS.iter().chain(&["total"]) {
        let row = lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(term))
            .unwrap_or_else(|| panic!("no row for {term}: {lines:?}"));
        let values: Vec<i64> = row
            .split_whitespace()
            .skip(1)
            .map(|v| v.parse().expect("a number"))
            .collect();
        assert_eq!(values.len(), 2, "{row}");
        // The start position is symmetric.
        assert_eq!(values[0], values[1], "{row}");
    }
    // Only TEMPO, the side to move's bonus, tells the sides apart.
    assert!(
        lines.iter().any(|l| l.starts_with("score: 15 cp")
            && l.contains("(0 cp for Tangerine before TEMPO, 15 cp)")),
        "{lines:?}"
    );
    e.send("setoption name TEMPO value 0");
    e.send("eval");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("score: 0 cp")),
        "{lines:?}"
    );
    // Turning Tangerine's king away from Lavender's changes its KFACE.
    e.send("position startpos moves h0U");
    e.send("eval");
    let lines = e.sync();
    let kface = lines.iter().find(|l| l.starts_with("KFACE")).unwrap();
    let v: Vec<&str> = kface.split_whitespace().collect();
    assert_ne!(v[1], v[2], "{kface}");
}

#[test]
fn go_depth_reports_and_ends_in_one_legal_bestmove() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("ucinewgame");
    e.send("position startpos moves f2e3 c4U");
    let best = e.go_depth_checked(5);
    assert_legal(None, &["f2e3", "c4U"], &best);
}

#[test]
fn go_nodes_stops_near_the_limit() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("go nodes 2000");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    let nodes: Vec<u64> = lines
        .iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let i = w.iter().position(|x| *x == "nodes")?;
            w.get(i + 1)?.parse().ok()
        })
        .collect();
    assert!(!nodes.is_empty(), "{lines:?}");
    assert!(nodes.iter().all(|&n| n <= 2000), "{lines:?}");
    assert_legal(None, &[], &bestmove(&lines));
}

#[test]
fn go_time_inc_answers_within_its_budget() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    // Rule 9: `time` and `inc` are the side to move's clock.
    e.send("position startpos moves f2e3");
    e.sync();
    let start = Instant::now();
    e.send("go time 2000 inc 20");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    let took = start.elapsed();
    // The time manager never uses more than half the clock on one move.
    assert!(took < Duration::from_millis(1100), "used {took:?} of 2 s");
    assert_legal(None, &["f2e3"], &bestmove(&lines));

    // Chess-style clocks: Lavender to move uses btime, not wtime.
    e.send("position startpos moves f2e3");
    e.sync();
    let start = Instant::now();
    e.send("go wtime 600000 btime 1000 winc 0 binc 10");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    let took = start.elapsed();
    assert!(took < Duration::from_millis(600), "used {took:?} of 1 s");
    assert_legal(None, &["f2e3"], &bestmove(&lines));
}

#[test]
fn go_movetime_answers_in_time() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos");
    let (took, lines) = e.timed_go("go movetime 500");
    assert!(took >= Duration::from_millis(400), "too early: {took:?}");
    assert!(took <= Duration::from_millis(600), "too late: {took:?}");
    assert_legal(None, &[], &bestmove(&lines));
}

#[test]
fn stop_ends_go_infinite() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos");
    let lines = e.stop_infinite_search(Duration::from_millis(200));
    assert_legal(None, &[], &bestmove(&lines));
}

#[test]
fn king_zap_in_one_is_found_with_a_mate_score() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    // Shifting g6 to h7 puts a mirror in Tangerine's beam up the h-file
    // that turns it west along rank 7 onto Lavender's king (rules 4.2, 4.4).
    e.send("position fen ee7/6SW1/8/8/8/8/8/7NN W");
    e.send("go depth 3");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    assert_eq!(bestmove(&lines), "g6h7");
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(last_info.contains(" score mate 1 "), "{lines:?}");
}

#[test]
fn junk_and_illegal_input_give_errors_and_change_nothing() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos moves f2e3");
    let fen = displayed_fen(&mut e);
    for junk in [
        "hello",
        "position fen ss7/8/8/8 W",
        "position fen ss7/8/8/8/8/8/8/7NN X",
        "position fen ss7/8/8/8/8/8/8/7Nn W",
        "position startpos moves f2e3 f2e3",
        "position startpos moves h0h0",
        "position startpos moves zz",
        "position startpos moves a0a1",
        "position sideways",
        "perft x",
        "go depth x",
        "setoption name LCOVERAGE value lots",
        "setoption name LCOVERAGE value 99999999",
        "setoption name NullMove value maybe",
        "setoption name NoSuchOption value 3",
        "eval now",
        "\u{1b}[A\u{0}",
    ] {
        e.send(junk);
        let lines = if junk.starts_with("go") {
            // A GUI waits for a bestmove after any `go`, even a bad one.
            e.read_until(T, |l| l.starts_with("bestmove "))
        } else {
            e.sync()
        };
        assert!(
            lines.iter().any(|l| l.starts_with("info string error: ")),
            "no error for {junk:?}: {lines:?}"
        );
    }
    assert_eq!(displayed_fen(&mut e), fen, "the position changed");
    assert!(e.is_running());
    // And the engine still plays from it.
    e.send("go depth 2");
    let lines = e.read_until(T, |l| l.starts_with("bestmove "));
    assert_legal(None, &["f2e3"], &bestmove(&lines));
}

#[test]
fn start_position_fen_round_trips() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send(&format!("position fen {START_FEN}"));
    assert_eq!(displayed_fen(&mut e), START_FEN);
    e.send("position fen  ss7/8/8/8/8/8/8/7NN   B  ");
    assert_eq!(displayed_fen(&mut e), "ss7/8/8/8/8/8/8/7NN B");
}

#[test]
fn a_perft_piped_before_quit_prints_its_counts() {
    // As with Stockfish (and MIT's player): a script `perft N` then `quit`
    // gets every count, not a stopped count (rule 8.3: MIT's figures).
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("perft 5");
    e.send("quit");
    let lines = e.read_until(T, |l| l.starts_with("perft 5 "));
    assert_eq!(lines.last().map(String::as_str), Some("perft 5 1051721255"));
    assert!(e.wait_exit(T), "quit must end the engine");
}
