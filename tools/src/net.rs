//! Training the network that corrects the chess evaluation
//! (`chess::eval::net`): the prediction for a position is
//! `sigmoid(K · (crafted + network) / 400)` from the side to move's view,
//! `crafted` being the tuned hand-crafted evaluation, fixed; only the
//! network's weights move. Minibatch Adam on the mean squared error,
//! gradients computed by hand (one hidden layer), the batch split over
//! threads in fixed halves and summed in a fixed order, shuffled from a
//! seed: the same data and options give the same network.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use chess::eval::net::{
    activation, for_each_feature, Network, HIDDEN, INPUTS, OUTPUT_SCALE, PARAMETERS,
};
use chess::eval::{evaluate_with, TUNED_WEIGHTS};

use crate::dataset::Labelled;
use crate::tune::{best_k, sigmoid};

/// Where each group of weights starts in the flat parameter vector (the
/// network file's layout, [`Network::to_floats`]).
const HIDDEN_BIAS: usize = INPUTS * HIDDEN;
const OUTPUT: usize = HIDDEN_BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT + 2 * HIDDEN;
const _: () = assert!(OUTPUT_BIAS + 1 == PARAMETERS, "the file's layout");

/// A position as the trainer sees it.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The input indices from the side to move's view, then the other's.
    views: [[u16; 32]; 2],
    pieces: u8,
    /// The hand-crafted evaluation, side to move's view, centipawns.
    crafted: f32,
    /// The label from the side to move's view.
    target: f32,
}

impl Sample {
    pub fn new(labelled: &Labelled) -> Sample {
        let pos = &labelled.position;
        let us = pos.side_to_move();
        let mut views = [[0u16; 32]; 2];
        let mut pieces = 0;
        for (view, color) in views.iter_mut().zip([us, !us]) {
            let mut n = 0;
            for_each_feature(pos, color, |f| {
                view[n] = f as u16;
                n += 1;
            });
            pieces = n as u8;
        }
        let white_target = labelled.result as f32;
        Sample {
            views,
            pieces,
            crafted: evaluate_with(pos, &TUNED_WEIGHTS) as f32,
            target: us.fold(white_target, 1.0 - white_target),
        }
    }

    fn view(&self, v: usize) -> &[u16] {
        &self.views[v][..usize::from(self.pieces)]
    }
}

/// The hidden sums of both views.
fn hidden_sums(p: &[f32], s: &Sample) -> [[f32; HIDDEN]; 2] {
    let mut sums = [[0.0; HIDDEN]; 2];
    for (v, sum) in sums.iter_mut().enumerate() {
        sum.copy_from_slice(&p[HIDDEN_BIAS..OUTPUT]);
        for &f in s.view(v) {
            let row = &p[usize::from(f) * HIDDEN..][..HIDDEN];
            sum.iter_mut().zip(row).for_each(|(a, w)| *a += w);
        }
    }
    sums
}

/// The network's raw output for the hidden sums.
fn output(p: &[f32], sums: &[[f32; HIDDEN]; 2]) -> f32 {
    let mut out = p[OUTPUT_BIAS];
    for (v, sum) in sums.iter().enumerate() {
        let weights = &p[OUTPUT + v * HIDDEN..][..HIDDEN];
        out += sum
            .iter()
            .zip(weights)
            .map(|(x, w)| activation(*x) * w)
            .sum::<f32>();
    }
    out
}

/// The predicted score of `s` with parameters `p`.
fn predict(p: &[f32], s: &Sample, k: f32) -> f32 {
    let out = output(p, &hidden_sums(p, s));
    sigmoid(k as f64, f64::from(s.crafted + out * OUTPUT_SCALE)) as f32
}

