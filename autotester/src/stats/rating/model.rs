//! BayesElo's game model: logistic Elo with a first-move advantage and a
//! draw margin.
//!
//! With `x = elo(white) - elo(black) + advantage` and draw margin `d`:
//!   P(white wins) = F(x - d),  P(black wins) = F(-x - d),
//!   P(draw) = F(x + d) - F(x - d) = F(x + d) F(d - x) (1 - 10^(-2d/400)),
//! where `F(t) = 1 / (1 + 10^(-t/400))`. Every log-probability is concave in
//! `x` and `d`, so the log-likelihood has a single maximum.

/// `ln(10)/400`: the slope of `ln F` in Elo units.
pub const K: f64 = std::f64::consts::LN_10 / 400.0;

/// The logistic Elo curve `F(t)`.
pub fn logistic(t: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-t / 400.0))
}

/// Probabilities of (white win, draw, black win) at advantage-adjusted
/// difference `x` and draw margin `d`.
pub fn probabilities(x: f64, d: f64) -> (f64, f64, f64) {
    let draw = logistic(x + d) * logistic(d - x) * (1.0 - 10f64.powf(-2.0 * d / 400.0));
    (logistic(x - d), draw, logistic(-x - d))
}

/// Log-likelihood of weighted results at one colour orientation, and its
/// first and second derivatives in `x` and in `d`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Terms {
    pub value: f64,
    pub dx: f64,
    pub dxx: f64,
    pub dd: f64,
    pub ddd: f64,
}

impl std::ops::AddAssign for Terms {
    fn add_assign(&mut self, o: Terms) {
        self.value += o.value;
        self.dx += o.dx;
        self.dxx += o.dxx;
        self.dd += o.dd;
        self.ddd += o.ddd;
    }
}

/// Terms for `wins`, `draws` and `losses` (from white's side, possibly
/// fractional because of the prior) at `x` and `d`.
pub fn terms(x: f64, d: f64, wins: f64, draws: f64, losses: f64) -> Terms {
    let u = logistic(x + d); // F(x + d)
    let v = logistic(x - d); // F(x - d)
    let su = u * (1.0 - u); // F'(x + d) / K
    let sv = v * (1.0 - v);
    let mut t = Terms::default();
    if wins > 0.0 {
        // ln F(x - d)
        t.value += wins * v.ln();
        t.dx += wins * K * (1.0 - v);
        t.dxx -= wins * K * K * sv;
        t.dd -= wins * K * (1.0 - v);
        t.ddd -= wins * K * K * sv;
    }
    if losses > 0.0 {
        // ln F(-x - d) = ln(1 - u)
        t.value += losses * (1.0 - u).ln();
        t.dx -= losses * K * u;
        t.dxx -= losses * K * K * su;
        t.dd -= losses * K * u;
        t.ddd -= losses * K * K * su;
    }
    if draws > 0.0 {
        // ln F(x + d) + ln F(d - x) + ln(1 - q), q = 10^(-2d/400)
        let q = 10f64.powf(-2.0 * d / 400.0);
        let (_, p_draw, _) = probabilities(x, d);
        t.value += draws * p_draw.ln();
        t.dx += draws * K * (1.0 - u - v);
        t.dxx -= draws * K * K * (su + sv);
        t.dd += draws * K * ((1.0 - u) + v + 2.0 * q / (1.0 - q));
        t.ddd -= draws * K * K * (su + sv + 4.0 * q / ((1.0 - q) * (1.0 - q)));
    }
    t
}

/// BayesElo's default scale: multiplies ratings so that the slope of the
/// expected score at equal strength matches plain logistic Elo. With
/// `z = 10^(-d/400)` the expected score's slope at 0 is `K z/(1+z)^2`
/// against `K/4` for plain Elo, hence `4z/(1+z)^2`.
pub fn elo_scale(draw_elo: f64) -> f64 {
    let z = 10f64.powf(-draw_elo / 400.0);
    4.0 * z / ((1.0 + z) * (1.0 + z))
}

#[cfg(test)]
mod tests {
    use super::{elo_scale, probabilities, terms};

    #[test]
    fn probabilities_by_hand() {
        // x = 0, d = 97.3: P(win) = 1/(1+10^(97.3/400)) = 1/(1+1.750856) = 0.3635234
        // P(draw) = 1 - 2*0.3635234 = 0.2729531
        let (w, d, l) = probabilities(0.0, 97.3);
        assert!((w - 0.363_523_4).abs() < 1e-7, "{w}");
        assert!((l - w).abs() < 1e-15);
        assert!((d - 0.272_953_1).abs() < 1e-7, "{d}");
        // Any x: the three sum to one.
        let (w, d, l) = probabilities(123.4, 55.0);
        assert!((w + d + l - 1.0).abs() < 1e-14);
    }

    #[test]
    fn scale_by_hand() {
        // d = 97.3: z = 10^-0.24325 = 0.5711498, 4z/(1+z)^2 = 2.284599/2.468512 = 0.925497
        assert!((elo_scale(97.3) - 0.925_497).abs() < 1e-6);
        assert_eq!(elo_scale(0.0), 1.0);
    }

    #[test]
    fn derivatives_match_finite_differences() {
        let (x, d, w, dr, l) = (40.0, 90.0, 3.0, 2.5, 1.5);
        let t = terms(x, d, w, dr, l);
        let h = 1e-3;
        let f = |x, d| terms(x, d, w, dr, l).value;
        let fx = |x, d| terms(x, d, w, dr, l).dx;
        let fd = |x, d| terms(x, d, w, dr, l).dd;
        assert!((t.dx - (f(x + h, d) - f(x - h, d)) / (2.0 * h)).abs() < 1e-8);
        assert!((t.dd - (f(x, d + h) - f(x, d - h)) / (2.0 * h)).abs() < 1e-8);
        assert!((t.dxx - (fx(x + h, d) - fx(x - h, d)) / (2.0 * h)).abs() < 1e-9);
        assert!((t.ddd - (fd(x, d + h) - fd(x, d - h)) / (2.0 * h)).abs() < 1e-9);
        assert!(t.dxx < 0.0 && t.ddd < 0.0);
    }
}
