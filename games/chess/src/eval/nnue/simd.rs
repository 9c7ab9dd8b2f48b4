//! The two inner loops of the network: adding and subtracting weight
//! rows to and from the accumulators, and the output layer's dot
//! product. Through AVX-512 (`std::arch`, with its byte and word
//! instructions) or else AVX2 when the build target has it (the
//! workspace builds with `-C target-cpu=native`), else a portable scalar
//! version; the scalar version is always compiled, and the tests check
//! that every vector version compiled in gives the same numbers.
//!
//! Integer arithmetic makes the two exact and equal: rows are added with
//! wrapping `i16` lanes (the network's check that no sum of a legal
//! position leaves `i16` keeps every final sum exact, whatever the order
//! of the rows), and the dot product has no rounding at all.

use super::{HIDDEN, QA};

/// One accumulator or one weight row: [`HIDDEN`] `i16` values, aligned to
/// 64 bytes (a cache line) so that every vector load is aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [i16; HIDDEN]);

impl Row {
    pub const ZERO: Row = Row([0; HIDDEN]);
}

// The version this build uses: the widest vectors compiled in.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    not(target_feature = "avx512bw")
))]
use avx2 as vector;
#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
use avx512 as vector;
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
use scalar as vector;

/// `dst = src + Σ adds − Σ subs`, lane by lane, wrapping.
#[inline]
pub fn apply(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
    vector::apply(dst, src, adds, subs);
}

/// `acc += Σ adds − Σ subs`, lane by lane, wrapping.
#[inline]
pub fn apply_in_place(acc: &mut Row, adds: &[&Row], subs: &[&Row]) {
    vector::apply_in_place(acc, adds, subs);
}

/// `Σ_i c(us[i])² · w[0][i] + Σ_i c(them[i])² · w[1][i]` with `c(x) =
/// clamp(x, 0, QA)`, exactly. Each `|w|` must be at most `i16::MAX / QA`
/// (128), which the network checks when it is made.
#[inline]
pub fn screlu_dot(us: &Row, them: &Row, weights: &[Row; 2]) -> i64 {
    vector::screlu_dot(us, them, weights)
}

/// The portable version: plain loops (which the compiler may vectorise
/// for whatever the target has).
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "avx2", not(test)),
    allow(dead_code)
)]
pub(super) mod scalar {
    use super::{Row, QA};

    pub fn apply(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
        *dst = *src;
        apply_in_place(dst, adds, subs);
    }

    pub fn apply_in_place(acc: &mut Row, adds: &[&Row], subs: &[&Row]) {
        for row in adds {
            for (a, w) in acc.0.iter_mut().zip(&row.0) {
                *a = a.wrapping_add(*w);
            }
        }
        for row in subs {
            for (a, w) in acc.0.iter_mut().zip(&row.0) {
                *a = a.wrapping_sub(*w);
            }
        }
    }

    pub fn screlu_dot(us: &Row, them: &Row, weights: &[Row; 2]) -> i64 {
        let half = |acc: &Row, w: &Row| -> i64 {
            acc.0
                .iter()
                .zip(&w.0)
                .map(|(&x, &w)| {
                    let c = i64::from(x.clamp(0, QA as i16));
                    c * c * i64::from(w)
                })
                .sum()
        };
        half(us, &weights[0]) + half(them, &weights[1])
    }
}

