//! [`GameType`]: a game as the tools offer it (its names, how its engines
//! are spoken to) and the one place a [`GameKind`] becomes a game.

use std::marker::PhantomData;

use search::{EvalParams, Frontend, GoDialect, StartVariant};

use super::dyn_engine::Engine;
use super::{DynEngine, DynGame, GameError};
use crate::view::{GameMeta, GuiGame};
use crate::GameKind;

/// A game and rule set, without a position: what front ends ask before
/// (or beside) a game object.
pub trait GameType: Send + Sync {
    fn kind(&self) -> GameKind;
    /// The game whose rules and engines this one plays: itself, or chess
    /// for Chess960 (a start variant, [`StartVariant`]).
    fn base(&self) -> GameKind;
    /// A short lower-case name (`Frontend::NAME`), as users type it.
    fn name(&self) -> &'static str;
    /// Other names users type for it (`fischerandom`).
    fn other_names(&self) -> &'static [&'static str] {
        &[]
    }
    /// The PGN `Variant` tag of a rule set that is not the game's default.
    fn variant(&self) -> Option<&'static str>;
    /// The `UCI_Variant` value that chooses this rule set in an engine.
    fn uci_variant(&self) -> Option<&'static str>;
    /// The check option an engine is set to `true` to play this game
    /// (`UCI_Chess960`); an engine that does not declare it cannot.
    fn uci_switch(&self) -> Option<&'static str> {
        None
    }
    /// Display names of White and Black (`Tangerine`, `Lavender`).
    fn side_names(&self) -> [&'static str; 2];
    /// How a `go` command gives the clocks to this game's engines.
    fn go_dialect(&self) -> GoDialect;
    /// How a board of this game is drawn; its `title` is the game's name
    /// for people.
    fn meta(&self) -> GameMeta;
    /// The start position (for a game of many, the usual one: Chess960's
    /// number 518 is chess's).
    fn start(&self) -> Box<dyn DynGame>;
    /// How many start positions the game has, numbered from 0 (960 for
    /// Chess960, 1 for the others).
    fn start_count(&self) -> u16 {
        1
    }
    /// Start position `number` (below [`GameType::start_count`]).
    fn start_at(&self, number: u16) -> Option<Box<dyn DynGame>> {
        (number == 0).then(|| self.start())
    }
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
            GameKind::Chess960 => start_variant_of::<chess::Chess>(),
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

    fn base(&self) -> GameKind {
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

/// The descriptor of `G`'s start variant (Chess960 for chess): `G`'s
/// rules and engines, from the variant's start positions, with the game
/// objects set to play it (so they write moves as it does).
struct StartVariantOf<G>(PhantomData<fn() -> G>);

/// The descriptor of `G`'s start variant, for its game objects that play
/// it; `G` must have one (`Frontend::START_VARIANT`, `GuiGame::
/// START_VARIANT_KIND`).
pub(super) fn start_variant_of<G: GuiGame>() -> &'static dyn GameType {
    &StartVariantOf::<G>(PhantomData)
}

impl<G: GuiGame> StartVariantOf<G> {
    fn variant() -> StartVariant {
        G::START_VARIANT.expect("a game with a start variant")
    }

    fn boxed(mut game: G) -> Box<dyn DynGame> {
        game.set_start_variant(true);
        Box::new(game)
    }
}

impl<G: GuiGame> GameType for StartVariantOf<G> {
    fn kind(&self) -> GameKind {
        G::START_VARIANT_KIND.expect("a game with a start variant")
    }

    fn base(&self) -> GameKind {
        G::KIND
    }

    fn name(&self) -> &'static str {
        Self::variant().name
    }

    fn other_names(&self) -> &'static [&'static str] {
        Self::variant().other_names
    }

    fn variant(&self) -> Option<&'static str> {
        Some(Self::variant().title)
    }

    fn uci_variant(&self) -> Option<&'static str> {
        G::UCI_VARIANT
    }

    fn uci_switch(&self) -> Option<&'static str> {
        Some(Self::variant().uci_option)
    }

    fn side_names(&self) -> [&'static str; 2] {
        <G as Frontend>::SIDE_NAMES
    }

    fn go_dialect(&self) -> GoDialect {
        G::GO_DIALECT
    }

    fn meta(&self) -> GameMeta {
        GameMeta {
            title: Self::variant().title,
            ..GameMeta::of::<G>()
        }
    }

    fn start(&self) -> Box<dyn DynGame> {
        Self::boxed(G::startpos())
    }

    fn start_count(&self) -> u16 {
        Self::variant().start_count
    }

    fn start_at(&self, number: u16) -> Option<Box<dyn DynGame>> {
        let fen = (Self::variant().start_fen)(number)?;
        G::from_fen(&fen).ok().map(Self::boxed)
    }

    fn open(&self, fen: &str) -> Result<Box<dyn DynGame>, GameError> {
        G::from_fen(fen)
            .map(Self::boxed)
            .map_err(|e| GameError::BadFen(e.to_string()))
    }

    fn engine(&self, hash_mb: usize) -> Result<Box<dyn DynEngine>, GameError> {
        Ok(Box::new(Engine::<G>::new(hash_mb)?))
    }

    fn eval_options(&self) -> Vec<&'static str> {
        of::<G>().eval_options()
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
    fn chess960_is_chess_from_960_starts_with_king_takes_rook_castling() {
        let game = GameKind::Chess960.game();
        assert_eq!((game.base(), game.name()), (GameKind::Chess, "chess960"));
        assert_eq!(game.variant(), Some("Chess960"));
        assert_eq!(game.uci_switch(), Some("UCI_Chess960"));
        assert_eq!(GameKind::Chess.game().uci_switch(), None);
        assert_eq!(game.start_count(), 960);
        let start = game.start_at(518).expect("the standard start");
        assert_eq!(start.fen(), GameKind::Chess.game().start().fen());
        assert!(game.start_at(960).is_none());
        // Castling is written king takes rook, in a game that says it is
        // Chess960 (its type carries the variant on).
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let mut g960 = game.open(fen).expect("fen");
        let standard = GameKind::Chess.game().open(fen).expect("fen");
        let castle = standard.parse("e1g1").expect("O-O");
        assert_eq!(standard.move_text(castle).ok().as_deref(), Some("e1g1"));
        assert_eq!(g960.move_text(castle).ok().as_deref(), Some("e1h1"));
        assert_eq!(g960.game_type().kind(), GameKind::Chess960);
        assert_eq!(standard.game_type().kind(), GameKind::Chess);
        g960.make(castle).expect("legal");
        assert_eq!(g960.clone().game_type().kind(), GameKind::Chess960);
    }

    #[test]
    fn leiserchess_engines_declare_weights_that_chess_engines_do_not() {
        let leiser = GameKind::Leiserchess.game().eval_options();
        assert!(!leiser.is_empty());
        let chess = GameKind::Chess.game().eval_options();
        assert!(leiser.iter().all(|name| !chess.contains(name)));
    }
}
