//! `datagen` as a run uses it: the same games whatever the thread count,
//! a run cut short (even half way through writing a game) resumed to the
//! same records as a run never stopped, and the filter's promises kept by
//! every record.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chess::Position;
use search::score::is_mate_score;
use tools::datagen::{read_games, run, RunOptions, StoredGame};
use tools::packed::{read_file, PackedPosition};

const SEED: u64 = 11;
const SOFT_NODES: u64 = 300;
const RANDOM_PLIES: usize = 8;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn options(dir: &Path, games: u64, threads: usize) -> RunOptions {
    RunOptions {
        out: dir.to_path_buf(),
        games: Some(games),
        threads,
        soft_nodes: SOFT_NODES,
        seed: SEED,
        random_plies: RANDOM_PLIES,
        hash_mb: 16,
        progress_every: Duration::from_secs(3600),
    }
}

fn generate(dir: &Path, games: u64, threads: usize) {
    run(&options(dir, games, threads), &mut |_, _| {}, &mut |_| {}).expect("the run");
}

/// Each game's records, result, plies and ending (not where it was
/// stored, which depends on the workers).
type Games = BTreeMap<u64, (Vec<PackedPosition>, String, u32, String)>;

fn games_of(dir: &Path) -> Games {
    read_games(dir, SEED)
        .expect("the stored games")
        .into_iter()
        .map(|(n, StoredGame { entry, records })| {
            (n, (records, entry.result, entry.plies, entry.ending))
        })
        .collect()
}

/// Every record of the directory's data files, sorted.
fn sorted_records(dir: &Path) -> Vec<[u8; 32]> {
    let mut all = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the directory") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "bin") {
            all.extend(read_file(&path).expect("records").into_iter().map(|r| r.0));
        }
    }
    all.sort_unstable();
    all
}

fn index_lines(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(format!("done-{SEED}.txt"))).expect("the index");
    text.lines().map(str::to_string).collect()
}

fn append(path: &Path, bytes: &[u8]) {
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .expect("open for appending");
    f.write_all(bytes).expect("append");
}

/// The reference: 6 games, one thread, never stopped.
fn reference() -> (PathBuf, Games) {
    let dir = scratch("reference");
    generate(&dir, 6, 1);
    let games = games_of(&dir);
    (dir, games)
}

