//! `autotester merge`: shards joined equal a single run, game for game;
//! duplicates are dropped; pieces of different runs are refused.

mod common;

use common::{scratch, text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const MOCK: &str = env!("CARGO_BIN_EXE_mock-engine");

fn autotester(args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autotester"))
        .args(args)
        .output()
        .expect("run autotester")
}

fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

/// A four-round mock chess match at depth 1 into `pgn`, with `extra`.
fn run(pgn: &Path, extra: &str) -> Output {
    let out = autotester(&words(&format!(
        "-engine cmd={MOCK} name=new arg=--game arg=chess -engine cmd={MOCK} name=old arg=--game arg=chess \
         -game chess -each depth=1 -rounds 4 -quiet -pgnout {} {extra}",
        pgn.display()
    )));
    assert!(out.status.success(), "{}", text(&out.stderr));
    out
}

fn merge(inputs: &[&PathBuf], out: &Path) -> Output {
    let mut args = vec!["merge".to_string()];
    args.extend(inputs.iter().map(|p| p.display().to_string()));
    args.extend(["-o".to_string(), out.display().to_string()]);
    autotester(&args)
}

fn elo(files: &[&PathBuf]) -> String {
    let mut args = vec!["elo".to_string()];
    args.extend(files.iter().map(|p| p.display().to_string()));
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Each game's tags, moves, result and ending, in file order (move
/// times, which differ from run to run, left out).
fn record(pgn: &Path) -> Vec<String> {
    let games = workbench::pgn::read_file(pgn).expect("a PGN");
    assert!(!games.is_empty());
    games
        .iter()
        .map(|g| {
            let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
            let tags: Vec<String> = [
                "Round",
                "White",
                "Black",
                "Result",
                "Fingerprint",
                "Termination",
            ]
            .iter()
            .map(|t| format!("{t}={}", g.tag(t).unwrap_or("-")))
            .collect();
            format!(
                "{} {} {:?}",
                tags.join(" "),
                moves.join(" "),
                g.final_comment
            )
        })
        .collect()
}

#[test]
fn merged_shards_equal_a_single_run() {
    let d = scratch("merge", "equal");
    let single = d.join("single.pgn");
    run(&single, "");
    let (s1, s2) = (d.join("s1.pgn"), d.join("s2.pgn"));
    run(&s1, "-shard 1/2");
    run(&s2, "-shard 2/2");
    let merged = d.join("merged.pgn");
    // A shard given twice: its games are kept once.
    let out = merge(&[&s2, &s1, &s2], &merged);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Merged 8 games from 3 file(s)")
            && stdout.contains("(4 duplicate(s) dropped"),
        "{stdout}"
    );
    assert_eq!(
        record(&merged),
        record(&single),
        "game for game, in the same order"
    );
    assert_eq!(elo(&[&merged]), elo(&[&single]));
    // `elo` takes the shards themselves too.
    assert_eq!(elo(&[&s1, &s2]), elo(&[&single]));
}

#[test]
fn pieces_of_different_runs_are_refused() {
    let d = scratch("merge", "refused");
    let (s1, s2) = (d.join("s1.pgn"), d.join("s2.pgn"));
    run(&s1, "-shard 1/2");
    run(&s2, "-shard 2/2 -srand 5");
    let out = merge(&[&s1, &s2], &d.join("m.pgn"));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("s2.pgn belongs to another run than"), "{err}");
    assert!(err.contains("seed (1 in the PGN, 5 now)"), "{err}");
    assert!(!d.join("m.pgn").exists());

    let bare = d.join("bare.pgn");
    std::fs::write(
        &bare,
        "[Round \"1\"][White \"new\"][Black \"old\"][Result \"1-0\"] 1. e4 1-0\n",
    )
    .unwrap();
    let out = merge(&[&s1, &bare], &d.join("m.pgn"));
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("bare.pgn: game 1 (round 1) has no fingerprint"));
}
