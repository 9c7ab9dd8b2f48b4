//! The SPSA arithmetic, as fishtest does it; pure, so it is tested alone.
//!
//! With `N` game pairs in all, for a parameter with `c_end` and `r_end`:
//!
//! ```text
//! A     = A_ratio * N
//! c     = c_end * N^gamma
//! a_end = r_end * c_end^2
//! a     = a_end * (A + N)^alpha
//! c_k   = c / k^gamma                   perturbation at pair k (1-based)
//! a_k   = a / (A + k)^alpha
//! R_k   = a_k / c_k^2                   learning rate
//! ```
//!
//! so that `c_N = c_end` and `R_N = r_end`. An iteration draws a random
//! sign `delta` (±1) per parameter, plays `theta + c_k delta` (clamped to
//! the bounds) against `theta - c_k delta` for `pairs` game pairs, and
//! moves `theta += R_k c_k (wins - losses) delta`, clamped. As in fishtest,
//! `k` counts game pairs (`k` is the number of pairs played before the
//! iteration, plus one), so the pairs per iteration change how often
//! `theta` moves, not how far it goes in all.

use super::params::Param;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The gain schedule of a whole run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// `N`: game pairs in all.
    pub total_pairs: f64,
    pub a_ratio: f64,
    pub alpha: f64,
    pub gamma: f64,
}

/// One parameter's gains at one point of the schedule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gain {
    /// `c_k`: the perturbation.
    pub c: f64,
    /// `R_k`: the learning rate.
    pub r: f64,
}

impl Schedule {
    /// `A`.
    pub fn big_a(&self) -> f64 {
        self.a_ratio * self.total_pairs
    }

    /// The gains of a parameter with `c_end`, `r_end` at pair `k` (1-based).
    pub fn gain(&self, c_end: f64, r_end: f64, k: f64) -> Gain {
        let n = self.total_pairs;
        let big_a = self.big_a();
        let c = c_end * n.powf(self.gamma);
        let a_end = r_end * c_end * c_end;
        let a = a_end * (big_a + n).powf(self.alpha);
        let c_k = c / k.powf(self.gamma);
        let a_k = a / (big_a + k).powf(self.alpha);
        Gain {
            c: c_k,
            r: a_k / (c_k * c_k),
        }
    }
}

/// The random signs of iteration `iteration`: a function of the seed and
/// the iteration only, so a resumed run draws the same ones.
pub fn flips(seed: u64, iteration: u64, count: usize) -> Vec<f64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(iteration);
    (0..count)
        .map(|_| if rng.gen::<bool>() { 1.0 } else { -1.0 })
        .collect()
}

/// A seed for iteration `iteration`'s openings, different for each.
pub fn iteration_seed(seed: u64, iteration: u64) -> u64 {
    // SplitMix64's finaliser over the pair.
    let mut z = seed ^ iteration.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One iteration's direction and gains.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The iteration (1-based).
    pub iteration: u64,
    /// `k`: the schedule point (first pair of the iteration, 1-based).
    pub k: u64,
    pub flips: Vec<f64>,
    pub gains: Vec<Gain>,
}

impl Step {
    /// Iteration `iteration` of `pairs` game pairs each.
    pub fn new(
        schedule: &Schedule,
        params: &[Param],
        seed: u64,
        iteration: u64,
        pairs: u64,
    ) -> Step {
        let k = (iteration - 1) * pairs + 1;
        Step {
            iteration,
            k,
            flips: flips(seed, iteration, params.len()),
            gains: params
                .iter()
                .map(|p| schedule.gain(p.c_end, p.r_end, k as f64))
                .collect(),
        }
    }

    /// `theta + sign * c_k * delta`, clamped to each parameter's bounds.
    fn shifted(&self, params: &[Param], theta: &[f64], sign: f64) -> Vec<f64> {
        params
            .iter()
            .zip(theta)
            .zip(self.flips.iter().zip(&self.gains))
            .map(|((p, t), (f, g))| (t + sign * g.c * f).clamp(p.min, p.max))
            .collect()
    }

    /// The values of the engine that plays `theta + c_k delta`.
    pub fn plus(&self, params: &[Param], theta: &[f64]) -> Vec<f64> {
        self.shifted(params, theta, 1.0)
    }

    /// The values of its opponent, `theta - c_k delta`.
    pub fn minus(&self, params: &[Param], theta: &[f64]) -> Vec<f64> {
        self.shifted(params, theta, -1.0)
    }

