//! The UCI controller. A reader thread turns input lines into events; the
//! controller handles them in order and runs every long command (a search,
//! `perft`, `go perft`, `bench`) as a job on its own thread, so `isready`,
//! `stop` and `quit` are answered while the job runs.
//!
//! Rules:
//! - lines are handled in the order they arrive. Those that need the engine
//!   or change what a job would see (`go`, `position`, `setoption`,
//!   `ucinewgame`, `bench`, `perft`) wait while a job runs, and every line
//!   after them waits too, so piped scripts run in order. A job that only
//!   `stop` can end (`go infinite`, `go ponder`, a `go` without limits) is
//!   stopped when such a line waits for it;
//! - `isready` is answered at once, whatever is running or waiting. A
//!   job's last line (its `bestmove`, or a count's total) is printed by the
//!   controller as it takes the job back, so what a GUI sends after reading
//!   it never has to wait for that job;
//! - `stop` stops the running job at once and, when a job is waiting in
//!   line, that one too once it starts (a script's `stop` ends everything
//!   before it, and nothing waits forever); `ponderhit` starts the clock of
//!   the pondering search, or of the one waiting in line;
//! - every `go` ends in exactly one `bestmove` (printed by the job; after
//!   an info line with the score and `bestmove 0000` when the position has
//!   no legal move). After `go infinite` or `go ponder` it waits for `stop`
//!   (or `ponderhit`, or `quit`, or end of input);
//! - `quit` stops the running job and every job still waiting (each
//!   search still prints its `bestmove`), then returns. End of input does
//!   the same to searches, but lets `perft` and `bench` finish: a count cut
//!   short answers nothing;
//! - bad input is answered with `info string error: …` and changes nothing;
//!   a `go` with bad parts searches with the rest; panics in game code are
//!   caught and reported the same way.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::game::Frontend;
use crate::game::PerftStyle;
use crate::info::{SearchInfo, SearchResult};
use crate::search::{Engine, RootOptions, DEFAULT_HASH_MB, SEARCH_STACK_BYTES};
use crate::time::Limits;

use super::command::{self, Command, Go};
use super::error::UciError;
use super::format::{bestmove_line, final_info_line, info_line};
use super::options;
use super::tools;

/// Input lines longer than this are dropped with an error: no command
/// needs a thousandth of it, and the reader must not hold unbounded input.
const MAX_LINE_BYTES: usize = 4 << 20;

/// How often a finished search that must wait (`go infinite`, `go ponder`)
/// checks for `stop` or `ponderhit`.
const WAIT_POLL: Duration = Duration::from_millis(1);

/// What the engine says about itself in answer to `uci`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciConfig {
    pub name: String,
    pub author: String,
}

impl UciConfig {
    /// `<game>-engine <version>` by the workbench team.
    pub fn for_game<G: Frontend>() -> Self {
        UciConfig {
            name: format!("{}-engine {}", G::NAME, env!("CARGO_PKG_VERSION")),
            author: "the engine workbench team".to_string(),
        }
    }
}

/// Line output shared by the controller and the job thread; each line is
/// written and flushed whole.
struct Output<W> {
    inner: Arc<Mutex<W>>,
}

impl<W> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output {
            inner: Arc::clone(&self.inner),
        }
    }
}

impl<W: Write> Output<W> {
    fn line(&self, text: &str) {
        // A poisoned lock only means another thread panicked mid-write;
        // the writer itself is still usable.
        let mut w = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        // Nothing useful can be done if the GUI has gone away.
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }

    fn error(&self, error: &UciError) {
        self.line(&format!("info string error: {error}"));
    }
}

/// A long command, run on the job thread with the engine.
enum Job<G: Frontend> {
    Search {
        limits: Limits,
        searchmoves: Vec<G::Move>,
    },
    Perft {
        depth: u32,
        style: PerftStyle,
    },
    Bench(Option<u32>),
}

/// The flags the controller sets for a running job.
#[derive(Default)]
struct Control {
    stop: AtomicBool,
    /// Set from `go ponder` until `ponderhit`.
    pondering: AtomicBool,
}

