//! `POST /api/games`: a new game from the start position, a FEN, a list of
//! moves or a PGN text.

use std::sync::Arc;
use std::time::Instant;

use serde::Deserialize;

use rand::Rng;
use workbench::pgn::read_games;
use workbench::{DynGame, GameKind, GameType};

use crate::clock::TimeControl;
use crate::config::Context;
use crate::error::ApiError;
use crate::limits::{EngineLimit, FULL_LEVEL};
use crate::live::Live;
use crate::session::{Player, Session};

/// Longest FEN accepted.
const MAX_FEN_LEN: usize = 200;
/// Most moves accepted when creating a game.
const MAX_MOVES: usize = 2000;

/// Moves as a list or as one space-separated string.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum MovesInput {
    List(Vec<String>),
    Text(String),
}

impl MovesInput {
    pub fn into_vec(self) -> Vec<String> {
        match self {
            MovesInput::List(list) => list,
            MovesInput::Text(text) => text.split_whitespace().map(str::to_string).collect(),
        }
    }
}

/// The body of `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub game: GameKind,
    #[serde(default)]
    pub fen: Option<String>,
    /// The number of the start position in a game of many (Chess960: 0 to
    /// 959, 518 the standard one) when no `fen` is given; by default one
    /// at random, as lichess deals them.
    #[serde(default)]
    pub start: Option<u16>,
    #[serde(default)]
    pub moves: Option<MovesInput>,
    /// A PGN text to import instead of `fen` and `moves`.
    #[serde(default)]
    pub pgn: Option<String>,
    /// Default: a person.
    #[serde(default)]
    pub white: Option<Player>,
    /// Default: the engine.
    #[serde(default)]
    pub black: Option<Player>,
    #[serde(default)]
    pub limit: Option<EngineLimit>,
    /// The engine's level, 1 to 8 as on lichess (8, full strength, by
    /// default); wins over `limit.level` when both are given.
    #[serde(default)]
    pub level: Option<u8>,
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// Engine against engine: start playing at once.
    #[serde(default)]
    pub autoplay: bool,
    /// An analysis board: a person moves both sides, without a clock, and
    /// every line played is kept as a variation (`PUT …/line`).
    #[serde(default)]
    pub analysis_board: bool,
    /// The game (its id) an analysis board was opened from, which the
    /// page offers to return to; implies `analysis_board`.
    #[serde(default)]
    pub origin: Option<String>,
}

/// The new game's limit: its level always set, so the state shows the
/// level the engine plays at and a rematch (which sends the limit back)
/// keeps it.
fn game_limit(limit: Option<EngineLimit>, level: Option<u8>) -> Result<EngineLimit, ApiError> {
    let limit = limit.unwrap_or_default();
    EngineLimit {
        level: Some(level.or(limit.level).unwrap_or(FULL_LEVEL)),
        ..limit
    }
    .validate()
}

/// Builds the game once the store has given it an id.
pub type Builder = Box<dyn FnOnce(String) -> Live + Send>;

/// Checks the request and builds the game with id `id`.
pub fn build(request: NewGame, ctx: &Arc<Context>) -> Result<Builder, ApiError> {
    let game = request.game.game();
    // The session is built first so every error surfaces before an id is
    // taken.
    let (session, autoplay) = Prepared::from_request(request)?.session(game)?;
    let ctx = Arc::clone(ctx);
    Ok(Box::new(move |id| Live::start(id, ctx, session, autoplay)))
}

/// A validated request, not yet tied to a game.
struct Prepared {
    /// The `Variant` tag of an imported PGN.
    variant: Option<String>,
    fen: Option<String>,
    /// The start position's number (see [`NewGame::start`]).
    start: Option<u16>,
    moves: Vec<String>,
    players: [Player; 2],
    limit: EngineLimit,
    clock: Option<TimeControl>,
    autoplay: bool,
    /// An analysis board, and the game it was opened from.
    board: Option<Option<String>>,
}

