//! Which game an engine plays, told by its `uci` answer where that is
//! certain. The autotester asks it when no `-game` is given; the web GUI
//! checks each `--engine` with it at start-up, so a chess engine is never
//! handed a Leiserchess position.
//!
//! Each game says how its engines show themselves (`GameType::uci_variant`
//! and `eval_options`); nothing here compares a game's name.
//!
//! - An engine with a `UCI_Variant` option plays the rule set whose value
//!   is chosen: the player's `option.UCI_Variant`, else the declared
//!   default (our Leiserchess engine: `2018`). It can play every rule set
//!   its option lists ([`games_played`]).
//! - An engine that declares the own options (evaluation weights) of a
//!   game whose rule sets `UCI_Variant` chooses (Leiserchess), but no
//!   `UCI_Variant`, plays that game under rules it does not name: refused.
//! - Any other engine plays the one game without a `UCI_Variant`: chess
//!   (whatever options it declares: our chess engine's own, or none).
//! - A game played by switching an engine of another game
//!   (`GameType::uci_switch`: Chess960 by `UCI_Chess960`) is played by
//!   the engines of that game that declare the switch; an engine given
//!   the switch on plays it.

use std::path::Path;

use search::uci::VARIANT_OPTION;

use super::{EngineError, OptionDecl, Timeouts, UciEngine};
use crate::GameKind;

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

    /// The games engines show by their options: not those played by
    /// switching another game's engine.
    fn all() -> Vec<Signs> {
        GameKind::ALL
            .into_iter()
            .filter(|kind| kind.game().uci_switch().is_none())
            .map(Signs::of)
            .collect()
    }

    /// Whether the game's engines need no `UCI_Variant` to say what
    /// they play.
    fn is_plain(&self) -> bool {
        self.uci_variant.is_none()
    }

    /// The game whose rule set the `UCI_Variant` value `chosen` names.
    fn by_variant(signs: &[Signs], chosen: &str) -> Option<GameKind> {
        signs
            .iter()
            .find(|s| {
                s.uci_variant
                    .is_some_and(|v| v.eq_ignore_ascii_case(chosen))
            })
            .map(|s| s.kind)
    }
}

fn games_of(kinds: &[GameKind]) -> String {
    let names: Vec<String> = kinds.iter().map(ToString::to_string).collect();
    names.join(" or ")
}

fn variant_declaration(declared: &[OptionDecl]) -> Option<&OptionDecl> {
    declared
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(VARIANT_OPTION))
}

/// The games played by switching an engine of `base` with a check option
/// (Chess960 for chess), each with its option.
fn switched_games(base: GameKind) -> impl Iterator<Item = (GameKind, &'static str)> {
    GameKind::ALL.into_iter().filter_map(move |kind| {
        let game = kind.game();
        let switch = game.uci_switch()?;
        (game.base() == base && kind != base).then_some((kind, switch))
    })
}

fn declares(declared: &[OptionDecl], name: &str) -> bool {
    declared.iter().any(|d| d.name.eq_ignore_ascii_case(name))
}

/// The game an engine that declared `declared` plays, with the options
/// `given` sent to it; `Err` says why that is not certain.
pub fn recognise(declared: &[OptionDecl], given: &[(String, String)]) -> Result<GameKind, String> {
    let base = recognise_base(declared, given)?;
    let switched_on = |switch: &str| {
        declares(declared, switch)
            && given.iter().any(|(k, v)| {
                k.eq_ignore_ascii_case(switch) && v.trim().eq_ignore_ascii_case("true")
            })
    };
    Ok(switched_games(base)
        .find(|&(_, switch)| switched_on(switch))
        .map_or(base, |(kind, _)| kind))
}

