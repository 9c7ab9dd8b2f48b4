//! UCI input lines parsed into [`Command`]s. Parsing knows no game: FENs
//! and moves stay text until the driver checks them against the game.

use std::time::Duration;

use crate::game::PerftCount;
use crate::game::Side;
use crate::time::{Clock, Limits};

use super::error::UciError;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    IsReady,
    UciNewGame,
    /// `setoption name <name> [value <value>]`; the name may have spaces.
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// `position startpos|fen <fen> [moves …]`; `fen: None` is startpos.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    Quit,
    /// `ponderhit`: the move pondered on was played; the clock starts.
    PonderHit,
    /// `perft <depth> [legal|make]`, in the game's own format.
    Perft(PerftRequest),
    /// `d` or `display`.
    Display,
    Eval,
    /// `tunables`: the search constants SPSA may tune, as the lines of a
    /// fishtest parameter file (`autotester tune --params`).
    Tunables,
    /// `bench [depth]`.
    Bench(Option<u32>),
}

impl Command {
    /// Whether the command needs the engine, or changes what a running job
    /// would see (`go`, `position`, `setoption`, `ucinewgame`, `bench`,
    /// `perft`): then it waits while a job runs.
    pub fn waits_for_job(&self) -> bool {
        self.starts_job()
            || matches!(
                self,
                Command::Position { .. } | Command::SetOption { .. } | Command::UciNewGame
            )
    }

    /// Whether the command runs as a job (a search or a count).
    pub fn starts_job(&self) -> bool {
        matches!(self, Command::Go(_) | Command::Bench(_) | Command::Perft(_))
    }
}

/// What `perft <depth> [legal|make]` and `go perft <depth> [legal|make]`
/// count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftRequest {
    pub depth: u32,
    pub count: PerftCount,
}

/// The words after a perft depth that ask for a count other than the
/// game's own: `legal` (every rule of play applied) and `make` (the
/// game's own count, every move above the last ply made).
const PERFT_WORDS: [(&str, PerftCount); 2] =
    [("legal", PerftCount::Legal), ("make", PerftCount::Make)];

/// The word after a perft depth, if there: which count is asked.
fn perft_count<'a>(tokens: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>) -> PerftCount {
    let count = tokens
        .peek()
        .and_then(|t| PERFT_WORDS.iter().find(|(w, _)| w == t))
        .map(|&(_, count)| count);
    if count.is_some() {
        tokens.next();
    }
    count.unwrap_or(PerftCount::Rules)
}

/// The parameters of `go`, as given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    /// The side to move's clock (Leiserchess protocol: `time`, `inc`).
    pub time: Option<i64>,
    pub inc: Option<i64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<i64>,
    /// `mate N`: look for a mate in at most N moves.
    pub mate: Option<u32>,
    pub infinite: bool,
    /// `ponder`: search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `searchmoves …`: only these root moves (as text; the driver checks
    /// them against the position).
    pub searchmoves: Vec<String>,
    /// `go perft <depth> [legal|make]`: count instead of searching.
    pub perft: Option<PerftRequest>,
    /// What was wrong with the line. The rest of it is still used: a GUI
    /// waits for a `bestmove` after any `go`.
    pub problems: Vec<UciError>,
}

fn ms(v: i64) -> Duration {
    Duration::from_millis(v.max(0) as u64)
}

impl Go {
    /// The search limits for `side` to move.
    pub fn limits(&self, side: Side) -> Limits {
        let (time, inc) = match side {
            Side::White => (self.wtime, self.winc),
            Side::Black => (self.btime, self.binc),
        };
        // `time`/`inc` name the side to move's clock directly.
        let time = self.time.or(time);
        let inc = self.inc.or(inc);
        let clock = time.map(|t| Clock {
            remaining: ms(t),
            increment: ms(inc.unwrap_or(0)),
            moves_to_go: self.movestogo.filter(|&m| m > 0),
        });
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            soft_nodes: None,
            movetime: self.movetime.map(ms),
            clock,
            mate: self.mate.filter(|&m| m > 0),
            infinite: self.infinite,
        }
    }

    /// Whether only `stop` (or `ponderhit` and then the clock) ends this
    /// search for `side` to move.
    pub fn waits_for_stop(&self, side: Side) -> bool {
        self.ponder || self.limits(side).is_unbounded()
    }
}

