//! Resuming a match from its PGN, shards of one schedule, and an SPRT
//! that stops a decided match.

mod common;

use common::matches::{games, versus};
use common::{autotester, text};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use workbench::pgn::PgnGame;

fn dir(name: &str) -> PathBuf {
    common::scratch("resume", name)
}

/// (round, white, black) of every game.
fn keys(gs: &[PgnGame]) -> HashSet<(String, String, String)> {
    gs.iter()
        .map(|g| {
            let t = |n| g.tag(n).unwrap_or("").to_string();
            (t("Round"), t("White"), t("Black"))
        })
        .collect()
}

#[test]
fn resume_and_shards_follow_the_seeded_schedule() {
    let d = dir("resume");
    let full = d.join("full.pgn");
    let run = |pgn: &Path, rest: &str| {
        let out = versus(
            "chess",
            &[],
            &format!("-each depth=1 -maxmoves 30 -srand 9 {rest}"),
            pgn,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        out
    };
    run(&full, "-rounds 4");
    let all = games(&full);
    assert_eq!(keys(&all).len(), 8);

    // Resume: two rounds first, then four; only the missing four games run.
    let part = d.join("part.pgn");
    run(&part, "-rounds 2");
    let out = run(&part, "-rounds 4");
    assert!(text(&out.stdout).contains("4 games of 8 for shard 1/1 (4 already in"));
    let resumed = games(&part);
    assert_eq!(resumed.len(), 8);
    assert_eq!(keys(&resumed), keys(&all));

    // Shards: disjoint, together the whole schedule, same openings.
    let (s1, s2) = (d.join("s1.pgn"), d.join("s2.pgn"));
    run(&s1, "-rounds 4 -shard 1/2");
    run(&s2, "-rounds 4 -shard 2/2");
    let (g1, g2) = (games(&s1), games(&s2));
    assert_eq!(g1.len() + g2.len(), 8);
    let merged: Vec<PgnGame> = g1.iter().chain(&g2).cloned().collect();
    assert_eq!(keys(&merged), keys(&all));
    assert!(g1.iter().all(|g| matches!(g.tag("Round"), Some("1" | "3"))));
    let book = |gs: &[PgnGame], round: &str| -> Vec<String> {
        let g = gs
            .iter()
            .find(|g| g.tag("Round") == Some(round))
            .expect("round");
        g.moves.iter().take(8).map(|m| m.text.clone()).collect()
    };
    for round in ["1", "2", "3", "4"] {
        assert_eq!(book(&merged, round), book(&all, round), "round {round}");
    }
    assert_ne!(book(&all, "1"), book(&all, "2"));

    // The merged file rates like any PGN.
    let merged_path = d.join("merged.pgn");
    let text_of = |p: &Path| std::fs::read_to_string(p).unwrap();
    std::fs::write(&merged_path, text_of(&s1) + &text_of(&s2)).unwrap();
    let out = autotester(&["elo".into(), merged_path.display().to_string()]);
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("Pairs: 4"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn sprt_stops_a_decided_match() {
    let d = dir("sprt");
    let pgn = d.join("out.pgn");
    let out = versus(
        "chess",
        &["--mode", "illegal", "--after", "2"],
        "-each depth=1 -rounds 200 -sprt elo0=0 elo1=50 alpha=0.05 beta=0.05",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("H0 accepted"), "{stdout}");
    assert!(stdout.contains("SPRT decided with"), "{stdout}");
    let n = games(&pgn).len();
    assert!((4..60).contains(&n), "{n} games");

    // Rerunning does not reopen a decided test.
    let out = versus(
        "chess",
        &["--mode", "illegal", "--after", "2"],
        "-each depth=1 -rounds 200 -sprt elo0=0 elo1=50 alpha=0.05 beta=0.05",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("already decided"));
    assert_eq!(games(&pgn).len(), n);
}
