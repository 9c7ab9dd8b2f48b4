//! The link to the GUI: the wire ([`Transport`]: the reader thread that
//! turns input into events, the line output) and the conversation's state
//! ([`Session`]: what waits, the variants, the carried options). It
//! outlives one game's driver: when `UCI_Variant` hands the conversation
//! to the driver of another rule set, the link goes with it.

use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use super::driver::UciConfig;
use super::error::UciError;
use super::options::EngineSettings;
use super::variant::Variants;
use super::waiting::{EndOfInput, Waiting};

/// Input lines longer than this are dropped with an error: no command
/// needs a thousandth of it, and the reader must not hold unbounded input.
pub(super) const MAX_LINE_BYTES: usize = 4 << 20;

/// Line output shared by the controller and the job thread; each line is
/// written and flushed whole.
#[derive(Clone)]
pub(super) struct Output {
    inner: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub(super) fn new(writer: impl Write + Send + 'static) -> Self {
        Output {
            inner: Arc::new(Mutex::new(Box::new(writer))),
        }
    }

    pub(super) fn line(&self, text: &str) {
        // A poisoned lock only means another thread panicked mid-write;
        // the writer itself is still usable.
        let mut w = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        // Nothing useful can be done if the GUI has gone away.
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }

    pub(super) fn error(&self, error: &UciError) {
        self.line(&format!("info string error: {error}"));
    }
}

/// What the controller waits for.
pub(super) enum Event {
    Line(String),
    /// A line over [`MAX_LINE_BYTES`], dropped.
    Overlong,
    EndOfInput,
    /// The job with this id has finished; its last line (the `bestmove`,
    /// or the total of a count) is printed by the controller as it takes
    /// the job back, so that anything the GUI sends after reading it finds
    /// the engine free.
    JobDone {
        id: u64,
        last_line: Option<String>,
    },
}

/// The wire to the GUI: the lines out, and the events in (from the
/// reader thread and from jobs).
pub(super) struct Transport {
    pub(super) out: Output,
    pub(super) inbox: Receiver<Event>,
    /// For job threads to report to the controller.
    pub(super) events: Sender<Event>,
}

/// The conversation's state, whichever game's driver holds it: what the
/// engine says it is, what waits, the jobs' numbering, the rule sets and
/// the options carried from one driver to the next.
pub(super) struct Session {
    pub(super) config: UciConfig,
    pub(super) waiting: Waiting,
    /// Numbers the jobs of every driver, so a late `JobDone` never
    /// matches another driver's job.
    pub(super) jobs_started: u64,
    /// The rule sets the engine plays, and each one's weights.
    pub(super) variants: Variants,
    /// The game-independent options, handed from driver to driver
    /// (`None` until the first driver hands over: the defaults).
    pub(super) settings: Option<EngineSettings>,
}

/// The conversation handed from driver to driver: its wire and its state.
pub(super) struct Link {
    pub(super) io: Transport,
    pub(super) session: Session,
}

impl Link {
    /// Starts the reader thread; `None` (after saying why) if it cannot.
    pub(super) fn open(
        config: UciConfig,
        variants: Variants,
        input: impl BufRead + Send + 'static,
        out: Output,
        eof_policy: EndOfInput,
    ) -> Option<Link> {
        let (events, inbox) = channel();
        if let Err(e) = spawn_reader(input, events.clone()) {
            out.line(&format!("info string error: cannot read input: {e}"));
            return None;
        }
        Some(Link {
            io: Transport { out, inbox, events },
            session: Session {
                config,
                waiting: Waiting::new(eof_policy),
                jobs_started: 0,
                variants,
                settings: None,
            },
        })
    }
}

/// The reader thread: each input line, then end of input. It is not
/// joined: after `quit` it may be blocked reading a terminal; it ends with
/// the process.
fn spawn_reader(
    mut input: impl BufRead + Send + 'static,
    events: Sender<Event>,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name("uci reader".to_string())
        .spawn(move || {
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                let event = match read_line_bounded(&mut input, &mut buffer, MAX_LINE_BYTES) {
                    Ok(Line::End) | Err(_) => Event::EndOfInput,
                    Ok(Line::Overlong) => Event::Overlong,
                    Ok(Line::Read) => Event::Line(String::from_utf8_lossy(&buffer).into_owned()),
                };
                let done = matches!(event, Event::EndOfInput);
                if events.send(event).is_err() || done {
                    return;
                }
            }
        })
}

/// What [`read_line_bounded`] found.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    Read,
    /// Longer than the bound: skipped to its end.
    Overlong,
    End,
}

/// Reads one line (up to `\n` or end of input) into `buffer`, holding at
/// most `max` bytes of it: a longer line is read to its end and dropped.
fn read_line_bounded(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Line> {
    let mut seen = 0usize;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(match seen {
                0 => Line::End,
                _ if seen > max => Line::Overlong,
                _ => Line::Read,
            });
        }
        let (chunk, ends) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = max.saturating_sub(buffer.len());
        buffer.extend_from_slice(&chunk[..chunk.len().min(room)]);
        seen += chunk.len();
        let used = chunk.len();
        input.consume(used);
        if ends {
            return Ok(if seen > max {
                Line::Overlong
            } else {
                Line::Read
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{read_line_bounded, Line};
    use std::io::BufReader;

    #[test]
    fn lines_are_read_up_to_a_bound() {
        // A tiny buffer makes lines span several reads.
        let text = b"go\nabcdefghij\nxyz\nlast".to_vec();
        let mut input = BufReader::with_capacity(3, text.as_slice());
        let mut read = |buffer: &mut Vec<u8>| {
            buffer.clear();
            read_line_bounded(&mut input, buffer, 5).expect("read")
        };
        let mut buffer = Vec::new();
        assert_eq!(read(&mut buffer), Line::Read);
        assert_eq!(buffer, b"go\n");
        assert_eq!(read(&mut buffer), Line::Overlong);
        assert!(buffer.len() <= 5);
        assert_eq!(read(&mut buffer), Line::Read);
        assert_eq!(buffer, b"xyz\n");
        assert_eq!(read(&mut buffer), Line::Read);
        assert_eq!(buffer, b"last");
        assert_eq!(read(&mut buffer), Line::End);
    }
}