/// Adds the gradient of `s`'s squared error to `grad`; returns the error.
fn backprop(p: &[f32], s: &Sample, k: f32, grad: &mut [f32]) -> f32 {
    let sums = hidden_sums(p, s);
    let out = output(p, &sums);
    let pred = sigmoid(k as f64, f64::from(s.crafted + out * OUTPUT_SCALE)) as f32;
    let err = pred - s.target;
    let g = 2.0 * err * pred * (1.0 - pred) * std::f32::consts::LN_10 * k / 400.0 * OUTPUT_SCALE;
    grad[OUTPUT_BIAS] += g;
    for (v, sum) in sums.iter().enumerate() {
        let mut d_sum = [0.0f32; HIDDEN];
        for (i, &x) in sum.iter().enumerate() {
            let w = OUTPUT + v * HIDDEN + i;
            grad[w] += g * activation(x);
            if x > 0.0 && x < 1.0 {
                d_sum[i] = g * p[w];
            }
        }
        let bias = &mut grad[HIDDEN_BIAS..OUTPUT];
        bias.iter_mut().zip(&d_sum).for_each(|(b, d)| *b += d);
        for &f in s.view(v) {
            let row = &mut grad[usize::from(f) * HIDDEN..][..HIDDEN];
            row.iter_mut().zip(&d_sum).for_each(|(r, d)| *r += d);
        }
    }
    err * err
}

/// The mean squared error of `p` over `data`.
pub fn mse(p: &[f32], data: &[Sample], k: f32) -> f64 {
    let total: f64 = data
        .iter()
        .map(|s| f64::from(predict(p, s, k) - s.target).powi(2))
        .sum();
    total / data.len().max(1) as f64
}

/// The mean squared error of the hand-crafted evaluation alone.
pub fn crafted_mse(data: &[Sample], k: f64) -> f64 {
    let total: f64 = data
        .iter()
        .map(|s| (sigmoid(k, f64::from(s.crafted)) - f64::from(s.target)).powi(2))
        .sum();
    total / data.len().max(1) as f64
}

/// The `K` that fits the hand-crafted evaluation best.
pub fn fit_k(data: &[Sample]) -> f64 {
    best_k(|k| crafted_mse(data, k))
}

/// The trainer's options.
#[derive(Clone, Debug)]
pub struct NetOptions {
    pub epochs: usize,
    pub batch: usize,
    pub learning_rate: f32,
    /// The seed of the initial weights and the shuffles.
    pub seed: u64,
    pub threads: usize,
    /// Decoupled weight decay (AdamW) of the input and output weights,
    /// per unit of learning rate: the positions of one game are alike, and
    /// a network free to memorise them learns the games, not chess.
    pub weight_decay: f32,
}

/// What one epoch reached.
#[derive(Clone, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub train: f64,
    pub held_out: f64,
}

/// Initial weights: small random input weights, hidden units biased into
/// their linear range, and a zero output, so training starts from the
/// hand-crafted evaluation exactly.
fn initial(rng: &mut ChaCha8Rng) -> Vec<f32> {
    let mut p = vec![0.0f32; PARAMETERS];
    let bound = 1.0 / (32.0f32).sqrt();
    p[..HIDDEN_BIAS]
        .iter_mut()
        .for_each(|w| *w = rng.gen_range(-bound..bound));
    p[HIDDEN_BIAS..OUTPUT].iter_mut().for_each(|b| *b = 0.5);
    p
}

/// Adam's state.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn step(&mut self, p: &mut [f32], grad: &[f32], lr: f32, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let (c1, c2) = (1.0 - B1.powi(self.t), 1.0 - B2.powi(self.t));
        for i in 0..p.len() {
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * grad[i];
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * grad[i] * grad[i];
            p[i] -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
        let shrink = 1.0 - lr * decay;
        p[..HIDDEN_BIAS].iter_mut().for_each(|w| *w *= shrink);
        p[OUTPUT..OUTPUT_BIAS].iter_mut().for_each(|w| *w *= shrink);
    }
}

/// The mean gradient of one batch, its parts computed on `threads` threads.
fn batch_gradient(p: &[f32], batch: &[&Sample], k: f32, threads: usize) -> Vec<f32> {
    let part = batch.len().div_ceil(threads.max(1)).max(1);
    let grads: Vec<Vec<f32>> = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(part)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut grad = vec![0.0f32; PARAMETERS];
                    chunk.iter().for_each(|s| {
                        backprop(p, s, k, &mut grad);
                    });
                    grad
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a trainer thread panicked"))
            .collect()
    });
    let mut total = vec![0.0f32; PARAMETERS];
    let scale = 1.0 / batch.len() as f32;
    for grad in &grads {
        total
            .iter_mut()
            .zip(grad)
            .for_each(|(t, g)| *t += g * scale);
    }
    total
}

