//! Chess rules on magic bitboards: positions, legal move generation, FEN,
//! UCI and SAN notation, perft, the end of the game, and the game traits
//! ([`search::Rules`], [`search::Searchable`], [`search::Frontend`]) the
//! engine plays with.

pub mod attacks;
pub mod bitboard;
pub mod castling;
pub mod color;
pub mod eval;
pub mod fen;
pub mod game;
mod game_impl;
pub mod movegen;
pub mod mv;
pub mod notation;
pub mod perft;
pub mod position;
pub mod role;
pub mod see;
pub mod square;
mod zobrist;

pub use bitboard::Bitboard;
pub use castling::{CastleSide, CastlingRights};
pub use color::{ByColor, Color};
pub use fen::FenError;
pub use game::Chess;
pub use movegen::{legal_moves, MoveList};
pub use mv::{Move, MoveKind};
pub use notation::MoveParseError;
pub use perft::{divide, perft};
pub use position::{Position, STARTING_FEN};
pub use role::{Piece, Role};
pub use square::{File, Rank, Square};
