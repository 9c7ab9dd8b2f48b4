//! `-variant fischerandom` (issue 40): Chess960 as fastchess plays it.
//! Each engine is switched with `setoption name UCI_Chess960 value true`
//! (one that declares no such option is refused before the first game),
//! each round starts from one of the 960 positions drawn by the seed (or
//! from a book's FENs: DFRC books give each side its own arrangement),
//! both games of a round from the same one, and the PGN says `Variant
//! "Chess960"` with the start position's FEN, as fastchess writes it.

mod common;

use common::matches::{games, mock, words};
use common::{autotester, scratch, text};
use std::collections::HashSet;
use workbench::pgn::PgnGame;
use workbench::GameKind;

/// Replays `game` as Chess960 from its FEN tag: every move must be legal.
fn replay(game: &PgnGame) {
    let fen = game.tag("FEN").expect("a FEN tag");
    let mut position = GameKind::Chess960.game().open(fen).expect("X-FEN");
    for m in &game.moves {
        let id = position
            .parse(&m.text)
            .or_else(|_| {
                let legal = position.legal_moves();
                legal
                    .into_iter()
                    .find(|&id| position.move_record(id).ok().as_deref() == Some(&m.text))
                    .ok_or(())
            })
            .unwrap_or_else(|()| panic!("{} is not legal in {}", m.text, position.fen()));
        position.make(id).expect("legal");
    }
}

fn chess960_mocks() -> Vec<String> {
    let mut args = mock("a", "chess960", &[]);
    args.extend(mock("b", "chess960", &[]));
    args
}

#[test]
fn fischerandom_plays_seeded_960_starts_and_tags_the_games() {
    let dir = scratch("chess960", "random-starts");
    let (pgn, log) = (dir.join("games.pgn"), dir.join("run.log"));
    let mut args = chess960_mocks();
    args.extend(words(&format!(
        "-each depth=1 -variant fischerandom -rounds 4 -games 2 -srand 9 \
         -log file={} level=info engine=true -pgnout file={}",
        log.display(),
        pgn.display()
    )));
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = games(&pgn);
    assert_eq!(played.len(), 8);
    let mut starts = HashSet::new();
    for pair in played.chunks(2) {
        assert_eq!(pair[0].tag("Round"), pair[1].tag("Round"));
        assert_eq!(pair[0].tag("FEN"), pair[1].tag("FEN"), "one start a round");
        for game in pair {
            assert_eq!(game.tag("Variant"), Some("Chess960"));
            assert_eq!(game.tag("SetUp"), Some("1"));
            replay(game);
        }
        starts.insert(pair[0].tag("FEN").expect("FEN").to_string());
    }
    assert!(starts.len() >= 3, "{starts:?}");
    let log = std::fs::read_to_string(&log).expect("the log");
    assert!(
        log.contains("setoption name UCI_Chess960 value true"),
        "{log}"
    );
}

#[test]
fn a_dfrc_book_gives_each_side_its_own_arrangement() {
    let dir = scratch("chess960", "dfrc-book");
    let book = [
        "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
    ];
    let (book_path, pgn) = (dir.join("dfrc.epd"), dir.join("games.pgn"));
    std::fs::write(&book_path, book.join("\n") + "\n").expect("write the book");
    let mut args = chess960_mocks();
    args.extend(words(&format!(
        "-each depth=1 -variant fischerandom -rounds 2 -games 2 \
         -openings file={} format=epd order=sequential -pgnout file={}",
        book_path.display(),
        pgn.display()
    )));
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = games(&pgn);
    let fens: Vec<&str> = played.iter().filter_map(|g| g.tag("FEN")).collect();
    assert_eq!(fens, [book[0], book[0], book[1], book[1]]);
    played.iter().for_each(replay);
}

#[test]
fn an_engine_without_uci_chess960_is_refused_before_the_first_game() {
    let dir = scratch("chess960", "refused");
    let pgn = dir.join("games.pgn");
    let mut args = mock("plain", "chess", &[]);
    args.extend(mock("b", "chess960", &[]));
    args.extend(words(&format!(
        "-each depth=1 -variant fischerandom -rounds 1 -pgnout file={}",
        pgn.display()
    )));
    let out = autotester(&args);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("\"plain\"")
            && err.contains("cannot play Chess960")
            && err.contains("UCI_Chess960"),
        "{err}"
    );
    assert!(!pgn.exists() || games(&pgn).is_empty());
}
