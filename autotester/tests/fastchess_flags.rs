//! The cutechess/fastchess flags and engine keys that were refused
//! (issue 40): `-wait`, `-autosaveinterval`, `restart=`, `timemargin=`,
//! `st=` and `-sprt model=normalized`, each doing what it does there.

mod common;

use common::matches::{games, mock, words};
use common::{autotester, scratch, text};
use std::time::{Duration, Instant};

/// Two mocks at depth 1 in chess with `rest` after them; the PGN is
/// `dir/games.pgn`.
fn run(dir: &std::path::Path, a: &[&str], b: &[&str], rest: &str) -> std::process::Output {
    let mut args = mock("a", "chess", a);
    args.extend(mock("b", "chess", b));
    args.extend(words(&format!(
        "-game chess -quiet {rest} -pgnout file={}",
        dir.join("games.pgn").display()
    )));
    autotester(&args)
}

#[test]
fn wait_pauses_between_a_workers_games() {
    let dir = scratch("fastchess_flags", "wait");
    let started = Instant::now();
    let out = run(&dir, &[], &[], "-each depth=1 -rounds 2 -concurrency 1 -wait 700");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(games(&dir.join("games.pgn")).len(), 4);
    // Three pauses between four games on one worker.
    assert!(started.elapsed() >= Duration::from_millis(2100));
    let out = run(&dir, &[], &[], "-each depth=1 -wait soon");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("-wait"), "{}", text(&out.stderr));
}

#[test]
fn autosaveinterval_is_accepted_and_checked() {
    let dir = scratch("fastchess_flags", "autosave");
    let out = run(&dir, &[], &[], "-each depth=1 -autosaveinterval 0");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(games(&dir.join("games.pgn")).len(), 2);
    for bad in ["often", "-3"] {
        let out = run(&dir, &[], &[], &format!("-each depth=1 -autosaveinterval {bad}"));
        assert!(!out.status.success(), "{bad}");
        assert!(text(&out.stderr).contains("autosaveinterval"), "{}", text(&out.stderr));
    }
    let help = autotester(&["-help"]);
    let help = text(&help.stdout) + &text(&help.stderr);
    assert!(help.contains("-autosaveinterval"), "{help}");
    assert!(help.contains("-wait"), "{help}");
}