fn value<'a, T: std::str::FromStr>(
    tokens: &mut impl Iterator<Item = &'a str>,
    field: &str,
) -> Result<T, UciError> {
    let text = tokens
        .next()
        .ok_or_else(|| UciError::MissingValue(field.to_string()))?;
    text.parse().map_err(|_| UciError::BadValue {
        field: field.to_string(),
        value: text.to_string(),
    })
}

/// The words that start a `go` parameter (and end a `searchmoves` list).
const GO_KEYWORDS: [&str; 15] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "time",
    "inc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "mate",
    "perft",
    "infinite",
    "ponder",
    "searchmoves",
];

/// The value after a `go` parameter. A missing value does not swallow the
/// next parameter's name.
fn go_value<'a, T: std::str::FromStr>(
    tokens: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
    field: &str,
) -> Result<T, UciError> {
    match tokens.next_if(|t| !GO_KEYWORDS.contains(t)) {
        Some(text) => text.parse().map_err(|_| UciError::BadValue {
            field: field.to_string(),
            value: text.to_string(),
        }),
        None => Err(UciError::MissingValue(field.to_string())),
    }
}

/// Parses `go`. Unlike other commands a bad part does not reject the line:
/// it is recorded in `problems` and the rest is kept. Only a bad `perft`
/// rejects it, since nothing would be left to do.
fn parse_go<'a>(tokens: impl Iterator<Item = &'a str>) -> Result<Go, UciError> {
    let mut go = Go::default();
    let mut tokens = tokens.peekable();
    while let Some(token) = tokens.next() {
        let parsed = match token {
            "wtime" => go_value(&mut tokens, token).map(|v| go.wtime = Some(v)),
            "btime" => go_value(&mut tokens, token).map(|v| go.btime = Some(v)),
            "winc" => go_value(&mut tokens, token).map(|v| go.winc = Some(v)),
            "binc" => go_value(&mut tokens, token).map(|v| go.binc = Some(v)),
            "time" => go_value(&mut tokens, token).map(|v| go.time = Some(v)),
            "inc" => go_value(&mut tokens, token).map(|v| go.inc = Some(v)),
            "movestogo" => go_value(&mut tokens, token).map(|v| go.movestogo = Some(v)),
            "depth" => go_value(&mut tokens, token).map(|v| go.depth = Some(v)),
            "nodes" => go_value(&mut tokens, token).map(|v| go.nodes = Some(v)),
            "movetime" => go_value(&mut tokens, token).map(|v| go.movetime = Some(v)),
            "mate" => go_value(&mut tokens, token).map(|v| go.mate = Some(v)),
            "perft" => {
                let depth = go_value(&mut tokens, token)?;
                let count = perft_count(&mut tokens);
                go.perft = Some(PerftRequest { depth, count });
                Ok(())
            }
            "infinite" => {
                go.infinite = true;
                Ok(())
            }
            "ponder" => {
                go.ponder = true;
                Ok(())
            }
            "searchmoves" => {
                while let Some(mv) = tokens.next_if(|t| !GO_KEYWORDS.contains(t)) {
                    go.searchmoves.push(mv.to_string());
                }
                Ok(())
            }
            other => Err(UciError::UnknownToken(other.to_string())),
        };
        if let Err(problem) = parsed {
            go.problems.push(problem);
        }
    }
    Ok(go)
}

fn parse_position<'a>(mut tokens: impl Iterator<Item = &'a str>) -> Result<Command, UciError> {
    let fen = match tokens.next() {
        Some("startpos") => None,
        Some("fen") => {
            // Every token up to `moves` belongs to the FEN (two fields in
            // Leiserchess, six in chess).
            let mut fields = Vec::new();
            for t in tokens.by_ref() {
                if t == "moves" {
                    break;
                }
                fields.push(t);
            }
            if fields.is_empty() {
                return Err(UciError::MissingValue("fen".to_string()));
            }
            let rest: Vec<String> = tokens.map(str::to_string).collect();
            return Ok(Command::Position {
                fen: Some(fields.join(" ")),
                moves: rest,
            });
        }
        Some(other) => return Err(UciError::UnknownToken(other.to_string())),
        None => return Err(UciError::MissingValue("startpos or fen".to_string())),
    };
    let moves = match tokens.next() {
        None => Vec::new(),
        Some("moves") => tokens.map(str::to_string).collect(),
        Some(other) => return Err(UciError::UnknownToken(other.to_string())),
    };
    Ok(Command::Position { fen, moves })
}

