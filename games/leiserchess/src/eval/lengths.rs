//! Shortest beam length per square, lowered one straight run at a time.
//!
//! Along a run in direction `dir` the length grows by one per square, so
//! it is `c + POSITION[dir][q]` for a constant `c` of the run, where
//! `POSITION` counts squares along `dir`. Lowering a run is then one
//! masked minimum over all 64 squares: two AVX-512 instructions where the
//! machine has them ([`Simd`]), a few branch-free AVX2 ones per 16 squares
//! where it has AVX2 (`Avx2`), a loop over the run's squares otherwise
//! ([`Scalar`]). All give the same lengths (tested).

use crate::laser::BeamDir;
use crate::square::BitIter;

/// "Not reached".
pub const UNREACHED: u16 = u16::MAX;

/// `POSITION[dir][q]`: how far `q` lies along `dir` (0 at the side the
/// beam comes from): the rank going north, the file going east, and so on.
pub static POSITION: [[u16; 64]; 4] = {
    let mut table = [[0u16; 64]; 4];
    let mut q = 0;
    while q < 64 {
        let (file, rank) = ((q % 8) as u16, (q / 8) as u16);
        table[0][q] = rank;
        table[1][q] = file;
        table[2][q] = 7 - rank;
        table[3][q] = 7 - file;
        q += 1;
    }
    table
};

/// The constant `c` of a run that leaves `from` in `dir` and enters its
/// first square at length `len` (wrapping: `c` may be "negative").
#[inline(always)]
pub fn run_constant(from: usize, dir: BeamDir, len: u16) -> u16 {
    len.wrapping_sub(1)
        .wrapping_sub(POSITION[dir as usize][from])
}

/// What the coverage needs of a table of shortest lengths.
pub trait Lengths: Copy {
    /// Every square unreached.
    fn unreached() -> Self;
    /// Lowers the squares of `run` (a straight run in `dir`) to
    /// `c + POSITION[dir][q]`.
    fn lower_run(&mut self, run: u64, dir: BeamDir, c: u16);
    /// Lowers every square to `other`'s length.
    fn lower_to(&mut self, other: &Self);
    /// The lengths in square order.
    fn to_array(&self) -> [u16; 64];
    /// The squares reached.
    fn reached(&self) -> u64;
}

/// Plain array, one square at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalar([u16; 64]);

impl Lengths for Scalar {
    #[inline(always)]
    fn unreached() -> Self {
        Scalar([UNREACHED; 64])
    }

    #[inline(always)]
    fn lower_run(&mut self, run: u64, dir: BeamDir, c: u16) {
        let position = &POSITION[dir as usize];
        for q in BitIter(run) {
            let i = q.index();
            let len = c.wrapping_add(position[i]);
            if len < self.0[i] {
                self.0[i] = len;
            }
        }
    }

    #[inline(always)]
    fn lower_to(&mut self, other: &Self) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine = (*mine).min(theirs);
        }
    }

    #[inline(always)]
    fn to_array(&self) -> [u16; 64] {
        self.0
    }

    #[inline(always)]
    fn reached(&self) -> u64 {
        let mut reached = 0;
        for (q, &len) in self.0.iter().enumerate() {
            reached |= u64::from(len != UNREACHED) << q;
        }
        reached
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
pub use simd::Simd;

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    not(target_feature = "avx512bw")
))]
pub use avx2::Avx2;

/// The table the evaluation uses: the widest vectors compiled in.
#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
pub type Fastest = Simd;
/// The table the evaluation uses: the widest vectors compiled in.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    not(target_feature = "avx512bw")
))]
pub type Fastest = Avx2;
/// The table the evaluation uses: [`Scalar`] without vector units.
#[cfg(not(all(
    target_arch = "x86_64",
    any(target_feature = "avx2", target_feature = "avx512bw")
)))]
pub type Fastest = Scalar;

#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
mod simd {
    use std::arch::x86_64::{
        __m512i, _mm512_add_epi16, _mm512_cmpneq_epu16_mask, _mm512_mask_min_epu16,
        _mm512_min_epu16, _mm512_set1_epi16,
    };

    use super::{BeamDir, Lengths, POSITION, UNREACHED};

