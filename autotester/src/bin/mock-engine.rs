//! `mock-engine`: a scriptable UCI engine for testing the autotester.
//!
//! ```text
//! mock-engine [--game chess|leiserchess|leiserchess2016] [--dialect uci|mit]
//!             [--mode MODE] [--after N]
//!             [--delay-ms MS] [--think-ms MS] [--seed S] [--score CP]
//!             [--pid-file PATH] [--peak NAME=V,...] [--peak-width W]
//!             [--in-game N] [--illegal-move TEXT]
//! ```
//!
//! It plays random legal moves (chosen from the position and the seed, and
//! avoiding moves that end the game when it can). The mode changes what it does at its
//! `N`-th `go` of each game (default 3): `random` nothing; `crash` exits;
//! `hang` stops answering anything; `illegal` answers an illegal move;
//! `timeout` answers, but only after its clock (and a bit) has run out;
//! `flood` answers, then prints `info string` lines without end (while its
//! opponent thinks) and reads nothing more; `flood-line` prints one endless
//! line without a newline instead of answering.
//! `ignore-stop` answers `go infinite` at once and ignores `stop`
//! (otherwise `go infinite` waits for `stop`); `ignore-quit` never exits
//! on `quit`.
//! `--in-game N` keeps the misbehaviour to the N-th game (counted by
//! `ucinewgame`, from 1) instead of every game; `--illegal-move TEXT` is
//! the `illegal` mode's answer (`none`: a `bestmove` without a move).
//! `slow-start` waits `MS` milliseconds (default 1500) before `uciok`.
//! `--think-ms` makes every move take that long (a slow opponent); its `info`
//! line reports that long as its `time`.
//! `--score` fixes the reported score (random in ±50 otherwise).
//! `--pid-file` appends the engine's process id to a file at start.
//!
//! `--dialect mit` speaks like MIT's 2016 Leiserchess players: it reads
//! nothing while it thinks (`isready` is answered after `bestmove`),
//! reports each move as `info depth D move_no K time (microsec) T nodes N
//! nps X` and `info score cp S pv M` lines, answers `ucinewgame`, `stop`
//! and anything it does not know with `Illegal command.  Use 'help' to see
//! possible options.`, skips the word before a `position`'s moves unread,
//! and on end of input without `quit` never exits (MIT's busy-loop, here
//! asleep).
//!
//! `--peak A=30,B=-5` makes a tuning target (for `autotester tune`): it
//! declares spin options `A` and `B` and plays best at those values. Its
//! skill is `1 - d / W` (at least 0), `d` the Euclidean distance of its
//! option values from the peak and `W` the `--peak-width` (default 100).
//! At each move, with probability `skill`, it plays carefully: a move that
//! wins at once if there is one, else one after which the opponent cannot
//! win at once. Otherwise it blunders: a move that loses at once or lets
//! the opponent win at once, if one of a few it tries does, else any move.
//! Games are then mostly races to the first blunder, so the nearer its
//! options to the peak, the better it scores against another instance
//! (decisive in Leiserchess, where kings get zapped). Its random choices
//! depend on its option values too, so two instances set differently
//! choose differently.

//!
//! It plays any game through the game object (`GameKind::game`), as the
//! autotester referees it.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use search::Side;
use std::io::{BufRead, Write};
use std::time::Duration;
use workbench::{DynGame, GameKind, GameType, MoveId};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Random,
    Crash,
    Hang,
    Illegal,
    SlowStart,
    Timeout,
    Flood,
    FloodLine,
    /// Answers `go infinite` at once, and ignores `stop`.
    IgnoreStop,
    /// Never exits on `quit`.
    IgnoreQuit,
}

/// How the mock speaks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Uci,
    /// MIT's 2016 Leiserchess players (see the module's comment).
    Mit,
}

/// MIT's answer to a command it does not know.
const ILLEGAL_COMMAND: &str = "Illegal command.  Use 'help' to see possible options.";

struct Args {
    game: &'static dyn GameType,
    dialect: Dialect,
    mode: Mode,
    after: u32,
    delay: Duration,
    think: Duration,
    seed: u64,
    score: Option<i32>,
    pid_file: Option<String>,
    peak: Option<Peak>,
    /// `--in-game`: the one game (from 1) in which the mode applies.
    in_game: Option<u32>,
    /// `--illegal-move`: what the `illegal` mode answers.
    illegal_move: Option<String>,
}

