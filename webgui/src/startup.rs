//! The `--engine` flags: which external program plays which game, each
//! checked at start-up by asking the program which game it plays
//! (`workbench::engine::identify`, the autotester's own check), so a
//! chess engine never meets a Leiserchess position.
//!
//! - `--engine GAME=PATH` names the program for one game; start-up fails
//!   when the program plays another game.
//! - `--engine PATH` (the older form) names it for every game it plays,
//!   except games another flag names.
//!
//! A game no flag names keeps its built-in engine.

use std::path::{Path, PathBuf};

use workbench::engine::identify::program_games;
use workbench::engine::Timeouts;
use workbench::GameKind;

use crate::config::Engines;

/// One `--engine` value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineArg {
    /// `GAME=PATH`: the program for that game.
    Game(GameKind, PathBuf),
    /// `PATH`: the program for the games it plays.
    Any(PathBuf),
}

impl EngineArg {
    /// Reads `GAME=PATH`, or else a bare path. A path may hold `=` itself:
    /// only a game's name before the first `=` makes the per-game form.
    pub fn parse(text: &str) -> EngineArg {
        if let Some((game, path)) = text.split_once('=') {
            if let (Ok(kind), false) = (game.parse::<GameKind>(), path.is_empty()) {
                return EngineArg::Game(kind, PathBuf::from(path));
            }
        }
        EngineArg::Any(PathBuf::from(text))
    }

    fn path(&self) -> &Path {
        match self {
            EngineArg::Game(_, path) | EngineArg::Any(path) => path,
        }
    }
}

/// Resolves the `--engine` values to the engine of each game, asking
/// `games_of` which games a program plays (each program once). `Err` is
/// the message for the user.
pub fn resolve_with(
    args: &[EngineArg],
    mut games_of: impl FnMut(&Path) -> Result<Vec<GameKind>, String>,
) -> Result<Engines, String> {
    let mut engines = Engines::default();
    for arg in args {
        if !arg.path().is_file() {
            return Err(format!("engine '{}' is not a file", arg.path().display()));
        }
    }
    let mut derived = Vec::new();
    // The per-game flags first: a bare engine fills only the games left.
    let (named, bare): (Vec<&EngineArg>, Vec<&EngineArg>) = args
        .iter()
        .partition(|arg| matches!(arg, EngineArg::Game(..)));
    for arg in named {
        let EngineArg::Game(kind, path) = arg else {
            continue;
        };
        if engines.for_game(*kind).is_some() {
            return Err(format!("--engine names two engines for {kind}"));
        }
        let plays = games_of(path)?;
        if !plays.contains(kind) {
            return Err(mismatch(path, *kind, &plays));
        }
        engines.set(*kind, path.clone());
        // A chess engine named for chess plays Chess960 too when it can
        // (it declares `UCI_Chess960`), unless another is named for it.
        let switched = plays
            .into_iter()
            .filter(|k| k != kind && k.game().base() == *kind);
        derived.extend(switched.map(|k| (k, path.clone())));
    }
    for (kind, path) in derived {
        if engines.for_game(kind).is_none() {
            engines.set(kind, path);
        }
    }
    let explicit = engines.clone();
    for arg in bare {
        let path = arg.path();
        for kind in games_of(path)? {
            if explicit.for_game(kind).is_some() {
                continue;
            }
            if engines.for_game(kind).is_some() {
                return Err(format!(
                    "--engine names two engines for {kind}; give one as {kind}=PATH"
                ));
            }
            engines.set(kind, path.to_path_buf());
        }
    }
    Ok(engines)
}

/// The start-up error of an engine named for a game it does not play.
fn mismatch(path: &Path, wanted: GameKind, plays: &[GameKind]) -> String {
    let names: Vec<String> = plays.iter().map(ToString::to_string).collect();
    format!(
        "engine '{}' plays {}, not {wanted}; name it with --engine {}={}",
        path.display(),
        names.join(" and "),
        plays
            .first()
            .map_or("GAME".to_string(), ToString::to_string),
        path.display()
    )
}

