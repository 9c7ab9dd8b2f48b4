//! One UCI engine process as the referee uses it: handshake with
//! timeouts, options, `ucinewgame`, and `go` answered by a deadline.

use super::command_line;
use super::error::EngineError;
use super::process::{Flood, Process, ReadError};
use super::protocol::{parse_bestmove, parse_info};
use crate::pgn::Score;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How to start an engine and set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The player's name (in errors and the PGN).
    pub name: String,
    /// The command line (split into words, run without a shell).
    pub command: String,
    /// Working directory; the current one if `None`.
    pub dir: Option<PathBuf>,
    /// Sent as `setoption name <k> value <v>` after `uciok`.
    pub options: Vec<(String, String)>,
}

/// Deadlines of the handshake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For `uciok` after start (engines may load tables first).
    pub startup: Duration,
    /// For `readyok` after `isready`.
    pub ready: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            startup: Duration::from_secs(10),
            ready: Duration::from_secs(10),
        }
    }
}

/// An engine's answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move text as sent (not yet checked).
    pub text: String,
    /// From the last `info` line that had them.
    pub score: Option<Score>,
    pub depth: Option<u32>,
    /// From sending `go` to reading `bestmove`.
    pub elapsed: Duration,
}

/// Why an engine gave no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFailure {
    /// No `bestmove` by the deadline; the process has been killed.
    Timeout { elapsed: Duration },
    /// The process closed its output or its input.
    Crashed,
    /// The engine flooded its output; the process has been killed.
    Flood(Flood),
}

pub struct UciEngine {
    name: String,
    process: Process,
    /// Set when the process is known dead or was killed: restart it.
    broken: bool,
}

impl UciEngine {
    /// Starts the engine and completes `uci`/`uciok`, the options and
    /// `isready`/`readyok`.
    pub fn start(spec: &EngineSpec, timeouts: &Timeouts) -> Result<UciEngine, EngineError> {
        let name = spec.name.clone();
        let words =
            command_line::split(&spec.command).map_err(|source| EngineError::CommandLine {
                name: name.clone(),
                source,
            })?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| EngineError::CommandLine {
                name: name.clone(),
                source: command_line::CommandLineError::Empty,
            })?;
        let process = Process::spawn(program, args, spec.dir.as_deref()).map_err(|source| {
            EngineError::Spawn {
                name: name.clone(),
                program: program.clone(),
                source,
            }
        })?;
        let mut engine = UciEngine {
            name,
            process,
            broken: false,
        };
        engine.exchange("uci", "uciok", timeouts.startup)?;
        for (key, value) in &spec.options {
            engine.send(&format!("setoption name {key} value {value}"), "setoption")?;
        }
        engine.exchange("isready", "readyok", timeouts.ready)?;
        Ok(engine)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the engine must be restarted before its next game.
    pub fn is_broken(&mut self) -> bool {
        self.broken || self.process.is_dead()
    }

    /// `ucinewgame` and `isready`/`readyok`.
    pub fn new_game(&mut self, timeouts: &Timeouts) -> Result<(), EngineError> {
        self.send("ucinewgame", "ucinewgame")?;
        self.exchange("isready", "readyok", timeouts.ready)
    }

    fn send(&mut self, line: &str, what: &'static str) -> Result<(), EngineError> {
        self.process.send(line).map_err(|_| {
            self.broken = true;
            EngineError::Exited {
                name: self.name.clone(),
                sent: what,
            }
        })
    }

    /// Sends `command` and waits for a line equal to `expected`.
    fn exchange(
        &mut self,
        command: &'static str,
        expected: &'static str,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        let answered = match self.process.drain() {
            Ok(()) => {
                self.send(command, command)?;
                let deadline = Instant::now() + timeout;
                loop {
                    match self.process.read_line(deadline) {
                        Ok(line) if line.text.trim() == expected => break Ok(()),
                        Ok(_) => continue,
                        Err(e) => break Err(e),
                    }
                }
            }
            Err(e) => Err(e),
        };
        let Err(e) = answered else { return Ok(()) };
        self.broken = true;
        self.process.kill();
        let name = self.name.clone();
        Err(match e {
            ReadError::Timeout => EngineError::NoAnswer {
                name,
                sent: command,
                expected,
                timeout,
            },
            ReadError::Closed => EngineError::Exited {
                name,
                sent: command,
            },
            ReadError::Flood(flood) => EngineError::Flood {
                name,
                sent: command,
                flood,
            },
        })
    }

    /// Sends `position` and `go` and waits for `bestmove` until `deadline`
    /// (measured from now); past it the engine is killed.
    pub fn go(
        &mut self,
        position: &str,
        go: &str,
        deadline: Duration,
    ) -> Result<EngineMove, MoveFailure> {
        if let Err(e) = self.process.drain() {
            return Err(self.fail(e, Duration::ZERO));
        }
        let sent = self
            .process
            .send(position)
            .and_then(|()| self.process.send(go));
        let start = Instant::now();
        if sent.is_err() {
            return Err(self.fail(ReadError::Closed, Duration::ZERO));
        }
        let until = start + deadline;
        let (mut score, mut depth) = (None, None);
        loop {
            match self.process.read_line(until) {
                Ok(line) => {
                    if let Some(text) = parse_bestmove(&line.text) {
                        return Ok(EngineMove {
                            text: text.to_string(),
                            score,
                            depth,
                            elapsed: line.at.saturating_duration_since(start),
                        });
                    }
                    if let Some(info) = parse_info(&line.text) {
                        // Keep score and depth from one line together.
                        if info.score.is_some() {
                            score = info.score;
                            depth = info.depth.or(depth);
                        } else if score.is_none() {
                            depth = info.depth.or(depth);
                        }
                    }
                }
                Err(e) => return Err(self.fail(e, start.elapsed())),
            }
        }
    }

    /// Kills the engine after a failed `go`, `elapsed` after sending it.
    fn fail(&mut self, error: ReadError, elapsed: Duration) -> MoveFailure {
        self.broken = true;
        self.process.kill();
        match error {
            ReadError::Timeout => MoveFailure::Timeout { elapsed },
            ReadError::Closed => MoveFailure::Crashed,
            ReadError::Flood(flood) => MoveFailure::Flood(flood),
        }
    }

    /// Says `quit` and gives the process a moment before killing it.
    pub fn quit(mut self) {
        self.process.quit(Duration::from_millis(200));
    }

    /// Kills the process at once (after a failure).
    pub fn kill(mut self) {
        self.process.kill();
    }
}
