//! Leiserchess records in MIT's 2018 notation (ranks 0 to 7, rule 1.1):
//! a PGN written by MIT's own autotester reads as 2018 Leiserchess, and a
//! record written by this project before it took MIT's numbering (ranks
//! 1 to 8) is converted by `autotester convert`, never misread.

mod common;

use common::{autotester, scratch, text};
use leiserchess::Leiserchess;
use search::Rules;
use std::path::{Path, PathBuf};
use workbench::pgn::read_file;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Replays every game of `path` under the 2018 rules; the move texts.
fn replay(path: &Path) -> Vec<Vec<String>> {
    let games = read_file(path).expect("PGN");
    games
        .iter()
        .map(|g| {
            let mut position = Leiserchess::startpos();
            g.moves
                .iter()
                .map(|m| {
                    let mv = position
                        .parse_move(&m.text)
                        .unwrap_or_else(|e| panic!("{}: {e}", m.text));
                    position.make(mv);
                    mv.to_string()
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_pgn_of_mits_autotester_reads_as_2018_leiserchess() {
    // The file is what MIT's own Java autotester (commit 1a79f6e of its
    // 2018 kit) wrote for six games of our engine against MIT's reference
    // player (`scripts/mit-2018-autotester`): no Variant tag, MIT's date
    // format, rounds from 0 and `{ns depth nodes}` comments. Its moves are
    // 2018 moves as written (rule 7.1), and `elo` rates the file.
    let mit = data("mit-2018.pgn");
    let games = replay(&mit);
    assert!(
        games.len() == 6 && games.iter().all(|g| g.len() > 20),
        "{games:?}"
    );
    let out = autotester(&["elo", mit.to_str().expect("path")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(
        report.contains("ours vs mit-reference: 6 games"),
        "{report}"
    );
}

#[test]
fn convert_renames_an_old_record_and_replays_it() {
    let dir = scratch("records", "convert");
    let new = dir.join("new.pgn");
    let old = data("old-numbering.pgn");
    // Read as it stands, the old record's first move is refused with
    // what happened and what to do (rule 1.1).
    let first = &read_file(&old).expect("PGN")[0].moves[0].text;
    let error = Leiserchess::startpos().parse_move(first).expect_err("old");
    let message = error.to_string();
    assert!(message.contains("but 'h0R' is"), "{message}");
    assert!(message.contains("autotester convert"), "{message}");

    let paths = [old.to_str().expect("path"), new.to_str().expect("path")];
    let out = autotester(&["convert", paths[0], paths[1]]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Converted 1 game(s)"));
    let moves = replay(&new);
    assert_eq!(moves[0][..4], ["h0R", "b4R", "e2L", "d6L"]);
    // The tags and comments stay; only the moves change.
    let before = std::fs::read_to_string(&old).expect("old");
    let after = std::fs::read_to_string(&new).expect("new");
    assert!(after.contains("[Fingerprint \"game=leiserchess"));
    assert_eq!(before.matches('{').count(), after.matches('{').count());

    // Converting again is refused: the file already numbers ranks 0 to 7.
    let again = dir.join("again.pgn");
    let out = autotester(&["convert", paths[1], again.to_str().expect("path")]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("game 1 (round 1): move 1 (h0R)"),
        "{stderr}"
    );
    assert!(!again.exists(), "nothing written");
}

#[test]
fn convert_refuses_mits_records_and_chess() {
    let dir = scratch("records", "refuse");
    let out_path = dir.join("out.pgn");
    let chess = dir.join("chess.pgn");
    std::fs::write(&chess, "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 *\n").expect("write");
    for input in [data("mit-2018.pgn"), chess] {
        let out = autotester(&[
            "convert",
            input.to_str().expect("path"),
            out_path.to_str().expect("path"),
        ]);
        assert!(!out.status.success(), "{}", input.display());
        assert!(
            text(&out.stderr).contains("move 1"),
            "{}",
            text(&out.stderr)
        );
    }
}