    /// Squares 0–31 and 32–63, 32 lanes of `u16` each.
    #[derive(Clone, Copy, Debug)]
    pub struct Simd {
        low: __m512i,
        high: __m512i,
    }

    /// `POSITION` as vectors.
    struct Positions([[__m512i; 2]; 4]);

    static POSITIONS: Positions = {
        // SAFETY: `[u16; 32]` and `__m512i` are both 64 plain bytes.
        unsafe { std::mem::transmute::<[[u16; 64]; 4], Positions>(POSITION) }
    };

    impl Lengths for Simd {
        #[inline(always)]
        fn unreached() -> Self {
            // SAFETY (every intrinsic here): this module is only compiled
            // with AVX-512 F and BW enabled.
            let all = unsafe { _mm512_set1_epi16(UNREACHED as i16) };
            Simd {
                low: all,
                high: all,
            }
        }

        #[inline(always)]
        fn lower_run(&mut self, run: u64, dir: BeamDir, c: u16) {
            let [low, high] = POSITIONS.0[dir as usize];
            unsafe {
                let c = _mm512_set1_epi16(c as i16);
                let (low_run, high_run) = (run as u32, (run >> 32) as u32);
                self.low =
                    _mm512_mask_min_epu16(self.low, low_run, self.low, _mm512_add_epi16(low, c));
                self.high = _mm512_mask_min_epu16(
                    self.high,
                    high_run,
                    self.high,
                    _mm512_add_epi16(high, c),
                );
            }
        }

        #[inline(always)]
        fn lower_to(&mut self, other: &Self) {
            unsafe {
                self.low = _mm512_min_epu16(self.low, other.low);
                self.high = _mm512_min_epu16(self.high, other.high);
            }
        }

        #[inline(always)]
        fn to_array(&self) -> [u16; 64] {
            // SAFETY: two `__m512i` are 64 `u16`s, in square order.
            unsafe { std::mem::transmute(*self) }
        }

