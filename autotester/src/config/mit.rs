//! MIT 6.172's autotester format: `key = value` lines, `#` comment lines,
//! match-wide keys (`cpus`, `book`, `title`, `game_rounds`, `adjudicate`,
//! and our `game`), then player sections opened by `player = <name>`.

use super::builder::Builder;
use super::error::ConfigError;
use super::types::MatchConfig;

/// Parses the text of an MIT-style configuration file.
pub fn parse(text: &str) -> Result<MatchConfig, ConfigError> {
    let mut b = Builder::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        // Split at the first '=' only, so values such as `--hash=64` survive
        // (MIT's tester rejects a second '=').
        let Some((key, value)) = trimmed.split_once('=') else {
            return Err(ConfigError::Syntax {
                line,
                text: trimmed.to_string(),
            });
        };
        let key = key.trim();
        if key.is_empty() {
            return Err(ConfigError::Syntax {
                line,
                text: trimmed.to_string(),
            });
        }
        b.apply(line, key, value.trim())?;
    }
    b.finish()
}

/// The example config of MIT's autotester documentation, for tests.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "\
cpus = 4
title = foreign program test
book = book.dta
game_rounds = 50
adjudicate = 200

# now the players
player = Master
invoke = ../player/leiserchess --hash=64
fis = 6 0.1
hash = 64
lmr_r1 = 5

player = myPlayer1.0
invoke = leiserchess.1.0
tc = 40 60 20 30
depth = 3
nodes = 1,000,000
family = mine
";

#[cfg(test)]
mod tests {
    use super::{parse, SAMPLE};
    use crate::config::error::ConfigError;
    use crate::config::types::{GameKind, Period, TimeControl};
    use std::path::PathBuf;

    #[test]
    fn parses_the_mit_example() {
        let c = parse(SAMPLE).unwrap();
        assert_eq!(c.game, GameKind::Leiserchess);
        assert_eq!(c.cpus, 4);
        assert_eq!(c.title, "foreign program test");
        assert_eq!(c.book, Some(PathBuf::from("book.dta")));
        assert_eq!((c.game_rounds, c.adjudicate), (50, 200));
        let [a, b] = &c.players[..] else {
            panic!("two players")
        };
        assert_eq!(a.name, "Master");
        assert_eq!(a.invoke, "../player/leiserchess --hash=64");
        assert_eq!(a.family, "Master");
        assert_eq!(
            a.time_control,
            Some(TimeControl::Fischer {
                main: 6.0,
                increment: 0.1
            })
        );
        assert_eq!(
            a.options,
            [("hash".into(), "64".into()), ("lmr_r1".into(), "5".into())]
        );
        assert_eq!(
            b.time_control,
            Some(TimeControl::Tournament {
                first: Period {
                    moves: 40,
                    seconds: 60.0
                },
                then: Period {
                    moves: 20,
                    seconds: 30.0
                }
            })
        );
        assert_eq!((b.depth, b.nodes), (Some(3), Some(1_000_000)));
        assert_eq!(b.family, "mine");
    }

    #[test]
    fn defaults_follow_mit() {
        let c = parse(
            "player = a\ninvoke = x\ndepth = 1\nplayer = b\ninvoke = y\ndepth = 2\ngame = chess\n",
        )
        .unwrap();
        assert_eq!(c.game, GameKind::Chess);
        assert_eq!((c.cpus, c.game_rounds, c.adjudicate), (1, 1000, 400));
        assert_eq!(c.title, "Autotest");
        assert_eq!(c.book, None);
    }

    fn err(text: &str) -> ConfigError {
        parse(text).unwrap_err()
    }

    #[test]
    fn errors_name_line_and_problem() {
        let two = "player = a\ninvoke = x\ndepth = 1\nplayer = b\ninvoke = y\ndepth = 1\n";
        assert_eq!(
            err("cpus = 2\nthis line has no equals\n"),
            ConfigError::Syntax {
                line: 2,
                text: "this line has no equals".into()
            }
        );
        assert!(matches!(
            err("cpus = many\n"),
            ConfigError::BadValue { line: 1, .. }
        ));
        assert!(matches!(
            err("cpus = 0\n"),
            ConfigError::BadValue { line: 1, .. }
        ));
        assert!(matches!(
            err("game = go\n"),
            ConfigError::BadValue { line: 1, .. }
        ));
        assert_eq!(
            err("hash = 64\n"),
            ConfigError::OutsidePlayer {
                line: 1,
                key: "hash".into()
            }
        );
        let e = err(&format!("{two}player = a\n"));
        assert_eq!(
            e,
            ConfigError::DuplicatePlayer {
                line: 7,
                name: "a".into()
            }
        );
        assert!(matches!(
            err(&format!("{two}fis = 6\n")),
            ConfigError::BadValue { line: 7, .. }
        ));
        assert!(matches!(
            err(&format!("{two}fis = 0 1\n")),
            ConfigError::BadValue { .. }
        ));
        assert!(matches!(
            err(&format!("{two}tc = 40\n")),
            ConfigError::BadValue { .. }
        ));
        assert!(matches!(
            err(&format!("{two}nodes = lots\n")),
            ConfigError::BadValue { .. }
        ));
        assert!(matches!(
            err(&format!("{two}fis = 6 0.1\ntc = 40 60\n")),
            ConfigError::TwoTimeControls { line: 8, .. }
        ));
        assert!(matches!(
            err(&format!("{two}title =\n")),
            ConfigError::BadValue { line: 7, .. }
        ));
        assert_eq!(
            err("player = a\ndepth = 1\nplayer = b\ninvoke = y\ndepth = 1\n"),
            ConfigError::MissingInvoke { name: "a".into() }
        );
        assert_eq!(
            err("player = a\ninvoke = x\nplayer = b\ninvoke = y\ndepth = 1\n"),
            ConfigError::NoLimit { name: "a".into() }
        );
        assert_eq!(
            err("player = a\ninvoke = x\ndepth = 1\n"),
            ConfigError::TooFewPlayers { found: 1 }
        );
        assert!(matches!(
            err(&format!("{two}family = a\n")),
            ConfigError::OneFamily { .. }
        ));
        // The message a user sees names the line and the key.
        let shown = err("cpus = 2\nplayer = a\ninvoke = x\ndepth = deep\n").to_string();
        assert_eq!(
            shown,
            "line 4: `depth` needs a whole number of at least 1, found \"deep\""
        );
    }

    #[test]
    fn comments_blank_lines_and_crlf() {
        let text = "# header\r\n\r\n   # indented comment\r\ncpus = 3\r\nplayer = a\r\ninvoke = x\r\ndepth = 1\r\nplayer = b\r\ninvoke = y\r\ndepth = 1\r\n";
        let c = parse(text).unwrap();
        assert_eq!(c.cpus, 3);
        assert_eq!(c.players[1].invoke, "y");
    }
}
