//! The Texel fit: minimise the mean squared error between each position's
//! game result `r` and `sigmoid(K * E / 400)`, `sigmoid(x) = 1 / (1 +
//! 10^-x)`, where `E` is the evaluation (White's view) recomputed from the
//! position's trace:
//!
//! `E = (mg * p + eg * scale / 64 * (24 - p)) / 24 + stm * tempo(p)`,
//! `mg`, `eg` = Σ coeff · weight, `p` the phase, `scale` the drawish-ending
//! scale for the side the endgame total favours (held constant in the
//! gradient: it only switches where `eg` changes sign).
//!
//! `K` is fitted first, on the starting weights (a ternary search: the
//! error is unimodal in `K`). Then every linear weight (all of
//! `chess::eval::layout`, tempo included) moves by Adam on the full-batch
//! gradient, computed analytically from the coefficients, with a ridge
//! penalty towards the starting weights ([`TuneOptions::l2`]): positions
//! of one game share one result, so a few thousand games do not pin down
//! a thousand weights, and without it the error on held-out games rises
//! while the fitted error falls. No randomness: given the data and the
//! options the result is the same on every run.
//!
//! Not tuned (the tuner sees them as fixed per position): the phase
//! weights, the drawish-ending scale and the king attack units per role.
//! King danger itself is tuned: its capped quadratic became a table by
//! attack units, linear in its entries.

use chess::eval::trace::Trace;
use chess::eval::{layout, s, Weights, FULL_PHASE};

use crate::dataset::Labelled;

/// One position, as the fit needs it.
#[derive(Clone, Copy, Debug)]
struct Sample {
    /// Where its coefficients start in [`TraceSet::entries`], and how many.
    start: u32,
    len: u32,
    /// `p / 24` and `(24 - p) / 24`.
    mg_factor: f64,
    eg_factor: f64,
    /// The endgame scale / 64 if White, or Black, is ahead in the endgame.
    scale: [f64; 2],
    side_to_move: f64,
    result: f64,
}

/// Every position's trace, flattened.
pub struct TraceSet {
    entries: Vec<(u16, i16)>,
    samples: Vec<Sample>,
}

/// Weights as the fit moves them: `[mg, eg]` per entry of the layout.
pub type Params = Vec<[f64; 2]>;

/// The weights as floats.
pub fn params_of(weights: &Weights) -> Params {
    weights
        .raw()
        .iter()
        .map(|w| [f64::from(w.mg), f64::from(w.eg)])
        .collect()
}

/// The weights rounded to the engine's integers.
pub fn weights_of(params: &Params) -> Weights {
    let mut raw = [s(0, 0); layout::COUNT];
    for (w, p) in raw.iter_mut().zip(params) {
        *w = s(p[0].round() as i32, p[1].round() as i32);
    }
    Weights::from_raw(raw)
}

/// `1 / (1 + 10^(-k * e / 400))`.
#[inline]
pub fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

impl TraceSet {
    /// Traces every position of `data`.
    pub fn new(data: &[Labelled]) -> TraceSet {
        let mut entries = Vec::new();
        let mut samples = Vec::with_capacity(data.len());
        for item in data {
            let trace = Trace::of(&item.position);
            let phase = f64::from(trace.phase);
            let full = f64::from(FULL_PHASE);
            samples.push(Sample {
                start: entries.len() as u32,
                len: trace.coeffs.len() as u32,
                mg_factor: phase / full,
                eg_factor: (full - phase) / full,
                scale: trace.scale.map(|s| f64::from(s) / 64.0),
                side_to_move: f64::from(trace.side_to_move),
                result: item.result,
            });
            entries.extend_from_slice(&trace.coeffs);
        }
        TraceSet { entries, samples }
    }

    pub fn len(&self) -> usize {
        self.samples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    fn coeffs(&self, sample: &Sample) -> &[(u16, i16)] {
        &self.entries[sample.start as usize..(sample.start + sample.len) as usize]
    }

    /// The evaluation of `sample` (White's view) and the endgame scale
    /// that applied.
    #[inline]
    fn eval(&self, sample: &Sample, params: &Params) -> (f64, f64) {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, c) in self.coeffs(sample) {
            let w = params[usize::from(i)];
            mg += f64::from(c) * w[0];
            eg += f64::from(c) * w[1];
        }
        let scale = if eg > 0.0 {
            sample.scale[0]
        } else {
            sample.scale[1]
        };
        let tempo = params[layout::TEMPO];
        let e = mg * sample.mg_factor
            + eg * scale * sample.eg_factor
            + sample.side_to_move * (tempo[0] * sample.mg_factor + tempo[1] * sample.eg_factor);
        (e, scale)
    }

