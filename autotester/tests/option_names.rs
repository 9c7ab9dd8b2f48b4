//! An option the engine does not declare refuses the run before the first
//! game, naming the closest real one (issue 40, item 1: `option.Hsah=64`
//! was answered with an error line and the run went on, comparing two
//! identical engines).

mod common;

use common::matches::mock;
use common::{autotester, scratch, text};

/// A one-round Leiserchess match of two mocks, the first given `option`;
/// returns the run's output and its PGN path.
fn run_with_option(name: &str, option: &str) -> (std::process::Output, std::path::PathBuf) {
    let dir = scratch("option_names", name);
    let pgn = dir.join("games.pgn");
    let mut args = mock("ours", "leiserchess", &[]);
    args.push(option.into());
    args.extend(mock("ref", "leiserchess", &[]));
    args.extend(
        [
            "-each",
            "depth=1",
            "-game",
            "leiserchess",
            "-rounds",
            "1",
            "-pgnout",
        ]
        .map(String::from),
    );
    args.push(format!("file={}", pgn.display()));
    (autotester(&args), pgn)
}

#[test]
fn a_misspelled_option_refuses_the_run_and_names_the_option_meant() {
    let (out, pgn) = run_with_option("misspelled", "option.UCI_Variantt=2018");
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("declares no option \"UCI_Variantt\""), "{err}");
    assert!(err.contains("did you mean \"UCI_Variant\"?"), "{err}");
    assert!(!pgn.exists(), "no game was played");
}

#[test]
fn declared_options_in_any_case_let_the_run_go_on() {
    let (out, _) = run_with_option("declared", "option.uci_variant=2018");
    assert!(out.status.success(), "{}", text(&out.stderr));
}
