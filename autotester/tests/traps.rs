//! The traps of issue 16, each with the command a user typed, against the
//! mock engine: the wrong game by default, resumed bogus games, and the
//! Elo figures.

mod common;

use common::{autotester, scratch, text, MOCK};
use std::path::Path;
use std::process::Output;

/// The words of `line`, with `MOCK` for the mock engine's path.
fn typed(line: &str) -> Vec<String> {
    line.split_whitespace()
        .map(|w| w.replace("MOCK", MOCK))
        .collect()
}

fn pgn_text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
fn two_chess_engines_without_game_play_chess() {
    let d = scratch("traps", "chess-default");
    let pgn = d.join("out.pgn");
    let out = autotester(&typed(&format!(
        "-engine cmd=MOCK name=a arg=--game arg=chess -engine cmd=MOCK name=b arg=--game arg=chess \
         -each depth=1 -rounds 2 -pgnout {}",
        pgn.display()
    )));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Game: chess (from the engines' uci answers"),
        "{stdout}"
    );
    let games = pgn_text(&pgn);
    assert_eq!(games.matches("[Event ").count(), 4, "{games}");
    assert!(!games.contains("illegal move"), "{games}");
}

#[test]
fn leiserchess_engines_are_recognised_by_their_variant_option() {
    let d = scratch("traps", "leiserchess-default");
    let pgn = d.join("out.pgn");
    let out = autotester(&typed(&format!(
        "-engine cmd=MOCK name=a arg=--game arg=leiserchess2016 \
         -engine cmd=MOCK name=b arg=--game arg=leiserchess2016 -each depth=1 -rounds 1 -quiet -pgnout {}",
        pgn.display()
    )));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Game: leiserchess2016 (from"));
    assert!(pgn_text(&pgn).contains("[Variant \"2016\"]"));
}

#[test]
fn engines_that_do_not_say_their_game_are_refused_naming_the_flag() {
    let d = scratch("traps", "unsure");
    // MIT's players declare evaluation weights but not which rules.
    let out = autotester(&typed(&format!(
        "-engine cmd=MOCK name=a arg=--game arg=leiserchess2016 arg=--dialect arg=mit \
         -engine cmd=MOCK name=b arg=--game arg=leiserchess2016 -each depth=1 -pgnout {}",
        d.join("out.pgn").display()
    )));
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("cannot tell which game engine \"a\" plays"),
        "{err}"
    );
    assert!(
        err.contains("give -game chess, leiserchess, leiserchess2016 or chess960"),
        "{err}"
    );
    assert!(!d.join("out.pgn").exists());

    // Engines of two games.
    let out = autotester(&typed(
        "-engine cmd=MOCK name=a arg=--game arg=chess \
         -engine cmd=MOCK name=b arg=--game arg=leiserchess -each depth=1",
    ));
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("engine \"a\" plays chess but engine \"b\" plays leiserchess"),
        "{err}"
    );
}

#[test]
fn an_illegal_first_move_stops_the_run() {
    // Chess engines told to play Leiserchess: the first engine move is
    // illegal, so the run stops instead of rating nonsense.
    let d = scratch("traps", "wrong-game");
    let pgn = d.join("out.pgn");
    let out = autotester(&typed(&format!(
        "-engine cmd=MOCK name=a arg=--game arg=chess -engine cmd=MOCK name=b arg=--game arg=chess \
         -game leiserchess -openings none -each depth=1 -rounds 2 -pgnout {}",
        pgn.display()
    )));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("engine \"a\" made an illegal first move")
            && err.contains("plays another game than leiserchess"),
        "{err}"
    );
    assert!(!text(&out.stdout).contains("Rank Name"));
    assert!(!pgn_text(&pgn).contains("illegal"));
}

#[test]
fn a_rerun_with_other_settings_is_refused_and_force_new_starts_again() {
    let d = scratch("traps", "fingerprint");
    let pgn = d.join("out.pgn");
    let command = |each: &str, extra: &str| {
        typed(&format!(
            "-engine cmd=MOCK name=a arg=--game arg=chess -engine cmd=MOCK name=b arg=--game arg=chess \
             -game chess -each {each} -rounds 2 -quiet -pgnout {} {extra}",
            pgn.display()
        ))
    };
    let out = autotester(&command("depth=1", ""));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let first = pgn_text(&pgn);
    assert_eq!(
        first.matches("[Fingerprint \"game=chess engines=").count(),
        4,
        "{first}"
    );

    // The same command resumes everything.
    let out = autotester(&command("depth=1", ""));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("Played 0 games"),
        "{}",
        text(&out.stdout)
    );

    // Another depth: refused, naming the setting and the ways out.
    let out = autotester(&command("depth=2", ""));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("holds 4 game(s) of other settings: time control, depth or nodes"),
        "{err}"
    );
    assert!(
        err.contains("-pgnout FILE") && err.contains("--force-new"),
        "{err}"
    );
    // The same command would be refused again: no "rerun" advice.
    assert!(!err.contains("rerun to resume"), "{err}");
    assert_eq!(pgn_text(&pgn), first);

    // Another seed names the values.
    let out = autotester(&command("depth=1", "-srand 9"));
    assert!(text(&out.stderr).contains("seed (1 in the PGN, 9 now)"));

    // --force-new moves the old games aside and plays the new settings.
    let out = autotester(&command("depth=2", "--force-new"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(pgn_text(&d.join("out.pgn.old")), first);
    assert_eq!(pgn_text(&pgn).matches("[Event ").count(), 4);
    assert_ne!(pgn_text(&pgn), first);
}

#[test]
fn games_without_a_fingerprint_are_never_resumed() {
    let d = scratch("traps", "foreign");
    let pgn = d.join("out.pgn");
    std::fs::write(
        &pgn,
        "[Event \"x\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n\n\
         {White makes an illegal move: g1f3} 0-1\n\n",
    )
    .unwrap();
    let out = autotester(&typed(&format!(
        "-engine cmd=MOCK name=a arg=--game arg=chess -engine cmd=MOCK name=b arg=--game arg=chess \
         -game chess -each depth=1 -rounds 1 -pgnout {}",
        pgn.display()
    )));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("1 game(s) of other settings: they carry no fingerprint"),
        "{err}"
    );
}