/// What `probe` finds in `game` after `mv`, which is then taken back;
/// `None` if `mv` is not legal there.
fn after<T>(
    game: &mut dyn DynGame,
    mv: MoveId,
    probe: impl FnOnce(&mut dyn DynGame) -> T,
) -> Option<T> {
    game.make(mv).ok()?;
    let found = probe(game);
    game.unmake();
    Some(found)
}

/// `--peak`: spin options and the values at which the mock plays best.
#[derive(Clone, Debug)]
struct Peak {
    names: Vec<String>,
    target: Vec<f64>,
    /// The values set over UCI (0 until set).
    values: Vec<f64>,
    width: f64,
}

impl Peak {
    /// Parses `A=30,B=-5`.
    fn parse(text: &str) -> Result<Peak, String> {
        let mut peak = Peak {
            names: Vec::new(),
            target: Vec::new(),
            values: Vec::new(),
            width: 100.0,
        };
        for part in text.split(',') {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| format!("--peak {part:?}: expected NAME=VALUE"))?;
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("--peak {part:?}: bad value"))?;
            peak.names.push(name.trim().to_string());
            peak.target.push(value);
            peak.values.push(0.0);
        }
        Ok(peak)
    }

    /// The `option` lines of the `uci` answer.
    fn declarations(&self) -> Vec<String> {
        self.names
            .iter()
            .map(|n| format!("option name {n} type spin default 0 min -1000000 max 1000000"))
            .collect()
    }

    /// Takes `setoption name N value V` for one of the peak's options.
    fn set(&mut self, line: &str) {
        let Some(rest) = line.strip_prefix("setoption name ") else {
            return;
        };
        let Some((name, value)) = rest.split_once(" value ") else {
            return;
        };
        let Some(i) = self.names.iter().position(|n| n == name.trim()) else {
            return;
        };
        if let Ok(v) = value.trim().parse() {
            self.values[i] = v;
        }
    }

    /// A number that differs with the option values, so that two instances
    /// set differently choose differently in the same position.
    fn salt(&self) -> u64 {
        self.values.iter().fold(0x9E37_79B9_7F4A_7C15, |h, v| {
            (h ^ v.to_bits())
                .wrapping_mul(0x0100_0000_01B3)
                .rotate_left(29)
        })
    }

    /// 1 at the peak, 0 at `width` from it and beyond. As blunders decide
    /// the games, one instance's chance to beat another is about the ratio
    /// of their distances: a signal that does not fade far from the peak.
    fn skill(&self) -> f64 {
        let d2: f64 = self
            .values
            .iter()
            .zip(&self.target)
            .map(|(v, t)| (v - t) * (v - t))
            .sum();
        (1.0 - d2.sqrt() / self.width).max(0.0)
    }

    /// With probability `skill` a careful move: one that wins at once if
    /// there is one, else one after which the opponent cannot win at once.
    /// Otherwise a blunder: one that loses at once or lets the opponent
    /// win at once (among a few tried), else any move.
    fn choose(&self, game: &mut dyn DynGame, rng: &mut StdRng) -> Option<MoveId> {
        let mut moves = game.legal_moves();
        moves.shuffle(rng);
        let careful = rng.gen::<f64>() < self.skill();
        let me = game.side_to_move();
        let mut safe = Vec::new();
        for (i, &mv) in moves.iter().enumerate() {
            let Some((winner, blunder)) = after(game, mv, |game| {
                let winner = game.outcome().and_then(|o| o.winner);
                // Blunders are looked for among a few moves only (it is slow).
                let blunder =
                    winner.is_none() && !careful && i < BLUNDER_TRIES && can_win_at_once(game);
                (winner, blunder)
            }) else {
                continue;
            };
            match winner {
                Some(side) if (side == me) == careful => return Some(mv),
                None if blunder => return Some(mv),
                None => safe.push(mv),
                Some(_) => {}
            }
        }
        if !careful {
            return moves.first().copied();
        }
        let careful_move = safe
            .iter()
            .copied()
            .find(|&mv| after(game, mv, can_win_at_once) == Some(false));
        careful_move
            .or_else(|| safe.first().copied())
            .or_else(|| moves.first().copied())
    }
}

/// How many moves an unskilled mock tries for a blunder.
const BLUNDER_TRIES: usize = 6;

/// Whether the side to move has a move that wins at once.
fn can_win_at_once(game: &mut dyn DynGame) -> bool {
    let me = game.side_to_move();
    game.legal_moves().into_iter().any(|mv| {
        after(game, mv, |game| {
            game.outcome().is_some_and(|o| o.winner == Some(me))
        }) == Some(true)
    })
}

