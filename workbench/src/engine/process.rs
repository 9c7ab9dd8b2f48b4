//! A child process in a process group of its own, whose output lines
//! arrive from a reader thread (`output`), so every read has a deadline, a
//! silent engine can never block the tester and a noisy one cannot exhaust
//! its memory. Killing it kills its whole group (`group`), on every path:
//! a failure, `quit`, and drop.

use super::group::{self, Group};
use super::log::{Direction, LogSink};
use super::output::Output;
pub use super::output::{Flood, Line, ReadError};
use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Output,
    group: Group,
    /// Whether the child has been waited for (its id may be reused since).
    reaped: bool,
    /// Where its traffic is logged, under which name.
    log: Option<(LogSink, String)>,
}

impl Process {
    /// Starts `program args...` in `dir` (the current directory if `None`)
    /// in a new process group, with piped stdin and stdout; stderr is
    /// discarded.
    pub fn spawn(program: &OsStr, args: &[String], dir: Option<&Path>) -> std::io::Result<Process> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let (mut child, mut group) = group::spawn(&mut command)?;
        let output = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout pipe"))
            .and_then(Output::spawn);
        match output {
            Ok(output) => Ok(Process {
                stdin: child.stdin.take(),
                child,
                output,
                group,
                reaped: false,
                log: None,
            }),
            Err(e) => {
                group.kill();
                let _ = child.wait();
                Err(e)
            }
        }
    }

    /// Logs every line sent and received to `sink`, as `name`'s.
    pub fn log_to(&mut self, sink: LogSink, name: &str) {
        if sink.0.logs_engines() {
            self.log = Some((sink, name.to_string()));
        }
    }

    fn log_line(&self, direction: Direction, text: &str) {
        if let Some((sink, name)) = &self.log {
            sink.0.engine_line(name, self.id(), direction, text);
        }
    }

    /// The id of the process, which is also its group's.
    pub fn id(&self) -> u32 {
        self.group.id()
    }

    /// Writes one line; an error means the process is gone. It starts the
    /// engine's output budget afresh.
    pub fn send(&mut self, line: &str) -> std::io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        self.output.command_sent();
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()?;
        self.log_line(Direction::ToEngine, line);
        Ok(())
    }

    /// The next line, waiting at most until `deadline`.
    pub fn read_line(&mut self, deadline: Instant) -> Result<Line, ReadError> {
        let line = self.output.read_line(deadline)?;
        self.log_line(Direction::FromEngine, &line.text);
        Ok(line)
    }

    /// Drops lines already received (late output of an earlier command).
    /// An error if the output is closed or flooded.
    pub fn drain(&mut self) -> Result<(), ReadError> {
        self.output.drain()
    }

    /// Whether the process has exited or flooded its output: either way it
    /// is of no more use.
    pub fn is_dead(&self) -> bool {
        self.reaped || self.output.flooded() || group::has_exited(self.child.id())
    }

    /// Kills the process and its group at once, and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        // The group first: reaping the leader would free its id.
        self.group.kill();
        if !self.reaped {
            let _ = self.child.wait();
            self.reaped = true;
        }
    }

    /// Asks the process to quit, waits up to `grace` for it to exit, then
    /// kills what is left of its group (the engine, or helpers it left).
    pub fn quit(&mut self, grace: Duration) {
        let _ = self.send("quit");
        self.stdin = None; // end of input too, for engines that ignore quit
        let deadline = Instant::now() + grace;
        while Instant::now() < deadline && !group::has_exited(self.child.id()) {
            std::thread::sleep(Duration::from_millis(2));
        }
        self.kill();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::{Process, ReadError};
    use std::time::{Duration, Instant};

    #[test]
    fn reads_have_deadlines_and_see_the_end() {
        let mut p = Process::spawn("cat".as_ref(), &[], None).expect("cat");
        p.send("hello").unwrap();
        let line = p
            .read_line(Instant::now() + Duration::from_secs(5))
            .unwrap();
        assert_eq!(line.text, "hello");
        let start = Instant::now();
        let r = p.read_line(Instant::now() + Duration::from_millis(50));
        assert_eq!(r.unwrap_err(), ReadError::Timeout);
        assert!(start.elapsed() >= Duration::from_millis(50));
        assert!(!p.is_dead());
        p.kill();
        assert!(p.is_dead());
        let r = p.read_line(Instant::now() + Duration::from_secs(5));
        assert_eq!(r.unwrap_err(), ReadError::Closed);
        assert!(p.send("more").is_err());
    }

    #[test]
    fn each_process_leads_a_group_of_its_own() {
        let mut p = Process::spawn("cat".as_ref(), &[], None).expect("cat");
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", p.id())).unwrap();
        // Fields after the command: state, ppid, pgrp.
        let after = stat.rsplit(')').next().unwrap();
        let pgrp: u32 = after.split_whitespace().nth(2).unwrap().parse().unwrap();
        assert_eq!(pgrp, p.id());
        p.quit(Duration::from_secs(1));
        assert!(p.is_dead());
    }
}
