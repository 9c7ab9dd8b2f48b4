//! The cutechess/fastchess flags and engine keys that were refused
//! (issue 40): `-wait`, `-autosaveinterval`, `restart=`, `timemargin=`,
//! `st=`, `-sprt model=normalized`, `-log` and the `-pgnout` keys, each
//! doing what it does there.

mod common;

use common::matches::{games, mock, words};
use common::{autotester, scratch, text};
use std::time::{Duration, Instant};
use workbench::pgn::PgnGame;
use workbench::GameKind;

/// Two mocks at depth 1 in chess with `rest` after them; the PGN is
/// `dir/games.pgn`.
fn run(dir: &std::path::Path, a: &[&str], b: &[&str], rest: &str) -> std::process::Output {
    run_pgnout(dir, a, b, rest, "")
}

/// [`run`] with more `-pgnout` keys after `file=`.
fn run_pgnout(
    dir: &std::path::Path,
    a: &[&str],
    b: &[&str],
    rest: &str,
    keys: &str,
) -> std::process::Output {
    let mut args = mock("a", "chess", a);
    args.extend(mock("b", "chess", b));
    args.extend(words(&format!(
        "-game chess -quiet {rest} -pgnout file={} {keys}",
        dir.join("games.pgn").display()
    )));
    autotester(&args)
}

#[test]
fn wait_pauses_between_a_workers_games() {
    let dir = scratch("fastchess_flags", "wait");
    let started = Instant::now();
    let out = run(
        &dir,
        &[],
        &[],
        "-each depth=1 -rounds 2 -concurrency 1 -wait 700",
    );
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
        let out = run(
            &dir,
            &[],
            &[],
            &format!("-each depth=1 -autosaveinterval {bad}"),
        );
        assert!(!out.status.success(), "{bad}");
        assert!(
            text(&out.stderr).contains("autosaveinterval"),
            "{}",
            text(&out.stderr)
        );
    }
    let help = autotester(&["-help"]);
    let help = text(&help.stdout) + &text(&help.stderr);
    assert!(help.contains("-autosaveinterval"), "{help}");
    assert!(help.contains("-wait"), "{help}");
}

/// The process ids a mock started with `--pid-file` wrote.
fn starts(path: &std::path::Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |s| s.lines().count())
}

#[test]
fn restart_on_starts_a_fresh_engine_for_every_game() {
    let dir = scratch("fastchess_flags", "restart");
    let (pa, pb) = (dir.join("a.pids"), dir.join("b.pids"));
    let a = ["--pid-file", pa.to_str().expect("utf-8")];
    let b = ["--pid-file", pb.to_str().expect("utf-8")];
    let mut args = mock("a", "chess", &a);
    args.push("restart=on".into());
    args.extend(mock("b", "chess", &b));
    args.extend(words(&format!(
        "-game chess -quiet -each depth=1 -rounds 2 -concurrency 1 -pgnout file={}",
        dir.join("games.pgn").display()
    )));
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(games(&dir.join("games.pgn")).len(), 4);
    // a: one process a game; b (restart=off, the default): one for all.
    assert_eq!((starts(&pa), starts(&pb)), (4, 1));
    // -each restart=on reaches both; a bad value is refused.
    let out = run(&dir, &[], &[], "-each depth=1 restart=on -force-new");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&dir, &[], &[], "-each depth=1 restart=yes");
    assert!(text(&out.stderr).contains("restart=\"yes\": expected on or off"));
}

/// Whether every game in `dir` ended with "a" losing on time.
fn a_lost_on_time(dir: &std::path::Path) -> Vec<bool> {
    games(&dir.join("games.pgn"))
        .iter()
        .map(|g| {
            let loser_is_a = match g.outcome() {
                workbench::pgn::GameResult::WhiteWins => g.tag("Black") == Some("a"),
                workbench::pgn::GameResult::BlackWins => g.tag("White") == Some("a"),
                _ => false,
            };
            loser_is_a && g.tag("Termination") == Some("time forfeit")
        })
        .collect()
}

