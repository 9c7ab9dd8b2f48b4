//! Protocol torture: both engine binaries driven through seeded random and
//! scripted abuse (garbage, huge lines, illegal FENs and moves, `go`/`stop`
//! storms, pondering, end of input mid-search), bounded in time.
//!
//! The test keeps its own copy of the position the engine should be in,
//! using the same game library, and checks:
//! - exactly one `bestmove` per searching `go`, each legal in the position
//!   of its `go` (`0000` only when there is no legal move);
//! - `readyok` within 1 s of every `isready`;
//! - no panic (nothing on stderr that says so) and a clean exit.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use search::Frontend;
use workspace_tests::Engine;

type Rng64 = rand::rngs::StdRng;

/// How long `isready` may take to be answered.
const READY_WITHIN: Duration = Duration::from_secs(1);
/// How long the engine may take to exit once its input has ended.
const EXIT_WITHIN: Duration = Duration::from_secs(5);
/// Searches asked for and not yet answered before the test waits: the
/// engine answers them in order, each in its time, so a script sent much
/// faster than that would pile up work without bound.
const MAX_UNANSWERED: usize = 16;
/// How long the engine may take to catch up to [`MAX_UNANSWERED`].
const CATCH_UP_WITHIN: Duration = Duration::from_secs(30);
/// The abuse sent to each engine: this many random actions, unless
/// `UCI_TORTURE_ACTIONS` says otherwise (for long runs by hand, with
/// `UCI_TORTURE_SEED` to vary the script).
const ACTIONS: usize = 1500;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The test's side of the conversation for game `G`.
struct Torture<G: Frontend> {
    engine: Engine,
    rng: Rng64,
    /// Where the engine should be.
    pos: G,
    /// For each `go` not yet answered: the position and the root moves
    /// its `bestmove` must come from.
    pending: VecDeque<Vec<String>>,
    answered: usize,
    /// Positions reached in random games, for `position fen`.
    fens: Vec<String>,
    /// Lines sent right after `uci`, before the abuse (a rule set to play).
    setup: Vec<String>,
}

impl<G: Frontend> Torture<G> {
    fn new(binary_name: &str, seed: u64) -> Self {
        let mut rng = Rng64::seed_from_u64(seed);
        let fens = random_fens::<G>(&mut rng, 40);
        Torture {
            engine: Engine::start_collecting_stderr(binary_name),
            rng,
            pos: G::startpos(),
            pending: VecDeque::new(),
            answered: 0,
            fens,
            setup: Vec::new(),
        }
    }

    /// Sends `line` after `uci`, before the abuse starts.
    fn first(mut self, line: &str) -> Self {
        self.setup.push(line.to_string());
        self
    }

    fn send(&mut self, line: &str) {
        self.engine.send_bytes(line.as_bytes());
        self.drain(Duration::ZERO);
    }

    /// Reads what has arrived (waiting up to `wait` for the first line).
    fn drain(&mut self, wait: Duration) {
        let mut wait = wait;
        while let Some(line) = self.engine.next_line(wait) {
            self.check(&line);
            wait = Duration::ZERO;
        }
    }

    fn check(&mut self, line: &str) {
        let Some(rest) = line.strip_prefix("bestmove ") else {
            return;
        };
        let mv = rest.split_whitespace().next().unwrap_or("");
        let Some(allowed) = self.pending.pop_front() else {
            panic!(
                "a bestmove nobody asked for: {line}\n{}",
                self.engine.tail()
            );
        };
        self.answered += 1;
        if allowed.is_empty() {
            assert_eq!(mv, "0000", "no legal move\n{}", self.engine.tail());
        } else {
            assert!(
                allowed.iter().any(|m| m == mv),
                "illegal bestmove {mv}, legal: {allowed:?}\n{}",
                self.engine.tail()
            );
        }
    }

    /// `isready`, answered within [`READY_WITHIN`].
    fn ready(&mut self) {
        let start = Instant::now();
        self.engine.send_bytes(b"isready");
        loop {
            let left = READY_WITHIN.saturating_sub(start.elapsed());
            match self.engine.next_line(left) {
                Some(line) if line == "readyok" => return,
                Some(line) => self.check(&line),
                None => panic!("no readyok within {READY_WITHIN:?}\n{}", self.engine.tail()),
            }
        }
    }

