//! Applies `key = value` settings, from either file format, to a match
//! configuration, checking each value as it comes and the whole at the end.

use super::error::ConfigError;
use super::types::{
    GameKind, MatchConfig, Period, Player, TimeControl, DEFAULT_ADJUDICATE, DEFAULT_CPUS,
    DEFAULT_GAME, DEFAULT_GAME_ROUNDS, DEFAULT_TITLE,
};
use std::path::PathBuf;
use std::time::Duration;

pub struct Builder {
    config: MatchConfig,
}

impl Default for Builder {
    fn default() -> Self {
        Builder {
            config: MatchConfig {
                game: DEFAULT_GAME,
                cpus: DEFAULT_CPUS,
                book: None,
                title: DEFAULT_TITLE.to_string(),
                description: None,
                game_rounds: DEFAULT_GAME_ROUNDS,
                adjudicate: DEFAULT_ADJUDICATE,
                players: Vec::new(),
            },
        }
    }
}

fn bad(line: usize, key: &str, value: &str, expected: &'static str) -> ConfigError {
    ConfigError::BadValue {
        line,
        key: key.to_string(),
        value: value.to_string(),
        expected,
    }
}

/// A whole number of at least 1.
fn positive<T: std::str::FromStr + PartialOrd + From<u8>>(
    line: usize,
    key: &str,
    value: &str,
) -> Result<T, ConfigError> {
    match value.parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        _ => Err(bad(line, key, value, "a whole number of at least 1")),
    }
}

/// Seconds: a finite, non-negative decimal.
fn seconds(text: &str) -> Option<f64> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
}

fn parse_fis(line: usize, value: &str) -> Result<TimeControl, ConfigError> {
    let err = || {
        bad(
            line,
            "fis",
            value,
            "`<main seconds> <increment seconds>`, main > 0",
        )
    };
    let parts: Vec<&str> = value.split_whitespace().collect();
    let [main, inc] = parts[..] else {
        return Err(err());
    };
    match (seconds(main), seconds(inc)) {
        (Some(main), Some(increment)) if main > 0.0 => Ok(TimeControl::Fischer { main, increment }),
        _ => Err(err()),
    }
}

fn parse_tc(line: usize, value: &str) -> Result<TimeControl, ConfigError> {
    let err = || {
        bad(
            line,
            "tc",
            value,
            "`<moves> <seconds> [<moves> <seconds>]`, both above 0",
        )
    };
    let period = |moves: &str, secs: &str| -> Option<Period> {
        let moves = moves.parse::<u32>().ok().filter(|&m| m > 0)?;
        let seconds = seconds(secs).filter(|&s| s > 0.0)?;
        Some(Period { moves, seconds })
    };
    let parts: Vec<&str> = value.split_whitespace().collect();
    let (first, then) = match parts[..] {
        [m, s] => {
            let p = period(m, s).ok_or_else(err)?;
            (p, p)
        }
        [m, s, m2, s2] => (
            period(m, s).ok_or_else(err)?,
            period(m2, s2).ok_or_else(err)?,
        ),
        _ => return Err(err()),
    };
    Ok(TimeControl::Tournament { first, then })
}

impl Builder {
    /// Applies one setting found at `line`.
    pub fn apply(&mut self, line: usize, key: &str, value: &str) -> Result<(), ConfigError> {
        if value.is_empty() {
            return Err(bad(line, key, value, "a value"));
        }
        let c = &mut self.config;
        // Match-wide keys count wherever they appear, as in MIT's tester.
        match key {
            "game" => {
                c.game = value
                    .parse()
                    .map_err(|()| bad(line, key, value, GameKind::expected()))?
            }
            "cpus" => c.cpus = positive(line, key, value)?,
            "book" => c.book = Some(PathBuf::from(value)),
            "title" => c.title = value.to_string(),
            "desc" => c.description = Some(value.to_string()),
            "game_rounds" => c.game_rounds = positive(line, key, value)?,
            "adjudicate" => c.adjudicate = positive(line, key, value)?,
            "player" => self.start_player(line, value)?,
            _ => self.apply_to_player(line, key, value)?,
        }
        Ok(())
    }

