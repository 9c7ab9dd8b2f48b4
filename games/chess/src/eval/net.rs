//! A small neural network that corrects the hand-crafted evaluation.
//!
//! The hand-crafted terms know chess concepts (mobility, king safety,
//! passers) but add them up independently; the network sees every piece
//! on its square at once and learns what the sum misses, such as how a
//! piece's best square depends on where the kings and the other pieces
//! stand. It is trained (`texel net`, `tools/README.md`) on the same
//! Stockfish-labelled positions as the weights, to predict the label from
//! `sigmoid(K · (hand-crafted + network) / 400)`: the network only has to
//! learn the residual, which a small one can do from a million positions
//! where a network that had to learn all of chess could not.
//!
//! Shape: 768 inputs (colour relative to the side to view from × role ×
//! square, the board flipped for Black), one hidden layer of [`HIDDEN`]
//! clipped-ReLU units computed once from each side's view (shared
//! weights), and one output from the two halves, the side to move's first.
//! The weights are `f32`, read from `net.bin` at compile time.

use std::sync::LazyLock;

use crate::color::Color;
use crate::position::Position;
use crate::role::Role;

/// Inputs: 2 colours (own, enemy) × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units per view.
pub const HIDDEN: usize = 128;
/// Centipawns per unit of the network's raw output.
pub const OUTPUT_SCALE: f32 = 400.0;
/// The number of `f32` in a network file: input weights, hidden biases,
/// output weights, output bias.
pub const PARAMETERS: usize = INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN + 1;

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// One row of `HIDDEN` weights per input.
    pub input: Vec<[f32; HIDDEN]>,
    pub hidden_bias: [f32; HIDDEN],
    /// The side to move's half first, then the other side's.
    pub output: [[f32; HIDDEN]; 2],
    pub output_bias: f32,
}

const NET_BYTES: &[u8] = include_bytes!("net.bin");
const _: () = assert!(
    NET_BYTES.len() == 4 * PARAMETERS,
    "net.bin has the wrong size"
);

/// The network compiled into the engine, in integers.
pub static NETWORK: LazyLock<Quantized> = LazyLock::new(|| Quantized::new(&shipped()));

/// The network of `net.bin`, in floating point.
fn shipped() -> Network {
    let floats: Vec<f32> = NET_BYTES
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    Network::from_floats(&floats).expect("the size is checked at compile time")
}

/// Hidden sums in units of 1/`HIDDEN_UNIT` (the activation clips at 1).
const HIDDEN_UNIT: i32 = 1024;
/// Output weights in units of 1/`OUTPUT_UNIT`.
const OUTPUT_UNIT: i32 = 4096;

/// The network in fixed point, as the engine runs it: integer sums are
/// exact, so the result does not depend on the order of the pieces, and
/// `i16` rows are half the memory of `f32` ones.
#[derive(Clone, Debug)]
pub struct Quantized {
    input: Vec<[i16; HIDDEN]>,
    hidden_bias: [i16; HIDDEN],
    output: [[i16; HIDDEN]; 2],
    output_bias: i32,
}

fn quantize<const N: usize>(values: &[f32; N], unit: i32) -> [i16; N] {
    values.map(|v| (v * unit as f32).round().clamp(-32767.0, 32767.0) as i16)
}

impl Quantized {
    pub fn new(net: &Network) -> Quantized {
        Quantized {
            input: net
                .input
                .iter()
                .map(|row| quantize(row, HIDDEN_UNIT))
                .collect(),
            hidden_bias: quantize(&net.hidden_bias, HIDDEN_UNIT),
            output: net.output.map(|row| quantize(&row, OUTPUT_UNIT)),
            output_bias: (net.output_bias * (HIDDEN_UNIT * OUTPUT_UNIT) as f32).round() as i32,
        }
    }

    /// Whether no hidden sum can leave `i16`: the bias plus the 32
    /// largest weights of each unit stay in range.
    pub fn sums_fit(&self) -> bool {
        (0..HIDDEN).all(|i| {
            let mut column: Vec<i32> = self.input.iter().map(|r| i32::from(r[i]).abs()).collect();
            column.sort_unstable();
            let worst: i32 = column.iter().rev().take(32).sum();
            worst + i32::from(self.hidden_bias[i]).abs() <= i32::from(i16::MAX)
        })
    }