#[test]
fn st_is_a_time_per_move_and_a_slower_move_loses_on_time() {
    let dir = scratch("fastchess_flags", "st");
    // a thinks 400 ms a move against st=0.2 and a 50 ms margin: it loses
    // every game on time on its first move.
    let slow = ["--think-ms", "400"];
    let out = run(
        &dir,
        &slow,
        &[],
        "-each st=0.2 -timemargin 50 -maxmoves 3 -openings none",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(a_lost_on_time(&dir), [true, true]);
    for g in games(&dir.join("games.pgn")) {
        assert_eq!(g.tag("TimeControl"), Some("0.2/move"), "{g:?}");
    }
    // Within its move time, nobody loses on time.
    let dir = scratch("fastchess_flags", "st-fast");
    let quick = ["--think-ms", "20"];
    let out = run(
        &dir,
        &quick,
        &quick,
        "-each st=0.2 -timemargin 50 -maxmoves 3 -openings none",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(a_lost_on_time(&dir), [false, false]);
    // Both moved: none of it was book.
    for g in games(&dir.join("games.pgn")) {
        assert!(g.moves.iter().all(|m| m.comment.as_deref() != Some("book")));
        assert!(g.moves.len() > 2, "{g:?}");
    }
    let out = run(&dir, &[], &[], "-each st=0.2 tc=10+0.1");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("st= and tc= together"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&dir, &[], &[], "-each st=0");
    assert!(
        text(&out.stderr).contains("st=\"0\""),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn an_engines_timemargin_overrides_the_runs() {
    // The run's margin (50 ms) would forfeit a's 400 ms moves at st=0.2;
    // its own timemargin=1000 lets them stand.
    let dir = scratch("fastchess_flags", "timemargin");
    let mut a = mock("a", "chess", &["--think-ms", "400"]);
    a.push("timemargin=1000".into());
    let mut args = a;
    args.extend(mock("b", "chess", &["--think-ms", "20"]));
    args.extend(words(&format!(
        "-game chess -quiet -each st=0.2 -timemargin 50 -maxmoves 2 -openings none -pgnout file={}",
        dir.join("games.pgn").display()
    )));
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(a_lost_on_time(&dir), [false, false]);
    assert!(games(&dir.join("games.pgn"))
        .iter()
        .all(|g| g.moves.len() == 4));
    // The key in -each applies to every engine, and must be a number.
    let out = run(&dir, &[], &[], "-each depth=1 timemargin=soon");
    assert!(
        text(&out.stderr).contains("timemargin=\"soon\""),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn sprt_model_normalized_reads_the_bounds_as_nelo() {
    let dir = scratch("fastchess_flags", "sprt");
    let out = run(
        &dir,
        &[],
        &[],
        "-each depth=1 -rounds 2 -sprt elo0=0 elo1=5 model=normalized",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    assert!(printed.contains("SPRT [0.00, 5.00] nElo"), "{printed}");
    let out = run(
        &dir,
        &[],
        &[],
        "-each depth=1 -sprt elo0=0 elo1=5 model=bayes",
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("model=\"bayes\": expected logistic or normalized"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn log_writes_engine_traffic_and_each_games_end() {
    let dir = scratch("fastchess_flags", "log");
    let log = dir.join("run.log");
    let slow = ["--think-ms", "400"];
    let out = run(
        &dir,
        &slow,
        &[],
        &format!(
            "-each st=0.2 -timemargin 50 -maxmoves 3 -openings none -log file={} level=info engine=true",
            log.display()
        ),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&log).expect("the log");
    // Both directions of the traffic, by engine name and process id.
    assert!(written.contains("> >> uci"), "{written}");
    assert!(written.contains("> << uciok"), "{written}");
    assert!(written.contains("<a("), "{written}");
    // A game lost on time is a warning; the run's start is information.
    assert!(written.contains("INFO  run started"), "{written}");
    assert!(written.contains("WARN  game 1: "), "{written}");

    // At the default level (warn) without engine=true: no traffic, no
    // information, only what went wrong; appended to the same file.
    let before = written.lines().count();
    let out = run(
        &dir,
        &slow,
        &[],
        &format!(
            "-each st=0.2 -timemargin 50 -maxmoves 3 -openings none -log file={} -force-new",
            log.display()
        ),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&log).expect("the log");
    let added: Vec<&str> = written.lines().skip(before).collect();
    assert!(!added.is_empty(), "{written}");
    assert!(added.iter().all(|l| l.contains("WARN")), "{added:?}");

    for bad in [
        "level=loud",
        "engine=yes",
        "compress=true",
        "colour=red",
        "",
    ] {
        let out = run(&dir, &[], &[], &format!("-each depth=1 -log {bad}"));
        assert!(!out.status.success(), "{bad}");
        assert!(
            text(&out.stderr).contains("-log"),
            "{bad}: {}",
            text(&out.stderr)
        );
    }
}

/// fastchess's `-pgnout` figures: each engine move's comment keeps the
/// engine's last reported nodes, seldepth and nps, as fastchess writes
/// them (`+0.12/1 0.003s, n=1, sd=2, nps=1000`).
#[test]
fn pgnout_keeps_the_figures_asked_for() {
    let dir = scratch("fastchess_flags", "pgnout-figures");
    let pgn = dir.join("games.pgn");
    let figures = "nodes=true seldepth=true nps=true";
    let out = run_pgnout(
        &dir,
        &[],
        &[],
        "-each depth=1 -maxmoves 3 -openings none",
        figures,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let engine_moves: Vec<String> = games(&pgn)
        .iter()
        .flat_map(|g| g.moves.iter())
        .filter_map(|m| m.comment.clone())
        .filter(|c| c != "book")
        .collect();
    assert!(!engine_moves.is_empty());
    for comment in &engine_moves {
        assert!(comment.ends_with("s, n=1, sd=2, nps=1000"), "{comment}");
    }
    // Without the keys, no figures.
    let dir = scratch("fastchess_flags", "pgnout-plain");
    let out = run(&dir, &[], &[], "-each depth=1 -maxmoves 3 -openings none");
    assert!(out.status.success(), "{}", text(&out.stderr));
    for g in games(&dir.join("games.pgn")) {
        assert!(g
            .moves
            .iter()
            .all(|m| !m.comment.as_deref().unwrap_or("").contains("n=")));
    }
}

/// `-pgnout notation=uci` writes the moves as the engines spoke them;
/// the file still reads back (a rerun resumes from it).
#[test]
fn pgnout_notation_uci_writes_protocol_moves() {
    let dir = scratch("fastchess_flags", "pgnout-uci");
    let pgn = dir.join("games.pgn");
    let uci = || run_pgnout(&dir, &[], &[], "-each depth=1 -maxmoves 6", "notation=uci");
    let out = uci();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = games(&pgn);
    assert_eq!(played.len(), 2);
    let coordinate = |m: &str| {
        let b = m.as_bytes();
        (4..=5).contains(&b.len())
            && b[0].is_ascii_lowercase()
            && b[1].is_ascii_digit()
            && b[2].is_ascii_lowercase()
            && b[3].is_ascii_digit()
    };
    for g in &played {
        assert!(!g.moves.is_empty());
        assert!(g.moves.iter().all(|m| coordinate(&m.text)), "{:?}", g.moves);
    }
    // Read back: the rerun finds both games and plays none.
    let out = uci();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(games(&pgn).len(), 2);
}

/// The comments of the engine moves of `pgn`'s games, per game.
fn engine_comments(pgn: &std::path::Path) -> Vec<Vec<String>> {
    games(pgn)
        .iter()
        .map(|g| {
            g.moves
                .iter()
                .filter_map(|m| m.comment.clone())
                .filter(|c| c != "book")
                .collect()
        })
        .collect()
}

/// Seconds as a comment writes them (`0.302s`, `-0.004s`).
fn seconds(text: &str) -> f64 {
    let number = text.strip_suffix('s').unwrap_or(text);
    number
        .parse()
        .unwrap_or_else(|_| panic!("{text:?} is no time"))
}

/// The time a move took and the `key=` figure of its comment
/// (`+0.12/1 0.302s, tl=9.798s`).
fn time_and(comment: &str, key: &str) -> (f64, f64) {
    let mut parts = comment.split(", ");
    let head = parts.next().unwrap_or("");
    let time = seconds(head.rsplit(' ').next().unwrap_or(""));
    let figure = parts
        .find_map(|p| p.strip_prefix(key))
        .unwrap_or_else(|| panic!("no {key} in {comment:?}"));
    (time, seconds(figure))
}

/// `-pgnout timeleft=true`: each engine move's comment gives the mover's
/// clock after the move, increment included (`tl=10.097s`), as fastchess
/// does; under `st=` it is the move time, which every move gets afresh.
#[test]
fn pgnout_timeleft_gives_the_movers_clock_after_each_move() {
    let dir = scratch("fastchess_flags", "pgnout-timeleft");
    let pgn = dir.join("games.pgn");
    let rest = "-each tc=10+0.1 -maxmoves 4 -openings none";
    let out = run_pgnout(&dir, &[], &[], rest, "timeleft=true");
    assert!(out.status.success(), "{}", text(&out.stderr));
    for comments in engine_comments(&pgn) {
        assert!(comments.len() > 2, "{comments:?}");
        // Each side's clock: 10 s, less each move's time, plus 0.1 s.
        let mut clocks = [10.0, 10.0];
        for (ply, comment) in comments.iter().enumerate() {
            let (time, left) = time_and(comment, "tl=");
            let clock = &mut clocks[ply % 2];
            *clock += 0.1 - time;
            assert!((left - *clock).abs() < 0.0025, "{comment}: {clock}");
            *clock = left;
        }
    }
    let dir = scratch("fastchess_flags", "pgnout-timeleft-st");
    let rest = "-each st=0.2 -maxmoves 2 -openings none";
    let out = run_pgnout(&dir, &[], &[], rest, "timeleft=true");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let comments = engine_comments(&dir.join("games.pgn")).concat();
    assert!(!comments.is_empty());
    for comment in &comments {
        assert!(comment.ends_with("s, tl=0.200s"), "{comment}");
    }
}

/// `-pgnout latency=true`: the move's wall time less the `time` the
/// engine reported (the mock reports its 150 ms of thinking), before
/// the other figures as in fastchess (`0.153s, latency=0.003s, n=1`).
#[test]
fn pgnout_latency_is_the_wall_time_less_the_engines_own() {
    let dir = scratch("fastchess_flags", "pgnout-latency");
    let think = ["--think-ms", "150"];
    let rest = "-each depth=1 -maxmoves 2 -openings none";
    let out = run_pgnout(&dir, &think, &think, rest, "latency=true nodes=true");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let comments = engine_comments(&dir.join("games.pgn")).concat();
    assert!(comments.len() > 2, "{comments:?}");
    for comment in &comments {
        let (time, latency) = time_and(comment, "latency=");
        assert!(time >= 0.15, "{comment}");
        // Whole milliseconds less the reported 150, as fastchess counts.
        assert!((time - 0.15 - latency).abs() < 0.0015, "{comment}");
        assert!(comment.ends_with(", n=1"), "{comment}");
    }
}

/// `-pgnout min=true`: fastchess's minimal PGN (the Seven Tag Roster,
/// SetUp/FEN, moves and result) plus the tags a rerun needs; no comment
/// at all, not even `{book}`. A rerun finds every game and plays none.
#[test]
fn pgnout_min_writes_bare_games_that_a_rerun_resumes() {
    let dir = scratch("fastchess_flags", "pgnout-min");
    let pgn = dir.join("games.pgn");
    let rest = "-each depth=1 -maxmoves 3 -openings plies=2";
    let min = || run_pgnout(&dir, &[], &[], rest, "min=true nodes=true timeleft=true");
    let out = min();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let played = games(&pgn);
    assert_eq!(played.len(), 2);
    for g in &played {
        let names: Vec<&str> = g.tags.iter().map(|(k, _)| k.as_str()).collect();
        let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
        assert_eq!(names[..7], roster, "{names:?}");
        assert_eq!(names[7..], ["Fingerprint", "FirstEngine"], "{names:?}");
        assert_eq!(g.moves.len(), 6, "{g:?}");
        assert!(g.moves.iter().all(|m| m.comment.is_none()), "{g:?}");
        assert_eq!(g.final_comment, None);
    }
    let before = std::fs::read_to_string(&pgn).expect("the PGN");
    assert!(!before.contains('{'), "{before}");
    let out = min();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&pgn).expect("the PGN"), before);
}

/// Whether `text` is a chess move in fastchess's LAN: `O-O`, `O-O-O`, or
/// an optional piece letter, the square left, an optional `x`, the square
/// reached and an optional `=Q`; then an optional `+` or `#`.
fn is_lan(text: &str) -> bool {
    let core = text.trim_end_matches(['+', '#']);
    if matches!(core, "O-O" | "O-O-O") {
        return true;
    }
    if !core.is_ascii() {
        return false; // and below, byte ranges are characters
    }
    let core = core.trim_start_matches(['N', 'B', 'R', 'Q', 'K']);
    let (core, promotion) = match core.split_once('=') {
        Some((core, role)) => (core, Some(role)),
        None => (core, None),
    };
    let square = |s: &str| {
        let b = s.as_bytes();
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
    };
    let squares = match core.len() {
        4 => square(&core[..2]) && square(&core[2..]),
        5 => square(&core[..2]) && &core[2..3] == "x" && square(&core[3..]),
        _ => false,
    };
    squares && matches!(promotion, None | Some("N" | "B" | "R" | "Q"))
}

/// The games of a match of two mocks in `game` with `-pgnout` `keys`,
/// written to `dir/name/games.pgn`.
fn mock_games(dir: &std::path::Path, name: &str, game: &str, keys: &str) -> Vec<PgnGame> {
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).expect("a folder for the PGN");
    let pgn = folder.join("games.pgn");
    let mut args = mock("a", game, &[]);
    args.extend(mock("b", game, &[]));
    args.extend(words(&format!(
        "-game {game} -quiet -each depth=1 -maxmoves 25 -openings plies=4 -concurrency 1 \
         -pgnout file={} {keys}",
        pgn.display()
    )));
    let out = autotester(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    games(&pgn)
}

/// `-pgnout notation=lan`: fastchess's long algebraic notation. The mocks'
/// moves follow from the position and the seed, so the same games are
/// written in SAN and in LAN: each LAN move is what the game writes for
/// the SAN move replayed, and reads as LAN. Leiserchess has no SAN: its
/// LAN is its record notation. The file reads back for a rerun.
#[test]
fn pgnout_notation_lan_writes_long_algebraic_moves() {
    let dir = scratch("fastchess_flags", "pgnout-lan");
    let san = mock_games(&dir, "san", "chess", "notation=san");
    let lan = mock_games(&dir, "lan", "chess", "notation=lan");
    assert_eq!(san.len(), lan.len());
    let mut differ = 0;
    for (s, l) in san.iter().zip(&lan) {
        assert_eq!(s.moves.len(), l.moves.len());
        let mut game = GameKind::Chess.game().start();
        for (s, l) in s.moves.iter().zip(&l.moves) {
            assert!(is_lan(&l.text), "{}", l.text);
            let mv = game.parse(&s.text).expect("our SAN reads");
            assert_eq!(game.move_long_record(mv).expect("a legal move"), l.text);
            differ += usize::from(s.text != l.text);
            game.make(mv).expect("a legal move");
        }
    }
    assert!(differ > 0, "{lan:?}");
    let before = std::fs::read_to_string(dir.join("lan/games.pgn")).expect("the PGN");
    mock_games(&dir, "lan", "chess", "notation=lan");
    let after = std::fs::read_to_string(dir.join("lan/games.pgn")).expect("the PGN");
    assert_eq!(after, before);
    let moves = |games: Vec<PgnGame>| -> Vec<Vec<String>> {
        let text = |g: &PgnGame| g.moves.iter().map(|m| m.text.clone()).collect();
        games.iter().map(text).collect()
    };
    let record = moves(mock_games(&dir, "ls-san", "leiserchess", "notation=san"));
    let long = moves(mock_games(&dir, "ls-lan", "leiserchess", "notation=lan"));
    assert!(!record.concat().is_empty());
    assert_eq!(long, record);
}
