//! Helpers for the workspace-level tests: locating the built binaries and
//! talking to an engine process line by line, as a GUI would; and the
//! parsers the source checks use (the READMEs' commands, the page
//! scripts' function lengths), unit-tested here so that the fast test
//! tier covers them.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

pub mod cargo_cli;
pub mod js_shape;
pub mod markdown;
pub mod readme;

/// The workspace's root directory (this package sits in `tests/`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the workspace")
        .to_path_buf()
}

/// The path of a workspace binary built with the same profile as the
/// running test. Tests do not build it (a `cargo build` inside `cargo
/// test` waits on the build lock and rebuilds under the test's feet):
/// `scripts/test` builds every binary first, and a binary that is missing
/// or older than a source it was built from fails here, naming the
/// command that builds it.
pub fn binary(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test> -> target/<profile>/<name>
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("test executable lives in target/<profile>/deps");
    built_binary(profile_dir, name).unwrap_or_else(|problem| panic!("{problem}"))
}

/// `<profile_dir>/<name>` if it is there and up to date; else what is
/// wrong and the command that mends it.
fn built_binary(profile_dir: &Path, name: &str) -> Result<PathBuf, String> {
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") | None => "dev",
        Some(other) => other,
    };
    let build = format!("cargo build --workspace --profile {profile} --bins");
    let path = profile_dir.join(name);
    let Ok(built) = std::fs::metadata(&path).and_then(|m| m.modified()) else {
        return Err(format!(
            "{} is missing: run `{build}` first",
            path.display()
        ));
    };
    match newer_source(&profile_dir.join(format!("{name}.d")), built) {
        Some(newer) => Err(format!(
            "{} is older than {newer}: run `{build}` first",
            path.display()
        )),
        None => Ok(path),
    }
}

/// A source the binary was built from (as its dep-info file `<bin>.d`
/// lists them) that changed or went since `built`, if any.
fn newer_source(dep_info: &Path, built: SystemTime) -> Option<String> {
    let text = std::fs::read_to_string(dep_info).ok()?;
    let (_, sources) = text.lines().next()?.split_once(": ")?;
    dep_info_paths(sources).into_iter().find(|source| {
        std::fs::metadata(source)
            .and_then(|m| m.modified())
            .map_or(true, |changed| changed > built)
    })
}

/// The paths of a dep-info line, whose spaces within a path are escaped
/// with a backslash.
fn dep_info_paths(line: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut path = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => path.extend(chars.next()),
            ' ' => paths.extend((!path.is_empty()).then(|| std::mem::take(&mut path))),
            c => path.push(c),
        }
    }
    paths.extend((!path.is_empty()).then_some(path));
    paths
}

/// Serialises the tests of one test binary that take the lock: timing
/// assertions (answers within N ms) must not compete with heavy tests of
/// the same binary for the machine's cores.
pub fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// A running engine, its stdin, and its stdout lines arriving on a channel.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// What the engine wrote to stderr, when it is collected.
    stderr: Option<JoinHandle<String>>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
    /// Lines sent so far.
    pub sent: usize,
}

impl Engine {
    pub fn start(binary_name: &str) -> Engine {
        Engine::start_with_args(binary_name, &[])
    }

    pub fn start_with_args(binary_name: &str, args: &[&str]) -> Engine {
        Engine::spawn(binary_name, args, Stdio::inherit())
    }

    /// Starts the engine with its stderr collected, for
    /// [`Engine::finish`].
    pub fn start_collecting_stderr(binary_name: &str) -> Engine {
        let mut engine = Engine::spawn(binary_name, &[], Stdio::piped());
        if let Some(mut stderr) = engine.child.stderr.take() {
            engine.stderr = Some(std::thread::spawn(move || {
                let mut text = String::new();
                let _ = stderr.read_to_string(&mut text);
                text
            }));
        }
        engine
    }

    fn spawn(binary_name: &str, args: &[&str], stderr: Stdio) -> Engine {
        let mut child = Command::new(binary(binary_name))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("start engine");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            stderr: None,
            transcript: Vec::new(),
            sent: 0,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends one line of any bytes (a newline is added).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.write_all(b"\n").expect("write to engine");
        stdin.flush().expect("flush engine stdin");
        self.sent += 1;
    }

    /// The last lines read, for failure messages.
    pub fn tail(&self) -> String {
        let n = self.transcript.len();
        self.transcript[n.saturating_sub(40)..].join("\n")
    }

    /// Waits up to `timeout` for the engine to exit; its exit status and
    /// what it wrote to stderr (if collected), or `None` if it is still
    /// running.
    pub fn finish(&mut self, timeout: Duration) -> Option<(ExitStatus, String)> {
        let deadline = Instant::now() + timeout;
        let status = loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                break status;
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let stderr = self.stderr.take().and_then(|h| h.join().ok());
        Some((status, stderr.unwrap_or_default()))
    }

