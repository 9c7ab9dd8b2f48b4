//! Matches of random movers (the mock engine) in every game: the PGN's
//! tags, MIT's dialect and the 2016 rules, score adjudication, config
//! files with books, and the depth ladder.

mod common;

use common::matches::{games, mock, score_of, versus, words};
use common::{autotester, text, MOCK};
use std::path::PathBuf;
use workbench::pgn::{GameResult, PgnGame};

fn dir(name: &str) -> PathBuf {
    common::scratch("games", name)
}

#[test]
fn random_movers_play_both_games_with_full_tags() {
    for game in ["chess", "leiserchess"] {
        let d = dir(&format!("random-{game}"));
        let pgn = d.join("out.pgn");
        let out = versus(game, &[], "-each tc=5+0.05 -rounds 3 -maxmoves 60", &pgn);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let gs = games(&pgn);
        assert_eq!(gs.len(), 6);
        for g in &gs {
            for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
                assert!(g.tag(tag).is_some(), "{tag} missing");
            }
            assert_eq!(g.tag("TimeControl"), Some("5+0.05"));
            assert_ne!(g.outcome(), GameResult::Unfinished);
            assert!(g.final_comment.is_some());
            assert_eq!(g.tag("PlyCount"), Some(g.moves.len().to_string().as_str()));
            assert!(g.moves.len() <= 120);
            // Eight book plies, then engine moves with score/depth and time.
            assert!(g
                .moves
                .iter()
                .take(8)
                .all(|m| m.comment.as_deref() == Some("book")));
            if let Some(m) = g.moves.get(8) {
                let c = m.comment.as_deref().unwrap_or("");
                assert!(c.contains("/1 ") && c.ends_with('s'), "{c}");
            }
        }
        // Both colours of each round, same opening.
        for round in ["1", "2", "3"] {
            let pair: Vec<&PgnGame> = gs
                .iter()
                .filter(|g| g.tag("Round") == Some(round))
                .collect();
            assert_eq!(pair.len(), 2);
            assert_eq!(pair[0].tag("White"), pair[1].tag("Black"));
            let book = |g: &PgnGame| {
                g.moves
                    .iter()
                    .take(8)
                    .map(|m| m.text.clone())
                    .collect::<Vec<_>>()
            };
            assert_eq!(book(pair[0]), book(pair[1]));
        }
        let stdout = text(&out.stdout);
        assert!(stdout.contains("Rank Name"), "{stdout}");
        assert!(stdout.contains("Pairs: 3"), "{stdout}");
    }
}

#[test]
fn the_2016_rules_against_an_engine_in_mits_dialect() {
    // The mock plays the 2016 rules from every `position` it is sent, so
    // a position of the 2018 rules, or a move list it cannot read, would
    // make it answer moves the referee rejects.
    let d = dir("mit-2016");
    let pgn = d.join("out.pgn");
    let rest = "-each tc=5+0.05 -rounds 2 -games 2 -maxmoves 40 -openings plies=4";
    let out = versus("leiserchess2016", &["--dialect", "mit"], rest, &pgn);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let gs = games(&pgn);
    assert_eq!(gs.len(), 4);
    for g in &gs {
        assert_ne!(g.tag("Termination"), Some("rules infraction"), "{g:?}");
        assert_ne!(g.outcome(), GameResult::Unfinished);
        assert_eq!(g.variant(), Some("2016"));
        // Its moves carry the depth of MIT's line before the score.
        let bad_moves = g
            .moves
            .iter()
            .skip(4)
            .skip(usize::from(g.tag("White") != Some("bad")));
        for m in bad_moves.step_by(2) {
            let c = m.comment.as_deref().unwrap_or("");
            assert!(c.contains("/2 "), "{c}");
        }
    }
}