/// [`resolve_with`], starting each program to read its `uci` answer.
pub fn resolve(args: &[EngineArg]) -> Result<Engines, String> {
    let timeouts = Timeouts::default();
    resolve_with(args, |path| {
        program_games(path, &timeouts).map_err(|e| e.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_name_a_game_or_only_a_path() {
        assert_eq!(
            EngineArg::parse("leiserchess=/bin/engine"),
            EngineArg::Game(GameKind::Leiserchess, "/bin/engine".into())
        );
        assert_eq!(
            EngineArg::parse("Chess=./e=1"),
            EngineArg::Game(GameKind::Chess, "./e=1".into())
        );
        for bare in ["/bin/engine", "./a=b", "chess="] {
            assert_eq!(EngineArg::parse(bare), EngineArg::Any(bare.into()));
        }
    }

    /// `sh` exists everywhere and stands for a program; the games it plays
    /// come from the test's table.
    fn resolve_as(args: &[&str], plays: &[GameKind]) -> Result<Engines, String> {
        let args: Vec<EngineArg> = args.iter().map(|a| EngineArg::parse(a)).collect();
        resolve_with(&args, |_| Ok(plays.to_vec()))
    }

    #[test]
    fn an_engine_named_for_a_game_it_does_not_play_stops_start_up() {
        let e = resolve_as(&["leiserchess=/bin/sh"], &[GameKind::Chess]).unwrap_err();
        assert!(e.contains("'/bin/sh' plays chess, not leiserchess"), "{e}");
        let ok = resolve_as(&["chess=/bin/sh"], &[GameKind::Chess]).expect("plays chess");
        assert_eq!(ok.for_game(GameKind::Chess), Some(Path::new("/bin/sh")));
        assert_eq!(ok.for_game(GameKind::Leiserchess), None);
        let two = resolve_as(&["chess=/bin/sh", "chess=/bin/sh"], &[GameKind::Chess]);
        assert!(two.is_err());
        assert!(resolve_as(&["chess=/nonexistent"], &[GameKind::Chess]).is_err());
    }

    #[test]
    fn an_engine_named_for_chess_plays_chess960_when_it_declares_it() {
        let both = [GameKind::Chess, GameKind::Chess960];
        let engines = resolve_as(&["chess=/bin/sh"], &both).expect("resolves");
        assert_eq!(
            engines.for_game(GameKind::Chess960),
            Some(Path::new("/bin/sh"))
        );
        let plain = resolve_as(&["chess=/bin/sh"], &[GameKind::Chess]).expect("resolves");
        assert_eq!(plain.for_game(GameKind::Chess960), None);
        // One named for Chess960 wins, in either order.
        for args in [
            ["chess=/bin/sh", "chess960=/bin/ls"],
            ["chess960=/bin/ls", "chess=/bin/sh"],
        ] {
            let engines = resolve_as(&args, &both).expect("resolves");
            assert_eq!(
                engines.for_game(GameKind::Chess960),
                Some(Path::new("/bin/ls"))
            );
        }
    }

    #[test]
    fn a_bare_engine_plays_the_games_it_plays_and_no_other() {
        let leiser = [GameKind::Leiserchess, GameKind::Leiserchess2016];
        let engines = resolve_as(&["/bin/sh"], &leiser).expect("resolves");
        assert_eq!(engines.for_game(GameKind::Chess), None);
        assert!(engines.for_game(GameKind::Leiserchess2016).is_some());
        // A per-game flag wins over the bare one for its game.
        let args = [
            EngineArg::Any("/bin/sh".into()),
            EngineArg::Game(GameKind::Leiserchess, "/bin/ls".into()),
        ];
        let engines = resolve_with(&args, |_| Ok(leiser.to_vec())).expect("resolves");
        assert_eq!(
            engines.for_game(GameKind::Leiserchess),
            Some(Path::new("/bin/ls"))
        );
        assert_eq!(
            engines.for_game(GameKind::Leiserchess2016),
            Some(Path::new("/bin/sh"))
        );
    }
}
