//! One UCI engine process as a referee or a GUI uses it: handshake with
//! timeouts, options, `ucinewgame`, and `go` answered by a deadline (and,
//! for a GUI, ended early by a stop flag).

use super::command_line;
use super::error::EngineError;
use super::log::LogSink;
use super::process::{Flood, Line, Process, ReadError};
use super::protocol::{parse_bestmove, parse_info, parse_option, InfoLine, InfoStats, OptionDecl};
use crate::pgn::Score;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use thiserror::Error;

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
    /// Where the engine's traffic is logged, if anywhere.
    pub log: Option<LogSink>,
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
    /// The move text as sent (not yet checked; may be empty, `(none)` or
    /// `0000` from an engine with no move).
    pub text: String,
    /// From the last `info` line that had them.
    pub score: Option<Score>,
    pub depth: Option<u32>,
    /// The latest nodes, seldepth, nps, hashfull and tbhits reported.
    pub stats: InfoStats,
    /// From sending `go` to reading `bestmove`.
    pub elapsed: Duration,
}

/// Why an engine gave no move.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum MoveFailure {
    /// No `bestmove` by the deadline; the process has been killed.
    #[error("no bestmove within {elapsed:.1?}")]
    Timeout { elapsed: Duration },
    /// The process closed its output or its input.
    #[error("the engine exited")]
    Crashed,
    /// The engine flooded its output; the process has been killed.
    #[error("the engine flooded its output ({0})")]
    Flood(Flood),
}

/// What a caller may add to the `go` exchange: a stop flag and a look at
/// every `info` line. The default adds nothing.
#[derive(Default)]
pub struct GoWatch<'a> {
    /// Once another thread sets it, `stop` is sent and the engine has
    /// `stop_grace` more (within the deadline) to answer.
    pub stop: Option<&'a AtomicBool>,
    pub stop_grace: Duration,
    /// Called with the text of every `info` line.
    pub on_info: Option<&'a mut dyn FnMut(&str)>,
}

/// The score and depth a `go` reports, from its `info` lines.
#[derive(Default)]
struct Seen {
    score: Option<Score>,
    /// The depth that goes with `score`.
    depth: Option<u32>,
    /// The depth of the latest line that gave one.
    latest_depth: Option<u32>,
    stats: InfoStats,
}

impl Seen {
    /// Keeps a score with its depth: the line's own, or else that of the
    /// line before (MIT's 2016 players print `info depth D move_no …`
    /// and then `info score cp S pv …`). Before any score, the depth alone.
    fn note(&mut self, info: InfoLine) {
        self.stats.update(info.stats);
        self.latest_depth = info.depth.or(self.latest_depth);
        if info.score.is_some() {
            self.score = info.score;
            self.depth = self.latest_depth;
        } else if self.score.is_none() {
            self.depth = self.latest_depth;
        }
    }
}

/// How often a watched `go` looks at the stop flag.
const STOP_POLL: Duration = Duration::from_millis(10);

/// How long `quit` waits for the process before killing it.
const QUIT_GRACE: Duration = Duration::from_millis(200);

pub struct UciEngine {
    name: String,
    /// The engine's own name, from `id name` (if it gave one).
    id_name: Option<String>,
    /// The options it declared (`option name ...`) before `uciok`.
    declared: Vec<OptionDecl>,
    /// Their names.
    declared_names: Vec<String>,
    process: Process,
    /// Set when the process is known dead or was killed: restart it.
    broken: bool,
}

