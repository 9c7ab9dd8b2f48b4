//! The rules of a game: what every front end needs.

use std::fmt::{Debug, Display};

use super::{Outcome, Side};

/// A move a game can pack into 16 bits (for the transposition table).
pub trait GameMove: Copy + Eq + Send + Sync + Debug + Display + 'static {
    /// The packed form; never 0 for a real move.
    fn to_u16(self) -> u16;
}

/// Which move sequences a perft counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftCount {
    /// The game's own convention (`perft N`): the legal moves, unless the
    /// game counts others (Leiserchess counts as MIT's players do, the
    /// moves its ko rule forbids included).
    Rules,
    /// Legal move sequences only (`perft N legal`): every rule of play
    /// applied.
    Legal,
    /// The leaves of [`PerftCount::Rules`], counted through the game's
    /// full `make` and `unmake` at every ply but the last, whose moves are
    /// generated and counted unmade (`perft N make`, as MIT's Leiserchess
    /// players count): a yardstick of move generation and make/unmake
    /// speed, with no bulk counting.
    Make,
}

/// The rules of a game: positions, legal moves, their notation and the
/// end of the game.
///
/// The state includes the history needed for repetition (and ko), so
/// `make` and `unmake` are a stack: `unmake` takes back the last `make`.
pub trait Rules: Clone + Send + Sync + 'static {
    type Move: GameMove;
    type FenError: std::error::Error + Send + Sync + 'static;
    type MoveError: std::error::Error + Send + Sync + 'static;

    fn startpos() -> Self;
    fn from_fen(fen: &str) -> Result<Self, Self::FenError>;
    fn fen(&self) -> String;
    fn side_to_move(&self) -> Side;

    /// Appends every legal move (after `out.clear()` by the caller).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Parses a move in the game's text notation and checks it is legal.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// A move in protocol notation as this game writes it: a move of this
    /// position or of any later one in the same game (the text may follow
    /// a setting of the game, as Chess960 castling does, not the position).
    /// Defaults to the move's `Display`.
    fn move_text(&self, mv: Self::Move) -> String {
        mv.to_string()
    }
    /// A move in the game's notation for SAN-like records (PGN move lists);
    /// defaults to the protocol notation.
    fn move_to_record(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }
    /// A move in long algebraic record notation, with the square it
    /// leaves (`Ng1f3`, for `-pgnout notation=lan`); defaults to the record
    /// notation, which for a game without SAN already names both squares.
    fn move_to_long_record(&self, mv: Self::Move) -> String {
        self.move_to_record(mv)
    }

    /// Plays a legal move.
    fn make(&mut self, mv: Self::Move);
    /// Takes back the last move played with `make`.
    fn unmake(&mut self);

    /// Zobrist-style hash of the position (what repetition compares).
    fn hash(&self) -> u64;

    /// The end of the game by the rules, considering the whole history:
    /// mate, stalemate, no legal move, a king zapped, fifty moves,
    /// repetition, material.
    fn outcome(&self) -> Option<Outcome>;
}