        #[inline(always)]
        fn reached(&self) -> u64 {
            let (low, high) = unsafe {
                let unreached = _mm512_set1_epi16(UNREACHED as i16);
                (
                    _mm512_cmpneq_epu16_mask(self.low, unreached),
                    _mm512_cmpneq_epu16_mask(self.high, unreached),
                )
            };
            u64::from(low) | u64::from(high) << 32
        }
    }
}

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    not(target_feature = "avx512bw")
))]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi16, _mm256_and_si256, _mm256_cmpeq_epi16, _mm256_min_epu16,
        _mm256_movemask_epi8, _mm256_or_si256, _mm256_packs_epi16, _mm256_permute4x64_epi64,
        _mm256_set1_epi16, _mm256_xor_si256,
    };

    use super::{BeamDir, Lengths, POSITION, UNREACHED};

    /// Squares 16·j to 16·j + 15 in `chunks[j]`, one `u16` lane each.
    /// Lowering a run costs the same whatever its length: no loop, no
    /// branch to mispredict.
    #[derive(Clone, Copy, Debug)]
    pub struct Avx2 {
        chunks: [__m256i; 4],
    }

    /// `POSITION` as vectors.
    struct Positions([[__m256i; 4]; 4]);

    static POSITIONS: Positions = {
        // SAFETY: `[u16; 16]` and `__m256i` are both 32 plain bytes.
        unsafe { std::mem::transmute::<[[u16; 64]; 4], Positions>(POSITION) }
    };

    /// Lane `k` holds bit `k`: a broadcast 16-bit mask ANDed with it and
    /// compared to it gives all-ones in the lanes whose bit is set.
    struct LaneBits(__m256i);

    static LANE_BITS: LaneBits = {
        let mut bits = [0u16; 16];
        let mut k = 0;
        while k < 16 {
            bits[k] = 1 << k;
            k += 1;
        }
        // SAFETY: `[u16; 16]` and `__m256i` are both 32 plain bytes.
        LaneBits(unsafe { std::mem::transmute::<[u16; 16], __m256i>(bits) })
    };

    impl Lengths for Avx2 {
        #[inline(always)]
        fn unreached() -> Self {
            // SAFETY (every intrinsic here): this module is only compiled
            // with AVX2 enabled.
            let all = unsafe { _mm256_set1_epi16(UNREACHED as i16) };
            Avx2 { chunks: [all; 4] }
        }

        #[inline(always)]
        fn lower_run(&mut self, run: u64, dir: BeamDir, c: u16) {
            let positions = &POSITIONS.0[dir as usize];
            let lower = |chunk: &mut __m256i, j: usize| unsafe {
                let c = _mm256_set1_epi16(c as i16);
                let bits = _mm256_set1_epi16((run >> (16 * j)) as u16 as i16);
                let selected = _mm256_and_si256(bits, LANE_BITS.0);
                let in_run = _mm256_cmpeq_epi16(selected, LANE_BITS.0);
                // Outside the run the candidate is all ones: no change.
                let candidate = _mm256_or_si256(
                    _mm256_add_epi16(positions[j], c),
                    _mm256_xor_si256(in_run, _mm256_set1_epi16(-1)),
                );
                *chunk = _mm256_min_epu16(*chunk, candidate);
            };
            if dir & 1 != 0 {
                // East or west: one rank, so one chunk (any, if empty).
                let j = (run.trailing_zeros() as usize / 16) & 3;
                lower(&mut self.chunks[j], j);
            } else {
                for (j, chunk) in self.chunks.iter_mut().enumerate() {
                    lower(chunk, j);
                }
            }
        }

        #[inline(always)]
        fn lower_to(&mut self, other: &Self) {
            for (mine, theirs) in self.chunks.iter_mut().zip(other.chunks) {
                *mine = unsafe { _mm256_min_epu16(*mine, theirs) };
            }
        }

        #[inline(always)]
        fn to_array(&self) -> [u16; 64] {
            // SAFETY: four `__m256i` are 64 `u16`s, in square order.
            unsafe { std::mem::transmute(self.chunks) }
        }

        #[inline(always)]
        fn reached(&self) -> u64 {
            let [a, b, c, d] = self.chunks;
            unsafe {
                let unreached = _mm256_set1_epi16(UNREACHED as i16);
                // One byte per square: packing interleaves the 128-bit
                // halves (a0 b0 a1 b1), the permutation puts them back.
                let half = |x, y| {
                    let packed = _mm256_packs_epi16(
                        _mm256_cmpeq_epi16(x, unreached),
                        _mm256_cmpeq_epi16(y, unreached),
                    );
                    let ordered = _mm256_permute4x64_epi64::<0b11_01_10_00>(packed);
                    _mm256_movemask_epi8(ordered) as u32
                };
                !(u64::from(half(a, b)) | u64::from(half(c, d)) << 32)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{run_constant, Fastest, Lengths, Scalar};
    use crate::laser::{nearest, RAYS};

    /// Random straight runs (from a square to a random blocker on its ray)
    /// lower the vector table exactly as the plain one.
    #[test]
    fn fastest_table_lowers_runs_like_the_plain_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut next = move || rng.next_u64();
        for _ in 0..2_000 {
            let (mut fast, mut plain) = (Fastest::unreached(), Scalar::unreached());
            let mut other = Fastest::unreached();
            for k in 0..12 {
                let from = (next() % 64) as usize;
                let dir = (next() % 4) as u8;
                let ray = RAYS[dir as usize][from];
                let blockers = ray & next();
                let run = if blockers == 0 {
                    ray
                } else {
                    ray & !RAYS[dir as usize][nearest(dir, blockers)]
                };
                let c = run_constant(from, dir, (next() % 300) as u16 + 1);
                fast.lower_run(run, dir, c);
                plain.lower_run(run, dir, c);
                if k % 3 == 0 {
                    other.lower_run(run, dir, c.wrapping_add(1));
                }
            }
            assert_eq!(fast.to_array(), plain.to_array());
            assert_eq!(fast.reached(), plain.reached());
            let mut merged = other;
            merged.lower_to(&fast);
            let expected: Vec<u16> = (0..64)
                .map(|q| other.to_array()[q].min(fast.to_array()[q]))
                .collect();
            assert_eq!(merged.to_array().to_vec(), expected);
        }
    }
}
