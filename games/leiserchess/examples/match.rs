//! A small match runner until the autotester plays Leiserchess: two UCI
//! engine processes, refereed with the `leiserchess` crate (legality, end
//! of game by the rules, Fischer clocks, loss on time), random openings
//! each played twice with colours reversed, several games at once.
//!
//! ```text
//! cargo run --release -p leiserchess --example match -- \
//!     --engine A=path/to/leiserchess-engine --engine B=path/to/leiserchess-engine \
//!     --option B:NullMove=false --option B:LMR=false \
//!     --games 200 --tc 10+0.1 --concurrency 2 --seed 1
//! ```
//!
//! Prints one line per game and, at the end, the score of the first
//! engine with an Elo difference and its 95% interval.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::{Game, Side};

use leiserchess::Leiserchess;

/// Time over the clock an engine may take before it loses on time
/// (process scheduling on a busy machine).
const TIME_TOLERANCE: Duration = Duration::from_millis(100);

#[derive(Clone, Debug)]
struct EngineSpec {
    name: String,
    path: String,
    options: Vec<(String, String)>,
}

#[derive(Clone, Debug)]
struct Config {
    engines: [EngineSpec; 2],
    games: usize,
    base: Duration,
    inc: Duration,
    concurrency: usize,
    seed: u64,
    random_plies: usize,
}

fn usage() -> ! {
    eprintln!(
        "usage: match --engine NAME=PATH --engine NAME=PATH [--option NAME:OPT=VALUE]... \
         [--games N] [--tc BASE+INC] [--concurrency N] [--seed S] [--random-plies N]"
    );
    std::process::exit(2);
}

fn parse_args() -> Result<Config, String> {
    let mut engines: Vec<EngineSpec> = Vec::new();
    let mut options: Vec<(String, String, String)> = Vec::new();
    let mut config = Config {
        engines: [
            EngineSpec {
                name: String::new(),
                path: String::new(),
                options: Vec::new(),
            },
            EngineSpec {
                name: String::new(),
                path: String::new(),
                options: Vec::new(),
            },
        ],
        games: 20,
        base: Duration::from_secs(1),
        inc: Duration::from_millis(10),
        concurrency: 2,
        seed: 1,
        random_plies: 6,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--engine" => {
                let v = value()?;
                let (name, path) = v.split_once('=').ok_or("--engine NAME=PATH")?;
                engines.push(EngineSpec {
                    name: name.to_string(),
                    path: path.to_string(),
                    options: Vec::new(),
                });
            }
            "--option" => {
                let v = value()?;
                let (name, rest) = v.split_once(':').ok_or("--option NAME:OPT=VALUE")?;
                let (opt, val) = rest.split_once('=').ok_or("--option NAME:OPT=VALUE")?;
                options.push((name.to_string(), opt.to_string(), val.to_string()));
            }
            "--games" => config.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--concurrency" => {
                config.concurrency = value()?
                    .parse()
                    .map_err(|e| format!("--concurrency: {e}"))?
            }
            "--seed" => config.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--random-plies" => {
                config.random_plies = value()?
                    .parse()
                    .map_err(|e| format!("--random-plies: {e}"))?
            }
            "--tc" => {
                let v = value()?;
                let (b, i) = v.split_once('+').unwrap_or((v.as_str(), "0"));
                let secs = |s: &str| {
                    s.parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .map(Duration::from_secs_f64)
                        .ok_or_else(|| format!("--tc: bad number '{s}'"))
                };
                config.base = secs(b)?;
                config.inc = secs(i)?;
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if engines.len() != 2 {
        return Err("exactly two --engine arguments are needed".to_string());
    }
    for (name, opt, val) in options {
        let engine = engines
            .iter_mut()
            .find(|e| e.name == name)
            .ok_or_else(|| format!("--option for unknown engine '{name}'"))?;
        engine.options.push((opt, val));
    }
    config.engines = [engines[0].clone(), engines[1].clone()];
    if config.games % 2 == 1 {
        config.games += 1;
    }
    config.concurrency = config.concurrency.max(1);
    Ok(config)
}

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    fn start(spec: &EngineSpec) -> Result<Process, String> {
        let mut child = Command::new(&spec.path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.path))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = Process {
            child,
            stdin,
            lines: rx,
        };
        p.send("uci")?;
        p.wait_for(Duration::from_secs(10), |l| l == "uciok")?;
        for (name, value) in &spec.options {
            p.send(&format!("setoption name {name} value {value}"))?;
        }
        p.send("isready")?;
        // An option the engine refuses is a configuration error, not a game.
        let before = p.wait_for(Duration::from_secs(10), |l| l == "readyok")?;
        if let Some(err) = before.iter().find(|l| l.contains("error")) {
            return Err(format!("{}: {err}", spec.name));
        }
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("engine stdin: {e}"))
    }

    fn wait_for(
        &mut self,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return Ok(lines);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err("timeout".to_string()),
                Err(RecvTimeoutError::Disconnected) => return Err("engine exited".to_string()),
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The result of one game for the engine playing White (1, ½, 0).
#[derive(Clone, Copy, Debug, PartialEq)]
enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

/// `opening` random plies from the start, avoiding lines that end the game.
fn random_opening(rng: &mut ChaCha8Rng, plies: usize) -> Vec<String> {
    'retry: loop {
        let mut game = Leiserchess::startpos();
        let mut line = Vec::new();
        for _ in 0..plies {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let Some(&mv) = moves.choose(rng) else {
                continue 'retry;
            };
            game.make(mv);
            if game.outcome().is_some() {
                continue 'retry;
            }
            line.push(mv.to_string());
        }
        return line;
    }
}

