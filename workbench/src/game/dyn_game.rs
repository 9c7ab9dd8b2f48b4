//! [`DynGame`]: a position of any game, with its history, as front ends
//! use it; implemented once for every game that has a board view.

use std::any::Any;

use search::{GameMove, Outcome, Rules, Side};

use super::{GameError, GameType};
use crate::view::{BoardView, GuiGame};

/// A legal move of the position it was listed in: the game's packed
/// 16-bit form (`GameMove::to_u16`), unique among a position's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveId(pub u16);

/// How a move is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNotation {
    /// The engines' protocol notation (UCI, MIT's notation) as the game
    /// writes it (Chess960 castling king takes rook).
    Protocol,
    /// The record notation (SAN for chess).
    Record,
    /// The long record notation (LAN for chess: `Ng1f3`).
    LongRecord,
}

/// A position of some game and the moves that led to it, as the front
/// ends use it. Object-safe: a `Box<dyn DynGame>` is any game's position.
pub trait DynGame: Send + Sync {
    /// Which game this is, with its names and how its engines are spoken to.
    fn game_type(&self) -> &'static dyn GameType;
    fn fen(&self) -> String;
    fn side_to_move(&self) -> Side;
    /// The legal moves, in the game's generation order.
    fn legal_moves(&self) -> Vec<MoveId>;
    /// A legal move written in `notation` (see the shorthands
    /// `move_text`, `move_record` and `move_long_record`).
    fn write_move(&self, mv: MoveId, notation: MoveNotation) -> Result<String, GameError>;
    /// Reads a move in protocol notation and checks that it is legal.
    fn parse(&self, text: &str) -> Result<MoveId, GameError>;
    /// Plays a legal move.
    fn make(&mut self, mv: MoveId) -> Result<(), GameError>;
    /// Takes back the last move played.
    fn unmake(&mut self);
    /// The end of the game by its rules, the whole history considered.
    fn outcome(&self) -> Option<Outcome>;
    /// The hash repetition compares.
    fn hash(&self) -> u64;
    /// The number a game record gives the move to play now.
    fn move_number(&self) -> u32;
    /// Whether `side` could still win, so that its opponent's flag fall
    /// loses (FIDE 6.9 for chess).
    fn can_win_on_time(&self, side: Side) -> bool;
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// What a board on screen shows of this position.
    fn view(&self) -> &dyn BoardView;
    /// The game's own type, for the game's engine ([`super::DynEngine`]).
    fn as_any(&self) -> &dyn Any;
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl std::fmt::Debug for dyn DynGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.game_type().name(), self.fen())
    }
}

impl dyn DynGame + '_ {
    /// A legal move in protocol notation (UCI, MIT's notation).
    pub fn move_text(&self, mv: MoveId) -> Result<String, GameError> {
        self.write_move(mv, MoveNotation::Protocol)
    }

    /// A legal move in record notation (SAN for chess).
    pub fn move_record(&self, mv: MoveId) -> Result<String, GameError> {
        self.write_move(mv, MoveNotation::Record)
    }

    /// A legal move in long record notation (LAN for chess: `Ng1f3`).
    pub fn move_long_record(&self, mv: MoveId) -> Result<String, GameError> {
        self.write_move(mv, MoveNotation::LongRecord)
    }

    /// Reads and plays a move in protocol notation; returns it in record
    /// notation.
    pub fn play(&mut self, text: &str) -> Result<String, GameError> {
        let mv = self.parse(text)?;
        let record = self.move_record(mv)?;
        self.make(mv)?;
        Ok(record)
    }

    /// The display name of `side` (`White`, `Tangerine`).
    pub fn side_name(&self, side: Side) -> &'static str {
        self.game_type().side_names()[side.index()]
    }
}

/// The legal move of `game` that `id` names.
pub(crate) fn find_move<G: Rules>(game: &G, id: MoveId) -> Result<G::Move, GameError> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .find(|m| m.to_u16() == id.0)
        .ok_or(GameError::NotLegal(id.0))
}

