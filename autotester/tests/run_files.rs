//! The files a run reads and writes (issue 40): only bounded regular
//! files are read (item 10), one run at a time writes a PGN (item 11),
//! and a careless `-pgnout` is refused before anything is written
//! (item 14).

mod common;

use common::matches::{games, mock, words};
use common::{scratch, text, MOCK};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The tester with `args`, its address space capped at 4 GiB (the code as
/// it was read `/dev/zero` until the OOM killer came: here it fails
/// instead) and killed after `limit` (a FIFO blocked it for ever).
fn bounded(args: &[String], limit: Duration) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4194304; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_autotester"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run autotester");
    finish_within(child, limit)
}

/// Waits for `child`, killing it (and failing the test) after `limit`.
fn finish_within(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            child.kill().ok();
            let out = child.wait_with_output().expect("output");
            panic!("still running after {limit:?}: {}", text(&out.stderr));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// A match of two random movers at depth 1, `rounds` rounds, into `pgn`.
fn match_args(rounds: u32, extra: &str, pgn: &Path) -> Vec<String> {
    let mut args = mock("a", "chess", &[]);
    args.extend(mock("b", "chess", &[]));
    args.extend(words(&format!(
        "-game chess -each depth=1 -rounds {rounds} -openings plies=2 -maxmoves 40 -quiet {extra}"
    )));
    args.push("-pgnout".into());
    args.push(format!("file={}", pgn.display()));
    args
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().expect("UTF-8 path")).expect("no NUL");
    // SAFETY: a valid NUL-terminated path; mkfifo keeps no pointer.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

// Item 10: `-pgnout file=/dev/full` or `/dev/zero` grew the resume reader
// to 24 GB; a FIFO blocked for ever. Both are refused at once.
#[test]
fn a_pgnout_that_is_not_a_regular_file_is_refused() {
    let d = scratch("files", "devices");
    let fifo = d.join("fifo.pgn");
    mkfifo(&fifo);
    let cases = [
        (Path::new("/dev/full"), "a character device"),
        (Path::new("/dev/zero"), "a character device"),
        (fifo.as_path(), "a FIFO"),
        (d.as_path(), "a directory"),
    ];
    for (pgn, kind) in cases {
        let out = bounded(&match_args(1, "", pgn), Duration::from_secs(20));
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{}: {err}", pgn.display());
        assert!(err.contains(kind) && err.contains("regular files"), "{err}");
        assert!(!err.contains("kept in"), "{err}");
    }
    // `/dev/null` is the one exception: the games are dropped on purpose.
    let out = bounded(
        &match_args(1, "", Path::new("/dev/null")),
        Duration::from_secs(60),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
}

// Item 10: `elo` and `run` read through the same bounded reader.
#[test]
fn elo_and_run_refuse_devices_and_fifos() {
    let d = scratch("files", "elo");
    let fifo = d.join("fifo.pgn");
    mkfifo(&fifo);
    for pgn in [Path::new("/dev/zero"), fifo.as_path()] {
        let args = vec!["elo".to_string(), pgn.display().to_string()];
        let out = bounded(&args, Duration::from_secs(20));
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{err}");
        assert!(err.contains("only regular files are read"), "{err}");
    }
    let config = d.join("match.txt");
    let body = format!(
        "game = chess\ngame_rounds = 2\n\
         player = one\ninvoke = {MOCK} --game chess\ndepth = 1\n\
         player = two\ninvoke = {MOCK} --game chess\ndepth = 1\n"
    );
    std::fs::write(&config, body).expect("config");
    for pgn in ["/dev/zero", fifo.to_str().expect("UTF-8")] {
        let args = words(&format!("run {} --pgn {pgn} --quiet", config.display()));
        let out = bounded(&args, Duration::from_secs(20));
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{err}");
        assert!(err.contains("regular files"), "{err}");
    }
}

// Item 11: the same command started twice, 0.3 s apart, wrote every game
// twice. The second now refuses, naming the first; the first plays on.
#[test]
fn a_second_run_on_the_same_pgn_refuses_naming_the_first() {
    let d = scratch("files", "twice");
    let pgn = d.join("out.pgn");
    let mut args = match_args(3, "", &pgn);
    // Slow enough that the first run is still playing when the second starts.
    args.extend(words(&format!(
        "-engine cmd={MOCK} name=c arg=--game arg=chess arg=--think-ms arg=30"
    )));
    let first = Command::new(env!("CARGO_BIN_EXE_autotester"))
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("first run");
    let pid = first.id();
    std::thread::sleep(Duration::from_millis(300));
    let second = bounded(&args, Duration::from_secs(20));
    let err = text(&second.stderr);
    assert_eq!(second.status.code(), Some(1), "{err}");
    assert!(
        err.contains("is being written by another run")
            && err.contains(&format!("process {pid} (")),
        "{err}"
    );
    let out = finish_within(first, Duration::from_secs(120));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let all = games(&pgn);
    let mut keys: Vec<_> = all
        .iter()
        .map(|g| (g.tag("Round"), g.tag("White"), g.tag("Black")))
        .collect();
    assert_eq!(keys.len(), 18, "three players, three rounds, two colours");
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 18, "a game written twice");
    // The lock goes with the run; a stale one (a killed run's) does not
    // block the next.
    let lock = d.join("out.pgn.lock");
    assert!(!lock.exists());
    std::fs::write(&lock, "process 999999 (killed)\n").expect("stale lock");
    let out = bounded(&args, Duration::from_secs(60));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!lock.exists());
}

// Item 14: `-pgnout` at the openings file appended games to the book; a
// missing directory said the games were "kept in" a file never written.
#[test]
fn a_pgnout_that_is_an_input_or_in_no_directory_is_refused() {
    let d = scratch("files", "careless");
    let book = d.join("book.txt");
    let lines = "e2e4 e7e5\nd2d4 d7d5\n";
    std::fs::write(&book, lines).expect("book");
    let openings = format!("-openings file={} order=sequential", book.display());
    let out = bounded(&match_args(1, &openings, &book), Duration::from_secs(20));
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("it is the openings file") && err.contains("may not be an input"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&book).expect("book"), lines);
    assert!(!d.join("book.txt.lock").exists());

    // The engine's own program is an input too (a copy: the code as it was
    // appended to it).
    let program = d.join("engine");
    std::fs::copy(MOCK, &program).expect("copy the mock");
    let mut args = words(&format!("-engine cmd={} name=a", program.display()));
    args.extend(match_args(1, "", &program).into_iter().skip(5));
    let out = bounded(&args, Duration::from_secs(20));
    let err = text(&out.stderr);
    assert!(err.contains("the program of engine \"a\""), "{err}");

    let missing = d.join("no-such-dir").join("out.pgn");
    let out = bounded(&match_args(1, "", &missing), Duration::from_secs(20));
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let dir = d.join("no-such-dir");
    assert!(
        err.contains(&format!("the directory {} does not exist", dir.display())),
        "{err}"
    );
    assert!(!err.contains("kept in"), "{err}");
}