#[test]
fn score_adjudication() {
    let d = dir("adjudication");
    // Both engines say the game is level: a draw from move 3 after 2 moves each.
    let pgn = d.join("draw.pgn");
    let mut args = mock("a", "chess", &["--score", "0"]);
    args.extend(mock("b", "chess", &["--score", "5"]));
    args.extend(words(
        "-game chess -each depth=1 -rounds 1 -quiet -draw movenumber=3 movecount=2 score=10",
    ));
    args.extend(["-pgnout".into(), pgn.display().to_string()]);
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for g in games(&pgn) {
        assert_eq!(g.outcome(), GameResult::Draw);
        assert_eq!(g.tag("Termination"), Some("adjudication"));
        // Book plies 1-8 reach move 5; two engine moves each, then the draw.
        assert_eq!(g.moves.len(), 12);
    }

    // `a` always believes it is lost and `b` that it wins: `a` resigns.
    let pgn = d.join("resign.pgn");
    let mut args = mock("a", "leiserchess", &["--score", "-700"]);
    args.extend(mock("b", "leiserchess", &["--score", "700"]));
    args.extend(words(
        "-game leiserchess -each depth=1 -rounds 1 -quiet -resign movecount=3 score=500",
    ));
    args.extend(["-pgnout".into(), pgn.display().to_string()]);
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for g in games(&pgn) {
        assert_eq!(score_of(&g, "a"), GameResult::BlackWins, "{g:?}");
        assert!(g.final_comment.as_deref().unwrap_or("").contains("resigns"));
        assert_eq!(g.moves.len(), 14);
    }
}

#[test]
fn config_files_with_books_for_both_games() {
    let d = dir("config");
    // A chess book with a move line and an EPD line.
    let book = d.join("book.txt");
    std::fs::write(
        &book,
        "e2e4 e7e5\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"d4\";\n",
    )
    .unwrap();
    let config = d.join("chess.txt");
    std::fs::write(
        &config,
        format!(
            "game = chess\ncpus = 2\nbook = book.txt\ngame_rounds = 4\nadjudicate = 40\n\
             player = one\ninvoke = {MOCK} --game chess --seed 1\nfis = 5 0.05\n\
             player = two\ninvoke = {MOCK} --game chess --seed 2\nfis = 5 0.05\n"
        ),
    )
    .unwrap();
    let out = autotester(&["run".into(), config.display().to_string(), "--quiet".into()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let gs = games(&d.join("chess.pgn"));
    assert_eq!(gs.len(), 4);
    let with_fen = gs.iter().filter(|g| g.tag("FEN").is_some()).count();
    assert_eq!(with_fen, 2);
    for g in &gs {
        assert!(g.moves.len() <= 40);
        match g.tag("FEN") {
            Some(_) => {
                assert_eq!(g.tag("SetUp"), Some("1"));
                assert!(g.black_first);
            }
            None => assert_eq!(g.moves[0].text, "e4"),
        }
    }

    // Leiserchess from TOML, with a one-line book of two moves.
    let mut first = String::new();
    let mut g = workbench::GameKind::Leiserchess.game().start();
    for _ in 0..2 {
        let mv = g.legal_moves()[0];
        first.push_str(&format!("{} ", g.move_text(mv).expect("legal")));
        g.make(mv).expect("legal");
    }
    std::fs::write(d.join("lbook.txt"), format!("{first}\n")).unwrap();
    let toml = d.join("l.toml");
    std::fs::write(
        &toml,
        format!(
            "book = \"lbook.txt\"\ngame_rounds = 2\ncpus = 2\n\
             [[player]]\nname = \"x\"\ninvoke = \"{MOCK} --game leiserchess\"\nfis = [5, 0.05]\n\
             [[player]]\nname = \"y\"\ninvoke = \"{MOCK} --game leiserchess\"\ndepth = 3\n"
        ),
    )
    .unwrap();
    let out = autotester(&["run".into(), toml.display().to_string(), "--quiet".into()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let gs = games(&d.join("l.pgn"));
    assert_eq!(gs.len(), 2);
    for g in &gs {
        let book: Vec<String> = g.moves.iter().take(2).map(|m| m.text.clone()).collect();
        assert_eq!(book.join(" ") + " ", first);
        assert_eq!(g.tag("TimeControl"), Some("?"));
        assert!(g.tag("WhiteTimeControl").is_some());
    }
}

#[test]
fn ladder_writes_table_and_graph() {
    let d = dir("ladder");
    let out = autotester(&[
        "ladder".into(),
        format!("{MOCK} --game chess"),
        "--game".into(),
        "chess".into(),
        "--depths".into(),
        "1..3".into(),
        "--games".into(),
        "2".into(),
        "--concurrency".into(),
        "2".into(),
        "--quiet".into(),
        "--pgn".into(),
        d.join("l.pgn").display().to_string(),
        "--svg".into(),
        d.join("l.svg").display().to_string(),
        "--name".into(),
        "mock".into(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("depth    Elo"), "{stdout}");
    assert!(stdout.contains("\n    1      0 "), "{stdout}");
    assert_eq!(games(&d.join("l.pgn")).len(), 6);
    let svg = std::fs::read_to_string(d.join("l.svg")).unwrap();
    assert_eq!(svg.matches("class=\"point\"").count(), 3);
}