    fn legal_texts(&self, pos: &G) -> Vec<String> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.iter().map(|m| m.to_string()).collect()
    }

    /// A `position` line and what it does to the mirror: a bad FEN or
    /// move anywhere leaves the position as it was.
    fn position(&mut self, fen: Option<&str>, moves: &[String]) {
        let mut line = match fen {
            None => "position startpos".to_string(),
            Some(fen) => format!("position fen {fen}"),
        };
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        if let Some(pos) = mirror_position::<G>(fen, moves) {
            self.pos = pos;
        }
        self.send(&line);
    }

    /// A searching `go` line: one bestmove expected.
    fn go(&mut self, line: &str, searchmoves: &[String]) {
        let legal = self.legal_texts(&self.pos);
        let named: Vec<String> = legal
            .iter()
            .filter(|m| searchmoves.contains(m))
            .cloned()
            .collect();
        self.pending
            .push_back(if named.is_empty() { legal } else { named });
        self.send(line);
        let start = Instant::now();
        while self.pending.len() > MAX_UNANSWERED {
            assert!(
                start.elapsed() < CATCH_UP_WITHIN,
                "the engine fell behind\n{}",
                self.engine.tail()
            );
            self.drain(Duration::from_millis(10));
        }
    }

    fn random_moves(&mut self, from: &G, n: usize) -> Vec<String> {
        let mut pos = from.clone();
        let mut texts = Vec::new();
        for _ in 0..n {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(&mut self.rng) else {
                break;
            };
            texts.push(mv.to_string());
            pos.make(mv);
        }
        texts
    }

    fn garbage(&mut self) -> Vec<u8> {
        let len = self.rng.gen_range(0..200);
        // The first byte is never a letter, so no garbage line can be a
        // command by chance.
        let mut bytes = vec![*[b'#', b'!', b'9', 0xff, b'~']
            .choose(&mut self.rng)
            .unwrap()];
        bytes.extend((0..len).map(|_| loop {
            let b: u8 = self.rng.gen();
            if b != b'\n' {
                break b;
            }
        }));
        bytes
    }

    fn mutated_fen(&mut self) -> String {
        let mut chars: Vec<char> = self.fens.choose(&mut self.rng).unwrap().chars().collect();
        let alphabet: Vec<char> = "/12345678 wbWBKQRNPkqrnpNSEWnsew-x0".chars().collect();
        for _ in 0..self.rng.gen_range(1..4) {
            let i = self.rng.gen_range(0..=chars.len());
            let c = *alphabet.choose(&mut self.rng).unwrap();
            match self.rng.gen_range(0..3) {
                0 if i < chars.len() => chars[i] = c,
                1 if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.insert(i, c),
            }
        }
        chars.into_iter().collect::<String>().trim().to_string()
    }

    /// One random action.
    fn act(&mut self) {
        match self.rng.gen_range(0..100) {
            0..=11 => {
                let n = self.rng.gen_range(0..12);
                let moves = self.random_moves(&G::startpos(), n);
                self.position(None, &moves);
            }
            12..=19 => {
                let fen = self.fens.choose(&mut self.rng).unwrap().clone();
                let from = G::from_fen(&fen).expect("generated FENs parse");
                let n = self.rng.gen_range(0..4);
                let moves = self.random_moves(&from, n);
                self.position(Some(&fen), &moves);
            }
            20..=25 => {
                let fen = self.mutated_fen();
                self.position(Some(&fen), &[]);
            }
            26..=29 => {
                // A legal start, then an illegal or garbled move.
                let mut moves = self.random_moves(&G::startpos(), 3);
                let bad = ["zz", "a9a9", "0000", "e2e4e4", "", "??"];
                moves.push(bad.choose(&mut self.rng).unwrap().to_string());
                moves.retain(|m| !m.is_empty());
                self.position(None, &moves);
            }
            30..=49 => {
                let line = match self.rng.gen_range(0..6) {
                    0 => format!("go depth {}", self.rng.gen_range(1..4)),
                    1 => format!("go movetime {}", self.rng.gen_range(1..40)),
                    2 => format!("go nodes {}", self.rng.gen_range(1..3000)),
                    3 => format!(
                        "go wtime {} btime {} winc 10 binc 10",
                        self.rng.gen_range(0..200),
                        self.rng.gen_range(0..200)
                    ),
                    4 => "go depth lots movetime 20".to_string(),
                    _ => format!("go mate 1 depth {}", self.rng.gen_range(1..3)),
                };
                self.go(&line, &[]);
            }
            50..=55 => {
                // A storm: searches that only stop ends, stopped at once.
                for _ in 0..self.rng.gen_range(1..8) {
                    self.go("go infinite", &[]);
                    self.send("stop");
                }
            }
            56..=59 => {
                self.go("go ponder wtime 100 btime 100", &[]);
                let end = if self.rng.gen_bool(0.5) {
                    "ponderhit"
                } else {
                    "stop"
                };
                self.send(end);
            }
            60..=62 => {
                let mut named = self.random_moves(&self.pos.clone(), 1);
                named.push("nonsense".to_string());
                let line = format!("go depth 2 searchmoves {}", named.join(" "));
                self.go(&line, &named);
            }
            63..=72 => {
                let bytes = self.garbage();
                self.engine.send_bytes(&bytes);
            }
            73..=78 => {
                let line = *[
                    "setoption name Hash value abc",
                    "setoption name Nope value 3",
                    "setoption name Threads value -1",
                    "setoption name MultiPV value 9",
                    "setoption",
                    "position",
                    "position fen",
                    "position sideways",
                    "perft x",
                    "perft",
                    "bench x",
                    "isready now",
                    "uci extra",
                    "go perft x",
                    "stop",
                    "ponderhit",
                ]
                .choose(&mut self.rng)
                .unwrap();
                self.send(line);
            }
            79..=84 => {
                let line = match self.rng.gen_range(0..5) {
                    0 => format!("setoption name MultiPV value {}", self.rng.gen_range(1..4)),
                    1 => format!("setoption name Hash value {}", self.rng.gen_range(1..5)),
                    2 => format!("setoption name Threads value {}", self.rng.gen_range(1..3)),
                    3 => "ucinewgame".to_string(),
                    _ => "setoption name Clear Hash".to_string(),
                };
                self.send(&line);
            }
            85..=89 => {
                let line = *["d", "eval", "perft 2", "go perft 1", "uci"]
                    .choose(&mut self.rng)
                    .unwrap();
                self.send(line);
            }
            90..=91 => self.huge_line(),
            92..=93 => {
                // A count too long to wait for: the loop still answers, and
                // `stop` ends it.
                let line = *["perft 9", "go perft 9", "bench 40"]
                    .choose(&mut self.rng)
                    .unwrap();
                self.send(line);
                self.ready();
                self.send("stop");
            }
            _ => self.ready(),
        }
    }

    fn huge_line(&mut self) {
        match self.rng.gen_range(0..3) {
            // Under and over the engines' 4 MiB line bound.
            0 => {
                let len = *[1 << 20, 5 << 20].choose(&mut self.rng).unwrap();
                self.engine.send_bytes(&vec![b'a'; len]);
            }
            1 => {
                let first = self.random_moves(&G::startpos(), 1);
                let moves = vec![first.first().cloned().unwrap_or_default(); 20_000];
                self.position(None, &moves);
            }
            _ => {
                let fen = "8/".repeat(50_000);
                self.position(Some(&fen), &[]);
            }
        }
    }

    /// Runs the abuse, then ends the input in the middle of a search.
    fn run(mut self) {
        let actions = env_or("UCI_TORTURE_ACTIONS", ACTIONS);
        let deadline = Instant::now() + Duration::from_secs(90 + actions as u64 / 4);
        self.send("uci");
        for line in std::mem::take(&mut self.setup) {
            self.send(&line);
        }
        for _ in 0..actions {
            self.act();
            assert!(Instant::now() < deadline, "the torture took too long");
        }
        self.ready();
        // End of input mid-search: the search is stopped, answers, and the
        // engine exits.
        self.go("go depth 60", &[]);
        std::thread::sleep(Duration::from_millis(20));
        self.engine.close_stdin();
        let start = Instant::now();
        while start.elapsed() < EXIT_WITHIN && !self.pending.is_empty() {
            self.drain(Duration::from_millis(50));
        }
        let left = EXIT_WITHIN.saturating_sub(start.elapsed());
        let Some((status, stderr)) = self.engine.finish(left) else {
            panic!(
                "no exit after end of input; {} go unanswered\n{}",
                self.pending.len(),
                self.engine.tail()
            );
        };
        self.drain(Duration::from_millis(100));
        assert!(status.success(), "exit status {status}: {stderr}");
        assert!(!stderr.contains("panicked"), "a panic: {stderr}");
        assert!(
            self.pending.is_empty(),
            "{} go without a bestmove\n{}",
            self.pending.len(),
            self.engine.tail()
        );
        assert!(self.answered > 50, "only {} searches", self.answered);
        eprintln!(
            "torture: {} lines sent, {} searches answered, 0 panics, 0 hangs",
            self.engine.sent, self.answered
        );
    }
}

