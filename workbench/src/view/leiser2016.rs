//! The Leiserchess adapter for the 2016 rules
//! (`docs/leiserchess-2016-rules.md`): ranks `0` to `7`, a swap that is a
//! whole move onto any occupied neighbour, the king's null move, pinned
//! pawns, and the multi-zap laser drawn beam after beam. Rule numbers here
//! are those of the 2016 page.
//!
//! The beams of a move, square by square and in the order they were
//! fired, are the crate's (`v2016::make::volley`).

use leiserchess::square::BitIter;
use leiserchess::v2016::make::volley;
use leiserchess::v2016::movegen;
use leiserchess::v2016::moves::Kind;
use leiserchess::{Leiserchess2016, Move2016};
use search::Rules;

use super::leiser::{codes, laser_view};
use super::{GameKind, GuiGame, Laser, MoveInfo, MovePreview, PieceSet};

impl GuiGame for Leiserchess2016 {
    const KIND: GameKind = GameKind::Leiserchess2016;
    const TITLE: &'static str = "Leiserchess 2016";
    const PIECES: PieceSet = PieceSet::Leiserchess;
    /// Rule 1.1: ranks `0` to `7`.
    const FIRST_RANK: u8 = 0;

    fn board(&self) -> Vec<String> {
        codes(self.position().board())
    }

    /// Rule 7.1: a shift and a swap are both written as two squares, and
    /// a swap (rule 3.1) ends the move, so it needs no further choice.
    fn move_info(&self, mv: Move2016) -> MoveInfo {
        let from = mv.from();
        // Generated moves stay on the board; fall back to the from-square
        // rather than trusting that blindly.
        let to = mv.to().unwrap_or(from);
        let rotate = match mv.kind() {
            Kind::Rotate(r) => Some(r.letter()),
            Kind::Shift(_) | Kind::Swap(_) | Kind::Null => None,
        };
        MoveInfo {
            text: mv.to_string(),
            record: self.move_to_record(mv),
            from: from.to_string(),
            to: to.to_string(),
            swap: None,
            rotate,
            promotion: None,
            null_move: mv.is_null(),
        }
    }

    /// Rule 6.1.
    fn ko_forbidden(&self) -> Vec<MoveInfo> {
        super::leiser::ko_moves(self, |mv| self.move_info(mv))
    }

    /// The last move's shot, fired again from the position before it.
    fn last_laser(&self) -> Option<Laser> {
        let (mv, _) = self.last_played()?;
        let mut before = self.clone();
        before.unmake();
        Some(laser_of(&before, mv))
    }

    /// Rule 4.1: the shot is fired after the move, the null move too; the
    /// pawns it zaps are still drawn on the board (the page marks them).
    fn preview(&self, mv: Move2016) -> Option<MovePreview> {
        let volley = volley(self.position(), mv);
        Some(MovePreview {
            board: codes(&volley.board),
            laser: laser_view(&volley.beams),
        })
    }

    /// Rule 3.4: the side to move's pawns on the opposing king's beam.
    fn pinned(&self) -> Vec<String> {
        let pos = self.position();
        if pos.zapped_king().is_some() {
            return Vec::new();
        }
        BitIter(movegen::pinned(pos.board(), pos.side_to_move()))
            .map(|sq| sq.to_string())
            .collect()
    }
}

