//! The typed match configuration both file formats parse into.

use std::path::PathBuf;
use std::time::Duration;

pub use workbench::GameKind;

/// The game of a config file that names none: Leiserchess, as in MIT's
/// autotester. Flag mode only parses with it: without `-game` it asks the
/// engines or refuses (`identify`).
pub const DEFAULT_GAME: GameKind = GameKind::Leiserchess;

/// `moves` moves in `seconds` seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Period {
    pub moves: u32,
    pub seconds: f64,
}

/// A clock, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// `fis main inc`: `main` seconds for the game plus `increment` per move.
    Fischer { main: f64, increment: f64 },
    /// `tc moves secs [moves2 secs2]`: the first period, then the second
    /// repeated for the rest of the game (the first again when not given).
    Tournament { first: Period, then: Period },
}

impl TimeControl {
    /// The PGN `TimeControl` tag value: `6+0.1`, `40/60` or `40/60:20/30`.
    pub fn pgn(&self) -> String {
        match *self {
            TimeControl::Fischer {
                main,
                increment: 0.0,
            } => format!("{main}"),
            TimeControl::Fischer { main, increment } => format!("{main}+{increment}"),
            TimeControl::Tournament { first, then } if first == then => {
                format!("{}/{}", first.moves, first.seconds)
            }
            TimeControl::Tournament { first, then } => format!(
                "{}/{}:{}/{}",
                first.moves, first.seconds, then.moves, then.seconds
            ),
        }
    }
}

/// One engine and how it is run.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub name: String,
    /// The command line that starts the engine.
    pub invoke: String,
    /// Players of one family never meet (MIT's `family`); defaults to the name.
    pub family: String,
    pub time_control: Option<TimeControl>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// `st=` (cutechess, fastchess): a fixed time for every move, sent as
    /// `go movetime`, instead of a clock.
    pub movetime: Option<Duration>,
    /// `timemargin=`: how far this engine may overstep its clock or move
    /// time before it loses; `None` takes the run's margin.
    pub time_margin: Option<Duration>,
    /// `restart=on` (fastchess): a fresh engine process for every game,
    /// for engines that carry state from one game to the next.
    pub restart: bool,
    /// Every other key, sent as `setoption name <key> value <value>`, in
    /// file order (a repeated key keeps its first place, last value).
    pub options: Vec<(String, String)>,
}

/// A whole match or tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    pub game: GameKind,
    /// Games played at once.
    pub cpus: u32,
    /// Opening book file; `None` plays from the start position.
    pub book: Option<PathBuf>,
    /// PGN `Event` tag.
    pub title: String,
    pub description: Option<String>,
    /// Total number of games to play.
    pub game_rounds: u32,
    /// Moves (of both sides) after which a game is adjudicated a draw.
    pub adjudicate: u32,
    pub players: Vec<Player>,
}

/// MIT's defaults: one CPU, title "Autotest", 1000 games, draw at move 400.
pub const DEFAULT_CPUS: u32 = 1;
pub const DEFAULT_TITLE: &str = "Autotest";
pub const DEFAULT_GAME_ROUNDS: u32 = 1000;
pub const DEFAULT_ADJUDICATE: u32 = 400;

#[cfg(test)]
mod tests {
    use super::{Period, TimeControl};

    #[test]
    fn pgn_time_controls() {
        let fis = TimeControl::Fischer {
            main: 6.0,
            increment: 0.1,
        };
        assert_eq!(fis.pgn(), "6+0.1");
        let sudden = TimeControl::Fischer {
            main: 60.0,
            increment: 0.0,
        };
        assert_eq!(sudden.pgn(), "60");
        let p = Period {
            moves: 40,
            seconds: 60.0,
        };
        let q = Period {
            moves: 20,
            seconds: 30.5,
        };
        assert_eq!(TimeControl::Tournament { first: p, then: p }.pgn(), "40/60");
        assert_eq!(
            TimeControl::Tournament { first: p, then: q }.pgn(),
            "40/60:20/30.5"
        );
    }
}
