//! UCI features both engine binaries share (issue 11, items 9 and 11),
//! checked on the real binaries.

use std::time::Duration;

use workspace_tests::Engine;

const T: Duration = Duration::from_secs(30);
const ENGINES: [&str; 2] = ["chess-engine", "leiserchess-engine"];

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove ")
}

/// The first move of the PV of `info depth <depth> … multipv <k> …`.
fn line_move(lines: &[String], depth: u32, k: u32) -> Option<String> {
    let prefix = format!("info depth {depth} ");
    let tag = format!(" multipv {k} ");
    let line = lines
        .iter()
        .find(|l| l.starts_with(&prefix) && l.contains(&tag))?;
    let pv = line.split(" pv ").nth(1)?;
    pv.split_whitespace().next().map(str::to_string)
}

#[test]
fn each_game_declares_its_own_search_defaults() {
    // Internal iterative reduction, SEE pruning, the table-adjusted
    // evaluation and the extra reduction beside a noisy table move gained
    // in chess and showed no gain or are unmeasured in Leiserchess
    // (docs/strength.md): on for one, off for the other. So did sharing
    // the clock as if 20 moves were left rather than 30.
    let _serial = workspace_tests::serial();
    for (name, on, moves_to_go) in [
        ("chess-engine", true, 20),
        ("leiserchess-engine", false, 30),
    ] {
        let mut e = Engine::start(name);
        e.send("uci");
        let lines = e.read_until(T, |l| l == "uciok");
        for switch in ["IIR", "SEEPruning", "TTEval", "TTNoisyLMR"] {
            let line = format!("option name {switch} type check default {on}");
            assert!(lines.contains(&line), "{name}: no {line}: {lines:?}");
        }
        let line = format!("option name TMMovesToGo type spin default {moves_to_go} min 1 max 50");
        assert!(lines.contains(&line), "{name}: no {line}: {lines:?}");
        e.send("quit");
        assert!(e.wait_exit(T), "{name}: quit must end the engine");
    }
}

#[test]
fn threads_beyond_the_cores_keep_the_time_limit() {
    let _serial = workspace_tests::serial();
    for name in ENGINES {
        let mut e = Engine::start(name);
        e.send("setoption name Threads value 256");
        let said = e.sync();
        assert!(
            said.iter()
                .any(|l| l.starts_with("info string Threads capped at ")),
            "{name}: {said:?}"
        );
        let (took, lines) = e.timed_go("go movetime 300");
        assert!(
            took < Duration::from_millis(1000),
            "{name}: go movetime 300 took {took:?}: {lines:?}"
        );
    }
}

#[test]
fn multipv_gives_distinct_numbered_lines() {
    let _serial = workspace_tests::serial();
    for name in ENGINES {
        let mut e = Engine::start(name);
        e.send("setoption name MultiPV value 3");
        e.send("go depth 4");
        let lines = e.read_until(T, is_bestmove);
        let moves: Vec<String> = (1..=3)
            .map(|k| line_move(&lines, 4, k).unwrap_or_else(|| panic!("{name} {k}: {lines:?}")))
            .collect();
        assert!(
            moves[0] != moves[1] && moves[1] != moves[2] && moves[0] != moves[2],
            "{name}: {moves:?}"
        );
        let best = lines.last().and_then(|l| l.split_whitespace().nth(1));
        assert_eq!(best, Some(moves[0].as_str()), "{name}");
    }
}

#[test]
fn searchmoves_limits_the_root_and_reports_bad_moves() {
    let _serial = workspace_tests::serial();
    for (name, only) in [("chess-engine", "a2a3"), ("leiserchess-engine", "h0g0")] {
        let mut e = Engine::start(name);
        e.send(&format!("go depth 3 searchmoves {only} zz9"));
        let lines = e.read_until(T, is_bestmove);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: illegal move 'zz9'")),
            "{name}: {lines:?}"
        );
        let best = lines.last().and_then(|l| l.split_whitespace().nth(1));
        assert_eq!(best, Some(only), "{name}: {lines:?}");
    }
}