struct Running<G: Frontend> {
    id: u64,
    handle: JoinHandle<Engine<G>>,
    control: Arc<Control>,
    /// A search (not a count): end of input stops it.
    is_search: bool,
    /// Only `stop` ends it.
    waits_for_stop: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// What the controller waits for.
enum Event {
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

/// What end of input means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EndOfInput {
    /// The GUI has gone: stop searches (as `quit` does).
    StopsSearches,
    /// The command line was the whole script: let it finish.
    LetsJobsFinish,
}

struct Driver<G: Frontend, W> {
    config: UciConfig,
    out: Output<W>,
    pos: G,
    /// `None` while a job owns it.
    engine: Option<Engine<G>>,
    /// The engine's evaluation parameters, for `eval` during a job.
    eval_params: G::Params,
    running: Option<Running<G>>,
    /// Lines waiting their turn.
    queue: VecDeque<String>,
    end_of_input: bool,
    eof_policy: EndOfInput,
    /// `quit` has arrived: jobs still to run start stopped.
    quitting: bool,
    events: Sender<Event>,
    jobs_started: u64,
}

fn first_word(line: &str) -> Option<&str> {
    line.split_whitespace().next()
}

/// Lines that must wait while a job runs.
fn waits_for_job(line: &str) -> bool {
    matches!(
        first_word(line),
        Some("go" | "position" | "setoption" | "ucinewgame" | "bench" | "perft")
    )
}

/// Lines that start a job.
fn starts_job(line: &str) -> bool {
    matches!(first_word(line), Some("go" | "bench" | "perft"))
}

/// Runs the UCI protocol for game `G` until `quit` or end of input.
pub fn run<G: Frontend>(input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) {
    run_with::<G>(UciConfig::for_game::<G>(), input, output);
}

/// [`run`] with a custom identity.
pub fn run_with<G: Frontend>(
    config: UciConfig,
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) {
    run_driver::<G>(config, input, output, EndOfInput::StopsSearches);
}

fn run_driver<G: Frontend>(
    config: UciConfig,
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
    eof_policy: EndOfInput,
) {
    let out = Output {
        inner: Arc::new(Mutex::new(output)),
    };
    let engine = match Engine::<G>::new(DEFAULT_HASH_MB).or_else(|_| Engine::new(1)) {
        Ok(engine) => engine,
        Err(e) => {
            out.error(&UciError::Hash(e));
            return;
        }
    };
    let (events, inbox) = channel();
    if let Err(e) = spawn_reader(input, events.clone()) {
        out.line(&format!("info string error: cannot read input: {e}"));
        return;
    }
    let mut driver = Driver {
        config,
        out,
        pos: G::startpos(),
        eval_params: engine.eval_params().clone(),
        engine: Some(engine),
        running: None,
        queue: VecDeque::new(),
        end_of_input: false,
        eof_policy,
        quitting: false,
        events,
        jobs_started: 0,
    };
    while let Ok(event) = inbox.recv() {
        match event {
            Event::Line(line) => driver.receive(line),
            Event::Overlong => driver.out.error(&UciError::LineTooLong(MAX_LINE_BYTES)),
            Event::EndOfInput => driver.receive_end_of_input(),
            Event::JobDone { id, last_line } => driver.collect_job(id, last_line),
        }
        if driver.pump() == Flow::Quit {
            driver.finish_job(true);
            // The stopped job's last line is waiting in the inbox.
            for event in inbox.try_iter() {
                if let Event::JobDone { id, last_line } = event {
                    driver.collect_job(id, last_line);
                }
            }
            return;
        }
        if driver.end_of_input && driver.running.is_none() && driver.queue.is_empty() {
            return;
        }
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

/// Entry point for an engine binary: UCI on stdin/stdout, or, with
/// command-line arguments, runs them as one command to its end and exits
/// (for example `chess-engine bench 10` or `leiserchess-engine perft 4`).
pub fn main<G: Frontend>() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = UciConfig::for_game::<G>();
    if args.is_empty() {
        let stdin = std::io::BufReader::new(std::io::stdin());
        run_with::<G>(config, stdin, std::io::stdout());
    } else {
        let line = args.join(" ") + "\n";
        run_driver::<G>(
            config,
            std::io::Cursor::new(line.into_bytes()),
            std::io::stdout(),
            EndOfInput::LetsJobsFinish,
        );
    }
    std::process::ExitCode::SUCCESS
}

impl<G: Frontend, W: Write + Send + 'static> Driver<G, W> {
    /// A new input line: answered now (`isready`, `stop`, `ponderhit`) or
    /// put in line.
    fn receive(&mut self, line: String) {
        let job_in_line = self.queue.iter().any(|l| starts_job(l));
        match first_word(&line) {
            Some("isready") => {
                self.handle_line(&line);
            }
            Some("stop") => {
                self.stop_running_job();
                if job_in_line {
                    self.queue.push_back(line);
                }
            }
            Some("ponderhit") if job_in_line => self.queue.push_back(line),
            Some("ponderhit") => self.ponderhit(),
            Some("quit") => {
                self.quitting = true;
                self.stop_running_job();
                self.queue.push_back(line);
            }
            _ => self.queue.push_back(line),
        }
    }

    fn receive_end_of_input(&mut self) {
        self.end_of_input = true;
        if let Some(running) = &self.running {
            if self.must_stop(running.is_search, running.waits_for_stop) {
                running.control.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Whether a job must stop (at once, or as soon as it starts):
    /// everything after `quit`; after end of input, what only `stop` would
    /// end and, unless the command line was the script, searches.
    fn must_stop(&self, is_search: bool, waits_for_stop: bool) -> bool {
        self.quitting
            || (self.end_of_input
                && (waits_for_stop || (is_search && self.eof_policy == EndOfInput::StopsSearches)))
    }

    /// Handles waiting lines in order until one has to wait for a job.
    fn pump(&mut self) -> Flow {
        while let Some(line) = self.queue.front() {
            if self.running.is_some() && waits_for_job(line) {
                break;
            }
            let Some(line) = self.queue.pop_front() else {
                break;
            };
            if self.handle_line(&line) == Flow::Quit {
                return Flow::Quit;
            }
        }
        // A waiting line would wait forever for a job that only `stop`
        // ends.
        if self.queue.iter().any(|l| waits_for_job(l)) {
            if let Some(running) = self.running.as_ref().filter(|r| r.waits_for_stop) {
                running.control.stop.store(true, Ordering::Relaxed);
            }
        }
        Flow::Continue
    }

    fn stop_running_job(&self) {
        if let Some(running) = &self.running {
            running.control.stop.store(true, Ordering::Relaxed);
        }
    }

    fn ponderhit(&self) {
        if let Some(running) = &self.running {
            running.control.pondering.store(false, Ordering::Relaxed);
        }
    }

    /// Prints a finished job's last line and takes the engine back from it
    /// (unless it was taken already).
    fn collect_job(&mut self, id: u64, last_line: Option<String>) {
        if let Some(line) = last_line {
            self.out.line(&line);
        }
        if self.running.as_ref().is_some_and(|r| r.id == id) {
            self.finish_job(false);
        }
    }

    fn handle_line(&mut self, line: &str) -> Flow {
        match command::parse(line) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => self.handle_command(command, line),
            Err(e) => {
                self.out.error(&e);
                Flow::Continue
            }
        }
    }

    fn handle_command(&mut self, command: Command, line: &str) -> Flow {
        match catch_unwind(AssertUnwindSafe(|| self.execute(command))) {
            Ok(Ok(flow)) => flow,
            Ok(Err(e)) => {
                self.out.error(&e);
                Flow::Continue
            }
            Err(_) => {
                self.out.error(&UciError::Internal(line.trim().to_string()));
                if self.engine.is_none() && self.running.is_none() {
                    self.replace_lost_engine();
                }
                Flow::Continue
            }
        }
    }

    fn execute(&mut self, command: Command) -> Result<Flow, UciError> {
        match command {
            Command::Uci => {
                self.out.line(&format!("id name {}", self.config.name));
                self.out.line(&format!("id author {}", self.config.author));
                for line in options::option_lines::<G>() {
                    self.out.line(&line);
                }
                self.out.line("uciok");
            }
            Command::IsReady => self.out.line("readyok"),
            Command::UciNewGame => self.engine()?.new_game(),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::Position { fen, moves } => self.set_position(fen.as_deref(), &moves)?,
            Command::Go(go) => self.go(go)?,
            Command::Stop => self.stop_running_job(),
            Command::Quit => return Ok(Flow::Quit),
            Command::PonderHit => self.ponderhit(),
            Command::Perft(depth) => self.start_job(Job::Perft {
                depth,
                style: G::PERFT_STYLE,
            })?,
            Command::Display => {
                self.out.line(self.pos.display().trim_end());
                self.out.line(&format!("Fen: {}", self.pos.fen()));
                self.out.line(&format!("Key: {:016x}", self.pos.hash()));
            }
            Command::Eval => {
                self.out
                    .line(self.pos.eval_report(&self.eval_params).trim_end());
            }
            Command::Bench(depth) => self.start_job(Job::Bench(depth))?,
        }
        Ok(Flow::Continue)
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), UciError> {
        let engine = self.engine()?;
        options::set_option(engine, name, value)?;
        let threads = engine.threads();
        self.eval_params = engine.eval_params().clone();
        let asked: Option<usize> = value.and_then(|v| v.trim().parse().ok());
        if name.eq_ignore_ascii_case("Threads") && asked.is_some_and(|a| a > threads) {
            self.out.line(&format!(
                "info string Threads capped at {threads}: the most this machine runs at once"
            ));
        }
        Ok(())
    }

    /// `go`: reports the bad parts of the line, then counts (`go perft`) or
    /// searches with the rest.
    fn go(&mut self, mut go: Go) -> Result<(), UciError> {
        for problem in &go.problems {
            self.out.error(problem);
        }
        if let Some(depth) = go.perft {
            return self.start_job(Job::Perft {
                depth,
                style: PerftStyle::Divide,
            });
        }
        let side = self.pos.side_to_move();
        if !go.problems.is_empty() && !go.infinite && !go.ponder && go.waits_for_stop(side) {
            // The line meant to bound the search, but no bound survived: a
            // GUI is waiting for a move, so make it a quick one.
            self.out
                .line("info string error: no valid limit left; searching depth 1");
            go.depth = Some(1);
        }
        let searchmoves = self.root_moves(&go.searchmoves);
        self.start_search(&go, searchmoves)
    }

    /// The legal moves among `texts` (each illegal one reported).
    fn root_moves(&self, texts: &[String]) -> Vec<G::Move> {
        let mut moves = Vec::new();
        for text in texts {
            match self.pos.parse_move(text) {
                Ok(mv) => moves.push(mv),
                Err(e) => self.out.error(&UciError::IllegalMove {
                    mv: text.clone(),
                    reason: format!("{e} (left out of searchmoves)"),
                }),
            }
        }
        if moves.is_empty() && !texts.is_empty() {
            self.out
                .line("info string error: no legal move in searchmoves; searching every move");
        }
        moves
    }

    /// The engine (every job has finished when this is called), or a new
    /// one if a job lost it.
    fn engine(&mut self) -> Result<&mut Engine<G>, UciError> {
        self.finish_job(true);
        if self.engine.is_none() {
            self.replace_lost_engine();
        }
        self.engine
            .as_mut()
            .ok_or_else(|| UciError::Internal("no engine".to_string()))
    }

    fn replace_lost_engine(&mut self) {
        self.out
            .line("info string error: the engine was lost and is reset to defaults");
        match Engine::<G>::new(DEFAULT_HASH_MB) {
            Ok(engine) => {
                self.eval_params = engine.eval_params().clone();
                self.engine = Some(engine);
            }
            Err(e) => self.out.error(&UciError::Hash(e)),
        }
    }

    /// Waits for the running job (stopping it first if `stop`).
    fn finish_job(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop {
                running.control.stop.store(true, Ordering::Relaxed);
            }
            match running.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => self.replace_lost_engine(),
            }
        }
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), UciError> {
        let mut pos = match fen {
            None => G::startpos(),
            Some(fen) => G::from_fen(fen).map_err(|e| UciError::BadFen {
                fen: fen.to_string(),
                reason: e.to_string(),
            })?,
        };
        for text in moves {
            let mv = pos.parse_move(text).map_err(|e| UciError::IllegalMove {
                mv: text.clone(),
                reason: e.to_string(),
            })?;
            pos.make(mv);
        }
        self.pos = pos;
        Ok(())
    }

    fn start_search(&mut self, go: &Go, searchmoves: Vec<G::Move>) -> Result<(), UciError> {
        let side = self.pos.side_to_move();
        let control = Control::default();
        control.pondering.store(go.ponder, Ordering::Relaxed);
        let job = Job::Search {
            limits: go.limits(side),
            searchmoves,
        };
        self.spawn_job(job, control, go.waits_for_stop(side))
    }

    fn start_job(&mut self, job: Job<G>) -> Result<(), UciError> {
        self.spawn_job(job, Control::default(), false)
    }

    fn spawn_job(
        &mut self,
        job: Job<G>,
        control: Control,
        waits_for_stop: bool,
    ) -> Result<(), UciError> {
        let is_search = matches!(job, Job::Search { .. });
        self.engine()?;
        let mut engine = self
            .engine
            .take()
            .ok_or_else(|| UciError::Internal("no engine".to_string()))?;
        if self.must_stop(is_search, waits_for_stop) {
            control.stop.store(true, Ordering::Relaxed);
        }
        let control = Arc::new(control);
        let thread_control = Arc::clone(&control);
        let pos = self.pos.clone();
        let out = self.out.clone();
        let events = self.events.clone();
        self.jobs_started += 1;
        let id = self.jobs_started;
        let spawned = std::thread::Builder::new()
            .name("search".to_string())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let last_line = run_job(&mut engine, &pos, job, &thread_control, &out);
                // The controller may have returned after `quit` already.
                let _ = events.send(Event::JobDone { id, last_line });
                engine
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    id,
                    handle,
                    control,
                    is_search,
                    waits_for_stop,
                });
            }
            Err(e) => {
                self.out
                    .line(&format!("info string error: cannot start a thread: {e}"));
                if is_search {
                    // Still exactly one bestmove: the first legal move.
                    self.out.line(&bestmove_line(&fallback_result(&self.pos)));
                }
                self.replace_lost_engine();
            }
        }
        Ok(())
    }
}

