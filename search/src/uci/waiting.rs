//! What waits for the controller's attention: input lines parsed once
//! into commands, in arrival order and bounded, and how input ended
//! (`quit`, end of input). It belongs to the conversation, not to one
//! game's driver: lines waiting when `UCI_Variant` changes the driver go
//! to the next one.

use std::collections::VecDeque;

use super::command::{self, Command};
use super::error::UciError;
use super::link::MAX_LINE_BYTES;

/// The most input lines that wait for a job: far more than a GUI or a
/// script sends ahead.
const MAX_QUEUED_LINES: usize = 10_000;
/// The most bytes of input lines that wait for a job (two of the longest
/// lines accepted).
const MAX_QUEUED_BYTES: usize = 2 * MAX_LINE_BYTES;
/// How much of a line is kept to name it in an error report.
const TEXT_KEPT: usize = 200;

/// One input line, parsed: a command, or why it is not one (reported when
/// its turn comes, so that errors keep their place among the answers).
pub(super) struct Queued {
    pub(super) command: Result<Command, UciError>,
    /// The start of the line, to name it if handling it panics.
    pub(super) text: String,
    /// The line's length, which the bound counts.
    bytes: usize,
}

impl Queued {
    /// The line parsed; `None` for a blank line, which waits for nothing.
    pub(super) fn parse(line: &str) -> Option<Queued> {
        let command = command::parse(line).transpose()?;
        let trimmed = line.trim();
        let mut end = trimmed.len().min(TEXT_KEPT);
        while !trimmed.is_char_boundary(end) {
            end -= 1;
        }
        Some(Queued {
            command,
            text: trimmed[..end].to_string(),
            bytes: line.len(),
        })
    }

    fn waits_for_job(&self) -> bool {
        self.command.as_ref().is_ok_and(Command::waits_for_job)
    }

    fn starts_job(&self) -> bool {
        self.command.as_ref().is_ok_and(Command::starts_job)
    }
}

/// What end of input means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EndOfInput {
    /// The GUI has gone: stop searches (as `quit` does).
    StopsSearches,
    /// The command line was the whole script: let it finish.
    LetsJobsFinish,
}

/// The commands waiting their turn, and how input ended.
pub(super) struct Waiting {
    queue: VecDeque<Queued>,
    bytes: usize,
    pub(super) end_of_input: bool,
    eof_policy: EndOfInput,
    /// `quit` has arrived: searches still to run start stopped.
    pub(super) quitting: bool,
}

impl Waiting {
    pub(super) fn new(eof_policy: EndOfInput) -> Self {
        Waiting {
            queue: VecDeque::new(),
            bytes: 0,
            end_of_input: false,
            eof_policy,
            quitting: false,
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// Whether a waiting command will start a job.
    pub(super) fn has_job(&self) -> bool {
        self.queue.iter().any(Queued::starts_job)
    }

    /// Whether a waiting command needs the running job to end.
    pub(super) fn needs_the_engine(&self) -> bool {
        self.queue.iter().any(Queued::waits_for_job)
    }

    /// Puts a command in line, within a bound: beyond [`MAX_QUEUED_LINES`]
    /// lines or [`MAX_QUEUED_BYTES`] it is refused, so a flood of input
    /// during a long search holds little memory. (Every command is kept up
    /// to there: even a `position` followed by another matters, as the
    /// next one may be refused.)
    pub(super) fn push(&mut self, queued: Queued) -> Result<(), UciError> {
        if self.queue.len() >= MAX_QUEUED_LINES || self.bytes + queued.bytes > MAX_QUEUED_BYTES {
            return Err(UciError::QueueFull(self.queue.len(), self.bytes));
        }
        self.push_control(queued);
        Ok(())
    }

    /// Puts a control command (`stop`, `ponderhit`, `quit`) in line, past
    /// the bound: refusing one would leave a search running or the engine
    /// deaf to `quit`.
    pub(super) fn push_control(&mut self, queued: Queued) {
        self.bytes += queued.bytes;
        self.queue.push_back(queued);
    }

    /// The next command whose turn has come: none while the first one
    /// waiting needs the engine and a job runs.
    pub(super) fn next(&mut self, job_running: bool) -> Option<Queued> {
        let front = self.queue.front()?;
        if job_running && front.waits_for_job() {
            return None;
        }
        let queued = self.queue.pop_front()?;
        self.bytes -= queued.bytes;
        Some(queued)
    }

    /// Whether a job must stop (at once, or as soon as it starts): after
    /// `quit` or end of input, what only `stop` would end and searches
    /// (after end of input, unless the command line was the script). A
    /// count (`perft`, `go perft`, `bench`) piped before `quit` finishes
    /// and prints, as Stockfish's do; `stop` still ends it at once.
    pub(super) fn must_stop(&self, is_search: bool, waits_for_stop: bool) -> bool {
        let ended = self.quitting || self.end_of_input;
        let ends_searches =
            self.quitting || (self.end_of_input && self.eof_policy == EndOfInput::StopsSearches);
        (ended && waits_for_stop) || (is_search && ends_searches)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn queued(line: &str) -> Queued {
        Queued::parse(line).expect("not blank")
    }

    #[test]
    fn commands_that_need_the_engine_wait_for_a_running_job() {
        let mut waiting = Waiting::new(EndOfInput::StopsSearches);
        assert!(Queued::parse("   ").is_none());
        for line in ["position startpos", "isready", "go depth 3"] {
            waiting.push(queued(line)).expect("room");
        }
        assert!(waiting.has_job() && waiting.needs_the_engine());
        assert!(waiting.next(true).is_none(), "position waits for the job");
        let first = waiting.next(false).expect("its turn");
        assert!(matches!(first.command, Ok(Command::Position { .. })));
        assert!(matches!(
            waiting.next(true).map(|q| q.command),
            Some(Ok(Command::IsReady))
        ));
        assert!(waiting.next(true).is_none());
        assert!(waiting.next(false).is_some());
        assert!(waiting.is_empty() && waiting.bytes == 0);
    }

    #[test]
    fn a_bad_line_keeps_its_place_and_its_text() {
        let mut waiting = Waiting::new(EndOfInput::StopsSearches);
        waiting.push(queued("frobnicate now")).expect("room");
        let bad = waiting.next(true).expect("an error waits for no job");
        assert!(matches!(bad.command, Err(UciError::UnknownCommand(_))));
        assert_eq!(bad.text, "frobnicate now");
        let long = "position startpos moves ".to_string() + &"e2e4 ".repeat(100);
        assert_eq!(queued(&long).text.len(), TEXT_KEPT);
    }

    #[test]
    fn the_bound_refuses_lines_but_not_control_commands() {
        let mut waiting = Waiting::new(EndOfInput::StopsSearches);
        for _ in 0..MAX_QUEUED_LINES {
            waiting.push(queued("ucinewgame")).expect("room");
        }
        assert!(matches!(
            waiting.push(queued("ucinewgame")),
            Err(UciError::QueueFull(MAX_QUEUED_LINES, _))
        ));
        waiting.push_control(queued("quit"));
        assert_eq!(waiting.queue.len(), MAX_QUEUED_LINES + 1);
    }
}