#[test]
fn go_mate_finds_a_mate_in_two_and_stops() {
    let _serial = workspace_tests::serial();
    let mut e = Engine::start("chess-engine");
    // A back-rank mate in two: 1. Re8+ Rxe8 2. Rxe8#.
    e.send("position fen r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1");
    e.send("go mate 2");
    let lines = e.read_until(T, is_bestmove);
    assert!(
        lines.iter().any(|l| l.contains(" score mate 2 ")),
        "{lines:?}"
    );
}

#[test]
fn ponder_holds_the_bestmove_until_ponderhit() {
    let _serial = workspace_tests::serial();
    for name in ENGINES {
        let mut e = Engine::start(name);
        e.send("go ponder wtime 2000 btime 2000 depth 2");
        std::thread::sleep(Duration::from_millis(300));
        let early = e.sync();
        assert!(!early.iter().any(|l| is_bestmove(l)), "{name}: {early:?}");
        e.send("ponderhit");
        e.read_until(Duration::from_secs(2), is_bestmove);
    }
}

#[test]
fn a_lost_position_reports_its_score_before_bestmove_0000() {
    let _serial = workspace_tests::serial();
    // Mated, and stalemated (Leiserchess positions always have a move).
    for (name, fen, score) in [
        (
            "chess-engine",
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            "info depth 0 score mate 0",
        ),
        (
            "chess-engine",
            "7k/8/6Q1/8/8/8/8/K7 b - - 0 1",
            "info depth 0 score cp 0",
        ),
    ] {
        let mut e = Engine::start(name);
        e.send(&format!("position fen {fen}"));
        e.send("go depth 3");
        let lines = e.read_until(T, is_bestmove);
        let n = lines.len();
        assert_eq!(lines[n - 1], "bestmove 0000", "{name}");
        assert_eq!(lines[n - 2], score, "{name}: {lines:?}");
    }
}

#[test]
fn display_prints_fen_and_key_once() {
    let _serial = workspace_tests::serial();
    for name in ENGINES {
        let mut e = Engine::start(name);
        e.send("d");
        let lines = e.sync();
        for field in ["Fen: ", "Key: "] {
            let n = lines.iter().filter(|l| l.starts_with(field)).count();
            assert_eq!(n, 1, "{name} {field}: {lines:?}");
        }
    }
}

#[test]
fn a_go_with_a_bad_part_searches_with_the_rest() {
    let _serial = workspace_tests::serial();
    for name in ENGINES {
        let mut e = Engine::start(name);
        e.send("go depth 3 nodes lots");
        let lines = e.read_until(T, is_bestmove);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string error: bad value 'lots' for 'nodes'")),
            "{name}: {lines:?}"
        );
        // The valid part, depth 3, was searched.
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 3 ")),
            "{name}: {lines:?}"
        );
    }
}

/// A line sent right after reading a `bestmove` finds the engine free: its
/// answer comes before the `readyok` of an `isready` sent after it.
#[test]
fn commands_after_a_bestmove_are_handled_before_isready() {
    let _serial = workspace_tests::serial();
    for name in ENGINES {
        let mut e = Engine::start(name);
        for round in 0..100 {
            e.send("go depth 1");
            e.read_until(T, is_bestmove);
            e.send("setoption name Nope value 1");
            let lines = e.sync();
            assert!(
                lines.iter().any(|l| l.starts_with("info string error")),
                "{name} round {round}: {lines:?}"
            );
        }
    }
}

/// Rule 8.2 of docs/leiserchess-rules.md: a king zap is one leaf at its
/// own depth and every greater one, so both counting commands agree.
#[test]
fn leiserchess_go_perft_and_perft_agree_on_king_zaps() {
    let _serial = workspace_tests::serial();
    let mut e = Engine::start("leiserchess-engine");
    e.send("position fen ss7/8/8/8/8/8/8/NN7 W");
    e.send("go perft 3");
    let divided = e.read_until(T, |l| l.starts_with("Nodes searched"));
    assert_eq!(
        divided.last().map(String::as_str),
        Some("Nodes searched: 174")
    );
    e.send("perft 3");
    let counted = e.read_until(T, |l| l.starts_with("perft 3 "));
    assert_eq!(counted.last().map(String::as_str), Some("perft 3 174"));
}
