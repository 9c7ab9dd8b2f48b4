//! UCI transcripts through the in-memory runner with the toy games.

mod common;

use std::time::{Duration, Instant};

use common::nim::Nim;
use common::random_tree::RandomTree;
use common::session::Session;
use common::tictactoe::TicTacToe;
use search::{Evaluation, Frontend, Perft, Rules};

const LONG: Duration = Duration::from_secs(30);

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove")
}

fn count(lines: &[String], pred: impl Fn(&str) -> bool) -> usize {
    lines.iter().filter(|l| pred(l)).count()
}

fn bestmoves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| is_bestmove(l))
        .map(|l| l.split_whitespace().nth(1).unwrap_or("").to_string())
        .collect()
}

fn legal_texts<G: Frontend>(pos: &G) -> Vec<String> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|m| m.to_string()).collect()
}

fn errors(lines: &[String]) -> usize {
    count(lines, |l| l.starts_with("info string error:"))
}

#[test]
fn handshake_lists_identity_and_options() {
    let s = Session::start::<TicTacToe>();
    s.send("uci");
    let lines = s.wait_for(|l| l == "uciok", 1, LONG);
    assert!(
        lines[0].starts_with("id name tictactoe-engine"),
        "{lines:?}"
    );
    assert!(lines[1].starts_with("id author "));
    for option in [
        "option name Hash type spin default 16 min 1 max",
        "option name Threads type spin default 1 min 1 max",
        "option name Move Overhead type spin default 10 min 0 max",
        "option name NullMove type check default true",
        "option name LMR type check default true",
        "option name Futility type check default true",
        "option name Aspiration type check default true",
        "option name Clear Hash type button",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "missing '{option}' in {lines:?}"
        );
    }
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    let lines = s.sync();
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    assert_eq!(errors(&s.close()), 0);
}

#[test]
fn go_depth_reports_every_iteration_and_one_bestmove() {
    let s = Session::start::<TicTacToe>();
    s.send("position startpos moves 5");
    s.send("go depth 4");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    for d in 1..=4 {
        let prefix = format!("info depth {d} seldepth ");
        let line = lines
            .iter()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no depth {d} in {lines:?}"));
        for field in [
            " multipv 1 ",
            " score cp ",
            " nodes ",
            " nps ",
            " hashfull ",
            " time ",
            " pv ",
        ] {
            assert!(line.contains(field), "'{field}' missing in {line}");
        }
    }
    let pos = {
        let mut p = TicTacToe::startpos();
        let mv = p.parse_move("5").expect("legal");
        p.make(mv);
        p
    };
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    assert!(legal_texts(&pos).contains(&best[0]), "{best:?}");
    // The best move is the first PV move of the last iteration.
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    let pv_first = last_info
        .split(" pv ")
        .nth(1)
        .and_then(|pv| pv.split_whitespace().next());
    assert_eq!(pv_first, Some(best[0].as_str()));
    let lines = s.close();
    assert_eq!(count(&lines, is_bestmove), 1);
    assert_eq!(errors(&lines), 0);
}

#[test]
fn go_movetime_answers_in_time() {
    let s = Session::start::<RandomTree>();
    s.sync();
    let start = Instant::now();
    s.send("go movetime 500");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    let elapsed = start.elapsed();
    // 500 ms less the 10 ms overhead; the slack is for a loaded machine.
    assert!(
        elapsed >= Duration::from_millis(400),
        "too early: {elapsed:?}"
    );
    assert!(
        elapsed <= Duration::from_millis(650),
        "too late: {elapsed:?}"
    );
    let best = bestmoves(&lines);
    assert!(legal_texts(&RandomTree::startpos()).contains(&best[0]));
    s.close();
}

#[test]
fn stop_ends_go_infinite_quickly_and_isready_answers_during_search() {
    let s = Session::start::<RandomTree>();
    s.sync();
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    // Still searching, yet ready.
    let lines = s.sync();
    assert_eq!(
        count(&lines, is_bestmove),
        0,
        "bestmove before stop: {lines:?}"
    );
    assert!(count(&lines, |l| l.starts_with("info depth")) > 0);
    let start = Instant::now();
    s.send("stop");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    let elapsed = start.elapsed();
    assert!(
        elapsed < Duration::from_millis(100),
        "stop took {elapsed:?}"
    );
    let best = bestmoves(&lines);
    assert!(legal_texts(&RandomTree::startpos()).contains(&best[0]));
    // A second stop does nothing: still one bestmove.
    s.send("stop");
    s.sync();
    assert_eq!(count(&s.close(), is_bestmove), 1);
}