    /// Closes stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` on timeout or end of output.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done`; returns them all (that one
    /// last). Panics with the transcript on timeout.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return lines;
                    }
                }
                None => panic!(
                    "timed out after {timeout:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Sends `isready` and waits for `readyok`, returning what came before.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(Duration::from_secs(10), |l| l == "readyok");
        lines.pop();
        lines
    }

    /// Sends a `go …` line and waits for its `bestmove`; returns the time it
    /// took and the lines up to and including the `bestmove`.
    pub fn timed_go(&mut self, go: &str) -> (Duration, Vec<String>) {
        self.sync();
        let start = Instant::now();
        self.send(go);
        let lines = self.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove "));
        (start.elapsed(), lines)
    }

    /// Sends `go depth N` and checks its output: an `info depth N` line,
    /// every info line with score, nodes, nps, time and pv, and exactly one
    /// `bestmove`. Returns the best move's text.
    pub fn go_depth_checked(&mut self, depth: u32) -> String {
        self.send(&format!("go depth {depth}"));
        let lines = self.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove "));
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        let last_depth = format!("info depth {depth} ");
        assert!(
            infos.iter().any(|l| l.starts_with(&last_depth)),
            "{lines:?}"
        );
        for info in &infos {
            for field in [" score ", " nodes ", " nps ", " time ", " pv "] {
                assert!(info.contains(field), "{info} lacks{field}");
            }
        }
        let later = self.sync();
        assert!(
            later.iter().all(|l| !l.starts_with("bestmove")),
            "second bestmove: {later:?}"
        );
        let best = lines.last().and_then(|l| l.split_whitespace().nth(1));
        best.expect("bestmove names a move").to_string()
    }

    /// Runs `go infinite` for a moment, checks that `isready` is answered
    /// while it searches and that `stop` brings exactly one `bestmove`
    /// within `within`; returns the lines up to that `bestmove`.
    pub fn stop_infinite_search(&mut self, within: Duration) -> Vec<String> {
        self.send("go infinite");
        std::thread::sleep(Duration::from_millis(300));
        let early = self.sync();
        assert!(
            early.iter().all(|l| !l.starts_with("bestmove")),
            "{early:?}"
        );
        let start = Instant::now();
        self.send("stop");
        let lines = self.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove "));
        let took = start.elapsed();
        assert!(took < within, "stop took {took:?}");
        let later = self.sync();
        assert!(
            later.iter().all(|l| !l.starts_with("bestmove")),
            "second bestmove: {later:?}"
        );
        lines
    }

    /// Waits for the process to exit, up to `timeout`; true if it did.
    pub fn wait_exit(&mut self, timeout: Duration) -> bool {
        self.finish(timeout).is_some()
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::{built_binary, dep_info_paths, newer_source};
    use std::time::{Duration, SystemTime};

    #[test]
    fn a_source_changed_or_gone_since_the_build_makes_a_binary_stale() {
        let dir = std::env::temp_dir().join(format!("dep-info-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        let source = dir.join("a b.rs");
        std::fs::write(&source, "fn main() {}").expect("write a source");
        let dep_info = dir.join("bin.d");
        let line = |sources: &str| format!("{}: {sources}\n", dir.join("bin").display());
        let escaped = source.display().to_string().replace(' ', "\\ ");
        std::fs::write(&dep_info, line(&escaped)).expect("write dep-info");
        let later = SystemTime::now() + Duration::from_secs(3600);
        assert_eq!(newer_source(&dep_info, later), None);
        let named = newer_source(&dep_info, SystemTime::UNIX_EPOCH);
        assert_eq!(named, Some(source.display().to_string()));
        let gone = dir.join("gone.rs").display().to_string();
        std::fs::write(&dep_info, line(&format!("{escaped} {gone}"))).expect("write dep-info");
        assert_eq!(newer_source(&dep_info, later), Some(gone));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_or_stale_binary_names_the_build_command() {
        let dir = std::env::temp_dir().join(format!("profile-{}", std::process::id()));
        let profile_dir = dir.join("ci");
        std::fs::create_dir_all(&profile_dir).expect("scratch directory");
        let missing = built_binary(&profile_dir, "engine").expect_err("no binary yet");
        assert!(
            missing.contains("missing: run `cargo build --workspace --profile ci --bins` first"),
            "{missing}"
        );
        std::fs::write(profile_dir.join("engine"), "").expect("a binary");
        assert_eq!(
            built_binary(&profile_dir, "engine"),
            Ok(profile_dir.join("engine"))
        );
        let source = dir.join("gone.rs").display().to_string();
        let line = format!("{}: {source}\n", profile_dir.join("engine").display());
        std::fs::write(profile_dir.join("engine.d"), line).expect("dep-info");
        let stale = built_binary(&profile_dir, "engine").expect_err("a source went");
        assert!(
            stale.contains("is older than") && stale.contains("--profile ci"),
            "{stale}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn dep_info_paths_keep_escaped_spaces() {
        assert_eq!(
            dep_info_paths("/a/b.rs /c\\ d/e.rs  /f.rs"),
            vec!["/a/b.rs", "/c d/e.rs", "/f.rs"]
        );
    }
}
