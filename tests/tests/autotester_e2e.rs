//! The autotester refereeing the project's own engines, as a user runs it:
//! `chess-engine` and `leiserchess-engine` at depth 1 and at tiny time
//! controls, and the depth ladder. Also measures the games per second the
//! issue asks for (two engines at depth 1, two games at once).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use workspace_tests::binary;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("autotester-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn autotester(args: &[String]) -> Output {
    Command::new(binary("autotester"))
        .args(args)
        .output()
        .expect("run autotester")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A two-engine match of `engine` against itself with `each` settings.
fn self_play(engine: &str, game: &str, each: &str, rounds: u32, pgn: &Path) -> Output {
    let cmd = binary(engine).display().to_string();
    let mut args: Vec<String> = Vec::new();
    for name in ["new", "old"] {
        args.extend([
            "-engine".into(),
            format!("cmd={cmd}"),
            format!("name={name}"),
        ]);
    }
    args.push("-each".into());
    args.extend(each.split_whitespace().map(String::from));
    for a in [
        "-game".to_string(),
        game.into(),
        "-rounds".into(),
        rounds.to_string(),
        "-concurrency".into(),
        "2".into(),
        "-quiet".into(),
        "-pgnout".into(),
        format!("file={}", pgn.display()),
    ] {
        args.push(a);
    }
    autotester(&args)
}

/// Tag values of every game in a PGN file.
fn tags(pgn: &Path, name: &str) -> Vec<String> {
    let prefix = format!("[{name} \"");
    std::fs::read_to_string(pgn)
        .expect("PGN written")
        .lines()
        .filter_map(|l| {
            l.strip_prefix(&prefix)?
                .strip_suffix("\"]")
                .map(String::from)
        })
        .collect()
}

/// The `(N games/s)` figure of the summary line.
/// Every game ended by the rules or by adjudication (no forfeit, crash or
/// illegal move); returns how many games the PGN holds.
fn assert_clean_endings(pgn: &Path) -> usize {
    let terminations = tags(pgn, "Termination");
    assert!(
        terminations
            .iter()
            .all(|t| t == "normal" || t == "adjudication"),
        "{terminations:?}"
    );
    terminations.len()
}

fn games_per_second(stdout: &str) -> f64 {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("Played "))
        .expect("summary line");
    let start = line.find('(').expect("(") + 1;
    let end = line.find(" games/s").expect("games/s");
    line[start..end].parse().expect("a number")
}

#[test]
fn chess_engine_at_depth_1_is_fast_and_clean() {
    let _serial = workspace_tests::serial();
    let d = temp_dir("chess-depth1");
    let pgn = d.join("out.pgn");
    let out = self_play("chess-engine", "chess", "depth=1", 30, &pgn);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(tags(&pgn, "Result").len(), 60);
    // Our engine never loses by misbehaving.
    assert!(tags(&pgn, "Termination")
        .iter()
        .all(|t| t == "normal" || t == "adjudication"));
    assert!(stdout.contains("Rank Name"), "{stdout}");
    let speed = games_per_second(&stdout);
    println!("chess-engine depth 1, 2 games at once: {speed:.1} games/s");
    assert!(speed >= 10.0, "{speed} games/s; {stdout}");
}

#[test]
fn leiserchess_engine_at_depth_1_and_a_tiny_clock() {
    let _serial = workspace_tests::serial();
    let d = temp_dir("leiserchess");
    let pgn = d.join("depth1.pgn");
    let out = self_play("leiserchess-engine", "leiserchess", "depth=1", 10, &pgn);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(tags(&pgn, "Result").len(), 20);
    let speed = games_per_second(&text(&out.stdout));
    println!("leiserchess-engine depth 1, 2 games at once: {speed:.1} games/s");

    // Fischer 0.5 s + 0.02 s: `go time T inc I`, the tester's clock.
    let pgn = d.join("clock.pgn");
    let out = self_play(
        "leiserchess-engine",
        "leiserchess",
        "tc=0.5+0.02 -maxmoves 40",
        1,
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(tags(&pgn, "TimeControl"), ["0.5+0.02", "0.5+0.02"]);
    assert_clean_endings(&pgn);
}

#[test]
fn chess_engine_at_a_tiny_clock() {
    let _serial = workspace_tests::serial();
    let d = temp_dir("chess-clock");
    let pgn = d.join("clock.pgn");
    let out = self_play("chess-engine", "chess", "tc=0.5+0.02 -maxmoves 40", 1, &pgn);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(assert_clean_endings(&pgn), 2);
}

#[test]
fn depth_ladder_of_the_chess_engine() {
    let _serial = workspace_tests::serial();
    let d = temp_dir("ladder");
    let svg = d.join("ladder.svg");
    let out = autotester(&[
        "ladder".into(),
        binary("chess-engine").display().to_string(),
        "--game".into(),
        "chess".into(),
        "--depths".into(),
        "1..3".into(),
        "--games".into(),
        "6".into(),
        "--concurrency".into(),
        "2".into(),
        "--quiet".into(),
        "--pgn".into(),
        d.join("ladder.pgn").display().to_string(),
        "--svg".into(),
        svg.display().to_string(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("chess-engine-d3"), "{stdout}");
    assert_eq!(tags(&d.join("ladder.pgn"), "Result").len(), 18);
    let graph = std::fs::read_to_string(&svg).expect("SVG written");
    assert_eq!(graph.matches("class=\"point\"").count(), 3);
}