/// The value of `flag`, read as a `T`.
fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("bad {flag}"))
}

fn parse_mode(value: &str) -> Result<Mode, String> {
    Ok(match value {
        "random" => Mode::Random,
        "crash" => Mode::Crash,
        "hang" => Mode::Hang,
        "illegal" => Mode::Illegal,
        "slow-start" => Mode::SlowStart,
        "timeout" => Mode::Timeout,
        "flood" => Mode::Flood,
        "flood-line" => Mode::FloodLine,
        "ignore-stop" => Mode::IgnoreStop,
        "ignore-quit" => Mode::IgnoreQuit,
        _ => return Err(format!("unknown mode {value}")),
    })
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        game: GameKind::Chess.game(),
        dialect: Dialect::Uci,
        mode: Mode::Random,
        after: 3,
        delay: Duration::from_millis(1500),
        think: Duration::ZERO,
        seed: 0,
        score: None,
        pid_file: None,
        peak: None,
        in_game: None,
        illegal_move: None,
    };
    let mut width = None;
    // `args_os`: an argument that is not UTF-8 is an error, not a panic.
    let words: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| {
            a.into_string()
                .map_err(|bad| format!("{} is not UTF-8 text", bad.to_string_lossy()))
        })
        .collect::<Result<_, _>>()?;
    let mut it = words.into_iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let ms = |v: &str| number(&flag, v).map(Duration::from_millis);
        match flag.as_str() {
            "--game" => {
                let kind: GameKind = value
                    .parse()
                    .map_err(|()| format!("unknown game {value}"))?;
                args.game = kind.game();
            }
            "--dialect" => {
                args.dialect = match value.as_str() {
                    "uci" => Dialect::Uci,
                    "mit" => Dialect::Mit,
                    _ => return Err(format!("unknown dialect {value}")),
                }
            }
            "--mode" => args.mode = parse_mode(&value)?,
            "--after" => args.after = number(&flag, &value)?,
            "--delay-ms" => args.delay = ms(&value)?,
            "--think-ms" => args.think = ms(&value)?,
            "--seed" => args.seed = number(&flag, &value)?,
            "--score" => args.score = Some(number(&flag, &value)?),
            "--pid-file" => args.pid_file = Some(value),
            "--peak" => args.peak = Some(Peak::parse(&value)?),
            "--peak-width" => width = Some(number(&flag, &value)?),
            "--in-game" => args.in_game = Some(number(&flag, &value)?),
            "--illegal-move" => args.illegal_move = Some(value),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if let (Some(peak), Some(width)) = (args.peak.as_mut(), width) {
        peak.width = width;
    }
    Ok(args)
}

/// The position of a `position` command in `game`, or `None` if it is
/// broken.
fn position(game: &dyn GameType, line: &str) -> Option<Box<dyn DynGame>> {
    let rest = line.strip_prefix("position")?.trim();
    let (setup, moves) = match rest.split_once("moves") {
        Some((s, m)) => (s.trim(), m),
        None => (rest, ""),
    };
    let mut position = if setup == "startpos" {
        game.start()
    } else {
        game.open(setup.strip_prefix("fen")?.trim()).ok()?
    };
    for text in moves.split_whitespace() {
        let mv = position.parse(text).ok()?;
        position.make(mv).ok()?;
    }
    Some(position)
}

/// The position of a `position` command as MIT's players read it: the
/// base position, one word skipped unread (`moves`), then the moves. An
/// illegal move is reported and leaves the base position.
fn position_mit(game: &dyn GameType, line: &str, out: &mut impl Write) -> Option<Box<dyn DynGame>> {
    let mut words = line.split_whitespace().skip(1);
    let base = match words.next()? {
        "startpos" => game.start(),
        "fen" => {
            let fen = format!("{} {}", words.next()?, words.next()?);
            game.open(&fen).ok()?
        }
        _ => return None,
    };
    let _unread = words.next();
    let mut position = base.clone();
    for text in words {
        if position
            .parse(text)
            .and_then(|mv| position.make(mv))
            .is_err()
        {
            say(out, &format!("info string Move {text} is illegal"));
            return Some(base);
        }
    }
    Some(position)
}

/// The side to move's clock in milliseconds from a `go` line.
fn own_time(go: &str, side: Side) -> Option<u64> {
    let key = match side {
        Side::White => "wtime",
        Side::Black => "btime",
    };
    let tokens: Vec<&str> = go.split_whitespace().collect();
    tokens
        .windows(2)
        .find(|w| w[0] == "time" || w[0] == key)
        .and_then(|w| w[1].parse().ok())
}

