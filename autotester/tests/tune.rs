//! `autotester tune` against the mock engine in its `--peak` mode, which
//! plays Leiserchess best at known option values: SPSA must find them,
//! resume after an interruption or with more iterations, and refuse a
//! rerun with other settings.
//!
//! The openings come from a book the test writes (random moves from a
//! fixed seed), and the mock's moves are a function of the position, its
//! options and its seed, so each run here plays the same games every time.

mod common;

use common::text;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::Rules;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const MOCK: &str = env!("CARGO_BIN_EXE_mock-engine");
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