    /// `theta` after the iteration: `result` is the plus engine's wins
    /// minus its losses.
    pub fn update(&self, params: &[Param], theta: &[f64], result: f64) -> Vec<f64> {
        params
            .iter()
            .zip(theta)
            .zip(self.flips.iter().zip(&self.gains))
            .map(|((p, t), (f, g))| (t + g.r * g.c * result * f).clamp(p.min, p.max))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::{flips, iteration_seed, Gain, Schedule, Step};
    use crate::tune::params::{Kind, Param};

    fn schedule(n: f64) -> Schedule {
        Schedule {
            total_pairs: n,
            a_ratio: 0.1,
            alpha: 0.602,
            gamma: 0.101,
        }
    }

    fn param(min: f64, max: f64) -> Param {
        Param {
            name: "x".into(),
            kind: Kind::Int,
            start: 0.0,
            min,
            max,
            c_end: 4.0,
            r_end: 0.002,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        for n in [1.0, 10.0, 1000.0, 40000.0] {
            let g = schedule(n).gain(4.0, 0.002, n);
            assert!(close(g.c, 4.0) && close(g.r, 0.002), "{n}: {g:?}");
        }
    }

    #[test]
    fn the_schedule_matches_fishtest_by_hand() {
        // N = 1000, A = 100, c_end = 4, r_end = 0.002 at k = 1.
        let s = schedule(1000.0);
        assert_eq!(s.big_a(), 100.0);
        let c = 4.0 * 1000f64.powf(0.101);
        let a = 0.002 * 16.0 * 1100f64.powf(0.602);
        let c1 = c;
        let a1 = a / 101f64.powf(0.602);
        let g = s.gain(4.0, 0.002, 1.0);
        assert!(close(g.c, c1), "{g:?}");
        assert!(close(g.r, a1 / (c1 * c1)), "{g:?}");
        // c_1 is about 8.04 and shrinks towards c_end.
        assert!((g.c - 8.04).abs() < 0.01, "{g:?}");
        let mid = s.gain(4.0, 0.002, 500.0);
        assert!(mid.c < g.c && mid.c > 4.0);
    }

    #[test]
    fn flips_are_signs_fixed_by_seed_and_iteration() {
        let a = flips(7, 3, 64);
        assert_eq!(a, flips(7, 3, 64));
        assert!(a.iter().all(|&f| f == 1.0 || f == -1.0));
        assert_ne!(a, flips(7, 4, 64));
        assert_ne!(a, flips(8, 3, 64));
        let ones = a.iter().filter(|&&f| f > 0.0).count();
        assert!((16..=48).contains(&ones), "{ones}");
        assert_ne!(iteration_seed(1, 1), iteration_seed(1, 2));
        assert_ne!(iteration_seed(1, 1), iteration_seed(2, 1));
    }

    #[test]
    fn a_step_perturbs_clamps_and_updates() {
        let params = [param(-10.0, 10.0), param(0.0, 100.0)];
        let step = Step {
            iteration: 1,
            k: 1,
            flips: vec![1.0, -1.0],
            gains: vec![Gain { c: 3.0, r: 0.5 }, Gain { c: 5.0, r: 0.1 }],
        };
        let theta = [9.0, 50.0];
        assert_eq!(step.plus(&params, &theta), [10.0, 45.0]);
        assert_eq!(step.minus(&params, &theta), [6.0, 55.0]);
        // Plus won by 2: theta moves towards plus, R c result delta.
        assert_eq!(step.update(&params, &theta, 2.0), [10.0, 49.0]);
        assert_eq!(step.update(&params, &theta, -1.0), [7.5, 50.5]);
        assert_eq!(step.update(&params, &theta, 0.0), theta);
    }

    #[test]
    fn steps_count_pairs_like_fishtest() {
        let params = [param(-10.0, 10.0)];
        let s = schedule(100.0);
        let first = Step::new(&s, &params, 1, 1, 4);
        let third = Step::new(&s, &params, 1, 3, 4);
        assert_eq!((first.k, third.k), (1, 9));
        assert_eq!(third.gains[0], s.gain(4.0, 0.002, 9.0));
        assert_eq!(third.flips, flips(1, 3, 1));
    }

    #[test]
    fn the_mean_step_follows_the_gradient() {
        // A noiseless "match" whose result is the plus side's advantage on
        // f(x, y) = -(x - 3)^2 - (y + 2)^2 drives theta to the peak.
        let params = [param(-10.0, 10.0), param(-10.0, 10.0)];
        let n = 2000u64;
        let s = schedule(n as f64);
        let f = |t: &[f64]| -(t[0] - 3.0).powi(2) - (t[1] + 2.0).powi(2);
        let mut theta = vec![-8.0, 8.0];
        for i in 1..=n {
            let step = Step::new(&s, &params, 5, i, 1);
            let result = (f(&step.plus(&params, &theta)) - f(&step.minus(&params, &theta))) / 50.0;
            theta = step.update(&params, &theta, result.clamp(-2.0, 2.0));
        }
        assert!(
            (theta[0] - 3.0).abs() < 0.5 && (theta[1] + 2.0).abs() < 0.5,
            "{theta:?}"
        );
    }
}