/// Plays one game; `players[0]` is White. Returns the result and why.
fn play(
    players: [&mut Process; 2],
    opening: &[String],
    config: &Config,
) -> Result<(GameResult, String), String> {
    let mut game = Leiserchess::startpos();
    let mut moves: Vec<String> = Vec::new();
    for text in opening {
        let mv = game.parse_move(text).map_err(|e| e.to_string())?;
        game.make(mv);
        moves.push(text.clone());
    }
    let [white, black] = players;
    let mut engines = [white, black];
    for e in engines.iter_mut() {
        e.send("ucinewgame")?;
        e.send("isready")?;
        e.wait_for(Duration::from_secs(10), |l| l == "readyok")?;
    }
    let mut clocks = [config.base, config.base];
    loop {
        if let Some(outcome) = game.outcome() {
            let result = match outcome.winner {
                Some(Side::White) => GameResult::WhiteWins,
                Some(Side::Black) => GameResult::BlackWins,
                None => GameResult::Draw,
            };
            return Ok((result, outcome.reason.to_string()));
        }
        let side = game.side_to_move();
        let i = side.index();
        let loss = match side {
            Side::White => GameResult::BlackWins,
            Side::Black => GameResult::WhiteWins,
        };
        let engine = &mut engines[i];
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        engine.send(&position)?;
        let start = Instant::now();
        engine.send(&format!(
            "go time {} inc {}",
            clocks[i].as_millis(),
            config.inc.as_millis()
        ))?;
        let limit = clocks[i] + TIME_TOLERANCE;
        let reply = engine.wait_for(limit + Duration::from_secs(1), |l| {
            l.starts_with("bestmove")
        });
        let elapsed = start.elapsed();
        let lines = match reply {
            Ok(lines) => lines,
            Err(e) => return Ok((loss, format!("{side:?} failed: {e}"))),
        };
        if elapsed > limit {
            return Ok((loss, format!("{side:?} lost on time")));
        }
        clocks[i] = clocks[i].saturating_sub(elapsed) + config.inc;
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .unwrap_or("")
            .to_string();
        match game.parse_move(&best) {
            Ok(mv) => {
                game.make(mv);
                moves.push(best);
            }
            Err(e) => return Ok((loss, format!("{side:?} illegal move '{best}': {e}"))),
        }
    }
}