/// The game an engine plays before any switch ([`recognise`]).
fn recognise_base(declared: &[OptionDecl], given: &[(String, String)]) -> Result<GameKind, String> {
    let signs = Signs::all();
    if let Some(variant) = variant_declaration(declared) {
        let chosen = given
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(VARIANT_OPTION))
            .map(|(_, v)| v.trim().to_string())
            .or_else(|| variant.default.clone());
        let Some(chosen) = chosen else {
            return Err(format!("its {VARIANT_OPTION} option has no default"));
        };
        return Signs::by_variant(&signs, &chosen).ok_or_else(|| {
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

/// Every game an engine that declared `declared` can play: with a
/// `UCI_Variant` option, each of our rule sets among its values (a front
/// end switches it to the one a game needs); else the one game
/// [`recognise`] finds. `Err` says why none is certain.
pub fn games_played(declared: &[OptionDecl]) -> Result<Vec<GameKind>, String> {
    let mut games = vec![recognise_base(declared, &[])?];
    if let Some(variant) = variant_declaration(declared) {
        let signs = Signs::all();
        for value in &variant.vars {
            if let Some(kind) = Signs::by_variant(&signs, value) {
                if !games.contains(&kind) {
                    games.push(kind);
                }
            }
        }
    }
    let switched: Vec<GameKind> = games
        .iter()
        .flat_map(|&base| switched_games(base))
        .filter(|&(_, switch)| declares(declared, switch))
        .map(|(kind, _)| kind)
        .collect();
    games.extend(switched);
    Ok(games)
}

/// Why a program's game could not be told.
#[derive(Debug, thiserror::Error)]
pub enum IdentifyError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("cannot tell which game engine {engine:?} plays: {why}")]
    Unsure { engine: String, why: String },
}

/// Starts the program at `path`, reads its `uci` answer, quits it and
/// returns the games it can play ([`games_played`]).
pub fn program_games(path: &Path, timeouts: &Timeouts) -> Result<Vec<GameKind>, IdentifyError> {
    let engine = UciEngine::start_program(path, timeouts)?;
    let games = games_played(engine.declarations());
    engine.quit();
    games.map_err(|why| IdentifyError::Unsure {
        engine: path.display().to_string(),
        why,
    })
}

#[cfg(test)]
mod tests {
    use super::{games_played, recognise};
    use crate::engine::protocol::parse_option;
    use crate::engine::OptionDecl;
    use crate::GameKind;

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

    #[test]
    fn a_variant_engine_plays_every_rule_set_it_lists() {
        let both = games_played(&declared(&[VARIANT])).expect("known");
        assert_eq!(both, [GameKind::Leiserchess, GameKind::Leiserchess2016]);
        let only_2016 = "option name UCI_Variant type combo default 2016 var 2016";
        let one = games_played(&declared(&[only_2016])).expect("known");
        assert_eq!(one, [GameKind::Leiserchess2016]);
        assert_eq!(games_played(&declared(&[HASH])), Ok(vec![GameKind::Chess]));
        let mit = declared(&["option name kface type spin default 50 min 0 max 100"]);
        assert!(games_played(&mit).is_err());
    }

    #[test]
    fn a_chess_engine_with_uci_chess960_plays_chess960_when_switched_on() {
        let c960 = declared(&[HASH, "option name UCI_Chess960 type check default false"]);
        assert_eq!(
            games_played(&c960),
            Ok(vec![GameKind::Chess, GameKind::Chess960])
        );
        assert_eq!(recognise(&c960, &[]), Ok(GameKind::Chess));
        let on = given("uci_chess960", "true");
        assert_eq!(recognise(&c960, &on), Ok(GameKind::Chess960));
        assert_eq!(
            recognise(&c960, &given("UCI_Chess960", "false")),
            Ok(GameKind::Chess)
        );
        // Without the option the engine plays chess only, whatever it is sent.
        assert_eq!(recognise(&declared(&[HASH]), &on), Ok(GameKind::Chess));
        assert_eq!(games_played(&declared(&[HASH])), Ok(vec![GameKind::Chess]));
    }
}
