//! The binary as users run it: exit codes and messages.

mod common;

use common::{autotester, text};

use std::path::PathBuf;

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("autotester-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    path
}

#[test]
fn elo_prints_the_table_and_head_to_head() {
    let pgn = temp_file(
        "match.pgn",
        "[Round \"1\"][White \"new\"][Black \"old\"][Result \"1-0\"] 1. e4 1-0\n\
         [Round \"1\"][White \"old\"][Black \"new\"][Result \"1/2-1/2\"] 1. e4 1/2-1/2\n\
         [Round \"2\"][White \"new\"][Black \"old\"][Result \"0-1\"] 1. d4 0-1\n\
         [Round \"2\"][White \"old\"][Black \"new\"][Result \"0-1\"] 1. d4 0-1\n",
    );
    let out = autotester(&[
        "elo",
        pgn.to_str().unwrap(),
        "--sprt",
        "-5",
        "5",
        "0.05",
        "0.05",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("Rank Name   Elo    +    - games score oppo. draws \n"),
        "{stdout}"
    );
    assert!(stdout.contains("   1 new "));
    assert!(
        stdout.contains("Pairs: 2; pentanomial [0, 0.5, 1, 1.5, 2]: [0, 0, 1, 1, 0]"),
        "{stdout}"
    );
    assert!(stdout.contains("SPRT [-5.00, 5.00] (alpha"), "{stdout}");

    // fastchess's normalized model (issue 40), for `elo` as for `run`.
    let path = pgn.to_str().unwrap();
    let sprt = ["--sprt", "-5", "5", "0.05", "0.05"];
    let mut args = vec!["elo", path];
    args.extend(sprt);
    args.extend(["--sprt-model", "normalized"]);
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("SPRT [-5.00, 5.00] nElo"),
        "{}",
        text(&out.stdout)
    );
    let out = autotester(&["elo", path, "--sprt-model", "normalized"]);
    assert!(!out.status.success(), "a model without --sprt");
    args.pop();
    args.push("bayesian");
    let out = autotester(&args);
    assert!(
        text(&out.stderr).contains("expected logistic or normalized"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn elo_states_the_head_to_head_for_the_player_named_first() {
    // The file starts with old's win, as a run's PGN may (games are
    // written as they finish); --first new states the figures for new.
    let pgn = temp_file(
        "first.pgn",
        "[Round \"1\"][White \"old\"][Black \"new\"][Result \"1-0\"] 1. e4 1-0\n\
         [Round \"1\"][White \"new\"][Black \"old\"][Result \"1/2-1/2\"] 1. e4 1/2-1/2\n",
    );
    let path = pgn.to_str().unwrap();
    let out = autotester(&["elo", path]);
    assert!(text(&out.stdout).contains("old vs new: 2 games, W: 1 L: 0 D: 1"));
    let out = autotester(&["elo", path, "--first", "new"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("new vs old: 2 games, W: 0 L: 1 D: 1"),
        "{stdout}"
    );
    assert!(stdout.contains(": [0, 1, 0, 0, 0]"), "{stdout}");
    let out = autotester(&["elo", path, "--first", "nobody"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--first nobody: no game of that player"));
}

#[test]
fn elo_reads_a_pgn_that_starts_with_a_byte_order_mark() {
    let pgn = temp_file(
        "bom.pgn",
        "\u{feff}[Event \"e\"]\n[Round \"1\"]\n[White \"new\"]\n[Black \"old\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
         [Event \"e\"]\n[Round \"1\"]\n[White \"old\"]\n[Black \"new\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n",
    );
    let out = autotester(&["elo", pgn.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Pairs: 1"), "{stdout}");
    assert!(stdout.contains("   1 new "), "{stdout}");
}

#[test]
fn broken_pgn_names_file_and_line() {
    let pgn = temp_file(
        "broken.pgn",
        "[White \"a\"]\n[Black \"b\"]\n\n1. e4 {unclosed\n",
    );
    let out = autotester(&["elo", pgn.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("broken.pgn: line 4: comment opened here is never closed"),
        "{err}"
    );
}

#[test]
fn run_checks_the_config_and_names_an_engine_that_cannot_start() {
    let bad = temp_file("bad.txt", "cpus = 2\nplayer = a\ninvoke = ./a\nfis = 6\n");
    let out = autotester(&["run", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("bad.txt: line 4: `fis` needs"), "{err}");

    let good = temp_file(
        "good.toml",
        "game = \"chess\"\n[[player]]\nname = \"a\"\ninvoke = \"./no-such-engine\"\nfis = \"6 0.1\"\n\
         [[player]]\nname = \"b\"\ninvoke = \"./b\"\ndepth = 5\n",
    );
    let out = autotester(&["run", good.to_str().unwrap(), "--quiet"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("engine \"a\": cannot start \"./no-such-engine\""),
        "{err}"
    );
    assert!(err.contains("rerun to resume"), "{err}");
}

#[test]
fn usage_errors() {
    let out = autotester(&["-engine", "cmd=x", "-engine", "cmd=y", "-rounds", "10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("-engine #1: x: give tc=, st=, depth= or nodes="),
        "{}",
        text(&out.stderr)
    );
    let out = autotester(&["-help"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("-engine cmd=CMD"));
    let out = autotester(&["ladder", "x", "--depths", "3"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("need at least two different depths"));
    // Missing arguments and unknown subcommands are clap's usage errors.
    assert_eq!(autotester(&["ladder"]).status.code(), Some(2));
    assert_eq!(autotester(&["frobnicate"]).status.code(), Some(2));
}
