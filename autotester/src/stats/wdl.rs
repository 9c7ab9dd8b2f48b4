//! Trinomial statistics: wins, draws and losses counted game by game.

use super::elo::{elo_from_score, estimate_from_mean, EloEstimate};
use super::normal::erf;

/// Wins, draws and losses of one player against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

impl Wdl {
    pub fn new(wins: u64, draws: u64, losses: u64) -> Self {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Mean score per game in [0, 1]; NaN with no games.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }

    pub fn draw_ratio(&self) -> f64 {
        self.draws as f64 / self.games() as f64
    }

    /// Elo difference with its 95% interval, treating games as independent
    /// (cutechess's estimate). `None` with no games.
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = self.games();
        if n == 0 {
            return None;
        }
        let n = n as f64;
        let mu = self.score();
        let variance = (self.wins as f64 * (1.0 - mu).powi(2)
            + self.draws as f64 * (0.5 - mu).powi(2)
            + self.losses as f64 * mu.powi(2))
            / n;
        let mut estimate = estimate_from_mean(mu, (variance / n).sqrt());
        estimate.elo = elo_from_score(mu);
        Some(estimate)
    }

    /// Likelihood of superiority from wins and losses only (draws carry no
    /// information on who is stronger): `0.5 + 0.5 erf((W-L)/sqrt(2(W+L)))`.
    /// `None` without decisive games: nothing then says who is stronger.
    pub fn los(&self) -> Option<f64> {
        let decisive = (self.wins + self.losses) as f64;
        (decisive > 0.0).then(|| {
            0.5 + 0.5 * erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Wdl;

    #[test]
    fn elo_and_error_bar_by_hand() {
        // W=60 D=20 L=20, n=100: mu = (60 + 10)/100 = 0.7
        // per-game variance = (60*0.3^2 + 20*0.2^2 + 20*0.7^2)/100
        //                   = (5.4 + 0.8 + 9.8)/100 = 0.16, se = sqrt(0.16/100) = 0.04
        // elo(0.7) = -400*log10(3/7) = 147.1907
        // interval 0.7 ± 1.959964*0.04 = [0.6216014, 0.7783986]
        //   -> [86.2250, 218.2518], half-width (218.2518-86.2250)/2 = 66.0134
        let e = Wdl::new(60, 20, 20).elo().expect("games");
        assert!((e.elo - 147.1907).abs() < 1e-4, "{e:?}");
        assert!((e.lower - 86.2250).abs() < 1e-4);
        assert!((e.upper - 218.2518).abs() < 1e-4);
        assert!((e.error - 66.0134).abs() < 1e-4);
        assert_eq!(Wdl::default().elo(), None);
    }

    #[test]
    fn los_by_hand() {
        // W=60 L=40: (60-40)/sqrt(2*100) = sqrt(2), 0.5 + 0.5 erf(sqrt 2) = Φ(2) = 0.97725
        let los = |w: Wdl| w.los().expect("decisive games");
        assert!((los(Wdl::new(60, 7, 40)) - 0.977_249_868).abs() < 1e-9);
        assert_eq!(Wdl::new(0, 10, 0).los(), None);
        assert!((los(Wdl::new(40, 0, 60)) - (1.0 - 0.977_249_868)).abs() < 1e-9);
    }

    #[test]
    fn score_and_draws() {
        let w = Wdl::new(3, 4, 1);
        assert_eq!(w.games(), 8);
        assert_eq!(w.score(), 5.0 / 8.0);
        assert_eq!(w.draw_ratio(), 0.5);
    }
}
