//! The network file: a 64-byte header, the quantized weights and an
//! 8-byte checksum, every number little-endian.
//!
//! | offset | bytes | what |
//! |---|---|---|
//! | 0 | 4 | magic `CNNU` |
//! | 4 | 4 | format version, `u32` (1) |
//! | 8 | 4 | `HIDDEN`, `u32` (512) |
//! | 12 | 4 | king buckets `n`, `u32` (the map's largest number + 1) |
//! | 16 | 4 | `OUTPUT_BUCKETS`, `u32` (8) |
//! | 20 | 4 | `QA`, `i32` (255) |
//! | 24 | 4 | `QB`, `i32` (64) |
//! | 28 | 4 | `SCALE`, `i32` (400) |
//! | 32 | 32 | the king bucket map, one `u8` per square (`rank * 4 + file`) |
//! | 64 | `2 · 768n · HIDDEN` | input weights, `i16`, row by input |
//! | … | `2 · HIDDEN` | input biases, `i16` |
//! | … | `2 · 8 · 2 · HIDDEN` | output weights, `i16`, by output bucket, the side to move's half first |
//! | … | `4 · 8` | output biases, `i32` |
//! | end − 8 | 8 | FNV-1a (64 bits) of every byte before it, `u64` |
//!
//! Reading checks every header field against this engine's constants,
//! the exact length, the checksum and the ranges the arithmetic needs,
//! and says which failed; it never panics.

use std::path::Path;

use super::features::{KingBuckets, INPUTS_PER_BUCKET, MAX_KING_BUCKETS};
use super::network::{rows, MAX_OUTPUT_WEIGHT};
use super::{Network, NnueError, HIDDEN, OUTPUT_BUCKETS, QA, QB, SCALE};

/// The first four bytes of a network file.
pub const MAGIC: [u8; 4] = *b"CNNU";
/// The format version this engine writes and reads.
pub const VERSION: u32 = 1;
/// The header's size.
pub const HEADER_BYTES: usize = 64;
/// The checksum's size, at the end.
const CHECKSUM_BYTES: usize = 8;

/// FNV-1a, 64 bits.
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The length of a file with `buckets` king buckets.
fn file_len(buckets: usize) -> usize {
    let weights = INPUTS_PER_BUCKET * buckets * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN;
    HEADER_BYTES + 2 * weights + 4 * OUTPUT_BUCKETS + CHECKSUM_BYTES
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Reads `count` little-endian `i16` from the front of `bytes`, and
/// moves `bytes` past them.
fn take_i16<'a>(bytes: &mut &'a [u8], count: usize) -> impl Iterator<Item = i16> + 'a {
    let (taken, rest) = bytes.split_at(2 * count);
    *bytes = rest;
    taken
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
}

impl Network {
    /// The file's bytes before the checksum.
    pub(super) fn body_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(file_len(self.buckets.count()));
        out.extend(MAGIC);
        out.extend(VERSION.to_le_bytes());
        for n in [HIDDEN, self.buckets.count(), OUTPUT_BUCKETS] {
            out.extend((n as u32).to_le_bytes());
        }
        for n in [QA, QB, SCALE] {
            out.extend(n.to_le_bytes());
        }
        out.extend(self.buckets.0);
        let rows = self
            .input
            .iter()
            .chain([&self.input_bias])
            .chain(self.output.iter().flatten());
        for row in rows {
            row.0.iter().for_each(|v| out.extend(v.to_le_bytes()));
        }
        self.output_bias
            .iter()
            .for_each(|b| out.extend(b.to_le_bytes()));
        out
    }

    /// The network file ([`super::file`] describes the layout).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.body_bytes();
        out.extend(self.checksum.to_le_bytes());
        out
    }

    /// Reads a network file; an error says what is wrong with it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NnueError> {
        let buckets = read_header(bytes)?;
        let (body, checksum) = checked_body(bytes, buckets.count())?;
        let net = read_weights(&body[HEADER_BYTES..], buckets, checksum)?;
        net.check_sums()?;
        Ok(net)
    }

    /// Reads the network file at `path`.
    pub fn load(path: impl AsRef<Path>) -> Result<Network, NnueError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|e| NnueError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        Network::from_bytes(&bytes)
    }
}

