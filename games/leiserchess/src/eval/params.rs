//! Evaluation weights: the terms of MIT's reference player, each a UCI
//! spin option. Units are "hi-res" evaluation units; the final score is
//! divided by [`EV_SCORE_RATIO`] to give centipawns.

use search::{EvalParams, SpinOption, UnknownOption};

/// Evaluation units per centipawn.
pub const EV_SCORE_RATIO: i32 = 100;

/// The weights of the evaluation terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// Value of a pawn (`PAWN_EV_VALUE`).
    pub pawn: i32,
    /// King facing the enemy king, scaled by distance (`KFACE`).
    pub kface: i32,
    /// King with room behind it, away from the enemy king (`KAGGRESSIVE`).
    pub kaggressive: i32,
    /// Squares around the king free of the enemy beam (`MOBILITY`).
    pub mobility: i32,
    /// Pawns near the centre (`PCENTRAL`).
    pub pcentral: i32,
    /// Pawns in the rectangle spanned by the kings (`PBETWEEN`).
    pub pbetween: i32,
    /// Laser coverage near the enemy king (`LCOVERAGE`).
    pub lcoverage: i32,
    /// Bonus of the side to move (`TEMPO`): its laser fires next.
    pub tempo: i32,
}

/// Name, default, min, max of every option, in `Params` field order.
///
/// The defaults other than `PAWN_EV_VALUE` are SPSA-tuned (`autotester
/// tune`, 1200 iterations at 10 000 nodes, 2018 rules; see
/// `docs/strength.md`). MIT's reference player used KFACE 5000,
/// KAGGRESSIVE 26000, MOBILITY 400, PCENTRAL 500, PBETWEEN 2000,
/// LCOVERAGE 5000 and no TEMPO.
const SPECS: [(&str, i32, i32, i32); 8] = [
    ("PAWN_EV_VALUE", 10_000, 1_000, 100_000),
    ("KFACE", 4_953, 0, 20_000),
    ("KAGGRESSIVE", 25_297, 0, 60_000),
    ("MOBILITY", 396, 0, 10_000),
    ("PCENTRAL", 635, -10_000, 10_000),
    ("PBETWEEN", 2_551, -10_000, 10_000),
    ("LCOVERAGE", 2_118, 0, 40_000),
    ("TEMPO", 552, -10_000, 20_000),
];

impl Params {
    /// The side to move's bonus in centipawns, as the score gets it.
    #[inline]
    pub fn tempo_cp(&self) -> i32 {
        self.tempo / EV_SCORE_RATIO
    }

    fn field(&mut self, i: usize) -> &mut i32 {
        match i {
            0 => &mut self.pawn,
            1 => &mut self.kface,
            2 => &mut self.kaggressive,
            3 => &mut self.mobility,
            4 => &mut self.pcentral,
            5 => &mut self.pbetween,
            6 => &mut self.lcoverage,
            _ => &mut self.tempo,
        }
    }
}

impl Default for Params {
    fn default() -> Self {
        Params {
            pawn: SPECS[0].1,
            kface: SPECS[1].1,
            kaggressive: SPECS[2].1,
            mobility: SPECS[3].1,
            pcentral: SPECS[4].1,
            pbetween: SPECS[5].1,
            lcoverage: SPECS[6].1,
            tempo: SPECS[7].1,
        }
    }
}

impl EvalParams for Params {
    fn options() -> Vec<SpinOption> {
        SPECS
            .iter()
            .map(|&(name, default, min, max)| SpinOption {
                name,
                default,
                min,
                max,
                check: false,
            })
            .collect()
    }

    fn set(&mut self, name: &str, value: i32) -> Result<(), UnknownOption> {
        let i = SPECS
            .iter()
            .position(|s| s.0.eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownOption(name.to_string()))?;
        *self.field(i) = value.clamp(SPECS[i].2, SPECS[i].3);
        Ok(())
    }
}
