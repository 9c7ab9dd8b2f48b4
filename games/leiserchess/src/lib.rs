//! Leiserchess: rules (see `docs/leiserchess-rules.md`, and
//! `docs/leiserchess-2016-rules.md` for the 2016 rule set), evaluation and
//! the game traits (`search::Rules`, `Searchable`, `Frontend`):
//! [`Leiserchess`] plays the 2018 rules, [`Leiserchess2016`] the 2016 ones,
//! both the one generic [`Game`] over a [`RuleSet`].
//!
//! The board is a 16 × 16 mailbox with sentinels (rule 1.4) plus king
//! squares and pawn bitboards kept incrementally; moves pack into 16 bits;
//! the laser is one table lookup per square.

pub mod bench;
pub mod board;
pub mod cell;
pub mod eval;
pub mod fen;
pub mod game;
pub mod laser;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod position;
pub mod rules2018;
pub mod ruleset;
pub mod shots;
pub mod square;
pub mod v2016;
mod zobrist;

pub use cell::{Cell, Mailbox};
pub use eval::Params;
pub use fen::{FenError, START_FEN};
pub use game::{Game, Leiserchess, Leiserchess2016, NO_ZAPS, NO_ZAP_PLIES};
pub use laser::{Hit, Trace};
pub use moves::{Action, Move};
pub use notation::MoveError;
pub use piece::{Piece, Rotation};
pub use position::Position;
pub use rules2018::Rules2018;
pub use ruleset::{RuleSet, SearchRules, Zap};
pub use square::{Dir, Square};
pub use v2016::moves::Move as Move2016;
pub use v2016::Rules2016;
