//! When a generated game ends short of the rules: both sides agreeing
//! that one of them is winning, a long run of level scores late in the
//! game, or the ply cap. The rules' own endings (mate, stalemate, fifty
//! moves, repetition, insufficient material) are the chess crate's
//! (`Chess::outcome`); this module only adds the score-based ones.

use search::{Outcome, Score, Side};

use crate::packed::result;

/// The thresholds, in centipawns from White's view and plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdjudicationRules {
    /// A side wins when this many consecutive searches (both sides'
    /// moves) score it at least `win_score`.
    pub win_score: Score,
    pub win_plies: u32,
    /// The game is drawn at a ply from `draw_from_ply` on when this many
    /// consecutive searches scored within `draw_score` of 0.
    pub draw_score: Score,
    pub draw_plies: u32,
    pub draw_from_ply: u32,
    /// A game still going at this ply is drawn.
    pub max_plies: u32,
}

impl Default for AdjudicationRules {
    fn default() -> Self {
        AdjudicationRules {
            win_score: 1000,
            win_plies: 4,
            draw_score: 10,
            draw_plies: 10,
            draw_from_ply: 80,
            max_plies: 400,
        }
    }
}

/// How a generated game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules of chess.
    Rules(Outcome),
    /// Both sides scored this side winning (`win_plies` in a row).
    ScoreWin(Side),
    /// Level scores late in the game.
    ScoreDraw,
    /// The ply cap.
    MaxPlies,
}

impl Ending {
    /// The result from White's view, as a record holds it
    /// ([`crate::packed::result`]).
    pub fn result(&self) -> u8 {
        let winner = match self {
            Ending::Rules(outcome) => outcome.winner,
            Ending::ScoreWin(side) => Some(*side),
            Ending::ScoreDraw | Ending::MaxPlies => None,
        };
        match winner {
            Some(Side::White) => result::WHITE_WINS,
            Some(Side::Black) => result::BLACK_WINS,
            None => result::DRAW,
        }
    }

    /// A stable word for the index of finished games: the rules' ending
    /// code (`checkmate`, `repetition`, …) or `score_win`, `score_draw`,
    /// `max_plies`.
    pub fn code(&self) -> &'static str {
        match self {
            Ending::Rules(outcome) => outcome.reason.code,
            Ending::ScoreWin(_) => "score_win",
            Ending::ScoreDraw => "score_draw",
            Ending::MaxPlies => "max_plies",
        }
    }
}

/// Follows one game's search scores and says when they end it.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: AdjudicationRules,
    /// Consecutive scores of at least `win_score` for White, for Black.
    winning: [u32; 2],
    /// Consecutive scores within `draw_score` of 0.
    level: u32,
}

impl Adjudicator {
    pub fn new(rules: AdjudicationRules) -> Adjudicator {
        Adjudicator {
            rules,
            winning: [0; 2],
            level: 0,
        }
    }

    pub fn rules(&self) -> &AdjudicationRules {
        &self.rules
    }

    /// Takes in the score (White's view) of the search of the position at
    /// `ply`; the ending it adjudicates there, if any.
    pub fn record(&mut self, ply: u32, score_white: Score) -> Option<Ending> {
        let r = &self.rules;
        for side in [Side::White, Side::Black] {
            let for_side = if side == Side::White {
                score_white
            } else {
                -score_white
            };
            let streak = &mut self.winning[side.index()];
            *streak = if for_side >= r.win_score {
                *streak + 1
            } else {
                0
            };
            if *streak >= r.win_plies {
                return Some(Ending::ScoreWin(side));
            }
        }
        self.level = if score_white.abs() <= r.draw_score {
            self.level + 1
        } else {
            0
        };
        (ply >= r.draw_from_ply && self.level >= r.draw_plies).then_some(Ending::ScoreDraw)
    }
}

#[cfg(test)]
mod tests {
    use super::{AdjudicationRules, Adjudicator, Ending};
    use crate::packed::result;
    use search::Side;

    fn feed(scores: &[(u32, i32)]) -> Vec<Option<Ending>> {
        let mut a = Adjudicator::new(AdjudicationRules::default());
        scores.iter().map(|&(ply, s)| a.record(ply, s)).collect()
    }

    #[test]
    fn four_plies_of_a_winning_score_for_one_side_win() {
        let e = feed(&[
            (20, 1000),
            (21, 1200),
            (22, 999),
            (23, 1000),
            (24, 1500),
            (25, 1001),
        ]);
        assert_eq!(e[..5], [None; 5], "the streak broke at 999");
        let e = feed(&[(20, 1000), (21, 1200), (22, 1000), (23, 30_000)]);
        assert_eq!(e[3], Some(Ending::ScoreWin(Side::White)));
        let e = feed(&[(9, -1000), (10, -1000), (11, -2000), (12, -1000)]);
        assert_eq!(e[3], Some(Ending::ScoreWin(Side::Black)));
        assert_eq!(e[3].map(|e| e.result()), Some(result::BLACK_WINS));
        let e = feed(&[(9, -1000), (10, 1000), (11, -2000), (12, 1000)]);
        assert_eq!(e, [None; 4], "each side once");
    }

    #[test]
    fn level_scores_draw_only_from_ply_80() {
        let early: Vec<(u32, i32)> = (60..79).map(|p| (p, 0)).collect();
        assert!(feed(&early).iter().all(Option::is_none));
        // Ten level scores, the last at ply 80: drawn there.
        let mut scores: Vec<(u32, i32)> =
            (71..=80).map(|p| (p, 10 - (p as i32 % 3) * 10)).collect();
        let e = feed(&scores);
        assert_eq!(e[9], Some(Ending::ScoreDraw));
        assert_eq!(e[9].map(|e| e.result()), Some(result::DRAW));
        // A score of 11 restarts the count.
        scores[5].1 = 11;
        assert!(feed(&scores).iter().all(Option::is_none));
    }

    #[test]
    fn each_ending_has_a_word() {
        assert_eq!(Ending::MaxPlies.code(), "max_plies");
        assert_eq!(Ending::ScoreDraw.code(), "score_draw");
        assert_eq!(Ending::ScoreWin(Side::White).code(), "score_win");
        assert_eq!(Ending::ScoreWin(Side::White).result(), result::WHITE_WINS);
    }
}
