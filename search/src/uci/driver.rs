//! The UCI controller. A reader thread turns input lines into events; the
//! controller handles them in order and runs each search on its own
//! thread, so `isready`, `stop` and `quit` are answered while the engine
//! thinks.
//!
//! Rules:
//! - every `go` ends in exactly one `bestmove` (printed by the search
//!   thread; `bestmove 0000` only when the position has no legal move);
//!   after `go infinite` it waits for `stop` (or `quit`, or end of input);
//! - commands that need the engine (`go`, `setoption`, `ucinewgame`,
//!   `bench`, `perft`) wait in a queue while a search runs, as do all
//!   lines after them, so piped scripts run in order; a finite search is
//!   allowed to finish, an infinite one is stopped (it would never end);
//! - `stop` stops the running search unless a queued `go` is waiting (then
//!   it is meant for that one); `quit` stops everything and returns;
//!   `isready`, `position`, `d` and `eval` are answered at once when
//!   nothing is queued;
//! - bad input is answered with `info string error: …` and changes nothing;
//!   panics in game code are caught and reported the same way;
//! - end of input is `quit`, except that queued commands still run and a
//!   finite search still finishes and prints its result.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::game::Game;
use crate::game::PerftStyle;
use crate::info::{SearchInfo, SearchResult};
use crate::search::{Engine, DEFAULT_HASH_MB, SEARCH_STACK_BYTES};
use crate::time::Limits;

use super::command::{self, Command, Go};
use super::error::UciError;
use super::format::{bestmove_line, final_info_line, info_line};
use super::options;
use super::tools;

/// How often a finished `go infinite` checks for `stop`.
const INFINITE_WAIT_POLL: Duration = Duration::from_millis(1);

/// What the engine says about itself in answer to `uci`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciConfig {
    pub name: String,
    pub author: String,
}

impl UciConfig {
    /// `<game>-engine <version>` by the workbench team.
    pub fn for_game<G: Game>() -> Self {
        UciConfig {
            name: format!("{}-engine {}", G::NAME, env!("CARGO_PKG_VERSION")),
            author: "the engine workbench team".to_string(),
        }
    }
}

/// Line output shared by the controller and the search thread; each line
/// is written and flushed whole.
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

struct Running<G: Game> {
    id: u64,
    handle: JoinHandle<Engine<G>>,
    stop: Arc<AtomicBool>,
    infinite: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// What the controller waits for.
enum Event {
    Line(String),
    EndOfInput,
    /// The search with this id has printed its bestmove.
    SearchDone(u64),
}

struct Driver<G: Game, W> {
    config: UciConfig,
    out: Output<W>,
    pos: G,
    /// `None` while a search thread owns it.
    engine: Option<Engine<G>>,
    /// The engine's evaluation parameters, for `eval` during a search.
    eval_params: G::Params,
    running: Option<Running<G>>,
    /// Lines waiting for the running search to end.
    queue: VecDeque<String>,
    end_of_input: bool,
    events: Sender<Event>,
    searches_started: u64,
}

/// Commands that need the engine, so wait for a running search.
fn needs_engine(line: &str) -> bool {
    matches!(
        line.split_whitespace().next(),
        Some("go" | "setoption" | "ucinewgame" | "bench" | "perft")
    )
}

fn first_word(line: &str) -> Option<&str> {
    line.split_whitespace().next()
}

/// Runs the UCI protocol for game `G` until `quit` or end of input.
pub fn run<G: Game>(input: impl BufRead + Send + 'static, output: impl Write + Send + 'static) {
    run_with::<G>(UciConfig::for_game::<G>(), input, output);
}

/// [`run`] with a custom identity.
pub fn run_with<G: Game>(
    config: UciConfig,
    mut input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
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
    let reader_events = events.clone();
    // The reader is not joined: after `quit` it may be blocked reading a
    // terminal; it ends with the process (or at end of input).
    let reader = std::thread::Builder::new()
        .name("uci reader".to_string())
        .spawn(move || {
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                let event = match input.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => Event::EndOfInput,
                    Ok(_) => Event::Line(String::from_utf8_lossy(&buffer).into_owned()),
                };
                let done = matches!(event, Event::EndOfInput);
                if reader_events.send(event).is_err() || done {
                    return;
                }
            }
        });
    if let Err(e) = reader {
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
        events,
        searches_started: 0,
    };
    while let Ok(event) = inbox.recv() {
        let flow = match event {
            Event::Line(line) => driver.on_line(line),
            Event::EndOfInput => {
                driver.end_of_input = true;
                driver.stop_if_infinite();
                Flow::Continue
            }
            Event::SearchDone(id) => {
                driver.collect_search(id);
                driver.drain_queue()
            }
        };
        if flow == Flow::Quit {
            driver.queue.clear();
            driver.finish_search(true);
            return;
        }
        if driver.end_of_input && driver.running.is_none() && driver.queue.is_empty() {
            return;
        }
    }
}

