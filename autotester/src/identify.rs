//! Which game an engine plays, told by its `uci` answer where that is
//! certain: flag mode without `-game` asks the engines instead of
//! guessing.
//!
//! Each game says how its engines show themselves (`GameType::uci_variant`
//! and `eval_options`); nothing here compares a game's name.
//!
//! - An engine with a `UCI_Variant` option plays the rule set whose value
//!   is chosen: the player's `option.UCI_Variant`, else the declared
//!   default (our Leiserchess engine: `2018`).
//! - An engine that declares the own options (evaluation weights) of a
//!   game whose rule sets `UCI_Variant` chooses (Leiserchess), but no
//!   `UCI_Variant`, plays that game under rules it does not name: refused.
//! - Any other engine plays the one game without a `UCI_Variant`: chess
//!   (whatever options it declares: our chess engine's own, or none).

use crate::config::{GameKind, Player};
use crate::runner::engine_spec;
use search::uci::VARIANT_OPTION;
use thiserror::Error;
use workbench::engine::{EngineError, OptionDecl, Timeouts, UciEngine};

#[derive(Debug, Error)]
pub enum IdentifyError {
    #[error("{0}\n(to name the game without asking the engines, give -game {games})", games = GameKind::expected())]
    Engine(#[from] EngineError),
    #[error(
        "cannot tell which game engine {engine:?} plays: {why}; give -game {games}",
        games = GameKind::expected()
    )]
    Unsure { engine: String, why: String },
    #[error(
        "engine {first:?} plays {first_game} but engine {other:?} plays {other_game}: give -game {games}",
        games = GameKind::expected()
    )]
    Disagree {
        first: String,
        first_game: GameKind,
        other: String,
        other_game: GameKind,
    },
}

/// How a game's engines show themselves in their `uci` answer.
#[derive(Clone, Debug)]
struct Signs {
    kind: GameKind,
    /// The `UCI_Variant` value that chooses the game's rule set.
    uci_variant: Option<&'static str>,
    /// Options only this game's engines declare (evaluation weights).
    options: Vec<&'static str>,
}

impl Signs {
    fn of(kind: GameKind) -> Signs {
        let game = kind.game();
        Signs {
            kind,
            uci_variant: game.uci_variant(),
            options: game.eval_options(),
        }
    }

    fn all() -> Vec<Signs> {
        GameKind::ALL.into_iter().map(Signs::of).collect()
    }

    /// Whether the game's engines need no `UCI_Variant` to say what
    /// they play.
    fn is_plain(&self) -> bool {
        self.uci_variant.is_none()
    }
}

fn games_of(kinds: &[GameKind]) -> String {
    let names: Vec<String> = kinds.iter().map(ToString::to_string).collect();
    names.join(" or ")
}

/// The game an engine that declared `declared` plays, with the options
/// `given` sent to it; `Err` says why that is not certain.
pub fn recognise(declared: &[OptionDecl], given: &[(String, String)]) -> Result<GameKind, String> {
    let signs = Signs::all();
    if let Some(variant) = declared
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(VARIANT_OPTION))
    {
        let chosen = given
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(VARIANT_OPTION))
            .map(|(_, v)| v.trim().to_string())
            .or_else(|| variant.default.clone());
        let Some(chosen) = chosen else {
            return Err(format!("its {VARIANT_OPTION} option has no default"));
        };
        return signs
            .iter()
            .find(|s| {
                s.uci_variant
                    .is_some_and(|v| v.eq_ignore_ascii_case(&chosen))
            })
            .map(|s| s.kind)
            .ok_or_else(|| {
                format!("its {VARIANT_OPTION} {chosen:?} chooses none of our games' rule sets")
            });
    }
    let marked: Vec<(&Signs, &str)> = signs
        .iter()
        .filter(|s| !s.is_plain())
        .filter_map(|s| {
            let found = declared
                .iter()
                .find(|d| s.options.iter().any(|o| o.eq_ignore_ascii_case(&d.name)))?;
            Some((s, found.name.as_str()))
        })
        .collect();
    if let Some((_, option)) = marked.first() {
        let kinds: Vec<GameKind> = marked.iter().map(|(s, _)| s.kind).collect();
        return Err(format!(
            "it declares {option:?}, an option of {} engines, but no {VARIANT_OPTION} to say which rules it plays",
            games_of(&kinds)
        ));
    }
    match signs.iter().filter(|s| s.is_plain()).collect::<Vec<_>>()[..] {
        [plain] => Ok(plain.kind),
        _ => Err("its options fit no game".into()),
    }
}

/// Starts each player's engine (once per command line), reads its `uci`
/// answer and returns the game they all play.
pub fn infer_game(players: &[Player], timeouts: &Timeouts) -> Result<GameKind, IdentifyError> {
    let mut found: Option<(&str, GameKind)> = None;
    for p in players {
        let engine = UciEngine::start(&engine_spec(p), timeouts)?;
        let recognised = recognise(engine.declarations(), &p.options);
        engine.quit();
        let kind = recognised.map_err(|why| IdentifyError::Unsure {
            engine: p.name.clone(),
            why,
        })?;
        match found {
            Some((first, first_game)) if first_game != kind => {
                return Err(IdentifyError::Disagree {
                    first: first.to_string(),
                    first_game,
                    other: p.name.clone(),
                    other_game: kind,
                })
            }
            Some(_) => {}
            None => found = Some((&p.name, kind)),
        }
    }
    found
        .map(|(_, kind)| kind)
        .ok_or_else(|| IdentifyError::Unsure {
            engine: String::new(),
            why: "there are no engines".into(),
        })
}

#[cfg(test)]
mod tests {
    use super::recognise;
    use crate::config::GameKind;
    use workbench::engine::protocol::parse_option;
    use workbench::engine::OptionDecl;

    fn declared(lines: &[&str]) -> Vec<OptionDecl> {
        lines.iter().filter_map(|l| parse_option(l)).collect()
    }

    const VARIANT: &str = "option name UCI_Variant type combo default 2018 var 2018 var 2016";
    const HASH: &str = "option name Hash type spin default 16 min 1 max 65536";

    fn given(k: &str, v: &str) -> Vec<(String, String)> {
        vec![(k.to_string(), v.to_string())]
    }

    #[test]
    fn the_variant_option_names_the_rule_set() {
        let ours = declared(&[VARIANT, HASH]);
        assert_eq!(recognise(&ours, &[]), Ok(GameKind::Leiserchess));
        let old = given("UCI_Variant", "2016");
        assert_eq!(recognise(&ours, &old), Ok(GameKind::Leiserchess2016));
        let e = recognise(&ours, &given("uci_variant", "2017")).unwrap_err();
        assert!(e.contains("\"2017\" chooses none"), "{e}");
        let fairy = declared(&["option name UCI_Variant type combo default chess var chess"]);
        assert!(recognise(&fairy, &[]).is_err());
    }

    #[test]
    fn plain_uci_is_chess_and_eval_weights_without_a_variant_are_refused() {
        assert_eq!(recognise(&declared(&[HASH]), &[]), Ok(GameKind::Chess));
        assert_eq!(recognise(&[], &[]), Ok(GameKind::Chess));
        let ours = declared(&[
            HASH,
            "option name TunedEval type spin default 0 min 0 max 1",
        ]);
        assert_eq!(recognise(&ours, &[]), Ok(GameKind::Chess));
        let mit = declared(&["option name kface type spin default 50 min 0 max 100"]);
        let e = recognise(&mit, &[]).unwrap_err();
        assert!(
            e.contains("leiserchess or leiserchess2016") && e.contains("UCI_Variant"),
            "{e}"
        );
    }
}