impl Prepared {
    fn from_request(r: NewGame) -> Result<Prepared, ApiError> {
        let mut variant = None;
        let (fen, moves) = match r.pgn {
            Some(_) if r.fen.is_some() || r.moves.is_some() => {
                return Err(ApiError::BadRequest(
                    "give either a PGN or a FEN and moves, not both".into(),
                ))
            }
            Some(text) => {
                // The first game of the text (none: the start position).
                let game = read_games(&text)
                    .map_err(|e| ApiError::BadRequest(format!("invalid PGN: {e}")))?
                    .into_iter()
                    .next()
                    .unwrap_or_default();
                let fen = game.tag("FEN").map(str::to_string);
                variant = game.variant().map(str::to_string);
                (fen, game.moves.into_iter().map(|m| m.text).collect())
            }
            None => (r.fen, r.moves.map(MovesInput::into_vec).unwrap_or_default()),
        };
        if fen.as_ref().is_some_and(|f| f.len() > MAX_FEN_LEN) {
            return Err(ApiError::BadFen(format!(
                "longer than {MAX_FEN_LEN} characters"
            )));
        }
        if moves.len() > MAX_MOVES {
            return Err(ApiError::BadRequest(format!("at most {MAX_MOVES} moves")));
        }
        let board = (r.analysis_board || r.origin.is_some()).then_some(r.origin);
        let engine_plays = r.white == Some(Player::Engine) || r.black == Some(Player::Engine);
        if board.is_some() && (engine_plays || r.clock.is_some() || r.autoplay) {
            return Err(ApiError::BadRequest(
                "an analysis board has no clock and no engine player: the engine analyses it"
                    .into(),
            ));
        }
        Ok(Prepared {
            variant,
            fen,
            start: r.start,
            moves,
            players: [
                r.white.unwrap_or(Player::Human),
                r.black.unwrap_or(Player::Engine),
            ],
            limit: game_limit(r.limit, r.level)?,
            clock: r.clock.map(TimeControl::validate).transpose()?,
            autoplay: r.autoplay,
            board,
        })
    }

    fn session(self, game: &'static dyn GameType) -> Result<(Session, bool), ApiError> {
        self.check_variant(game.kind())?;
        let start = match self.fen.as_deref().map(str::trim) {
            Some(fen) if !fen.is_empty() => game
                .open(fen)
                .map_err(|e| ApiError::BadFen(e.to_string()))?,
            _ => numbered_start(game, self.start)?,
        };
        let mut session = Session::new(start, self.players, self.limit, self.clock);
        let now = Instant::now();
        for (i, text) in self.moves.iter().enumerate() {
            let mv = session.parse(text).map_err(|e| match e {
                ApiError::IllegalMove { text, reason } => ApiError::IllegalMove {
                    text,
                    reason: format!("move {} of the list: {reason}", i + 1),
                },
                ApiError::Conflict(_) => ApiError::BadRequest(format!(
                    "move {} ('{text}') comes after the end of the game",
                    i + 1
                )),
                other => other,
            })?;
            session.play(mv, now)?;
        }
        if let Some(origin) = self.board {
            session.make_analysis_board(origin)?;
        }
        Ok((session, self.autoplay))
    }

    /// An imported PGN whose `Variant` tag names the rule set of another
    /// game choice (`2016`: Leiserchess 2016) is refused with the choice
    /// to make; a tag no choice claims (`Standard`), or none, is fine.
    fn check_variant(&self, chosen: GameKind) -> Result<(), ApiError> {
        let Some(tag) = self.variant.as_deref() else {
            return Ok(());
        };
        let claimed = GameKind::of_variant(tag);
        match claimed {
            Some(kind) if kind != chosen => Err(ApiError::BadRequest(format!(
                "the PGN is a game of {} (Variant \"{tag}\"): choose that game",
                kind.game().meta().title
            ))),
            _ => Ok(()),
        }
    }
}

/// Start position `number` of `game`, or one at random (the one start of a
/// game that has one).
fn numbered_start(
    game: &'static dyn GameType,
    number: Option<u16>,
) -> Result<Box<dyn DynGame>, ApiError> {
    let count = game.start_count();
    let number = number.unwrap_or_else(|| rand::thread_rng().gen_range(0..count.max(1)));
    game.start_at(number).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "start {number}: {} has start positions 0 to {}",
            game.meta().title,
            count.saturating_sub(1)
        ))
    })
}
