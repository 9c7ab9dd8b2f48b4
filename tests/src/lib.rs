//! Helpers for the workspace-level tests: locating the built binaries and
//! talking to an engine process line by line, as a GUI would.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The path of a workspace binary built with the same profile as the
/// running test. Runs `cargo build` for it once per test process, so a
/// stale binary is never tested (a no-op when it is up to date).
pub fn binary(name: &str) -> PathBuf {
    static BUILT: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test> -> target/<profile>/<name>
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("test executable lives in target/<profile>/deps");
    let path = profile_dir.join(name);
    if !built.iter().any(|b| b == name) {
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") => "dev".to_string(),
            Some(other) => other.to_string(),
            None => "dev".to_string(),
        };
        let status = Command::new(env!("CARGO"))
            .args(["build", "--workspace", "--profile", &profile, "--bin", name])
            .status()
            .expect("run cargo build");
        assert!(status.success(), "building {name} failed");
        built.push(name.to_string());
    }
    assert!(path.exists(), "{} was not built", path.display());
    path
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
