//! `autotester compliance ENGINE` (or `autotester --compliance ENGINE`):
//! checks an engine's UCI behaviour step by step, as fastchess's
//! `--compliance` does, for either game, printing each check with PASS or
//! FAIL. Every `bestmove` is checked with the game crate's rules; `go`
//! commands use the game's dialect (`go time T inc I` for Leiserchess).
//! Options given (`--option NAME=VALUE`) are sent after `uciok`, before the
//! first `isready`, as a match sends them; they also choose the game (our
//! Leiserchess engine plays the 2016 rules with `UCI_Variant=2016`).

use crate::config::GameKind;
use crate::identify::recognise;
use crate::runner::output::print_line;
use search::Side;
use std::time::{Duration, Instant};
use workbench::engine::command_line;
use workbench::engine::process::{Process, ReadError};
use workbench::engine::protocol::{parse_bestmove, parse_option};
use workbench::engine::OptionDecl;
use workbench::engine::{go_command, GoLimits};
use workbench::{DynGame, GameType};

/// How long each answer may take.
const ANSWER: Duration = Duration::from_secs(5);
/// How long after `stop` the `bestmove` may come.
const AFTER_STOP: Duration = Duration::from_secs(1);
/// How long `go infinite` must run without a `bestmove` before `stop`.
const INFINITE: Duration = Duration::from_millis(300);

/// The checks' results: each printed as it is made.
#[derive(Default)]
pub struct Checks {
    pub passed: usize,
    pub failed: usize,
}

impl Checks {
    fn check(&mut self, name: &str, outcome: Result<String, String>) -> bool {
        match outcome {
            Ok(detail) => {
                self.passed += 1;
                print_line(&format!("PASS  {name}{}", suffix(&detail)));
                true
            }
            Err(why) => {
                self.failed += 1;
                print_line(&format!("FAIL  {name}{}", suffix(&why)));
                false
            }
        }
    }
}

fn suffix(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!(": {text}")
    }
}

/// The engine under test.
struct Subject {
    process: Process,
}

impl Subject {
    fn send(&mut self, line: &str) -> Result<(), String> {
        self.process
            .send(line)
            .map_err(|_| format!("the engine is gone (sending `{line}`)"))
    }

    /// Lines until one `done` accepts, within `limit`.
    fn until(
        &mut self,
        limit: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + limit;
        let mut lines = Vec::new();
        loop {
            match self.process.read_line(deadline) {
                Ok(line) => {
                    let text = line.text.trim().to_string();
                    let end = done(&text);
                    lines.push(text);
                    if end {
                        return Ok(lines);
                    }
                }
                Err(ReadError::Timeout) => return Err(format!("no answer within {limit:?}")),
                Err(ReadError::Closed) => return Err("the engine exited".into()),
                Err(ReadError::Flood(f)) => return Err(format!("output flood ({f})")),
            }
        }
    }

    /// The move of the next `bestmove` line within `limit`.
    fn bestmove(&mut self, limit: Duration) -> Result<String, String> {
        let lines = self.until(limit, |l| parse_bestmove(l).is_some())?;
        let last = lines.last().map(String::as_str).unwrap_or("");
        Ok(parse_bestmove(last).unwrap_or("").to_string())
    }
}

/// Whether `text` is a legal move of `game`.
fn legal(game: &dyn DynGame, text: &str) -> Result<String, String> {
    game.parse(text)
        .map(|_| format!("bestmove {text}"))
        .map_err(|e| format!("bestmove {text:?} is not legal: {e}"))
}