    /// The hidden sums of `pos` from scratch.
    fn refresh(&self, pos: &Position) -> Sums {
        let mut sums = [self.hidden_bias; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in pos.pieces(color, role) {
                    self.add(&mut sums, color, role, sq.index());
                }
            }
        }
        sums
    }

    /// Adds a piece's rows to both views' sums.
    #[inline(always)]
    fn add(&self, sums: &mut Sums, color: Color, role: Role, sq: usize) {
        self.change(sums, color, role, sq, i16::wrapping_add);
    }

    /// Takes a piece's rows from both views' sums.
    #[inline(always)]
    fn remove(&self, sums: &mut Sums, color: Color, role: Role, sq: usize) {
        self.change(sums, color, role, sq, i16::wrapping_sub);
    }

    /// Combines a piece's rows into both views' sums with `op` (wrapping,
    /// though [`Quantized::sums_fit`] keeps the sums exact).
    #[inline(always)]
    fn change(
        &self,
        sums: &mut Sums,
        color: Color,
        role: Role,
        sq: usize,
        op: fn(i16, i16) -> i16,
    ) {
        for (view, sum) in Color::ALL.into_iter().zip(sums.iter_mut()) {
            let row = &self.input[feature(view, color, role, sq)];
            sum.iter_mut().zip(row).for_each(|(s, w)| *s = op(*s, *w));
        }
    }

    /// Turns the sums of `before` into those of `after`, from the pieces
    /// that differ: one rule for every kind of move, null moves included.
    fn update(&self, sums: &mut Sums, before: &Position, after: &Position) {
        for color in Color::ALL {
            for role in Role::ALL {
                let (was, is) = (before.pieces(color, role), after.pieces(color, role));
                for sq in was & !is {
                    self.remove(sums, color, role, sq.index());
                }
                for sq in is & !was {
                    self.add(sums, color, role, sq.index());
                }
            }
        }
    }

    /// The correction in centipawns for `us` to move, from the sums.
    fn output(&self, sums: &Sums, us: Color) -> i32 {
        let views = [&sums[us.index()], &sums[(!us).index()]];
        let mut out = self.output_bias;
        for (sums, weights) in views.into_iter().zip(&self.output) {
            for (&x, &w) in sums.iter().zip(weights) {
                out += i32::from(x.clamp(0, HIDDEN_UNIT as i16)) * i32::from(w);
            }
        }
        let scale = (HIDDEN_UNIT * OUTPUT_UNIT) as f32 / OUTPUT_SCALE;
        (out as f32 / scale).round() as i32
    }

    /// The correction in centipawns, from the side to move's view,
    /// computed from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.refresh(pos), pos.side_to_move())
    }
}

/// The hidden sums from White's view and from Black's.
type Sums = [[i16; HIDDEN]; 2];

/// How many plies back [`Accumulators`] looks for sums to update from
/// before it computes them from scratch.
const LOOK_BACK: usize = 8;

/// One search thread's hidden sums, one entry per ply of the game: a
/// position's sums are its parent's updated by the move's difference,
/// a few rows instead of a row per piece. An entry is found by the
/// position's key, so entries left by another line are never used.
#[derive(Default)]
pub struct Accumulators {
    entries: Vec<(u64, Sums)>,
}

impl Accumulators {
    /// The correction for the position at ply `last` of a game, from the
    /// side to move's view; `line(i)` is the game's position at ply `i`.
    pub fn evaluate<'p>(
        &mut self,
        net: &Quantized,
        last: usize,
        line: impl Fn(usize) -> &'p Position,
    ) -> i32 {
        if self.entries.len() <= last {
            self.entries.resize(last + 1, (0, [[0; HIDDEN]; 2]));
        }
        let current = line(last);
        let known = (last.saturating_sub(LOOK_BACK)..=last)
            .rev()
            .find(|&j| self.entries[j].0 == line(j).hash() && line(j).hash() != 0);
        let sums = match known {
            Some(j) => {
                let mut sums = self.entries[j].1;
                for i in j..last {
                    let after = line(i + 1);
                    net.update(&mut sums, line(i), after);
                    self.entries[i + 1] = (after.hash(), sums);
                }
                sums
            }
            None => {
                let sums = net.refresh(current);
                self.entries[last] = (current.hash(), sums);
                sums
            }
        };
        net.output(&sums, current.side_to_move())
    }
}

/// The input index of a piece of `color` and `role` on square index `sq`,
/// seen from `view`'s side (own pieces first, the board flipped for Black).
#[inline]
pub fn feature(view: Color, color: Color, role: Role, sq: usize) -> usize {
    let relative = usize::from(color != view);
    let square = if view == Color::White { sq } else { sq ^ 56 };
    relative * 384 + role.index() * 64 + square
}

