//! The `chess-engine` binary driven over UCI as a GUI would.

use std::time::{Duration, Instant};

use workspace_tests::Engine;

const T: Duration = Duration::from_secs(20);

fn engine() -> Engine {
    Engine::start("chess-engine")
}

#[test]
fn handshake() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("uci");
    let lines = e.read_until(T, |l| l == "uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name ")), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("id author ")),
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    assert!(e.sync().is_empty());
    e.send("quit");
    assert!(e.wait_exit(T), "quit must end the engine");
}

#[test]
fn go_perft_prints_stockfish_format() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos moves e2e4");
    e.send("go perft 3");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    // One line per root move, a blank line, then the total.
    let moves: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(moves.len(), 20);
    // Stockfish 15.1's divide of the same position says e7e5: 835.
    assert!(lines.contains(&"e7e5: 835".to_string()), "{lines:?}");
    let sum: u64 = moves
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(lines[lines.len() - 2], "");
    assert_eq!(lines.last().unwrap(), &format!("Nodes searched: {sum}"));
    // perft(3) after 1.e4, as Stockfish 15.1 counts it.
    assert_eq!(sum, 13_160);
}

#[test]
fn perft_synonym_and_start_position_counts() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("perft 4");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 197281");
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("go perft 3");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 97862");
    assert!(lines.contains(&"e1g1: 2059".to_string()));
}

#[test]
fn display_shows_board_and_fen() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos moves e2e4 c7c5");
    e.send("d");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("| r | n | b | q | k | b | n | r |")),
        "{lines:?}"
    );
    assert!(
        lines.contains(
            &"Fen: rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".to_string()
        ),
        "{lines:?}"
    );
    e.send("display");
    assert!(e.sync().iter().any(|l| l.starts_with("Fen: ")));
}

#[test]
fn junk_and_bad_input_give_errors_and_change_nothing() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos moves e2e4");
    for junk in [
        "hello",
        "position fen 8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position startpos moves e7e5 e2e4",
        "position startpos moves zz",
        "go perft x",
        "setoption name Hash value lots",
        "\u{1b}[A\u{0}",
    ] {
        e.send(junk);
        let lines = e.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string error: ")),
            "no error for {junk:?}: {lines:?}"
        );
    }
    // The position is still the one after 1.e4.
    e.send("d");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{lines:?}"
    );
    assert!(e.is_running());
}

#[test]
fn eof_ends_the_engine_cleanly() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("uci");
    e.read_until(T, |l| l == "uciok");
    e.close_stdin();
    assert!(e.wait_exit(T));
}

#[test]
fn perft_answers_quickly() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    let start = Instant::now();
    e.send("go perft 5");
    let lines = e.read_until(T, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 4865609");
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn go_depth_reports_and_ends_in_one_legal_bestmove() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    let best = e.go_depth_checked(6);
    let pos =
        chess::Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
            .unwrap();
    assert!(pos.parse_uci(&best).is_ok(), "illegal bestmove {best}");
}

#[test]
fn go_movetime_answers_in_time() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos");
    let (took, _) = e.timed_go("go movetime 500");
    assert!(
        took >= Duration::from_millis(400),
        "answered too early: {took:?}"
    );
    assert!(
        took <= Duration::from_millis(600),
        "answered too late: {took:?}"
    );
}

#[test]
fn stop_ends_go_infinite_at_once_and_isready_answers_while_searching() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos");
    let lines = e.stop_infinite_search(Duration::from_millis(100));
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(
        chess::Position::startpos().parse_uci(&best).is_ok(),
        "{best}"
    );
}

#[test]
fn clock_time_control_keeps_within_the_clock() {
    let _serial = workspace_tests::serial();
    let mut e = engine();
    e.send("position startpos moves d2d4");
    e.sync();
    let start = Instant::now();
    e.send("go wtime 1000 btime 1000 winc 10 binc 10");
    e.read_until(T, |l| l.starts_with("bestmove "));
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "used {:?} of a 1 s clock",
        start.elapsed()
    );
}

#[test]
fn bench_is_deterministic() {
    let _serial = workspace_tests::serial();
    let run = || {
        let mut e = Engine::start_with_args("chess-engine", &["bench", "7"]);
        let lines = e.read_until(Duration::from_secs(120), |l| l.starts_with("bench: "));
        let last = lines.last().unwrap().clone();
        last.split_whitespace()
            .nth(1)
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    let first = run();
    assert!(first > 100_000, "bench searched only {first} nodes");
    assert_eq!(first, run());
}