#[test]
fn go_infinite_waits_for_stop_even_when_the_search_is_done() {
    // Tic-tac-toe is solved at once; the bestmove must still wait.
    let s = Session::start::<TicTacToe>();
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let lines = s.sync();
    assert_eq!(count(&lines, is_bestmove), 0);
    s.send("stop");
    s.wait_for(is_bestmove, 1, LONG);
    assert_eq!(count(&s.close(), is_bestmove), 1);
}

#[test]
fn junk_and_bad_input_are_reported_and_change_nothing() {
    let s = Session::start::<TicTacToe>();
    s.send("position startpos moves 5 1");
    s.send("d");
    let before = s.wait_for(|l| l.starts_with("Fen: "), 1, LONG);
    let fen_before = before.iter().find(|l| l.starts_with("Fen: ")).cloned();
    let junk = [
        "hello world",
        "position",
        "position fen x",
        "position fen xxxxxxxxx z",
        "position startpos moves 5 5",
        "position startpos moves 10",
        "position startpos junk",
        "setoption name Hash value 0",
        "setoption name Hash value lots",
        "setoption name Threads value 100000",
        "setoption name LMR value maybe",
        "setoption name NoSuchOption value 1",
        "setoption",
        "perft",
        "bench deep",
        "\u{fffd}\u{1}garbage",
    ];
    for line in junk {
        s.send(line);
    }
    s.send("d");
    let lines = s.wait_for(|l| l.starts_with("Fen: "), 2, LONG);
    assert_eq!(errors(&lines), junk.len(), "{lines:?}");
    let fens: Vec<&String> = lines.iter().filter(|l| l.starts_with("Fen: ")).collect();
    assert_eq!(Some(fens[1]), fen_before.as_ref(), "the position changed");
    assert_eq!(fens[1], "Fen: o...x.... x");
    // Bad values left the options alone: a search still works.
    s.send("go depth 3");
    s.wait_for(is_bestmove, 1, LONG);
    let lines = s.close();
    assert_eq!(errors(&lines), junk.len());
}

#[test]
fn a_malformed_go_still_gets_exactly_one_bestmove() {
    let s = Session::start::<TicTacToe>();
    s.send("go depth lots");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    assert!(errors(&lines) >= 1);
    assert!(legal_texts(&TicTacToe::startpos()).contains(&bestmoves(&lines)[0]));
    assert_eq!(count(&s.close(), is_bestmove), 1);
}

#[test]
fn every_go_gets_exactly_one_bestmove() {
    let s = Session::start::<RandomTree>();
    let gos = [
        "go depth 3",
        "go nodes 1",
        "go nodes 500",
        "go movetime 20",
        "go wtime 100 btime 100",
        "go time 50 inc 5",
        "go wtime 1 btime 1 movestogo 1",
        "go depth 2",
    ];
    for go in gos {
        s.send(go);
    }
    // A `go` while an infinite search runs stops that one first.
    s.send("go infinite");
    s.send("go depth 1");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    s.send("stop");
    let lines = s.wait_for(is_bestmove, gos.len() + 3, LONG);
    let legal = legal_texts(&RandomTree::startpos());
    for best in bestmoves(&lines) {
        assert!(legal.contains(&best), "{best} is not legal");
    }
    s.sync();
    assert_eq!(count(&s.close(), is_bestmove), gos.len() + 3);
}

#[test]
fn no_legal_move_answers_0000() {
    let s = Session::start::<TicTacToe>();
    s.send("position fen xxxoo.... o");
    s.send("go depth 5");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    assert_eq!(bestmoves(&lines), ["0000"]);
    s.close();
}

