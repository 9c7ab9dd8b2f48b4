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
//! - what waits is bounded: past 10,000 lines or 8 MiB a line is refused
//!   with an error;
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
//! - `quit` stops the running search and every search still waiting (each
//!   still prints its `bestmove`), then returns; a count (`perft`, `go
//!   perft`, `bench`) piped before it finishes and prints, as Stockfish's
//!   do (`stop` ends it at once). End of input does the same;
//! - bad input is answered with `info string error: …` and changes nothing;
//!   a `go` with bad parts searches with the rest; panics in game code are
//!   caught and reported the same way;
//! - `setoption name UCI_Variant value <v>` (an engine of several rule
//!   sets, `variant.rs`) waits like any `setoption`, then ends this driver:
//!   the lines after it go to the driver of the chosen game.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use crate::game::PerftStyle;
use crate::game::UciGame;
use crate::info::{SearchInfo, SearchResult};
use crate::params::SearchParams;
use crate::search::{Engine, RootOptions, DEFAULT_HASH_MB, SEARCH_STACK_BYTES};
use crate::time::Limits;

use super::command::{Command, Go, PerftRequest};
use super::error::UciError;
use super::format::{bestmove_line, final_info_line, info_line};
use super::link::{Event, Link, Output, Session, Transport, MAX_LINE_BYTES};
use super::options::{self, EngineSettings};
use super::tools;
use super::variant::Exit;
use super::waiting::Queued;

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
    pub fn for_game<G: UciGame>() -> Self {
        UciConfig {
            name: format!("{}-engine {}", G::NAME, env!("CARGO_PKG_VERSION")),
            author: "the engine workbench team".to_string(),
        }
    }
}

