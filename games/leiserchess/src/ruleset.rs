//! What a rule set of Leiserchess gives the generic game, [`crate::Game`].
//!
//! MIT's class played more than one version of the game. The board, the
//! pieces, the reflection table, the Zobrist keys, the evaluation, the
//! notation, the draws and the perft convention are the same in all of
//! them; the moves, the laser after a move and ko are not. A rule set is a
//! marker type (the 2018 rules are [`crate::Rules2018`], the 2016 ones
//! [`crate::Rules2016`]) whose trait implementations hold those
//! differences, so `Game<R>` is compiled once per rule set and nothing on
//! the hot path asks which rules are played.

use std::fmt::Debug;
use std::hash::Hash;

use search::{GameMove, Side};

use crate::board::Board;
use crate::fen::FenDialect;
use crate::notation::MoveError;
use crate::position::Position;

/// The rules of play of one rule set: moves, making them, ko, reading
/// moves and perft.
pub trait RuleSet: Copy + Debug + Default + Send + Sync + 'static {
    /// A move, packed in 16 bits.
    type Move: GameMove + Hash;
    /// What `unmake` needs to take a move back.
    type Undo: Copy + Debug + Send + Sync;
    /// What the side to move's laser does now, kept with the position so
    /// that the many questions about it in a node walk it once.
    type Beam: Copy + Debug + PartialEq + Send + Sync;
    /// What the ko filter of one `legal_moves` call needs, found once.
    type Ko: Copy;

    /// The starting position.
    const START_FEN: &'static str;
    /// How FENs are written.
    const FEN: FenDialect;
    /// Whether this project once wrote the rule set's ranks 1 to 8 (its
    /// records before it took MIT's numbering), so that a move that reads
    /// legal with every rank one lower deserves that hint.
    const HAD_RANKS_FROM_ONE: bool;

    /// Appends the moves of `side`'s pieces, ko not applied.
    fn generate(board: &Board, side: Side, out: &mut Vec<Self::Move>);
    /// Plays a generated move for the side to move and fires its laser.
    fn make(pos: &mut Position, mv: Self::Move) -> Self::Undo;
    /// Takes back the move `undo` came from (the last one made).
    fn unmake(pos: &mut Position, undo: &Self::Undo);
    /// Whether the move zapped a pawn: then no earlier position can recur.
    fn zapped_pawn(undo: &Self::Undo) -> bool;
    /// The beam `side` fires on `board` now.
    fn beam(board: &Board, side: Side) -> Self::Beam;
    /// The ko state of the position, if ko can forbid anything in it.
    fn ko(recent: &Recent<Self>) -> Option<Self::Ko>;
    /// Whether ko forbids the generated move `mv`.
    fn violates_ko(recent: &Recent<Self>, mv: Self::Move, ko: Self::Ko) -> bool;
    /// Reads a move's text (its shape and squares; legality is the
    /// game's to check).
    fn parse_move(board: &Board, text: &str) -> Result<Self::Move, MoveError>;
    /// Perft as MIT's players count it (rule 8: ko not applied, so the
    /// history does not matter and the count runs on a bare position), fast.
    fn perft(pos: &mut Position, depth: u32) -> u64;
}

/// What ko reads of a game's history (rule 6.1): the position and its
/// beam now, and the last move with what it did and the hash before it.
/// A small view, so that a rule set never needs the whole game.
pub struct Recent<'a, R: RuleSet> {
    pub position: &'a Position,
    /// The beam the side to move fires now.
    pub beam: &'a R::Beam,
    /// The last move played and its undo data (none at the setup
    /// position or after the search's null move).
    pub last: Option<(R::Move, R::Undo)>,
    /// The hash of the position before the last move.
    pub hash_before_last: u64,
}

/// What a zap is worth to the mover in `Zap::value`'s units (centipawns),
/// in every rule set: an opposing pawn gains this, an own pawn loses it.
pub const PAWN_ZAP_VALUE: i32 = 100;
/// A zapped king decides the game: far above any pawn count.
pub const KING_ZAP_VALUE: i32 = 10_000;

/// What a move's laser does, as the search weighs it: worth `value`
/// centipawns to the mover (an opposing pawn +100, an own pawn -100, a
/// king ±10,000) and `noisy` when quiescence must look at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zap {
    pub value: i32,
    pub noisy: bool,
}

impl Zap {
    /// The move picker's key of a noisy zap: ordered by its value, and its
    /// exchange (`see_ge(mv, 0)`) is that value's sign, known already.
    #[inline]
    pub fn noisy_key(self) -> Option<search::NoisyKey> {
        self.noisy.then_some(search::NoisyKey {
            order: self.value,
            see_ge_zero: Some(self.value >= 0),
        })
    }
}

/// What the search and the tools need of a rule set beyond its rules.
pub trait SearchRules: RuleSet {
    /// The size of the dense move index.
    const MOVE_INDEX_COUNT: usize;
    /// The game's name for display (`Frontend::NAME`).
    const NAME: &'static str;
    /// The rule set's name in a PGN `Variant` tag (`Frontend::VARIANT`):
    /// none for the default rules.
    const VARIANT: Option<&'static str> = None;
    /// The `UCI_Variant` value that chooses the rule set
    /// (`Frontend::UCI_VARIANT`).
    const UCI_VARIANT: &'static str;
    /// The depth of the `bench` command.
    const BENCH_DEPTH: u32;

    /// Fixed positions for `bench`.
    fn bench_positions() -> &'static [&'static str];
    /// A dense index in `0..MOVE_INDEX_COUNT`.
    fn move_index(mv: Self::Move) -> usize;
    /// What the side to move's laser does if the board stays as it is.
    fn zap_now(board: &Board, side: Side, beam: &Self::Beam) -> Zap;
    /// What `side`'s laser does after the generated move `mv`, without
    /// making it (`beam` is `side`'s beam now).
    fn zap_after(board: &Board, side: Side, mv: Self::Move, beam: &Self::Beam) -> Zap;
    /// Whether the generated move `mv` may change what `beam` does: when
    /// not, [`SearchRules::zap_after`] is [`SearchRules::zap_now`].
    fn may_change_beam(mv: Self::Move, beam: &Self::Beam) -> bool;
    /// Appends the generated moves that may change `beam` (a superset of
    /// those that do), in the order `generate` uses.
    fn generate_near(board: &Board, side: Side, beam: &Self::Beam, out: &mut Vec<Self::Move>);
    /// Whether `side`'s opponent could zap `side`'s king by firing from
    /// where its king stands, in any direction: the danger in which the
    /// search does not pass.
    fn king_in_danger(board: &Board, side: Side) -> bool;
}
