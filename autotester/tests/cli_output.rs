//! The command line's edges (issue 40): a closed standard output, a
//! non-UTF-8 argument, control characters in engine options, `-pgnout`
//! keys and the results block of `-ratinginterval`.

mod common;

use common::matches::{games, mock, words};
use common::{autotester, scratch, text};
use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs the autotester with its standard output already closed by its
/// reader, as `autotester ... | head -0` would: every write to it fails.
fn with_stdout_closed<S: AsRef<OsStr>>(args: &[S]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_autotester"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start autotester");
    // Closing our end of the pipe before the tester writes makes the
    // failure certain instead of a race with the pipe's buffer.
    drop(child.stdout.take());
    child.wait_with_output().expect("autotester ends")
}

fn assert_quiet_exit(out: &Output) {
    let err = text(&out.stderr);
    assert!(out.status.success(), "{:?}\n{err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
}

/// Two mocks for `rounds` rounds of two games, written to `pgn`.
fn match_args(pgn: &Path, rounds: u32, rest: &str) -> Vec<String> {
    let mut args = mock("ours", "chess", &[]);
    args.extend(mock("ref", "chess", &[]));
    args.extend(words(&format!(
        "-each tc=10+0.1 -game chess -rounds {rounds} {rest}"
    )));
    args.push("-pgnout".into());
    args.push(format!("file={}", pgn.display()));
    args
}

/// Issue 40 item 2: `autotester ... | head` ended with "failed printing
/// to stdout: Broken pipe", exit code 101, and the match stopped. Now it
/// plays on silently, as fastchess does, and writes every game.
#[test]
fn a_match_whose_output_closes_plays_on_and_writes_every_game() {
    let dir = scratch("cli_output", "closed_match");
    let pgn = dir.join("games.pgn");
    let out = with_stdout_closed(&match_args(&pgn, 3, ""));
    assert_quiet_exit(&out);
    assert_eq!(games(&pgn).len(), 6);
}

/// Issue 40 item 2: `elo | head -1` and `merge | head` panicked too.
#[test]
fn elo_and_merge_into_a_closed_output_exit_quietly() {
    let dir = scratch("cli_output", "closed_elo");
    let pgn = dir.join("games.pgn");
    assert!(autotester(&match_args(&pgn, 1, "-quiet")).status.success());
    let out = with_stdout_closed(&["elo".as_ref(), pgn.as_os_str()]);
    assert_quiet_exit(&out);
    let merged = dir.join("merged.pgn");
    let out = with_stdout_closed(&[
        "merge".as_ref(),
        pgn.as_os_str(),
        "-o".as_ref(),
        merged.as_os_str(),
    ]);
    assert_quiet_exit(&out);
    assert_eq!(games(&merged).len(), 2);
}

/// Issue 40 item 12: a file name that is not UTF-8 panicked in `env.rs`
/// (exit code 101). It is a path like any other now, and flag mode, which
/// needs text, refuses it as a usage error (exit code 2).
#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_do_not_panic() {
    use std::os::unix::ffi::OsStrExt;
    let name = OsStr::from_bytes(b"/nonexistent/x\xff.pgn");
    let out = autotester(&["elo".as_ref(), name]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot read"), "{err}");
    let out = autotester(&[OsStr::new("-engine"), OsStr::from_bytes(b"cmd=\xff")]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not valid UTF-8"), "{err}");
    // A subcommand's text argument: clap's usage error, code 2.
    let out = autotester(&[OsStr::new("compliance"), OsStr::from_bytes(b"engine\xff")]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// Issue 40 item 13: `option.Hash=$'16\nquit'` sent the engine a `quit`
/// of its own. Refused in flags, in `--option` and in config files.
#[test]
fn control_characters_in_options_are_refused() {
    let dir = scratch("cli_output", "control");
    let pgn = dir.join("games.pgn");
    for option in [
        "option.Hash=16\nquit",
        "option.Hash=16\rquit",
        "option.A\nB=1",
    ] {
        let mut args = match_args(&pgn, 1, "");
        args.extend(["-each".to_string(), option.to_string()]);
        let out = autotester(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{option:?}: {err}");
        assert!(err.contains("control characters"), "{err}");
    }
    assert!(!pgn.exists(), "no game was played");
    let out = autotester(&["compliance", common::MOCK, "--option", "Hash=1\nquit"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("control characters"), "{err}");
    let config = dir.join("test.toml");
    let player = |name: &str| {
        format!(
            "[[player]]\nname = \"{name}\"\ninvoke = \"{}\"\ndepth = 1\n\
             [player.options]\nHash = \"16\\nquit\"\n",
            common::MOCK
        )
    };
    let toml = format!(
        "game = \"chess\"\ngame_rounds = 2\n{}{}",
        player("a"),
        player("b")
    );
    std::fs::write(&config, toml).expect("write config");
    let out = autotester(&["run".as_ref(), config.as_os_str()]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("player a") && err.contains("control characters"),
        "{err}"
    );
}

/// Issue 40 item 5: `-pgnout file=x foo=bar` ignored `foo`; a key with a
/// value it cannot take is refused too.
#[test]
fn pgnout_refuses_unknown_keys() {
    let dir = scratch("cli_output", "pgnout");
    let pgn = dir.join("games.pgn");
    for (key, says) in [
        ("foo=bar", "unknown key \"foo\""),
        ("min=maybe", "unknown key \"min\""),
        ("notation=xan", "notation=xan: expected san, lan or uci"),
        ("nodes=maybe", "unknown key \"nodes\""),
    ] {
        let mut args = match_args(&pgn, 1, "");
        args.push(key.to_string());
        let out = autotester(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{key}: {err}");
        assert!(err.contains(says), "{key}: {err}");
    }
    // What we do anyway is accepted.
    let mut args = match_args(&pgn, 1, "-quiet");
    args.extend(["append=true".to_string(), "nodes=false".to_string()]);
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Issue 40 item 5: `-output format=fastchess -ratinginterval 2` printed
/// the final `Results of` block twice.
#[test]
fn the_last_results_block_is_printed_once() {
    let dir = scratch("cli_output", "interval");
    for (interval, blocks) in [(2, 2), (3, 2), (0, 1)] {
        let pgn = dir.join(format!("games{interval}.pgn"));
        let rest = format!("-output format=fastchess -ratinginterval {interval}");
        let out = autotester(&match_args(&pgn, 2, &rest));
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{}", text(&out.stderr));
        // 4 games: every 2 gives blocks after games 2 and 4; every 3,
        // after game 3 and the final one.
        assert_eq!(stdout.matches("Results of").count(), blocks, "{stdout}");
    }
}

/// Issue 40 item 2: `compliance` printed with `println!` too, and so
/// panicked on a closed output.
#[test]
fn compliance_whose_output_closes_exits_quietly() {
    let engine = format!("{} --game chess", env!("CARGO_BIN_EXE_mock-engine"));
    let out = with_stdout_closed(&["--compliance", engine.as_str()]);
    let err = text(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
}
