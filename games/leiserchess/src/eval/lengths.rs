//! Shortest beam length per square, lowered one straight run at a time.
//!
//! Along a run in direction `dir` the length grows by one per square, so
//! it is `c + POSITION[dir][q]` for a constant `c` of the run, where
//! `POSITION` counts squares along `dir`. Lowering a run is then one
//! masked minimum over all 64 squares: two AVX-512 instructions where the
//! machine has them ([`Simd`]), a loop over the run's squares otherwise
//! ([`Scalar`]). Both give the same lengths (tested).

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

/// The table the evaluation uses: [`Simd`] where AVX-512 is compiled in.
#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
pub type Fastest = Simd;
/// The table the evaluation uses: [`Scalar`] without AVX-512.
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx512bw")))]
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
