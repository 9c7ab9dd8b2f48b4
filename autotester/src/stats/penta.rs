//! Pentanomial statistics: each opening is played twice with colours
//! reversed, and the pair (not the game) is the independent sample.
//!
//! Pairing removes the variance that comes from unbalanced openings, so
//! the error bars are honest (and usually smaller) than game-by-game ones.

use super::elo::{estimate_from_mean, EloEstimate};
use super::normal::{phi, phi_inv};
use super::wdl::Wdl;

/// Score of one game for the player being measured, in half points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameScore {
    Loss = 0,
    Draw = 1,
    Win = 2,
}

/// Counts of game pairs by total pair score: index `i` holds the pairs that
/// scored `i/2` points out of 2 (0, 0.5, 1, 1.5, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

/// Per-pair scores normalised to [0, 1] (a pair worth 1.5 points is 0.75).
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Pentanomial {
    pub fn new(counts: [u64; 5]) -> Self {
        Pentanomial { counts }
    }

    /// Records one pair of games.
    pub fn add_pair(&mut self, first: GameScore, second: GameScore) {
        self.counts[first as usize + second as usize] += 1;
    }

    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Mean score per game in [0, 1].
    pub fn mean(&self) -> f64 {
        let n = self.pairs() as f64;
        self.weighted(|s| s) / n
    }

    /// Variance of one pair's normalised score.
    pub fn pair_variance(&self) -> f64 {
        let n = self.pairs() as f64;
        let mu = self.mean();
        self.weighted(|s| (s - mu).powi(2)) / n
    }

    fn weighted(&self, f: impl Fn(f64) -> f64) -> f64 {
        self.counts
            .iter()
            .zip(PAIR_SCORES)
            .map(|(&c, s)| c as f64 * f(s))
            .sum()
    }

    /// Standard error of the mean score.
    pub fn std_error(&self) -> f64 {
        (self.pair_variance() / self.pairs() as f64).sqrt()
    }

    /// Logistic Elo with its 95% interval; `None` with no pairs.
    pub fn elo(&self) -> Option<EloEstimate> {
        (self.pairs() > 0).then(|| estimate_from_mean(self.mean(), self.std_error()))
    }

    /// Normalised Elo (fishtest's nElo) with its 95% half-width: the score
    /// excess measured in per-game standard deviations, scaled so that it
    /// matches logistic Elo near 0 for a draw-free pair of equal engines.
    /// `None` without pairs or when every pair scored the same.
    pub fn normalized_elo(&self) -> Option<(f64, f64)> {
        let var = self.pair_variance();
        if self.pairs() == 0 || var <= 0.0 {
            return None;
        }
        let scale = 800.0 / std::f64::consts::LN_10 / (2.0 * var).sqrt();
        let z = phi_inv(0.975);
        Some(((self.mean() - 0.5) * scale, z * self.std_error() * scale))
    }

    /// Likelihood of superiority: P(true mean > 0.5) under the normal
    /// approximation of the mean pair score. `None` without pairs or when
    /// every pair scored the same: the spread is then unknown, and the 100%
    /// that a zero spread would give from a single pair is no evidence
    /// (issue 40 item 4).
    pub fn los(&self) -> Option<f64> {
        let se = self.std_error();
        (self.pairs() > 0 && se > 0.0).then(|| phi((self.mean() - 0.5) / se))
    }

    /// Wins, draws and losses cannot be recovered exactly from pair totals
    /// (a 1-point pair is a win and a loss, or two draws), so this gives
    /// only the score-equivalent split used by summaries.
    pub fn score_points(&self) -> f64 {
        self.counts
            .iter()
            .enumerate()
            .map(|(i, &c)| c as f64 * i as f64 / 2.0)
            .sum()
    }
}

/// Builds the pentanomial distribution from paired game scores.
pub fn from_pairs(pairs: impl IntoIterator<Item = (GameScore, GameScore)>) -> Pentanomial {
    let mut p = Pentanomial::default();
    for (a, b) in pairs {
        p.add_pair(a, b);
    }
    p
}