/// Calls `f` with the input index of every piece, seen from `view`.
#[inline]
pub fn for_each_feature(pos: &Position, view: Color, mut f: impl FnMut(usize)) {
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                f(feature(view, color, role, sq.index()));
            }
        }
    }
}

/// Clipped ReLU: the hidden activation.
#[inline]
pub fn activation(x: f32) -> f32 {
    x.clamp(0.0, 1.0)
}

impl Network {
    /// Reads the file layout ([`PARAMETERS`] floats); `None` if the count
    /// is wrong.
    pub fn from_floats(floats: &[f32]) -> Option<Network> {
        if floats.len() != PARAMETERS {
            return None;
        }
        let (input, rest) = floats.split_at(INPUTS * HIDDEN);
        let (bias, rest) = rest.split_at(HIDDEN);
        let (output, rest) = rest.split_at(2 * HIDDEN);
        Some(Network {
            input: input.chunks_exact(HIDDEN).map(to_row).collect(),
            hidden_bias: to_row(bias),
            output: [to_row(&output[..HIDDEN]), to_row(&output[HIDDEN..])],
            output_bias: rest[0],
        })
    }

    /// The file layout: the inverse of [`Network::from_floats`].
    pub fn to_floats(&self) -> Vec<f32> {
        let mut floats = Vec::with_capacity(PARAMETERS);
        self.input.iter().for_each(|row| floats.extend(row));
        floats.extend(self.hidden_bias);
        self.output.iter().for_each(|row| floats.extend(row));
        floats.push(self.output_bias);
        floats
    }

    /// The hidden layer's input sums from `view`'s side.
    fn accumulate(&self, pos: &Position, view: Color) -> [f32; HIDDEN] {
        let mut sums = self.hidden_bias;
        for_each_feature(pos, view, |f| {
            for (sum, w) in sums.iter_mut().zip(&self.input[f]) {
                *sum += w;
            }
        });
        sums
    }

    /// The correction in centipawns, from the side to move's view, in
    /// floating point (the trainer's arithmetic; the engine runs
    /// [`Quantized`]).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        let views = [self.accumulate(pos, us), self.accumulate(pos, !us)];
        let mut out = self.output_bias;
        for (sums, weights) in views.iter().zip(&self.output) {
            for (x, w) in sums.iter().zip(weights) {
                out += activation(*x) * w;
            }
        }
        (out * OUTPUT_SCALE).round() as i32
    }
}

fn to_row(values: &[f32]) -> [f32; HIDDEN] {
    let mut row = [0.0; HIDDEN];
    row.copy_from_slice(values);
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_layout_round_trips() {
        let floats: Vec<f32> = (0..PARAMETERS).map(|i| i as f32 * 0.5).collect();
        let net = Network::from_floats(&floats).expect("right size");
        assert_eq!(net.to_floats(), floats);
        assert!(Network::from_floats(&floats[1..]).is_none());
    }

    #[test]
    fn the_views_mirror_colours_and_ranks() {
        // A white knight on b1 seen by White is a black knight on b8 seen by Black.
        let white = feature(Color::White, Color::White, Role::Knight, 1);
        let black = feature(Color::Black, Color::Black, Role::Knight, 57);
        assert_eq!(white, black);
        assert_eq!(white, 64 + 1);
        assert_eq!(feature(Color::White, Color::Black, Role::Pawn, 8), 384 + 8);
    }

    #[test]
    fn a_colour_flipped_position_evaluates_the_same() {
        let a = Position::from_fen("r3k2r/pp3ppp/2n5/3q4/8/2N5/PP3PPP/R2QK2R w KQkq - 0 1");
        let b = Position::from_fen("r2qk2r/pp3ppp/2n5/8/3Q4/2N5/PP3PPP/R3K2R b KQkq - 0 1");
        let (a, b) = (a.expect("fen"), b.expect("fen"));
        assert_eq!(NETWORK.evaluate(&a), NETWORK.evaluate(&b));
    }

    #[test]
    fn the_fixed_point_network_follows_the_floating_one() {
        let net = shipped();
        assert!(NETWORK.sums_fit());
        for fen in [
            "r3k2r/pp3ppp/2n5/3q4/8/2N5/PP3PPP/R2QK2R w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "8/5k2/8/3P4/8/8/5K2/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).expect("fen");
            let (fixed, float) = (NETWORK.evaluate(&pos), net.evaluate(&pos));
            assert!((fixed - float).abs() <= 3, "{fen}: {fixed} vs {float}");
        }
    }
}
