//! The game phase and the blend of middlegame and endgame scores, the
//! scaling of drawish endings and the tempo bonus.

use super::{layout, Weights, S, SCALE_MATERIAL_EG};
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;

/// Game phase weight of each role; the full phase is 24.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const FULL_PHASE: i32 = 24;

/// The game phase: 24 with every piece on the board, 0 with pawns and
/// kings alone.
pub fn phase(pos: &Position) -> i32 {
    Role::ALL
        .iter()
        .map(|&r| PHASE_WEIGHT[r.index()] * pos.role_bb(r).count() as i32)
        .sum::<i32>()
        .min(FULL_PHASE)
}

/// Endgame scale (out of 64) when `strong` is the side ahead: a pawnless
/// side up at most a minor piece ([`SCALE_MATERIAL_EG`]) is scaled down.
pub fn endgame_scale_for(pos: &Position, strong: Color) -> i32 {
    if pos.pieces(strong, Role::Pawn).nonempty() {
        return 64;
    }
    let non_pawn = |c: Color| -> i32 {
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .iter()
            .map(|&r| SCALE_MATERIAL_EG[r.index()] * pos.pieces(c, r).count() as i32)
            .sum()
    };
    if non_pawn(strong) - non_pawn(!strong) <= SCALE_MATERIAL_EG[Role::Bishop.index()] {
        16
    } else {
        64
    }
}

/// The side ahead in a White endgame total of `eg` (Black for 0).
#[inline]
pub fn strong_side(eg: i32) -> Color {
    if eg > 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Blends White's middlegame and endgame totals by `phase` after scaling
/// the endgame part by `scale` / 64: White's view, without tempo.
#[inline]
pub fn taper(white_total: S, phase: i32, scale: i32) -> i32 {
    let eg = white_total.eg * scale / 64;
    (white_total.mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// The tempo bonus of the side to move at `phase`.
#[inline]
pub fn tempo(weights: &Weights, phase: i32) -> i32 {
    let t = weights.get(layout::TEMPO);
    (t.mg * phase + t.eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Blends White's totals by phase, scales drawish endings, and returns
/// the score for the side to move with its tempo.
#[inline]
pub(super) fn blend(pos: &Position, phase: i32, white_total: S, weights: &Weights) -> i32 {
    let scale = endgame_scale_for(pos, strong_side(white_total.eg));
    let white = taper(white_total, phase, scale);
    white * pos.side_to_move().fold(1, -1) + tempo(weights, phase)
}
