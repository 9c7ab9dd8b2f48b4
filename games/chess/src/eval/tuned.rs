//! The weights `texel tune` fitted (see `tools/README.md`); the engine
//! uses them with `setoption name TunedEval value 1`. Until a first
//! tuning run is committed they are the defaults.

use super::weights::{default_raw, layout};
use super::S;

pub const TUNED_RAW: [S; layout::COUNT] = default_raw();