#[test]
fn go_perft_divides_like_stockfish() {
    let s = Session::start::<TicTacToe>();
    s.send("go perft 2");
    let lines = s.wait_for(|l| l.starts_with("Nodes searched"), 1, LONG);
    for sq in 1..=9 {
        assert!(lines.contains(&format!("{sq}: 8")), "{lines:?}");
    }
    let n = lines.len();
    assert_eq!(lines[n - 2], "");
    assert_eq!(lines[n - 1], "Nodes searched: 72");
    // Plain `perft` uses the game's style: the default is the same.
    s.send("perft 1");
    let lines = s.wait_for(|l| l.starts_with("Nodes searched"), 2, LONG);
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 9"));
    s.close();
}

#[test]
fn perft_per_depth_style() {
    let s = Session::start::<Nim>();
    s.send("position fen 1/2 w");
    s.send("perft 3");
    let lines = s.wait_for(|l| l.starts_with("perft 3 "), 1, LONG);
    // 1/2: moves 0-1, 1-1, 1-2 (3); then 1/2→0/2: 2; 1/1: 2; 1/0: 1 (5);
    // depth 3: 0/2→2, 1/1→... counted by the toy game's perft.
    let mut pos = Nim::from_fen("1/2 w").expect("fen");
    let expected: Vec<String> = (1..=3)
        .map(|d| format!("perft {d} {}", pos.perft(d)))
        .collect();
    assert_eq!(&lines[lines.len() - 3..], expected.as_slice());
    assert_eq!(expected[0], "perft 1 3");
    assert_eq!(expected[1], "perft 2 5");
    // `make` counts the same leaves, every move of the upper plies made.
    s.send("perft 3 make");
    let lines = s.wait_for(|l| l.starts_with("perft 3 "), 2, LONG);
    assert_eq!(&lines[lines.len() - 3..], expected.as_slice());
    s.close();
}

#[test]
fn perft_make_counts_what_perft_counts() {
    let s = Session::start::<TicTacToe>();
    s.send("go perft 3 make");
    let lines = s.wait_for(|l| l.starts_with("Nodes searched"), 1, LONG);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 504")
    );
    s.close();
    for (fen, depth) in [("1/2 w", 3), ("3/4/5 w", 6)] {
        let mut pos = Nim::from_fen(fen).expect("fen");
        for d in 0..=depth {
            assert_eq!(pos.perft_make(d), pos.perft(d), "{fen} depth {d}");
        }
    }
    // Won games below depth 5 have no moves: they count nothing deeper.
    let mut pos = TicTacToe::startpos();
    for d in 0..=6 {
        assert_eq!(pos.perft_make(d), pos.perft(d), "tic-tac-toe depth {d}");
    }
}

#[test]
fn display_and_eval() {
    let s = Session::start::<TicTacToe>();
    s.send("position fen xo..x.... o");
    s.send("d");
    s.send("eval");
    let lines = s.wait_for(|l| l.starts_with("total: "), 1, LONG);
    assert!(lines.contains(&"xo.".to_string()), "{lines:?}");
    assert!(lines.contains(&"Fen: xo..x.... o".to_string()));
    assert!(lines.iter().any(|l| l.starts_with("Key: ")));
    let pos = TicTacToe::from_fen("xo..x.... o").expect("fen");
    let eval = pos.evaluate(&Default::default(), &mut ());
    assert!(lines.contains(&format!("total: {eval}")));
    s.close();
}

#[test]
fn bench_is_deterministic() {
    let run = || {
        let s = Session::start::<RandomTree>();
        s.send("bench 6");
        let lines = s.wait_for(|l| l.starts_with("bench: "), 1, LONG);
        s.close();
        lines
    };
    let a = run();
    let b = run();
    let total = |lines: &[String]| {
        let last = lines
            .iter()
            .find(|l| l.starts_with("bench: "))
            .expect("bench line")
            .clone();
        let parts: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(parts.len(), 5, "{last}");
        assert_eq!((parts[2], parts[4]), ("nodes", "nps"));
        parts[1].parse::<u64>().expect("nodes")
    };
    assert_eq!(total(&a), total(&b));
    assert!(total(&a) > 0);
    let per_position = |lines: &[String]| count(lines, |l| l.starts_with("position "));
    assert_eq!(per_position(&a), RandomTree::bench_positions().len());
    // Options that change the search change the signature.
    let s = Session::start::<RandomTree>();
    s.send("setoption name LMR value false");
    s.send("setoption name NullMove value false");
    s.send("bench 6");
    let c = s.wait_for(|l| l.starts_with("bench: "), 1, LONG);
    s.close();
    assert_ne!(total(&a), total(&c));
}

