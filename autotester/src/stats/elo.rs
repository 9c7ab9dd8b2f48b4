//! Logistic Elo: the score expected from a rating difference and back.

/// Expected score of a player `elo` points stronger than its opponent.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Rating difference implied by an expected score in (0, 1).
///
/// Returns ±infinity for a score of 1 or 0 (a perfect result has no finite
/// logistic Elo) and NaN outside [0, 1].
pub fn elo_from_score(score: f64) -> f64 {
    if !(0.0..=1.0).contains(&score) {
        return f64::NAN;
    }
    -400.0 * (1.0 / score - 1.0).log10()
}

/// An Elo estimate with the half-width of its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Maximum-likelihood Elo difference.
    pub elo: f64,
    /// Half-width of the 95% interval: `(elo(upper) - elo(lower)) / 2`, as
    /// cutechess and fastchess print it.
    pub error: f64,
    /// Lower end of the 95% interval.
    pub lower: f64,
    /// Upper end of the 95% interval.
    pub upper: f64,
}

impl EloEstimate {
    /// Whether the estimate can be shown as `Elo ± error`: both finite,
    /// and an error above zero (every sample scoring the same gives zero:
    /// the spread is unknown, not absent).
    pub fn is_measured(&self) -> bool {
        self.elo.is_finite() && self.error.is_finite() && self.error > 0.0
    }
}

/// Elo estimate from a mean score and the standard error of that mean,
/// mapping the normal 95% interval of the score through `elo_from_score`.
pub fn estimate_from_mean(mean: f64, std_error: f64) -> EloEstimate {
    let z = super::normal::phi_inv(0.975);
    let lower = elo_from_score((mean - z * std_error).clamp(0.0, 1.0));
    let upper = elo_from_score((mean + z * std_error).clamp(0.0, 1.0));
    EloEstimate {
        elo: elo_from_score(mean),
        error: (upper - lower) / 2.0,
        lower,
        upper,
    }
}

#[cfg(test)]
mod tests {
    use super::{elo_from_score, estimate_from_mean, score_from_elo};

    #[test]
    fn elo_from_score_hand_values() {
        // 0.75: -400*log10(1/0.75 - 1) = -400*log10(1/3) = 400*0.47712125472 = 190.8485
        assert!((elo_from_score(0.75) - 190.848_501_887_865).abs() < 1e-9);
        // 0.5 is an even match; 0.25 mirrors 0.75.
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!((elo_from_score(0.25) + 190.848_501_887_865).abs() < 1e-9);
        // 10/11: 1/s - 1 = 0.1, -400*log10(0.1) = 400 exactly.
        assert!((elo_from_score(10.0 / 11.0) - 400.0).abs() < 1e-9);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert!(elo_from_score(1.5).is_nan());
    }

    #[test]
    fn score_from_elo_inverts() {
        // 400 Elo: 1/(1+10^-1) = 1/1.1 = 0.909090...
        assert!((score_from_elo(400.0) - 1.0 / 1.1).abs() < 1e-15);
        for elo in [-700.0, -35.5, 0.0, 12.25, 300.0] {
            assert!((elo_from_score(score_from_elo(elo)) - elo).abs() < 1e-9);
        }
    }

    #[test]
    fn estimate_maps_interval_through_elo() {
        // mean 0.5, se 0.01: scores 0.5 ± 1.959964*0.01 = 0.5195996 ->
        // -400*log10(1/0.5195996 - 1) = -400*log10(0.9245430) = 13.6262.
        let e = estimate_from_mean(0.5, 0.01);
        assert_eq!(e.elo, 0.0);
        assert!((e.upper - 13.6262).abs() < 1e-3, "{e:?}");
        assert!((e.lower + 13.6262).abs() < 1e-3);
        assert!((e.error - 13.6262).abs() < 1e-3);
    }
}
