//! Issue 40, item 9: an engine's illegal first move in a later game is
//! a lost game, not the end of the run. Only an engine that never made a
//! legal move (one that plays another game) still stops the run.

mod common;

use common::matches::{games, mock, score_of, words};
use common::{autotester, scratch, text, MOCK};
use std::path::Path;
use std::process::Output;
use workbench::pgn::GameResult;

/// Twenty games (one at a time, so one engine process per player) of
/// `bad`, which answers `answer` to the first `go` of its fifth game, against
/// a random mover.
fn twenty_games(game: &str, answer: &str, pgn: &Path) -> Output {
    let bad = [
        "--mode",
        "illegal",
        "--after",
        "1",
        "--in-game",
        "5",
        "--illegal-move",
        answer,
    ];
    let mut args = mock("bad", game, &bad);
    args.extend(mock("good", game, &[]));
    args.extend(words(&format!(
        "-game {game} -each depth=1 -rounds 10 -openings plies=2 -concurrency 1 -quiet"
    )));
    args.push("-pgnout".into());
    args.push(format!("file={}", pgn.display()));
    autotester(&args)
}

// Item 9: on the code as it was, each of these runs ended with rc 1 after
// four games ("made an illegal first move ... plays another game").
#[test]
fn an_illegal_first_move_in_a_later_game_loses_that_game_only() {
    let cases = [
        ("chess", "a1a1", "makes an illegal move: a1a1"),
        ("chess", "0000", "makes an illegal move: 0000"),
        ("chess", "none", "a bestmove without a move"),
        ("leiserchess", "a1a1", "makes an illegal move: a1a1"),
    ];
    for (game, answer, reason) in cases {
        let d = scratch("illegal", &format!("{game}-{answer}"));
        let pgn = d.join("out.pgn");
        let out = twenty_games(game, answer, &pgn);
        assert!(
            out.status.success(),
            "{game} {answer}: {}",
            text(&out.stderr)
        );
        let all = games(&pgn);
        assert_eq!(all.len(), 20, "{game} {answer}");
        let lost: Vec<_> = all
            .iter()
            .filter(|g| {
                g.final_comment
                    .as_deref()
                    .is_some_and(|c| c.contains(reason))
            })
            .collect();
        assert_eq!(lost.len(), 1, "{game} {answer}: {all:?}");
        assert_eq!(score_of(lost[0], "bad"), GameResult::BlackWins);
        assert_eq!(lost[0].tag("Termination"), Some("rules infraction"));
    }
}

// Item 9's exception: an engine whose very first move is illegal still
// stops the run (tests/traps.rs covers a chess engine in Leiserchess). A
// resumed run counts the PGN's games: an engine with legal moves there
// only loses when its first game of the rerun starts with an illegal one.
#[test]
fn a_resumed_run_remembers_that_the_engine_made_legal_moves() {
    let d = scratch("illegal", "resumed");
    let pgn = d.join("out.pgn");
    // The command stays the same (the fingerprint holds it); the script
    // behind it changes between the runs.
    let script = d.join("bad.sh");
    let write_script = |extra: &str| {
        let body = format!("#!/bin/sh\nexec {MOCK} --game chess {extra}\n");
        std::fs::write(&script, body).expect("script");
        let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
        std::fs::set_permissions(&script, mode).expect("chmod");
    };
    let run = |rounds: u32| {
        let mut args = vec!["-engine".to_string(), format!("cmd={}", script.display())];
        args.push("name=bad".into());
        args.extend(mock("good", "chess", &[]));
        args.extend(words(&format!(
            "-game chess -each depth=1 -rounds {rounds} -openings plies=2 -concurrency 1 -quiet"
        )));
        args.push(format!("-pgnout file={}", pgn.display()));
        let args: Vec<String> = args.iter().flat_map(|a| words(a)).collect();
        autotester(&args)
    };
    write_script("");
    let out = run(2);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(games(&pgn).len(), 4);
    write_script("--mode illegal --after 1 --in-game 1");
    let out = run(4);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let all = games(&pgn);
    assert_eq!(all.len(), 8);
    let reason = |g: &workbench::pgn::PgnGame| g.final_comment.clone().unwrap_or_default();
    assert!(reason(&all[4]).contains("makes an illegal move"), "{all:?}");
}
