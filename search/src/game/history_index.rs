//! How the search's history tables index a game's moves.

use super::Rules;

/// The dense indices under which history tables remember a move: what
/// the move is (its own history) and what moved where (continuation
/// history, capture history, counter moves).
pub trait HistoryIndex: Rules {
    /// The size of the dense move index used by history tables.
    const MOVE_INDEX_COUNT: usize;

    /// A dense index in `0..MOVE_INDEX_COUNT` for history tables.
    fn move_index(&self, mv: Self::Move) -> usize;

    /// The size of the piece-and-destination index (`piece_to`); 0 when
    /// the game has none, which turns continuation history, capture
    /// history and counter moves off.
    const PIECE_TO_COUNT: usize = 0;

    /// The moving piece and where it goes, as one index in
    /// `0..PIECE_TO_COUNT`, for a legal move of this position: what
    /// continuation history remembers of a move (a move's follow-ups
    /// depend on what moved where, not on where it came from).
    fn piece_to(&self, _mv: Self::Move) -> usize {
        0
    }
}
