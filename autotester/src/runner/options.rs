//! Every engine option a run sets is checked against the options the
//! engine declares, before the first game (issue 40, item 1). An engine
//! answers a misspelled `option.Hsah=64` with an error line the match
//! never reads, so an A/B test with a typo would compare two identical
//! engines; the run is refused instead, naming the option and the closest
//! one the engine has.

use workbench::engine::{EngineSpec, UciEngine};

use super::worker::spec;
use super::RunError;
use crate::config::Player;
use crate::plan::MatchPlan;

/// Refuses the run when a player sets an option its engine does not
/// declare, or when the game needs a switch (`UCI_Chess960`) its engine
/// does not have. Each engine that is given options, or must have the
/// switch, is started once, without options, to read its `uci` answer.
pub fn check(plan: &MatchPlan) -> Result<(), RunError> {
    let game = plan.game.game();
    let switch = game.uci_switch();
    let asked = |p: &&Player| !p.options.is_empty() || switch.is_some();
    for player in plan.players.iter().filter(asked) {
        let declared = declared_options(player, plan)?;
        if let Some(switch) = switch.filter(|s| !declared.iter().any(|d| d.eq_ignore_ascii_case(s)))
        {
            return Err(RunError::CannotPlay {
                player: player.name.clone(),
                game: game.meta().title,
                option: switch,
            });
        }
        for (name, _) in &player.options {
            if !declared.iter().any(|d| d.eq_ignore_ascii_case(name)) {
                return Err(RunError::UnknownOption {
                    player: player.name.clone(),
                    option: name.clone(),
                    closest: closest(name, &declared),
                });
            }
        }
    }
    Ok(())
}

/// The names of the options `player`'s engine declares.
fn declared_options(player: &Player, plan: &MatchPlan) -> Result<Vec<String>, RunError> {
    let bare = EngineSpec {
        options: Vec::new(),
        ..spec(player)
    };
    let engine = UciEngine::start(&bare, &plan.timeouts)?;
    let declared = engine.declared_options().to_vec();
    engine.quit();
    Ok(declared)
}

/// The declared option most like `name`, when one is close enough to be
/// a likely misspelling (at most a third of its letters differ).
fn closest(name: &str, declared: &[String]) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    declared
        .iter()
        .map(|d| {
            (
                strsim::damerau_levenshtein(&lower, &d.to_ascii_lowercase()),
                d,
            )
        })
        .filter(|(distance, d)| *distance * 3 <= d.len().max(name.len()))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, d)| d.clone())
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn a_misspelling_finds_the_option_meant() {
        let declared = ["Hash", "Threads", "Move Overhead", "UCI_Elo"].map(String::from);
        assert_eq!(closest("Hsah", &declared).as_deref(), Some("Hash"));
        assert_eq!(closest("threds", &declared).as_deref(), Some("Threads"));
        assert_eq!(
            closest("MoveOverhead", &declared).as_deref(),
            Some("Move Overhead")
        );
        assert_eq!(closest("Contempt", &declared), None);
    }
}