/// Runs every check against the engine started by `command`, with
/// `options` set; `game` when given, else recognised from its `uci` answer
/// and the options. Returns the results.
pub fn run(
    command: &str,
    game: Option<GameKind>,
    options: &[(String, String)],
) -> Result<Checks, String> {
    let words = command_line::split(command).map_err(|e| format!("{command:?}: {e}"))?;
    let (program, args) = words
        .split_first()
        .ok_or_else(|| "no engine command".to_string())?;
    let process = Process::spawn(program.as_ref(), args, None)
        .map_err(|e| format!("cannot start {program:?}: {e}"))?;
    let mut subject = Subject { process };
    let mut checks = Checks::default();
    print_line(&format!("Compliance of {command}"));
    let Some((kind, chess960)) = handshake(&mut subject, &mut checks, game, options) else {
        return Ok(checks);
    };
    print_line(&format!("Game: {kind}"));
    play_checks(kind.game(), &mut subject, &mut checks);
    if chess960 {
        chess960_checks(kind.game(), &mut subject, &mut checks);
    }
    let quit = subject.send("quit").and_then(|()| {
        let deadline = Instant::now() + AFTER_STOP;
        while Instant::now() < deadline {
            if subject.process.is_dead() {
                return Ok(String::new());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        Err(format!("still running {AFTER_STOP:?} after quit"))
    });
    checks.check("quit ends the engine", quit);
    subject.process.kill();
    Ok(checks)
}

/// `uci`, `id`, options declared, options set, `isready`; the game played.
fn handshake(
    s: &mut Subject,
    checks: &mut Checks,
    game: Option<GameKind>,
    options: &[(String, String)],
) -> Option<(GameKind, bool)> {
    let answer = s
        .send("uci")
        .and_then(|()| s.until(ANSWER, |l| l == "uciok"));
    let lines = match answer {
        Ok(lines) => {
            checks.check("uci answered with uciok", Ok(String::new()));
            lines
        }
        Err(e) => {
            checks.check("uci answered with uciok", Err(e));
            return None;
        }
    };
    let id = lines
        .iter()
        .find_map(|l| l.strip_prefix("id name "))
        .map(|n| n.trim().to_string());
    checks.check("id name", id.ok_or_else(|| "no `id name` line".into()));
    let option_lines: Vec<&String> = lines.iter().filter(|l| l.starts_with("option")).collect();
    let bad: Vec<&&String> = option_lines
        .iter()
        .filter(|l| parse_option(l).is_none() || !l.contains(" type "))
        .collect();
    let declared: Vec<_> = option_lines
        .iter()
        .filter_map(|l| parse_option(l))
        .collect();
    checks.check(
        "options are `option name N type T ...`",
        match bad.first() {
            None => Ok(format!("{} options", declared.len())),
            Some(l) => Err(format!("{l:?}")),
        },
    );
    if !options.is_empty() {
        let set = set_options(s, &declared, options);
        checks.check("the options given are declared, and set", set);
    }
    let ready = s
        .send("isready")
        .and_then(|()| s.until(ANSWER, |l| l == "readyok"));
    checks.check(
        "isready answered with readyok",
        ready.map(|_| String::new()),
    );
    let kind = match game {
        Some(kind) => Ok(kind),
        None => recognise(&declared, options).map_err(|why| format!("{why}; give --game")),
    };
    let shown = kind.as_ref().map(|k| k.to_string()).map_err(Clone::clone);
    checks.check("the game it plays is known", shown);
    let chess960 = declared
        .iter()
        .any(|d| d.name.eq_ignore_ascii_case("UCI_Chess960"));
    kind.ok().map(|kind| (kind, chess960))
}

/// Sends `setoption` for each option given, once each is known to be
/// declared (UCI names are case-insensitive): an engine may ignore an
/// option it does not know, and the checks would then test other rules.
fn set_options(
    s: &mut Subject,
    declared: &[OptionDecl],
    options: &[(String, String)],
) -> Result<String, String> {
    let unknown: Vec<&str> = options
        .iter()
        .filter(|(name, _)| !declared.iter().any(|d| d.name.eq_ignore_ascii_case(name)))
        .map(|(name, _)| name.as_str())
        .collect();
    if !unknown.is_empty() {
        return Err(format!("not declared: {}", unknown.join(", ")));
    }
    for (name, value) in options {
        s.send(&format!("setoption name {name} value {value}"))?;
    }
    let set: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    Ok(set.join(", "))
}

/// `go` with the clocks of `game`'s dialect: one second each.
fn clocked_go(game: &dyn GameType, mover: Side) -> String {
    let clock = search::Clock {
        remaining: Duration::from_secs(1),
        increment: Duration::from_millis(10),
        moves_to_go: None,
    };
    let limits = GoLimits {
        clocks: [Some(clock), Some(clock)],
        depth: None,
        nodes: None,
        movetime: None,
    };
    go_command(game.go_dialect(), mover, &limits)
}

/// New game, positions, each kind of `go`, and `stop` during `go infinite`.
fn play_checks(game: &dyn GameType, s: &mut Subject, checks: &mut Checks) {
    let ready = s
        .send("ucinewgame")
        .and_then(|()| s.send("isready"))
        .and_then(|()| s.until(ANSWER, |l| l == "readyok"));
    checks.check("ucinewgame, then isready", ready.map(|_| String::new()));

    let start = game.start();
    let first = start
        .legal_moves()
        .first()
        .and_then(|&mv| start.move_text(mv).ok())
        .unwrap_or_default();
    let mut after = start.clone();
    // A start position without moves leaves `after` at the start.
    let _ = after.play(&first);
    let fen_game = game.open(&after.fen()).unwrap_or_else(|_| after.clone());
    let (start, after, fen_game) = (&*start, &*after, &*fen_game);
    let cases: [(&str, String, &dyn DynGame, String, Duration); 5] = [
        (
            "position startpos, go depth 1",
            "position startpos".into(),
            start,
            "go depth 1".into(),
            ANSWER,
        ),
        (
            "position startpos moves ..., go nodes 1000",
            format!("position startpos moves {first}"),
            after,
            "go nodes 1000".into(),
            ANSWER,
        ),
        (
            "position fen ..., go movetime 100",
            format!("position fen {}", after.fen()),
            fen_game,
            "go movetime 100".into(),
            Duration::from_millis(100) + ANSWER / 5,
        ),
        (
            "go with clocks, answered in time",
            "position startpos".into(),
            start,
            clocked_go(game, start.side_to_move()),
            Duration::from_secs(1) + ANSWER / 5,
        ),
        (
            "position startpos, go depth 2",
            "position startpos".into(),
            start,
            "go depth 2".into(),
            ANSWER,
        ),
    ];
    for (name, position, game, go, limit) in cases {
        let answer = s
            .send(&position)
            .and_then(|()| s.send(&go))
            .and_then(|()| s.bestmove(limit))
            .and_then(|mv| legal(game, &mv));
        checks.check(&format!("{name} ({go}): a legal bestmove"), answer);
    }
    infinite_and_stop(s, checks, start);
}

/// `go infinite` must not answer by itself; `stop` must bring a legal move.
fn infinite_and_stop(s: &mut Subject, checks: &mut Checks, start: &dyn DynGame) {
    if let Err(e) = s
        .send("position startpos")
        .and_then(|()| s.send("go infinite"))
    {
        checks.check("go infinite, then stop", Err(e));
        return;
    }
    let early = s.until(INFINITE, |l| parse_bestmove(l).is_some());
    let waited = match early {
        Ok(_) => Err("bestmove before stop".to_string()),
        Err(e) if e.starts_with("no answer") => Ok(String::new()),
        Err(e) => Err(e),
    };
    checks.check("go infinite: no bestmove before stop", waited);
    let stopped = s
        .send("stop")
        .and_then(|()| s.bestmove(AFTER_STOP))
        .and_then(|mv| legal(start, &mv));
    checks.check("stop: a legal bestmove at once", stopped);
    let ready = s
        .send("isready")
        .and_then(|()| s.until(ANSWER, |l| l == "readyok"));
    checks.check("isready after stop", ready.map(|_| String::new()));
}

/// Chess960 start position 0 (`BBQNNRKR`), its castling field in
/// Shredder-FEN.
const CHESS960_START: &str = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
/// Rooks on b1 and h1 with the king on e1 and nothing between: `e1b1`,
/// king takes rook, is castling long.
const CHESS960_CASTLING: &str = "1r2k2r/pppppppp/8/8/8/8/PPPPPPPP/1R2K2R w BHbh - 0 1";

/// An engine that declares `UCI_Chess960`, switched on: a Chess960 start
/// in Shredder-FEN, and castling written king takes rook in the moves it
/// is given, each answered with a legal move. Checked only where the
/// game reads these positions (chess).
fn chess960_checks(game: &dyn GameType, s: &mut Subject, checks: &mut Checks) {
    let (Ok(start), Ok(castling)) = (game.open(CHESS960_START), game.open(CHESS960_CASTLING))
    else {
        return;
    };
    let mut castled = castling.clone();
    if castled.play("e1b1").is_err() {
        return;
    }
    let ready = s
        .send("setoption name UCI_Chess960 value true")
        .and_then(|()| s.send("isready"))
        .and_then(|()| s.until(ANSWER, |l| l == "readyok"));
    checks.check(
        "UCI_Chess960 set, then isready",
        ready.map(|_| String::new()),
    );
    let cases: [(&str, String, &dyn DynGame); 2] = [
        (
            "UCI_Chess960: a Chess960 start (Shredder-FEN), go depth 1",
            format!("position fen {CHESS960_START}"),
            &*start,
        ),
        (
            "UCI_Chess960: castling king takes rook (e1b1) read, go depth 1",
            format!("position fen {CHESS960_CASTLING} moves e1b1"),
            &*castled,
        ),
    ];
    for (name, position, game) in cases {
        let answer = s
            .send(&position)
            .and_then(|()| s.send("go depth 1"))
            .and_then(|()| s.bestmove(ANSWER))
            .and_then(|mv| legal(game, &mv));
        checks.check(&format!("{name}: a legal bestmove"), answer);
    }
}
