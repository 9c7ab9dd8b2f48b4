//! An external UCI engine (given with `--engine` on the command line, never
//! by a request), driven line by line: a reader thread forwards its output
//! so the search loop can poll the stop flag while waiting.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use search::Side;

use super::{pv_records, EngineError, Progress, ScoreView, SearchRequest, Searcher};
use crate::games::GuiGame;

/// How long the engine may take to answer `uci` and `isready`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How often the search loop looks at the stop flag.
const POLL: Duration = Duration::from_millis(10);
/// Extra time an engine gets past its limit before it is given up on.
const GRACE: Duration = Duration::from_secs(5);

pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
}

impl UciEngine {
    /// Starts the program and completes the UCI handshake.
    pub fn spawn(path: &Path) -> Result<UciEngine, EngineError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Start(format!("{}: {e}", path.display())))?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(EngineError::Start("no pipes to the engine".into())),
        };
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("uci-reader".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| EngineError::Start(e.to_string()))?;
        let mut engine = UciEngine {
            child,
            stdin,
            lines,
            name: path.display().to_string(),
        };
        engine.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = engine.next_line(deadline)?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        engine.send("isready")?;
        while engine.next_line(deadline)?.trim() != "readyok" {}
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| EngineError::Protocol(e.to_string()))
    }

    fn next_line(&self, deadline: Instant) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(wait).map_err(|e| match e {
            RecvTimeoutError::Timeout => EngineError::Protocol("timed out".into()),
            RecvTimeoutError::Disconnected => EngineError::Protocol("engine exited".into()),
        })
    }
}

/// The `go` command for the limits: depth, move time and the side's clock.
fn go_command(limits: &search::Limits, side: Side) -> String {
    let mut go = String::from("go");
    if let Some(depth) = limits.depth {
        go.push_str(&format!(" depth {depth}"));
    }
    if let Some(t) = limits.movetime {
        go.push_str(&format!(" movetime {}", t.as_millis()));
    }
    if let Some(clock) = limits.clock {
        let (time, inc) = match side {
            Side::White => ("wtime", "winc"),
            Side::Black => ("btime", "binc"),
        };
        go.push_str(&format!(
            " {time} {} {inc} {}",
            clock.remaining.as_millis(),
            clock.increment.as_millis()
        ));
    }
    go
}

/// Parses an `info` line with a score into progress; other lines give
/// `None`.
fn parse_info<G: GuiGame>(root: &G, line: &str) -> Option<Progress> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let mut progress = Progress {
        depth: 0,
        seldepth: 0,
        score: ScoreView::Cp(0),
        nodes: 0,
        nps: 0,
        time_ms: 0,
        pv: Vec::new(),
    };
    let mut has_score = false;
    let sign = if root.side_to_move() == Side::White {
        1
    } else {
        -1
    };
    while let Some(word) = words.next() {
        match word {
            "depth" => progress.depth = words.next()?.parse().ok()?,
            "seldepth" => progress.seldepth = words.next()?.parse().ok()?,
            "nodes" => progress.nodes = words.next()?.parse().ok()?,
            "nps" => progress.nps = words.next()?.parse().ok()?,
            "time" => progress.time_ms = words.next()?.parse().ok()?,
            "score" => {
                let kind = words.next()?;
                let value: i32 = words.next()?.parse().ok()?;
                progress.score = match kind {
                    "cp" => ScoreView::Cp(value * sign),
                    "mate" => ScoreView::Mate(value * sign),
                    _ => return None,
                };
                has_score = true;
            }
            "pv" => {
                let mut game = root.clone();
                let mut line = Vec::new();
                for text in words.by_ref() {
                    let Ok(mv) = game.parse_move(text) else { break };
                    line.push(mv);
                    game.make(mv);
                }
                progress.pv = pv_records(root, line.into_iter());
            }
            _ => {}
        }
    }
    has_score.then_some(progress)
}

impl<G: GuiGame> Searcher<G> for UciEngine {
    fn search(
        &mut self,
        request: &SearchRequest<G>,
        stop: &AtomicBool,
        report: &mut dyn FnMut(Progress),
    ) -> Result<Option<G::Move>, EngineError> {
        let root = &request.game;
        let mut position = format!("position fen {}", request.start_fen);
        if !request.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&request.moves.join(" "));
        }
        self.send(&position)?;
        self.send(&go_command(&request.limits, root.side_to_move()))?;
        let budget = request.limits.movetime.unwrap_or(Duration::from_secs(600));
        let mut deadline = Instant::now() + budget + GRACE;
        let mut stop_sent = false;
        loop {
            if stop.load(Ordering::Relaxed) && !stop_sent {
                self.send("stop")?;
                stop_sent = true;
                deadline = deadline.min(Instant::now() + GRACE);
            }
            if Instant::now() > deadline {
                return Err(EngineError::Protocol("no bestmove in time".into()));
            }
            let line = match self.lines.recv_timeout(POLL) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Protocol("engine exited".into()))
                }
            };
            if let Some(rest) = line.strip_prefix("bestmove") {
                let text = rest.split_whitespace().next().unwrap_or("");
                if text.is_empty() || text == "(none)" || text == "0000" {
                    return Ok(None);
                }
                return root
                    .parse_move(text)
                    .map(Some)
                    .map_err(|_| EngineError::IllegalMove(text.to_string()));
            }
            if let Some(progress) = parse_info(root, &line) {
                report(progress);
            }
        }
    }

    fn name(&self) -> String {
        self.name.clone()
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        // Ask politely, then make sure no engine process outlives the game.
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search::Rules;

    #[test]
    fn info_lines_become_progress_from_whites_view() {
        let mut game = chess::Chess::startpos();
        let mv = game.parse_move("e2e4").expect("legal");
        game.make(mv);
        let p = parse_info(
            &game,
            "info depth 7 seldepth 9 score cp 31 nodes 1200 nps 60000 time 20 pv e7e5 g1f3",
        )
        .expect("an info line with a score");
        assert_eq!(p.depth, 7);
        assert_eq!(p.score, ScoreView::Cp(-31));
        assert_eq!(p.pv, vec!["e5".to_string(), "Nf3".to_string()]);
        assert!(parse_info(&game, "info string hello").is_none());
    }

    #[test]
    fn go_uses_the_side_to_move_clock() {
        let limits = search::Limits {
            depth: Some(3),
            movetime: Some(Duration::from_millis(500)),
            clock: Some(search::Clock {
                remaining: Duration::from_millis(9000),
                increment: Duration::from_millis(100),
                moves_to_go: None,
            }),
            ..search::Limits::default()
        };
        assert_eq!(
            go_command(&limits, Side::Black),
            "go depth 3 movetime 500 btime 9000 binc 100"
        );
    }
}
