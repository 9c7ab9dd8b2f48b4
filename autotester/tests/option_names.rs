//! An option the engine does not declare refuses the run before the first
//! game, naming the closest real one (issue 40, item 1: `option.Hsah=64`
//! was answered with an error line and the run went on, comparing two
//! identical engines).

mod common;

use common::matches::mock;
use common::{autotester, scratch, text};

#[test]
fn a_misspelled_option_refuses_the_run_and_names_the_option_meant() {
    let dir = scratch("option_names", "misspelled");
    let pgn = dir.join("games.pgn");
    let mut args = mock("ours", "leiserchess", &[]);
    args.push("option.UCI_Variantt=2018".into());
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
    let out = autotester(&args);
    let err = text(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("declares no option \"UCI_Variantt\""), "{err}");
    assert!(err.contains("did you mean \"UCI_Variant\"?"), "{err}");
    assert!(!pgn.exists(), "no game was played");
}

#[test]
fn declared_options_in_any_case_let_the_run_go_on() {
    let dir = scratch("option_names", "declared");
    let pgn = dir.join("games.pgn");
    let mut args = mock("ours", "leiserchess", &[]);
    args.push("option.uci_variant=2018".into());
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
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
}
