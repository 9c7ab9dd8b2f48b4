//! Judging the moves of a reviewed game: how much of the mover's expected
//! score each move gave away, by the evaluations before and after it, and
//! which moves were inaccuracies, mistakes or blunders.
//!
//! The expected score comes from an evaluation by the winning-chances
//! curve lichess publishes for its own review (a logistic in centipawns,
//! `1 / (1 + e^(-0.00368208 · cp))`, so +100 cp is 59% and +300 cp 75%),
//! and a move is judged by the share of expected score it lost, with
//! lichess's thresholds on that curve: an inaccuracy from 5 points (of
//! 100), a mistake from 10, a blunder from 15. A forced mate for the mover
//! is an expected score of 1, against the mover 0.

use search::Side;

/// The slope of the winning-chances curve, per centipawn.
const CURVE: f64 = 0.003_682_08;
/// Expected score lost from which a move is an inaccuracy, a mistake and a
/// blunder.
const INACCURACY: f64 = 0.05;
const MISTAKE: f64 = 0.10;
const BLUNDER: f64 = 0.15;

/// An evaluation from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhiteEval {
    Centipawns(i32),
    /// Mate in this many moves; negative when White is mated.
    Mate(i32),
}

/// What a move gave away, when it was more than a little.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The mark a PGN move carries for it (`?!`, `?`, `??`).
    pub fn annotation(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The judgement for a loss of `lost` expected score (0 to 1).
    pub fn of_loss(lost: f64) -> Option<Judgement> {
        match lost {
            l if l >= BLUNDER => Some(Judgement::Blunder),
            l if l >= MISTAKE => Some(Judgement::Mistake),
            l if l >= INACCURACY => Some(Judgement::Inaccuracy),
            _ => None,
        }
    }
}

/// The expected score (0 to 1) of `side` in a position evaluated `eval`.
pub fn expected_score(eval: WhiteEval, side: Side) -> f64 {
    let white = match eval {
        WhiteEval::Centipawns(cp) => 1.0 / (1.0 + (-CURVE * f64::from(cp)).exp()),
        WhiteEval::Mate(n) if n > 0 => 1.0,
        WhiteEval::Mate(_) => 0.0,
    };
    match side {
        Side::White => white,
        Side::Black => 1.0 - white,
    }
}

/// How `mover`'s move, from a position evaluated `before` to one
/// evaluated `after`, is judged.
pub fn judge(before: WhiteEval, after: WhiteEval, mover: Side) -> Option<Judgement> {
    let lost = expected_score(before, mover) - expected_score(after, mover);
    Judgement::of_loss(lost)
}

/// How many moves of each judgement a side made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

impl Tally {
    fn add(&mut self, judgement: Judgement) {
        match judgement {
            Judgement::Inaccuracy => self.inaccuracies += 1,
            Judgement::Mistake => self.mistakes += 1,
            Judgement::Blunder => self.blunders += 1,
        }
    }
}

/// The judgement of every move of a game whose positions were evaluated
/// `evals` (ply 0, the start, first; `None` where a position was not),
/// with `first_mover` to move at the start. A move is judged when both
/// positions around it are evaluated. Returns the judgement of each move
/// (one fewer than the positions) and each side's tally.
pub fn review(
    evals: &[Option<WhiteEval>],
    first_mover: Side,
) -> (Vec<Option<Judgement>>, [Tally; 2]) {
    let mut tallies = [Tally::default(); 2];
    let mut mover = first_mover;
    let judged = evals
        .windows(2)
        .map(|pair| {
            let judgement = match (pair[0], pair[1]) {
                (Some(before), Some(after)) => judge(before, after, mover),
                _ => None,
            };
            if let Some(j) = judgement {
                tallies[mover.index()].add(j);
            }
            mover = mover.opponent();
            judgement
        })
        .collect();
    (judged, tallies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_even_at_zero_and_mates_are_certain() {
        let even = expected_score(WhiteEval::Centipawns(0), Side::White);
        assert!((even - 0.5).abs() < 1e-9);
        let plus_300 = expected_score(WhiteEval::Centipawns(300), Side::White);
        assert!((0.74..0.76).contains(&plus_300), "{plus_300}");
        assert_eq!(expected_score(WhiteEval::Mate(2), Side::White), 1.0);
        assert_eq!(expected_score(WhiteEval::Mate(-2), Side::Black), 1.0);
        assert_eq!(expected_score(WhiteEval::Mate(2), Side::Black), 0.0);
    }

    #[test]
    fn moves_are_judged_by_the_expected_score_they_lose() {
        let cp = WhiteEval::Centipawns;
        // A small loss near equality is nothing; a queen is a blunder.
        assert_eq!(judge(cp(20), cp(0), Side::White), None);
        assert_eq!(
            judge(cp(0), cp(-60), Side::White),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(
            judge(cp(0), cp(-120), Side::White),
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(cp(0), cp(-900), Side::White),
            Some(Judgement::Blunder)
        );
        // Black's loss is White's gain.
        assert_eq!(judge(cp(0), cp(900), Side::Black), Some(Judgement::Blunder));
        assert_eq!(judge(cp(0), cp(-900), Side::Black), None);
        // Far ahead, a pawn more or less changes little.
        assert_eq!(judge(cp(1200), cp(1100), Side::White), None);
        // Letting a forced mate go is a blunder.
        assert_eq!(
            judge(WhiteEval::Mate(3), cp(50), Side::White),
            Some(Judgement::Blunder)
        );
    }

    #[test]
    fn a_review_judges_each_move_and_counts_per_side() {
        let cp = |v| Some(WhiteEval::Centipawns(v));
        let evals = [cp(20), cp(-600), None, cp(-650), cp(-100)];
        let (judged, tallies) = review(&evals, Side::White);
        assert_eq!(
            judged,
            [
                Some(Judgement::Blunder),
                None,
                None,
                Some(Judgement::Blunder)
            ]
        );
        assert_eq!(tallies[0].blunders, 1, "White's first move");
        assert_eq!(tallies[1].blunders, 1, "Black's second move");
        assert_eq!(Judgement::Mistake.annotation(), "?");
    }
}
