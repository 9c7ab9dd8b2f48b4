//! Leiserchess game records through the one PGN writer (rule 7.4 of
//! `docs/leiserchess-rules.md`): the tags `Event`, `White`, `Black`,
//! `Result` and `TimeControl` in that order, `FEN` when the game did not
//! begin from the start position, the moves numbered in rule-7.1 notation,
//! then the result (rule 7.3); lines of at most 80 columns; tag values
//! escaped. The reader gets the same moves back, and they replay.

use leiserchess::{Leiserchess, START_FEN};
use search::{EndReason, Outcome, Rules};
use workbench::pgn::writer::LINE_WIDTH;
use workbench::pgn::{read_games, write_game, GameResult, Header, PgnGame, PgnMove};
use workbench::GameEnd;

/// A record of `moves` (protocol text) played from `start`, with the
/// rule-7.4 tags of `header`.
fn record(start: &Leiserchess, moves: &[String], header: Header) -> PgnGame {
    let fen = start.fen();
    let mut pgn = PgnGame::new(Header {
        fen: (fen != START_FEN).then_some(fen),
        ..header
    });
    pgn.number_from(start);
    let mut game = start.clone();
    for text in moves {
        let mv = game.parse_move(text).expect("a legal move");
        pgn.moves.push(PgnMove::new(game.move_to_record(mv)));
        game.make(mv);
    }
    pgn
}

fn texts(moves: &[&str]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn header() -> Header {
    Header {
        event: "test".into(),
        white: "engine A".into(),
        black: "engine \"B\"".into(),
        time_control: Some("60+0.5".into()),
        ..Header::default()
    }
}

/// The names of the tag pairs of `text`, in order.
fn tag_names(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix('['))
        .filter_map(|l| l.split_whitespace().next())
        .collect()
}

#[test]
fn record_has_tags_numbered_moves_and_result() {
    // Rule 7.4 (and 7.3 for the result).
    let start = Leiserchess::startpos();
    let mut pgn = record(&start, &texts(&["h0L", "a7R", "e2R"]), header());
    let end = GameEnd::Rules(Outcome::draw(EndReason::REPETITION));
    pgn.set_result(end.result());
    let text = write_game(&pgn);
    let names = tag_names(&text);
    let at = |name| names.iter().position(|&n| n == name).expect(name);
    let rule_order = ["Event", "White", "Black", "Result", "TimeControl"].map(at);
    assert!(rule_order.windows(2).all(|w| w[0] < w[1]), "{text}");
    assert!(!names.contains(&"FEN"), "the start position needs none");
    // Escaping: a quote in a value gets a backslash.
    assert!(text.contains("[Black \"engine \\\"B\\\"\"]\n"), "{text}");
    assert!(text.contains("[Result \"1/2-1/2\"]\n"), "{text}");
    assert!(text.contains("\n\n1. h0L a7R 2. e2R 1/2-1/2\n"), "{text}");
}

#[test]
fn record_from_a_fen_with_black_to_move() {
    // Rule 7.4: a FEN tag when not the start position; numbering from
    // Black's move.
    let fen = "ss7/8/8/8/8/8/8/NN6nw B";
    let start = Leiserchess::from_fen(fen).expect("valid FEN");
    let pgn = record(&start, &texts(&["h0R"]), header());
    let text = write_game(&pgn);
    assert!(text.contains(&format!("[FEN \"{fen}\"]\n")), "{text}");
    assert!(text.ends_with("\n1... h0R *\n\n"), "{text}");
}

#[test]
fn long_records_wrap_at_80_columns_and_read_back() {
    let start = Leiserchess::startpos();
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    for i in 0..300 {
        if game.outcome().is_some() {
            break;
        }
        legal.clear();
        game.legal_moves(&mut legal);
        let mv = legal[(i * 7919) % legal.len()];
        moves.push(mv.to_string());
        game.make(mv);
    }
    let mut pgn = record(&start, &moves, header());
    pgn.set_result(GameResult::Unfinished);
    let text = write_game(&pgn);
    let movetext = text.split("\n\n").nth(1).expect("movetext");
    assert!(movetext.lines().count() > 10, "{text}");
    assert!(movetext.lines().all(|l| l.len() <= LINE_WIDTH), "{text}");

    let back = read_games(&text).expect("our own output reads back");
    assert_eq!(back, [pgn]);
    // The recorded moves replay (rule 7.1 notation both ways).
    let mut replay = start.clone();
    for m in &back[0].moves {
        let mv = replay.parse_move(&m.text).expect("legal on replay");
        replay.make(mv);
    }
    assert_eq!(replay.fen(), game.fen());
}
