//! What the search needs of a game beyond its rules.

use super::{Evaluation, HistoryIndex, Outcome, Score};
use crate::params::SearchParams;

/// How the move picker orders a noisy move: what
/// [`Searchable::noisy_key`] says of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoisyKey {
    /// Higher first: MVV-LVA and the like.
    pub order: i32,
    /// `see_ge(mv, 0)` when the game found it on the way (Leiserchess:
    /// the one laser shot that tells the move noisy also tells what it
    /// wins), so that the picker need not ask again; `None`: ask.
    pub see_ge_zero: Option<bool>,
}

/// The search's extension of the rules and the evaluation: terminal checks
/// made cheap, noisy moves and ordering hints (with the history tables'
/// indices of [`HistoryIndex`]), the null move.
pub trait Searchable: Evaluation + HistoryIndex {
    /// The search's defaults for this game: the generic ones unless the
    /// game's positions call for others (many more moves than chess, say,
    /// which changes what shallow pruning can afford).
    fn search_params() -> SearchParams {
        SearchParams::default()
    }

    /// Cheap terminal check for the search, called at every node before
    /// move generation: decided games (a king zapped) and rule draws
    /// (fifty moves, insufficient material, a repetition since
    /// `plies_from_root` plies ago or a rule repetition before that).
    /// Mate and stalemate are found by the search when there is no move.
    fn search_outcome(&self, plies_from_root: usize) -> Option<Outcome>;

    /// The outcome when the side to move has no legal move (chess: mate or
    /// stalemate; Leiserchess: a loss).
    fn no_moves_outcome(&self) -> Outcome;

    /// Whether the side to move is in check (for check extensions and to
    /// forbid null moves). Games without check return false.
    fn in_check(&self) -> bool {
        false
    }

    /// Whether the legal move `mv` gives check, told from the position
    /// without making the move: shallow pruning keeps a quiet move that
    /// does. Default: never (a game without check, or one whose checks
    /// may be pruned).
    fn gives_check(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Appends the noisy moves quiescence searches to `out` and the
    /// [`Searchable::noisy_key`] of each to `keys` (found on the way, so
    /// that the move picker does not classify them again). With
    /// `in_check` the search generates all legal moves instead. Default:
    /// none.
    fn noisy_moves(&self, _out: &mut Vec<Self::Move>, _keys: &mut Vec<NoisyKey>) {}

    /// `Some(key)` for a noisy move (not reduced or futility-pruned;
    /// ordered by its key), `None` for a quiet one. Default: every move is
    /// quiet.
    fn noisy_key(&self, _mv: Self::Move) -> Option<NoisyKey> {
        None
    }

    /// [`Searchable::noisy_key`] of every move of `moves` (legal moves of
    /// this position): `noisy(i, key)` for each noisy `moves[i]`, in
    /// order. A game whose moves share part of the answer (Leiserchess:
    /// what the laser does after every move that leaves its beam alone)
    /// works it out once here. Default: `noisy_key` of each move.
    #[inline]
    fn noisy_keys_of(&self, moves: &[Self::Move], mut noisy: impl FnMut(usize, NoisyKey)) {
        for (i, &mv) in moves.iter().enumerate() {
            if let Some(key) = self.noisy_key(mv) {
                noisy(i, key);
            }
        }
    }

    /// Static exchange evaluation: does this move win at least `threshold`?
    /// Used to prune losing captures. Default: always.
    fn see_ge(&self, _mv: Self::Move, _threshold: Score) -> bool {
        true
    }

    /// A key of the part of the position that changes slowly (chess: the
    /// pawns), under which correction history learns how far the static
    /// evaluation tends to be off. The default, one key for every
    /// position, learns only a bias per side.
    fn correction_key(&self) -> u64 {
        0
    }

    /// Whether a null move is safe here (zugzwang risk is the game's call).
    fn null_move_allowed(&self) -> bool {
        false
    }
    /// Passes the turn (only called when `null_move_allowed`).
    fn make_null(&mut self) {}
    /// Takes back `make_null`.
    fn unmake_null(&mut self) {}
}
