//! The seams between the generic code and each game, split by who needs
//! them:
//!
//! - [`Rules`]: the rules of play. Every front end needs them: the UCI
//!   driver, the autotester's referee, the web GUI.
//! - [`Perft`]: counting the game tree (fast, or by the game's own
//!   convention).
//! - [`Evaluation`]: the static evaluation, its weights and breakdown.
//! - [`Searchable`]: what the search needs beyond the evaluation: noisy
//!   moves, ordering hints, the null move, cheap terminal checks; with
//!   [`HistoryIndex`], how its history tables index moves.
//! - [`Frontend`]: what tools and front ends show or ask, from the rules
//!   alone: names, the board as text, bench positions, the `go` dialect,
//!   the perft output, and questions such as "can this side still win on
//!   time".
//! - [`UciGame`]: all of them, what the UCI driver needs.
//!
//! Optional capabilities have safe defaults, so a new game starts with the
//! rules and a static evaluation and adds the rest when it needs it.

mod evaluation;
mod frontend;
mod history_index;
mod outcome;
mod params;
mod perft;
mod rules;
mod searchable;

pub use evaluation::Evaluation;
pub use frontend::{Frontend, GoDialect, PerftStyle, StartVariant};
pub use history_index::HistoryIndex;
pub use outcome::{EndReason, Outcome};
pub use params::{EvalParams, NoParams, SetOptionError, SpinOption, StringOption, UnknownOption};
pub use perft::Perft;
pub use rules::{GameMove, PerftCount, Rules};
pub use searchable::{NoisyKey, Searchable};

/// Everything the UCI driver asks of a game: implemented for every game
/// that has the rest.
pub trait UciGame: Frontend + Searchable + Perft {}

impl<G: Frontend + Searchable + Perft> UciGame for G {}

/// A score in centipawn-like units from the side to move's point of view.
pub type Score = i32;

/// The two sides. In Leiserchess, `White` is Tangerine and `Black` Lavender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}
