//! `autotester elo` and the match's reports (issue 40): whose side the
//! head-to-head figures take, one error model everywhere, no LOS without
//! a spread, and exact duplicates dropped.

mod common;

use autotester::report::{elo_report_for, one_estimate, GameRecord};
use autotester::runner::output::{results_block, score_line, OutputFormat};
use autotester::stats::RatingOptions;
use common::matches::{games, mock, words};
use common::{autotester, scratch, text};
use std::path::{Path, PathBuf};

fn write(dir: &Path, name: &str, pgn: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, pgn).expect("write PGN");
    path
}

fn elo(args: &[&Path]) -> String {
    let mut all = vec![Path::new("elo")];
    all.extend(args);
    let out = autotester(&all);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

/// Round 1's second game (ref as White) finished first, as it may with
/// `-concurrency 2`; ours won the pair 1.5 to 0.5.
const SWAPPED: &str = "\
[Round \"1\"][White \"ref\"][Black \"ours\"][Result \"1/2-1/2\"][FirstEngine \"ours\"] 1. e4 1/2-1/2\n\
[Round \"1\"][White \"ours\"][Black \"ref\"][Result \"1-0\"][FirstEngine \"ours\"] 1. e4 1-0\n";

/// Issue 40 item 3: the orientation came from the file's first game, so
/// the sign flipped against the run's own `ours vs ref` line. The runner
/// now tags its first engine, and `elo` reports from its side, saying so.
#[test]
fn elo_reports_from_the_runs_first_engine() {
    let dir = scratch("elo_report", "first");
    let out = elo(&[&write(&dir, "swapped.pgn", SWAPPED)]);
    assert!(
        out.contains("ours vs ref: 2 games, W: 1 L: 0 D: 1"),
        "{out}"
    );
    assert!(
        out.contains("are for ours against ref: the run's first engine"),
        "{out}"
    );
    // Without the tag: the White of the earliest round's first game.
    let untagged = SWAPPED.replace("[FirstEngine \"ours\"]", "");
    let later_first = format!(
        "[Round \"2\"][White \"ref\"][Black \"ours\"][Result \"0-1\"] 1. d4 0-1\n{}",
        untagged.lines().nth(1).expect("line")
    );
    let out = elo(&[&write(&dir, "rounds.pgn", &later_first)]);
    assert!(out.contains("ours vs ref: 2 games, W: 2"), "{out}");
    assert!(out.contains("earliest round"), "{out}");
}

/// The runner writes the tag on every game.
#[test]
fn a_run_tags_its_first_engine() {
    let dir = scratch("elo_report", "tag");
    let pgn = dir.join("games.pgn");
    let mut args = mock("ours", "chess", &[]);
    args.extend(mock("ref", "chess", &[]));
    args.extend(words("-each depth=1 -game chess -rounds 1 -quiet -pgnout"));
    args.push(pgn.display().to_string());
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = games(&pgn);
    assert_eq!(played.len(), 2);
    assert!(played.iter().all(|g| g.tag("FirstEngine") == Some("ours")));
}

/// Issue 40 item 4: one game pair gave LOS 100.00%; where the spread is
/// unknown there is no LOS, and the line says why.
#[test]
fn no_los_without_a_spread() {
    let dir = scratch("elo_report", "los");
    let one_pair = "\
[Round \"1\"][White \"a\"][Black \"b\"][Result \"1-0\"] 1. e4 1-0\n\
[Round \"1\"][White \"b\"][Black \"a\"][Result \"0-1\"] 1. e4 0-1\n";
    let out = elo(&[&write(&dir, "pair.pgn", one_pair)]);
    assert!(!out.contains("100.00%"), "{out}");
    assert!(out.contains("LOS n/a (spread unknown)"), "{out}");
}

/// Four pairs of mixed results: the pairs' error and the games' error
/// differ, so a report that mixes them shows.
const MIXED: &str = "\
[Round \"1\"][White \"a\"][Black \"b\"][Result \"1-0\"] 1. e4 1-0\n\
[Round \"1\"][White \"b\"][Black \"a\"][Result \"1/2-1/2\"] 1. e4 1/2-1/2\n\
[Round \"2\"][White \"a\"][Black \"b\"][Result \"1-0\"] 1. d4 1-0\n\
[Round \"2\"][White \"b\"][Black \"a\"][Result \"0-1\"] 1. d4 0-1\n\
[Round \"3\"][White \"a\"][Black \"b\"][Result \"1/2-1/2\"] 1. c4 1/2-1/2\n\
[Round \"3\"][White \"b\"][Black \"a\"][Result \"1/2-1/2\"] 1. c4 1/2-1/2\n\
[Round \"4\"][White \"a\"][Black \"b\"][Result \"0-1\"] 1. f4 0-1\n\
[Round \"4\"][White \"b\"][Black \"a\"][Result \"1/2-1/2\"] 1. f4 1/2-1/2\n";

/// Issue 40 item 4: the running line took the games' error, the headline
/// the pairs'. Now the running line, the results block and the headline
/// show one figure.
#[test]
fn one_error_model_in_every_report() {
    let games = GameRecord::all_of(&workbench::pgn::read_games(MIXED).expect("PGN"));
    let report = elo_report_for(&games, &RatingOptions::default(), None, Some("a"));
    let h = report.head_to_head.as_ref().expect("two players");
    let (headline, from) = h.headline().expect("an estimate");
    assert!(from.contains("pentanomial"), "{from}");
    let games_error = h.wdl.elo().expect("games").error;
    assert!(
        (games_error - headline.elo.error).abs() > 1.0,
        "the models differ"
    );
    let estimate = one_estimate(&h.wdl, &h.penta, true).map(|e| e.elo);
    let line = score_line(
        OutputFormat::Native,
        ("a", "b"),
        &h.wdl,
        estimate,
        None,
        (8, 8),
        None,
    );
    let error = format!("+/- {:.1}", headline.elo.error);
    assert!(line.contains(&error), "{line} lacks {error}");
    let block = results_block(OutputFormat::Fastchess, &report, true);
    let error = format!("+/- {:.2}", headline.elo.error);
    assert!(block.contains(&error), "{block} lacks {error}");
    assert!(report.to_string().contains(&error));
}

/// Issue 40 item 11: `elo` counted a game found twice twice; it now drops
/// exact duplicates as `merge` does, and says how many.
#[test]
fn elo_drops_exact_duplicates() {
    let dir = scratch("elo_report", "duplicates");
    let file = write(&dir, "mixed.pgn", MIXED);
    let out = elo(&[&file, &file]);
    assert!(
        out.starts_with("8 exact duplicate game(s) (same tags and moves) dropped\n"),
        "{out}"
    );
    assert!(out.contains("a vs b: 8 games"), "{out}");
    // A game that differs in a move is not a duplicate.
    let other = write(&dir, "other.pgn", &MIXED.replace("1. f4", "1. g4"));
    let out = elo(&[&file, &other]);
    assert!(out.starts_with("6 exact duplicate"), "{out}");
}