/// A move text that is not legal here.
fn illegal_move(game: &dyn DynGame) -> String {
    let squares: Vec<String> = ('a'..='h')
        .flat_map(|f| ('1'..='8').map(move |r| format!("{f}{r}")))
        .collect();
    for from in &squares {
        for to in &squares {
            let text = format!("{from}{to}");
            if from != to && game.parse(&text).is_err() {
                return text;
            }
        }
    }
    "a1a1".into()
}

/// Writes `chunk` again and again until the reader closes the pipe.
fn flood(out: &mut impl Write, chunk: &[u8]) -> ! {
    loop {
        if out.write_all(chunk).and_then(|()| out.flush()).is_err() {
            std::process::exit(0);
        }
    }
}

fn say(out: &mut impl Write, line: &str) {
    // A closed pipe means the tester is gone: nothing left to do.
    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
        std::process::exit(0);
    }
}

/// The legal moves that do not end the game at once (mate, a zapped king,
/// a draw), so that a misbehaviour due at the mock's N-th move is reached;
/// all legal moves when every one of them ends the game.
fn moves_that_play_on(game: &mut dyn DynGame) -> Vec<MoveId> {
    let moves = game.legal_moves();
    let playing_on: Vec<MoveId> = moves
        .iter()
        .copied()
        .filter(|&mv| after(game, mv, |game| game.outcome().is_none()) == Some(true))
        .collect();
    if playing_on.is_empty() {
        moves
    } else {
        playing_on
    }
}

/// The misbehaviour due at this `go`, if any; `true` when it answered.
fn misbehave(args: &Args, line: &str, game: &dyn DynGame, out: &mut impl Write) -> bool {
    match args.mode {
        Mode::Crash => std::process::exit(3),
        Mode::Hang => loop {
            std::thread::sleep(Duration::from_secs(3600));
        },
        Mode::FloodLine => flood(out, &[b'x'; 4096]),
        Mode::Illegal => {
            let text = match args.illegal_move.as_deref() {
                Some("none") => String::new(),
                Some(text) => text.to_string(),
                None => illegal_move(game),
            };
            say(out, format!("bestmove {text}").trim_end());
            return true;
        }
        Mode::Timeout => {
            let ms = own_time(line, game.side_to_move()).unwrap_or(1000);
            std::thread::sleep(Duration::from_millis(ms + 400));
        }
        Mode::Random | Mode::SlowStart | Mode::Flood | Mode::IgnoreStop | Mode::IgnoreQuit => {}
    }
    false
}

/// Answers a `go`: an `info` line and the move.
fn answer_go(args: &Args, peak: Option<&Peak>, game: &mut dyn DynGame, out: &mut impl Write) {
    std::thread::sleep(args.think);
    // Random, but a function of the position (and the seed), so
    // a test's games do not depend on which process plays them.
    let salt = peak.map_or(0, Peak::salt);
    let mut rng = StdRng::seed_from_u64(args.seed ^ game.hash() ^ salt);
    let score: i32 = args.score.unwrap_or_else(|| rng.gen_range(-50..=50));
    let choice = match peak {
        Some(peak) => peak.choose(game, &mut rng),
        None => moves_that_play_on(game).choose(&mut rng).copied(),
    };
    let text = choice.and_then(|mv| game.move_text(mv).ok());
    match args.dialect {
        // Its thinking time as its own `time`, from which the referee
        // tells the latency (`-pgnout latency=true`).
        Dialect::Uci => say(
            out,
            &format!(
                "info depth 1 seldepth 2 score cp {score} nodes 1 nps 1000 time {}",
                args.think.as_millis()
            ),
        ),
        Dialect::Mit => {
            // Two better root moves, at depths 1 and 2: the move's depth
            // is on the line before its score.
            let first = text.as_deref().unwrap_or("h0h0");
            for (depth, cp) in [(1, score - 1), (2, score)] {
                say(
                    out,
                    &format!("info depth {depth} move_no 1 time (microsec) 120 nodes 9 nps 75000"),
                );
                say(out, &format!("info score cp {cp} pv {first}"));
            }
        }
    }
    say(
        out,
        &format!("bestmove {}", text.as_deref().unwrap_or("0000")),
    );
}

