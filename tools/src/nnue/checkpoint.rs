//! The trainer's own file of a network in floating point (the engine's
//! file holds integers, [`chess::eval::nnue::Network::to_bytes`]): to go
//! on training from where a run stopped, or on more data. An engine's
//! file serves as a start too, read back as floats.
//!
//! Layout, little endian: `b"CNNF"`, `u32` version 1, the 32-byte king
//! bucket map, then the input weights, input biases, output weights and
//! output biases as `f32`, each group's length implied by the map.

use std::path::{Path, PathBuf};

use chess::eval::nnue::{FloatNetwork, KingBuckets, Network};

const MAGIC: &[u8; 4] = b"CNNF";
const VERSION: u32 = 1;
const HEADER: usize = 4 + 4 + 32;

#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}: neither a float network of this trainer nor an engine's network file ({1})")]
    Format(PathBuf, String),
}

/// The bytes of `net`.
pub fn to_bytes(net: &FloatNetwork) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER + 4 * float_count(net));
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&net.buckets.0);
    for group in [&net.input, &net.input_bias, &net.output, &net.output_bias] {
        group
            .iter()
            .for_each(|f| bytes.extend_from_slice(&f.to_le_bytes()));
    }
    bytes
}

fn float_count(net: &FloatNetwork) -> usize {
    net.input.len() + net.input_bias.len() + net.output.len() + net.output_bias.len()
}

/// The network of `bytes`, `None` if they are not one.
pub fn from_bytes(bytes: &[u8]) -> Option<FloatNetwork> {
    let (header, body) = bytes.split_at_checked(HEADER)?;
    if &header[..4] != MAGIC || header[4..8] != VERSION.to_le_bytes() {
        return None;
    }
    let map: [u8; 32] = header[8..].try_into().ok()?;
    if map.iter().any(|&b| usize::from(b) >= map.len()) {
        return None;
    }
    let mut net = FloatNetwork::zeroed(KingBuckets(map));
    if body.len() != 4 * float_count(&net) {
        return None;
    }
    let mut floats = body
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    for group in [
        &mut net.input,
        &mut net.input_bias,
        &mut net.output,
        &mut net.output_bias,
    ] {
        group.iter_mut().zip(&mut floats).for_each(|(w, f)| *w = f);
    }
    Some(net)
}

pub fn write(path: &Path, net: &FloatNetwork) -> Result<(), CheckpointError> {
    std::fs::write(path, to_bytes(net)).map_err(|source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// The float network of `path`: a file of this trainer, or an engine's
/// network file read back as floats (the network it plays, exactly).
pub fn read_either(path: &Path) -> Result<FloatNetwork, CheckpointError> {
    let bytes = std::fs::read(path).map_err(|source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    if let Some(net) = from_bytes(&bytes) {
        return Ok(net);
    }
    Network::from_bytes(&bytes)
        .map(|net| net.to_float())
        .map_err(|e| CheckpointError::Format(path.to_path_buf(), e.to_string()))
}