#[test]
fn end_of_input_stops_a_search_after_its_bestmove() {
    let s = Session::start::<RandomTree>();
    s.send("go depth 60");
    std::thread::sleep(Duration::from_millis(50));
    let start = Instant::now();
    let lines = s.close();
    assert!(start.elapsed() < Duration::from_secs(5), "{lines:?}");
    assert_eq!(count(&lines, is_bestmove), 1);
    assert!(!lines.iter().any(|l| l.starts_with("info depth 60 ")));
}

#[test]
fn end_of_input_lets_counts_finish() {
    let s = Session::start::<TicTacToe>();
    s.send("perft 4");
    s.send("bench 3");
    let lines = s.close();
    assert!(
        lines.iter().any(|l| l.starts_with("Nodes searched: ")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("bench: ")), "{lines:?}");
}

#[test]
fn quit_stops_an_infinite_search_and_returns() {
    let s = Session::start::<RandomTree>();
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    s.send("quit");
    let start = Instant::now();
    while !s.finished() {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "quit did not return"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(count(&s.lines(), is_bestmove), 1);
}

#[test]
fn ucinewgame_clears_the_table() {
    let s = Session::start::<RandomTree>();
    s.send("setoption name Hash value 1");
    s.send("go depth 12");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    let hashfull = |line: &str| -> u32 {
        let parts: Vec<&str> = line.split_whitespace().collect();
        let i = parts
            .iter()
            .position(|&p| p == "hashfull")
            .expect("hashfull");
        parts[i + 1].parse().expect("number")
    };
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    assert!(hashfull(last) > 100, "{last}");
    s.send("ucinewgame");
    s.send("go depth 1");
    let lines = s.wait_for(is_bestmove, 2, LONG);
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 1 "))
        .expect("info");
    assert!(hashfull(last) < 20, "{last}");
    s.close();
}

#[test]
fn threads_and_options_take_effect() {
    let s = Session::start::<RandomTree>();
    s.send("setoption name threads value 2");
    s.send("setoption name Move Overhead value 50");
    s.send("setoption name Hash value 4");
    s.send("go depth 7");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    assert_eq!(errors(&lines), 0, "{lines:?}");
    assert!(legal_texts(&RandomTree::startpos()).contains(&bestmoves(&lines)[0]));
    s.close();
}

#[test]
fn piped_commands_run_in_order() {
    let s = Session::start::<TicTacToe>();
    // Sent at once, as a script piped into the engine.
    s.send("go depth 9");
    s.send("position startpos moves 5");
    s.send("setoption name Hash value 2");
    s.send("go depth 9");
    s.send("isready");
    let lines = s.wait_for(is_bestmove, 2, LONG);
    assert_eq!(errors(&lines), 0, "{lines:?}");
    // Both searches completed depth 9.
    assert_eq!(
        count(&lines, |l| l.starts_with("info depth 9 ")),
        2,
        "{lines:?}"
    );
    let second_pv = lines
        .iter()
        .filter(|l| l.starts_with("info depth 1 "))
        .nth(1)
        .expect("second search");
    // The second search is from the position after 5: square 5 is taken.
    assert!(!second_pv.ends_with(" pv 5"), "{second_pv}");
    // `isready` was answered at once, before the first search ended.
    let ready = lines.iter().position(|l| l == "readyok").expect("readyok");
    let first_best = lines.iter().position(|l| is_bestmove(l)).expect("bestmove");
    assert!(ready < first_best, "{lines:?}");
    s.close();
}

/// Issue 11, item 6: the whole script runs, in order, though `quit` comes
/// while the first search is still running.
#[test]
fn quit_does_not_drop_earlier_commands() {
    let s = Session::start::<RandomTree>();
    for line in [
        "uci",
        "isready",
        "position startpos",
        "go depth 3",
        "isready",
        "setoption name Hash value -5",
        "position startpos moves m1",
        "go depth 2",
        "isready",
        "quit",
    ] {
        s.send(line);
    }
    let start = Instant::now();
    while !s.finished() {
        assert!(start.elapsed() < LONG, "quit did not return");
        std::thread::sleep(Duration::from_millis(1));
    }
    let lines = s.lines();
    assert_eq!(count(&lines, |l| l == "readyok"), 3, "{lines:?}");
    assert_eq!(count(&lines, is_bestmove), 2, "{lines:?}");
    assert_eq!(errors(&lines), 1, "the bad Hash value: {lines:?}");
    assert_eq!(count(&lines, |l| l == "uciok"), 1);
}

/// Issue 11, item 7: the command loop answers during long counts, and
/// `stop` ends them.
#[test]
fn isready_and_stop_work_during_perft_and_bench() {
    for long in ["perft 12", "go perft 12", "bench 40"] {
        let s = Session::start::<RandomTree>();
        s.send(long);
        std::thread::sleep(Duration::from_millis(50));
        let start = Instant::now();
        s.sync();
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{long}: isready late"
        );
        s.send("stop");
        s.wait_for(|l| l.ends_with(" stopped"), 1, Duration::from_secs(2));
        // The engine is free again.
        s.send("go depth 2");
        s.wait_for(is_bestmove, 1, LONG);
        s.close();
    }
}

