//! Maximum-likelihood ratings (with the prior's virtual draws) by exact
//! coordinate ascent: the log-likelihood is concave, so maximising it one
//! parameter at a time with a safeguarded Newton search converges to the
//! single maximum that BayesElo's minorization-maximization finds.

use super::counts::Condensed;
use super::model::{terms, Terms};

/// Model parameters: fixed, or estimated along with the ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    pub advantage: f64,
    pub draw_elo: f64,
    pub estimate_advantage: bool,
    pub estimate_draw_elo: bool,
    /// Two-sided confidence level of the intervals.
    pub confidence: f64,
}

/// Raw (unscaled) ratings centred on 0, the model parameters used, and
/// each rating's interval as (distance below, distance above).
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub elos: Vec<f64>,
    pub advantage: f64,
    pub draw_elo: f64,
    pub margins: Vec<(f64, f64)>,
}

#[derive(Clone, Copy)]
enum Coord {
    Player(usize),
    Advantage,
    DrawElo,
}

/// Ratings never leave this range, so a perfect score with no prior ends
/// at a large finite number instead of overflowing.
const ELO_LIMIT: f64 = 1e5;
/// A sweep that moves no parameter by more than this ends the search.
const TOLERANCE: f64 = 1e-9;
const MAX_SWEEPS: usize = 100_000;
/// The largest Newton step, in Elo: keeps far-off starts from overshooting.
const MAX_STEP: f64 = 200.0;

struct State<'a> {
    c: &'a Condensed,
    elos: Vec<f64>,
    advantage: f64,
    draw_elo: f64,
}

impl State<'_> {
    /// Log-likelihood of the games touching `coord` with it set to `value`,
    /// with the first and second derivatives in that parameter.
    fn local(&self, coord: Coord, value: f64) -> (f64, f64, f64) {
        let mut sum = (0.0, 0.0, 0.0);
        let mut add = |t: Terms, sign: f64, in_d: bool| {
            sum.0 += t.value;
            if in_d {
                sum.1 += t.dd;
                sum.2 += t.ddd;
            } else {
                sum.1 += sign * t.dx;
                sum.2 += t.dxx;
            }
        };
        let all = 0..self.c.pairs.len();
        let indices: Box<dyn Iterator<Item = usize>> = match coord {
            Coord::Player(i) => Box::new(self.c.by_player[i].iter().copied()),
            _ => Box::new(all),
        };
        for k in indices {
            let p = &self.c.pairs[k];
            let (mut rw, mut rb) = (self.elos[p.white], self.elos[p.black]);
            let (mut adv, mut d) = (self.advantage, self.draw_elo);
            let mut sign = 1.0;
            match coord {
                Coord::Player(i) if p.white == i => rw = value,
                Coord::Player(_) => {
                    rb = value;
                    sign = -1.0;
                }
                Coord::Advantage => adv = value,
                Coord::DrawElo => d = value,
            }
            let t = terms(rw - rb + adv, d, p.wins, p.draws, p.losses);
            add(t, sign, matches!(coord, Coord::DrawElo));
        }
        sum
    }

    fn get(&self, coord: Coord) -> f64 {
        match coord {
            Coord::Player(i) => self.elos[i],
            Coord::Advantage => self.advantage,
            Coord::DrawElo => self.draw_elo,
        }
    }

    fn set(&mut self, coord: Coord, value: f64) {
        match coord {
            Coord::Player(i) => self.elos[i] = value,
            Coord::Advantage => self.advantage = value,
            Coord::DrawElo => self.draw_elo = value,
        }
    }

    /// Maximises over one parameter; returns how far it moved.
    fn optimise(&mut self, coord: Coord) -> f64 {
        let (lo, hi) = match coord {
            // A draw margin of 0 makes draws impossible: stay above it.
            Coord::DrawElo => (1e-6, ELO_LIMIT),
            _ => (-ELO_LIMIT, ELO_LIMIT),
        };
        let start = self.get(coord);
        let mut t = start;
        let (mut f, mut g, mut h) = self.local(coord, t);
        for _ in 0..100 {
            if g == 0.0 {
                break;
            }
            let mut step = if h < 0.0 {
                -g / h
            } else {
                g.signum() * MAX_STEP
            };
            step = step.clamp(-MAX_STEP, MAX_STEP);
            let mut accepted = None;
            for _ in 0..60 {
                let next = (t + step).clamp(lo, hi);
                let (fn_, gn, hn) = self.local(coord, next);
                // Tolerate rounding noise at the top of the curve.
                if fn_ >= f - 1e-12 * f.abs().max(1.0) {
                    accepted = Some((next, fn_, gn, hn));
                    break;
                }
                step /= 2.0;
            }
            let Some((next, fn_, gn, hn)) = accepted else {
                break;
            };
            let moved = (next - t).abs();
            (t, f, g, h) = (next, fn_, gn, hn);
            if moved < 1e-12 {
                break;
            }
        }
        self.set(coord, t);
        (t - start).abs()
    }
}

