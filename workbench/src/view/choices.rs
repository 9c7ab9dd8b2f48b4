//! What the page offers for the current position, worked out here so that
//! the page only draws: the legal moves (with, for staged games, what each
//! would show) and, for each piece the side to move can click, the squares
//! a click then offers, step by step, down to a move.
//!
//! Boards the page draws while a move is put together are sent as the
//! squares that differ from the position's board, a few per move, so a
//! state with a hundred Leiserchess moves stays small.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{square_index, square_name, GuiGame, Laser, MoveInfo};

/// Squares drawn differently from the position's board: square name to
/// piece code (`""` for an empty square).
pub type Changes = BTreeMap<String, String>;

/// A legal move and, when the game stages moves before playing them
/// (Leiserchess), what it would show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    #[serde(flatten)]
    pub info: MoveInfo,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview: Option<Preview>,
}

/// A staged move's drawing: its board and its laser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Preview {
    /// The board after the move's pieces moved, the piece its laser zaps
    /// still standing (the page marks it with the laser's ✗).
    pub changes: Changes,
    pub laser: Laser,
}

/// What clicking a square offers next.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The squares that continue or finish the move, with their marks.
    pub targets: Vec<Target>,
    /// Rotation letters (Leiserchess) and their moves, by index into the
    /// legal moves.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub rotations: BTreeMap<char, usize>,
    /// The board drawn while this choice is open, when it differs from
    /// the position's (after a Leiserchess swap).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<Changes>,
}

/// A square to click and what the click does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Target {
    pub square: String,
    /// `dot` on an empty square, `ring` on a piece, `null` on the king
    /// itself for its null move (2016 Leiserchess).
    pub mark: Mark,
    #[serde(flatten)]
    pub then: Then,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Dot,
    Ring,
    Null,
}

/// What a click on a target does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Then {
    /// Finishes this move (an index into the legal moves).
    Move(usize),
    /// Asks for a promotion piece: its letter and its move (chess).
    Promotions(BTreeMap<char, usize>),
    /// Opens a further choice (after a Leiserchess swap).
    Choice(Choice),
}

/// The legal moves of the position and, by square of each piece that can
/// move, what clicking it offers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offer {
    pub legal: Vec<LegalMove>,
    pub choices: BTreeMap<String, Choice>,
}

/// The offer of `game`'s current position, whose legal moves are `moves`.
pub fn offer<G: GuiGame>(game: &G, moves: &[G::Move]) -> Offer {
    let board = Board {
        codes: game.board(),
        first_rank: G::FIRST_RANK,
    };
    let mut offer = Offer::default();
    for (index, &mv) in moves.iter().enumerate() {
        let info = game.move_info(mv);
        let piece = offer.choices.entry(info.from.clone()).or_default();
        let choice = match &info.swap {
            None => piece,
            Some(swap) => piece.open(swap, &board, || {
                game.board_after_swap(mv).map(|after| board.changes(&after))
            }),
        };
        choice.add(&info, index, &board);
        let preview = game.preview(mv).map(|p| Preview {
            changes: board.changes(&p.board),
            laser: p.laser,
        });
        offer.legal.push(LegalMove { info, preview });
    }
    offer
}

impl Choice {
    /// The choice a click on `square` opens, made on first use with the
    /// board `changes()` gives.
    fn open(
        &mut self,
        square: &str,
        board: &Board,
        changes: impl FnOnce() -> Option<Changes>,
    ) -> &mut Choice {
        let opens = |t: &Target| t.square == square && matches!(t.then, Then::Choice(_));
        let at = match self.targets.iter().position(opens) {
            Some(at) => at,
            None => {
                let choice = Choice {
                    changes: changes(),
                    ..Choice::default()
                };
                self.targets
                    .push(Target::new(square, board, Then::Choice(choice)));
                self.targets.len() - 1
            }
        };
        match &mut self.targets[at].then {
            Then::Choice(choice) => choice,
            _ => unreachable!("found or made as a choice"),
        }
    }

