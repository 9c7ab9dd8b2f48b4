//! A game of chess: a position plus the history behind it, with the rules
//! that need history (repetition) and the end of the game.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::fen::FenError;
use crate::movegen::{has_legal_moves, legal_moves, MoveList};
use crate::mv::Move;
use crate::notation::MoveParseError;
use crate::position::Position;
use crate::role::Role;
use search::{EndReason, Outcome, Side};

/// Chess's own endings (the shared draws are [`EndReason`]'s constants).
pub const CHECKMATE: EndReason = EndReason {
    code: "checkmate",
    sentence: "{winner} mates",
};
pub const STALEMATE: EndReason = EndReason {
    code: "stalemate",
    sentence: "Draw by stalemate",
};
pub const INSUFFICIENT_MATERIAL: EndReason = EndReason {
    code: "insufficient_material",
    sentence: "Draw by insufficient mating material",
};

/// A position with the moves that led to it since it was set up.
#[derive(Clone, Debug)]
pub struct Chess {
    pos: Position,
    /// The position before each move played, and that move
    /// (`Move::NULL` for a null move).
    history: Vec<(Position, Move)>,
    /// Whether this is a game of Chess960 (`UCI_Chess960`): its castling
    /// moves are written king takes rook. The rules are the same.
    chess960: bool,
}

impl Default for Chess {
    fn default() -> Chess {
        Chess::new(Position::startpos())
    }
}

pub(crate) fn side_of(color: Color) -> Side {
    color.fold(Side::White, Side::Black)
}

impl Chess {
    pub fn new(pos: Position) -> Chess {
        Chess {
            pos,
            history: Vec::with_capacity(256),
            chess960: false,
        }
    }

    pub fn from_fen(fen: &str) -> Result<Chess, FenError> {
        Position::from_fen(fen).map(Chess::new)
    }

    /// Whether this is a game of Chess960 (see [`Chess::set_chess960`]).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Makes this a game of Chess960 (or of standard chess): only how its
    /// castling moves are written changes ([`Move::uci`]); the rules of
    /// castling are the same for any start position.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    #[inline]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position before each move played since set-up, and the move.
    #[inline]
    pub fn history(&self) -> &[(Position, Move)] {
        &self.history
    }

    /// The moves played since set-up (null moves included, as `0000`).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|&(_, m)| m)
    }

    pub fn legal_moves(&self) -> MoveList {
        legal_moves(&self.pos)
    }

    /// Plays a move that must be legal (from the generator or a parser).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.history.push((self.pos, mv));
        self.pos.play_unchecked(mv);
    }

    /// Parses a UCI move, checks it, and plays it.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveParseError> {
        let mv = self.pos.parse_uci(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// Passes the turn (null move, for the search).
    pub fn play_null(&mut self) {
        self.history.push((self.pos, Move::NULL));
        self.pos.play_null();
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let (pos, mv) = self.history.pop()?;
        self.pos = pos;
        Some(mv)
    }

    pub fn plies(&self) -> usize {
        self.history.len()
    }

    /// How many earlier positions (up to the last irreversible move or
    /// null move) equal the current one, and how far back the nearest is.
    fn repetitions(&self) -> (usize, Option<usize>) {
        let window = (self.pos.halfmove_clock() as usize).min(self.history.len());
        let key = self.pos.hash();
        let mut count = 0;
        let mut nearest = None;
        // Same side to move: look 2, 4, 6, ... plies back.
        let mut back = 2;
        while back <= window {
            let (earlier, mv) = &self.history[self.history.len() - back];
            if earlier.hash() == key {
                count += 1;
                nearest.get_or_insert(back);
            }
            if *mv == Move::NULL || self.history[self.history.len() - back + 1].1 == Move::NULL {
                break;
            }
            back += 2;
        }
        (count, nearest)
    }

    /// Whether neither side can ever mate (king against king with at most
    /// one minor piece, or bishops all on squares of one colour).
    pub fn insufficient_material(&self) -> bool {
        insufficient_material(&self.pos)
    }

    /// The end of the game by the rules, if it has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        if !has_legal_moves(&self.pos) {
            return Some(if self.pos.in_check() {
                Outcome::win(side_of(!self.pos.side_to_move()), CHECKMATE)
            } else {
                Outcome::draw(STALEMATE)
            });
        }
        if self.insufficient_material() {
            return Some(Outcome::draw(INSUFFICIENT_MATERIAL));
        }
        if self.pos.halfmove_clock() >= 100 {
            return Some(Outcome::draw(EndReason::FIFTY_MOVES));
        }
        if self.repetitions().0 >= 2 {
            return Some(Outcome::draw(EndReason::REPETITION));
        }
        None
    }

    /// The search's draw test: rule draws, or any repetition inside the
    /// searched tree (`plies_from_root`), or a threefold one before it.
    pub fn search_draw(&self, plies_from_root: usize) -> Option<Outcome> {
        if self.pos.halfmove_clock() >= 100 && (!self.pos.in_check() || has_legal_moves(&self.pos))
        {
            return Some(Outcome::draw(EndReason::FIFTY_MOVES));
        }
        let (count, nearest) = self.repetitions();
        if count >= 2 || nearest.is_some_and(|back| back <= plies_from_root) {
            return Some(Outcome::draw(EndReason::REPETITION));
        }
        if insufficient_material(&self.pos) {
            return Some(Outcome::draw(INSUFFICIENT_MATERIAL));
        }
        None
    }

    /// An ASCII diagram and the checkers, for the `d` command (the UCI
    /// driver adds the FEN and hash key, as for every game).
    pub fn display(&self) -> String {
        let mut out = String::new();
        out.push_str(" +---+---+---+---+---+---+---+---+\n");
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let sq = crate::square::Square::new_unchecked(rank * 8 + file);
                let c = self.pos.piece_at(sq).map_or(' ', |p| p.char());
                out.push_str(&format!(" | {c}"));
            }
            out.push_str(&format!(" | {}\n", rank + 1));
            out.push_str(" +---+---+---+---+---+---+---+---+\n");
        }
        out.push_str("   a   b   c   d   e   f   g   h\n\n");
        let checkers: Vec<String> = self.pos.checkers().map(|s| s.to_string()).collect();
        out.push_str(&format!("Checkers: {}\n", checkers.join(" ")));
        out
    }
}

pub(crate) fn insufficient_material(pos: &Position) -> bool {
    let heavy = pos.role_bb(Role::Pawn) | pos.role_bb(Role::Rook) | pos.role_bb(Role::Queen);
    if heavy.nonempty() {
        return false;
    }
    let knights = pos.role_bb(Role::Knight);
    let bishops = pos.role_bb(Role::Bishop);
    let minors = knights | bishops;
    if minors.count() <= 1 {
        return true;
    }
    knights.is_empty()
        && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
            || (bishops & Bitboard::DARK_SQUARES).is_empty())
}