/// Compiled wherever AVX2 is, so that the tests check it beside the
/// AVX-512 version; used where AVX-512 is not.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[cfg_attr(all(target_feature = "avx512bw", not(test)), allow(dead_code))]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi16, _mm256_add_epi32, _mm256_load_si256, _mm256_madd_epi16,
        _mm256_max_epi16, _mm256_min_epi16, _mm256_mullo_epi16, _mm256_set1_epi16,
        _mm256_setzero_si256, _mm256_store_si256, _mm256_storeu_si256, _mm256_sub_epi16,
    };

    use super::{Row, HIDDEN, QA};

    /// `i16` lanes in a 256-bit register.
    const LANES: usize = 16;
    /// Registers of one row.
    const VECTORS: usize = HIDDEN / LANES;
    /// Registers held at once while rows are added: half of the 16 AVX2
    /// registers, so that the loads of the rows need no spill.
    const TILE: usize = 8;
    // `is_multiple_of` is newer than the workspace's rust-version.
    #[allow(clippy::manual_is_multiple_of)]
    const _: () = assert!(VECTORS % TILE == 0);

    pub fn apply(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
        // Safety: `dst` and `src` come from references, so both point to
        // a whole `Row`; `apply_raw` reads all of `src` before it writes
        // each part of `dst`.
        unsafe { apply_raw(dst, src, adds, subs) }
    }

    pub fn apply_in_place(acc: &mut Row, adds: &[&Row], subs: &[&Row]) {
        let acc: *mut Row = acc;
        // Safety: `acc` is a whole `Row` borrowed mutably here; read and
        // written through one pointer, each tile read before it is
        // written (see `apply_raw`).
        unsafe { apply_raw(acc, acc, adds, subs) }
    }

    /// `dst = src + Σ adds − Σ subs`, one tile of [`TILE`] registers at a
    /// time: the tile of `src` is loaded, every row's tile added or
    /// subtracted, and the tile stored to `dst`, so `dst` may be `src`.
    ///
    /// # Safety
    /// `dst` and `src` point to valid `Row`s (`dst` writable, and not
    /// overlapping any row of `adds` or `subs`); they may be equal.
    #[inline(always)]
    unsafe fn apply_raw(dst: *mut Row, src: *const Row, adds: &[&Row], subs: &[&Row]) {
        let src = src.cast::<__m256i>();
        let dst = dst.cast::<__m256i>();
        // Safety: every pointer is to a `Row`, 64-byte aligned and
        // `VECTORS` registers long; `base + i < VECTORS`, so every load
        // and store is aligned and in bounds. AVX2 is enabled for the
        // whole build (this module's `cfg`).
        unsafe {
            for base in (0..VECTORS).step_by(TILE) {
                let mut regs = [_mm256_setzero_si256(); TILE];
                for (i, r) in regs.iter_mut().enumerate() {
                    *r = _mm256_load_si256(src.add(base + i));
                }
                for row in adds {
                    let w = row.0.as_ptr().cast::<__m256i>();
                    for (i, r) in regs.iter_mut().enumerate() {
                        *r = _mm256_add_epi16(*r, _mm256_load_si256(w.add(base + i)));
                    }
                }
                for row in subs {
                    let w = row.0.as_ptr().cast::<__m256i>();
                    for (i, r) in regs.iter_mut().enumerate() {
                        *r = _mm256_sub_epi16(*r, _mm256_load_si256(w.add(base + i)));
                    }
                }
                for (i, r) in regs.iter().enumerate() {
                    _mm256_store_si256(dst.add(base + i), *r);
                }
            }
        }
    }

    /// The dot product with the standard trick: `c = clamp(x, 0, QA)`,
    /// then `(c · w) as i16` (exact, as `|c · w| ≤ 255 · 128 = 32640`),
    /// then `madd` with `c`, which multiplies the pairs into `i32` and
    /// adds neighbours. Each half (own and other perspective) has its own
    /// eight `i32` lanes, which each take `HIDDEN / 8 = 64` products of at
    /// most `255² · 128 = 8,323,200`: at most 532,684,800 a lane, within
    /// `i32` (2,147,483,647). The lanes are added in `i64` at the end.
    pub fn screlu_dot(us: &Row, them: &Row, weights: &[Row; 2]) -> i64 {
        let mut total = 0i64;
        for (acc, w) in [(us, &weights[0]), (them, &weights[1])] {
            let x = acc.0.as_ptr().cast::<__m256i>();
            let w = w.0.as_ptr().cast::<__m256i>();
            let mut lanes = [0i32; 8];
            // Safety: `x` and `w` point to `Row`s, 64-byte aligned and
            // `VECTORS` registers long, and `i < VECTORS`; `lanes` is 32
            // bytes (an unaligned store). AVX2 is enabled for the whole
            // build (this module's `cfg`).
            unsafe {
                let zero = _mm256_setzero_si256();
                let qa = _mm256_set1_epi16(QA as i16);
                let mut sum = _mm256_setzero_si256();
                for i in 0..VECTORS {
                    let c =
                        _mm256_min_epi16(_mm256_max_epi16(_mm256_load_si256(x.add(i)), zero), qa);
                    let cw = _mm256_mullo_epi16(c, _mm256_load_si256(w.add(i)));
                    sum = _mm256_add_epi32(sum, _mm256_madd_epi16(cw, c));
                }
                _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), sum);
            }
            total += lanes.iter().map(|&l| i64::from(l)).sum::<i64>();
        }
        total
    }
}

