//! No engine process, nor any it started, may outlive its use: after
//! hangs, crashes and quits, and when the tester itself is terminated.

mod common;

use common::matches::{games, words};
use common::{autotester, text, MOCK};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn dir(name: &str) -> PathBuf {
    common::scratch("processes", name)
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
