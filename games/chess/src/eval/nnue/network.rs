//! The network in floating point (the trainer's, and the reference the
//! tests compare with) and quantized (the engine's), and the arithmetic
//! of both.

use std::fmt;

use arrayvec::ArrayVec;

use super::features::{for_each_feature, KingBuckets, INPUTS_PER_BUCKET, MAX_KING_BUCKETS};
use super::simd::{self, Row};
use super::{file, output_bucket, NnueError, HIDDEN, OUTPUT_BUCKETS, QA, QB, SCALE};
use crate::color::Color;
use crate::position::Position;

/// The activation, squared clipped ReLU: `clamp(x, 0, 1)²`.
#[inline]
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// The network in floating point, as the trainer writes it.
#[derive(Clone, Debug)]
pub struct FloatNetwork {
    pub buckets: KingBuckets,
    /// `buckets.inputs() * HIDDEN`, row-major by input (feature).
    pub input: Vec<f32>,
    /// `HIDDEN`.
    pub input_bias: Vec<f32>,
    /// `OUTPUT_BUCKETS * 2 * HIDDEN`, bucket-major, the side to move's
    /// half first.
    pub output: Vec<f32>,
    /// `OUTPUT_BUCKETS`.
    pub output_bias: Vec<f32>,
}

/// [`FloatNetwork::random`]: input weights in ±this, ...
const RANDOM_INPUT: f32 = 0.1;
/// ... input biases in `RANDOM_BIAS ± RANDOM_BIAS` (so that many hidden
/// units are active), ...
const RANDOM_BIAS: f32 = 0.25;
/// ... output weights in ±this (a few hundred centipawns typically) ...
const RANDOM_OUTPUT: f32 = 0.5;
/// ... and output biases in ±this.
const RANDOM_OUTPUT_BIAS: f32 = 0.1;

impl FloatNetwork {
    /// A network of every shape right and every weight 0.
    pub fn zeroed(buckets: KingBuckets) -> FloatNetwork {
        FloatNetwork {
            buckets,
            input: vec![0.0; buckets.inputs() * HIDDEN],
            input_bias: vec![0.0; HIDDEN],
            output: vec![0.0; OUTPUT_BUCKETS * 2 * HIDDEN],
            output_bias: vec![0.0; OUTPUT_BUCKETS],
        }
    }

    /// A network of random weights, all well within what
    /// [`Network::from_float`] accepts, for tests and benchmarks:
    /// `uniform` gives numbers in `-1..1`, which are scaled to input
    /// weights in ±0.1, input biases in 0..0.5, output weights in ±0.5
    /// and output biases in ±0.1.
    pub fn random(buckets: KingBuckets, mut uniform: impl FnMut() -> f32) -> FloatNetwork {
        let mut net = FloatNetwork::zeroed(buckets);
        net.input
            .iter_mut()
            .for_each(|w| *w = RANDOM_INPUT * uniform());
        net.input_bias
            .iter_mut()
            .for_each(|b| *b = RANDOM_BIAS + RANDOM_BIAS * uniform());
        net.output
            .iter_mut()
            .for_each(|w| *w = RANDOM_OUTPUT * uniform());
        net.output_bias
            .iter_mut()
            .for_each(|b| *b = RANDOM_OUTPUT_BIAS * uniform());
        net
    }

    /// The same network over a finer king-bucket layout: each bucket of
    /// `buckets` starts with the input rows of the bucket of `self` its
    /// squares belong to, so it evaluates every position as `self` does,
    /// and training can then tell the new buckets apart. `None` when a
    /// new bucket holds squares of two old ones (not a refinement).
    pub fn split_buckets(&self, buckets: KingBuckets) -> Option<FloatNetwork> {
        let mut old_of = vec![None; buckets.count()];
        for (&new, &old) in buckets.0.iter().zip(&self.buckets.0) {
            let slot = &mut old_of[usize::from(new)];
            if slot.is_some_and(|seen| seen != old) {
                return None;
            }
            *slot = Some(old);
        }
        let rows = INPUTS_PER_BUCKET * HIDDEN;
        let mut input = Vec::with_capacity(buckets.inputs() * HIDDEN);
        for old in old_of {
            let old = usize::from(old?);
            input.extend_from_slice(&self.input[old * rows..(old + 1) * rows]);
        }
        Some(FloatNetwork {
            buckets,
            input,
            ..self.clone()
        })
    }

    /// The number of inputs: `768 * buckets.count()`.
    pub fn inputs(&self) -> usize {
        self.buckets.inputs()
    }

    /// Whether every vector has the length its layout calls for.
    pub fn check_shape(&self) -> Result<(), NnueError> {
        let count = self.buckets.count();
        if count > MAX_KING_BUCKETS {
            return Err(NnueError::TooManyBuckets {
                count,
                max: MAX_KING_BUCKETS,
            });
        }
        for (field, found, expected) in [
            ("input", self.input.len(), self.inputs() * HIDDEN),
            ("input_bias", self.input_bias.len(), HIDDEN),
            ("output", self.output.len(), OUTPUT_BUCKETS * 2 * HIDDEN),
            ("output_bias", self.output_bias.len(), OUTPUT_BUCKETS),
        ] {
            if found != expected {
                return Err(NnueError::Shape {
                    field,
                    found,
                    expected,
                });
            }
        }
        Ok(())
    }

