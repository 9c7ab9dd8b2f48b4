//! A training position as the trainer reads it: each perspective's
//! active features, the material bucket, and the target.

use chess::eval::nnue::{feature_index, output_bucket, KingBuckets};
use chess::{Color, Role, Square};

use crate::packed::PackedPosition;

use super::model::expected;

/// How a target blends the game's result with the search's score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// The result's share of the target; the rest is the expected result
    /// the score stands for.
    pub result_weight: f32,
    /// Centipawns of the logistic (`1 / (1 + e^(-cp / scale))`).
    pub scale: f32,
}

impl Target {
    /// The target of `packed`, from the side to move's view.
    pub fn of(&self, packed: &PackedPosition) -> f32 {
        let result_white = f32::from(packed.result()) / 2.0;
        let score_white = f32::from(packed.score_white());
        let (result, score) = match packed.side_to_move() {
            Color::White => (result_white, score_white),
            Color::Black => (1.0 - result_white, -score_white),
        };
        let w = self.result_weight;
        w * result + (1.0 - w) * expected(score, self.scale)
    }
}

/// One position's features and target.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Feature indices, the side to move's perspective first.
    features: [[u16; 32]; 2],
    pieces: u8,
    bucket: u8,
    target: f32,
}

impl Sample {
    pub fn new(packed: &PackedPosition, buckets: &KingBuckets, target: Target) -> Sample {
        let us = packed.side_to_move();
        let kings = king_squares(packed);
        let mut features = [[0u16; 32]; 2];
        let mut pieces = 0;
        for (view, perspective) in features.iter_mut().zip([us, !us]) {
            let king = kings[perspective.index()];
            let mut n = 0;
            for (color, role, sq) in packed.pieces() {
                view[n] = feature_index(buckets, perspective, king, color, role, sq) as u16;
                n += 1;
            }
            pieces = n;
        }
        Sample {
            features,
            pieces: pieces as u8,
            bucket: output_bucket(pieces as u32) as u8,
            target: target.of(packed),
        }
    }

    /// Perspective `p`'s features (0: the side to move's).
    #[inline]
    pub fn features(&self, p: usize) -> &[u16] {
        &self.features[p][..usize::from(self.pieces)]
    }

    #[inline]
    pub fn bucket(&self) -> usize {
        usize::from(self.bucket)
    }

    /// The expected result the network should predict, side to move's view.
    #[inline]
    pub fn target(&self) -> f32 {
        self.target
    }
}

/// Each side's king square, White's first (a packed position has one
/// king a side: its reader checks).
fn king_squares(packed: &PackedPosition) -> [Square; 2] {
    let mut kings = [Square::new_unchecked(0); 2];
    for (color, role, sq) in packed.pieces() {
        if role == Role::King {
            kings[color.index()] = sq;
        }
    }
    kings
}