/// The AVX-512 version: a row is 16 registers of 32 lanes, so a whole
/// accumulator stays in registers (half of the 32) while the rows are
/// added, and each half of the dot product fills one register of 16
/// `i32` lanes.
#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm512_add_epi16, _mm512_add_epi32, _mm512_load_si512, _mm512_madd_epi16,
        _mm512_max_epi16, _mm512_min_epi16, _mm512_mullo_epi16, _mm512_set1_epi16,
        _mm512_setzero_si512, _mm512_store_si512, _mm512_storeu_si512, _mm512_sub_epi16,
    };

    use super::{Row, HIDDEN, QA};

    /// `i16` lanes in a 512-bit register.
    const LANES: usize = 32;
    /// Registers of one row, all held at once.
    const VECTORS: usize = HIDDEN / LANES;
    const _: () = assert!(VECTORS * LANES == HIDDEN && VECTORS <= 16);

    pub fn apply(dst: &mut Row, src: &Row, adds: &[&Row], subs: &[&Row]) {
        // Safety: `dst` and `src` come from references, so both point to
        // a whole `Row`; `apply_raw` reads all of `src` before it writes
        // `dst`.
        unsafe { apply_raw(dst, src, adds, subs) }
    }

    pub fn apply_in_place(acc: &mut Row, adds: &[&Row], subs: &[&Row]) {
        let acc: *mut Row = acc;
        // Safety: `acc` is a whole `Row` borrowed mutably here, read in
        // full before it is written (see `apply_raw`).
        unsafe { apply_raw(acc, acc, adds, subs) }
    }

    /// `dst = src + Σ adds − Σ subs`: `src` loaded, every row added or
    /// subtracted in registers, the result stored to `dst`, so `dst` may
    /// be `src`.
    ///
    /// # Safety
    /// `dst` and `src` point to valid `Row`s (`dst` writable, and not
    /// overlapping any row of `adds` or `subs`); they may be equal.
    #[inline(always)]
    unsafe fn apply_raw(dst: *mut Row, src: *const Row, adds: &[&Row], subs: &[&Row]) {
        let src = src.cast::<__m512i>();
        let dst = dst.cast::<__m512i>();
        // Safety: every pointer is to a `Row`, 64-byte aligned and
        // `VECTORS` registers long, and `i < VECTORS`, so every load and
        // store is aligned and in bounds. AVX-512 BW is enabled for the
        // whole build (this module's `cfg`).
        unsafe {
            let mut regs = [_mm512_setzero_si512(); VECTORS];
            for (i, r) in regs.iter_mut().enumerate() {
                *r = _mm512_load_si512(src.add(i));
            }
            for row in adds {
                let w = row.0.as_ptr().cast::<__m512i>();
                for (i, r) in regs.iter_mut().enumerate() {
                    *r = _mm512_add_epi16(*r, _mm512_load_si512(w.add(i)));
                }
            }
            for row in subs {
                let w = row.0.as_ptr().cast::<__m512i>();
                for (i, r) in regs.iter_mut().enumerate() {
                    *r = _mm512_sub_epi16(*r, _mm512_load_si512(w.add(i)));
                }
            }
            for (i, r) in regs.iter().enumerate() {
                _mm512_store_si512(dst.add(i), *r);
            }
        }
    }

    /// The AVX2 version's trick (`(c · w) as i16`, then `madd` with `c`)
    /// on 32 lanes. Each half's sixteen `i32` lanes take `HIDDEN / 16 =
    /// 32` products of at most `255² · 128 = 8,323,200`: at most
    /// 266,342,400 a lane, within `i32`, but not their sum, so the lanes
    /// are added in `i64`.
    pub fn screlu_dot(us: &Row, them: &Row, weights: &[Row; 2]) -> i64 {
        let mut total = 0i64;
        for (acc, w) in [(us, &weights[0]), (them, &weights[1])] {
            let x = acc.0.as_ptr().cast::<__m512i>();
            let w = w.0.as_ptr().cast::<__m512i>();
            // Safety: `x` and `w` point to `Row`s, 64-byte aligned and
            // `VECTORS` registers long, and `i < VECTORS`. AVX-512 BW is
            // enabled for the whole build (this module's `cfg`).
            let mut lanes = [0i32; 16];
            // (`lanes` is 64 bytes: an unaligned store.)
            unsafe {
                let zero = _mm512_setzero_si512();
                let qa = _mm512_set1_epi16(QA as i16);
                let mut sum = _mm512_setzero_si512();
                for i in 0..VECTORS {
                    let c =
                        _mm512_min_epi16(_mm512_max_epi16(_mm512_load_si512(x.add(i)), zero), qa);
                    let cw = _mm512_mullo_epi16(c, _mm512_load_si512(w.add(i)));
                    sum = _mm512_add_epi32(sum, _mm512_madd_epi16(cw, c));
                }
                _mm512_storeu_si512(lanes.as_mut_ptr().cast::<__m512i>(), sum);
            }
            total += lanes.iter().map(|&l| i64::from(l)).sum::<i64>();
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    fn random_row(rng: &mut ChaCha8Rng, range: std::ops::RangeInclusive<i16>) -> Row {
        let mut row = Row::ZERO;
        row.0
            .iter_mut()
            .for_each(|v| *v = rng.gen_range(range.clone()));
        row
    }

    /// One vector version's three functions.
    type Version = (
        fn(&mut Row, &Row, &[&Row], &[&Row]),
        fn(&mut Row, &[&Row], &[&Row]),
        fn(&Row, &Row, &[Row; 2]) -> i64,
    );

    /// Every version compiled into this build, the one in use first.
    fn versions() -> Vec<(&'static str, Version)> {
        #[allow(unused_mut)]
        let mut found: Vec<(&'static str, Version)> =
            vec![("in use", (apply, apply_in_place, screlu_dot))];
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        found.push((
            "avx2",
            (avx2::apply, avx2::apply_in_place, avx2::screlu_dot),
        ));
        #[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
        found.push((
            "avx512",
            (avx512::apply, avx512::apply_in_place, avx512::screlu_dot),
        ));
        found
    }

    #[test]
    fn nnue_simd_rows_and_dot_equal_the_scalar_ones() {
        for (name, (apply, apply_in_place, screlu_dot)) in versions() {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            for round in 0..200 {
                // Accumulators over the whole i16 range (the clamp
                // matters), weights at the extremes the network allows.
                let us = random_row(&mut rng, i16::MIN..=i16::MAX);
                let them = random_row(&mut rng, -300..=300);
                let limit = i16::MAX / QA as i16;
                let weights = [
                    random_row(&mut rng, -limit..=limit),
                    random_row(&mut rng, -limit..=limit),
                ];
                assert_eq!(
                    screlu_dot(&us, &them, &weights),
                    scalar::screlu_dot(&us, &them, &weights),
                    "{name}, round {round}"
                );
                let rows: Vec<Row> = (0..6)
                    .map(|_| random_row(&mut rng, i16::MIN..=i16::MAX))
                    .collect();
                let (adds, subs) = (
                    rows[..round % 5].iter().collect::<Vec<_>>(),
                    rows[round % 5..].iter().collect::<Vec<_>>(),
                );
                let (mut fast, mut slow) = (Row::ZERO, Row::ZERO);
                apply(&mut fast, &us, &adds, &subs);
                scalar::apply(&mut slow, &us, &adds, &subs);
                assert_eq!(fast, slow, "{name}");
                let mut in_place = us;
                apply_in_place(&mut in_place, &adds, &subs);
                assert_eq!(in_place, slow, "{name}");
            }
            // The largest sum there can be: every value and weight at its
            // limit (beyond an `i32` once both halves are added).
            let full = Row([QA as i16; HIDDEN]);
            let max = Row([i16::MAX / QA as i16; HIDDEN]);
            let want = 2 * HIDDEN as i64 * i64::from(QA * QA) * 128;
            assert!(want > i64::from(i32::MAX));
            assert_eq!(screlu_dot(&full, &full, &[max, max]), want, "{name}");
        }
        let full = Row([QA as i16; HIDDEN]);
        let max = Row([i16::MAX / QA as i16; HIDDEN]);
        let want = 2 * HIDDEN as i64 * i64::from(QA * QA) * 128;
        assert_eq!(scalar::screlu_dot(&full, &full, &[max, max]), want);
    }

    #[test]
    fn nnue_simd_versions_are_all_checked() {
        let names: Vec<&str> = versions().iter().map(|(name, _)| *name).collect();
        if cfg!(all(target_arch = "x86_64", target_feature = "avx512bw")) {
            assert_eq!(names, ["in use", "avx2", "avx512"]);
        }
    }
}