    /// `input_bias + Σ input rows` of the pieces seen by `perspective`, in
    /// `f32`, the pieces in the order of [`for_each_feature`].
    fn accumulate(&self, pos: &Position, perspective: Color) -> Vec<f32> {
        let mut acc = self.input_bias.clone();
        for_each_feature(&self.buckets, pos, perspective, |f| {
            let row = &self.input[f * HIDDEN..(f + 1) * HIDDEN];
            acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        });
        acc
    }

    /// The evaluation in centipawns from the side to move's view, in
    /// `f32`: `SCALE · (Σ screlu(acc_stm) · out[o][..HIDDEN] + Σ
    /// screlu(acc_other) · out[o][HIDDEN..] + out_bias[o])` with `o =
    /// output_bucket(pieces on the board)`. Panics if the shape is wrong
    /// ([`FloatNetwork::check_shape`]).
    pub fn evaluate(&self, pos: &Position) -> f32 {
        let stm = pos.side_to_move();
        let (us, them) = (self.accumulate(pos, stm), self.accumulate(pos, !stm));
        let bucket = output_bucket(pos.occupied().count());
        let weights = &self.output[bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN];
        let (w_us, w_them) = weights.split_at(HIDDEN);
        let mut y = self.output_bias[bucket];
        for i in 0..HIDDEN {
            y += screlu(us[i]) * w_us[i] + screlu(them[i]) * w_them[i];
        }
        y * SCALE as f32
    }
}

/// The network in integers, as the engine runs it: input weights and
/// biases `i16` in units of `1/QA`, output weights `i16` in units of
/// `1/QB`, output biases `i32` in units of `1/(QA·QB)`. Integer sums are
/// exact, so an accumulator updated move by move equals one computed from
/// scratch, and the SIMD and scalar code give the same evaluation.
#[derive(Clone)]
pub struct Network {
    pub(super) buckets: KingBuckets,
    /// One row per input.
    pub(super) input: Vec<Row>,
    pub(super) input_bias: Row,
    /// Per output bucket: the side to move's half, the other side's.
    pub(super) output: Vec<[Row; 2]>,
    pub(super) output_bias: [i32; OUTPUT_BUCKETS],
    /// FNV-1a of the file's bytes before the checksum: the network's
    /// identity.
    pub(super) checksum: u64,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network")
            .field("buckets", &self.buckets)
            .field("checksum", &format_args!("{:#018x}", self.checksum))
            .finish_non_exhaustive()
    }
}

/// The largest output weight there may be: `clamp(x, 0, QA) · w` must
/// fit `i16` (`128 · 255 = 32640`).
pub(super) const MAX_OUTPUT_WEIGHT: i64 = i16::MAX as i64 / QA as i64;

/// `values` times `scale`, rounded; an error for a value that is not
/// finite or lands outside `±limit`.
fn quantize(
    values: &[f32],
    field: &'static str,
    scale: i32,
    limit: i64,
) -> Result<Vec<i64>, NnueError> {
    values
        .iter()
        .enumerate()
        .map(|(index, &value)| {
            if !value.is_finite() {
                return Err(NnueError::NotFinite {
                    field,
                    index,
                    value,
                });
            }
            let quantized = (value * scale as f32).round();
            if f64::from(quantized).abs() > limit as f64 {
                return Err(NnueError::OutOfRange {
                    field,
                    index,
                    value,
                    quantized: f64::from(quantized),
                    limit,
                });
            }
            Ok(quantized as i64)
        })
        .collect()
}

/// `values` (each within `i16`) as rows of [`HIDDEN`].
pub(super) fn rows(values: impl Iterator<Item = i16>, count: usize) -> Vec<Row> {
    let mut rows = vec![Row::ZERO; count];
    for (v, slot) in values.zip(rows.iter_mut().flat_map(|r| r.0.iter_mut())) {
        *slot = v;
    }
    rows
}

impl Network {
    /// The quantized network of `float`: `round(w · QA)` for input
    /// weights and biases, `round(w · QB)` for output weights and
    /// `round(b · QA · QB)` for output biases. An error, rather than a
    /// clamp, when a shape is wrong, a value is not finite, an input
    /// weight or bias lands outside ±32767, an output weight outside ±128
    /// (|w| above about 2.0), an output bias outside `i32`, or when a
    /// legal position could take an accumulator outside `i16`
    /// ([`Network::sums_fit`]).
    pub fn from_float(float: &FloatNetwork) -> Result<Network, NnueError> {
        float.check_shape()?;
        let limit = i64::from(i16::MAX);
        let narrow = |v: Vec<i64>| v.into_iter().map(|x| x as i16);
        let input = quantize(&float.input, "input", QA, limit)?;
        let input_bias = quantize(&float.input_bias, "input_bias", QA, limit)?;
        let output = quantize(&float.output, "output", QB, MAX_OUTPUT_WEIGHT)?;
        let output_bias = quantize(
            &float.output_bias,
            "output_bias",
            QA * QB,
            i64::from(i32::MAX),
        )?;
        let output = rows(narrow(output), OUTPUT_BUCKETS * 2);
        let mut net = Network {
            buckets: float.buckets,
            input: rows(narrow(input), float.inputs()),
            input_bias: rows(narrow(input_bias), 1)[0],
            output: output.chunks_exact(2).map(|p| [p[0], p[1]]).collect(),
            output_bias: [0; OUTPUT_BUCKETS],
            checksum: 0,
        };
        for (b, q) in net.output_bias.iter_mut().zip(output_bias) {
            *b = q as i32;
        }
        net.check_sums()?;
        net.checksum = file::checksum(&net.body_bytes());
        Ok(net)
    }

