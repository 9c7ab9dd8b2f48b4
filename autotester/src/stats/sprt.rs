//! Generalized SPRT on pentanomial pairs, as fishtest and fastchess run it.
//!
//! H0: the true logistic Elo is `elo0`; H1: it is `elo1`. The log-likelihood
//! ratio is the generalized one: for each hypothesis, the most likely
//! distribution over the five pair outcomes whose mean matches that Elo
//! (Van den Bergh's GSPRT). With [`SprtModel::Logistic`] the bounds are
//! logistic Elo; with [`SprtModel::Normalized`] (fastchess's default) they
//! are normalized Elo (nElo), and each hypothesis is the most likely
//! distribution whose t-value `(mean - 1/2) / sd` matches its bound.

use super::elo::score_from_elo;
use super::penta::{Pentanomial, PAIR_SCORES};
use thiserror::Error;

/// Zero counts are replaced by this before the MLE, as fishtest does, so
/// an outcome not yet seen is not treated as impossible.
const REGULARIZE_EPSILON: f64 = 1e-3;

/// How `elo0` and `elo1` are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SprtModel {
    /// Logistic Elo: a hypothesis fixes the expected score.
    #[default]
    Logistic,
    /// Normalized Elo (fishtest's nElo, fastchess's default model): a
    /// hypothesis fixes the expected score in units of the score's spread,
    /// which does not depend on the draw rate, so bounds mean the same at
    /// any time control or book.
    Normalized,
}

/// nElo per unit of per-game t-value: `800 / ln 10`, the slope of
/// logistic Elo at an even score for a draw-free game (sd 1/2), so that
/// nElo and Elo agree there.
const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The parameters of a test: `elo0 elo1 alpha beta` and how the Elo
/// bounds are read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: SprtModel,
}

#[derive(Debug, Error, PartialEq)]
pub enum SprtError {
    #[error("SPRT needs elo0 < elo1 (got elo0 = {elo0}, elo1 = {elo1})")]
    EloOrder { elo0: f64, elo1: f64 },
    #[error("SPRT {name} must be strictly between 0 and 1 (got {value})")]
    Probability { name: &'static str, value: f64 },
}

/// What the test says after the games played so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// LLR at or below the lower bound: no improvement of `elo1`.
    AcceptH0,
    /// LLR at or above the upper bound: the change gains `elo1` rather than `elo0`.
    AcceptH1,
    Continue,
}

/// LLR, bounds and decision together, for reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub decision: SprtDecision,
}

impl Sprt {
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, SprtError> {
        let ordered = elo0.is_finite() && elo1.is_finite() && elo0 < elo1;
        if !ordered {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(SprtError::Probability { name, value });
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            model: SprtModel::Logistic,
        })
    }

    /// The same test with its bounds read in `model`.
    pub fn with_model(self, model: SprtModel) -> Sprt {
        Sprt { model, ..self }
    }

    /// Wald's bounds: `ln(beta/(1-alpha))` and `ln((1-beta)/alpha)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Generalized log-likelihood ratio of H1 over H0 for these pairs.
    pub fn llr(&self, penta: &Pentanomial) -> f64 {
        if penta.pairs() == 0 {
            return 0.0;
        }
        let counts = penta
            .counts
            .map(|c| if c == 0 { REGULARIZE_EPSILON } else { c as f64 });
        match self.model {
            SprtModel::Logistic => llr_from_counts(
                &counts,
                &PAIR_SCORES,
                score_from_elo(self.elo0),
                score_from_elo(self.elo1),
            ),
            // A pair is two games: its score (their mean) has half a
            // game's variance, so a per-game t-value is a pair's over
            // sqrt 2.
            SprtModel::Normalized => {
                llr_normalized_from_counts(&counts, &PAIR_SCORES, 2.0, self.elo0, self.elo1)
            }
        }
    }

    /// The normal approximation `N (s1-s0)(2 mu - s0 - s1) / (2 var)` of
    /// the same ratio; close to `llr` for small Elo, kept for cross-checks.
    pub fn llr_normal_approx(&self, penta: &Pentanomial) -> f64 {
        let n = penta.pairs() as f64;
        let var = penta.pair_variance();
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * penta.mean() - s0 - s1) / (2.0 * var)
    }

    pub fn decide(&self, llr: f64) -> SprtDecision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    pub fn status(&self, penta: &Pentanomial) -> SprtStatus {
        let llr = self.llr(penta);
        let (lower, upper) = self.bounds();
        SprtStatus {
            llr,
            lower,
            upper,
            decision: self.decide(llr),
        }
    }
}