    /// Adds the last step of the move `info` (legal move `index`).
    fn add(&mut self, info: &MoveInfo, index: usize, board: &Board) {
        if let Some(letter) = info.rotate {
            self.rotations.insert(letter, index);
            return;
        }
        if info.null_move {
            self.targets.push(Target {
                square: info.from.clone(),
                mark: Mark::Null,
                then: Then::Move(index),
            });
            return;
        }
        let existing = self.targets.iter_mut().find(|t| t.square == info.to);
        match (existing, info.promotion) {
            (Some(target), Some(letter)) => {
                if let Then::Promotions(pieces) = &mut target.then {
                    pieces.insert(letter, index);
                }
            }
            (None, Some(letter)) => {
                let pieces = BTreeMap::from([(letter, index)]);
                let target = Target::new(&info.to, board, Then::Promotions(pieces));
                self.targets.push(target);
            }
            (_, None) => self
                .targets
                .push(Target::new(&info.to, board, Then::Move(index))),
        }
    }
}

impl Target {
    fn new(square: &str, board: &Board, then: Then) -> Target {
        Target {
            square: square.to_string(),
            mark: if board.is_occupied(square) {
                Mark::Ring
            } else {
                Mark::Dot
            },
            then,
        }
    }
}

/// The position's board of piece codes and how its squares are named.
struct Board {
    codes: Vec<String>,
    first_rank: u8,
}

impl Board {
    fn is_occupied(&self, square: &str) -> bool {
        square_index(square, self.first_rank)
            .and_then(|i| self.codes.get(i))
            .is_some_and(|code| !code.is_empty())
    }

    /// The squares of `after` that differ from this board.
    fn changes(&self, after: &[String]) -> Changes {
        self.codes
            .iter()
            .zip(after)
            .enumerate()
            .filter(|(_, (old, new))| old != new)
            .map(|(i, (_, new))| (square_name(i, self.first_rank), new.clone()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use leiserchess::Leiserchess;
    use search::Rules;

    use super::*;

    fn offer_of<G: GuiGame>(game: &G) -> Offer {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        offer(game, &moves)
    }

    /// Every legal move is reached by exactly one path of clicks.
    fn paths(choice: &Choice, out: &mut Vec<usize>) {
        out.extend(choice.rotations.values());
        for target in &choice.targets {
            match &target.then {
                Then::Move(i) => out.push(*i),
                Then::Promotions(pieces) => out.extend(pieces.values()),
                Then::Choice(next) => paths(next, out),
            }
        }
    }

    fn assert_every_move_has_one_path(offer: &Offer) {
        let mut reached = Vec::new();
        for choice in offer.choices.values() {
            paths(choice, &mut reached);
        }
        reached.sort_unstable();
        assert_eq!(reached, (0..offer.legal.len()).collect::<Vec<_>>());
    }

    #[test]
    fn chess_targets_ring_captures_and_group_promotions() {
        let game = chess::Chess::from_fen("1n5k/P7/8/8/8/8/8/K7 w - - 0 1").expect("FEN");
        let offer = offer_of(&game);
        assert_every_move_has_one_path(&offer);
        let pawn = &offer.choices["a7"];
        let marks: Vec<(&str, Mark)> = pawn
            .targets
            .iter()
            .map(|t| (t.square.as_str(), t.mark))
            .collect();
        assert_eq!(marks, [("a8", Mark::Dot), ("b8", Mark::Ring)]);
        assert!(matches!(&pawn.targets[1].then, Then::Promotions(p) if p.len() == 4));
        assert!(offer.legal.iter().all(|m| m.preview.is_none()));
    }

    #[test]
    fn leiserchess_swaps_open_a_choice_with_the_pieces_exchanged() {
        // rule 3.3: the swap first (the two pieces exchange squares), then
        // a shift or a rotation of the moving piece.
        let game = Leiserchess::from_fen("ss7/8/8/8/8/8/6nw1/7NN W").expect("FEN");
        let offer = offer_of(&game);
        assert_every_move_has_one_path(&offer);
        let king = &offer.choices["h0"];
        assert_eq!(king.rotations.len(), 3);
        let swap = king
            .targets
            .iter()
            .find(|t| t.square == "g1")
            .expect("swap");
        assert_eq!(swap.mark, Mark::Ring);
        let Then::Choice(after) = &swap.then else {
            panic!("a swap opens a choice");
        };
        let exchanged = Changes::from([("g1".into(), "NN".into()), ("h0".into(), "nw".into())]);
        assert_eq!(after.changes.as_ref(), Some(&exchanged));
        assert_eq!(after.rotations.len(), 3);
        assert!(after.targets.iter().all(|t| t.mark == Mark::Dot));
        // Every move shows its board and laser before it is played.
        assert!(offer.legal.iter().all(|m| m.preview.is_some()));
    }
}
