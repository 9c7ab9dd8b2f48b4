//! Issue 16's traps with the project's own engines, each as the command a
//! user typed: two chess engines without `-game chess`, Leiserchess
//! engines without `-game`, the wrong `-game`, and a rerun with other
//! settings into the same PGN.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use workspace_tests::binary;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("autotester-traps-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs the autotester on `line`, with `CHESS` and `LEISER` standing for
/// the engines' paths and `PGN` for `pgn`.
fn typed(line: &str, pgn: &Path) -> Output {
    let chess = binary("chess-engine").display().to_string();
    let leiser = binary("leiserchess-engine").display().to_string();
    let args: Vec<String> = line
        .split_whitespace()
        .map(|w| {
            w.replace("CHESS", &chess)
                .replace("LEISER", &leiser)
                .replace("PGN", &pgn.display().to_string())
        })
        .collect();
    Command::new(binary("autotester"))
        .args(&args)
        .output()
        .expect("run autotester")
}

#[test]
fn two_chess_engines_without_game_chess_play_chess() {
    let d = temp_dir("chess");
    let pgn = d.join("out.pgn");
    let out = typed(
        "-engine cmd=CHESS name=new -engine cmd=CHESS name=old -each depth=1 -rounds 2 -pgnout PGN",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Game: chess"), "{stdout}");
    let games = std::fs::read_to_string(&pgn).expect("PGN written");
    assert_eq!(games.matches("[Event ").count(), 4);
    assert!(!games.contains("illegal move"), "{games}");
}

#[test]
fn leiserchess_engines_without_game_and_the_2016_option() {
    let d = temp_dir("leiserchess");
    let pgn = d.join("out.pgn");
    let out = typed(
        "-engine cmd=LEISER name=a -engine cmd=LEISER name=b -each depth=1 -rounds 1 -quiet -pgnout PGN",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Game: leiserchess (from"));
    let pgn = d.join("old.pgn");
    let out = typed(
        "-engine cmd=LEISER name=a -engine cmd=LEISER name=b -each depth=1 option.UCI_Variant=2016 \
         -rounds 1 -quiet -pgnout PGN",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Game: leiserchess2016 (from"));
    assert!(std::fs::read_to_string(&pgn)
        .unwrap_or_default()
        .contains("[Variant \"2016\"]"));
}

#[test]
fn chess_engines_told_to_play_leiserchess_stop_the_run() {
    let d = temp_dir("wrong");
    let pgn = d.join("out.pgn");
    let out = typed(
        "-engine cmd=CHESS name=new -engine cmd=CHESS name=old -game leiserchess -each depth=1 \
         -rounds 2 -pgnout PGN",
        &pgn,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(err.contains("illegal first move"), "{err}");
    assert!(err.contains("plays another game than leiserchess"), "{err}");
    assert!(!text(&out.stdout).contains("Rank Name"));
}

#[test]
fn a_rerun_with_other_settings_never_resumes_the_old_games() {
    let d = temp_dir("resume");
    let pgn = d.join("out.pgn");
    let line = |depth: u32| {
        format!(
            "-engine cmd=CHESS name=new -engine cmd=CHESS name=old -game chess -each depth={depth} \
             -rounds 2 -quiet -pgnout PGN"
        )
    };
    let out = typed(&line(1), &pgn);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = typed(&line(2), &pgn);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("time control, depth or nodes"), "{err}");
    assert!(err.contains("--force-new"), "{err}");
    assert!(!text(&out.stdout).contains("resumed"));
}

/// The chess engine declares `UCI_Chess960`, so it also gets the Chess960
/// checks (issue 40): a start in Shredder-FEN, and castling king takes
/// rook read from the moves it is given.
#[test]
fn our_engines_pass_the_compliance_checks() {
    for (engine, checks) in [("chess-engine", 18), ("leiserchess-engine", 15)] {
        let out = Command::new(binary("autotester"))
            .args(["--compliance", &binary(engine).display().to_string()])
            .output()
            .expect("run autotester");
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        assert!(
            stdout.contains("PASS  go infinite: no bestmove before stop"),
            "{stdout}"
        );
        let chess960 = [
            "PASS  UCI_Chess960: a Chess960 start (Shredder-FEN), go depth 1: a legal bestmove",
            "PASS  UCI_Chess960: castling king takes rook (e1b1) read, go depth 1: a legal bestmove",
        ];
        for line in chess960 {
            assert_eq!(stdout.contains(line), engine == "chess-engine", "{stdout}");
        }
        assert!(
            stdout.ends_with(&format!("{checks} passed, 0 failed\n")),
            "{stdout}"
        );
    }
}

#[test]
fn our_leiserchess_engine_passes_the_compliance_checks_under_the_2016_rules() {
    let engine = binary("leiserchess-engine").display().to_string();
    let compliance = |extra: &[&str]| {
        let out = Command::new(binary("autotester"))
            .args(["--compliance", &engine])
            .args(extra)
            .output()
            .expect("run autotester");
        (out.status.code(), text(&out.stdout))
    };
    // The option chooses the rules; the game follows from it.
    let (code, stdout) = compliance(&["--option", "UCI_Variant=2016"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("\nGame: leiserchess2016\n"), "{stdout}");
    assert!(
        stdout.contains("PASS  the options given are declared, and set: UCI_Variant=2016"),
        "{stdout}"
    );
    assert!(stdout.ends_with("16 passed, 0 failed\n"), "{stdout}");
    // Without it the engine plays the 2018 rules: the checks that search
    // the 2016 start fail (the notation is the same in both rule sets).
    // Only `go nodes 1000` is named: its tree is fixed, and so is that of
    // the one search before it (`go depth 1`). A timed search may happen
    // to pick a move that both rule sets allow, and what it leaves in the
    // hash table and histories changes the later `go depth 2` (a loaded
    // machine made it pick `g3R`, legal in both).
    let (code, stdout) = compliance(&["--game", "leiserchess2016"]);
    assert_eq!(code, Some(1), "{stdout}");
    let fixed = stdout.lines().find(|line| line.contains("(go nodes 1000)"));
    assert!(
        fixed.is_some_and(|line| line.starts_with("FAIL")),
        "{stdout}"
    );
    // An option the engine does not declare is a failed check.
    let (code, stdout) = compliance(&["--option", "NoSuchOption=1"]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout
            .contains("FAIL  the options given are declared, and set: not declared: NoSuchOption"),
        "{stdout}"
    );
}
