//! [`GameType`]: a game as the tools offer it (its names, how its engines
//! are spoken to) and the one place a [`GameKind`] becomes a game.

use std::marker::PhantomData;

use search::{EvalParams, Frontend, GoDialect};

use super::dyn_engine::Engine;
use super::{DynEngine, DynGame, GameError};
use crate::view::{GameMeta, GuiGame};
use crate::GameKind;

/// A game and rule set, without a position: what front ends ask before
/// (or beside) a game object.
pub trait GameType: Send + Sync {
    fn kind(&self) -> GameKind;
    /// A short lower-case name (`Frontend::NAME`), as users type it.
    fn name(&self) -> &'static str;
    /// The PGN `Variant` tag of a rule set that is not the game's default.
    fn variant(&self) -> Option<&'static str>;
    /// The `UCI_Variant` value that chooses this rule set in an engine.
    fn uci_variant(&self) -> Option<&'static str>;
    /// Display names of White and Black (`Tangerine`, `Lavender`).
    fn side_names(&self) -> [&'static str; 2];
    /// How a `go` command gives the clocks to this game's engines.
    fn go_dialect(&self) -> GoDialect;
    /// How a board of this game is drawn; its `title` is the game's name
    /// for people.
    fn meta(&self) -> GameMeta;
    /// The start position.
    fn start(&self) -> Box<dyn DynGame>;
    /// A position from a FEN.
    fn open(&self, fen: &str) -> Result<Box<dyn DynGame>, GameError>;
    /// The game's own search, with a table of `hash_mb` MiB.
    fn engine(&self, hash_mb: usize) -> Result<Box<dyn DynEngine>, GameError>;
    /// The UCI options (evaluation weights) this game's engines declare:
    /// how the autotester tells which game an engine plays.
    fn eval_options(&self) -> Vec<&'static str>;
}

impl std::fmt::Debug for dyn GameType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl GameKind {
    /// The game this kind names: the one `match` from the tools' list of
    /// games to the games' types.
    pub fn game(self) -> &'static dyn GameType {
        match self {
            GameKind::Chess => of::<chess::Chess>(),
            GameKind::Leiserchess => of::<leiserchess::Leiserchess>(),
            GameKind::Leiserchess2016 => of::<leiserchess::Leiserchess2016>(),
        }
    }
}

/// The descriptor of game `G` (a zero-sized value).
struct Described<G>(PhantomData<fn() -> G>);

/// `G`'s descriptor, for its game objects.
pub(super) fn of<G: GuiGame>() -> &'static dyn GameType {
    &Described::<G>(PhantomData)
}

impl<G: GuiGame> GameType for Described<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn variant(&self) -> Option<&'static str> {
        G::VARIANT
    }

    fn uci_variant(&self) -> Option<&'static str> {
        G::UCI_VARIANT
    }

    fn side_names(&self) -> [&'static str; 2] {
        <G as Frontend>::SIDE_NAMES
    }

    fn go_dialect(&self) -> GoDialect {
        G::GO_DIALECT
    }

    fn meta(&self) -> GameMeta {
        GameMeta::of::<G>()
    }

    fn start(&self) -> Box<dyn DynGame> {
        Box::new(G::startpos())
    }

    fn open(&self, fen: &str) -> Result<Box<dyn DynGame>, GameError> {
        G::from_fen(fen)
            .map(|g| Box::new(g) as Box<dyn DynGame>)
            .map_err(|e| GameError::BadFen(e.to_string()))
    }

    fn engine(&self, hash_mb: usize) -> Result<Box<dyn DynEngine>, GameError> {
        Ok(Box::new(Engine::<G>::new(hash_mb)?))
    }

    fn eval_options(&self) -> Vec<&'static str> {
        <G::Params as EvalParams>::options()
            .iter()
            .map(|o| o.name)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_opens_its_own_game() {
        for kind in GameKind::ALL {
            let game = kind.game();
            assert_eq!(game.kind(), kind);
            assert_eq!(game.start().game_type().kind(), kind);
            let fen = game.start().fen();
            assert_eq!(game.open(&fen).expect("own FEN").fen(), fen);
            assert!(matches!(game.open("not a fen"), Err(GameError::BadFen(_))));
        }
    }

    #[test]
    fn leiserchess_engines_declare_weights_that_chess_engines_do_not() {
        let leiser = GameKind::Leiserchess.game().eval_options();
        assert!(!leiser.is_empty());
        let chess = GameKind::Chess.game().eval_options();
        assert!(leiser.iter().all(|name| !chess.contains(name)));
    }
}