impl<G: GuiGame> DynGame for G {
    fn game_type(&self) -> &'static dyn GameType {
        match self.plays_start_variant() {
            true => super::game_type::start_variant_of::<G>(),
            false => super::game_type::of::<G>(),
        }
    }

    fn fen(&self) -> String {
        Rules::fen(self)
    }

    fn side_to_move(&self) -> Side {
        Rules::side_to_move(self)
    }

    fn legal_moves(&self) -> Vec<MoveId> {
        let mut moves = Vec::new();
        Rules::legal_moves(self, &mut moves);
        moves.into_iter().map(|m| MoveId(m.to_u16())).collect()
    }

    fn write_move(&self, mv: MoveId, notation: MoveNotation) -> Result<String, GameError> {
        let mv = find_move(self, mv)?;
        Ok(match notation {
            MoveNotation::Protocol => Rules::move_text(self, mv),
            MoveNotation::Record => self.move_to_record(mv),
            MoveNotation::LongRecord => self.move_to_long_record(mv),
        })
    }

    fn parse(&self, text: &str) -> Result<MoveId, GameError> {
        self.parse_move(text)
            .map(|m| MoveId(m.to_u16()))
            .map_err(|e| GameError::BadMove(e.to_string()))
    }

    fn make(&mut self, mv: MoveId) -> Result<(), GameError> {
        let mv = find_move(self, mv)?;
        Rules::make(self, mv);
        Ok(())
    }

    fn unmake(&mut self) {
        Rules::unmake(self);
    }

    fn outcome(&self) -> Option<Outcome> {
        Rules::outcome(self)
    }

    fn hash(&self) -> u64 {
        Rules::hash(self)
    }

    fn move_number(&self) -> u32 {
        search::Frontend::move_number(self)
    }

    fn can_win_on_time(&self, side: Side) -> bool {
        search::Frontend::can_win_on_time(self, side)
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn view(&self) -> &dyn BoardView {
        self
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameKind;

    #[test]
    fn every_game_opens_plays_and_takes_back_through_the_object() {
        for kind in GameKind::ALL {
            let mut game = kind.game().start();
            let fen = game.fen();
            let moves = game.legal_moves();
            assert!(!moves.is_empty(), "{kind:?}");
            let text = game.move_text(moves[0]).expect("legal");
            assert_eq!(game.parse(&text), Ok(moves[0]), "{kind:?} {text}");
            game.make(moves[0]).expect("legal");
            assert_ne!(game.fen(), fen);
            assert_eq!(game.side_to_move(), Side::Black);
            game.unmake();
            assert_eq!(game.fen(), fen);
            assert_eq!(game.game_type().kind(), kind);
        }
    }

    #[test]
    fn ids_are_unique_and_stale_ones_are_refused() {
        for kind in GameKind::ALL {
            let mut game = kind.game().start();
            let mut ids = game.legal_moves();
            let count = ids.len();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), count, "{kind:?}: ids must be unique");
            let first = game.legal_moves()[0];
            game.make(first).expect("legal");
            let stale = ids.into_iter().find(|id| !game.legal_moves().contains(id));
            if let Some(stale) = stale {
                assert_eq!(game.make(stale), Err(GameError::NotLegal(stale.0)));
            }
        }
    }

    #[test]
    fn moves_are_read_and_recorded_in_each_games_notation() {
        let mut chess = GameKind::Chess.game().start();
        assert_eq!(chess.play("g1f3"), Ok("Nf3".to_string()));
        assert!(matches!(chess.play("e7e5e5"), Err(GameError::BadMove(_))));
        let mut leiser = GameKind::Leiserchess.game().start();
        let text = leiser.move_text(leiser.legal_moves()[0]).expect("legal");
        assert_eq!(leiser.play(&text), Ok(text.clone()));
        assert_eq!(leiser.side_name(Side::White), "Tangerine");
    }
}
