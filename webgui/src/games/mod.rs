//! Per-game adapters: what the page needs from a game beyond the game
//! traits (piece codes for drawing, move descriptions for click-click input,
//! check and laser highlights, staged-move previews). Everything else in
//! the server is generic.

mod chess;
mod choices;
mod leiser;

pub use choices::{offer, Choice, LegalMove, Offer};

use serde::{Deserialize, Serialize};

use search::{Frontend, Side};

/// Which game a session plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Chess,
    Leiserchess,
}

/// A legal move as the page sees it: enough to map clicks to moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveInfo {
    /// The move in protocol notation (what `POST .../moves` accepts).
    pub text: String,
    /// The move in record notation (SAN for chess).
    pub record: String,
    /// Square of the moving piece.
    pub from: String,
    /// Square the moving piece ends on.
    pub to: String,
    /// Leiserchess: the square of the opposing piece swapped with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swap: Option<String>,
    /// Leiserchess: the rotation letter (`L`, `R`, `U`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotate: Option<char>,
    /// Chess: the promotion piece letter (`q`, `r`, `b`, `n`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<char>,
}

/// Where a Leiserchess laser went: the squares from the firing king on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Laser {
    /// The firing king's square first, then every square the beam entered.
    pub path: Vec<String>,
    /// The square of the zapped piece, if any (the last square of `path`).
    pub zapped: Option<String>,
    /// `pawn` or `king` when something was zapped.
    pub zapped_kind: Option<&'static str>,
    /// The direction (`N`, `E`, `S`, `W`) the beam left the board in, when
    /// it zapped nothing.
    pub exit: Option<char>,
}

/// What a staged move would show before it is confirmed (Leiserchess):
/// the board it leaves and the laser it fires over that board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovePreview {
    /// Piece codes of the 64 squares after the move's pieces have moved,
    /// the piece its laser zaps still on the board.
    pub board: Vec<String>,
    pub laser: Laser,
}

/// What the web GUI needs from a game.
pub trait GuiGame: Frontend {
    const KIND: GameKind;

    /// Piece codes of the 64 squares, a1 first, `""` for empty: FEN letters
    /// for chess, two-letter orientation codes for Leiserchess.
    fn board(&self) -> Vec<String>;

    /// Describes a legal move of the current position.
    fn move_info(&self, mv: Self::Move) -> MoveInfo;

    /// The square of the side to move's king when it is in check.
    fn check_square(&self) -> Option<String> {
        None
    }

    /// The laser fired by the last move played, if the game has one.
    fn last_laser(&self) -> Option<Laser> {
        None
    }

    /// What a legal move would show, for games whose moves are staged
    /// and confirmed (Leiserchess); `None` plays a move at once (chess).
    fn preview(&self, _mv: Self::Move) -> Option<MovePreview> {
        None
    }

    /// The board after the first part of a two-part move (a Leiserchess
    /// swap, rule 3.3), drawn while its second part is chosen.
    fn board_after_swap(&self, _mv: Self::Move) -> Option<Vec<String>> {
        None
    }
}

/// The display name of a side in game `G`.
pub fn side_name<G: GuiGame>(side: Side) -> &'static str {
    G::SIDE_NAMES[side.index()]
}
