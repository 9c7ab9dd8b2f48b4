//! Score constants and conversions: mate scores with distance to mate,
//! game outcomes as scores, and the form reported to front ends.

use crate::game::{Outcome, Score, Side};

/// Deepest ply the search ever reaches (search stack size).
pub const MAX_PLY: usize = 128;

/// The score of mating right now; a mate in `n` plies scores `MATE - n`.
pub const MATE: Score = 32_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_IN_MAX_PLY: Score = MATE - MAX_PLY as Score;
/// Larger than any score: the initial window bound.
pub const INFINITE: Score = MATE + 1;
/// Static evaluations are clamped into this range so they never look like
/// mates.
pub const MAX_EVAL: Score = MATE_IN_MAX_PLY - 1;

/// Mate for the side to move in `ply` plies from the root.
#[inline]
pub fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// Mated (a loss for the side to move) `ply` plies from the root.
#[inline]
pub fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

#[inline]
pub fn is_mate_score(score: Score) -> bool {
    score.abs() >= MATE_IN_MAX_PLY
}

/// A game's end scored for `side_to_move`, `ply` plies from the root.
#[inline]
pub fn outcome_score(outcome: Outcome, side_to_move: Side, ply: usize) -> Score {
    match outcome.winner {
        None => 0,
        Some(winner) if winner == side_to_move => mate_in(ply),
        Some(_) => mated_in(ply),
    }
}

/// Clamps a static evaluation out of the mate range.
#[inline]
pub fn clamp_eval(eval: Score) -> Score {
    eval.clamp(-MAX_EVAL, MAX_EVAL)
}

/// Converts a score relative to the root into one relative to the node at
/// `ply`, for storing in the transposition table: a mate found `n` plies
/// below this node is stored as "mate in n from here".
#[inline]
pub fn to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_IN_MAX_PLY {
        score + ply as Score
    } else if score <= -MATE_IN_MAX_PLY {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub fn from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_IN_MAX_PLY {
        score - ply as Score
    } else if score <= -MATE_IN_MAX_PLY {
        score + ply as Score
    } else {
        score
    }
}

/// A score as front ends show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreReport {
    /// Centipawns (evaluation units) from the side to move's view.
    Cp(Score),
    /// Mate in this many moves (not plies); negative when being mated.
    Mate(i32),
}

impl ScoreReport {
    pub fn from_score(score: Score) -> ScoreReport {
        if score >= MATE_IN_MAX_PLY {
            ScoreReport::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_IN_MAX_PLY {
            ScoreReport::Mate(-(MATE + score) / 2)
        } else {
            ScoreReport::Cp(score)
        }
    }
}

impl std::fmt::Display for ScoreReport {
    /// The UCI form: `cp 35` or `mate -3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScoreReport::Cp(cp) => write!(f, "cp {cp}"),
            ScoreReport::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{from_tt, mate_in, mated_in, to_tt, ScoreReport, MATE};

    #[test]
    fn tt_round_trip_keeps_distance_to_mate() {
        for ply in [0usize, 1, 7, 50] {
            for score in [mate_in(ply + 3), mated_in(ply + 4), 0, 123, -456] {
                assert_eq!(from_tt(to_tt(score, ply), ply), score);
            }
        }
        // A mate 3 plies below a node at ply 5 is stored as mate in 3.
        assert_eq!(to_tt(mate_in(8), 5), mate_in(3));
        // Read back at ply 2 it is mate in 5 from the root.
        assert_eq!(from_tt(mate_in(3), 2), mate_in(5));
        assert_eq!(to_tt(mated_in(8), 5), mated_in(3));
    }

    #[test]
    fn reports_in_moves() {
        assert_eq!(ScoreReport::from_score(mate_in(1)), ScoreReport::Mate(1));
        assert_eq!(ScoreReport::from_score(mate_in(3)), ScoreReport::Mate(2));
        assert_eq!(ScoreReport::from_score(mated_in(2)), ScoreReport::Mate(-1));
        assert_eq!(ScoreReport::from_score(mated_in(0)), ScoreReport::Mate(0));
        assert_eq!(ScoreReport::from_score(-35), ScoreReport::Cp(-35));
        assert_eq!(ScoreReport::from_score(MATE - 4).to_string(), "mate 2");
    }
}
