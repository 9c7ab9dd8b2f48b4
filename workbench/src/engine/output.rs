//! An engine's output, read by a thread of its own into timed lines, so
//! that every read of the referee has a deadline. What the thread holds is
//! bounded: a line longer than `MAX_LINE_BYTES`, or more than
//! `MAX_BYTES_PER_COMMAND` said in reply to one command (a search's `info`
//! lines included, and whatever the engine prints while its opponent
//! thinks), is a flood. The thread then reports it, stops reading and
//! closes its end of the pipe; the engine is killed when it is next asked
//! for something (or when its game ends).

use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::time::Instant;

/// Longest line an engine may print. UCI lines are short: the longest
/// real ones, `info ... pv` with a long variation, are a few kilobytes.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Most output an engine may print between two commands of the tester,
/// counted with `LINE_COST` per line so that empty lines count too. This
/// bounds the memory the tester holds per engine. A search's `info` lines
/// for one move are kilobytes, rarely more than a hundred.
pub const MAX_BYTES_PER_COMMAND: usize = 4 * 1024 * 1024;

/// What one held line costs besides its text.
const LINE_COST: usize = std::mem::size_of::<Line>();

/// One line of output and when the reader thread saw it (the clock stops
/// then, not when the referee gets round to reading it).
#[derive(Clone, Debug)]
pub struct Line {
    pub text: String,
    pub at: Instant,
}

/// How an engine flooded its output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flood {
    /// A line longer than `MAX_LINE_BYTES` (or output without newlines).
    LongLine,
    /// More than `MAX_BYTES_PER_COMMAND` between two commands.
    TooMuch,
}

impl fmt::Display for Flood {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Flood::LongLine => write!(f, "a line longer than {} KiB", MAX_LINE_BYTES / 1024),
            Flood::TooMuch => write!(
                f,
                "more than {} MiB of output for one command",
                MAX_BYTES_PER_COMMAND / (1024 * 1024)
            ),
        }
    }
}

/// Why no line was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing arrived before the deadline.
    Timeout,
    /// The process closed its output (it exited or crashed).
    Closed,
    /// The engine flooded its output; nothing more is read from it.
    Flood(Flood),
}

enum Message {
    Line(Line),
    Flood(Flood),
}

/// What the reader thread and the referee share.
#[derive(Default)]
struct Budget {
    /// Bytes said since the last command (`LINE_COST` per line included).
    said: AtomicUsize,
    flooded: AtomicBool,
}

/// The referee's end of an engine's output.
pub struct Output {
    messages: Receiver<Message>,
    budget: Arc<Budget>,
}

/// A line too long to hold.
#[derive(Debug, PartialEq, Eq)]
struct LongLine;

/// Reads one line of at most `MAX_LINE_BYTES`, lossily decoded, without
/// its `\r\n` or `\n`; `Ok(None)` at the end of the stream (or on a read
/// error: either way nothing more will come).
fn read_capped_line(reader: &mut impl BufRead) -> Result<Option<String>, LongLine> {
    let mut bytes = Vec::new();
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Ok(None),
        };
        if buf.is_empty() {
            return Ok((!bytes.is_empty()).then(|| String::from_utf8_lossy(&bytes).into_owned()));
        }
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        if bytes.len() + chunk.len() > MAX_LINE_BYTES {
            return Err(LongLine);
        }
        bytes.extend_from_slice(chunk);
        let used = newline.map_or(buf.len(), |i| i + 1);
        reader.consume(used);
        if newline.is_some() {
            let text = String::from_utf8_lossy(&bytes);
            return Ok(Some(text.trim_end_matches('\r').to_string()));
        }
    }
}