/// A long command, run on the job thread with the engine.
enum Job<G: UciGame> {
    Search {
        limits: Limits,
        searchmoves: Vec<G::Move>,
    },
    Perft {
        request: PerftRequest,
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

struct Running<G: UciGame> {
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
    /// Hand the link to the driver of the variant with this index.
    Switch(usize),
}

/// The controller of one game: its position and engine, over the link.
struct Driver<G: UciGame> {
    io: Transport,
    session: Session,
    pos: G,
    /// `None` while a job owns it.
    engine: Option<Engine<G>>,
    /// The engine's evaluation parameters, for `eval` during a job.
    eval_params: G::Params,
    running: Option<Running<G>>,
}

/// Plays game `G` over the link from its start position, with the
/// options and weights the link carries, until `quit`, end of input or a
/// switch of variant; then hands the link back with what it carries.
pub(super) fn drive<G: UciGame>(mut link: Link) -> (Link, Exit) {
    let Some(engine) = new_engine::<G>(&mut link) else {
        return (link, Exit::Done);
    };
    let Link { io, session } = link;
    let mut driver = Driver {
        io,
        session,
        pos: G::startpos(),
        eval_params: engine.eval_params().clone(),
        engine: Some(engine),
        running: None,
    };
    let exit = driver.run();
    let Driver {
        io,
        mut session,
        engine,
        ..
    } = driver;
    if let (Exit::Switch(_), Some(engine)) = (&exit, &engine) {
        session.settings = Some(EngineSettings::of(engine));
        session.variants.keep_weights(engine.eval_params().clone());
    }
    // Its table is freed before the next engine makes one.
    drop(engine);
    (Link { io, session }, exit)
}

/// An engine with the options and weights the link carries (the defaults
/// at first), or `None` after saying why there is none.
fn new_engine<G: UciGame>(link: &mut Link) -> Option<Engine<G>> {
    let (out, session) = (&link.io.out, &mut link.session);
    let hash_mb = session.settings.map_or(DEFAULT_HASH_MB, |s| s.hash_mb());
    let made = Engine::<G>::new(hash_mb).or_else(|e| {
        if session.settings.is_some() {
            out.error(&UciError::Hash(e));
        }
        Engine::new(1)
    });
    let mut engine = match made {
        Ok(engine) => engine,
        Err(e) => {
            out.error(&UciError::Hash(e));
            return None;
        }
    };
    if let Some(settings) = session.settings {
        settings.apply_to(&mut engine);
    }
    if let Some(weights) = session.variants.take_weights() {
        *engine.eval_params_mut() = weights;
    }
    Some(engine)
}

impl<G: UciGame> Driver<G> {
    /// Handles events until `quit`, end of input with nothing left to do,
    /// or a switch of variant (after which nothing runs).
    fn run(&mut self) -> Exit {
        loop {
            match self.pump() {
                Flow::Continue => {}
                Flow::Quit => {
                    self.quit();
                    return Exit::Done;
                }
                Flow::Switch(to) => return Exit::Switch(to),
            }
            let waiting = &self.session.waiting;
            if waiting.end_of_input && self.running.is_none() && waiting.is_empty() {
                return Exit::Done;
            }
            // The transport holds a sender: this waits for the next event.
            let Ok(event) = self.io.inbox.recv() else {
                return Exit::Done;
            };
            match event {
                Event::Line(line) => self.receive(&line),
                Event::Overlong => self.io.out.error(&UciError::LineTooLong(MAX_LINE_BYTES)),
                Event::EndOfInput => self.receive_end_of_input(),
                Event::JobDone { id, last_line } => self.collect_job(id, last_line),
            }
        }
    }

    /// After `quit`: stops the running search (a count runs to its end)
    /// and prints the job's last line.
    fn quit(&mut self) {
        self.stop_running_job_if_ended();
        self.finish_job(false);
        // The stopped job's last line is waiting in the inbox.
        while let Ok(event) = self.io.inbox.try_recv() {
            if let Event::JobDone { id, last_line } = event {
                self.collect_job(id, last_line);
            }
        }
    }

    /// A new input line, parsed once: answered now (`isready`, `stop`,
    /// `ponderhit`) or put in line.
    fn receive(&mut self, line: &str) {
        let Some(queued) = Queued::parse(line) else {
            return;
        };
        let job_in_line = self.session.waiting.has_job();
        let waiting = &mut self.session.waiting;
        match &queued.command {
            Ok(Command::IsReady) => self.io.out.line("readyok"),
            Ok(Command::Stop) => {
                if job_in_line {
                    waiting.push_control(queued);
                }
                self.stop_running_job();
            }
            Ok(Command::PonderHit) if job_in_line => waiting.push_control(queued),
            Ok(Command::PonderHit) => self.ponderhit(),
            Ok(Command::Quit) => {
                waiting.quitting = true;
                waiting.push_control(queued);
                self.stop_running_job_if_ended();
            }
            _ => {
                if let Err(e) = waiting.push(queued) {
                    self.io.out.error(&e);
                }
            }
        }
    }

    fn receive_end_of_input(&mut self) {
        self.session.waiting.end_of_input = true;
        self.stop_running_job_if_ended();
    }

    /// Stops the running job if `quit` or end of input ends it
    /// (`Link::must_stop`).
    fn stop_running_job_if_ended(&self) {
        if let Some(running) = &self.running {
            if self
                .session
                .waiting
                .must_stop(running.is_search, running.waits_for_stop)
            {
                running.control.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Handles waiting commands in order until one has to wait for a job,
    /// or one quits or switches the variant.
    fn pump(&mut self) -> Flow {
        while let Some(queued) = self.session.waiting.next(self.running.is_some()) {
            match self.handle(queued) {
                Flow::Continue => {}
                flow => return flow,
            }
        }
        // A waiting command would wait forever for a job that only `stop`
        // ends.
        if self.session.waiting.needs_the_engine() {
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
            self.io.out.line(&line);
        }
        if self.running.as_ref().is_some_and(|r| r.id == id) {
            self.finish_job(false);
        }
    }

    fn handle(&mut self, queued: Queued) -> Flow {
        match queued.command {
            Ok(command) => self.handle_command(command, &queued.text),
            Err(e) => {
                self.io.out.error(&e);
                Flow::Continue
            }
        }
    }

    fn handle_command(&mut self, command: Command, line: &str) -> Flow {
        match catch_unwind(AssertUnwindSafe(|| self.execute(command))) {
            Ok(Ok(flow)) => flow,
            Ok(Err(e)) => {
                self.io.out.error(&e);
                Flow::Continue
            }
            Err(_) => {
                self.io.out.error(&UciError::Internal(line.to_string()));
                if self.engine.is_none() && self.running.is_none() {
                    self.replace_lost_engine();
                }
                Flow::Continue
            }
        }
    }

    fn execute(&mut self, command: Command) -> Result<Flow, UciError> {
        match command {
            Command::Uci => self.identify(),
            Command::IsReady => self.io.out.line("readyok"),
            Command::UciNewGame => self.engine()?.new_game(),
            Command::SetOption { name, value } if self.session.variants.is_choice(&name) => {
                return self.choose_variant(value.as_deref());
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::Position { fen, moves } => self.set_position(fen.as_deref(), &moves)?,
            Command::Go(go) => self.go(go)?,
            Command::Stop => self.stop_running_job(),
            Command::Quit => return Ok(Flow::Quit),
            Command::PonderHit => self.ponderhit(),
            Command::Perft(request) => self.start_job(Job::Perft {
                request,
                style: G::PERFT_STYLE,
            })?,
            Command::Display => {
                self.io.out.line(self.pos.display().trim_end());
                self.io.out.line(&format!("Fen: {}", self.pos.fen()));
                self.io.out.line(&format!("Key: {:016x}", self.pos.hash()));
            }
            Command::Eval => {
                self.io
                    .out
                    .line(self.pos.eval_report(&self.eval_params).trim_end());
            }
            Command::Tunables => {
                for line in SearchParams::spsa_file(&G::search_params()).lines() {
                    self.io.out.line(line);
                }
            }
            Command::Bench(depth) => self.start_job(Job::Bench(depth))?,
        }
        Ok(Flow::Continue)
    }

    /// `uci`: who the engine is and its options (the variants first, when
    /// there is a choice, then those of the variant playing).
    fn identify(&self) {
        let out = &self.io.out;
        out.line(&format!("id name {}", self.session.config.name));
        out.line(&format!("id author {}", self.session.config.author));
        let variants = self.session.variants.option_line();
        for line in variants.into_iter().chain(options::option_lines::<G>()) {
            out.line(&line);
        }
        out.line("uciok");
    }

    /// `setoption name UCI_Variant value <v>`: the same variant changes
    /// nothing; another ends this driver (no job is running: the line
    /// waited for it).
    fn choose_variant(&mut self, value: Option<&str>) -> Result<Flow, UciError> {
        match self.session.variants.choose(value)? {
            None => Ok(Flow::Continue),
            Some(to) => {
                self.engine()?;
                Ok(Flow::Switch(to))
            }
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), UciError> {
        self.engine()?;
        let engine = self
            .engine
            .as_mut()
            .ok_or_else(|| UciError::Internal("no engine".to_string()))?;
        options::set_option(engine, &mut self.pos, name, value)?;
        let threads = engine.threads();
        self.eval_params = engine.eval_params().clone();
        let asked: Option<usize> = value.and_then(|v| v.trim().parse().ok());
        if name.eq_ignore_ascii_case("Threads") && asked.is_some_and(|a| a > threads) {
            self.io.out.line(&format!(
                "info string Threads capped at {threads}: the most this machine runs at once"
            ));
        }
        Ok(())
    }

    /// `go`: reports the bad parts of the line, then counts (`go perft`) or
    /// searches with the rest.
    fn go(&mut self, mut go: Go) -> Result<(), UciError> {
        for problem in &go.problems {
            self.io.out.error(problem);
        }
        if let Some(request) = go.perft {
            return self.start_job(Job::Perft {
                request,
                style: PerftStyle::Divide,
            });
        }
        let side = self.pos.side_to_move();
        if !go.problems.is_empty() && !go.infinite && !go.ponder && go.waits_for_stop(side) {
            // The line meant to bound the search, but no bound survived: a
            // GUI is waiting for a move, so make it a quick one.
            self.io
                .out
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
                Err(e) => self.io.out.error(&UciError::IllegalMove {
                    mv: text.clone(),
                    reason: format!("{e} (left out of searchmoves)"),
                }),
            }
        }
        if moves.is_empty() && !texts.is_empty() {
            self.io
                .out
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
        self.io
            .out
            .line("info string error: the engine was lost and is reset to defaults");
        match Engine::<G>::new(DEFAULT_HASH_MB) {
            Ok(engine) => {
                self.eval_params = engine.eval_params().clone();
                self.engine = Some(engine);
            }
            Err(e) => self.io.out.error(&UciError::Hash(e)),
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

    /// `position`: the game keeps playing the start variant the option
    /// chose.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), UciError> {
        let mut pos = match fen {
            None => G::startpos(),
            Some(fen) => G::from_fen(fen).map_err(|e| UciError::BadFen {
                fen: fen.to_string(),
                reason: e.to_string(),
            })?,
        };
        pos.set_start_variant(self.pos.plays_start_variant());
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
        if self.session.waiting.must_stop(is_search, waits_for_stop) {
            control.stop.store(true, Ordering::Relaxed);
        }
        let control = Arc::new(control);
        let thread_control = Arc::clone(&control);
        let pos = self.pos.clone();
        let out = self.io.out.clone();
        let events = self.io.events.clone();
        self.session.jobs_started += 1;
        let id = self.session.jobs_started;
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
                self.io
                    .out
                    .line(&format!("info string error: cannot start a thread: {e}"));
                if is_search {
                    // Still exactly one bestmove: the first legal move.
                    self.io.out.line(&bestmove_line(&written(
                        &self.pos,
                        &fallback_result(&self.pos),
                    )));
                }
                self.replace_lost_engine();
            }
        }
        Ok(())
    }
}

/// The body of a job thread. Returns the job's last line, for the
/// controller to print.
fn run_job<G: UciGame>(
    engine: &mut Engine<G>,
    pos: &G,
    job: Job<G>,
    control: &Control,
    out: &Output,
) -> Option<String> {
    let mut lines = HoldLast { out, held: None };
    match job {
        Job::Search {
            limits,
            searchmoves,
        } => search_and_answer(engine, pos, &limits, &searchmoves, control, &mut lines),
        Job::Perft { request, style } => {
            let PerftRequest { depth, count } = request;
            let mut print = |l: String| lines.line(l);
            let counted = catch_unwind(AssertUnwindSafe(|| {
                let perft = match style {
                    PerftStyle::Divide => tools::perft_divide,
                    PerftStyle::PerDepth => tools::perft_per_depth,
                };
                perft(pos, count, depth, &control.stop, &mut print)
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
struct HoldLast<'a> {
    out: &'a Output,
    held: Option<String>,
}

impl HoldLast<'_> {
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
fn search_and_answer<G: UciGame>(
    engine: &mut Engine<G>,
    pos: &G,
    limits: &Limits,
    searchmoves: &[G::Move],
    control: &Control,
    lines: &mut HoldLast<'_>,
) {
    let out = lines.out;
    let mut last_reported_nodes = None;
    // Progress is printed at once (a GUI shows it as it comes).
    let mut report = |info: &SearchInfo<G::Move>| {
        last_reported_nodes = Some(info.nodes);
        out.line(&info_line(&info.map_moves(|m| pos.move_text(m))));
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
        lines.line(final_info_line(&written(pos, &result), engine.hashfull()));
    }
    lines.line(bestmove_line(&written(pos, &result)));
}

/// `result` with its moves written as the game `pos` writes them.
fn written<G: UciGame>(pos: &G, result: &SearchResult<G::Move>) -> SearchResult<String> {
    result.map_moves(|m| pos.move_text(m))
}

/// A result with the first legal move (or none), for failures.
fn fallback_result<G: UciGame>(pos: &G) -> SearchResult<G::Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    SearchResult {
        best_move: moves.first().copied(),
        pv: moves.first().copied().into_iter().collect(),
        ..SearchResult::empty()
    }
}
