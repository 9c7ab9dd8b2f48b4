//! The games the tools offer, by name: the one list the autotester's
//! flags and configs, its PGN fingerprints and the web GUI's requests all
//! parse, so that a game added here is offered everywhere.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// Which game, with which rule set, the engines play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Chess,
    /// The 2018 rules (`docs/leiserchess-rules.md`).
    Leiserchess,
    /// MIT's 2016 rules (`docs/leiserchess-2016-rules.md`).
    Leiserchess2016,
    /// Chess from one of 960 start positions, castling king takes rook in
    /// the engines' notation (`UCI_Chess960`).
    Chess960,
}

impl GameKind {
    /// Every game, for parsing a user's choice.
    pub const ALL: [GameKind; 4] = [
        GameKind::Chess,
        GameKind::Leiserchess,
        GameKind::Leiserchess2016,
        GameKind::Chess960,
    ];

    /// The game's own name (`Frontend::NAME`), as users type it.
    pub fn name(self) -> &'static str {
        self.game().name()
    }

    /// The PGN `Variant` tag of the game's rule set, none for a game's
    /// default rules (`Frontend::VARIANT`).
    pub fn variant(self) -> Option<&'static str> {
        self.game().variant()
    }

    /// The game whose rule set a PGN `Variant` tag names, if any (its
    /// other names too: cutechess tags Chess960 `fischerandom`).
    pub fn of_variant(tag: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| {
            kind.variant() == Some(tag) || (kind.variant().is_some() && kind.is_named(tag))
        })
    }

    /// Whether `name` names this game, in any case: its name or another
    /// name users type for it.
    fn is_named(self, name: &str) -> bool {
        let game = self.game();
        std::iter::once(game.name())
            .chain(game.other_names().iter().copied())
            .any(|n| n.eq_ignore_ascii_case(name))
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

    /// A game by its name or another name of it, in any case.
    fn from_str(s: &str) -> Result<Self, ()> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.is_named(s))
            .ok_or(())
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_in_any_case_and_round_trip() {
        assert_eq!("Chess".parse(), Ok(GameKind::Chess));
        assert_eq!("leiserchess".parse(), Ok(GameKind::Leiserchess));
        assert_eq!("LeiserChess2016".parse(), Ok(GameKind::Leiserchess2016));
        assert_eq!("go".parse::<GameKind>(), Err(()));
        // cutechess's and fastchess's `-variant fischerandom`.
        assert_eq!("fischerandom".parse(), Ok(GameKind::Chess960));
        assert_eq!("Chess960".parse(), Ok(GameKind::Chess960));
        assert_eq!(
            GameKind::expected(),
            "chess, leiserchess, leiserchess2016 or chess960"
        );
        for kind in GameKind::ALL {
            assert_eq!(kind.to_string().parse(), Ok(kind));
        }
    }

    /// JSON (the web GUI's requests) names a game as users type it.
    #[test]
    fn serde_names_are_the_games_names() {
        for kind in GameKind::ALL {
            let json = serde_json::to_string(&kind).expect("serialize");
            assert_eq!(json, format!("\"{}\"", kind.name()));
            assert_eq!(serde_json::from_str::<GameKind>(&json).ok(), Some(kind));
        }
    }

    #[test]
    fn variant_tags_name_the_2016_rules_and_chess960() {
        assert_eq!(GameKind::Leiserchess2016.variant(), Some("2016"));
        assert_eq!(
            GameKind::of_variant("2016"),
            Some(GameKind::Leiserchess2016)
        );
        // fastchess's tag, and cutechess's.
        assert_eq!(GameKind::of_variant("Chess960"), Some(GameKind::Chess960));
        assert_eq!(
            GameKind::of_variant("fischerandom"),
            Some(GameKind::Chess960)
        );
        assert_eq!(GameKind::of_variant("chess"), None);
        assert_eq!(GameKind::of_variant("Crazyhouse"), None);
    }
}
