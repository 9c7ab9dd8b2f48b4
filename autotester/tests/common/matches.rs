//! Matches against the mock engine: its `-engine` flags, a match of a
//! misbehaving mock against a random mover, and the games it leaves.

use super::{autotester, MOCK};
use std::path::Path;
use std::process::Output;
use workbench::pgn::{read_file, GameResult, PgnGame};

/// `-engine` flags for the mock in `game` with extra mock arguments.
pub fn mock(name: &str, game: &str, extra: &[&str]) -> Vec<String> {
    let mut v = vec![
        "-engine".to_string(),
        format!("cmd={MOCK}"),
        format!("name={name}"),
        "arg=--game".into(),
        format!("arg={game}"),
    ];
    v.extend(extra.iter().map(|a| format!("arg={a}")));
    v
}

pub fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// A match of `bad` (mock with `extra`) against a random mover.
pub fn versus(game: &str, extra: &[&str], rest: &str, pgn: &Path) -> Output {
    let mut args = mock("bad", game, extra);
    args.extend(mock("good", game, &[]));
    args.extend(words(&format!("-game {game} -concurrency 2 -quiet {rest}")));
    args.push("-pgnout".into());
    args.push(format!("file={}", pgn.display()));
    autotester(&args)
}

pub fn games(pgn: &Path) -> Vec<PgnGame> {
    read_file(pgn).expect("readable PGN")
}

/// The result for `name` in `g`.
pub fn score_of(g: &PgnGame, name: &str) -> GameResult {
    match (g.outcome(), g.tag("White") == Some(name)) {
        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => GameResult::WhiteWins,
        (GameResult::Draw, _) => GameResult::Draw,
        (GameResult::Unfinished, _) => GameResult::Unfinished,
        _ => GameResult::BlackWins,
    }
}

/// Every game lost by `bad` for `reason`, all `n` games kept.
pub fn assert_all_lost(pgn: &Path, n: usize, reason: &str, termination: &str) {
    let gs = games(pgn);
    assert_eq!(gs.len(), n);
    for g in &gs {
        assert_eq!(score_of(g, "bad"), GameResult::BlackWins, "{g:?}");
        let comment = g.final_comment.as_deref().unwrap_or("");
        assert!(comment.contains(reason), "{comment}");
        assert_eq!(g.tag("Termination"), Some(termination));
        // The failure came at the mock's third move, after real play.
        assert!(g.moves.len() >= 4, "{g:?}");
    }
}
