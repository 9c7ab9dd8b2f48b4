//! Matches against the mock engine (`src/bin/mock-engine.rs`): a random
//! mover and engines that crash, hang, play an illegal move, start slowly,
//! lose on time or flood their output, in both games. Each misbehaviour
//! must cost exactly the games it happens in, every finished game must be
//! in the PGN, and no engine process (nor any it started) may outlive its
//! use.

mod common;

use common::{autotester, text, MOCK};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};
use workbench::pgn::{read_file, GameResult, PgnGame};

fn dir(name: &str) -> PathBuf {
    common::scratch("matches", name)
}

/// `-engine` flags for the mock in `game` with extra mock arguments.
fn mock(name: &str, game: &str, extra: &[&str]) -> Vec<String> {
    let mut v = vec![
        "-engine".to_string(),
        format!("cmd={MOCK}"),
        format!("name={name}"),
        "arg=--game".into(),
        format!("arg={game}"),
    ];
    v.extend(extra.iter().map(|a| format!("arg={a}")));
    v
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// A match of `bad` (mock with `extra`) against a random mover.
fn versus(game: &str, extra: &[&str], rest: &str, pgn: &Path) -> Output {
    let mut args = mock("bad", game, extra);
    args.extend(mock("good", game, &[]));
    args.extend(words(&format!("-game {game} -concurrency 2 -quiet {rest}")));
    args.push("-pgnout".into());
    args.push(format!("file={}", pgn.display()));
    autotester(&args)
}

fn games(pgn: &Path) -> Vec<PgnGame> {
    read_file(pgn).expect("readable PGN")
}

/// The result for `name` in `g`.
fn score_of(g: &PgnGame, name: &str) -> GameResult {
    match (g.outcome(), g.tag("White") == Some(name)) {
        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => GameResult::WhiteWins,
        (GameResult::Draw, _) => GameResult::Draw,
        (GameResult::Unfinished, _) => GameResult::Unfinished,
        _ => GameResult::BlackWins,
    }
}

/// Every game lost by `bad` for `reason`, all `n` games kept.
fn assert_all_lost(pgn: &Path, n: usize, reason: &str, termination: &str) {
    let gs = games(pgn);
    assert_eq!(gs.len(), n);
    for g in &gs {
        assert_eq!(score_of(g, "bad"), GameResult::BlackWins, "{g:?}");
        let comment = g.final_comment.as_deref().unwrap_or("");
        assert!(comment.contains(reason), "{comment}");
        assert_eq!(g.tag("Termination"), Some(termination));
        // The failure came at the mock's third move, after real play.
        assert!(g.moves.len() >= 4, "{g:?}");
    }
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
fn a_crashing_engine_loses_and_is_restarted() {
    for game in ["chess", "leiserchess"] {
        let d = dir(&format!("crash-{game}"));
        let pgn = d.join("out.pgn");
        let out = versus(
            game,
            &["--mode", "crash"],
            "-each tc=5+0.05 -rounds 2",
            &pgn,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_all_lost(&pgn, 4, "engine crashed", "abandoned");
    }
}

#[test]
fn an_illegal_move_loses() {
    for game in ["chess", "leiserchess"] {
        let d = dir(&format!("illegal-{game}"));
        let pgn = d.join("out.pgn");
        let out = versus(
            game,
            &["--mode", "illegal"],
            "-each tc=5+0.05 -rounds 1",
            &pgn,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_all_lost(&pgn, 2, "makes an illegal move", "rules infraction");
    }
}

#[test]
fn a_hanging_engine_is_killed_at_its_time_plus_margin() {
    let d = dir("hang");
    let pgn = d.join("out.pgn");
    let start = Instant::now();
    let out = versus(
        "chess",
        &["--mode", "hang"],
        "-each tc=0.5+0.01 -rounds 1 -timemargin 100",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_all_lost(&pgn, 2, "loses on time", "time forfeit");
    // Two games at once, each killed after at most 0.5 s + margin.
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );

    // Without a clock the move timeout applies.
    let pgn = d.join("depth.pgn");
    let start = Instant::now();
    let out = versus(
        "leiserchess",
        &["--mode", "hang"],
        "-each depth=2 -rounds 1 -movetimeout 0.3",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_all_lost(&pgn, 2, "did not answer within", "abandoned");
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_late_move_loses_on_time() {
    let d = dir("timeout");
    let pgn = d.join("out.pgn");
    let out = versus(
        "leiserchess",
        &["--mode", "timeout"],
        "-each tc=0.3+0.01 -rounds 1 -timemargin 50",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_all_lost(&pgn, 2, "loses on time", "time forfeit");
}

#[test]
fn slow_starters_are_waited_for_and_named_when_too_slow() {
    let d = dir("slow");
    let pgn = d.join("out.pgn");
    let out = versus(
        "chess",
        &["--mode", "slow-start", "--delay-ms", "400"],
        "-each tc=5+0.05 -rounds 1 -maxmoves 20",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(games(&pgn).len(), 2);

    let pgn = d.join("too-slow.pgn");
    let out = versus(
        "chess",
        &["--mode", "slow-start", "--delay-ms", "3000"],
        "-each tc=5+0.05 -rounds 1 -startuptimeout 0.3",
        &pgn,
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("engine \"bad\" did not answer `uci` with `uciok` within 300"),
        "{err}"
    );
}

/// (round, white, black) of every game.
fn keys(gs: &[PgnGame]) -> HashSet<(String, String, String)> {
    gs.iter()
        .map(|g| {
            let t = |n| g.tag(n).unwrap_or("").to_string();
            (t("Round"), t("White"), t("Black"))
        })
        .collect()
}

#[test]
fn resume_and_shards_follow_the_seeded_schedule() {
    let d = dir("resume");
    let full = d.join("full.pgn");
    let run = |pgn: &Path, rest: &str| {
        let out = versus(
            "chess",
            &[],
            &format!("-each depth=1 -maxmoves 30 -srand 9 {rest}"),
            pgn,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        out
    };
    run(&full, "-rounds 4");
    let all = games(&full);
    assert_eq!(keys(&all).len(), 8);

    // Resume: two rounds first, then four; only the missing four games run.
    let part = d.join("part.pgn");
    run(&part, "-rounds 2");
    let out = run(&part, "-rounds 4");
    assert!(text(&out.stdout).contains("4 games of 8 for shard 1/1 (4 already in"));
    let resumed = games(&part);
    assert_eq!(resumed.len(), 8);
    assert_eq!(keys(&resumed), keys(&all));

    // Shards: disjoint, together the whole schedule, same openings.
    let (s1, s2) = (d.join("s1.pgn"), d.join("s2.pgn"));
    run(&s1, "-rounds 4 -shard 1/2");
    run(&s2, "-rounds 4 -shard 2/2");
    let (g1, g2) = (games(&s1), games(&s2));
    assert_eq!(g1.len() + g2.len(), 8);
    let merged: Vec<PgnGame> = g1.iter().chain(&g2).cloned().collect();
    assert_eq!(keys(&merged), keys(&all));
    assert!(g1.iter().all(|g| matches!(g.tag("Round"), Some("1" | "3"))));
    let book = |gs: &[PgnGame], round: &str| -> Vec<String> {
        let g = gs
            .iter()
            .find(|g| g.tag("Round") == Some(round))
            .expect("round");
        g.moves.iter().take(8).map(|m| m.text.clone()).collect()
    };
    for round in ["1", "2", "3", "4"] {
        assert_eq!(book(&merged, round), book(&all, round), "round {round}");
    }
    assert_ne!(book(&all, "1"), book(&all, "2"));

    // The merged file rates like any PGN.
    let merged_path = d.join("merged.pgn");
    let text_of = |p: &Path| std::fs::read_to_string(p).unwrap();
    std::fs::write(&merged_path, text_of(&s1) + &text_of(&s2)).unwrap();
    let out = autotester(&["elo".into(), merged_path.display().to_string()]);
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("Pairs: 4"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn sprt_stops_a_decided_match() {
    let d = dir("sprt");
    let pgn = d.join("out.pgn");
    let out = versus(
        "chess",
        &["--mode", "illegal", "--after", "2"],
        "-each depth=1 -rounds 200 -sprt elo0=0 elo1=50 alpha=0.05 beta=0.05",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("H0 accepted"), "{stdout}");
    assert!(stdout.contains("SPRT decided with"), "{stdout}");
    let n = games(&pgn).len();
    assert!((4..60).contains(&n), "{n} games");

    // Rerunning does not reopen a decided test.
    let out = versus(
        "chess",
        &["--mode", "illegal", "--after", "2"],
        "-each depth=1 -rounds 200 -sprt elo0=0 elo1=50 alpha=0.05 beta=0.05",
        &pgn,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("already decided"));
    assert_eq!(games(&pgn).len(), n);
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
    {
        use search::Rules;
        let mut g = <leiserchess::Leiserchess as Rules>::startpos();
        for _ in 0..2 {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            first.push_str(&format!("{} ", moves[0]));
            g.make(moves[0]);
        }
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

/// Runs the autotester with `args`, its output going to files in `d`, and
/// returns whether it succeeded, its stderr and its peak resident memory
/// in KiB (from `wait4`, which reports the child's own).
fn autotester_peak(args: &[String], d: &Path) -> (bool, String, i64) {
    let err_path = d.join("stderr.txt");
    let child = Command::new(env!("CARGO_BIN_EXE_autotester"))
        .args(args)
        .stdout(std::fs::File::create(d.join("stdout.txt")).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("run autotester");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // Safety: a zeroed rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // Safety: `status` and `usage` are valid and writable; `pid` is our
    // child, which std has not waited for (and will not: `child` is only
    // dropped).
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4");
    drop(child);
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    let stderr = std::fs::read_to_string(err_path).unwrap_or_default();
    (ok, stderr, usage.ru_maxrss)
}

#[test]
fn a_flooding_engine_loses_and_the_tester_stays_small() {
    // `bad` answers its third `go`, then prints `info string` lines without
    // end while `good` thinks for a second per move.
    let d = dir("flood");
    let pgn = d.join("out.pgn");
    let mut args = mock("bad", "chess", &["--mode", "flood"]);
    args.extend(mock("good", "chess", &["--think-ms", "1000"]));
    args.extend(words(
        "-game chess -concurrency 2 -quiet -each tc=20+0.1 -rounds 1",
    ));
    args.extend(["-pgnout".into(), pgn.display().to_string()]);
    let (ok, stderr, peak_kib) = autotester_peak(&args, &d);
    assert!(ok, "{stderr}");
    assert_all_lost(&pgn, 2, "floods its output", "rules infraction");
    for g in games(&pgn) {
        let comment = g.final_comment.unwrap_or_default();
        assert!(
            comment.contains("MiB of output for one command"),
            "{comment}"
        );
    }
    // Unbounded, it held hundreds of megabytes after a second.
    assert!(peak_kib < 64 * 1024, "peak RSS {peak_kib} KiB");
}

#[test]
fn an_endless_line_loses_and_the_engine_is_restarted() {
    for game in ["chess", "leiserchess"] {
        let d = dir(&format!("flood-line-{game}"));
        let pgn = d.join("out.pgn");
        let out = versus(
            game,
            &["--mode", "flood-line"],
            "-each tc=5+0.05 -rounds 2",
            &pgn,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        // Four games on two workers: each restarts `bad` once.
        assert_all_lost(&pgn, 4, "floods its output", "rules infraction");
        for g in games(&pgn) {
            let comment = g.final_comment.unwrap_or_default();
            assert!(comment.contains("a line longer than 64 KiB"), "{comment}");
        }
    }
}

/// Writes a wrapper script that runs the mock engine without `exec`, after
/// starting a helper that ignores SIGTERM and sleeps. The wrapper's id (its
/// group's) goes to `groups`; the mock's and the helper's to `pids`.
fn wrapper(d: &Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let script = d.join("wrapper.sh");
    let (groups, pids) = (d.join("groups"), d.join("pids"));
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\n\
             echo $$ >> '{groups}'\n\
             sh -c 'trap \"\" TERM; echo $$ >> \"{pids}\"; exec sleep 300' &\n\
             '{MOCK}' --pid-file '{pids}' \"$@\"\n",
            groups = groups.display(),
            pids = pids.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    script
}

/// The numbers in `file`, one a line.
fn ids(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// State and process group of a live process (`None` if gone or a zombie).
fn process_group(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    if matches!(fields.first(), Some(&("Z" | "X"))) {
        return None;
    }
    fields.get(2)?.parse().ok()
}

/// Live processes in any of `groups`, or with an id in `pids`.
fn survivors(groups: &[u32], pids: &[u32]) -> Vec<u32> {
    let mut left: Vec<u32> = pids
        .iter()
        .copied()
        .filter(|&p| process_group(p).is_some())
        .collect();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else {
            continue;
        };
        if process_group(pid).is_some_and(|g| groups.contains(&g)) && !left.contains(&pid) {
            left.push(pid);
        }
    }
    left
}

/// Waits up to two seconds for every process the wrappers in `d` started
/// to be gone; kills (so a failing test leaves nothing behind) and names
/// any that are not.
fn assert_nothing_left(d: &Path) {
    let (groups, pids) = (ids(&d.join("groups")), ids(&d.join("pids")));
    // Each wrapper's two processes write their ids as they start; on a
    // loaded machine a group may be killed before one of them has, so
    // fewer ids than that are fine: the scan of the groups finds a process
    // that never wrote its id all the same.
    assert!(
        !groups.is_empty() && pids.len() >= groups.len(),
        "{groups:?} {pids:?}"
    );
    let start = Instant::now();
    let mut left = survivors(&groups, &pids);
    while !left.is_empty() && start.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(20));
        left = survivors(&groups, &pids);
    }
    for &p in &left {
        // Safety: kill(2) of a process this test's engines started.
        unsafe {
            libc::kill(p as libc::pid_t, libc::SIGKILL);
        }
    }
    assert!(left.is_empty(), "processes left: {left:?}");
}

/// `-engine` flags for the wrapped mock.
fn wrapped(script: &Path, name: &str, extra: &[&str]) -> Vec<String> {
    let mut v = vec![
        "-engine".to_string(),
        format!("cmd={}", script.display()),
        format!("name={name}"),
        "arg=--game".into(),
        "arg=chess".into(),
    ];
    v.extend(extra.iter().map(|a| format!("arg={a}")));
    v
}

#[test]
fn engine_groups_are_killed_after_hangs_crashes_and_quits() {
    for mode in ["hang", "crash", "flood"] {
        let d = dir(&format!("groups-{mode}"));
        let script = wrapper(&d);
        let pgn = d.join("out.pgn");
        let mut args = wrapped(&script, "bad", &["--mode", mode]);
        args.extend(wrapped(&script, "good", &[]));
        args.extend(words(
            "-game chess -concurrency 2 -quiet -each tc=0.5+0.01 -rounds 1 -timemargin 100",
        ));
        args.extend(["-pgnout".into(), pgn.display().to_string()]);
        let out = autotester(&args);
        assert!(out.status.success(), "{mode}: {}", text(&out.stderr));
        assert_eq!(games(&pgn).len(), 2);
        assert_nothing_left(&d);
    }
}

/// A child process that is terminated and reaped if the test fails.
struct Reaped(std::process::Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        if matches!(self.0.try_wait(), Ok(None)) {
            // Safety: kill(2) of our child, not yet reaped.
            unsafe {
                libc::kill(self.0.id() as libc::pid_t, libc::SIGTERM);
            }
            let _ = self.0.wait();
        }
    }
}

/// Starts `command` with `signal`'s default action. A shell that runs
/// the tests in the background hands its children SIGINT ignored, and the
/// autotester, like any program, keeps a signal ignored that it was
/// started with (as under `nohup`); this test is about one it was not.
fn with_default_signal(command: &mut Command, signal: libc::c_int) {
    use std::os::unix::process::CommandExt;
    // Safety: signal(2) is async-signal-safe, as pre_exec requires.
    unsafe {
        command.pre_exec(move || {
            libc::signal(signal, libc::SIG_DFL);
            Ok(())
        });
    }
}

#[test]
fn engine_groups_are_killed_when_the_tester_is_terminated() {
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let d = dir(&format!("groups-signal-{signal}"));
        let script = wrapper(&d);
        let mut args = wrapped(&script, "a", &["--think-ms", "50"]);
        args.extend(wrapped(&script, "b", &["--think-ms", "50"]));
        args.extend(words(
            "-game chess -concurrency 2 -quiet -each tc=60+1 -rounds 10",
        ));
        args.extend(["-pgnout".into(), d.join("out.pgn").display().to_string()]);
        let mut command = Command::new(env!("CARGO_BIN_EXE_autotester"));
        command
            .args(&args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        with_default_signal(&mut command, signal);
        let child = command.spawn().expect("run autotester");
        let mut child = Reaped(child);
        // Four engines, each with a helper, are running.
        let start = Instant::now();
        while ids(&d.join("pids")).len() < 8 {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "engines did not start"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        // Safety: kill(2) of our child.
        unsafe {
            libc::kill(child.0.id() as libc::pid_t, signal);
        }
        let status = child.0.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(signal), "{status:?}");
        assert_nothing_left(&d);
    }
}
