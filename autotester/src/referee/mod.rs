//! The referee: the tester's clock, adjudication rules and the game loop
//! that checks every move with the game crate.

pub mod adjudication;
pub mod clock;
pub mod play;

pub use adjudication::{Adjudication, DrawRule, ResignRule};
pub use play::{play, PgnFigures, PgnNotation, PlayedGame, RefereeError, Rules, SideSetup};