/// Game-by-game totals of a list of paired scores (for the trinomial view).
pub fn wdl_of_pairs(pairs: &[(GameScore, GameScore)]) -> Wdl {
    let mut wdl = Wdl::default();
    for score in pairs.iter().flat_map(|&(a, b)| [a, b]) {
        match score {
            GameScore::Win => wdl.wins += 1,
            GameScore::Draw => wdl.draws += 1,
            GameScore::Loss => wdl.losses += 1,
        }
    }
    wdl
}

#[cfg(test)]
mod tests {
    use super::{from_pairs, wdl_of_pairs, GameScore, Pentanomial};
    use GameScore::{Draw, Loss, Win};

    // Counts [1, 2, 3, 3, 1], N = 10 pairs, normalised scores 0, .25, .5, .75, 1:
    //   mean = (0 + 2*.25 + 3*.5 + 3*.75 + 1)/10 = 5.25/10 = 0.525
    //   pair variance = (1*.525^2 + 2*.275^2 + 3*.025^2 + 3*.225^2 + 1*.475^2)/10
    //                 = (.275625 + .15125 + .001875 + .151875 + .225625)/10 = 0.080625
    //   se = sqrt(0.080625/10) = 0.0897914
    //   elo(0.525) = -400*log10(1/0.525 - 1) = 17.3863
    //   0.525 ± 1.959964*0.0897914 = [0.3490093, 0.7009907] -> [-108.2930, 148.0088]
    //   half-width (148.0088 + 108.2930)/2 = 128.1509
    //   LOS = Φ(0.025/0.0897914) = Φ(0.278423) = 0.609656
    //   nElo = 0.025/sqrt(2*0.080625)*800/ln10 = 0.025/0.401559*347.436 = 21.6304
    //   nElo half-width = 1.959964/sqrt(20)*347.436 = 152.2676
    fn sample() -> Pentanomial {
        Pentanomial::new([1, 2, 3, 3, 1])
    }

    #[test]
    fn moments_by_hand() {
        let p = sample();
        assert_eq!(p.pairs(), 10);
        assert!((p.mean() - 0.525).abs() < 1e-12);
        assert!((p.pair_variance() - 0.080625).abs() < 1e-12);
        assert!((p.std_error() - 0.089_791_4).abs() < 1e-7);
        assert_eq!(p.score_points(), 10.5);
    }

    #[test]
    fn elo_los_and_normalized_elo_by_hand() {
        let p = sample();
        let e = p.elo().expect("pairs");
        assert!((e.elo - 17.3863).abs() < 1e-4, "{e:?}");
        assert!((e.lower + 108.2930).abs() < 1e-4);
        assert!((e.upper - 148.0088).abs() < 1e-4);
        assert!((e.error - 128.1509).abs() < 1e-4);
        assert!((p.los().expect("spread") - 0.609_656).abs() < 1e-6);
        let (nelo, nerr) = p.normalized_elo().expect("variance");
        assert!((nelo - 21.6304).abs() < 1e-4);
        assert!((nerr - 152.2676).abs() < 1e-4);
    }

    #[test]
    fn pairs_are_binned_by_total_score() {
        let pairs = [
            (Win, Win),
            (Win, Loss),
            (Draw, Draw),
            (Loss, Draw),
            (Draw, Win),
        ];
        let p = from_pairs(pairs);
        assert_eq!(p.counts, [0, 1, 2, 1, 1]);
        let wdl = wdl_of_pairs(&pairs);
        assert_eq!((wdl.wins, wdl.draws, wdl.losses), (4, 4, 2));
    }

    #[test]
    fn degenerate_cases() {
        assert_eq!(Pentanomial::default().elo(), None);
        assert_eq!(Pentanomial::default().los(), None);
        // Every pair a 2-0 sweep: no variance, so no LOS (it was 100%, as
        // from a single pair: issue 40 item 4) and no nElo.
        let sweep = Pentanomial::new([0, 0, 0, 0, 4]);
        assert_eq!(sweep.los(), None);
        assert_eq!(Pentanomial::new([0, 0, 0, 1, 0]).los(), None);
        assert_eq!(sweep.normalized_elo(), None);
        assert_eq!(sweep.elo().map(|e| e.elo), Some(f64::INFINITY));
    }
}