/// `sum_i n_i ln(q1_i / q0_i)`, where `q_s` is the distribution on `support`
/// closest to the empirical one (maximum likelihood) with mean `s`.
/// `counts` must be positive where the result should be finite.
pub fn llr_from_counts(counts: &[f64], support: &[f64], s0: f64, s1: f64) -> f64 {
    let p = empirical(counts);
    let q0 = mle_with_mean(&p, support, s0);
    let q1 = mle_with_mean(&p, support, s1);
    log_likelihood_ratio(counts, &q0, &q1)
}

/// The share of each outcome in `counts`.
fn empirical(counts: &[f64]) -> Vec<f64> {
    let n: f64 = counts.iter().sum();
    counts.iter().map(|c| c / n).collect()
}

/// `sum_i n_i ln(q1_i / q0_i)` over the outcomes seen: the log-likelihood
/// ratio of the counts under `q1` against `q0`.
fn log_likelihood_ratio(counts: &[f64], q0: &[f64], q1: &[f64]) -> f64 {
    counts
        .iter()
        .zip(q0.iter().zip(q1))
        .filter(|(&c, _)| c > 0.0)
        .map(|(c, (a, b))| c * (b / a).ln())
        .sum()
}

/// The normalized-Elo LLR: `sum_i n_i ln(q1_i / q0_i)`, where `q_k` is the
/// distribution on `support` closest to the empirical one with t-value
/// `(mean - 1/2) / sd = t_k`. Each outcome is the score of `games` games
/// (2 for pentanomial pairs, 1 for single games), and `nelo_k = t_k /
/// sqrt(games) * 800 / ln 10` (per-game t-value, fishtest's definition).
/// `counts` must be positive where the result should be finite.
pub fn llr_normalized_from_counts(
    counts: &[f64],
    support: &[f64],
    games: f64,
    nelo0: f64,
    nelo1: f64,
) -> f64 {
    let p = empirical(counts);
    let t = |nelo: f64| nelo / NELO_PER_T * games.sqrt();
    let q0 = mle_with_t_value(&p, support, t(nelo0));
    let q1 = mle_with_t_value(&p, support, t(nelo1));
    log_likelihood_ratio(counts, &q0, &q1)
}

/// The distribution `q` on `support` maximising `sum p_i ln q_i` subject to
/// `mu(q) - 1/2 = t sigma(q)`. The constraint is not linear in `q`, but it
/// equals `sum q_i b_i = 0` with `b_i = a_i - 1/2 - t (sigma^2 + (a_i -
/// mu)^2) / (2 sigma)` (summing gives `mu - 1/2 - t sigma`), which is linear
/// once `mu` and `sigma` are fixed. So: fix them at the current `q`, solve
/// that linear problem exactly ([`mle_with_mean`] with mean 0 on `b`), and
/// repeat until `q` stops moving (Van den Bergh's iteration; the fixed
/// point satisfies the true constraint).
fn mle_with_t_value(p: &[f64], support: &[f64], t: f64) -> Vec<f64> {
    let stats = |q: &[f64]| {
        let mu: f64 = q.iter().zip(support).map(|(q, a)| q * a).sum();
        let var: f64 = q
            .iter()
            .zip(support)
            .map(|(q, a)| q * (a - mu).powi(2))
            .sum();
        (mu, var.sqrt())
    };
    // Start from the uniform distribution on the observed outcomes: it has
    // a spread even when the data have (almost) none.
    let seen = p.iter().filter(|&&x| x > 0.0).count() as f64;
    let mut q: Vec<f64> = p
        .iter()
        .map(|&x| if x > 0.0 { 1.0 / seen } else { 0.0 })
        .collect();
    for _ in 0..100 {
        let (mu, sigma) = stats(&q);
        if sigma <= 0.0 {
            break;
        }
        let b: Vec<f64> = support
            .iter()
            .map(|a| a - 0.5 - t * (sigma * sigma + (a - mu).powi(2)) / (2.0 * sigma))
            .collect();
        let next = mle_with_mean(p, &b, 0.0);
        let moved = next
            .iter()
            .zip(&q)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f64::max);
        q = next;
        if moved < 1e-13 {
            break;
        }
    }
    q
}

