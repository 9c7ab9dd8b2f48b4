//! The cheap evaluation terms: king placement and pawn placement.
//! Each returns a raw bonus; `eval` multiplies by the weights.

use crate::square::{Square, NEIGHBOURS};

/// Fixed-point scale of [`PCENTRAL_BONUS`].
pub const PCENTRAL_SCALE: i32 = 1024;

const fn isqrt(n: u64) -> u64 {
    let mut lo = 0u64;
    let mut hi = 1u64 << 32;
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if mid * mid <= n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// PCENTRAL per square, in 1/1024: `1 - d / (8 / √2)` where `d` is the
/// distance to the centre measured from the nearest of the four centre
/// squares' corners (MIT's definition), i.e. `1 - √(2(df² + dr²)) / 8`.
pub static PCENTRAL_BONUS: [i32; 64] = {
    let mut table = [0i32; 64];
    let mut s = 0;
    while s < 64 {
        let f = (s % 8) as i64;
        let r = (s / 8) as i64;
        let df = if f < 4 { 3 - f } else { f - 4 };
        let dr = if r < 4 { 3 - r } else { r - 4 };
        let root = isqrt((2 * (df * df + dr * dr) * 1024 * 1024) as u64) as i64;
        table[s] = (1024 - root / 8) as i32;
        s += 1;
    }
    table
};

/// KFACE: how far the enemy king lies in the direction our king faces,
/// as a fraction `numerator / denominator` (denominator = Manhattan
/// distance between the kings, at least 1).
#[inline]
pub fn kface(king: Square, orientation: u8, enemy: Square) -> (i32, i32) {
    let df = enemy.file() as i32 - king.file() as i32;
    let dr = enemy.rank() as i32 - king.rank() as i32;
    let towards = match orientation {
        0 => dr,
        1 => df,
        2 => -dr,
        _ => -df,
    };
    (towards, (df.abs() + dr.abs()).max(1))
}

/// KAGGRESSIVE: the area (in squares, at most 64) of the board behind our
/// king as seen from the enemy king: the rectangle from our king to the
/// corner away from the enemy.
#[inline]
pub fn kaggressive(king: Square, enemy: Square) -> i32 {
    let f = king.file() as i32;
    let r = king.rank() as i32;
    let towards_east = enemy.file() as i32 >= f;
    let towards_north = enemy.rank() as i32 >= r;
    let width = if towards_east { f + 1 } else { 8 - f };
    let height = if towards_north { r + 1 } else { 8 - r };
    width * height
}

/// The squares of the rectangle with the two kings at its corners.
#[inline]
pub fn between_mask(a: Square, b: Square) -> u64 {
    let (f0, f1) = min_max(a.file(), b.file());
    let (r0, r1) = min_max(a.rank(), b.rank());
    let files = ((0xFFu64 >> (7 - (f1 - f0))) << f0) * 0x0101_0101_0101_0101;
    let ranks = (u64::MAX >> (8 * (7 - (r1 - r0)))) << (8 * r0);
    files & ranks
}

fn min_max(a: u8, b: u8) -> (u8, u8) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// The king's square and its neighbours (MOBILITY counts these).
#[inline]
pub fn king_zone(king: Square) -> u64 {
    NEIGHBOURS[king.index()] | king.bit()
}
