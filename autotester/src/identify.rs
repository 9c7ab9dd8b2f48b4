//! Which game an engine plays, told by its `uci` answer where that is
//! certain: flag mode without `-game` asks the engines instead of
//! guessing. The rules of recognition live in the engine client
//! (`workbench::engine::identify`), shared with the web GUI's start-up
//! check; this module asks every player's engine and wants one game.

use crate::config::{GameKind, Player};
use crate::runner::engine_spec;
use thiserror::Error;
use workbench::engine::{EngineError, Timeouts, UciEngine};

pub use workbench::engine::identify::recognise;

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
