//! A log of what a tester and its engines say to each other, and of what
//! happens in its games (the autotester's `-log`, as fastchess's): one
//! line per message, with the time since the log was opened, a level,
//! and for engine traffic the engine's name, its process id and the
//! direction (`>>` sent to the engine, `<<` received).
//!
//! ```text
//! [    0.012] <new(4211)> >> uci
//! [    0.015] <new(4211)> << uciok
//! [   12.304] WARN  game 7: old loses on time
//! ```

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// How much goes in the log, least first: `fatal` keeps only what ends a
/// run, `trace` everything (engine traffic included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LogLevel {
    Trace,
    Info,
    Warn,
    Err,
    Fatal,
}

impl FromStr for LogLevel {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "trace" => Ok(LogLevel::Trace),
            "info" => Ok(LogLevel::Info),
            "warn" => Ok(LogLevel::Warn),
            "err" => Ok(LogLevel::Err),
            "fatal" => Ok(LogLevel::Fatal),
            _ => Err(format!(
                "level={s:?}: expected trace, info, warn, err or fatal"
            )),
        }
    }
}

impl LogLevel {
    fn tag(self) -> &'static str {
        match self {
            LogLevel::Trace => "TRACE",
            LogLevel::Info => "INFO ",
            LogLevel::Warn => "WARN ",
            LogLevel::Err => "ERR  ",
            LogLevel::Fatal => "FATAL",
        }
    }
}

/// Which way an engine's line went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    ToEngine,
    FromEngine,
}

/// An open log, shared by every engine and game of a run.
pub struct EngineLog {
    out: Mutex<BufWriter<File>>,
    opened: Instant,
    level: LogLevel,
    engine_traffic: bool,
    /// Flush after every line (slower; nothing lost if the run is killed).
    realtime: bool,
}

impl EngineLog {
    /// Opens `path` (appended to, or truncated unless `append`).
    pub fn open(
        path: &Path,
        level: LogLevel,
        engine_traffic: bool,
        append: bool,
        realtime: bool,
    ) -> io::Result<Arc<EngineLog>> {
        let file = OpenOptions::new()
            .create(true)
            .write(true)
            .append(append)
            .truncate(!append)
            .open(path)?;
        Ok(Arc::new(EngineLog {
            out: Mutex::new(BufWriter::new(file)),
            opened: Instant::now(),
            level,
            engine_traffic: engine_traffic || level == LogLevel::Trace,
            realtime,
        }))
    }

    /// Whether engine traffic is logged.
    pub fn logs_engines(&self) -> bool {
        self.engine_traffic
    }

    /// An engine's line, if engine traffic is logged.
    pub fn engine_line(&self, engine: &str, pid: u32, direction: Direction, text: &str) {
        if self.engine_traffic {
            let arrow = match direction {
                Direction::ToEngine => ">>",
                Direction::FromEngine => "<<",
            };
            self.write(format_args!(
                "<{engine}({pid})> {arrow} {}",
                text.trim_end()
            ));
        }
    }

    /// A message of the tester at `level`, if the log keeps that level.
    pub fn note(&self, level: LogLevel, text: &str) {
        if level >= self.level {
            self.write(format_args!("{} {text}", level.tag()));
        }
    }

    /// Writes out what is buffered.
    pub fn flush(&self) {
        if let Ok(mut out) = self.out.lock() {
            let _ = out.flush();
        }
    }

    fn write(&self, line: fmt::Arguments<'_>) {
        let seconds = self.opened.elapsed().as_secs_f64();
        // A poisoned lock or a full disk must not stop a match: the log
        // is a help, the PGN the record.
        if let Ok(mut out) = self.out.lock() {
            let _ = writeln!(out, "[{seconds:9.3}] {line}");
            if self.realtime {
                let _ = out.flush();
            }
        }
    }
}

impl Drop for EngineLog {
    fn drop(&mut self) {
        self.flush();
    }
}

/// A log as an engine's spec carries it: equal only to itself.
#[derive(Clone)]
pub struct LogSink(pub Arc<EngineLog>);

impl PartialEq for LogSink {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for LogSink {}

impl fmt::Debug for LogSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("LogSink")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_filter_and_engine_traffic_follows_its_switch() {
        let dir = std::env::temp_dir().join(format!("engine-log-{}", std::process::id()));
        let path = dir.with_extension("log");
        let log = EngineLog::open(&path, LogLevel::Warn, false, false, true).expect("open");
        log.note(LogLevel::Info, "not kept");
        log.note(LogLevel::Warn, "kept");
        log.engine_line("e", 1, Direction::ToEngine, "uci");
        drop(log);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(
            text.contains("WARN  kept") && !text.contains("not kept"),
            "{text}"
        );
        assert!(!text.contains("uci"), "{text}");

        let log = EngineLog::open(&path, LogLevel::Trace, false, true, false).expect("open");
        log.engine_line("e", 7, Direction::FromEngine, "uciok\n");
        drop(log);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains("WARN  kept"), "appended: {text}");
        assert!(text.contains("<e(7)> << uciok"), "{text}");
        let _ = std::fs::remove_file(&path);
        assert!("loud".parse::<LogLevel>().is_err());
    }
}