/// Trains from the initial weights; calls `report` after each epoch and
/// returns the network of the epoch with the lowest held-out error.
pub fn train(
    fitted: &[Sample],
    held_out: &[Sample],
    k: f32,
    options: &NetOptions,
    mut report: impl FnMut(&EpochReport),
) -> Network {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut p = initial(&mut rng);
    let mut adam = Adam {
        m: vec![0.0; PARAMETERS],
        v: vec![0.0; PARAMETERS],
        t: 0,
    };
    let mut best = (mse(&p, held_out, k), p.clone());
    let mut order: Vec<&Sample> = fitted.iter().collect();
    for epoch in 1..=options.epochs {
        order.shuffle(&mut rng);
        // The last quarter of the epochs at a tenth of the rate.
        let late = epoch * 4 > options.epochs * 3;
        let lr = options.learning_rate * if late { 0.1 } else { 1.0 };
        for batch in order.chunks(options.batch.max(1)) {
            let grad = batch_gradient(&p, batch, k, options.threads);
            adam.step(&mut p, &grad, lr, options.weight_decay);
        }
        let held = mse(&p, held_out, k);
        report(&EpochReport {
            epoch,
            train: mse(&p, &fitted[..fitted.len().min(100_000)], k),
            held_out: held,
        });
        if held < best.0 {
            best = (held, p.clone());
        }
    }
    Network::from_floats(&best.1).expect("the trainer's layout is the file's")
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess::Position;

    /// Initial weights with a random output layer, so every weight matters.
    fn random_params(seed: u64) -> Vec<f32> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut p = initial(&mut rng);
        p[OUTPUT..OUTPUT_BIAS]
            .iter_mut()
            .for_each(|w| *w = rng.gen_range(-0.1..0.1));
        p
    }

    fn sample(fen: &str, result: f64) -> Sample {
        let position = Position::from_fen(fen).expect("fen");
        Sample::new(&Labelled { position, result })
    }

    #[test]
    fn the_trainer_agrees_with_the_engine() {
        let p = random_params(3);
        let net = Network::from_floats(&p).expect("layout");
        for fen in [
            "r3k2r/pp3ppp/2n5/3q4/8/2N5/PP3PPP/R2QK2R w KQkq - 0 1",
            "r2qk2r/pp3ppp/2n5/8/3Q4/2N5/PP3PPP/R3K2R b KQkq - 0 1",
        ] {
            let s = sample(fen, 0.5);
            let trainer = output(&p, &hidden_sums(&p, &s)) * OUTPUT_SCALE;
            let engine = net.evaluate(&Position::from_fen(fen).expect("fen"));
            assert!((trainer.round() as i32 - engine).abs() <= 1, "{fen}");
        }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let p = random_params(5);
        let s = sample("4k3/8/3p4/8/2N5/8/4P3/4K3 w - - 0 1", 0.9);
        let k = 1.2;
        let mut grad = vec![0.0; PARAMETERS];
        backprop(&p, &s, k, &mut grad);
        let loss = |p: &[f32]| f64::from(predict(p, &s, k) - s.target).powi(2);
        let knight = usize::from(s.view(0)[1]) * HIDDEN + 3;
        for i in [
            knight,
            HIDDEN_BIAS + 7,
            OUTPUT + 5,
            OUTPUT + HIDDEN + 9,
            OUTPUT_BIAS,
        ] {
            let h = 1e-3;
            let (mut up, mut down) = (p.clone(), p.clone());
            up[i] += h;
            down[i] -= h;
            let numeric = (loss(&up) - loss(&down)) / (2.0 * f64::from(h));
            let analytic = f64::from(grad[i]);
            assert!(
                (numeric - analytic).abs() <= 1e-2 * numeric.abs().max(1e-3),
                "parameter {i}: {numeric} vs {analytic}"
            );
        }
    }

    #[test]
    fn training_lowers_the_error() {
        let data: Vec<Sample> = [
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0.9),
            ("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", 0.1),
            ("4k3/8/8/8/8/8/3NP3/4K3 b - - 0 1", 0.95),
        ]
        .iter()
        .map(|(fen, r)| sample(fen, *r))
        .collect();
        let options = NetOptions {
            epochs: 200,
            batch: 3,
            learning_rate: 0.01,
            seed: 1,
            threads: 2,
            weight_decay: 0.0,
        };
        let before = crafted_mse(&data, 1.0);
        let net = train(&data, &data, 1.0, &options, |_| {});
        let after = mse(&net.to_floats(), &data, 1.0);
        assert!(after < before / 2.0, "{before} -> {after}");
    }
}