/// The body of a job thread. Returns the job's last line, for the
/// controller to print.
fn run_job<G: Frontend, W: Write>(
    engine: &mut Engine<G>,
    pos: &G,
    job: Job<G>,
    control: &Control,
    out: &Output<W>,
) -> Option<String> {
    let mut lines = HoldLast { out, held: None };
    match job {
        Job::Search {
            limits,
            searchmoves,
        } => search_and_answer(engine, pos, &limits, &searchmoves, control, &mut lines),
        Job::Perft { depth, style } => {
            let mut print = |l: String| lines.line(l);
            let counted = catch_unwind(AssertUnwindSafe(|| match style {
                PerftStyle::Divide => tools::perft_divide(pos, depth, &control.stop, &mut print),
                PerftStyle::PerDepth => {
                    tools::perft_per_depth(pos, depth, &control.stop, &mut print)
                }
            }));
            match counted {
                Ok(Some(_)) => {}
                Ok(None) => lines.line("info string perft stopped".to_string()),
                Err(_) => lines.error(&UciError::Internal(format!("perft {depth}"))),
            }
        }
        Job::Bench(depth) => {
            let mut print = |l: String| lines.line(l);
            let benched = catch_unwind(AssertUnwindSafe(|| {
                tools::bench(engine, depth, &control.stop, &mut print)
            }));
            match benched {
                Ok(Ok(Some(_))) => {}
                Ok(Ok(None)) => lines.line("info string bench stopped".to_string()),
                Ok(Err(e)) => lines.error(&e),
                Err(_) => lines.error(&UciError::Internal("bench".to_string())),
            }
        }
    }
    lines.held
}

