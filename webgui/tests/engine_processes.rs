//! The built `webgui` binary with `--engine`: each engine's game is checked
//! at start-up (issue 39, defect 8), and an external engine that hangs
//! does not outlive the server on any terminating signal (defect 10).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A directory of the test's own, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir =
            std::env::temp_dir().join(format!("webgui-{name}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("make the directory");
        TempDir(dir)
    }

    /// An executable shell script `name` holding `text`.
    fn script(&self, name: &str, text: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write the script");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A chess engine (plain UCI) that notes its process id in `pids`, and on
/// `go` notes `go` in `log` and hangs; it ignores `quit` and the signals
/// a polite shutdown would send, so only a kill of its group ends it.
fn hanging_engine(dir: &TempDir) -> PathBuf {
    let pids = dir.0.join("pids");
    let log = dir.0.join("log");
    dir.script(
        "hanging-engine.sh",
        &format!(
            "#!/bin/sh\n\
             trap '' TERM HUP INT\n\
             echo $$ >> '{pids}'\n\
             while read line; do\n\
               case \"$line\" in\n\
                 uci) echo 'id name Hanging Engine'; echo uciok ;;\n\
                 isready) echo readyok ;;\n\
                 go*) echo go >> '{log}'; sleep 1000 ;;\n\
               esac\n\
             done\n",
            pids = pids.display(),
            log = log.display()
        ),
    )
}

/// Whether a process with id `pid` is alive (a zombie is not).
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        }
        Err(_) => false,
    }
}

fn webgui(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_webgui"));
    command
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// The server's address, from the line it prints when it listens.
fn address(child: &mut Child) -> String {
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let start = line.find("http://").expect("an address") + "http://".len();
    let rest = &line[start..];
    rest[..rest.find('/').expect("a slash")].to_string()
}

/// Sends one HTTP request and returns the whole answer.
fn http(addr: &str, method: &str, path: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("connect");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("answer");
    answer
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "timed out waiting: {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn read_pids(path: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines().filter_map(|l| l.trim().parse().ok()).collect()
}

/// Starts the server with the hanging engine for chess, makes the engine
/// search (it plays White), sends `signal` and checks no engine is left.
fn no_engine_outlives(signal: &str) {
    let dir = TempDir::new(&format!("signal-{signal}"));
    let engine = hanging_engine(&dir);
    let flag = format!("chess={}", engine.display());
    let mut server = webgui(&["--engine", &flag]).spawn().expect("start webgui");
    let addr = address(&mut server);
    let created = http(
        &addr,
        "POST",
        "/api/games",
        r#"{"game": "chess", "white": "engine", "black": "human"}"#,
    );
    assert!(created.starts_with("HTTP/1.1 201"), "{created}");
    let log = dir.0.join("log");
    wait_until("the engine's go", Duration::from_secs(10), || {
        std::fs::read_to_string(&log).is_ok_and(|l| l.contains("go"))
    });
    let pids = read_pids(&dir.0.join("pids"));
    assert!(pids.iter().any(|&pid| alive(pid)), "the engine searches");
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &server.id().to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success());
    wait_until("the server's end", Duration::from_secs(10), || {
        server.try_wait().is_ok_and(|status| status.is_some())
    });
    wait_until("the engines' end", Duration::from_secs(5), || {
        pids.iter().all(|&pid| !alive(pid))
    });
}

#[test]
fn sigterm_kills_a_hanging_engine() {
    no_engine_outlives("TERM");
}

#[test]
fn sighup_kills_a_hanging_engine() {
    no_engine_outlives("HUP");
}

#[test]
fn sigint_kills_a_hanging_engine() {
    no_engine_outlives("INT");
}

/// A chess engine named for Leiserchess is refused at start-up, with the
/// engine and the game it plays in the message; named bare, it plays
/// chess only, and the other games keep the built-in engine.
#[test]
fn an_engine_of_another_game_is_refused_at_start_up() {
    let dir = TempDir::new("identify");
    let engine = hanging_engine(&dir);
    let flag = format!("leiserchess={}", engine.display());
    let out = webgui(&["--engine", &flag]).output().expect("run webgui");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let named = format!("engine '{}' plays chess, not leiserchess", engine.display());
    assert!(stderr.contains(&named), "{stderr}");

    let bare = engine.display().to_string();
    let mut server = webgui(&["--engine", &bare]).spawn().expect("start webgui");
    let addr = address(&mut server);
    let info = http(&addr, "GET", "/api/info", "");
    let _ = server.kill();
    let _ = server.wait();
    let expected = format!("\"engine\":\"external: chess={bare}\"");
    assert!(info.contains(&expected), "{info}");
}
