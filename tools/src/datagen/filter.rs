//! Which searched positions become records: a network learns the
//! evaluation of quiet positions, so positions in check, positions whose
//! best move is a capture or a promotion (the score is about the exchange
//! to come) and positions with a mate score (no centipawn value) are left
//! out.

use chess::{Move, Position};
use search::score::is_mate_score;
use search::Score;

/// Why a searched position is not recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skip {
    InCheck,
    /// The best move captures or promotes.
    Noisy,
    MateScore,
}

impl Skip {
    pub const ALL: [Skip; 3] = [Skip::InCheck, Skip::Noisy, Skip::MateScore];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Skip::InCheck => "in check",
            Skip::Noisy => "noisy best move",
            Skip::MateScore => "mate score",
        }
    }
}

/// Why `pos`, whose search chose `best` with `score`, is not recorded;
/// `None` when it is.
pub fn skip_reason(pos: &Position, best: Move, score: Score) -> Option<Skip> {
    if pos.in_check() {
        Some(Skip::InCheck)
    } else if best.is_capture() || best.is_promotion() {
        Some(Skip::Noisy)
    } else if is_mate_score(score) {
        Some(Skip::MateScore)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{skip_reason, Skip};
    use chess::Position;
    use search::score::{mate_in, mated_in};

    fn check(fen: &str, uci: &str, score: i32) -> Option<Skip> {
        let pos = Position::from_fen(fen).expect("FEN");
        let mv = pos.parse_uci(uci).expect("a legal move");
        skip_reason(&pos, mv, score)
    }

    #[test]
    fn checks_noisy_best_moves_and_mates_are_skipped() {
        let start = chess::STARTING_FEN;
        assert_eq!(check(start, "e2e4", 20), None);
        assert_eq!(check(start, "g1f3", -31_000), None, "a big score, no mate");
        assert_eq!(check(start, "e2e4", mate_in(3)), Some(Skip::MateScore));
        assert_eq!(check(start, "e2e4", mated_in(8)), Some(Skip::MateScore));
        // In check (the queen on e7 gives it), whatever the move.
        let checked = "4k3/4q3/8/8/8/8/3P4/4K3 w - - 0 1";
        assert_eq!(check(checked, "e1f1", 0), Some(Skip::InCheck));
        // A capture, en passant, a promotion (quiet or capturing).
        let noisy = "1r2k3/P7/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(check(noisy, "e1f2", 0), None);
        assert_eq!(check(noisy, "e5d6", 0), Some(Skip::Noisy));
        assert_eq!(check(noisy, "a7a8q", 0), Some(Skip::Noisy));
        assert_eq!(check(noisy, "a7b8n", 0), Some(Skip::Noisy));
        let capture = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(check(capture, "e4d5", 0), Some(Skip::Noisy));
    }
}
