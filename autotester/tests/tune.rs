//! `autotester tune` against the mock engine in its `--peak` mode, which
//! plays Leiserchess best at known option values: SPSA must find them,
//! resume after an interruption or with more iterations, and refuse a
//! rerun with other settings.
//!
//! The openings come from a book the test writes (random moves from a
//! fixed seed), and the mock's moves are a function of the position, its
//! options and its seed, so each run here plays the same games every time.

mod common;

use common::{text, MOCK};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::Rules;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Where the mock plays best.
const PEAK: (f64, f64) = (30.0, -5.0);

fn dir(name: &str) -> PathBuf {
    common::scratch("tune", name)
}

/// A book of `count` openings of six random Leiserchess plies.
fn book(path: &Path, count: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut lines = String::new();
    while lines.lines().count() < count {
        let mut game = leiserchess::Leiserchess::startpos();
        let mut played = Vec::new();
        for _ in 0..6 {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            played.push(mv.to_string());
            game.make(mv);
            if game.outcome().is_some() {
                break;
            }
        }
        if played.len() == 6 && game.outcome().is_none() {
            lines.push_str(&played.join(" "));
            lines.push('\n');
        }
    }
    std::fs::write(path, lines).expect("write the book");
}

const PARAMS: &str = "[[param]]\nname = \"A\"\nstart = 0\nmin = -100\nmax = 100\nc_end = 5\nr_end = 0.1\n\n\
                      [[param]]\nname = \"B\"\nstart = 20\nmin = -100\nmax = 100\nc_end = 5\nr_end = 0.1\n";