/// The distribution `q` on `support` maximising `sum p_i ln q_i` subject to
/// `sum q_i a_i = s`. By Lagrange, `q_i = p_i / (1 + lambda (a_i - s))`
/// where lambda is the root of the strictly decreasing
/// `g(lambda) = sum p_i (a_i - s) / (1 + lambda (a_i - s))`, found by bisection
/// inside the interval that keeps every `q_i` positive.
fn mle_with_mean(p: &[f64], support: &[f64], s: f64) -> Vec<f64> {
    let used = || support.iter().zip(p).filter(|(_, &pi)| pi > 0.0);
    let max = used().map(|(a, _)| *a).fold(f64::NEG_INFINITY, f64::max);
    let min = used().map(|(a, _)| *a).fold(f64::INFINITY, f64::min);
    if !(min < s && s < max) {
        // No distribution on the observed support has this mean.
        return vec![0.0; p.len()];
    }
    let g = |lambda: f64| -> f64 {
        used()
            .map(|(a, pi)| pi * (a - s) / (1.0 + lambda * (a - s)))
            .sum()
    };
    let (mut lo, mut hi) = (-1.0 / (max - s), 1.0 / (s - min));
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let lambda = 0.5 * (lo + hi);
    support
        .iter()
        .zip(p)
        .map(|(a, pi)| pi / (1.0 + lambda * (a - s)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{
        llr_from_counts, llr_normalized_from_counts, mle_with_mean, mle_with_t_value, Sprt,
        SprtDecision, SprtError, SprtModel,
    };
    use crate::stats::elo::score_from_elo;
    use crate::stats::penta::Pentanomial;

    #[test]
    fn bounds_by_hand() {
        // alpha = beta = 0.05: ln(0.05/0.95) = -ln 19 = -2.944439, ln(0.95/0.05) = ln 19
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap().bounds();
        assert!((lo + 2.944_438_979).abs() < 1e-8);
        assert!((hi - 2.944_438_979).abs() < 1e-8);
        // alpha = 0.05, beta = 0.1: ln(0.1/0.95) = -2.251292, ln(0.9/0.05) = ln 18 = 2.890372
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.1).unwrap().bounds();
        assert!((lo + 2.251_291_799).abs() < 1e-8);
        assert!((hi - 2.890_371_758).abs() < 1e-8);
    }

    #[test]
    fn two_point_llr_by_hand() {
        // On a two-point support {0, 1} the constrained MLE is (1-s, s) exactly, so
        // 30 losses and 70 wins, s0 = 0.5, s1 = score(100) = 1/(1+10^-0.25) = 0.6400650:
        // LLR = 30 ln(0.3599350/0.5) + 70 ln(0.6400650/0.5)
        //     = 30(-0.3286844) + 70(0.2469609) = -9.860532 + 17.287266 = 7.426775
        let s1 = score_from_elo(100.0);
        let llr = llr_from_counts(&[30.0, 70.0], &[0.0, 1.0], 0.5, s1);
        assert!((llr - 7.426_775).abs() < 1e-6, "{llr}");
    }

    #[test]
    fn normalized_two_point_llr_by_hand() {
        // Single games won or lost (support {0, 1}, one game an outcome):
        // a distribution (1-q, q) has t-value (q - 1/2) / sqrt(q(1-q)), so
        // the constraint alone fixes q = 1/2 + t / (2 sqrt(1 + t^2)).
        //   nElo 0:   t = 0, q0 = 0.5
        //   nElo 100: t = 100 ln10 / 800 = 0.2878231, sqrt(1 + t^2) = 1.0405970,
        //             q1 = 0.5 + 0.2765942 / 2 = 0.6382971
        // 30 losses, 70 wins:
        //   LLR = 30 ln(0.3617029/0.5) + 70 ln(0.6382971/0.5)
        //       = 30(-0.3237850) + 70(0.2441958) = -9.713550 + 17.093704 = 7.380155
        let llr = llr_normalized_from_counts(&[30.0, 70.0], &[0.0, 1.0], 1.0, 0.0, 100.0);
        assert!((llr - 7.380_155).abs() < 1e-6, "{llr}");
        // Swapping the hypotheses flips the sign.
        let back = llr_normalized_from_counts(&[30.0, 70.0], &[0.0, 1.0], 1.0, 100.0, 0.0);
        assert!((llr + back).abs() < 1e-9);
    }

    #[test]
    fn the_t_value_mle_meets_its_constraint() {
        let p = [0.1, 0.2, 0.3, 0.3, 0.1];
        let a = [0.0, 0.25, 0.5, 0.75, 1.0];
        for t in [-0.3, 0.0, 0.05, 0.2] {
            let q = mle_with_t_value(&p, &a, t);
            let total: f64 = q.iter().sum();
            let mu: f64 = q.iter().zip(a).map(|(q, a)| q * a).sum();
            let var: f64 = q.iter().zip(a).map(|(q, a)| q * (a - mu).powi(2)).sum();
            assert!((total - 1.0).abs() < 1e-9, "{t}: {q:?}");
            assert!(((mu - 0.5) / var.sqrt() - t).abs() < 1e-9, "{t}: {q:?}");
        }
    }

    #[test]
    fn normalized_pentanomial_llr_agrees_with_its_normal_approximation() {
        // Counts [10, 200, 500, 250, 40] (N = 1000 pairs): mean 0.5275, pair
        // variance 0.0398688 (as above), so the pairs' t-value is
        // 0.0275 / sqrt(0.0398688) = 0.1377261. nElo [0, 5] is a pair
        // t-value of [0, 5 ln10 / 800 * sqrt 2] = [0, 0.0203522]. With the
        // spread known the LLR would be N/2 ((t^ - t0)^2 - (t^ - t1)^2)
        //   = 500 (0.1377261^2 - 0.1173739^2) = 500 (0.0189685 - 0.0137767)
        //   = 2.5959;
        // the exact GSPRT must agree within a few percent.
        let p = Pentanomial::new([10, 200, 500, 250, 40]);
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05)
            .unwrap()
            .with_model(SprtModel::Normalized);
        let exact = sprt.llr(&p);
        assert!((exact - 2.5959).abs() / 2.5959 < 0.03, "{exact}");
        // Here 5 nElo is a score step of 0.0203522 * sqrt(0.0398688) =
        // 0.0040637, smaller than 5 logistic Elo's 0.0071951 (these pairs
        // spread less than draw-free games would), so the same data are
        // less evidence for it.
        let logistic = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap().llr(&p);
        assert!((logistic - exact).abs() > 0.5, "{logistic} vs {exact}");
        // Symmetric data, symmetric bounds: no evidence either way.
        let sym = Pentanomial::new([5, 20, 50, 20, 5]);
        let both = Sprt::new(-3.0, 3.0, 0.05, 0.05)
            .unwrap()
            .with_model(SprtModel::Normalized);
        assert!(both.llr(&sym).abs() < 1e-9);
    }

    #[test]
    fn mle_has_the_requested_mean_and_sums_to_one() {
        let p = [0.1, 0.2, 0.3, 0.3, 0.1];
        let a = [0.0, 0.25, 0.5, 0.75, 1.0];
        let q = mle_with_mean(&p, &a, 0.6);
        let total: f64 = q.iter().sum();
        let mean: f64 = q.iter().zip(a).map(|(q, a)| q * a).sum();
        assert!((total - 1.0).abs() < 1e-12 && (mean - 0.6).abs() < 1e-12);
        // The empirical mean is 0.525: asking for it returns p itself.
        let same = mle_with_mean(&p, &a, 0.525);
        assert!(same.iter().zip(p).all(|(x, y)| (x - y).abs() < 1e-12));
    }

    #[test]
    fn approximation_agrees_for_small_elo_and_many_pairs() {
        // The normal approximation by hand, counts [10, 200, 500, 250, 40] (N=1000):
        //   mean = (200*.25 + 500*.5 + 250*.75 + 40)/1000 = 527.5/1000 = 0.5275
        //   var  = (10*.5275^2 + 200*.2775^2 + 500*.0275^2 + 250*.2225^2 + 40*.4725^2)/1000
        //        = (2.7826 + 15.4013 + 0.3781 + 12.3766 + 8.9303)/1000 = 0.0398688
        //   s0 = 0.5, s1 = 1/(1+10^(-5/400)) = 0.5071951
        //   LLR = 1000 * 0.0071951 * (1.055 - 1.0071951) / (2 * 0.0398688) = 4.3137
        // and the exact GSPRT should agree with it within a few percent.
        let p = Pentanomial::new([10, 200, 500, 250, 40]);
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let (s0, s1) = (0.5, score_from_elo(5.0));
        let expected = 1000.0 * (s1 - s0) * (2.0 * 0.5275 - s0 - s1) / (2.0 * p.pair_variance());
        assert!((sprt.llr_normal_approx(&p) - expected).abs() < 1e-12);
        assert!((expected - 4.3137).abs() < 1e-4, "{expected}");
        let exact = sprt.llr(&p);
        assert!(exact > 2.0, "{exact}");
        assert!(
            (exact - expected).abs() / expected < 0.05,
            "{exact} vs {expected}"
        );
    }

    #[test]
    fn decisions_follow_the_bounds() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        assert_eq!(sprt.decide(3.0), SprtDecision::AcceptH1);
        assert_eq!(sprt.decide(-3.0), SprtDecision::AcceptH0);
        assert_eq!(sprt.decide(0.0), SprtDecision::Continue);
        // Strongly better results end in H1, strongly worse in H0, none in neither.
        let better = Pentanomial::new([50, 400, 1000, 600, 150]);
        let worse = Pentanomial::new([150, 600, 1000, 400, 50]);
        assert_eq!(sprt.status(&better).decision, SprtDecision::AcceptH1);
        assert_eq!(sprt.status(&worse).decision, SprtDecision::AcceptH0);
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn llr_is_zero_when_hypotheses_coincide_with_symmetric_data() {
        // Symmetric data has mean 0.5; elo0 = -e, elo1 = +e are equally likely.
        let sym = Pentanomial::new([5, 20, 50, 20, 5]);
        let sprt = Sprt::new(-3.0, 3.0, 0.05, 0.05).unwrap();
        assert!(sprt.llr(&sym).abs() < 1e-9);
    }

    #[test]
    fn rejects_bad_parameters() {
        assert_eq!(
            Sprt::new(5.0, 0.0, 0.05, 0.05),
            Err(SprtError::EloOrder {
                elo0: 5.0,
                elo1: 0.0
            })
        );
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.0, 0.05),
            Err(SprtError::Probability { name: "alpha", .. })
        ));
        assert!(Sprt::new(0.0, 5.0, 0.05, 1.0).is_err());
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05).is_err());
    }
}