    /// The network in floating point, each integer divided by its unit:
    /// what a trainer goes on from when only the engine's file is left
    /// ([`Network::from_float`] of it gives this network back exactly).
    pub fn to_float(&self) -> FloatNetwork {
        let values = |rows: &mut dyn Iterator<Item = &Row>, unit: i32| -> Vec<f32> {
            rows.flat_map(|r| r.0)
                .map(|v| f32::from(v) / unit as f32)
                .collect()
        };
        FloatNetwork {
            buckets: self.buckets,
            input: values(&mut self.input.iter(), QA),
            input_bias: values(&mut std::iter::once(&self.input_bias), QA),
            output: values(&mut self.output.iter().flatten(), QB),
            output_bias: self
                .output_bias
                .iter()
                .map(|&b| b as f32 / (QA * QB) as f32)
                .collect(),
        }
    }

    /// The king bucket layout.
    pub fn buckets(&self) -> &KingBuckets {
        &self.buckets
    }

    /// The network's identity: FNV-1a (64 bits) of its file's bytes
    /// before the checksum, which is the file's last 8 bytes.
    pub fn checksum(&self) -> u64 {
        self.checksum
    }

    /// Whether no accumulator of a position of at most 32 pieces can
    /// leave `i16`: for each bucket and hidden unit, the bias plus the 32
    /// largest weights (in absolute value) stays within ±32767. The
    /// updates wrap, so every sum is then exact, whatever the order of
    /// the rows.
    pub fn sums_fit(&self) -> bool {
        self.check_sums().is_ok()
    }

    /// [`Network::sums_fit`], saying which unit fails.
    pub(super) fn check_sums(&self) -> Result<(), NnueError> {
        let mut column = Vec::with_capacity(INPUTS_PER_BUCKET);
        for (bucket, rows) in self.input.chunks(INPUTS_PER_BUCKET).enumerate() {
            for unit in 0..HIDDEN {
                column.clear();
                column.extend(rows.iter().map(|r| i64::from(r.0[unit]).abs()));
                // The 32 largest after `split`.
                let split = column.len().saturating_sub(32);
                if split > 0 {
                    column.select_nth_unstable(split);
                }
                let worst: i64 =
                    column[split..].iter().sum::<i64>() + i64::from(self.input_bias.0[unit]).abs();
                if worst > i64::from(i16::MAX) {
                    return Err(NnueError::AccumulatorOverflow {
                        bucket,
                        unit,
                        worst,
                    });
                }
            }
        }
        Ok(())
    }

    /// The accumulator of `perspective` in `pos`, from scratch.
    pub(super) fn refresh(&self, pos: &Position, perspective: Color) -> Row {
        // At most 64 pieces: one a square.
        let mut rows: ArrayVec<&Row, 64> = ArrayVec::new();
        for_each_feature(&self.buckets, pos, perspective, |f| {
            rows.push(&self.input[f])
        });
        let mut acc = self.input_bias;
        simd::apply_in_place(&mut acc, &rows, &[]);
        acc
    }

    /// The evaluation in centipawns from the accumulators of the side to
    /// move (`us`) and the other side (`them`), with output bucket
    /// `bucket`: `sum = Σ clamp(us, 0, QA)² · w_us + Σ clamp(them, 0, QA)²
    /// · w_them` (exact, `i64`), then `(sum / QA + bias) · SCALE / (QA ·
    /// QB)`, both divisions in integers, rounding towards zero. `|sum| ≤
    /// 1024 · 255² · 128 < 2^33`, so the result fits `i32`.
    #[inline]
    pub(super) fn output(&self, us: &Row, them: &Row, bucket: usize) -> i32 {
        let sum = simd::screlu_dot(us, them, &self.output[bucket]);
        let qa = i64::from(QA);
        let scaled = (sum / qa + i64::from(self.output_bias[bucket])) * i64::from(SCALE);
        (scaled / (qa * i64::from(QB))) as i32
    }

    /// The evaluation in centipawns from the side to move's view,
    /// computed from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let stm = pos.side_to_move();
        let (us, them) = (self.refresh(pos, stm), self.refresh(pos, !stm));
        self.output(&us, &them, output_bucket(pos.occupied().count()))
    }

    /// The input row of `feature`.
    #[inline]
    pub(super) fn row(&self, feature: usize) -> &Row {
        &self.input[feature]
    }
}
