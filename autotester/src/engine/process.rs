//! A child process whose output lines arrive on a channel from a reader
//! thread, so every read has a deadline and a silent engine can never block
//! the tester.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// Longest line kept; the rest of a longer line is dropped (an engine
/// printing megabytes without a newline must not exhaust memory).
const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line of output and when the reader thread saw it (the clock stops
/// then, not when the referee gets round to reading it).
#[derive(Clone, Debug)]
pub struct Line {
    pub text: String,
    pub at: Instant,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing arrived before the deadline.
    Timeout,
    /// The process closed its output (it exited or crashed).
    Closed,
}

pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
}

/// Reads one line of at most `MAX_LINE_BYTES`, lossily decoded; `None` at
/// the end of the stream.
fn read_capped_line(reader: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if buf.is_empty() {
            return (!bytes.is_empty()).then(|| String::from_utf8_lossy(&bytes).into_owned());
        }
        let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE_BYTES.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = found.unwrap_or(buf.len());
        reader.consume(used);
        if found.is_some() {
            let text = String::from_utf8_lossy(&bytes);
            return Some(text.trim_end_matches('\r').to_string());
        }
    }
}

impl Process {
    /// Starts `program args...` in `dir` (the current directory if `None`)
    /// with piped stdin and stdout; stderr is discarded.
    pub fn spawn(program: &str, args: &[String], dir: Option<&Path>) -> std::io::Result<Process> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn()?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout pipe"))?;
        let (tx, rx) = channel();
        // Detached: it ends when the pipe closes, which killing the child does.
        std::thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                while let Some(text) = read_capped_line(&mut reader) {
                    let line = Line {
                        text,
                        at: Instant::now(),
                    };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Process {
            stdin: child.stdin.take(),
            child,
            lines: rx,
        })
    }

    /// Writes one line; an error means the process is gone.
    pub fn send(&mut self, line: &str) -> std::io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// The next line, waiting at most until `deadline`.
    pub fn read_line(&mut self, deadline: Instant) -> Result<Line, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed),
        }
    }

    /// Drops lines already received (late output of an earlier command).
    /// Returns false if the output is closed.
    pub fn drain(&mut self) -> bool {
        loop {
            match self.lines.try_recv() {
                Ok(_) => continue,
                Err(TryRecvError::Empty) => return true,
                Err(TryRecvError::Disconnected) => return false,
            }
        }
    }

    /// Whether the process has exited.
    pub fn has_exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }

    /// Kills the process at once and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Asks the process to quit, waits up to `grace`, then kills it.
    pub fn quit(&mut self, grace: Duration) {
        let _ = self.send("quit");
        self.stdin = None; // end of input too, for engines that ignore quit
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline {
            if self.has_exited() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        self.kill();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if !self.has_exited() {
            self.kill();
        } else {
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{read_capped_line, Process, ReadError, MAX_LINE_BYTES};
    use std::time::{Duration, Instant};

    #[test]
    fn capped_lines_lossy_and_crlf() {
        let long = "x".repeat(MAX_LINE_BYTES + 10);
        let mut bytes = b"a\r\nb".to_vec();
        bytes.push(0xff); // invalid UTF-8 in the second line
        bytes.extend_from_slice(b"c\n");
        bytes.extend_from_slice(long.as_bytes());
        bytes.extend_from_slice(b"\nlast");
        let mut r = std::io::BufReader::new(&bytes[..]);
        assert_eq!(read_capped_line(&mut r).as_deref(), Some("a"));
        assert_eq!(read_capped_line(&mut r).as_deref(), Some("b\u{fffd}c"));
        assert_eq!(
            read_capped_line(&mut r).map(|l| l.len()),
            Some(MAX_LINE_BYTES)
        );
        assert_eq!(read_capped_line(&mut r).as_deref(), Some("last"));
        assert_eq!(read_capped_line(&mut r), None);
    }

    #[test]
    fn reads_have_deadlines_and_see_the_end() {
        let mut p = Process::spawn("cat", &[], None).expect("cat");
        p.send("hello").unwrap();
        let line = p
            .read_line(Instant::now() + Duration::from_secs(5))
            .unwrap();
        assert_eq!(line.text, "hello");
        let start = Instant::now();
        let r = p.read_line(Instant::now() + Duration::from_millis(50));
        assert_eq!(r.unwrap_err(), ReadError::Timeout);
        assert!(start.elapsed() >= Duration::from_millis(50));
        p.kill();
        let r = p.read_line(Instant::now() + Duration::from_secs(5));
        assert_eq!(r.unwrap_err(), ReadError::Closed);
        assert!(p.send("more").is_err());
    }
}