#[test]
fn threads_determinism_and_resumption_give_the_same_records() {
    let (reference_dir, reference) = reference();
    assert_eq!(
        reference.keys().copied().collect::<Vec<_>>(),
        (0..6).collect::<Vec<_>>()
    );
    let positions: usize = reference.values().map(|g| g.0.len()).sum();
    assert!(positions > 100, "{positions} positions in 6 games");
    assert_ne!(reference[&0].0, reference[&1].0, "games differ");

    // The same run again: the same bytes.
    let again = scratch("again");
    generate(&again, 6, 1);
    for name in ["data-11-0.bin", "done-11.txt"] {
        let read = |d: &Path| std::fs::read(d.join(name)).expect(name);
        assert_eq!(read(&again), read(&reference_dir), "{name}");
    }

    // Two threads: the same games, stored in two files.
    let two = scratch("two-threads");
    generate(&two, 6, 2);
    assert_eq!(games_of(&two), reference);
    assert_eq!(sorted_records(&two), sorted_records(&reference_dir));

    // In two parts, the first cut while writing its next game: a torn
    // index line and part of a game's records.
    let parts = scratch("parts");
    generate(&parts, 3, 1);
    append(&parts.join("data-11-0.bin"), &[7u8; 45]);
    append(&parts.join("done-11.txt"), b"3 0 1");
    generate(&parts, 6, 2);
    assert_eq!(games_of(&parts), reference);
    assert_eq!(sorted_records(&parts), sorted_records(&reference_dir));
    assert_eq!(index_lines(&parts).len(), 2 + 6, "each game indexed once");

    // Cut after a game's records were written but before its index line:
    // the game is played again, its first records cut.
    let unindexed = scratch("unindexed");
    generate(&unindexed, 4, 1);
    let mut lines = index_lines(&unindexed);
    lines.pop();
    std::fs::write(unindexed.join("done-11.txt"), lines.join("\n") + "\n").expect("index");
    generate(&unindexed, 6, 1);
    assert_eq!(games_of(&unindexed), reference);
    assert_eq!(sorted_records(&unindexed), sorted_records(&reference_dir));

    for dir in [reference_dir, again, two, parts, unindexed] {
        std::fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn no_record_is_in_check_or_has_a_mate_score() {
    let dir = scratch("filter");
    generate(&dir, 4, 2);
    let games = read_games(&dir, SEED).expect("games");
    for (n, game) in &games {
        let result = match game.entry.result.as_str() {
            "1-0" => 2,
            "0-1" => 0,
            _ => 1,
        };
        let mut last_ply = None;
        for record in &game.records {
            let pos = Position::from_fen(&record.fen()).expect("a legal position");
            assert!(!pos.in_check(), "game {n}: {} is in check", record.fen());
            let score = record.score_white() as i32;
            assert!(!is_mate_score(score), "game {n}: mate score {score}");
            assert_eq!(record.result(), result, "game {n}: the game's result");
            assert!(
                record.ply() as usize >= RANDOM_PLIES,
                "game {n}: an opening ply"
            );
            assert!(record.ply() < game.entry.plies as u16 + 1);
            assert!(last_ply < Some(record.ply()), "game {n}: plies in order");
            last_ply = Some(record.ply());
            assert_eq!(pos.side_to_move(), record.side_to_move());
        }
    }
    std::fs::remove_dir_all(dir).ok();
}

fn datagen(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_datagen"));
    cmd.args(args);
    cmd
}

#[test]
fn a_run_killed_mid_game_resumes_to_the_records_of_a_run_never_stopped() {
    let dir = scratch("killed");
    let out = dir.to_str().expect("a UTF-8 path");
    let common = ["--seed", "11", "--soft-nodes", "300", "--out", out];
    // No game limit: only the kill ends it, once two games are indexed.
    let mut child = datagen(&common)
        .args(["--threads", "2"])
        .stderr(Stdio::null())
        .spawn()
        .expect("datagen starts");
    let index = dir.join("done-11.txt");
    let started = Instant::now();
    while std::fs::read_to_string(&index).map_or(0, |t| t.lines().count()) < 2 + 2 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no game finished"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");

    let finished = read_games(&dir, SEED).expect("the games so far");
    let games = finished.keys().max().expect("a game") + 3;
    let games_arg = games.to_string();
    let resumed = datagen(&common)
        .args(["--games", &games_arg, "--threads", "1"])
        .output()
        .expect("datagen runs");
    assert!(resumed.status.success(), "{resumed:?}");
    let stderr = String::from_utf8_lossy(&resumed.stderr);
    assert!(stderr.contains("resuming"), "{stderr}");

    let fresh = scratch("killed-reference");
    generate(&fresh, games, 1);
    assert_eq!(games_of(&dir), games_of(&fresh));
    assert_eq!(sorted_records(&dir), sorted_records(&fresh));
    std::fs::remove_dir_all(dir).ok();
    std::fs::remove_dir_all(fresh).ok();
}

#[test]
fn other_settings_do_not_resume_a_directory_and_bad_arguments_are_errors() {
    let dir = scratch("settings");
    let out = dir.to_str().expect("a UTF-8 path");
    let first = datagen(&["--out", out, "--games", "1", "--soft-nodes", "200"])
        .output()
        .expect("datagen runs");
    assert!(first.status.success(), "{first:?}");
    let other = datagen(&["--out", out, "--games", "2", "--soft-nodes", "300"])
        .output()
        .expect("datagen runs");
    assert!(!other.status.success());
    let stderr = String::from_utf8_lossy(&other.stderr);
    assert!(
        stderr.contains("other settings") && stderr.contains("soft_nodes=200"),
        "{stderr}"
    );

    for bad in [["--threads", "0"], ["--soft-nodes", "0"], ["--hash", "0"]] {
        let run = datagen(&["--out", out, "--games", "1"])
            .args(bad)
            .output()
            .expect("datagen runs");
        assert!(!run.status.success(), "{bad:?}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.contains("at least 1"), "{bad:?}: {stderr}");
    }
    std::fs::remove_dir_all(dir).ok();
}