/// Entry point for an engine binary: UCI on stdin/stdout, or, with
/// command-line arguments, runs them as one command and exits (for example
/// `chess-engine bench 10` or `leiserchess-engine perft 4`).
pub fn main<G: Game>() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = UciConfig::for_game::<G>();
    if args.is_empty() {
        let stdin = std::io::BufReader::new(std::io::stdin());
        run_with::<G>(config, stdin, std::io::stdout());
    } else {
        let line = args.join(" ") + "\n";
        run_with::<G>(
            config,
            std::io::Cursor::new(line.into_bytes()),
            std::io::stdout(),
        );
    }
    std::process::ExitCode::SUCCESS
}

impl<G: Game, W: Write + Send + 'static> Driver<G, W> {
    /// A new input line: handled now, or queued behind a running search.
    fn on_line(&mut self, line: String) -> Flow {
        let searching = self.running.is_some();
        if !searching && self.queue.is_empty() {
            return self.handle_line(&line);
        }
        match first_word(&line) {
            Some("quit") => return Flow::Quit,
            Some("stop") => {
                if self.queue.iter().any(|l| first_word(l) == Some("go")) {
                    self.queue.push_back(line);
                } else if let Some(running) = &self.running {
                    running.stop.store(true, Ordering::Relaxed);
                }
            }
            _ if needs_engine(&line) => {
                // An infinite search would never make way: stop it.
                self.stop_if_infinite();
                self.queue.push_back(line);
            }
            _ if self.queue.is_empty() => return self.handle_line(&line),
            _ => self.queue.push_back(line),
        }
        Flow::Continue
    }

    /// Handles queued lines until one has to wait for a new search.
    fn drain_queue(&mut self) -> Flow {
        while let Some(line) = self.queue.front() {
            if self.running.is_some() && needs_engine(line) {
                break;
            }
            let Some(line) = self.queue.pop_front() else {
                break;
            };
            if self.handle_line(&line) == Flow::Quit {
                return Flow::Quit;
            }
        }
        // A queued command waits for a search just started from the
        // queue: if that one is infinite it would wait forever.
        if self.queue.iter().any(|l| needs_engine(l)) {
            self.stop_if_infinite();
        }
        Flow::Continue
    }

    fn stop_if_infinite(&self) {
        if let Some(running) = &self.running {
            if running.infinite {
                running.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Takes the engine back from the search thread that reported done
    /// (a report about an older search, already collected, is ignored).
    fn collect_search(&mut self, id: u64) {
        if self.running.as_ref().is_some_and(|r| r.id == id) {
            self.finish_search(false);
        }
    }

    fn handle_line(&mut self, line: &str) -> Flow {
        match command::parse(line) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => self.handle_command(command, line),
            Err(e) => {
                self.out.error(&e);
                if line.split_whitespace().next() == Some("go") {
                    // A GUI waits for a bestmove after any `go`: give it a
                    // quick but searched move rather than nothing.
                    self.out
                        .line("info string error: searching depth 1 instead");
                    let fallback = Go {
                        depth: Some(1),
                        ..Go::default()
                    };
                    return self.handle_command(Command::Go(fallback), line);
                }
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
            Command::SetOption { name, value } => {
                let engine = self.engine()?;
                options::set_option(engine, &name, value.as_deref())?;
                self.eval_params = engine.eval_params().clone();
            }
            Command::Position { fen, moves } => self.set_position(fen.as_deref(), &moves)?,
            Command::Go(go) => match go.perft {
                Some(depth) => {
                    self.finish_search(true);
                    let out = self.out.clone();
                    tools::perft_divide(&self.pos, depth, &mut |l| out.line(&l));
                }
                None => self.start_search(&go)?,
            },
            Command::Stop => {
                if let Some(running) = &self.running {
                    running.stop.store(true, Ordering::Relaxed);
                }
            }
            Command::Quit => return Ok(Flow::Quit),
            Command::PonderHit => {}
            Command::Perft(depth) => {
                self.finish_search(true);
                let out = self.out.clone();
                let mut print = |l: String| out.line(&l);
                match G::PERFT_STYLE {
                    PerftStyle::Divide => tools::perft_divide(&self.pos, depth, &mut print),
                    PerftStyle::PerDepth => tools::perft_per_depth(&self.pos, depth, &mut print),
                };
            }
            Command::Display => {
                self.out.line(self.pos.display().trim_end());
                self.out.line(&format!("Fen: {}", self.pos.fen()));
                self.out.line(&format!("Key: {:016x}", self.pos.hash()));
            }
            Command::Eval => {
                self.out
                    .line(self.pos.eval_report(&self.eval_params).trim_end());
            }
            Command::Bench(depth) => {
                let out = self.out.clone();
                let engine = self.engine()?;
                tools::bench(engine, depth, &mut |l| out.line(&l))?;
            }
        }
        Ok(Flow::Continue)
    }

    /// The engine, stopping a running search to get it back.
    fn engine(&mut self) -> Result<&mut Engine<G>, UciError> {
        self.finish_search(true);
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

    /// Waits for the running search (stopping it first if `stop`).
    fn finish_search(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop {
                running.stop.store(true, Ordering::Relaxed);
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

    fn start_search(&mut self, go: &Go) -> Result<(), UciError> {
        let limits = go.limits(self.pos.side_to_move());
        let mut engine = match self.engine() {
            Ok(_) => self.engine.take(),
            Err(e) => return Err(e),
        }
        .ok_or_else(|| UciError::Internal("no engine".to_string()))?;
        let stop = Arc::new(AtomicBool::new(false));
        let pos = self.pos.clone();
        let out = self.out.clone();
        let thread_stop = Arc::clone(&stop);
        let infinite = limits.infinite;
        if infinite && self.end_of_input {
            // Nobody is left to send `stop`.
            stop.store(true, Ordering::Relaxed);
        }
        let events = self.events.clone();
        self.searches_started += 1;
        let id = self.searches_started;
        let spawned = std::thread::Builder::new()
            .name("search".to_string())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                search_thread(&mut engine, &pos, &limits, &thread_stop, &out);
                // The controller may have returned after `quit` already.
                let _ = events.send(Event::SearchDone(id));
                engine
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    id,
                    handle,
                    stop,
                    infinite,
                });
                Ok(())
            }
            Err(e) => {
                // Still exactly one bestmove: the first legal move.
                self.out
                    .line(&format!("info string error: cannot start search: {e}"));
                self.out.line(&bestmove_line(&fallback_result(&self.pos)));
                self.replace_lost_engine();
                Ok(())
            }
        }
    }
}

/// The body of a search thread: search, report, and print one bestmove.
fn search_thread<G: Game, W: Write>(
    engine: &mut Engine<G>,
    pos: &G,
    limits: &Limits,
    stop: &AtomicBool,
    out: &Output<W>,
) {
    let mut last_reported_nodes = None;
    let mut report = |info: &SearchInfo<G::Move>| {
        last_reported_nodes = Some(info.nodes);
        out.line(&info_line(info));
    };
    let searched = catch_unwind(AssertUnwindSafe(|| {
        engine.search(pos, limits, stop, &mut report)
    }));
    let result = match searched {
        Ok(result) => result,
        Err(_) => {
            out.line("info string error: the search failed; answering the first legal move");
            engine.new_game();
            fallback_result(pos)
        }
    };
    if limits.infinite {
        // UCI: after `go infinite` the bestmove waits for `stop`.
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(INFINITE_WAIT_POLL);
        }
    }
    if result.best_move.is_some() && last_reported_nodes != Some(result.nodes) {
        out.line(&final_info_line(&result, engine.hashfull()));
    }
    out.line(&bestmove_line(&result));
}

/// A result with the first legal move (or none), for failures.
fn fallback_result<G: Game>(pos: &G) -> SearchResult<G::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    SearchResult {
        best_move: moves.first().copied(),
        ponder: None,
        score: 0,
        depth: 0,
        seldepth: 0,
        nodes: 0,
        time: Duration::ZERO,
        pv: moves.first().copied().into_iter().collect(),
    }
}