/// The answer to `uci`: the mock's name, how it shows its game, the
/// peak's options.
fn answer_uci(args: &Args, peak: Option<&Peak>, out: &mut impl Write) {
    if args.mode == Mode::SlowStart {
        std::thread::sleep(args.delay);
    }
    say(out, "id name mock-engine");
    say(out, "id author autotester tests");
    // As our engines show their game: a rule set chosen by `UCI_Variant`
    // (Leiserchess), nothing for chess. MIT's players declare evaluation
    // weights but no variant.
    match (args.dialect, args.game.uci_variant()) {
        (Dialect::Uci, Some(v)) => say(
            out,
            &format!("option name UCI_Variant type combo default {v} var {v}"),
        ),
        (Dialect::Mit, _) => say(out, "option name kface type spin default 50 min 0 max 100"),
        (Dialect::Uci, None) => {}
    }
    // A game played by switching an engine (Chess960: `UCI_Chess960`);
    // the mock writes its moves as its game does either way.
    if let Some(switch) = args.game.uci_switch() {
        say(
            out,
            &format!("option name {switch} type check default false"),
        );
    }
    for option in peak.iter().flat_map(|p| p.declarations()) {
        say(out, &option);
    }
    say(out, "uciok");
}

/// The mock between commands: its position, options and `go` count.
struct Mock<'a> {
    args: &'a Args,
    game: Box<dyn DynGame>,
    peak: Option<Peak>,
    /// `go` commands of this game so far.
    goes: u32,
    /// `ucinewgame` commands so far: the number of the game in play.
    games: u32,
    /// A `go infinite` waiting for `stop`.
    pondering: bool,
}

impl Mock<'_> {
    /// Takes a `position` command.
    fn position(&mut self, line: &str, out: &mut impl Write) {
        let parsed = match self.args.dialect {
            Dialect::Uci => position(self.args.game, line),
            Dialect::Mit => position_mit(self.args.game, line, out),
        };
        match parsed {
            Some(g) => self.game = g,
            None => say(out, "info string bad position"),
        }
    }

    /// Takes a `go` that is not a `go infinite` waiting for `stop`.
    fn go(&mut self, line: &str, out: &mut impl Write) {
        let args = self.args;
        self.goes += 1;
        let in_game = args.in_game.is_none_or(|n| n == self.games);
        let triggered = self.goes == args.after && in_game;
        if triggered && misbehave(args, line, &*self.game, out) {
            return;
        }
        answer_go(args, self.peak.as_ref(), &mut *self.game, out);
        if args.mode == Mode::Flood && triggered {
            let line = "info string flood ".repeat(4) + "\n";
            flood(out, line.repeat(256).as_bytes());
        }
    }

    /// Takes one command; `false` once it is to exit.
    fn command(&mut self, line: &str, out: &mut impl Write) -> bool {
        let args = self.args;
        match line.split_whitespace().next().unwrap_or("") {
            "uci" => answer_uci(args, self.peak.as_ref(), out),
            "isready" => say(out, "readyok"),
            "setoption" => {
                if let Some(peak) = self.peak.as_mut() {
                    peak.set(line);
                }
            }
            "ucinewgame" if args.dialect == Dialect::Uci => {
                self.goes = 0;
                self.games += 1;
            }
            "position" => self.position(line, out),
            "go" if line.contains("infinite") && args.mode != Mode::IgnoreStop => {
                self.pondering = true
            }
            "stop" if self.pondering => {
                self.pondering = false;
                answer_go(args, self.peak.as_ref(), &mut *self.game, out);
            }
            "go" => self.go(line, out),
            "quit" if args.mode == Mode::IgnoreQuit => {}
            "quit" => return false,
            _ if args.dialect == Dialect::Mit => say(out, ILLEGAL_COMMAND),
            _ => {}
        }
        true
    }
}

fn run(args: &Args) {
    let mut out = std::io::stdout();
    let mut mock = Mock {
        args,
        game: args.game.start(),
        peak: args.peak.clone(),
        goes: 0,
        games: 0,
        pondering: false,
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if !mock.command(line.trim(), &mut out) {
            return;
        }
    }
    // End of input without `quit`: MIT's players never exit.
    if args.dialect == Dialect::Mit {
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
}

/// `--pid-file`: appends the process id, in one write, so that engines
/// appending at once do not mix.
fn write_pid(path: &str) -> std::io::Result<()> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(format!("{}\n", std::process::id()).as_bytes()))
}

fn main() -> std::process::ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("mock-engine: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    if let Some(path) = &args.pid_file {
        if let Err(e) = write_pid(path) {
            eprintln!("mock-engine: {path}: {e}");
            return std::process::ExitCode::from(2);
        }
    }
    run(&args);
    std::process::ExitCode::SUCCESS
}