fn parse_setoption<'a>(mut tokens: impl Iterator<Item = &'a str>) -> Result<Command, UciError> {
    if tokens.next() != Some("name") {
        return Err(UciError::MissingValue("name".to_string()));
    }
    let mut name = Vec::new();
    let mut value = None;
    for t in tokens.by_ref() {
        if t == "value" {
            value = Some(tokens.by_ref().collect::<Vec<_>>().join(" "));
            break;
        }
        name.push(t);
    }
    if name.is_empty() {
        return Err(UciError::MissingValue("name".to_string()));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn no_more<'a>(
    mut tokens: impl Iterator<Item = &'a str>,
    command: Command,
) -> Result<Command, UciError> {
    match tokens.next() {
        None => Ok(command),
        Some(t) => Err(UciError::UnknownToken(t.to_string())),
    }
}

/// Parses one line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, UciError> {
    let mut tokens = line.split_whitespace();
    let Some(first) = tokens.next() else {
        return Ok(None);
    };
    let command = match first {
        "uci" => no_more(tokens, Command::Uci)?,
        "isready" => no_more(tokens, Command::IsReady)?,
        "ucinewgame" => no_more(tokens, Command::UciNewGame)?,
        "setoption" => parse_setoption(tokens)?,
        "position" => parse_position(tokens)?,
        "go" => Command::Go(parse_go(tokens)?),
        // Extra words after these are harmless: never refuse to stop.
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "ponderhit" => Command::PonderHit,
        "perft" => {
            let depth = value(&mut tokens, "perft")?;
            let mut tokens = tokens.peekable();
            let count = perft_count(&mut tokens);
            no_more(tokens, Command::Perft(PerftRequest { depth, count }))?
        }
        "d" | "display" => no_more(tokens, Command::Display)?,
        "eval" => no_more(tokens, Command::Eval)?,
        "tunables" => no_more(tokens, Command::Tunables)?,
        "bench" => {
            let depth = match tokens.next() {
                None => None,
                Some(t) => Some(t.parse().map_err(|_| UciError::BadValue {
                    field: "bench depth".to_string(),
                    value: t.to_string(),
                })?),
            };
            no_more(tokens, Command::Bench(depth))?
        }
        other => return Err(UciError::UnknownCommand(other.to_string())),
    };
    Ok(Some(command))
}

#[cfg(test)]
mod tests {
    use super::{parse, Command, Go, PerftCount, PerftRequest};
    use crate::game::Side;
    use std::time::Duration;