impl Output {
    /// Starts the reader thread of `stream` (an engine's stdout). The
    /// thread ends at the end of the stream, on a flood, or once this
    /// `Output` is dropped and another line arrives.
    pub fn spawn(stream: impl Read + Send + 'static) -> std::io::Result<Output> {
        let (tx, rx) = channel();
        let budget = Arc::new(Budget::default());
        let shared = Arc::clone(&budget);
        std::thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stream);
                let flood = loop {
                    let text = match read_capped_line(&mut reader) {
                        Ok(Some(text)) => text,
                        Ok(None) => return,
                        Err(LongLine) => break Flood::LongLine,
                    };
                    let cost = text.len() + LINE_COST;
                    let said = shared.said.fetch_add(cost, Ordering::Relaxed) + cost;
                    if said > MAX_BYTES_PER_COMMAND {
                        break Flood::TooMuch;
                    }
                    let line = Line {
                        text,
                        at: Instant::now(),
                    };
                    if tx.send(Message::Line(line)).is_err() {
                        return;
                    }
                };
                shared.flooded.store(true, Ordering::Relaxed);
                let _ = tx.send(Message::Flood(flood));
                // Returning drops the pipe: a flooding engine that goes
                // on writing gets EPIPE (or SIGPIPE) instead of our memory.
            })?;
        Ok(Output {
            messages: rx,
            budget,
        })
    }

    /// A new command was sent: the engine's budget starts again.
    pub fn command_sent(&self) {
        self.budget.said.store(0, Ordering::Relaxed);
    }

    /// Whether the engine has flooded (even if the referee has not read
    /// that far yet).
    pub fn flooded(&self) -> bool {
        self.budget.flooded.load(Ordering::Relaxed)
    }

    /// The next line, waiting at most until `deadline`.
    pub fn read_line(&self, deadline: Instant) -> Result<Line, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.messages.recv_timeout(wait) {
            Ok(Message::Line(line)) => Ok(line),
            Ok(Message::Flood(f)) => Err(ReadError::Flood(f)),
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) if self.flooded() => {
                Err(ReadError::Flood(Flood::TooMuch))
            }
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed),
        }
    }

    /// Drops the lines already received (late output of an earlier
    /// command); an error if the output is closed or flooded. It ends:
    /// what it drops was said since the last command, so a flood stops it.
    pub fn drain(&self) -> Result<(), ReadError> {
        loop {
            match self.messages.try_recv() {
                Ok(Message::Line(_)) => continue,
                Ok(Message::Flood(f)) => return Err(ReadError::Flood(f)),
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Disconnected) if self.flooded() => {
                    return Err(ReadError::Flood(Flood::TooMuch))
                }
                Err(TryRecvError::Disconnected) => return Err(ReadError::Closed),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        read_capped_line, Flood, LongLine, Output, ReadError, MAX_BYTES_PER_COMMAND, MAX_LINE_BYTES,
    };
    use std::io::Read;
    use std::time::{Duration, Instant};

    #[test]
    fn lines_are_lossy_without_crlf_and_capped() {
        let mut bytes = b"a\r\nb".to_vec();
        bytes.push(0xff); // invalid UTF-8 in the second line
        bytes.extend_from_slice(b"c\n");
        let longest = "x".repeat(MAX_LINE_BYTES);
        bytes.extend_from_slice(longest.as_bytes());
        bytes.extend_from_slice(b"\nlast");
        let mut r = std::io::BufReader::new(&bytes[..]);
        assert_eq!(read_capped_line(&mut r), Ok(Some("a".into())));
        assert_eq!(read_capped_line(&mut r), Ok(Some("b\u{fffd}c".into())));
        assert_eq!(read_capped_line(&mut r), Ok(Some(longest)));
        assert_eq!(read_capped_line(&mut r), Ok(Some("last".into())));
        assert_eq!(read_capped_line(&mut r), Ok(None));

        let too_long = "y".repeat(MAX_LINE_BYTES + 1) + "\n";
        let mut r = std::io::BufReader::new(too_long.as_bytes());
        assert_eq!(read_capped_line(&mut r), Err(LongLine));
    }

    #[test]
    fn one_endless_line_is_a_flood() {
        let out = Output::spawn(std::io::repeat(b'x')).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        assert_eq!(
            out.read_line(deadline).unwrap_err(),
            ReadError::Flood(Flood::LongLine)
        );
        assert!(out.flooded());
    }

    #[test]
    fn endless_lines_nobody_reads_are_a_flood() {
        // 100 MiB of short lines, never read: the thread stops at the
        // budget instead of holding them.
        let lines = std::io::repeat(b'\n').take(100 << 20);
        let out = Output::spawn(lines).unwrap();
        let start = Instant::now();
        while !out.flooded() {
            assert!(start.elapsed() < Duration::from_secs(10), "no flood seen");
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(out.drain(), Err(ReadError::Flood(Flood::TooMuch)));
        // Read, they are a flood too once there are too many for one command.
        let lines = std::io::repeat(b'\n').take(100 << 20);
        let out = Output::spawn(lines).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut read = 0usize;
        let error = loop {
            match out.read_line(deadline) {
                Ok(_) => read += 1,
                Err(e) => break e,
            }
        };
        assert_eq!(error, ReadError::Flood(Flood::TooMuch));
        assert_eq!(read, MAX_BYTES_PER_COMMAND / super::LINE_COST);
    }

    #[test]
    fn the_budget_is_per_command() {
        use std::io::Write;
        let (mut engine, tester) = std::os::unix::net::UnixStream::pair().unwrap();
        let out = Output::spawn(tester).unwrap();
        // Empty lines: each costs LINE_COST.
        let three_quarters = "\n".repeat(MAX_BYTES_PER_COMMAND / super::LINE_COST * 3 / 4);
        let deadline = Instant::now() + Duration::from_secs(10);
        for _ in 0..2 {
            engine.write_all(three_quarters.as_bytes()).unwrap();
            for _ in 0..three_quarters.len() {
                out.read_line(deadline).expect("a line");
            }
            out.command_sent();
        }
        assert!(!out.flooded());
        // The same without a command in between is a flood.
        let _ = engine.write_all(three_quarters.as_bytes());
        let _ = engine.write_all(three_quarters.as_bytes());
        let error = loop {
            if let Err(e) = out.read_line(deadline) {
                break e;
            }
        };
        assert_eq!(error, ReadError::Flood(Flood::TooMuch));
    }
}
