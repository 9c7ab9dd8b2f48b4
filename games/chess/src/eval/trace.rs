//! The evaluation as the Texel tuner sees it: for one position, how many
//! times each weight counts (White's count minus Black's), plus what the
//! linear part does not hold (phase, the drawish-ending scale, the side
//! to move for the tempo). Recorded by the very evaluation the engine runs
//! ([`super::accumulate`] over a [`Tracer`]), so
//! `Trace::of(pos).evaluate(w) == evaluate_with(pos, w)` for every
//! position and every weight table `w` (tested in `tests/eval_trace.rs`).

use super::{
    accumulate, endgame_scale_for, layout, s, strong_side, taper, tempo, Accumulator, Weights, S,
};
use crate::color::Color;
use crate::position::Position;

/// Records each weight's coefficient, White minus Black.
pub struct Tracer {
    coeffs: [i32; layout::COUNT],
}

impl Default for Tracer {
    fn default() -> Self {
        Tracer {
            coeffs: [0; layout::COUNT],
        }
    }
}

impl Accumulator for Tracer {
    fn add(&mut self, us: Color, index: usize, count: i32) {
        self.coeffs[index] += us.fold(count, -count);
    }
}

/// One position's coefficients and the non-linear rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// `(weight index, White's count minus Black's)`, the non-zero ones,
    /// by index. The tempo is not among them (see `side_to_move`).
    pub coeffs: Vec<(u16, i16)>,
    /// Game phase, 0 (pawn ending) to 24.
    pub phase: u8,
    /// The endgame scale (out of 64) if White is the stronger side, and if
    /// Black is: which applies depends on the sign of the endgame total.
    pub scale: [u8; 2],
    /// +1 if White is to move, -1 if Black (the tempo's coefficient).
    pub side_to_move: i8,
}

impl Trace {
    /// Runs the evaluation of `pos` through a [`Tracer`].
    pub fn of(pos: &Position) -> Trace {
        let mut tracer = Tracer::default();
        let phase = accumulate(pos, &mut tracer);
        let coeffs = tracer
            .coeffs
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != 0)
            // Counts are bounded by the board (at most 64 per weight).
            .map(|(i, &c)| (i as u16, c as i16))
            .collect();
        let scale = |c: Color| endgame_scale_for(pos, c) as u8;
        Trace {
            coeffs,
            phase: phase as u8,
            scale: [scale(Color::White), scale(Color::Black)],
            side_to_move: pos.side_to_move().fold(1, -1),
        }
    }

    /// White's middlegame and endgame totals with `weights`, before
    /// tapering, scaling and tempo.
    pub fn white_total(&self, weights: &Weights) -> S {
        self.coeffs.iter().fold(s(0, 0), |acc, &(i, c)| {
            acc + weights.get(usize::from(i)) * i32::from(c)
        })
    }

    /// The endgame scale for a White endgame total of `eg`.
    pub fn scale_for(&self, eg: i32) -> i32 {
        i32::from(self.scale[strong_side(eg).index()])
    }

    /// The engine's evaluation (side to move's view) recomputed from the
    /// coefficients, in the engine's integer arithmetic.
    pub fn evaluate(&self, weights: &Weights) -> i32 {
        let total = self.white_total(weights);
        let phase = i32::from(self.phase);
        let white = taper(total, phase, self.scale_for(total.eg));
        white * i32::from(self.side_to_move) + tempo(weights, phase)
    }
}