/// Log-density below the peak at which the interval search stops: the
/// mass beyond is far below anything a printed interval can show.
const TAIL_LOG_DENSITY: f64 = -50.0;
/// Integration steps per (approximate) standard deviation.
const STEPS_PER_SIGMA: f64 = 64.0;

impl State<'_> {
    /// Log-likelihood of player `i`'s games when it moves by `t` and every
    /// other player by `-t/(n-1)`, so the mean rating stays put (BayesElo's
    /// `exactdist`: the others are taken as exact, up to the centring).
    fn shifted(&self, i: usize, t: f64) -> f64 {
        let n = self.elos.len() as f64;
        let rating = |j: usize| {
            if j == i {
                self.elos[j] + t
            } else {
                self.elos[j] - t / (n - 1.0)
            }
        };
        self.c.by_player[i]
            .iter()
            .map(|&k| {
                let p = &self.c.pairs[k];
                let x = rating(p.white) - rating(p.black) + self.advantage;
                terms(x, self.draw_elo, p.wins, p.draws, p.losses).value
            })
            .sum()
    }

    /// The central `confidence` interval of player `i`'s normalised
    /// likelihood along that shift, as (distance below, distance above),
    /// by trapezoidal integration out to where the density is negligible.
    fn interval(&self, i: usize, confidence: f64) -> (f64, f64) {
        let n = self.elos.len() as f64;
        if n < 2.0 {
            return (0.0, 0.0);
        }
        // Curvature along the shift: each game's difference moves n/(n-1) times as fast.
        let (_, _, h) = self.local(Coord::Player(i), self.elos[i]);
        let h = h * (n / (n - 1.0)).powi(2);
        let sigma = if h < 0.0 { (-1.0 / h).sqrt() } else { 100.0 };
        let step = sigma / STEPS_PER_SIGMA;
        let peak = self.shifted(i, 0.0);
        let walk = |direction: f64| -> Vec<(f64, f64)> {
            let mut points = Vec::new();
            let mut t = 0.0;
            loop {
                t += direction * step;
                let log_density = self.shifted(i, t) - peak;
                points.push((t, log_density.exp()));
                if log_density < TAIL_LOG_DENSITY || t.abs() > 2.0 * ELO_LIMIT {
                    return points;
                }
            }
        };
        let mut grid: Vec<(f64, f64)> = walk(-1.0).into_iter().rev().collect();
        grid.push((0.0, 1.0));
        grid.extend(walk(1.0));
        // Cumulative mass at each grid point.
        let mut cumulative = vec![0.0; grid.len()];
        for k in 1..grid.len() {
            let width = grid[k].0 - grid[k - 1].0;
            cumulative[k] = cumulative[k - 1] + 0.5 * width * (grid[k].1 + grid[k - 1].1);
        }
        let total = cumulative[grid.len() - 1];
        let quantile = |q: f64| -> f64 {
            let target = q * total;
            let k = cumulative
                .partition_point(|&c| c < target)
                .clamp(1, grid.len() - 1);
            let (c0, c1) = (cumulative[k - 1], cumulative[k]);
            let frac = if c1 > c0 {
                (target - c0) / (c1 - c0)
            } else {
                0.0
            };
            grid[k - 1].0 + frac * (grid[k].0 - grid[k - 1].0)
        };
        let tail = (1.0 - confidence) / 2.0;
        (-quantile(tail), quantile(1.0 - tail))
    }
}

