//! `autotester --compliance` against the mock engine: a well-behaved mock
//! passes every check in both games; each misbehaviour fails its check
//! and the exit code.

mod common;

use common::{text, MOCK};

use std::process::{Command, Output};

fn compliance(engine: &str) -> Output {
    compliance_with(engine, &[])
}

fn compliance_with(engine: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autotester"))
        .args(["--compliance", &engine.replace("MOCK", MOCK)])
        .args(extra)
        .output()
        .expect("run autotester")
}

/// The FAIL lines of a run.
fn failures(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("FAIL"))
        .map(String::from)
        .collect()
}

#[test]
fn a_well_behaved_engine_passes_in_either_game() {
    for game in ["chess", "leiserchess", "leiserchess2016"] {
        let out = compliance(&format!("MOCK --game {game}"));
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
        let stdout = text(&out.stdout);
        assert!(stdout.contains(&format!("\nGame: {game}\n")), "{stdout}");
        assert!(
            stdout.contains("PASS  stop: a legal bestmove at once"),
            "{stdout}"
        );
        assert!(stdout.ends_with("15 passed, 0 failed\n"), "{stdout}");
    }
}

#[test]
fn each_misbehaviour_fails_its_check() {
    let cases = [
        ("MOCK --mode illegal --after 1", "FAIL  position startpos, go depth 1 (go depth 1): a legal bestmove: bestmove \"a1a2\" is not legal"),
        ("MOCK --game leiserchess --mode ignore-stop", "FAIL  go infinite: no bestmove before stop"),
        ("MOCK --mode ignore-quit", "FAIL  quit ends the engine: still running"),
        ("MOCK --mode hang --after 2", "FAIL  position startpos moves ..., go nodes 1000 (go nodes 1000): a legal bestmove: no answer"),
        ("MOCK --mode crash --after 1", "FAIL  position startpos, go depth 1 (go depth 1): a legal bestmove: the engine exited"),
        ("MOCK --game leiserchess --dialect mit", "FAIL  the game it plays is known"),
    ];
    for (engine, expected) in cases {
        let out = compliance(engine);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{engine}: {}",
            text(&out.stdout)
        );
        let failed = failures(&out);
        assert!(
            failed.iter().any(|l| l.starts_with(expected)),
            "{engine}: {failed:?}"
        );
    }
    // An engine that does not start: a message, exit code 2.
    let out = compliance("./no-such-engine");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot start"));
}

#[test]
fn options_are_set_before_the_checks_and_must_be_declared() {
    let engine = "MOCK --game leiserchess2016";
    let out = compliance_with(engine, &["--option", "uci_variant=2016"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("PASS  the options given are declared, and set: uci_variant=2016"),
        "{stdout}"
    );
    assert!(stdout.ends_with("16 passed, 0 failed\n"), "{stdout}");
    let out = compliance_with(engine, &["--option", "Hash=16"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        failures(&out),
        ["FAIL  the options given are declared, and set: not declared: Hash"]
    );
    // A malformed option is a usage error.
    let out = compliance_with(engine, &["--option", "Hash"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("expected NAME=VALUE"));
}