/// The page's drawing of the volley the side to move fires after `mv`.
fn laser_of(game: &Leiserchess2016, mv: Move2016) -> Laser {
    laser_view(&volley(game.position(), mv).beams)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{offer, Mark, Offer, Then, Zap, ZapKind};

    fn game(fen: &str) -> Leiserchess2016 {
        Leiserchess2016::from_fen(fen).expect("a 2016 FEN")
    }

    fn offer_of(game: &Leiserchess2016) -> Offer {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        offer(game, &moves)
    }

    fn zap(square: &str, kind: ZapKind, at: usize) -> Zap {
        Zap {
            square: square.into(),
            kind,
            at,
        }
    }

    fn squares(names: &str) -> Vec<String> {
        names.split_whitespace().map(str::to_string).collect()
    }

    /// The legal move written `text` and its index.
    fn legal(offer: &Offer, text: &str) -> usize {
        offer
            .legal
            .iter()
            .position(|m| m.info.text == text)
            .unwrap_or_else(|| panic!("{text} is legal"))
    }

    #[test]
    fn rule_1_1_ranks_are_numbered_0_to_7() {
        assert_eq!(Leiserchess2016::FIRST_RANK, 0);
        let start = Leiserchess2016::startpos();
        let offer = offer_of(&start);
        // Rule 1.4: Tangerine's king stands in the corner h0.
        assert_eq!(start.board()[7], "NN");
        let king = &offer.choices["h0"];
        let turn = &offer.legal[king.rotations[&'L']].info;
        assert_eq!((turn.text.as_str(), turn.from.as_str()), ("h0L", "h0"));
        assert!(offer.choices.keys().all(|sq| !sq.ends_with('8')));
        assert!(offer.choices.contains_key("d0"), "the pawn on d0 moves");
        // The 2018 game numbers them the same way (2018 rule 1.1).
        assert_eq!(leiserchess::Leiserchess::FIRST_RANK, 0);
    }

    #[test]
    fn rule_3_1_a_swap_onto_an_own_piece_is_a_whole_move() {
        // Tangerine's king on h0 next to its own NW pawn on g1.
        let game = game("ss7/8/8/8/8/8/6NW1/7NN W");
        let offer = offer_of(&game);
        let i = legal(&offer, "h0g1");
        let swap = &offer.legal[i];
        assert_eq!(swap.info.to, "g1");
        assert_eq!(swap.info.swap, None, "nothing follows a 2016 swap");
        let target = offer.choices["h0"]
            .targets
            .iter()
            .find(|t| t.square == "g1")
            .expect("the own pawn is a target");
        assert_eq!(target.mark, Mark::Ring);
        assert_eq!(target.then, Then::Move(i));
        // And the pawn may swap with its own king.
        let back = legal(&offer, "g1h0");
        assert!(offer.choices["g1"]
            .targets
            .iter()
            .any(|t| t.square == "h0" && t.then == Then::Move(back)));
        let preview = swap.preview.as_ref().expect("staged");
        let exchanged =
            [("g1", "NN"), ("h0", "NW")].map(|(sq, code)| (sq.to_string(), code.to_string()));
        assert_eq!(preview.changes, exchanged.into_iter().collect());
    }

    #[test]
    fn rule_3_2_the_null_move_is_offered_only_when_its_shot_zaps() {
        // The king on h0 aims west at the back of the nw pawn on d0.
        let zaps = game("7ss/8/8/8/8/8/8/3nw3WW W");
        let offer = offer_of(&zaps);
        let i = legal(&offer, "h0h0");
        assert!(offer.legal[i].info.null_move);
        let king = &offer.choices["h0"];
        let null: Vec<_> = king
            .targets
            .iter()
            .filter(|t| t.mark == Mark::Null)
            .collect();
        assert_eq!(null.len(), 1);
        assert_eq!(
            (null[0].square.as_str(), &null[0].then),
            ("h0", &Then::Move(i))
        );
        let preview = offer.legal[i].preview.as_ref().expect("staged");
        assert!(preview.changes.is_empty(), "the board stays as it is");
        assert_eq!(preview.laser.zaps, [zap("d0", ZapKind::Pawn, 4)]);
        // Rule 4.3: the king fires again, over d0 and off the board.
        assert_eq!(preview.laser.path, squares("h0 g0 f0 e0 d0 c0 b0 a0"));
        assert_eq!(preview.laser.exit, Some('W'));
        // Aiming up the empty h file it zaps nothing: rules 3.2 and 6.1a
        // forbid the null move.
        let misses = offer_of(&game("ss7/8/8/8/8/8/8/7NN W"));
        assert!(misses.legal.iter().all(|m| !m.info.null_move));
        let marks = misses.choices["h0"].targets.iter().map(|t| t.mark);
        assert!(marks.into_iter().all(|m| m != Mark::Null));
    }

    #[test]
    fn rule_4_3_every_zap_of_a_multi_zap_in_order() {
        // The rule's example: the null move zaps the own NE pawn on b0,
        // then the se pawn on d0, then Lavender's king on f6.
        let game = game("8/5ss2/8/8/8/8/8/EENE1se1nw2 W");
        let offer = offer_of(&game);
        let preview = offer.legal[legal(&offer, "a0a0")]
            .preview
            .clone()
            .expect("staged");
        let laser = preview.laser;
        assert_eq!(laser.path, squares("a0 b0 c0 d0 e0 f0 f1 f2 f3 f4 f5 f6"));
        let expected = [
            zap("b0", ZapKind::Pawn, 1),
            zap("d0", ZapKind::Pawn, 3),
            zap("f6", ZapKind::King, 11),
        ];
        assert_eq!(laser.zaps, expected);
        assert_eq!(laser.exit, None);
        // The zapped pawns are still drawn while the move is staged.
        assert!(preview.changes.is_empty());
        // Played, the same laser is drawn, and the pawns are gone.
        let mut after = game.clone();
        after.make(after.parse_move("a0a0").expect("legal"));
        assert_eq!(after.last_laser(), Some(laser));
        assert_eq!(after.board()[1], "");
        assert_eq!(after.board()[3], "");
    }

    #[test]
    fn rule_4_4_a_multi_zap_that_ends_on_the_own_king() {
        // The rule's example: e3 is zapped, then the beam comes home.
        let game = game("7ss/8/8/8/3SEne1SW1/8/8/3NN2NW1 W");
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let null = moves
            .into_iter()
            .find(|m| m.is_null())
            .expect("a null move");
        let laser = game.preview(null).expect("staged").laser;
        assert_eq!(
            laser.path,
            squares("d0 d1 d2 d3 e3 f3 g3 g2 g1 g0 f0 e0 d0")
        );
        assert_eq!(
            laser.zaps,
            [zap("e3", ZapKind::Pawn, 4), zap("d0", ZapKind::King, 12)]
        );
    }

    #[test]
    fn rule_4_3_a_beam_fired_again_may_take_another_route() {
        // The first beam bounces off the NW pawn on c0, goes round and
        // zaps it from behind; the second runs straight through c0, goes
        // round the other way and leaves the board through c0 again.
        let game = game("7ss/8/8/8/2SE2SW2/8/8/EE1NW2NW2 W");
        let laser = game
            .preview(game.parse_move("a0a0").expect("legal"))
            .expect("staged")
            .laser;
        let first = "a0 b0 c0 c1 c2 c3 d3 e3 f3 f2 f1 f0 e0 d0 c0";
        let second = "d0 e0 f0 f1 f2 f3 e3 d3 c3 c2 c1 c0";
        assert_eq!(laser.path, squares(&format!("{first} {second}")));
        assert_eq!(laser.zaps, [zap("c0", ZapKind::Pawn, 14)]);
        assert_eq!(laser.exit, Some('S'));
    }

    #[test]
    fn rule_3_4_pinned_pawns_are_listed_and_offer_no_moves() {
        // The rule's example: Lavender's beam turns at d7 and stops
        // against the back of d4.
        let game = game("ee2SW4/6nw1/8/3SE4/4NE3/8/8/7NN W");
        assert_eq!(game.pinned(), squares("d4 d7"));
        let offer = offer_of(&game);
        // The rule's 18 moves but the null move, which zaps nothing here
        // (rules 3.2 and 6.1a).
        assert_eq!(offer.legal.len(), 17);
        assert!(!offer.choices.contains_key("d4"));
        assert!(!offer.choices.contains_key("d7"));
        // The free pawn may still swap with a pinned one.
        legal(&offer, "e3d4");
        // Nothing is pinned in the start position.
        assert!(Leiserchess2016::startpos().pinned().is_empty());
    }
}
