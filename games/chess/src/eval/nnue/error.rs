//! What can be wrong with a network: weights that do not fit the integer
//! arithmetic, and files that are not network files of this engine.

/// Why a network could not be made, read or loaded.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NnueError {
    #[error("{field} has {found} values, expected {expected}")]
    Shape {
        field: &'static str,
        found: usize,
        expected: usize,
    },
    #[error("the king bucket map has {count} buckets, at most {max} are allowed")]
    TooManyBuckets { count: usize, max: usize },
    #[error("{field}[{index}] is {value}, not a finite number")]
    NotFinite {
        field: &'static str,
        index: usize,
        value: f32,
    },
    /// A weight whose quantized value does not fit: input weights and
    /// biases must stay within ±32767 after scaling by `QA`, output
    /// weights within ±128 after scaling by `QB` (|w| < 2.0), so that
    /// `clamp(x, 0, QA) · w` fits `i16`.
    #[error("{field}[{index}] is {value}: scaled, {quantized} is outside ±{limit}")]
    OutOfRange {
        field: &'static str,
        index: usize,
        value: f32,
        quantized: f64,
        limit: i64,
    },
    /// Some position of at most 32 pieces could take an accumulator out
    /// of `i16`.
    #[error(
        "hidden unit {unit} of king bucket {bucket} can reach {worst} (bias and its 32 largest \
         weights), outside i16"
    )]
    AccumulatorOverflow {
        bucket: usize,
        unit: usize,
        worst: i64,
    },
    #[error("the file is {found} bytes, shorter than the {header}-byte header and checksum")]
    TooShort { found: usize, header: usize },
    #[error("not a network file: it starts with {found:?}, not \"CNNU\"")]
    BadMagic { found: [u8; 4] },
    #[error("format version {found}; this engine reads version {expected}")]
    Version { found: u32, expected: u32 },
    #[error("the file's {field} is {found}; this engine's is {expected}")]
    Mismatch {
        field: &'static str,
        found: i64,
        expected: i64,
    },
    #[error("the header says {header} king buckets but its map has {map}")]
    BucketCount { header: usize, map: usize },
    #[error("the file is {found} bytes; its header calls for {expected}")]
    Length { found: usize, expected: usize },
    #[error("checksum {stored:#018x} in the file, {computed:#018x} computed: the file is damaged")]
    Checksum { stored: u64, computed: u64 },
    #[error("cannot read '{path}': {reason}")]
    Io { path: String, reason: String },
}
