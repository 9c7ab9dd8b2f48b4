//! An efficiently updatable neural network (NNUE): a whole evaluation by
//! itself, chosen by the UCI check option `Nnue` (off by default: no
//! network is trained yet) with the network file of the string option
//! `EvalFile`. `docs/chess-nnue.md` describes it for users.
//!
//! Shape: `768 · n` inputs (a piece of each colour, relative to the
//! perspective, and role on each square, in one of `n` sets chosen by
//! the perspective's king square, [`KingBuckets`]), a hidden layer of
//! [`HIDDEN`] units computed once from each side's view with shared
//! weights (the accumulators), the squared clipped ReLU ([`screlu`]), and
//! one output from the two halves, the side to move's first, with its
//! weights chosen among [`OUTPUT_BUCKETS`] by the number of pieces
//! ([`output_bucket`]). The output times [`SCALE`] is the evaluation in
//! centipawns, from the side to move's view.
//!
//! One concern a file: `features` (the inputs and the king buckets),
//! `network` (the float and quantized networks and their arithmetic),
//! `file` (the file format), `simd` (the inner loops, AVX2 and scalar),
//! `accumulator` (the incremental updates along a search's line and the
//! refresh cache), `error`.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, LazyLock};

mod accumulator;
mod error;
mod features;
pub mod file;
mod network;
mod simd;

pub use accumulator::Accumulators;
pub use error::NnueError;
pub use features::{
    feature_index, for_each_feature, KingBuckets, DEFAULT_BUCKETS, INPUTS_PER_BUCKET,
    MAX_KING_BUCKETS,
};
pub use network::{screlu, FloatNetwork, Network};

/// The accumulator's width: hidden units per perspective.
pub const HIDDEN: usize = 512;
/// The output layer has one set of weights per this many piece-count
/// ranges.
pub const OUTPUT_BUCKETS: usize = 8;
/// Quantization of the input weights and biases (and the activation's
/// 1.0).
pub const QA: i32 = 255;
/// Quantization of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;

/// The output bucket of a position with `piece_count` pieces, kings
/// included: `(piece_count - 2) / 4`, at most 7.
#[inline]
pub fn output_bucket(piece_count: u32) -> usize {
    ((piece_count.saturating_sub(2)) / 4).min(7) as usize
}

/// The network compiled into the engine (`default.nnue`, trained as
/// `tools/README.md` says), used when `Nnue` is on and no `EvalFile` is
/// loaded. A test checks that it reads back.
static EMBEDDED: LazyLock<Option<Network>> =
    LazyLock::new(|| Network::from_bytes(include_bytes!("default.nnue")).ok());

/// The network compiled into the engine, if there is one.
pub fn embedded() -> Option<&'static Network> {
    EMBEDDED.as_ref()
}

/// A network loaded from a file for the `EvalFile` option, shared by the
/// engine's copies of the evaluation parameters. Two are equal, and hash
/// alike, when their weights are (by checksum), wherever they came from.
#[derive(Clone)]
pub struct EvalFile {
    pub path: String,
    pub network: Arc<Network>,
}

impl EvalFile {
    /// Reads the network file at `path`.
    pub fn load(path: &str) -> Result<EvalFile, NnueError> {
        Ok(EvalFile {
            path: path.to_string(),
            network: Arc::new(Network::load(path)?),
        })
    }
}

impl fmt::Debug for EvalFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EvalFile")
            .field("path", &self.path)
            .field(
                "checksum",
                &format_args!("{:#018x}", self.network.checksum()),
            )
            .finish()
    }
}

impl PartialEq for EvalFile {
    fn eq(&self, other: &Self) -> bool {
        self.network.checksum() == other.network.checksum()
    }
}

impl Eq for EvalFile {}

impl Hash for EvalFile {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.network.checksum().hash(state);
    }
}

#[cfg(test)]
mod tests;