    fn go(line: &str) -> Go {
        match parse(line) {
            Ok(Some(Command::Go(go))) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse("uci"), Ok(Some(Command::Uci)));
        assert_eq!(parse("  isready  "), Ok(Some(Command::IsReady)));
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("d"), Ok(Some(Command::Display)));
        assert_eq!(parse("tunables"), Ok(Some(Command::Tunables)));
        assert_eq!(parse("bench"), Ok(Some(Command::Bench(None))));
        assert_eq!(parse("bench 7"), Ok(Some(Command::Bench(Some(7)))));
        let perft = |depth, count| Ok(Some(Command::Perft(PerftRequest { depth, count })));
        assert_eq!(parse("perft 3"), perft(3, PerftCount::Rules));
        assert_eq!(parse("perft 3 legal"), perft(3, PerftCount::Legal));
        assert_eq!(parse("perft 5 make"), perft(5, PerftCount::Make));
        assert!(parse("perft 3 legall").is_err());
        assert!(parse("perft 3 maker").is_err());
        assert!(parse("perft 3 make legal").is_err());
        assert!(parse("perft 3 legal make").is_err());
        assert!(parse("perft").is_err());
        assert!(parse("perft x").is_err());
        assert!(parse("bogus").is_err());
        assert!(parse("isready now").is_err());
    }

    #[test]
    fn position_takes_all_fen_fields() {
        assert_eq!(
            parse("position fen rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5"),
            Ok(Some(Command::Position {
                fen: Some("rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1".to_string()),
                moves: vec!["e2e4".to_string(), "e7e5".to_string()],
            }))
        );
        assert_eq!(
            parse("position fen ss7/8/8/8/8/8/8/7NN W"),
            Ok(Some(Command::Position {
                fen: Some("ss7/8/8/8/8/8/8/7NN W".to_string()),
                moves: vec![],
            }))
        );
        assert_eq!(
            parse("position startpos moves a b"),
            Ok(Some(Command::Position {
                fen: None,
                moves: vec!["a".to_string(), "b".to_string()],
            }))
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position fen moves e2e4").is_err());
        assert!(parse("position startpos e2e4").is_err());
        assert!(parse("position somewhere").is_err());
    }

    #[test]
    fn setoption_names_with_spaces() {
        assert_eq!(
            parse("setoption name Move Overhead value 30"),
            Ok(Some(Command::SetOption {
                name: "Move Overhead".to_string(),
                value: Some("30".to_string()),
            }))
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Some(Command::SetOption {
                name: "Clear Hash".to_string(),
                value: None,
            }))
        );
        assert!(parse("setoption Hash 3").is_err());
        assert!(parse("setoption name").is_err());
    }

    #[test]
    fn go_parameters() {
        let g = go("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5");
        let white = g.limits(Side::White).clock.expect("clock");
        assert_eq!(white.remaining, Duration::from_millis(1000));
        assert_eq!(white.increment, Duration::from_millis(10));
        assert_eq!(white.moves_to_go, Some(5));
        let black = g.limits(Side::Black).clock.expect("clock");
        assert_eq!(black.remaining, Duration::from_millis(2000));
        assert_eq!(black.increment, Duration::from_millis(20));

        // Leiserchess: the side to move's clock.
        let l = go("go time 5000 inc 100").limits(Side::Black);
        let c = l.clock.expect("clock");
        assert_eq!(
            (c.remaining, c.increment),
            (Duration::from_millis(5000), Duration::from_millis(100))
        );

        let l = go("go depth 6 nodes 1000 movetime 250").limits(Side::White);
        assert_eq!(l.depth, Some(6));
        assert_eq!(l.nodes, Some(1000));
        assert_eq!(l.movetime, Some(Duration::from_millis(250)));
        assert!(l.clock.is_none() && !l.infinite);
        assert!(go("go infinite").limits(Side::White).infinite);
        let perft = |depth, count| Some(PerftRequest { depth, count });
        assert_eq!(go("go perft 4").perft, perft(4, PerftCount::Rules));
        assert_eq!(go("go perft 4 legal").perft, perft(4, PerftCount::Legal));
        assert_eq!(go("go perft 5 make").perft, perft(5, PerftCount::Make));
        // A GUI may send a negative clock when flagging.
        let c = go("go wtime -50").limits(Side::White).clock.expect("clock");
        assert_eq!(c.remaining, Duration::ZERO);

        // A bad part is reported and the rest kept.
        for (line, depth) in [
            ("go depth", None),
            ("go depth x", None),
            ("go depth -3", None),
            ("go sideways depth 4", Some(4)),
            ("go depth movetime 100", None),
        ] {
            let g = go(line);
            assert_eq!(g.problems.len(), 1, "{line}: {g:?}");
            assert_eq!(g.depth, depth, "{line}");
        }
        // A missing value does not swallow the next parameter.
        assert_eq!(go("go depth movetime 100").movetime, Some(100));
        // Nothing to count: the line is refused.
        assert!(parse("go perft x").is_err());
    }

    #[test]
    fn go_mate_ponder_and_searchmoves() {
        let g = go("go searchmoves e2e4 d2d4 ponder wtime 10 mate 3");
        assert_eq!(g.searchmoves, vec!["e2e4".to_string(), "d2d4".to_string()]);
        assert!(g.ponder && g.problems.is_empty());
        assert_eq!(g.limits(Side::White).mate, Some(3));
        assert!(
            g.waits_for_stop(Side::White),
            "pondering waits for ponderhit"
        );
        assert!(!go("go wtime 10").waits_for_stop(Side::White));
        // Only White's clock: Black to move has no bound.
        assert!(go("go wtime 10").waits_for_stop(Side::Black));
        assert!(go("go mate 2").waits_for_stop(Side::White));
        assert!(go("go").waits_for_stop(Side::White));
        assert!(!go("go mate 2 depth 9").waits_for_stop(Side::White));
        assert_eq!(go("go searchmoves").searchmoves, Vec::<String>::new());
    }
}
