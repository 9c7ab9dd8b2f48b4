//! The seams between the generic code and each game, split by who needs
//! them:
//!
//! - [`Rules`]: the rules of play. Every front end needs them: the UCI
//!   driver, the autotester's referee, the web GUI, perft.
//! - [`Searchable`]: what the search needs beyond the rules: evaluation,
//!   noisy moves, ordering hints, the null move.
//! - [`Frontend`]: what tools and front ends show or ask: the board as
//!   text, the evaluation's breakdown, bench positions, the `go` dialect,
//!   the perft output, and questions such as "can this side still win on
//!   time".
//!
//! Optional capabilities have safe defaults, so a new game starts with the
//! rules and a static evaluation and adds the rest when it needs it.

mod frontend;
mod outcome;
mod params;
mod rules;
mod searchable;

pub use frontend::{Frontend, GoDialect, PerftStyle};
pub use outcome::{EndReason, Outcome};
pub use params::{EvalParams, NoParams, SpinOption, UnknownOption};
pub use rules::{GameMove, PerftCount, Rules};
pub use searchable::Searchable;

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
