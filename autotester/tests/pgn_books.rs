//! PGN opening books as testers use them (issue 40): `-openings
//! file=book.pgn format=pgn plies=N start=N order=sequential policy=round`
//! plays each game's first N moves, from the N-th opening on, one opening
//! a round with both colours. (`format=pgn` was accepted and then failed
//! on `[Event`.)

mod common;

use common::matches::{games, mock, words};
use common::{autotester, scratch, text};
use workbench::GameKind;

/// A PGN book of `count` chess games, each 10 plies of SAN, the way UHO's
/// and 8moves' books are written; returns it with each game's moves.
fn chess_book(count: usize) -> (String, Vec<Vec<String>>) {
    let mut book = String::new();
    let mut lines = Vec::new();
    for i in 0..count {
        let mut position = GameKind::Chess.game().start();
        let mut sans = Vec::new();
        for ply in 0..10 {
            let legal = position.legal_moves();
            let id = legal[(i * 7 + ply * 3) % legal.len()];
            sans.push(position.move_record(id).expect("legal"));
            position.make(id).expect("legal");
        }
        let movetext: Vec<String> = sans
            .chunks(2)
            .enumerate()
            .map(|(n, pair)| format!("{}. {}", n + 1, pair.join(" ")))
            .collect();
        book += &format!(
            "[Event \"book\"]\n[Site \"?\"]\n[Result \"*\"]\n\n{} *\n\n",
            movetext.join(" ")
        );
        lines.push(sans);
    }
    (book, lines)
}

#[test]
fn a_pgn_book_plays_each_games_first_plies_in_order_from_start() {
    let dir = scratch("pgn_books", "sequential");
    let (book, lines) = chess_book(12);
    let book_path = dir.join("book.pgn");
    std::fs::write(&book_path, book).expect("write the book");
    let pgn = dir.join("games.pgn");
    let mut args = mock("a", "chess", &[]);
    args.extend(mock("b", "chess", &[]));
    args.extend(words(&format!(
        "-each depth=1 -game chess -rounds 3 -openings file={} format=pgn plies=4 start=3 \
         order=sequential policy=round -pgnout file={}",
        book_path.display(),
        pgn.display()
    )));
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = games(&pgn);
    assert_eq!(played.len(), 6);
    for game in &played {
        let round: usize = game
            .tag("Round")
            .and_then(|r| r.parse().ok())
            .expect("round");
        let opening = &lines[(round - 1 + 2) % lines.len()][..4];
        let first: Vec<&str> = game.moves.iter().take(4).map(|m| m.text.as_str()).collect();
        assert_eq!(first, opening, "round {round}");
    }
}

#[test]
fn unknown_book_keys_and_policies_are_refused() {
    for (flag, expected) in [
        ("policy=encounter", "policy= is round"),
        ("format=bin", "format= is epd or pgn"),
    ] {
        let mut args = mock("a", "chess", &[]);
        args.extend(mock("b", "chess", &[]));
        args.extend(words(&format!(
            "-each depth=1 -game chess -rounds 1 -openings file=book.pgn {flag}"
        )));
        let out = autotester(&args);
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{flag}");
        assert!(err.contains(expected), "{flag}: {err}");
    }
}