/// A job's output: each line is printed when the next one comes, and the
/// last is held back for the controller.
struct HoldLast<'a, W> {
    out: &'a Output<W>,
    held: Option<String>,
}

impl<W: Write> HoldLast<'_, W> {
    fn line(&mut self, line: String) {
        if let Some(previous) = self.held.replace(line) {
            self.out.line(&previous);
        }
    }

    fn error(&mut self, error: &UciError) {
        self.line(format!("info string error: {error}"));
    }
}

/// Searches, reports, and leaves one bestmove as the last line.
fn search_and_answer<G: Frontend, W: Write>(
    engine: &mut Engine<G>,
    pos: &G,
    limits: &Limits,
    searchmoves: &[G::Move],
    control: &Control,
    lines: &mut HoldLast<'_, W>,
) {
    let out = lines.out;
    let mut last_reported_nodes = None;
    // Progress is printed at once (a GUI shows it as it comes).
    let mut report = |info: &SearchInfo<G::Move>| {
        last_reported_nodes = Some(info.nodes);
        out.line(&info_line(info));
    };
    let options = RootOptions {
        searchmoves,
        pondering: Some(&control.pondering),
    };
    let searched = catch_unwind(AssertUnwindSafe(|| {
        engine.search_with(pos, limits, options, &control.stop, &mut report)
    }));
    let result = match searched {
        Ok(result) => result,
        Err(_) => {
            out.line("info string error: the search failed; answering the first legal move");
            engine.new_game();
            fallback_result(pos)
        }
    };
    // UCI: after `go infinite` the bestmove waits for `stop`, and after
    // `go ponder` for `ponderhit` or `stop`.
    while !control.stop.load(Ordering::Relaxed)
        && (limits.infinite || control.pondering.load(Ordering::Relaxed))
    {
        std::thread::sleep(WAIT_POLL);
    }
    if result.best_move.is_none() {
        // Mated or stalemated: say so before `bestmove 0000`.
        lines.line(format!("info depth 0 score {}", result.score_report()));
    } else if last_reported_nodes != Some(result.nodes) {
        lines.line(final_info_line(&result, engine.hashfull()));
    }
    lines.line(bestmove_line(&result));
}

/// A result with the first legal move (or none), for failures.
fn fallback_result<G: Frontend>(pos: &G) -> SearchResult<G::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    SearchResult {
        best_move: moves.first().copied(),
        pv: moves.first().copied().into_iter().collect(),
        ..SearchResult::empty()
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