/// Ten games, five pairs, in which `new` scores 9.5 of 10 (one draw).
fn ten_games_at_95_percent() -> String {
    let mut pgn = String::new();
    for round in 1..=5 {
        let second = if round == 3 { "1/2-1/2" } else { "0-1" };
        pgn += &format!(
            "[Round \"{round}\"][White \"new\"][Black \"old\"][Result \"1-0\"] 1. e4 1-0\n\
             [Round \"{round}\"][White \"old\"][Black \"new\"][Result \"{second}\"] 1. e4 {second}\n"
        );
    }
    pgn
}

#[test]
fn one_headline_elo_explained_and_no_nonsense_estimate_on_ten_games() {
    let d = scratch("traps", "elo");
    let pgn = d.join("ten.pgn");
    std::fs::write(&pgn, ten_games_at_95_percent()).unwrap();
    let path = pgn.display().to_string();
    let out = autotester(&typed(&format!("elo {path} --estimate")));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // One headline, with its error and where it comes from.
    let headlines: Vec<&str> = stdout.lines().filter(|l| l.starts_with("Elo: ")).collect();
    assert_eq!(headlines.len(), 1, "{stdout}");
    assert!(
        headlines[0].starts_with("Elo: +511.50, 95% interval +")
            && headlines[0].contains("to +inf (too few games for a finite error)")
            && headlines[0].contains("from 5 game pairs, pentanomial"),
        "{stdout}"
    );
    assert!(
        stdout.contains("The table's ratings are BayesElo's model"),
        "{stdout}"
    );
    // Too few games to estimate the model: said plainly, defaults kept.
    assert!(stdout.contains("Too few games to estimate"), "{stdout}");
    assert!(!stdout.contains("draw margin 1178"), "{stdout}");
    let rating: f64 = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("1 new"))
        .and_then(|l| l.split_whitespace().nth(2))
        .and_then(|e| e.parse().ok())
        .expect("new's rating");
    assert!(rating > 50.0, "{stdout}");
}

/// A four-game mock chess match with `extra` flags.
fn four_games(name: &str, extra: &str) -> Output {
    let d = scratch("traps", name);
    autotester(&typed(&format!(
        "-engine cmd=MOCK name=a arg=--game arg=chess -engine cmd=MOCK name=b arg=--game arg=chess \
         -game chess -each depth=1 -rounds 2 -pgnout {} {extra}",
        d.join("out.pgn").display()
    )))
}

#[test]
fn the_flags_fastchess_and_cutechess_users_type() {
    let out = four_games(
        "fastchess",
        "-repeat -recover -ratinginterval 2 -report penta=true -output format=fastchess",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Started game 1 of 4 (a vs b)\n"),
        "{stdout}"
    );
    assert!(stdout.contains("\nFinished game 2 (b vs a): "), "{stdout}");
    assert!(stdout.contains("\nScore of a vs b: "), "{stdout}");
    // Every 2 games: fastchess's results block; the end's is the one
    // after game 4, not printed again (issue 40 item 5).
    assert_eq!(
        stdout.matches("Results of a vs b:\nElo: ").count(),
        2,
        "{stdout}"
    );
    assert!(stdout.contains("\nPtnml(0-2): ["), "{stdout}");
    assert!(stdout.contains("\nGames: 2, Wins: "), "{stdout}");

    let out = four_games(
        "cutechess",
        "-repeat 2 -ratinginterval 4 -output format=cutechess",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\nScore of a vs b: "), "{stdout}");
    assert!(stdout.contains("] 4\nElo difference: "), "{stdout}");
    assert!(stdout.contains(", DrawRatio: "), "{stdout}");

    // Ours: the running score with the Elo so far and an ETA.
    let out = four_games("native", "-report penta=false");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Finished game 1 (round 1, a vs b): "),
        "{stdout}"
    );
    assert!(stdout.contains("; 1 of 4 games, ETA 0:00:"), "{stdout}");
    assert!(stdout.contains("; 4 of 4 games, ETA 0:00:00"), "{stdout}");
    assert!(stdout.contains("from 4 games, trinomial"), "{stdout}");

    // Games in play at once finish out of order; each keeps its number.
    let out = four_games(
        "numbers",
        "-rounds 4 -concurrency 2 -output format=cutechess",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let players_of = |prefix: &str, number: usize| {
        let start = format!("{prefix} game {number} ");
        let line = stdout.lines().find(|l| l.starts_with(&start));
        line.and_then(|l| Some(l[l.find('(')?..=l.find(')')?].to_string()))
    };
    for number in 1..=8 {
        let finished = players_of("Finished", number);
        assert!(finished.is_some(), "game {number} never finished: {stdout}");
        assert_eq!(players_of("Started", number), finished, "{stdout}");
    }

    let out = four_games("bad-output", "-output format=xml");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("expected cutechess, fastchess or native"));
    let out = four_games("bad-repeat", "-repeat 3");
    assert_eq!(out.status.code(), Some(2));
}