/// The position a `position` line sets, or `None` if the engine must
/// refuse it.
fn mirror_position<G: Frontend>(fen: Option<&str>, moves: &[String]) -> Option<G> {
    let mut pos = match fen {
        None => G::startpos(),
        Some(fen) => G::from_fen(fen).ok()?,
    };
    for text in moves {
        let mv = pos.parse_move(text).ok()?;
        pos.make(mv);
    }
    Some(pos)
}

/// FENs of positions from seeded random games (some of them ended).
fn random_fens<G: Frontend>(rng: &mut Rng64, count: usize) -> Vec<String> {
    let mut fens = Vec::new();
    while fens.len() < count {
        let mut pos = G::startpos();
        for _ in 0..rng.gen_range(0..60) {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(rng) else { break };
            pos.make(mv);
        }
        fens.push(pos.fen());
    }
    fens
}

#[test]
fn chess_engine_survives_abuse() {
    let _serial = workspace_tests::serial();
    Torture::<chess::Chess>::new("chess-engine", env_or("UCI_TORTURE_SEED", 11)).run();
}

#[test]
fn leiserchess_engine_survives_abuse() {
    let _serial = workspace_tests::serial();
    let seed = env_or("UCI_TORTURE_SEED", 12);
    Torture::<leiserchess::Leiserchess>::new("leiserchess-engine", seed).run();
}

/// The same abuse with the 2016 rules chosen first (`UCI_Variant`): the
/// mirror plays `Leiserchess2016`, so every `bestmove` is checked against
/// the 2016 rules.
#[test]
fn leiserchess_engine_survives_abuse_in_2016_mode() {
    let _serial = workspace_tests::serial();
    let seed = env_or("UCI_TORTURE_SEED", 13);
    Torture::<leiserchess::Leiserchess2016>::new("leiserchess-engine", seed)
        .first("setoption name UCI_Variant value 2016")
        .run();
}
