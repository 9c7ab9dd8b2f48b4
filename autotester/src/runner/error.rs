//! Why a run failed, and whether running it again may resume it.

use crate::config::GameKind;
use crate::fingerprint::FingerprintError;
use crate::openings::BookError;
use crate::referee::RefereeError;
use std::path::PathBuf;
use thiserror::Error;
use workbench::engine::EngineError;
use workbench::pgn::PgnFileError;

#[derive(Debug, Error)]
pub enum RunError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Book(#[from] BookError),
    #[error("cannot resume from the existing PGN: {0}")]
    Resume(#[from] PgnFileError),
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("round {round}: {source}")]
    Referee { round: u32, source: RefereeError },
    #[error("player {name:?} has no limit: give a time control, depth or nodes")]
    NoLimit { name: String },
    #[error(transparent)]
    Fingerprint(#[from] FingerprintError),
    #[error(
        "{path} holds {count} game(s) of other settings: {differences}. They are not resumed: \
         write to another file (-pgnout FILE, or --pgn FILE), or give --force-new to move them \
         to {path}.old and start again"
    )]
    Foreign {
        path: String,
        count: usize,
        differences: String,
    },
    #[error("cannot move {path} aside: {source}")]
    MoveAside {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write the games to {path}: {problem}")]
    PgnPlace { path: PathBuf, problem: String },
    #[error(
        "{pgn} is being written by another run, {holder} (it holds {lock}): wait for it to end, \
         or write to another file (-pgnout FILE, or --pgn FILE)"
    )]
    Locked {
        pgn: PathBuf,
        lock: PathBuf,
        holder: String,
    },
    #[error("cannot lock {path}: {source}")]
    Lock {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("no two players can meet (each needs an opponent of another family)")]
    NoPairings,
    #[error(
        "engine {engine:?} made an illegal first move ({mv}) in round {round}: it plays another game than {game}; \
         check -game (or the config's `game`) and the engine's options; the game is not recorded"
    )]
    WrongGame {
        engine: String,
        mv: String,
        round: u32,
        game: GameKind,
    },
    #[error(
        "player {player:?}: its engine declares no option {option:?}{}; the run would set nothing \
         and compare engines that may not differ (our engines list their development options \
         when ENGINE_DEV_OPTIONS=1, which the autotester sets for them)",
        closest.as_ref().map(|c| format!(" (did you mean {c:?}?)")).unwrap_or_default()
    )]
    UnknownOption {
        player: String,
        option: String,
        closest: Option<String>,
    },
    #[error("player {player:?}: its engine cannot play {game}: it declares no {option} option")]
    CannotPlay {
        player: String,
        game: &'static str,
        option: &'static str,
    },
}

impl RunError {
    /// Whether running the same command again may go on from the games
    /// kept in the PGN: true for failures that can pass (an engine that
    /// crashed, a file that could not be written), false for settings that
    /// a rerun would refuse in the same way.
    pub fn rerun_may_resume(&self) -> bool {
        matches!(
            self,
            RunError::Engine(_) | RunError::Referee { .. } | RunError::Write { .. }
        )
    }
}
