//! The Leiserchess adapter: orientation codes, swap/shift/rotation moves
//! and the laser path drawn after each move.

use leiserchess::laser::{beam_step, BEAM, ZAP};
use leiserchess::square::is_on_board;
use leiserchess::{Action, Hit, Leiserchess, Move, Square};
use search::Rules;

use super::{GameKind, GuiGame, Laser, MoveInfo};

/// Beam direction letters, indexed like `leiserchess::laser::BeamDir`.
const BEAM_LETTERS: [char; 4] = ['N', 'E', 'S', 'W'];

impl GuiGame for Leiserchess {
    const KIND: GameKind = GameKind::Leiserchess;

    fn board(&self) -> Vec<String> {
        let board = self.position().board();
        Square::all()
            .map(|sq| board.piece_on(sq).fen_code().unwrap_or_default())
            .collect()
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
        }
    }

    fn last_laser(&self) -> Option<Laser> {
        let hit = self.last_hit()?;
        Some(trace_laser(self, hit))
    }
}

/// Traces the laser the last mover fired. The zapped pawn is already gone
/// from the board, so the walk stops at the square `hit` names instead of
/// at the piece.
fn trace_laser(game: &Leiserchess, hit: Hit) -> Laser {
    let board = game.position().board();
    let mover = game.side_to_move().opponent();
    let king = board.king(mover);
    let stop_at = match hit {
        Hit::Pawn(idx) | Hit::King(idx) => Some(idx),
        Hit::Off => None,
    };
    let mut path = vec![Square::from_idx(king).to_string()];
    let mut idx = king;
    let mut dir = board.at(king).orientation();
    // A beam crosses each square at most twice per direction; this bound
    // only guards against a corrupt board.
    for _ in 0..(64 * 4) {
        idx = beam_step(idx, dir);
        if !is_on_board(idx) {
            break;
        }
        path.push(Square::from_idx(idx).to_string());
        if Some(idx) == stop_at {
            break;
        }
        let next = BEAM[dir as usize][board.at(idx).code()];
        if next >= ZAP {
            break;
        }
        dir = next;
    }
    let (zapped, zapped_kind, exit) = match hit {
        Hit::Pawn(idx) => (Some(Square::from_idx(idx).to_string()), Some("pawn"), None),
        Hit::King(idx) => (Some(Square::from_idx(idx).to_string()), Some("king"), None),
        Hit::Off => (None, None, Some(BEAM_LETTERS[dir as usize & 3])),
    };
    Laser {
        path,
        zapped,
        zapped_kind,
        exit,
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
            .find(|i| i.text == "h1L")
            .expect("the king can rotate left");
        assert_eq!((rot.from.as_str(), rot.to.as_str()), ("h1", "h1"));
        assert_eq!(rot.rotate, Some('L'));
        assert!(infos.iter().all(|i| i.swap.is_none() || i.text.len() >= 5));
    }

    #[test]
    fn laser_path_starts_at_the_king_and_ends_where_it_hit() {
        let mut game = Leiserchess::startpos();
        let mv = game.parse_move("h1L").expect("legal");
        game.make(mv);
        let laser = game.last_laser().expect("a move was played");
        assert_eq!(laser.path[0], "h1");
        // Facing west along rank 1 from h1: the first piece it meets.
        assert!(laser.path.len() >= 2);
        if let Some(z) = &laser.zapped {
            assert_eq!(laser.path.last(), Some(z));
        } else {
            assert!(laser.exit.is_some());
        }
    }
}