pub fn fit(players: usize, c: &Condensed, o: &FitOptions) -> Fit {
    let mut s = State {
        c,
        elos: vec![0.0; players],
        advantage: o.advantage,
        draw_elo: o.draw_elo,
    };
    let mut coords: Vec<Coord> = (0..players).map(Coord::Player).collect();
    if o.estimate_advantage {
        coords.push(Coord::Advantage);
    }
    if o.estimate_draw_elo {
        coords.push(Coord::DrawElo);
    }
    for _ in 0..MAX_SWEEPS {
        let mut moved: f64 = 0.0;
        for &coord in &coords {
            moved = moved.max(s.optimise(coord));
        }
        if moved < TOLERANCE {
            break;
        }
    }
    // Only differences are identified: centre the ratings on 0 as BayesElo does.
    if players > 0 {
        let mean = s.elos.iter().sum::<f64>() / players as f64;
        s.elos.iter_mut().for_each(|e| *e -= mean);
    }
    let margins = (0..players).map(|i| s.interval(i, o.confidence)).collect();
    Fit {
        elos: s.elos,
        advantage: s.advantage,
        draw_elo: s.draw_elo,
        margins,
    }
}

#[cfg(test)]
mod tests {
    use super::{fit, FitOptions};
    use crate::stats::rating::counts::{Condensed, Oriented};
    use crate::stats::rating::model::probabilities;

    /// Counts proportional to the model's own probabilities: maximum
    /// likelihood must give back the ratings that generated them.
    fn expected_counts(elos: &[f64], advantage: f64, draw_elo: f64) -> Condensed {
        let mut pairs = Vec::new();
        for w in 0..elos.len() {
            for b in 0..elos.len() {
                if w != b {
                    let (pw, pd, pl) = probabilities(elos[w] - elos[b] + advantage, draw_elo);
                    pairs.push(Oriented {
                        white: w,
                        black: b,
                        wins: 1000.0 * pw,
                        draws: 1000.0 * pd,
                        losses: 1000.0 * pl,
                    });
                }
            }
        }
        let mut by_player = vec![Vec::new(); elos.len()];
        for (i, p) in pairs.iter().enumerate() {
            by_player[p.white].push(i);
            by_player[p.black].push(i);
        }
        Condensed { pairs, by_player }
    }

    #[test]
    fn recovers_generating_ratings() {
        let truth = [150.0, 0.0, -60.0, -90.0];
        let c = expected_counts(&truth, 32.8, 97.3);
        let options = FitOptions {
            advantage: 32.8,
            draw_elo: 97.3,
            estimate_advantage: false,
            estimate_draw_elo: false,
            confidence: 0.95,
        };
        let f = fit(4, &c, &options);
        // The truth has mean 0 already.
        for (got, want) in f.elos.iter().zip(truth) {
            assert!((got - want).abs() < 1e-5, "{:?}", f.elos);
        }
        // Estimating the advantage and the draw margin finds them too.
        let options = FitOptions {
            advantage: 0.0,
            draw_elo: 50.0,
            estimate_advantage: true,
            estimate_draw_elo: true,
            ..options
        };
        let f = fit(4, &c, &options);
        assert!((f.advantage - 32.8).abs() < 1e-4, "{f:?}");
        assert!((f.draw_elo - 97.3).abs() < 1e-4);
        assert!((f.elos[0] - 150.0).abs() < 1e-4);
    }
}
