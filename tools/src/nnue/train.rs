//! The training loop: minibatch Adam on the squared error of the
//! predicted expected result, the batch split over threads in fixed
//! parts whose gradients are summed in a fixed order, positions shuffled
//! from a seed (the same data and options give the same network). The
//! step size is dropped tenfold for the last quarter of the epochs;
//! weights are clipped after each step to the range the engine's integer
//! network can hold.

use std::time::Instant;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use chess::eval::nnue::FloatNetwork;

use crate::packed::PackedPosition;

use super::model::{backprop, loss};
use super::sample::{Sample, Target};

/// The largest weight magnitude the engine's quantized network takes
/// (its output weights times `QB` = 64 must stay below 128).
pub const WEIGHT_CLIP: f32 = 1.98;

/// The trainer's options.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    pub epochs: usize,
    pub batch: usize,
    pub learning_rate: f32,
    pub target: Target,
    pub threads: usize,
    /// The seed of the shuffles.
    pub seed: u64,
}

/// What one epoch reached.
#[derive(Clone, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    /// Mean squared error over the epoch's batches, as they were fitted.
    pub train: f64,
    pub held_out: f64,
    pub learning_rate: f32,
    /// Positions fitted a second, this epoch.
    pub positions_per_second: f64,
}

/// Trains `net` on `fitted`; calls `report` after each epoch with the
/// network reached, and returns the network of the epoch with the lowest
/// held-out error (the starting one if none improved on it).
pub fn train(
    mut net: FloatNetwork,
    fitted: &[PackedPosition],
    held_out: &[PackedPosition],
    options: &TrainOptions,
    mut report: impl FnMut(&EpochReport, &FloatNetwork),
) -> FloatNetwork {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut adam = Adam::new(&net);
    let mut grads: Vec<FloatNetwork> = (0..options.threads.max(1))
        .map(|_| FloatNetwork::zeroed(net.buckets))
        .collect();
    let mut best = (mean_loss(&net, held_out, options), net.clone());
    let mut order: Vec<u32> = (0..fitted.len() as u32).collect();
    for epoch in 1..=options.epochs {
        let started = Instant::now();
        order.shuffle(&mut rng);
        let late = epoch * 4 > options.epochs * 3;
        let lr = options.learning_rate * if late { 0.1 } else { 1.0 };
        let mut total = 0.0f64;
        for batch in order.chunks(options.batch.max(1)) {
            let (error, used) = batch_gradient(&net, fitted, batch, options, &mut grads);
            total += error;
            let (first, rest) = grads[..used]
                .split_first_mut()
                .expect("a batch is not empty");
            sum_into(first, rest, 1.0 / batch.len() as f32);
            adam.step(&mut net, first, lr);
        }
        let held = mean_loss(&net, held_out, options);
        let seconds = started.elapsed().as_secs_f64();
        report(
            &EpochReport {
                epoch,
                train: total / fitted.len().max(1) as f64,
                held_out: held,
                learning_rate: lr,
                positions_per_second: fitted.len() as f64 / seconds.max(1e-9),
            },
            &net,
        );
        if held < best.0 {
            best = (held, net.clone());
        }
    }
    best.1
}

/// The mean squared error of `net` over `data`.
pub fn mean_loss(net: &FloatNetwork, data: &[PackedPosition], options: &TrainOptions) -> f64 {
    let part = data.len().div_ceil(options.threads.max(1)).max(1);
    let sums: Vec<f64> = std::thread::scope(|scope| {
        let handles: Vec<_> = data
            .chunks(part)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|p| {
                            let s = Sample::new(p, &net.buckets, options.target);
                            f64::from(loss(net, &s, options.target.scale))
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(join).collect()
    });
    sums.iter().sum::<f64>() / data.len().max(1) as f64
}

fn join<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    match handle.join() {
        Ok(value) => value,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// Each thread's summed gradient of its part of `batch` into its own
/// `grads` entry (zeroed first); returns the batch's summed error and how
/// many entries hold a part (fewer than the threads for a short batch).
fn batch_gradient(
    net: &FloatNetwork,
    data: &[PackedPosition],
    batch: &[u32],
    options: &TrainOptions,
    grads: &mut [FloatNetwork],
) -> (f64, usize) {
    let part = batch.len().div_ceil(grads.len()).max(1);
    let used = batch.len().div_ceil(part);
    let error = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(part)
            .zip(grads.iter_mut())
            .map(|(chunk, grad)| {
                scope.spawn(move || {
                    clear(grad);
                    let mut error = 0.0f64;
                    for &i in chunk {
                        let s = Sample::new(&data[i as usize], &net.buckets, options.target);
                        error += f64::from(backprop(net, &s, options.target.scale, grad));
                    }
                    error
                })
            })
            .collect();
        handles.into_iter().map(join).sum()
    });
    (error, used)
}

/// The network's parameter groups, in one fixed order.
fn groups(net: &FloatNetwork) -> [&[f32]; 4] {
    [&net.input, &net.input_bias, &net.output, &net.output_bias]
}

fn groups_mut(net: &mut FloatNetwork) -> [&mut [f32]; 4] {
    [
        &mut net.input,
        &mut net.input_bias,
        &mut net.output,
        &mut net.output_bias,
    ]
}

fn clear(grad: &mut FloatNetwork) {
    for group in groups_mut(grad) {
        group.fill(0.0);
    }
}

/// `first = (first + Σ rest) · scale`, summed in the threads' order.
fn sum_into(first: &mut FloatNetwork, rest: &[FloatNetwork], scale: f32) {
    for other in rest {
        for (a, b) in groups_mut(first).into_iter().zip(groups(other)) {
            a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        }
    }
    for group in groups_mut(first) {
        group.iter_mut().for_each(|g| *g *= scale);
    }
}

/// Adam's moments, one per parameter, grouped as the network is.
struct Adam {
    m: FloatNetwork,
    v: FloatNetwork,
    t: i32,
}

impl Adam {
    fn new(net: &FloatNetwork) -> Adam {
        Adam {
            m: FloatNetwork::zeroed(net.buckets),
            v: FloatNetwork::zeroed(net.buckets),
            t: 0,
        }
    }

    /// One step along `grad`, then the weights (not the biases) clipped.
    fn step(&mut self, net: &mut FloatNetwork, grad: &FloatNetwork, lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let (c1, c2) = (1.0 - B1.powi(self.t), 1.0 - B2.powi(self.t));
        let params = groups_mut(net);
        let moments = groups_mut(&mut self.m)
            .into_iter()
            .zip(groups_mut(&mut self.v));
        for (group, ((p, (m, v)), g)) in params
            .into_iter()
            .zip(moments)
            .zip(groups(grad))
            .enumerate()
        {
            let clip = if group % 2 == 0 {
                WEIGHT_CLIP
            } else {
                f32::MAX
            };
            for i in 0..p.len() {
                m[i] = B1 * m[i] + (1.0 - B1) * g[i];
                v[i] = B2 * v[i] + (1.0 - B2) * g[i] * g[i];
                let step = lr * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
                p[i] = (p[i] - step).clamp(-clip, clip);
            }
        }
    }
}
