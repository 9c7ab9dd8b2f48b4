//! The network's arithmetic in floating point for training: one position
//! forward ([`forward`]), its loss, and its gradient ([`backprop`]). It
//! mirrors `chess::eval::nnue::FloatNetwork::evaluate` term for term (a
//! test checks they agree), with the gradient written out by hand: one
//! sparse input layer shared by both perspectives, a squared clipped
//! ReLU, and one output per material bucket.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use chess::eval::nnue::{FloatNetwork, KingBuckets, HIDDEN, OUTPUT_BUCKETS, SCALE};

use super::sample::Sample;

/// Both perspectives' accumulators: the side to move's first.
pub type Accumulators = [[f32; HIDDEN]; 2];

/// `clamp(x, 0, 1)²`.
#[inline(always)]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// The derivative of [`screlu`].
#[inline(always)]
fn screlu_slope(x: f32) -> f32 {
    if x > 0.0 && x < 1.0 {
        2.0 * x
    } else {
        0.0
    }
}

/// The logistic function of a score in centipawns: the expected result
/// the network predicts and the search score stands for.
#[inline]
pub fn expected(cp: f32, scale: f32) -> f32 {
    1.0 / (1.0 + (-cp / scale).exp())
}

/// The accumulators of `s`.
fn accumulate(net: &FloatNetwork, s: &Sample) -> Accumulators {
    let mut acc = [[0.0; HIDDEN]; 2];
    for (p, sums) in acc.iter_mut().enumerate() {
        sums.copy_from_slice(&net.input_bias);
        for &f in s.features(p) {
            let row = &net.input[usize::from(f) * HIDDEN..][..HIDDEN];
            sums.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
    }
    acc
}

/// The network's raw output `y` (centipawns / `SCALE`) from the
/// accumulators.
fn output(net: &FloatNetwork, acc: &Accumulators, bucket: usize) -> f32 {
    let weights = &net.output[bucket * 2 * HIDDEN..][..2 * HIDDEN];
    let (own, other) = weights.split_at(HIDDEN);
    let dot = |sums: &[f32; HIDDEN], w: &[f32]| -> f32 {
        sums.iter().zip(w).map(|(&x, &w)| screlu(x) * w).sum()
    };
    dot(&acc[0], own) + dot(&acc[1], other) + net.output_bias[bucket]
}

/// The evaluation of `s` in centipawns from the side to move's view.
pub fn forward(net: &FloatNetwork, s: &Sample) -> f32 {
    output(net, &accumulate(net, s), s.bucket()) * SCALE as f32
}

/// The squared error of the predicted expected result against `s`'s
/// target.
pub fn loss(net: &FloatNetwork, s: &Sample, scale: f32) -> f32 {
    let err = expected(forward(net, s), scale) - s.target();
    err * err
}

/// Adds the gradient of `s`'s squared error to `grad` (same shape as
/// `net`); returns the error.
pub fn backprop(net: &FloatNetwork, s: &Sample, scale: f32, grad: &mut FloatNetwork) -> f32 {
    let acc = accumulate(net, s);
    let bucket = s.bucket();
    let y = output(net, &acc, bucket);
    let pred = expected(y * SCALE as f32, scale);
    let err = pred - s.target();
    // d(err²)/dy through the logistic of y · SCALE / scale.
    let g = 2.0 * err * pred * (1.0 - pred) * SCALE as f32 / scale;
    grad.output_bias[bucket] += g;
    let base = bucket * 2 * HIDDEN;
    for (p, sums) in acc.iter().enumerate() {
        let weights = &net.output[base + p * HIDDEN..][..HIDDEN];
        let out_grad = &mut grad.output[base + p * HIDDEN..][..HIDDEN];
        let mut d_acc = [0.0f32; HIDDEN];
        for i in 0..HIDDEN {
            out_grad[i] += g * screlu(sums[i]);
            d_acc[i] = g * weights[i] * screlu_slope(sums[i]);
        }
        grad.input_bias
            .iter_mut()
            .zip(&d_acc)
            .for_each(|(b, d)| *b += d);
        for &f in s.features(p) {
            let row = &mut grad.input[usize::from(f) * HIDDEN..][..HIDDEN];
            row.iter_mut().zip(&d_acc).for_each(|(r, d)| *r += d);
        }
    }
    err * err
}

/// Initial weights from `seed`: input weights uniform in ±`1/√768`, small
/// output weights, zero biases. Inputs that few positions show keep about
/// their initial weights, so these start small: on 370,000 positions
/// (one king bucket, 8 epochs) the held-out error was 0.0119 from
/// ±`1/√768` against 0.0147 from ±`1/√32` (and 0.0120 from a quarter of
/// `1/√768`).
pub fn initial(buckets: KingBuckets, seed: u64) -> FloatNetwork {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut net = FloatNetwork::zeroed(buckets);
    let input_bound = 1.0 / 768f32.sqrt();
    let output_bound = 1.0 / ((2 * HIDDEN) as f32).sqrt();
    net.input
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-input_bound..input_bound));
    net.output
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-output_bound..output_bound));
    debug_assert_eq!(net.output_bias.len(), OUTPUT_BUCKETS);
    net
}