/// Issue 38, item 4: as in Stockfish, a count piped before `quit` runs to
/// its end and prints its counts (a perft script written for Stockfish
/// ends with `quit`); a search is still stopped by it.
#[test]
fn quit_lets_a_piped_count_finish() {
    for (count, last) in [
        ("perft 4", "Nodes searched: "),
        ("go perft 4", "Nodes searched: "),
        ("bench 3", "bench: "),
    ] {
        let s = Session::start::<RandomTree>();
        s.send(count);
        s.send("quit");
        let start = Instant::now();
        while !s.finished() {
            assert!(start.elapsed() < LONG, "{count}: quit did not return");
            std::thread::sleep(Duration::from_millis(1));
        }
        let lines = s.lines();
        assert!(
            lines.iter().any(|l| l.starts_with(last)),
            "{count}: {lines:?}"
        );
        assert!(!lines.iter().any(|l| l.ends_with(" stopped")), "{lines:?}");
    }
    let s = Session::start::<RandomTree>();
    s.send("go infinite");
    s.send("quit");
    let start = Instant::now();
    while !s.finished() {
        assert!(start.elapsed() < LONG, "quit did not stop the search");
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(count(&s.lines(), is_bestmove), 1);
}

/// Issue 11, item 7: `go depth 99`, `go depth 1`, `isready`, `stop`.
#[test]
fn stop_reaches_a_long_search_with_another_waiting() {
    let s = Session::start::<RandomTree>();
    s.send("go depth 99");
    s.send("go depth 1");
    let start = Instant::now();
    s.sync();
    assert!(start.elapsed() < Duration::from_secs(1));
    s.send("stop");
    let lines = s.wait_for(is_bestmove, 2, Duration::from_secs(2));
    assert!(!lines.iter().any(|l| l.starts_with("info depth 99 ")));
    assert_eq!(count(&s.close(), is_bestmove), 2);
}

#[test]
fn multipv_reports_distinct_lines() {
    let s = Session::start::<RandomTree>();
    s.send("setoption name MultiPV value 3");
    s.send("go depth 5");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    let first_moves: Vec<String> = (1..=3)
        .map(|k| {
            let prefix = "info depth 5 ";
            let tag = format!(" multipv {k} ");
            let line = lines
                .iter()
                .find(|l| l.starts_with(prefix) && l.contains(&tag))
                .unwrap_or_else(|| panic!("no line {k}: {lines:?}"));
            line.split(" pv ")
                .nth(1)
                .expect("pv")
                .split(' ')
                .next()
                .expect("move")
                .to_string()
        })
        .collect();
    assert_ne!(first_moves[0], first_moves[1]);
    assert_ne!(first_moves[1], first_moves[2]);
    assert_ne!(first_moves[0], first_moves[2]);
    assert_eq!(bestmoves(&lines)[0], first_moves[0]);
    s.send("setoption name MultiPV value 6");
    assert_eq!(errors(&s.sync()), 1);
    s.close();
}

#[test]
fn searchmoves_restricts_the_root() {
    let s = Session::start::<RandomTree>();
    let legal = legal_texts(&RandomTree::startpos());
    let last = legal.last().expect("moves").clone();
    s.send(&format!("go depth 4 searchmoves {last} nonsense"));
    let lines = s.wait_for(is_bestmove, 1, LONG);
    assert_eq!(bestmoves(&lines), vec![last]);
    assert_eq!(errors(&lines), 1, "{lines:?}");
    s.close();
}

#[test]
fn ponder_waits_for_ponderhit_then_keeps_the_clock() {
    let s = Session::start::<RandomTree>();
    s.send("go ponder wtime 300 btime 300 depth 3");
    std::thread::sleep(Duration::from_millis(300));
    // Depth 3 is long done, but no bestmove before ponderhit.
    assert_eq!(count(&s.sync(), is_bestmove), 0);
    s.send("ponderhit");
    s.wait_for(is_bestmove, 1, Duration::from_secs(2));

    // Without a depth: the search goes on after ponderhit only within
    // the clock.
    s.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(count(&s.lines(), is_bestmove), 1);
    let start = Instant::now();
    s.send("ponderhit");
    s.wait_for(is_bestmove, 2, Duration::from_secs(2));
    assert!(
        start.elapsed() < Duration::from_millis(700),
        "{:?}",
        start.elapsed()
    );
    s.close();
}

#[test]
fn go_mate_stops_at_the_mate() {
    // Nim: taking the last stone wins; a mate in 1 exists from a small pile.
    let s = Session::start::<Nim>();
    s.send("go mate 5");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    assert!(last_info.contains(" score mate "), "{lines:?}");
    s.close();
}

#[test]
fn no_legal_move_reports_a_score_first() {
    let s = Session::start::<TicTacToe>();
    s.send("position fen xxxoo.... o");
    s.send("go depth 3");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    let n = lines.len();
    assert_eq!(lines[n - 1], "bestmove 0000");
    assert!(lines[n - 2].starts_with("info depth 0 score "), "{lines:?}");
    s.close();
}

#[test]
fn stop_ends_the_running_search_and_the_waiting_one() {
    let s = Session::start::<RandomTree>();
    s.send("go depth 60");
    s.send("go infinite");
    s.send("stop");
    let lines = s.wait_for(is_bestmove, 2, Duration::from_secs(5));
    assert!(!lines.iter().any(|l| l.starts_with("info depth 60 ")));
    assert_eq!(count(&s.close(), is_bestmove), 2);
}

#[test]
fn an_overlong_line_is_dropped_with_an_error() {
    let s = Session::start::<TicTacToe>();
    s.send(&"position startpos moves".repeat(300_000));
    s.send("go depth 2");
    let lines = s.wait_for(is_bestmove, 1, LONG);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("longer than 4194304 bytes ignored")),
        "{:?}",
        &lines[..lines.len().min(5)]
    );
    s.close();
}

