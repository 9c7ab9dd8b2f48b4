//! The README examples run on the built binaries (`readme_commands.rs`
//! finds them): every `target/release/<bin> args` of a sh block is run, as
//! the binary of this test's profile with the same arguments, in an empty
//! directory: it must succeed, or fail only for want of a file the README
//! asks the user to provide (a config, a PGN, an engine build), never with
//! a usage error. The flags given to `cargo run -- …` and those of the
//! synopses in ```` ```text ```` blocks must appear in the binary's own
//! `--help`. The binaries are built by `scripts/test` beforehand.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use workspace_tests::readme::{load_reports, mentions, Example, FlagUse};

/// Longest a README example may run before it counts as hanging.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// A fresh empty directory for one example.
fn scratch_dir() -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("readme")
        .join(format!("{}-{n}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

struct Finished {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `bin args` in `dir` with no input; `None` if it outlives `limit`.
fn run_in(dir: &Path, bin: &str, args: &[String], limit: Duration) -> Option<Finished> {
    let out_path = dir.join(".stdout");
    let err_path = dir.join(".stderr");
    let mut child = Command::new(workspace_tests::binary(bin))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out_path).expect("stdout file"))
        .stderr(fs::File::create(&err_path).expect("stderr file"))
        .spawn()
        .unwrap_or_else(|e| panic!("start {bin}: {e}"));
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the example") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |p: &Path| {
        let mut s = String::new();
        fs::File::open(p)
            .and_then(|mut f| f.read_to_string(&mut s))
            .expect("read the output");
        s
    };
    Some(Finished {
        code: status.code(),
        stdout: read(&out_path),
        stderr: read(&err_path),
    })
}

/// What is wrong with an example's run, if anything.
fn judge(example: &Example, finished: Option<Finished>) -> Option<String> {
    let place = &example.place;
    let Some(f) = finished else {
        return Some(format!("{place}: still running after {RUN_TIMEOUT:?}"));
    };
    if f.stdout.contains("info string error") {
        return Some(format!("{place}: the engine rejected it:\n{}", f.stdout));
    }
    match f.code {
        Some(0) => None,
        // Files the README asks the user to write or build (a config, a
        // PGN, an engine) are missing from the empty directory: the
        // arguments were understood.
        Some(code) if code != 2 && f.stderr.contains("No such file") => None,
        code => Some(format!(
            "{place}: exit {code:?}\nstdout:\n{}\nstderr:\n{}",
            f.stdout, f.stderr
        )),
    }
}

#[test]
fn readme_examples_are_accepted_by_the_binaries() {
    let reports = load_reports();
    let mut failures = Vec::new();
    for example in reports.iter().flat_map(|r| &r.examples) {
        let dir = scratch_dir();
        let finished = run_in(&dir, &example.bin, &example.args, RUN_TIMEOUT);
        failures.extend(judge(example, finished));
        let _ = fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn readme_flags_are_in_the_binaries_help() {
    let reports = load_reports();
    let uses: Vec<&FlagUse> = reports.iter().flat_map(|r| &r.flag_uses).collect();
    let mut failures = Vec::new();
    for u in uses {
        let dir = scratch_dir();
        let help = run_in(&dir, &u.bin, &u.help_args, RUN_TIMEOUT);
        let _ = fs::remove_dir_all(&dir);
        let Some(help) = help.filter(|h| h.code == Some(0)) else {
            failures.push(format!("{}: `{} {:?}` failed", u.place, u.bin, u.help_args));
            continue;
        };
        let text = help.stdout + &help.stderr;
        for flag in &u.flags {
            if !mentions(&text, flag) {
                failures.push(format!(
                    "{}: {flag} is not in `{} {}`",
                    u.place,
                    u.bin,
                    u.help_args.join(" ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