/// The arguments of a tuning run in `d` (book and parameters written).
fn args(d: &Path, iterations: u32) -> Vec<String> {
    let params = d.join("params.toml");
    if !params.exists() {
        std::fs::write(&params, PARAMS).expect("write the parameters");
        book(&d.join("book.txt"), 200);
    }
    let engine = format!("{MOCK} --game leiserchess --peak A={},B={}", PEAK.0, PEAK.1);
    [
        "tune",
        "--params",
        &params.display().to_string(),
        "--engine",
        &engine,
        "--game",
        "leiserchess",
        "--depth",
        "1",
        "--iterations",
        &iterations.to_string(),
        "--openings",
        &format!("file={}", d.join("book.txt").display()),
        "--concurrency",
        "2",
        "--seed",
        "1",
        "--out",
        &d.join("out").display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn tune(args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autotester"))
        .args(args)
        .output()
        .expect("run autotester")
}

fn history(d: &Path) -> Vec<String> {
    std::fs::read_to_string(d.join("out/history.csv"))
        .expect("history.csv")
        .lines()
        .map(String::from)
        .collect()
}

/// The iteration numbers of the history's rows.
fn iterations(rows: &[String]) -> Vec<u64> {
    rows[1..]
        .iter()
        .map(|r| r.split(',').next().unwrap().parse().unwrap())
        .collect()
}

fn games_in_pgn(d: &Path) -> usize {
    let pgn = std::fs::read_to_string(d.join("out/games.pgn")).expect("games.pgn");
    pgn.matches("[Event \"tune iteration ").count()
}

#[test]
fn finds_the_peak() {
    let d = dir("peak");
    let out = tune(&args(&d, 150));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("After 150 iterations (300 games)"),
        "{stdout}"
    );
    let uci = std::fs::read_to_string(d.join("out/final.txt")).unwrap();
    let value = |name: &str| -> f64 {
        let prefix = format!("setoption name {name} value ");
        let line = uci.lines().find(|l| l.starts_with(&prefix)).expect(name);
        line[prefix.len()..].parse().unwrap()
    };
    let (a, b) = (value("A"), value("B"));
    println!("final A {a}, B {b} (peak {PEAK:?})");
    assert!(
        (a - PEAK.0).abs() <= 8.0 && (b - PEAK.1).abs() <= 8.0,
        "A {a}, B {b}: not near the peak {PEAK:?}\n{stdout}"
    );
    // Every output is there and tells the same story.
    let rows = history(&d);
    assert_eq!(rows[0], "iteration,games,wins,draws,losses,A,B");
    assert_eq!(rows[1], "0,0,0,0,0,0,20");
    assert_eq!(iterations(&rows), (0..=150).collect::<Vec<_>>());
    assert!(rows[151].starts_with("150,300,"), "{}", rows[151]);
    assert_eq!(games_in_pgn(&d), 300);
    let svg = std::fs::read_to_string(d.join("out/history.svg")).unwrap();
    assert_eq!(svg.matches("class=\"theta\"").count(), 2);
    let final_toml = std::fs::read_to_string(d.join("out/final.toml")).unwrap();
    assert!(final_toml.contains(&format!("A = {a}\n")), "{final_toml}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn resumes_after_an_interruption_and_with_more_iterations() {
    let d = dir("resume");
    // Killed in the middle of the run.
    let mut child = Command::new(env!("CARGO_BIN_EXE_autotester"))
        .args(args(&d, 12))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start autotester");
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::fs::read_to_string(d.join("out/history.csv")).map_or(0, |h| h.lines().count()) < 5 {
        assert!(Instant::now() < deadline, "no progress");
        assert!(child.try_wait().unwrap().is_none(), "finished too soon");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = history(&d);
    // Rerun: it goes on from the last saved iteration.
    let out = tune(&args(&d, 12));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("resuming after iteration"));
    let rows = history(&d);
    assert_eq!(iterations(&rows), (0..=12).collect::<Vec<_>>());
    assert_eq!(games_in_pgn(&d), 24);
    let saved = iterations(&before).len().min(rows.len() - 1);
    assert_eq!(rows[..saved], before[..saved]);
    // More iterations continue the same history.
    let out = tune(&args(&d, 20));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let longer = history(&d);
    assert_eq!(iterations(&longer), (0..=20).collect::<Vec<_>>());
    assert_eq!(longer[..rows.len()], rows[..]);
    assert_eq!(games_in_pgn(&d), 40);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn other_settings_are_refused_unless_forced() {
    let d = dir("mismatch");
    let out = tune(&args(&d, 2));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut changed = args(&d, 2);
    let depth = changed.iter().position(|a| a == "--depth").unwrap();
    changed[depth + 1] = "2".into();
    std::fs::write(
        d.join("params.toml"),
        PARAMS.replacen("c_end = 5", "c_end = 6", 1),
    )
    .unwrap();
    let out = tune(&changed);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("limits was \"depth 1\", now \"depth 2\"")
            && err.contains("param \"A\" c_end was 5, now 6")
            && err.contains("--force-new"),
        "{err}"
    );
    changed.push("--force-new".into());
    let out = tune(&changed);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(iterations(&history(&d)), [0, 1, 2]);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_input_is_a_message_not_a_panic() {
    let d = dir("bad");
    let mut a = args(&d, 2);
    let params = a.iter().position(|x| x == "--params").unwrap() + 1;
    let cases = [
        (
            "p.txt",
            "A, 1, 0, 10\n",
            "p.txt: line 1: expected `name, start",
        ),
        (
            "p.txt",
            "A, 1, 0, 10, 1, x\n",
            "r_end \"x\" is not a number",
        ),
        ("p.toml", "[[param]]\nname = 3\n", "p.toml"),
        (
            "q.txt",
            "C, 1, 0, 10, 1, 0.1\n",
            "does not declare the option \"C\"; it declares UCI_Variant, A, B",
        ),
    ];
    for (name, content, expected) in cases {
        let path = d.join(name);
        std::fs::write(&path, content).unwrap();
        a[params] = path.display().to_string();
        let out = tune(&a);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(expected) && !err.contains("panicked"), "{err}");
    }
    a[params] = d.join("missing.toml").display().to_string();
    let err = text(&tune(&a).stderr);
    assert!(err.contains("No such file"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

/// Each game of `games.pgn` as round, players, moves and result, sorted:
/// the shards write an iteration's games in another order.
fn game_records(d: &Path) -> Vec<String> {
    let games = workbench::pgn::read_file(&d.join("out/games.pgn")).expect("games.pgn");
    let mut records: Vec<String> = games
        .iter()
        .map(|g| {
            let moves: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
            let tag = |t: &str| g.tag(t).unwrap_or("-").to_string();
            format!(
                "{} {} {} {} {} {}",
                tag("Event"),
                tag("Round"),
                tag("White"),
                tag("Black"),
                tag("Result"),
                moves.join(" ")
            )
        })
        .collect();
    records.sort();
    records
}

/// The arguments of a run of `iterations` iterations of three pairs, with
/// `extra` appended.
fn pair_args(d: &Path, iterations: u32, extra: &[&str]) -> Vec<String> {
    let mut a = args(d, iterations);
    a.extend(["--pairs", "3"].iter().chain(extra).map(|s| s.to_string()));
    a
}

#[test]
fn shards_then_collect_give_the_history_of_a_single_process() {
    let (whole, sharded) = (dir("whole"), dir("sharded"));
    let out = tune(&pair_args(&whole, 3, &[]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    // Two jobs per iteration, then the collecting one; the second shard
    // first, as a batch system may start them.
    for i in 1..=3 {
        for k in ["2/2", "1/2"] {
            let out = tune(&pair_args(&sharded, 3, &["--shard", k]));
            let stdout = text(&out.stdout);
            assert!(out.status.success(), "{}", text(&out.stderr));
            assert!(
                stdout.starts_with(&format!("iteration {i}/3, shard {k}: plus +")),
                "{stdout}"
            );
        }
        let out = tune(&pair_args(&sharded, 3, &["--collect", "2"]));
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).starts_with(&format!("iteration {i}/3: plus +")),
            "{}",
            text(&out.stdout)
        );
    }
    let rows = history(&sharded);
    assert_eq!(rows, history(&whole));
    assert_eq!(iterations(&rows), [0, 1, 2, 3]);
    let theta = |row: &str| row.split(',').skip(5).map(String::from).collect::<Vec<_>>();
    assert_ne!(theta(&rows[1]), theta(&rows[4]), "theta moved: {rows:?}");
    assert_eq!(game_records(&sharded), game_records(&whole));
    assert_eq!(game_records(&whole).len(), 18);
    for file in ["final.txt", "final.toml"] {
        let read = |d: &Path| std::fs::read_to_string(d.join("out").join(file)).unwrap();
        assert_eq!(read(&sharded), read(&whole), "{file}");
    }
    // Once every iteration is done, a shard has nothing to play.
    let out = tune(&pair_args(&sharded, 3, &["--shard", "1/2"]));
    assert!(
        text(&out.stdout).contains("All 3 iterations are done"),
        "{}",
        text(&out.stdout)
    );
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&sharded);
}

#[test]
fn collecting_missing_or_stale_shards_is_refused() {
    let d = dir("missing-shard");
    let out = tune(&pair_args(&d, 2, &["--shard", "1/2"]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = tune(&pair_args(&d, 2, &["--collect", "2"]));
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("iteration 1: cannot collect the shards: missing")
            && err.contains("iteration-1-shard-2-of-2.pgn"),
        "{err}"
    );
    // A count of three where one shard of three was played: games are missing.
    let out = tune(&pair_args(&d, 2, &["--shard", "1/3"]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::write(d.join("out/shards/iteration-1-shard-2-of-3.pgn"), "").unwrap();
    std::fs::write(d.join("out/shards/iteration-1-shard-3-of-3.pgn"), "").unwrap();
    let out = tune(&pair_args(&d, 2, &["--collect", "3"]));
    let err = text(&out.stderr);
    assert!(err.contains("hold 2 finished games of 6"), "{err}");
    // Nothing moved: the history holds row 0 only.
    assert_eq!(iterations(&history(&d)), [0]);
    // Shards of another run (another seed) in a new folder: refused.
    let stale = dir("stale-shard");
    for k in ["1/2", "2/2"] {
        let mut other = pair_args(&stale, 2, &["--shard", k]);
        let seed = other.iter().position(|a| a == "--seed").unwrap();
        other[seed + 1] = "7".into();
        let out = tune(&other);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let out = tune(&pair_args(&stale, 2, &["--collect", "2"]));
    let err = text(&out.stderr);
    assert!(
        err.contains("was played from another theta or with other settings"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&stale);
    let out = tune(&pair_args(&d, 2, &["--shard", "1/2", "--force-new"]));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&d);
}