/// Issue 38, item 4: input that waits for a long search is bounded:
/// beyond 10,000 lines or 8 MiB a line is refused with an error, never
/// kept.
#[test]
fn input_waiting_for_a_search_is_bounded() {
    let s = Session::start::<RandomTree>();
    // A long search that stops by itself (a waiting line would stop `go
    // infinite` at once: it waits for nothing else).
    s.send("go depth 99");
    let moves = " m1".repeat(2_000);
    for _ in 0..1_000 {
        s.send(&format!("position startpos moves{moves}"));
    }
    s.send("position startpos moves m2");
    for _ in 0..10_500 {
        s.send("setoption name Hash value 1");
    }
    s.send("stop");
    s.wait_for(is_bestmove, 1, LONG);
    s.send("d");
    let lines = s.close();
    // 1,001 position lines (6 MB) wait; of the setoption lines, those
    // past the bound of 10,000 waiting lines are refused, each with an
    // error.
    let full = count(&lines, |l| l.contains("already wait for the running job"));
    assert_eq!(full, 1_501, "refused lines");
    // The last position was kept, and is the one displayed.
    let shown = lines.iter().filter(|l| l.contains("m2")).count();
    assert!(shown > 0, "{:?}", &lines[lines.len().saturating_sub(5)..]);
}