impl UciEngine {
    /// Starts the engine of `spec` (its command line split into words)
    /// and completes `uci`/`uciok`, the options and `isready`/`readyok`.
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
        let mut engine = UciEngine::spawn(name, program.as_ref(), args, spec.dir.as_deref())?;
        if let Some(log) = &spec.log {
            engine.process.log_to(log.clone(), &engine.name);
        }
        engine.handshake(&spec.options, timeouts)?;
        Ok(engine)
    }

    /// Starts the program at `path` without arguments or options (a GUI's
    /// engine), named by its path until it says its own name.
    pub fn start_program(path: &Path, timeouts: &Timeouts) -> Result<UciEngine, EngineError> {
        let name = path.display().to_string();
        let mut engine = UciEngine::spawn(name, path.as_os_str(), &[], None)?;
        engine.handshake(&[], timeouts)?;
        Ok(engine)
    }

    fn spawn(
        name: String,
        program: &OsStr,
        args: &[String],
        dir: Option<&Path>,
    ) -> Result<UciEngine, EngineError> {
        match Process::spawn(program, args, dir) {
            Ok(process) => Ok(UciEngine {
                name,
                id_name: None,
                declared: Vec::new(),
                declared_names: Vec::new(),
                process,
                broken: false,
            }),
            Err(source) => Err(EngineError::Spawn {
                name,
                program: program.to_string_lossy().into_owned(),
                source,
            }),
        }
    }

    fn handshake(
        &mut self,
        options: &[(String, String)],
        timeouts: &Timeouts,
    ) -> Result<(), EngineError> {
        self.exchange("uci", "uciok", timeouts.startup)?;
        for (key, value) in options {
            self.send(&format!("setoption name {key} value {value}"), "setoption")?;
        }
        self.exchange("isready", "readyok", timeouts.ready)
    }

    /// The player's name (as given to `start`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The engine's own name, from its `id name` line.
    pub fn id_name(&self) -> Option<&str> {
        self.id_name.as_deref()
    }

    /// The names of the options the engine declared in its handshake.
    pub fn declared_options(&self) -> &[String] {
        &self.declared_names
    }

    /// The options the engine declared, with their defaults and values.
    pub fn declarations(&self) -> &[OptionDecl] {
        &self.declared
    }

    /// Whether the engine must be restarted before its next game.
    pub fn is_broken(&self) -> bool {
        self.broken || self.process.is_dead()
    }

    /// `setoption name <name> value <value>`, then `isready`/`readyok`
    /// (an engine may take a while to apply an option, such as a rule set).
    pub fn set_option(
        &mut self,
        name: &str,
        value: &str,
        timeouts: &Timeouts,
    ) -> Result<(), EngineError> {
        self.send(&format!("setoption name {name} value {value}"), "setoption")?;
        self.exchange("isready", "readyok", timeouts.ready)
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

    /// Sends `command` and waits for a line equal to `expected`, noting
    /// the engine's `id name` and its options on the way.
    fn exchange(
        &mut self,
        command: &'static str,
        expected: &'static str,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        let answered = self.process.drain().and_then(|()| {
            self.send(command, command).map_err(|_| ReadError::Closed)?;
            let deadline = Instant::now() + timeout;
            loop {
                let line = self.process.read_line(deadline)?;
                let text = line.text.trim();
                if text == expected {
                    return Ok(());
                }
                if let Some(id) = text.strip_prefix("id name ") {
                    self.id_name = Some(id.trim().to_string());
                } else if let Some(option) = parse_option(text) {
                    self.declared_names.push(option.name.clone());
                    self.declared.push(option);
                }
            }
        });
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
        self.go_watched(position, go, deadline, GoWatch::default())
    }

    /// [`UciEngine::go`] with a stop flag and a look at the `info` lines.
    pub fn go_watched(
        &mut self,
        position: &str,
        go: &str,
        deadline: Duration,
        mut watch: GoWatch<'_>,
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
        let mut until = start + deadline;
        let mut seen = Seen::default();
        loop {
            let line = match self.next_watched_line(&mut until, &mut watch) {
                Ok(line) => line,
                Err(e) => return Err(self.fail(e, start.elapsed())),
            };
            if let Some(text) = parse_bestmove(&line.text) {
                return Ok(EngineMove {
                    text: text.to_string(),
                    score: seen.score,
                    depth: seen.depth,
                    stats: seen.stats,
                    elapsed: line.at.saturating_duration_since(start),
                });
            }
            if let Some(info) = parse_info(&line.text) {
                if let Some(on_info) = watch.on_info.as_mut() {
                    on_info(&line.text);
                }
                seen.note(info);
            }
        }
    }

    /// The next line by `until`. Once the stop flag is set, `stop` is sent
    /// (once: the flag is then dropped) and `until` brought forward to the
    /// grace's end.
    fn next_watched_line(
        &mut self,
        until: &mut Instant,
        watch: &mut GoWatch<'_>,
    ) -> Result<Line, ReadError> {
        loop {
            let Some(stop) = watch.stop else {
                return self.process.read_line(*until);
            };
            if stop.load(Ordering::Relaxed) {
                watch.stop = None;
                self.process.send("stop").map_err(|_| ReadError::Closed)?;
                *until = (*until).min(Instant::now() + watch.stop_grace);
                continue;
            }
            let poll = (*until).min(Instant::now() + STOP_POLL);
            match self.process.read_line(poll) {
                Err(ReadError::Timeout) if Instant::now() < *until => continue,
                read => return read,
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
        self.process.quit(QUIT_GRACE);
    }

    /// Kills the process at once (after a failure).
    pub fn kill(mut self) {
        self.process.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::{EngineMove, EngineSpec, GoWatch, MoveFailure, Timeouts, UciEngine};
    use crate::pgn::Score;
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    /// A shell engine that names itself, answers the handshake and runs
    /// `on_go` for every `go`; its script is removed on drop.
    struct Script {
        path: std::path::PathBuf,
        spec: EngineSpec,
    }

    impl Script {
        fn new(name: &str, on_go: &str) -> Script {
            Script::answering(name, on_go, ":")
        }

        /// A script that runs `other` for any command it does not know.
        fn answering(name: &str, on_go: &str, other: &str) -> Script {
            let body = format!(
                "while read line; do case \"$line\" in\n\
                 uci) echo 'id name Shell Engine'; \
                 echo 'option name Move Overhead type spin default 10 min 0 max 100'; echo uciok ;;\n\
                 isready) echo readyok ;;\n\
                 go*) {on_go} ;;\n\
                 quit) exit 0 ;;\n\
                 *) {other} ;;\n\
                 esac; done\n"
            );
            let path = std::env::temp_dir()
                .join(format!("workbench-uci-{name}-{}.sh", std::process::id()));
            std::fs::write(&path, body).expect("write the script");
            let spec = EngineSpec {
                name: name.into(),
                command: format!("sh '{}'", path.display()),
                dir: None,
                options: Vec::new(),
                log: None,
            };
            Script { path, spec }
        }
    }

    impl Drop for Script {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.path);
        }
    }

    #[test]
    fn a_move_with_its_info_lines() {
        let script = Script::new(
            "info",
            "echo 'info depth 3 score cp 12 pv e2e4'; echo 'bestmove e2e4'",
        );
        let mut engine = UciEngine::start(&script.spec, &Timeouts::default()).expect("starts");
        assert_eq!(engine.id_name(), Some("Shell Engine"));
        assert_eq!(engine.declared_options(), ["Move Overhead"]);
        let mut seen = Vec::new();
        let mut on_info = |line: &str| seen.push(line.to_string());
        let watch = GoWatch {
            on_info: Some(&mut on_info),
            ..GoWatch::default()
        };
        let answer = engine
            .go_watched(
                "position startpos",
                "go depth 3",
                Duration::from_secs(10),
                watch,
            )
            .expect("a move");
        assert_eq!(answer.text, "e2e4");
        assert_eq!(answer.depth, Some(3));
        assert_eq!(seen, ["info depth 3 score cp 12 pv e2e4"]);
        assert!(!engine.is_broken());
        engine.quit();
    }

    #[test]
    fn an_mit_2016_player_is_understood() {
        // MIT's dialect: two info lines per better root move, and
        // `Illegal command.` for `ucinewgame` and anything it does not know.
        let on_go = "echo 'info depth 4 move_no 1 time (microsec) 96 nodes 70 nps 729166'; \
                     echo 'info score cp -12 pv h4g5 a3b4'; \
                     echo 'info depth 5 move_no 2 time (microsec) 190 nodes 900 nps 4736842'; \
                     echo 'info score cp 7 best h4g5'; \
                     echo 'info depth 6 move_no 1 time (microsec) 990 nodes 9000 nps 9090909'; \
                     echo 'bestmove h4g5'";
        let illegal = "echo \"Illegal command.  Use 'help' to see possible options.\"";
        let script = Script::answering("mit", on_go, illegal);
        let mut engine = UciEngine::start(&script.spec, &Timeouts::default()).expect("starts");
        for _ in 0..2 {
            engine
                .new_game(&Timeouts::default())
                .expect("ready after ucinewgame");
            let answer = engine
                .go(
                    "position startpos moves e1R",
                    "go time 1000 inc 10",
                    Duration::from_secs(10),
                )
                .expect("a move");
            assert_eq!(answer.text, "h4g5");
            // The last score, with the depth of the line before it.
            assert_eq!(answer.score, Some(Score::Centipawns(7)));
            assert_eq!(answer.depth, Some(5));
        }
        assert!(!engine.is_broken());
        engine.quit();
    }

    /// `go infinite` to the engine of `script` with the stop flag set at
    /// once and `grace` to answer it; the engine is returned too.
    fn stopped_at_once(
        script: &Script,
        grace: Duration,
    ) -> (UciEngine, Result<EngineMove, MoveFailure>) {
        let mut engine = UciEngine::start(&script.spec, &Timeouts::default()).expect("starts");
        let stop = AtomicBool::new(true);
        let watch = GoWatch {
            stop: Some(&stop),
            stop_grace: grace,
            on_info: None,
        };
        let long = Duration::from_secs(60);
        let answer = engine.go_watched("position startpos", "go infinite", long, watch);
        (engine, answer)
    }

    #[test]
    fn stop_is_sent_when_the_flag_is_set() {
        // Thinks until told to stop, then answers with what it was told.
        let script = Script::new("stop", "read stop; echo \"bestmove $stop\"");
        let (engine, answer) = stopped_at_once(&script, Duration::from_secs(10));
        assert_eq!(answer.expect("a move once stopped").text, "stop");
        engine.quit();
    }

    #[test]
    fn an_engine_that_ignores_stop_is_killed_after_the_grace() {
        let script = Script::new("deaf", "sleep 100");
        let start = Instant::now();
        let (engine, answer) = stopped_at_once(&script, Duration::from_millis(100));
        let failure = answer.expect_err("no answer");
        assert!(matches!(failure, MoveFailure::Timeout { .. }), "{failure}");
        assert!(start.elapsed() < Duration::from_secs(10));
        assert!(engine.is_broken());
    }
}
