//! The chess adapter: FEN letters, from/to squares and promotions.

use chess::{Chess, Move, Square};
use search::Rules;

use super::{GameKind, GuiGame, MoveInfo, PieceSet};

impl GuiGame for Chess {
    const KIND: GameKind = GameKind::Chess;
    const START_VARIANT_KIND: Option<GameKind> = Some(GameKind::Chess960);
    const TITLE: &'static str = "Chess";
    const PIECES: PieceSet = PieceSet::Chess;

    fn board(&self) -> Vec<String> {
        let pos = self.position();
        Square::all()
            .map(|sq| {
                pos.piece_at(sq)
                    .map_or_else(String::new, |p| p.char().to_string())
            })
            .collect()
    }

    fn move_info(&self, mv: Move) -> MoveInfo {
        // In Chess960 the king castles onto its rook, as lichess has it:
        // where the king would land can be its own square or a plain
        // move's; the rook's square is neither.
        let to = match self.is_chess960() {
            true => mv.uci_target(true),
            false => mv.to(),
        };
        MoveInfo {
            text: Rules::move_text(self, mv),
            record: self.position().san(mv),
            from: mv.from().to_string(),
            to: to.to_string(),
            swap: None,
            rotate: None,
            promotion: mv.promotion().map(|role| role.char()),
            null_move: false,
        }
    }

    fn check_square(&self) -> Option<String> {
        let pos = self.position();
        pos.in_check()
            .then(|| pos.king(pos.side_to_move()).to_string())
    }
}
