//! The standard normal distribution: `erf`, its CDF and its quantile.
//!
//! Rust's `std` has no `erf`, and the Elo error bars, LOS and the rating
//! intervals all need it to full double precision, so it lives here.

use std::f64::consts::PI;

/// The error function, accurate to about 1e-15 everywhere.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < 0.0 {
        return -erf(-x);
    }
    if x < 3.0 {
        erf_series(x)
    } else {
        1.0 - erfc_continued_fraction(x)
    }
}

/// The complementary error function `1 - erf(x)`, without cancellation in
/// the far tail (where LOS values such as 1e-12 matter).
pub fn erfc(x: f64) -> f64 {
    if x < 3.0 {
        1.0 - erf(x)
    } else {
        erfc_continued_fraction(x)
    }
}

/// Maclaurin series: converges everywhere, precise for |x| < 3 (the largest
/// term there is about 1e3, so at most three digits are lost to rounding).
fn erf_series(x: f64) -> f64 {
    let x2 = x * x;
    let mut term = x; // (-1)^n x^(2n+1) / n!
    let mut sum = x;
    let mut n = 0.0;
    while term.abs() > 1e-17 * sum.abs() {
        n += 1.0;
        term *= -x2 / n;
        sum += term / (2.0 * n + 1.0);
    }
    sum * 2.0 / PI.sqrt()
}

/// Continued fraction for erfc, evaluated with the modified Lentz method;
/// converges quickly for x >= 3.
fn erfc_continued_fraction(x: f64) -> f64 {
    // erfc(x) = exp(-x^2)/sqrt(pi) * 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))
    const TINY: f64 = 1e-300;
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for k in 1..200 {
        let a = f64::from(k) / 2.0;
        d = x + a * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = x + a / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    (-x * x).exp() / PI.sqrt() / f
}

/// The standard normal CDF Φ(x).
pub fn phi(x: f64) -> f64 {
    if x < 0.0 {
        0.5 * erfc(-x / std::f64::consts::SQRT_2)
    } else {
        0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
    }
}

/// The standard normal quantile Φ⁻¹(p) for 0 < p < 1 (NaN outside).
///
/// Acklam's rational approximation (relative error 1.2e-9) polished by
/// two Newton steps on our precise `phi`.
pub fn phi_inv(p: f64) -> f64 {
    if !(p > 0.0 && p < 1.0) {
        return f64::NAN;
    }
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    const P_LOW: f64 = 0.024_25;
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    let mut x = if p < P_LOW {
        tail((-2.0 * p.ln()).sqrt())
    } else if p <= 1.0 - P_LOW {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    };
    for _ in 0..2 {
        let density = (-0.5 * x * x).exp() / (2.0 * PI).sqrt();
        if density > 0.0 {
            x -= (phi(x) - p) / density;
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::{erf, erfc, phi, phi_inv};

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn erf_matches_tabulated_values() {
        // Values from Abramowitz & Stegun table 7.1 (and erf(0) = 0, odd).
        assert_eq!(erf(0.0), 0.0);
        assert!(close(erf(0.5), 0.520_499_877_813_046_5, 1e-15));
        assert!(close(erf(1.0), 0.842_700_792_949_714_9, 1e-15));
        assert!(close(erf(2.0), 0.995_322_265_018_952_7, 1e-15));
        assert!(close(erf(-1.0), -0.842_700_792_949_714_9, 1e-15));
        assert!(close(erf(3.5), 0.999_999_256_901_627_7, 1e-15));
        // erfc(5) = 1.5374597944280349e-12: the tail keeps relative precision.
        assert!(close(erfc(5.0) / 1.537_459_794_428_035e-12, 1.0, 1e-12));
    }

    #[test]
    fn phi_and_its_inverse() {
        // Φ(1.959963984540054) = 0.975, Φ(2) = 0.9772498680518208.
        assert!(close(phi(0.0), 0.5, 1e-16));
        assert!(close(phi(2.0), 0.977_249_868_051_820_8, 1e-15));
        assert!(close(phi(-2.0), 1.0 - 0.977_249_868_051_820_8, 1e-15));
        assert!(close(phi_inv(0.975), 1.959_963_984_540_054, 1e-13));
        assert!(close(phi_inv(0.025), -1.959_963_984_540_054, 1e-13));
        assert!(close(phi_inv(0.95), 1.644_853_626_951_472_2, 1e-13));
        assert!(close(phi_inv(1e-6), -4.753_424_308_822_899, 1e-10));
        assert!(phi_inv(0.0).is_nan() && phi_inv(1.0).is_nan());
    }
}