    pub fn start_player(&mut self, line: usize, name: &str) -> Result<(), ConfigError> {
        if self.config.players.iter().any(|p| p.name == name) {
            return Err(ConfigError::DuplicatePlayer {
                line,
                name: name.to_string(),
            });
        }
        self.config.players.push(Player {
            name: name.to_string(),
            invoke: String::new(),
            family: name.to_string(),
            time_control: None,
            depth: None,
            nodes: None,
            movetime: None,
            time_margin: None,
            restart: false,
            options: Vec::new(),
        });
        Ok(())
    }

    fn apply_to_player(&mut self, line: usize, key: &str, value: &str) -> Result<(), ConfigError> {
        let Some(p) = self.config.players.last_mut() else {
            return Err(ConfigError::OutsidePlayer {
                line,
                key: key.to_string(),
            });
        };
        let mut set_clock = |tc: TimeControl| {
            if p.time_control.is_some() {
                return Err(ConfigError::TwoTimeControls {
                    line,
                    name: p.name.clone(),
                });
            }
            p.time_control = Some(tc);
            Ok(())
        };
        match key {
            "invoke" => p.invoke = value.to_string(),
            "family" => p.family = value.to_string(),
            "fis" => set_clock(parse_fis(line, value)?)?,
            "tc" => set_clock(parse_tc(line, value)?)?,
            "depth" => p.depth = Some(positive(line, key, value)?),
            // The engine keys of fastchess and cutechess, as `-engine`
            // takes them: `st` seconds a move, `timemargin` in ms,
            // `restart` on or off.
            "st" => {
                let secs = seconds(value)
                    .filter(|&s| s > 0.0)
                    .ok_or_else(|| bad(line, key, value, "seconds above 0"))?;
                p.movetime = Some(Duration::from_secs_f64(secs));
            }
            "timemargin" => {
                let millis: u64 = value
                    .parse()
                    .map_err(|_| bad(line, key, value, "milliseconds, a whole number"))?;
                p.time_margin = Some(Duration::from_millis(millis));
            }
            "restart" => {
                p.restart = match value {
                    "on" | "true" => true,
                    "off" | "false" => false,
                    _ => return Err(bad(line, key, value, "on or off")),
                }
            }
            // MIT accepts thousands separators: `nodes = 1,000,000`.
            "nodes" => {
                let digits: String = value
                    .chars()
                    .filter(|c| !matches!(c, ',' | '.' | '_'))
                    .collect();
                p.nodes = Some(
                    positive(line, key, &digits)
                        .map_err(|_| bad(line, key, value, "a whole number of at least 1"))?,
                );
            }
            _ => self.add_option(line, key, value)?,
        }
        Ok(())
    }

    /// An engine option for the current player.
    pub fn add_option(&mut self, line: usize, key: &str, value: &str) -> Result<(), ConfigError> {
        let Some(p) = self.config.players.last_mut() else {
            return Err(ConfigError::OutsidePlayer {
                line,
                key: key.to_string(),
            });
        };
        match p.options.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value.to_string(),
            None => p.options.push((key.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Checks the configuration as a whole.
    pub fn finish(self) -> Result<MatchConfig, ConfigError> {
        let c = self.config;
        for p in &c.players {
            if p.invoke.is_empty() {
                return Err(ConfigError::MissingInvoke {
                    name: p.name.clone(),
                });
            }
            let limited = p.time_control.is_some() || p.movetime.is_some();
            if !limited && p.depth.is_none() && p.nodes.is_none() {
                return Err(ConfigError::NoLimit {
                    name: p.name.clone(),
                });
            }
            if p.time_control.is_some() && p.movetime.is_some() {
                return Err(ConfigError::ClockAndMoveTime {
                    name: p.name.clone(),
                });
            }
        }
        if c.players.len() < 2 {
            return Err(ConfigError::TooFewPlayers {
                found: c.players.len(),
            });
        }
        if c.players.iter().all(|p| p.family == c.players[0].family) {
            return Err(ConfigError::OneFamily {
                family: c.players[0].family.clone(),
            });
        }
        Ok(c)
    }
}
