//! The Leiserchess adapter (2018 rules): orientation codes,
//! swap/shift/rotation moves, and the laser of each move as the crate's
//! tracer finds it: drawn after the move, and before it while the move is
//! staged. The drawing helpers here serve the 2016 adapter too.

use leiserchess::board::Board;
use leiserchess::laser::BEAM_LETTERS;
use leiserchess::ruleset::RuleSet;
use leiserchess::{Action, Hit, Leiserchess, Move, Square, Trace};
use search::Rules;

use super::{GameKind, GuiGame, Laser, MoveInfo, MovePreview, PieceSet, Zap, ZapKind};

impl GuiGame for Leiserchess {
    const KIND: GameKind = GameKind::Leiserchess;
    const TITLE: &'static str = "Leiserchess";
    const PIECES: PieceSet = PieceSet::Leiserchess;
    /// Rule 1.1: ranks `0` to `7`, as MIT's kit numbers them.
    const FIRST_RANK: u8 = 0;

    fn board(&self) -> Vec<String> {
        codes(self.position().board())
    }

    fn move_info(&self, mv: Move) -> MoveInfo {
        let from = mv.from();
        // Moves from the generator stay on the board; fall back to the
        // from-square rather than trusting that blindly.
        let to = mv.destination().unwrap_or(from);
        let rotate = match mv.action() {
            Action::Rotate(r) => Some(r.letter()),
            Action::Shift(_) => None,
        };
        MoveInfo {
            text: mv.to_string(),
            record: self.move_to_record(mv),
            from: from.to_string(),
            to: to.to_string(),
            swap: mv.swap_dir().and(mv.pivot()).map(|s| s.to_string()),
            rotate,
            promotion: None,
            null_move: false,
        }
    }

    fn last_laser(&self) -> Option<Laser> {
        self.last_shot()
            .map(|shot| laser_view(std::slice::from_ref(&shot.trace)))
    }

    /// The board and laser of the move's shot (rule 4.1): the tracer's,
    /// over the board after the move, the zapped piece still on it.
    fn preview(&self, mv: Move) -> Option<MovePreview> {
        let shot = self.position().shot_after(mv);
        Some(MovePreview {
            board: codes(&shot.board),
            laser: laser_view(std::slice::from_ref(&shot.trace)),
        })
    }

    /// Rule 6.1.
    fn ko_forbidden(&self) -> Vec<MoveInfo> {
        ko_moves(self, |mv| self.move_info(mv))
    }

    /// Rule 3.3: the two pieces exchange squares, each keeping its
    /// orientation.
    fn board_after_swap(&self, mv: Move) -> Option<Vec<String>> {
        let partner = mv.swap_dir().and(mv.pivot())?;
        let mut board = self.board();
        board.swap(mv.from().index(), partner.index());
        Some(board)
    }
}

/// The moves of the side to move that the rules of movement allow but
/// ko forbids (2018 rule 6.1, 2016 rule 6.1), described by `info`.
pub(super) fn ko_moves<R: RuleSet>(
    game: &leiserchess::Game<R>,
    info: impl Fn(R::Move) -> MoveInfo,
) -> Vec<MoveInfo> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    game.ko_forbidden().into_iter().map(info).collect()
}

/// Piece codes of the 64 squares, a0 first, `""` for empty.
pub(super) fn codes(board: &Board) -> Vec<String> {
    Square::all()
        .map(|sq| board.piece_on(sq).fen_code().unwrap_or_default())
        .collect()
}

/// The page's drawing of a shot: its beams in the order they were fired. A beam fired again after a zap (2016
/// rule 4.3) follows the one before it up to the square that was just
/// emptied: only what it adds after that square joins the path, so the
/// path stays one connected line.
pub(super) fn laser_view(beams: &[Trace]) -> Laser {
    let mut path: Vec<Square> = Vec::new();
    let mut zaps: Vec<(Square, ZapKind, usize)> = Vec::new();
    for beam in beams {
        let from = match zaps.last() {
            None => 0,
            Some(&(emptied, _, _)) => {
                let at = beam.path.iter().position(|&sq| sq == emptied);
                debug_assert!(at.is_some(), "a new beam crosses the emptied square");
                at.map_or(0, |i| i + 1)
            }
        };
        path.extend(beam.path.get(from..).unwrap_or_default());
        let kind = match beam.hit {
            Hit::Pawn(_) => Some(ZapKind::Pawn),
            Hit::King(_) => Some(ZapKind::King),
            Hit::Off => None,
        };
        if let (Some(sq), Some(kind)) = (beam.zapped(), kind) {
            zaps.push((sq, kind, path.len().saturating_sub(1)));
        }
    }
    Laser {
        path: path.iter().map(Square::to_string).collect(),
        zaps: zaps
            .into_iter()
            .map(|(sq, kind, at)| Zap {
                square: sq.to_string(),
                kind,
                at,
            })
            .collect(),
        exit: beams
            .last()
            .and_then(Trace::exit)
            .map(|dir| BEAM_LETTERS[usize::from(dir)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_moves_describe_swaps_and_rotations() {
        let game = Leiserchess::startpos();
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let infos: Vec<MoveInfo> = moves.iter().map(|&m| game.move_info(m)).collect();
        let rot = infos
            .iter()
            .find(|i| i.text == "h0L")
            .expect("the king can rotate left");
        assert_eq!((rot.from.as_str(), rot.to.as_str()), ("h0", "h0"));
        assert_eq!(rot.rotate, Some('L'));
        assert!(infos.iter().all(|i| i.swap.is_none() || i.text.len() >= 5));
    }

    #[test]
    fn laser_path_starts_at_the_king_and_ends_where_it_hit() {
        let mut game = Leiserchess::startpos();
        let mv = game.parse_move("h0L").expect("legal");
        game.make(mv);
        let laser = game.last_laser().expect("a move was played");
        assert_eq!(laser.path[0], "h0");
        // Facing west along rank 0 from h0: the first piece it meets.
        assert!(laser.path.len() >= 2);
        match laser.zaps.as_slice() {
            [zap] => {
                assert_eq!(laser.path.last(), Some(&zap.square));
                assert_eq!(zap.at, laser.path.len() - 1);
            }
            [] => assert!(laser.exit.is_some()),
            more => panic!("rule 4.2: a 2018 shot zaps at most one piece: {more:?}"),
        }
    }

    #[test]
    fn the_staged_laser_is_the_one_drawn_after_the_move() {
        // rule 4.1: the preview fires over the board after the move, as
        // the move itself does; the zapped pawn is gone only afterwards.
        let game = Leiserchess::from_fen("ss7/8/8/8/8/8/8/3nw3NN W").expect("FEN");
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        for mv in moves {
            let preview = game.preview(mv).expect("Leiserchess previews");
            let mut after = game.clone();
            after.make(mv);
            assert_eq!(after.last_laser().as_ref(), Some(&preview.laser), "{mv}");
            for zap in &preview.laser.zaps {
                let i = Square::parse(&zap.square).expect("square").index();
                assert!(
                    !preview.board[i].is_empty(),
                    "{mv}: the zapped piece is drawn"
                );
            }
        }
    }
}
