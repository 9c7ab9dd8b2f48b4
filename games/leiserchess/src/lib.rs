//! Leiserchess: rules (see `docs/leiserchess-rules.md`), evaluation and
//! the game traits (`search::Rules`, `Searchable`, `Frontend`).
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
pub mod shots;
pub mod square;
mod zobrist;

pub use cell::{Cell, Mailbox};
pub use eval::Params;
pub use fen::{FenError, START_FEN};
pub use game::Leiserchess;
pub use laser::{Hit, Trace};
pub use moves::{Action, Move};
pub use notation::MoveError;
pub use piece::{Piece, Rotation};
pub use position::Position;
pub use square::{Dir, Square};
