//! UCI input lines parsed into [`Command`]s. Parsing knows no game: FENs
//! and moves stay text until the driver checks them against the game.

use std::time::Duration;

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
    /// `ponderhit`: accepted and ignored (no pondering).
    PonderHit,
    /// `perft <depth>`, in the game's own format.
    Perft(u32),
    /// `d` or `display`.
    Display,
    Eval,
    /// `bench [depth]`.
    Bench(Option<u32>),
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
    pub infinite: bool,
    /// `go perft <depth>`: count instead of searching.
    pub perft: Option<u32>,
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
            movetime: self.movetime.map(ms),
            clock,
            infinite: self.infinite,
        }
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

fn parse_go<'a>(mut tokens: impl Iterator<Item = &'a str>) -> Result<Go, UciError> {
    let mut go = Go::default();
    while let Some(token) = tokens.next() {
        match token {
            "wtime" => go.wtime = Some(value(&mut tokens, token)?),
            "btime" => go.btime = Some(value(&mut tokens, token)?),
            "winc" => go.winc = Some(value(&mut tokens, token)?),
            "binc" => go.binc = Some(value(&mut tokens, token)?),
            "time" => go.time = Some(value(&mut tokens, token)?),
            "inc" => go.inc = Some(value(&mut tokens, token)?),
            "movestogo" => go.movestogo = Some(value(&mut tokens, token)?),
            "depth" => go.depth = Some(value(&mut tokens, token)?),
            "nodes" => go.nodes = Some(value(&mut tokens, token)?),
            "movetime" => go.movetime = Some(value(&mut tokens, token)?),
            "perft" => go.perft = Some(value(&mut tokens, token)?),
            "infinite" => go.infinite = true,
            // Accepted and ignored: we do not ponder.
            "ponder" => {}
            other => return Err(UciError::UnknownToken(other.to_string())),
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
            no_more(tokens, Command::Perft(depth))?
        }
        "d" | "display" => no_more(tokens, Command::Display)?,
        "eval" => no_more(tokens, Command::Eval)?,
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
    use super::{parse, Command, Go};
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
        assert_eq!(parse("bench"), Ok(Some(Command::Bench(None))));
        assert_eq!(parse("bench 7"), Ok(Some(Command::Bench(Some(7)))));
        assert_eq!(parse("perft 3"), Ok(Some(Command::Perft(3))));
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
        assert_eq!(go("go perft 4").perft, Some(4));
        // A GUI may send a negative clock when flagging.
        let c = go("go wtime -50").limits(Side::White).clock.expect("clock");
        assert_eq!(c.remaining, Duration::ZERO);

        assert!(parse("go depth").is_err());
        assert!(parse("go depth x").is_err());
        assert!(parse("go depth -3").is_err());
        assert!(parse("go sideways").is_err());
    }
}