/// The king bucket layout of a file's header, once its magic, version,
/// sizes, quantization constants and bucket count are this engine's.
fn read_header(bytes: &[u8]) -> Result<KingBuckets, NnueError> {
    if bytes.len() >= MAGIC.len() && bytes[..4] != MAGIC {
        let found = [bytes[0], bytes[1], bytes[2], bytes[3]];
        return Err(NnueError::BadMagic { found });
    }
    if bytes.len() < HEADER_BYTES + CHECKSUM_BYTES {
        return Err(NnueError::TooShort {
            found: bytes.len(),
            header: HEADER_BYTES + CHECKSUM_BYTES,
        });
    }
    let version = u32_at(bytes, 4);
    if version != VERSION {
        return Err(NnueError::Version {
            found: version,
            expected: VERSION,
        });
    }
    let fields = [
        ("hidden size", 8, HIDDEN as i64),
        ("output bucket count", 16, OUTPUT_BUCKETS as i64),
        ("QA", 20, i64::from(QA)),
        ("QB", 24, i64::from(QB)),
        ("SCALE", 28, i64::from(SCALE)),
    ];
    for (field, at, expected) in fields {
        let found = i64::from(u32_at(bytes, at));
        if found != expected {
            return Err(NnueError::Mismatch {
                field,
                found,
                expected,
            });
        }
    }
    let mut map = [0u8; 32];
    map.copy_from_slice(&bytes[32..64]);
    let buckets = KingBuckets(map);
    let count = buckets.count();
    if count > MAX_KING_BUCKETS {
        return Err(NnueError::TooManyBuckets {
            count,
            max: MAX_KING_BUCKETS,
        });
    }
    let header_count = u32_at(bytes, 12) as usize;
    if header_count != count {
        return Err(NnueError::BucketCount {
            header: header_count,
            map: count,
        });
    }
    Ok(buckets)
}

/// The file without its checksum, and the checksum, once the length fits
/// `buckets` king buckets and the checksum matches.
fn checked_body(bytes: &[u8], buckets: usize) -> Result<(&[u8], u64), NnueError> {
    let expected = file_len(buckets);
    if bytes.len() != expected {
        return Err(NnueError::Length {
            found: bytes.len(),
            expected,
        });
    }
    let (body, tail) = bytes.split_at(expected - CHECKSUM_BYTES);
    let stored = u64::from_le_bytes(std::array::from_fn(|i| tail[i]));
    let computed = checksum(body);
    if stored != computed {
        return Err(NnueError::Checksum { stored, computed });
    }
    Ok((body, computed))
}

/// The weights after the header (`rest`, of the length the layout needs).
fn read_weights(
    mut rest: &[u8],
    buckets: KingBuckets,
    checksum: u64,
) -> Result<Network, NnueError> {
    let inputs = INPUTS_PER_BUCKET * buckets.count();
    let input = rows(take_i16(&mut rest, inputs * HIDDEN), inputs);
    let input_bias = rows(take_i16(&mut rest, HIDDEN), 1)[0];
    let output: Vec<i16> = take_i16(&mut rest, OUTPUT_BUCKETS * 2 * HIDDEN).collect();
    if let Some(index) = output
        .iter()
        .position(|&w| i64::from(w).abs() > MAX_OUTPUT_WEIGHT)
    {
        return Err(NnueError::OutOfRange {
            field: "output",
            index,
            value: f32::from(output[index]) / QB as f32,
            quantized: f64::from(output[index]),
            limit: MAX_OUTPUT_WEIGHT,
        });
    }
    let output = rows(output.into_iter(), OUTPUT_BUCKETS * 2);
    let mut output_bias = [0; OUTPUT_BUCKETS];
    for (b, chunk) in output_bias.iter_mut().zip(rest.chunks_exact(4)) {
        *b = i32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    Ok(Network {
        buckets,
        input,
        input_bias,
        output: output.chunks_exact(2).map(|p| [p[0], p[1]]).collect(),
        output_bias,
        checksum,
    })
}
