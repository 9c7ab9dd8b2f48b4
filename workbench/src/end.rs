//! How a game ended, in the one set of words every front end uses: by the
//! game's rules (a [`search::Outcome`], which carries its own sentence) or
//! by a flag fall, which is a loss unless the opponent could not win by
//! any means (then a draw, as FIDE 6.9 has it for chess).

use search::{Outcome, Side};

use crate::pgn::{GameResult, Termination};
use crate::DynGame;

/// The stable code of an end on time (the rules' endings have their own).
pub const TIME_CODE: &str = "time";
/// The stable code of a resignation.
pub const RESIGNATION_CODE: &str = "resignation";
/// The stable code of a draw agreed by the players.
pub const AGREEMENT_CODE: &str = "agreement";

/// The end of a game by its rules or on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// By the game's rules: mate, a zapped king, repetition, ...
    Rules(Outcome),
    /// `loser`'s flag fell; `winner` is its opponent, or `None` when the
    /// opponent could not have won by any means.
    Time { loser: Side, winner: Option<Side> },
    /// `loser` resigned.
    Resigned { loser: Side },
    /// The players agreed to a draw.
    DrawAgreed,
}

impl GameEnd {
    /// `loser` ran out of time in position `game`: its opponent wins,
    /// unless the game says that side cannot win (`can_win_on_time`).
    pub fn on_time(game: &dyn DynGame, loser: Side) -> GameEnd {
        let opponent = loser.opponent();
        GameEnd::Time {
            loser,
            winner: game.can_win_on_time(opponent).then_some(opponent),
        }
    }

    /// The winner; `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match *self {
            GameEnd::Rules(outcome) => outcome.winner,
            GameEnd::Time { winner, .. } => winner,
            GameEnd::Resigned { loser } => Some(loser.opponent()),
            GameEnd::DrawAgreed => None,
        }
    }

    /// The PGN result.
    pub fn result(&self) -> GameResult {
        GameResult::from_winner(self.winner())
    }

    /// A stable code for programs: the rules' code (`checkmate`,
    /// `king_zapped`, ...) or [`TIME_CODE`].
    pub fn code(&self) -> &'static str {
        match self {
            GameEnd::Rules(outcome) => outcome.reason.code,
            GameEnd::Time { .. } => TIME_CODE,
            GameEnd::Resigned { .. } => RESIGNATION_CODE,
            GameEnd::DrawAgreed => AGREEMENT_CODE,
        }
    }

    /// The PGN `Termination` tag.
    pub fn termination(&self) -> Termination {
        match self {
            GameEnd::Rules(outcome) => {
                Termination::parse(outcome.termination()).unwrap_or(Termination::Normal)
            }
            GameEnd::Time { .. } => Termination::TimeForfeit,
            // PGN's "normal": the players ended the game themselves.
            GameEnd::Resigned { .. } | GameEnd::DrawAgreed => Termination::Normal,
        }
    }

    /// The end as a sentence, with the sides named `names` (White's
    /// first): `White mates`, `Tangerine loses on time`, `Draw: White ran
    /// out of time but Black cannot win`.
    pub fn describe(&self, names: [&str; 2]) -> String {
        match *self {
            GameEnd::Rules(outcome) => outcome.describe(names),
            GameEnd::Time {
                loser,
                winner: Some(_),
            } => format!("{} loses on time", names[loser.index()]),
            GameEnd::Time {
                loser,
                winner: None,
            } => format!(
                "Draw: {} ran out of time but {} cannot win",
                names[loser.index()],
                names[loser.opponent().index()]
            ),
            GameEnd::Resigned { loser } => format!("{} resigns", names[loser.index()]),
            GameEnd::DrawAgreed => "Draw by agreement".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{GameEnd, TIME_CODE};
    use crate::pgn::GameResult::{BlackWins, Draw, WhiteWins};
    use crate::pgn::{GameResult, Termination};
    use chess::Chess;
    use leiserchess::Leiserchess;
    use search::{EndReason, Frontend, Outcome, Rules, Side};

    /// Each end with the result and words expected of it.
    fn check(cases: &[((GameResult, String), GameResult, &str)]) {
        for ((result, text), expected_result, expected_text) in cases {
            assert_eq!((result, text.as_str()), (expected_result, *expected_text));
        }
    }

    fn words<G: Frontend>(end: GameEnd) -> (GameResult, String) {
        (end.result(), end.describe(G::SIDE_NAMES))
    }

    #[test]
    fn a_flag_fall_loses_unless_the_opponent_cannot_win() {
        // Chess: a bare king cannot win (FIDE 6.9); Leiserchess has no such
        // rule (5.6).
        let chess = Chess::from_fen("8/8/4k3/8/8/8/4P3/4K3 w - - 0 1").expect("valid FEN");
        let lone = Leiserchess::from_fen("ss7/8/8/8/8/8/8/7NN W").expect("valid FEN");
        let on_time = |side| GameEnd::on_time(&chess, side);
        check(&[
            (
                words::<Chess>(on_time(Side::Black)),
                WhiteWins,
                "Black loses on time",
            ),
            (
                words::<Chess>(on_time(Side::White)),
                Draw,
                "Draw: White ran out of time but Black cannot win",
            ),
            (
                words::<Leiserchess>(GameEnd::on_time(&lone, Side::White)),
                BlackWins,
                "Tangerine loses on time",
            ),
        ]);
        assert_eq!(on_time(Side::White).winner(), None);
        for end in [on_time(Side::White), on_time(Side::Black)] {
            assert_eq!(
                (end.code(), end.termination()),
                (TIME_CODE, Termination::TimeForfeit)
            );
        }
    }

    #[test]
    fn ends_by_the_rules_use_the_outcomes_words() {
        let mate = GameEnd::Rules(Outcome::win(Side::Black, chess::game::CHECKMATE));
        let zap = Outcome::win(Side::White, leiserchess::game::KING_ZAPPED);
        let repetition = Outcome::draw(EndReason::REPETITION);
        check(&[
            (words::<Chess>(mate), BlackWins, "Black mates"),
            (
                words::<Leiserchess>(GameEnd::Rules(zap)),
                WhiteWins,
                "Lavender's king is zapped",
            ),
            (
                words::<Chess>(GameEnd::Rules(repetition)),
                Draw,
                "Draw by repetition",
            ),
        ]);
        assert_eq!(
            (mate.code(), mate.termination()),
            ("checkmate", Termination::Normal)
        );
    }
}
