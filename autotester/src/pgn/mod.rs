//! PGN: writing our games (cutechess-style comments, 80 columns) and
//! reading anyone's games back for rating.

pub mod game;
pub mod reader;
pub mod writer;

pub use game::{Evaluation, GameResult, Header, PgnGame, PgnMove, Score, Termination};
pub use reader::{read_file, read_games, PgnError, PgnFileError};
pub use writer::write_game;
