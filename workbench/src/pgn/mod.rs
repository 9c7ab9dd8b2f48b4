//! PGN: writing games (tags one per line, cutechess-style comments,
//! movetext wrapped at 80 columns) and reading anyone's games back. The
//! autotester's match files and the web GUI's export and import all go
//! through here; a game crate writes no PGN.

pub mod date;
pub mod game;
pub mod reader;
pub mod writer;

pub use date::today;
pub use game::{
    lichess_comment, Evaluation, GameResult, Header, PgnGame, PgnMove, Score, Termination,
};
pub use reader::{read_file, read_games, PgnError, PgnFileError};
pub use writer::write_game;
