//! The typed match configuration both file formats parse into.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::OnceLock;

use search::Frontend;

/// Which game the engines play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameKind {
    Chess,
    /// The default, as in MIT's autotester: the 2018 rules.
    #[default]
    Leiserchess,
    /// MIT's 2016 rules (`leiserchess::Leiserchess2016`).
    Leiserchess2016,
}

impl GameKind {
    /// Every game, for parsing a user's choice.
    pub const ALL: [GameKind; 3] = [
        GameKind::Chess,
        GameKind::Leiserchess,
        GameKind::Leiserchess2016,
    ];

    /// The game's own name (`Frontend::NAME`).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Chess => <chess::Chess as Frontend>::NAME,
            GameKind::Leiserchess => <leiserchess::Leiserchess as Frontend>::NAME,
            GameKind::Leiserchess2016 => <leiserchess::Leiserchess2016 as Frontend>::NAME,
        }
    }

    /// The names a user may give, for error messages: `chess,
    /// leiserchess or leiserchess2016`.
    pub fn expected() -> &'static str {
        static TEXT: OnceLock<String> = OnceLock::new();
        TEXT.get_or_init(|| {
            let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
            match names.split_last() {
                Some((last, [])) => last.to_string(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            }
        })
    }
}

impl FromStr for GameKind {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(s))
            .ok_or(())
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
    use super::{GameKind, Period, TimeControl};

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

    #[test]
    fn game_kind_parses_case_insensitively() {
        assert_eq!("Chess".parse(), Ok(GameKind::Chess));
        assert_eq!("leiserchess".parse(), Ok(GameKind::Leiserchess));
        assert_eq!("LeiserChess2016".parse(), Ok(GameKind::Leiserchess2016));
        assert_eq!("go".parse::<GameKind>(), Err(()));
        assert_eq!(
            GameKind::expected(),
            "chess, leiserchess or leiserchess2016"
        );
        for kind in GameKind::ALL {
            assert_eq!(kind.to_string().parse(), Ok(kind));
        }
        assert_eq!(GameKind::default(), GameKind::Leiserchess);
    }
}
