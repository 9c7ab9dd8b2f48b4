//! What a board on screen needs from a game beyond the game traits:
//! piece codes for drawing, move descriptions for click-click input, check
//! and laser highlights, staged-move previews, pinned pawns, how squares
//! are named. One adapter per game implements [`GuiGame`]; front ends see
//! it through [`crate::DynGame::view`], never by the game's type.

mod chess;
mod choices;
mod leiser;
mod leiser2016;
mod squares;

pub use choices::{offer, Choice, LegalMove, Mark, Offer, Target, Then};
pub use squares::{square_index, square_name};

use serde::Serialize;

use search::{Frontend, Searchable};

use crate::game::{GameError, MoveId};
use crate::GameKind;

/// Which drawings (pieces, board colours, controls) the page uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceSet {
    Chess,
    Leiserchess,
}

/// What the page needs to know about the game it draws, sent with every
/// state so that the page never has to recognise a game by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameMeta {
    /// The game's name for people (`Leiserchess 2016`).
    pub title: &'static str,
    pub pieces: PieceSet,
    /// The number of the rank nearest White (Tangerine): 1 for chess, 0
    /// for Leiserchess (rule 1.1). Square names use it.
    pub first_rank: u8,
}

impl GameMeta {
    pub fn of<G: GuiGame>() -> GameMeta {
        GameMeta {
            title: G::TITLE,
            pieces: G::PIECES,
            first_rank: G::FIRST_RANK,
        }
    }
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
    /// Leiserchess 2018: the square of the opposing piece swapped with,
    /// when the swap is the first part of a two-part move (2018 rule 3.3).
    /// A 2016 swap is a whole move, onto any occupied neighbour: its `to`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swap: Option<String>,
    /// Leiserchess: the rotation letter (`L`, `R`, `U`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotate: Option<char>,
    /// Chess: the promotion piece letter (`q`, `r`, `b`, `n`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<char>,
    /// Leiserchess 2016: the king's null move (it stays and fires again).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub null_move: bool,
}

/// Where a Leiserchess laser went: the squares from the firing king on,
/// and every piece it zapped, in order.
///
/// Under the 2018 rules a shot ends at the first piece it zaps. Under the
/// 2016 rules the king fires again after each zapped pawn (2016 rule 4.3);
/// each new beam follows the last one up to the square just emptied, so
/// `path` goes on from there with what the new beam adds, and one
/// polyline through `path` draws every beam.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Laser {
    /// The firing king's square first, then every square the beam entered.
    pub path: Vec<String>,
    /// The pieces zapped, in the order the beam reached them.
    pub zaps: Vec<Zap>,
    /// The direction (`N`, `E`, `S`, `W`) the last beam left the board in,
    /// when it did not end on a king.
    pub exit: Option<char>,
}

/// A piece a laser zapped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Zap {
    pub square: String,
    pub kind: ZapKind,
    /// The index into the laser's `path` where the beam reaches it.
    pub at: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ZapKind {
    Pawn,
    King,
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

/// What a board on screen needs from a game, in the game's own move type.
pub trait GuiGame: Frontend + Searchable {
    /// The game's entry in the list the tools offer.
    const KIND: GameKind;
    /// The entry of its start variant (Chess960 for chess), if it has one
    /// (`Frontend::START_VARIANT`).
    const START_VARIANT_KIND: Option<GameKind> = None;
    /// The game's name for people.
    const TITLE: &'static str;
    const PIECES: PieceSet;
    /// The number of the rank nearest White (see [`GameMeta`]).
    const FIRST_RANK: u8 = 1;

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

    /// The squares of the side to move's pieces that may not move now
    /// (2016 Leiserchess pins, 2016 rule 3.4).
    fn pinned(&self) -> Vec<String> {
        Vec::new()
    }

    /// Moves the rules of movement allow now but the ko rule forbids
    /// (Leiserchess), so the page can say why one is not offered.
    fn ko_forbidden(&self) -> Vec<MoveInfo> {
        Vec::new()
    }
}

/// What a board on screen shows of a position, whatever the game: the
/// object-safe face of [`GuiGame`], reached through
/// [`crate::DynGame::view`].
pub trait BoardView {
    /// How the game is drawn (sent with every state).
    fn meta(&self) -> GameMeta;
    /// Piece codes of the 64 squares (see [`GuiGame::board`]).
    fn board(&self) -> Vec<String>;
    /// Describes a legal move.
    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError>;
    /// The legal moves and what clicking each piece offers.
    fn offer(&self) -> Offer;
    /// The square of the side to move's king when it is in check.
    fn check_square(&self) -> Option<String>;
    /// The laser fired by the last move played, if the game has one.
    fn last_laser(&self) -> Option<Laser>;
    /// The side to move's pieces that may not move now.
    fn pinned(&self) -> Vec<String>;
    /// Moves the ko rule forbids now.
    fn ko_forbidden(&self) -> Vec<MoveInfo>;
}

impl<G: GuiGame> BoardView for G {
    fn meta(&self) -> GameMeta {
        GameMeta::of::<G>()
    }

    fn board(&self) -> Vec<String> {
        GuiGame::board(self)
    }

    fn move_info(&self, mv: MoveId) -> Result<MoveInfo, GameError> {
        Ok(GuiGame::move_info(self, crate::game::find_move(self, mv)?))
    }

    fn offer(&self) -> Offer {
        let mut moves = Vec::new();
        search::Rules::legal_moves(self, &mut moves);
        offer(self, &moves)
    }

    fn check_square(&self) -> Option<String> {
        GuiGame::check_square(self)
    }

    fn last_laser(&self) -> Option<Laser> {
        GuiGame::last_laser(self)
    }

    fn pinned(&self) -> Vec<String> {
        GuiGame::pinned(self)
    }

    fn ko_forbidden(&self) -> Vec<MoveInfo> {
        GuiGame::ko_forbidden(self)
    }
}
