//! Chess rules on magic bitboards: positions, legal move generation, FEN,
//! UCI and SAN notation, perft, the end of the game, and the game traits
//! ([`search::Rules`], [`search::Searchable`], [`search::Frontend`]) the
//! engine plays with.
//!
//! # Chess960
//!
//! Chess960 (Fischer random chess) is played by the same rules and types:
//! a castling right remembers its rook's square ([`CastleRooks`]), the
//! king lands on g or c and the rook on f or d, and what lies between
//! them and their destinations must be empty but for themselves.
//! - FEN: the castling field is read as standard `KQkq`, X-FEN (`K`/`Q`
//!   the outermost rook on that side of the king, a file letter another
//!   one: `Fq`) or Shredder-FEN (rook files: `HAha`). [`Position::fen`]
//!   writes X-FEN, which is `KQkq` for standard chess;
//!   [`Position::shredder_fen`] writes rook files. A malformed field is a
//!   [`FenError`], never a panic.
//! - Start positions: [`chess960::fen`] and [`Position::chess960`] give
//!   number 0 to 959 in Scharnagl's numbering (518 is the standard start).
//! - UCI: `chess-engine` declares the check option `UCI_Chess960`
//!   (default false). On, castling is written and read king takes rook
//!   (`e1h1`, as Stockfish does); off, standard castling is `e1g1` as
//!   always, and castling only Chess960 has stays king takes rook, its
//!   one unambiguous form ([`Move::uci`]). SAN is `O-O` and `O-O-O`
//!   either way.

pub mod attacks;
pub mod bitboard;
pub mod castling;
pub mod chess960;
pub mod color;
pub mod eval;
pub mod fen;
pub mod game;
mod game_impl;
mod lan;
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
pub use castling::{CastleRooks, CastleSide, CastlingRights};
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