/// Score, Elo difference and 95% half-interval (trinomial model).
fn elo(wins: usize, draws: usize, losses: usize) -> (f64, f64, f64, f64) {
    let n = (wins + draws + losses) as f64;
    let score = (wins as f64 + 0.5 * draws as f64) / n;
    let var = (wins as f64 * (1.0 - score).powi(2)
        + draws as f64 * (0.5 - score).powi(2)
        + losses as f64 * score.powi(2))
        / n;
    let se = (var / n).sqrt();
    let to_elo = |s: f64| {
        let s = s.clamp(1e-6, 1.0 - 1e-6);
        -400.0 * (1.0 / s - 1.0).log10()
    };
    let e = to_elo(score);
    let lo = to_elo(score - 1.96 * se);
    let hi = to_elo(score + 1.96 * se);
    (score, e, lo, hi)
}

#[derive(Default)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
    reasons: std::collections::BTreeMap<String, usize>,
}

fn main() {
    let config = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("match: {e}");
            usage();
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let openings: Vec<Vec<String>> = (0..config.games / 2)
        .map(|_| random_opening(&mut rng, config.random_plies))
        .collect();
    let openings = Arc::new(openings);
    let next = Arc::new(AtomicUsize::new(0));
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Instant::now();
    let [a, b] = &config.engines;
    println!(
        "{} vs {}: {} games, tc {:?}+{:?}, concurrency {}, seed {}",
        a.name, b.name, config.games, config.base, config.inc, config.concurrency, config.seed
    );
    let workers: Vec<_> = (0..config.concurrency)
        .map(|_| {
            let config = config.clone();
            let openings = Arc::clone(&openings);
            let next = Arc::clone(&next);
            let tally = Arc::clone(&tally);
            std::thread::spawn(move || {
                let mut procs: [Option<Process>; 2] = [None, None];
                loop {
                    let g = next.fetch_add(1, Ordering::SeqCst);
                    if g >= config.games {
                        return;
                    }
                    for (p, spec) in procs.iter_mut().zip(&config.engines) {
                        if p.is_none() {
                            match Process::start(spec) {
                                Ok(proc_) => *p = Some(proc_),
                                Err(e) => {
                                    eprintln!("match: {e}");
                                    std::process::exit(1);
                                }
                            }
                        }
                    }
                    let [Some(p0), Some(p1)] = &mut procs else {
                        return;
                    };
                    // Game 2k: engine 0 is White; game 2k+1: colours reversed.
                    let first_white = g & 1 == 0;
                    let players = if first_white { [p0, p1] } else { [p1, p0] };
                    let outcome = play(players, &openings[g / 2], &config);
                    let (result, reason) = match outcome {
                        Ok(r) => r,
                        Err(e) => {
                            // A broken pipe or the like: restart both.
                            procs = [None, None];
                            eprintln!("match: game {g} aborted: {e}");
                            continue;
                        }
                    };
                    if reason.contains("failed") || reason.contains("illegal") {
                        procs = [None, None];
                    }
                    let points = match (result, first_white) {
                        (GameResult::Draw, _) => 0.5,
                        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => 1.0,
                        _ => 0.0,
                    };
                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                    match points {
                        p if p > 0.75 => t.wins += 1,
                        p if p < 0.25 => t.losses += 1,
                        _ => t.draws += 1,
                    }
                    *t.reasons.entry(reason.clone()).or_default() += 1;
                    let n = t.wins + t.draws + t.losses;
                    println!(
                        "game {g:>4} opening {:?} {} as {}: {:?} ({reason}); after {n}: +{} ={} -{}",
                        openings[g / 2].join(" "),
                        config.engines[0].name,
                        if first_white { "White" } else { "Black" },
                        result,
                        t.wins,
                        t.draws,
                        t.losses
                    );
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    let t = tally.lock().unwrap_or_else(|e| e.into_inner());
    let n = t.wins + t.draws + t.losses;
    if n == 0 {
        println!("no games finished");
        return;
    }
    let (score, e, lo, hi) = elo(t.wins, t.draws, t.losses);
    println!(
        "{} vs {}: {n} games, +{} ={} -{}, score {:.1}%, Elo {:+.0} (95% {:+.0} .. {:+.0}, ±{:.0}), {:.0} s",
        config.engines[0].name,
        config.engines[1].name,
        t.wins,
        t.draws,
        t.losses,
        100.0 * score,
        e,
        lo,
        hi,
        (hi - lo) / 2.0,
        start.elapsed().as_secs_f64()
    );
    for (reason, count) in &t.reasons {
        println!("  {count:>4} {reason}");
    }
}
