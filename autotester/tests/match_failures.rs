//! Engines that crash, hang, play an illegal move, start slowly, lose on
//! time or flood their output: each misbehaviour must cost exactly the
//! games it happens in, and every finished game must be in the PGN.

mod common;

use common::matches::{assert_all_lost, games, mock, versus, words};
use common::text;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn dir(name: &str) -> PathBuf {
    common::scratch("failures", name)
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