    /// The evaluations of every sample, White's view.
    pub fn evaluations(&self, params: &Params) -> Vec<f64> {
        self.samples
            .iter()
            .map(|s| self.eval(s, params).0)
            .collect()
    }

    /// Mean squared error of the predictions.
    pub fn mse(&self, params: &Params, k: f64) -> f64 {
        let total: f64 = self
            .samples
            .iter()
            .map(|s| {
                let p = sigmoid(k, self.eval(s, params).0);
                (s.result - p) * (s.result - p)
            })
            .sum();
        total / self.len().max(1) as f64
    }

    /// The error and its gradient with respect to every weight.
    pub fn gradient(&self, params: &Params, k: f64) -> (f64, Params) {
        let mut grad = vec![[0.0; 2]; params.len()];
        let mut total = 0.0;
        let slope = k * std::f64::consts::LN_10 / 400.0;
        let n = self.len().max(1) as f64;
        for sample in &self.samples {
            let (e, scale) = self.eval(sample, params);
            let p = sigmoid(k, e);
            let diff = sample.result - p;
            total += diff * diff;
            // d(diff²)/dE, averaged.
            let d = -2.0 * diff * p * (1.0 - p) * slope / n;
            let dmg = d * sample.mg_factor;
            let deg = d * sample.eg_factor * scale;
            for &(i, c) in self.coeffs(sample) {
                let g = &mut grad[usize::from(i)];
                g[0] += dmg * f64::from(c);
                g[1] += deg * f64::from(c);
            }
            let t = &mut grad[layout::TEMPO];
            t[0] += d * sample.mg_factor * sample.side_to_move;
            t[1] += d * sample.eg_factor * sample.side_to_move;
        }
        (total / n, grad)
    }

    /// The `K` in `[0.01, 10]` that minimises the error with `params`.
    pub fn fit_k(&self, params: &Params) -> f64 {
        best_k(|k| self.mse(params, k))
    }
}

/// The `K` in `[0.01, 10]` that minimises `error` (ternary search: the
/// error of a logistic fit has one minimum in `K`).
pub fn best_k(error: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 10.0f64);
    for _ in 0..80 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if error(a) <= error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// How the fit runs.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub learning_rate: f64,
    /// Which weights move (`None`: all).
    pub tunable: Option<Vec<bool>>,
    /// Ridge penalty `l2 · Σ (w − w_start)²` added to the error: pulls
    /// weights the games say little about (rare squares, rare counts)
    /// back to their start.
    pub l2: f64,
}

impl Default for TuneOptions {
    fn default() -> Self {
        TuneOptions {
            epochs: 300,
            learning_rate: 1.0,
            tunable: None,
            l2: 2e-9,
        }
    }
}

/// Adam on the full batch, from `start`; `report(epoch, mse, weights)`
/// at each epoch (the error and weights before that epoch's step; the
/// error without the penalty). Returns the weights.
pub fn adam(
    set: &TraceSet,
    start: Params,
    k: f64,
    options: &TuneOptions,
    mut report: impl FnMut(usize, f64, &Params),
) -> Params {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;
    let mut params = start.clone();
    let mut m = vec![[0.0; 2]; params.len()];
    let mut v = vec![[0.0; 2]; params.len()];
    for epoch in 1..=options.epochs {
        let (mse, grad) = set.gradient(&params, k);
        report(epoch, mse, &params);
        let correction1 = 1.0 - BETA1.powi(epoch as i32);
        let correction2 = 1.0 - BETA2.powi(epoch as i32);
        for i in 0..params.len() {
            if options.tunable.as_ref().is_some_and(|t| !t[i]) {
                continue;
            }
            for phase in 0..2 {
                let g = grad[i][phase] + 2.0 * options.l2 * (params[i][phase] - start[i][phase]);
                m[i][phase] = BETA1 * m[i][phase] + (1.0 - BETA1) * g;
                v[i][phase] = BETA2 * v[i][phase] + (1.0 - BETA2) * g * g;
                let m_hat = m[i][phase] / correction1;
                let v_hat = v[i][phase] / correction2;
                params[i][phase] -= options.learning_rate * m_hat / (v_hat.sqrt() + EPSILON);
            }
        }
    }
    params
}

/// Which weights match one of the comma-separated name prefixes of
/// `spec` (names as `chess::eval::weights::name` gives them), e.g.
/// `material,mobility`.
pub fn tunable_by_prefix(spec: &str) -> Vec<bool> {
    let prefixes: Vec<&str> = spec
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    (0..layout::COUNT)
        .map(|i| {
            let name = chess::eval::weights::name(i);
            prefixes.iter().any(|p| name.starts_with(p))
        })
        .collect()
}
