//! Training the chess NNUE (`chess::eval::nnue`) on `datagen`'s packed
//! positions: [`data`] reads and splits them by game, [`sample`] turns one
//! into features and a target, [`model`] is the network's arithmetic and
//! gradient, [`train`] the loop, [`checkpoint`] the float file to go on
//! from, [`cli`] the `texel nnue` command. The recipe is
//! `tools/README.md`.

pub mod checkpoint;
pub mod cli;
pub mod data;
pub mod model;
pub mod sample;
pub mod teacher;
pub mod train;

#[cfg(test)]
mod tests;
