//! Every linear weight of the evaluation in one flat table of
//! middlegame/endgame pairs, [`Weights`], laid out by [`layout`].
//!
//! [`HAND_WEIGHTS`] are the hand-written evaluation the engine had before
//! tuning: the piece-square tables are filled from its formulas, mobility
//! from its per-square slopes, king danger from its capped quadratic.
//! `texel tune` (in `tools/`) fits all of them to labelled positions and
//! writes [`super::tuned`], the engine's default since an SPRT showed the
//! gain; the UCI option `TunedEval` (0 or 1) picks between the two
//! ([`EvalChoice`]).
//!
//! Not weights (fixed, not tuned): the game phase per role, the endgame
//! scaling of drawish pawnless endings (it reads fixed material values,
//! [`SCALE_MATERIAL_EG`]), and the attack units per role that index the
//! king-danger table.

use search::{EvalParams, SetOptionError, SpinOption, StringOption, UnknownOption};

use super::nnue::{self, EvalFile, Network};
use super::{s, tuned, S};

/// Where each group of weights starts in [`Weights::raw`], and how many
/// entries it has.
pub mod layout {
    /// Material by role (pawn .. king; the king's is unused).
    pub const MATERIAL: usize = 0;
    /// Piece-square bonus `PST + role * 64 + square` (White's view; Black
    /// mirrors the square), on top of the material.
    pub const PST: usize = MATERIAL + 6;
    /// Mobility by role and count of safe squares:
    /// `MOBILITY + MOBILITY_OFFSET[role] + count`.
    pub const MOBILITY: usize = PST + 6 * 64;
    /// Where each role's mobility entries start (knight, bishop, rook,
    /// queen have 9, 14, 15 and 28 counts).
    pub const MOBILITY_OFFSET: [usize; 6] = [0, 0, 9, 23, 38, 0];
    pub const MOBILITY_LEN: usize = 9 + 14 + 15 + 28;
    /// A passed pawn, by relative rank.
    pub const PASSED: usize = MOBILITY + MOBILITY_LEN;
    /// Per square of distance from the enemy king to a passer's stop
    /// square, by relative rank.
    pub const PASSED_ENEMY_KING: usize = PASSED + 8;
    /// The same for our own king.
    pub const PASSED_OWN_KING: usize = PASSED_ENEMY_KING + 8;
    /// A passer with nothing ahead on its file, by relative rank.
    pub const PASSED_FREE_PATH: usize = PASSED_OWN_KING + 8;
    pub const ISOLATED: usize = PASSED_FREE_PATH + 8;
    pub const DOUBLED: usize = ISOLATED + 1;
    pub const BACKWARD: usize = DOUBLED + 1;
    pub const BISHOP_PAIR: usize = BACKWARD + 1;
    pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
    pub const ROOK_HALF_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
    /// Per enemy piece (not pawn) attacked by our pawns.
    pub const THREAT_BY_PAWN: usize = ROOK_HALF_OPEN_FILE + 1;
    /// A shield pawn one (`+0`) or two (`+1`) ranks before our king.
    pub const PAWN_SHIELD: usize = THREAT_BY_PAWN + 1;
    /// The danger our pieces pose to the enemy king (two attackers or
    /// more), by attack units capped at `KING_DANGER_LEN - 1`.
    pub const KING_DANGER: usize = PAWN_SHIELD + 2;
    pub const KING_DANGER_LEN: usize = 19;
    /// Per enemy piece attacked by our knights or bishops, by its role
    /// (pawn .. queen; a pawn only when no enemy pawn defends it).
    pub const THREAT_BY_MINOR: usize = KING_DANGER + KING_DANGER_LEN;
    /// The same for pieces attacked by our rooks.
    pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 5;
    /// Per enemy piece (not pawn or king) we attack and they do not
    /// defend.
    pub const HANGING: usize = THREAT_BY_ROOK + 5;
    /// Per square from which our knight, bishop, rook or queen (`+0` ..
    /// `+3`) could check the enemy king, reachable by such a piece and
    /// not attacked by the enemy.
    pub const SAFE_CHECK: usize = HANGING + 1;
    /// Our knight (`+0`) or bishop (`+1`) on the fourth to sixth rank,
    /// defended by a pawn, where no enemy pawn can ever attack it.
    pub const OUTPOST: usize = SAFE_CHECK + 4;
    /// A pawn with a friendly pawn beside it or defending it, by
    /// relative rank.
    pub const CONNECTED: usize = OUTPOST + 2;
    /// Per own pawn on the squares of a bishop's colour, per bishop.
    pub const BISHOP_PAWNS: usize = CONNECTED + 8;
    /// A passer whose stop square an enemy piece occupies, by relative
    /// rank.
    pub const PASSED_BLOCKED: usize = BISHOP_PAWNS + 1;
    /// A passer whose stop square is empty and not attacked by the enemy,
    /// by relative rank.
    pub const PASSED_SAFE_STOP: usize = PASSED_BLOCKED + 8;
    /// Our pawn on the enemy king's file or a file beside it, by its
    /// relative rank, with no enemy pawn right in front of it.
    pub const PAWN_STORM: usize = PASSED_SAFE_STOP + 8;
    /// The same pawn with an enemy pawn right in front of it.
    pub const PAWN_STORM_BLOCKED: usize = PAWN_STORM + 8;
    /// Per file at or beside our king without a pawn of ours (`+0`), and
    /// without any pawn (`+1`).
    pub const KING_FILE: usize = PAWN_STORM_BLOCKED + 1;
    /// Per square of the enemy king's zone we attack that only their king
    /// or queen defends.
    pub const KING_ZONE_WEAK: usize = KING_FILE + 2;
    /// Per central square (files c to f, our ranks 2 to 4) not attacked by
    /// enemy pawns nor held by our pawns, again if behind our pawns.
    pub const SPACE: usize = KING_ZONE_WEAK + 1;
    /// Knights (`+0`) and rooks (`+1`) times our pawns: a knight gains
    /// with pawns on the board, a rook with open lines.
    pub const PIECE_PAWNS: usize = SPACE + 1;
    /// Our knight or bishop with a pawn right in front of it.
    pub const MINOR_BEHIND_PAWN: usize = PIECE_PAWNS + 2;
    /// Enemy pieces and pawns our king attacks that nothing defends.
    pub const THREAT_BY_KING: usize = MINOR_BEHIND_PAWN + 1;
    /// Enemy pieces (not pawns) a safe push of our pawns would attack.
    pub const THREAT_BY_PUSH: usize = THREAT_BY_KING + 1;
    /// Per square of distance from our king to our nearest pawn.
    pub const KING_PAWN_DISTANCE: usize = THREAT_BY_PUSH + 1;
    /// For the side to move; not scaled with drawish endings.
    pub const TEMPO: usize = KING_PAWN_DISTANCE + 1;
    /// How many weights there are.
    pub const COUNT: usize = TEMPO + 1;

    /// The term of the `eval` report a weight belongs to (index into
    /// [`super::super::GROUP_NAMES`]).
    pub const fn group(index: usize) -> usize {
        match index {
            i if i < MOBILITY => 0,
            i if i < PASSED => 1,
            i if i < ISOLATED => 3,
            i if i < BISHOP_PAIR => 2,
            i if i < THREAT_BY_PAWN => 6,
            i if i < PAWN_SHIELD => 5,
            i if i < THREAT_BY_MINOR => 4,
            i if i < SAFE_CHECK => 5,
            i if i < OUTPOST => 4,
            i if i < CONNECTED => 6,
            i if i < BISHOP_PAWNS => 2,
            i if i < PASSED_BLOCKED => 6,
            i if i < PAWN_STORM => 3,
            i if i < SPACE => 4,
            i if i < THREAT_BY_KING => 6,
            i if i < KING_PAWN_DISTANCE => 5,
            i if i < TEMPO => 6,
            _ => 4,
        }
    }
}

/// The fixed endgame material of knight, bishop, rook and queen that
/// decides whether a pawnless ending is drawish (see `endgame_scale`);
/// the hand-written weights' values, kept fixed so that scaling does not move
/// with tuning.
pub const SCALE_MATERIAL_EG: [i32; 6] = [0, 305, 325, 545, 985, 0];

/// The evaluation's weights, and the material plus piece-square table
/// derived from them for the hot path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    raw: [S; layout::COUNT],
    /// `material[role] + pst[role][square]`, one load per piece.
    piece_square: [[S; 64]; 6],
}

impl Weights {
    /// Weights from their flat table.
    pub const fn from_raw(raw: [S; layout::COUNT]) -> Weights {
        let mut piece_square = [[s(0, 0); 64]; 6];
        let mut role = 0;
        while role < 6 {
            let mut sq = 0;
            while sq < 64 {
                let m = raw[layout::MATERIAL + role];
                let p = raw[layout::PST + role * 64 + sq];
                piece_square[role][sq] = s(m.mg + p.mg, m.eg + p.eg);
                sq += 1;
            }
            role += 1;
        }
        Weights { raw, piece_square }
    }

    /// The flat table, indexed by [`layout`].
    #[inline]
    pub fn raw(&self) -> &[S; layout::COUNT] {
        &self.raw
    }

    /// Weight `index` of [`layout`].
    #[inline]
    pub fn get(&self, index: usize) -> S {
        self.raw[index]
    }

    /// Material plus piece-square weight of `role` (by index) on `sq`
    /// (from its own side's view).
    #[inline]
    pub fn piece_square(&self, role: usize, sq: usize) -> S {
        self.piece_square[role][sq]
    }
}

/// A readable name for weight `index`, as `texel tune` prints it.
pub fn name(index: usize) -> String {
    use layout::*;
    const ROLES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    let square = |sq: usize| {
        let file = char::from(b'a' + (sq % 8) as u8);
        format!("{file}{}", sq / 8 + 1)
    };
    match index {
        i if i < PST => format!("material[{}]", ROLES[i - MATERIAL]),
        i if i < MOBILITY => {
            let k = i - PST;
            format!("pst[{}][{}]", ROLES[k / 64], square(k % 64))
        }
        i if i < PASSED => {
            let k = i - MOBILITY;
            let role = (1..5).rev().find(|&r| MOBILITY_OFFSET[r] <= k).unwrap_or(1);
            format!("mobility[{}][{}]", ROLES[role], k - MOBILITY_OFFSET[role])
        }
        i if i < PASSED_ENEMY_KING => format!("passed[rank {}]", i - PASSED + 1),
        i if i < PASSED_OWN_KING => {
            format!("passed_enemy_king[rank {}]", i - PASSED_ENEMY_KING + 1)
        }
        i if i < PASSED_FREE_PATH => format!("passed_own_king[rank {}]", i - PASSED_OWN_KING + 1),
        i if i < ISOLATED => format!("passed_free_path[rank {}]", i - PASSED_FREE_PATH + 1),
        ISOLATED => "isolated".into(),
        DOUBLED => "doubled".into(),
        BACKWARD => "backward".into(),
        BISHOP_PAIR => "bishop_pair".into(),
        ROOK_OPEN_FILE => "rook_open_file".into(),
        ROOK_HALF_OPEN_FILE => "rook_half_open_file".into(),
        THREAT_BY_PAWN => "threat_by_pawn".into(),
        i if i < KING_DANGER => format!("pawn_shield[{} ahead]", i - PAWN_SHIELD + 1),
        i if i < THREAT_BY_MINOR => format!("king_danger[{} units]", i - KING_DANGER),
        i if i < THREAT_BY_ROOK => format!("threat_by_minor[{}]", ROLES[i - THREAT_BY_MINOR]),
        i if i < HANGING => format!("threat_by_rook[{}]", ROLES[i - THREAT_BY_ROOK]),
        HANGING => "hanging".into(),
        i if i < OUTPOST => format!("safe_check[{}]", ROLES[i - SAFE_CHECK + 1]),
        i if i < CONNECTED => format!("outpost[{}]", ROLES[i - OUTPOST + 1]),
        i if i < BISHOP_PAWNS => format!("connected[rank {}]", i - CONNECTED + 1),
        BISHOP_PAWNS => "bishop_pawns".into(),
        i if i < PASSED_SAFE_STOP => format!("passed_blocked[rank {}]", i - PASSED_BLOCKED + 1),
        i if i < PAWN_STORM => format!("passed_safe_stop[rank {}]", i - PASSED_SAFE_STOP + 1),
        i if i < PAWN_STORM_BLOCKED => format!("pawn_storm[rank {}]", i - PAWN_STORM + 1),
        PAWN_STORM_BLOCKED => "pawn_storm_blocked".into(),
        KING_FILE => "king_file[half-open]".into(),
        i if i == KING_FILE + 1 => "king_file[open]".into(),
        KING_ZONE_WEAK => "king_zone_weak".into(),
        SPACE => "space".into(),
        PIECE_PAWNS => "piece_pawns[knight]".into(),
        i if i == PIECE_PAWNS + 1 => "piece_pawns[rook]".into(),
        MINOR_BEHIND_PAWN => "minor_behind_pawn".into(),
        THREAT_BY_KING => "threat_by_king".into(),
        THREAT_BY_PUSH => "threat_by_push".into(),
        KING_PAWN_DISTANCE => "king_pawn_distance".into(),
        TEMPO => "tempo".into(),
        _ => format!("weight {index}"),
    }
}

// ---- The defaults: the hand-written evaluation --------------------------------

const MATERIAL: [S; 6] = [
    s(90, 115),
    s(330, 305),
    s(345, 325),
    s(475, 545),
    s(1000, 985),
    s(0, 0),
];
/// Per square of mobility, beyond the typical count `MOBILITY_BASE`.
const MOBILITY: [S; 6] = [s(0, 0), s(5, 5), s(5, 6), s(3, 6), s(2, 4), s(0, 0)];
const MOBILITY_BASE: [i32; 6] = [0, 4, 6, 6, 12, 0];
const PASSED: [S; 8] = [
    s(0, 0),
    s(2, 8),
    s(5, 12),
    s(10, 25),
    s(25, 50),
    s(45, 90),
    s(70, 140),
    s(0, 0),
];
/// Endgame bonus per square of distance between the enemy king and the
/// passer's stop square (twice this) minus our king's (once), by rank.
const PASSED_KING_DISTANCE: [i32; 8] = [0, 0, 0, 2, 5, 8, 10, 0];
/// Times `rank / 2` for a passer with a free path.
const PASSED_FREE_PATH: S = s(5, 20);
const PAWN_SHIELD: [i32; 2] = [14, 7];
/// King danger: twice the square of the attack units, capped.
const KING_DANGER_CAP: i32 = 600;

/// Manhattan distance from the centre, in half squares pairs: 1 (centre
/// squares) to 7 (corners).
const fn centre_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    ((2 * f - 7).abs() + (2 * r - 7).abs()) / 2
}

/// The default piece-square bonus of `role` on `sq`, seen from White
/// (rank 0 = own back rank), material excluded.
const fn pst_entry(role: usize, sq: usize) -> S {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let centre = 6 - centre_distance(sq); // -1 .. 5
    match role {
        // Pawns: advance, and central pawns count more in the middlegame.
        0 => {
            let central = [0, 0, 4, 10, 10, 4, 0, 0][f as usize];
            let mid = if r >= 2 && r <= 4 { central } else { 0 };
            s(
                3 * r + mid - if r == 1 && (f == 3 || f == 4) { 10 } else { 0 },
                5 * r,
            )
        }
        1 => s(8 * centre - 22, 6 * centre - 16),
        2 => {
            let back = if r == 0 { -10 } else { 0 };
            s(4 * centre - 8 + back, 4 * centre - 10)
        }
        3 => {
            let seventh = if r == 6 { 20 } else { 0 };
            let centre_file = if f == 3 || f == 4 { 5 } else { 0 };
            s(seventh + centre_file, if r == 6 { 12 } else { 0 })
        }
        4 => s(2 * centre - 4, 5 * centre - 12),
        _ => {
            // King: hide on the back rank corners in the middlegame,
            // come to the centre in the endgame.
            let file_bonus = [20, 30, 8, -5, -5, 8, 30, 20][f as usize];
            s(file_bonus - 25 * r, 10 * centre - 25)
        }
    }
}

/// The hand-written evaluation as a flat table.
pub const fn hand_written_raw() -> [S; layout::COUNT] {
    use layout::*;
    let mut w = [s(0, 0); COUNT];
    let mut role = 0;
    while role < 6 {
        w[MATERIAL + role] = self::MATERIAL[role];
        let mut sq = 0;
        while sq < 64 {
            w[PST + role * 64 + sq] = pst_entry(role, sq);
            sq += 1;
        }
        if role >= 1 && role <= 4 {
            let len = [0, 9, 14, 15, 28, 0][role];
            let mut count = 0;
            while count < len {
                let slope = self::MOBILITY[role];
                let beyond = count as i32 - MOBILITY_BASE[role];
                w[layout::MOBILITY + MOBILITY_OFFSET[role] + count] =
                    s(slope.mg * beyond, slope.eg * beyond);
                count += 1;
            }
        }
        role += 1;
    }
    let mut rank = 0;
    while rank < 8 {
        w[layout::PASSED + rank] = self::PASSED[rank];
        w[PASSED_ENEMY_KING + rank] = s(0, 2 * PASSED_KING_DISTANCE[rank]);
        w[PASSED_OWN_KING + rank] = s(0, -PASSED_KING_DISTANCE[rank]);
        let steps = rank as i32 / 2;
        w[layout::PASSED_FREE_PATH + rank] = s(
            self::PASSED_FREE_PATH.mg * steps,
            self::PASSED_FREE_PATH.eg * steps,
        );
        rank += 1;
    }
    w[ISOLATED] = s(-10, -12);
    w[DOUBLED] = s(-8, -20);
    w[BACKWARD] = s(-8, -8);
    w[BISHOP_PAIR] = s(30, 55);
    w[ROOK_OPEN_FILE] = s(28, 10);
    w[ROOK_HALF_OPEN_FILE] = s(12, 8);
    w[THREAT_BY_PAWN] = s(45, 35);
    w[layout::PAWN_SHIELD] = s(self::PAWN_SHIELD[0], 0);
    w[layout::PAWN_SHIELD + 1] = s(self::PAWN_SHIELD[1], 0);
    let mut units = 0;
    while units < KING_DANGER_LEN {
        let square = 2 * (units * units) as i32;
        let danger = if square < KING_DANGER_CAP {
            square
        } else {
            KING_DANGER_CAP
        };
        w[KING_DANGER + units] = s(danger, danger / 8);
        units += 1;
    }
    // The terms from THREAT_BY_MINOR to KING_PAWN_DISTANCE were added for
    // the tuner; the hand-written evaluation had none of them, so they stay
    // 0 here and the default evaluation is unchanged.
    w[TEMPO] = s(18, 8);
    w
}

/// The hand-written evaluation (`TunedEval` 0), the tuner's start.
pub static HAND_WEIGHTS: Weights = Weights::from_raw(hand_written_raw());

/// The weights `texel tune` fitted (`src/eval/tuned.rs`): the default.
pub static TUNED_WEIGHTS: Weights = Weights::from_raw(tuned::TUNED_RAW);

/// What the engine evaluates with, as UCI check options so that an SPRT
/// can compare the choices in one binary: `TunedEval` (1 = the tuned
/// weights, the default; 0 = the hand-written ones), `NetEval` (1, the
/// default: add the network's correction, [`super::net`]; 0: without it)
/// and `Nnue` (1, the default: the NNUE, [`super::nnue`], instead of all
/// of those; 0: the hand-written evaluation), and the string option
/// `EvalFile`, a network file to use instead of the one compiled in.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub struct EvalChoice {
    pub tuned: bool,
    pub net: bool,
    pub nnue: bool,
    /// The network `EvalFile` loaded, if any.
    pub eval_file: Option<EvalFile>,
}

impl Default for EvalChoice {
    fn default() -> Self {
        EvalChoice {
            tuned: true,
            net: true,
            nnue: true,
            eval_file: None,
        }
    }
}

impl EvalChoice {
    pub const OPTION: &'static str = "TunedEval";
    pub const NET_OPTION: &'static str = "NetEval";
    pub const NNUE_OPTION: &'static str = "Nnue";
    pub const EVAL_FILE_OPTION: &'static str = "EvalFile";

    /// The NNUE the evaluation uses: with `Nnue` on, the network of
    /// `EvalFile`, else the one compiled in ([`nnue::embedded`]). `None`
    /// (the hand-written evaluation) when `Nnue` is off.
    #[inline]
    pub fn nnue_network(&self) -> Option<&Network> {
        if !self.nnue {
            return None;
        }
        match &self.eval_file {
            Some(file) => Some(&file.network),
            None => nnue::embedded(),
        }
    }

    /// The weights chosen.
    #[inline]
    pub fn weights(&self) -> &'static Weights {
        if self.tuned {
            &TUNED_WEIGHTS
        } else {
            &HAND_WEIGHTS
        }
    }
}

impl EvalParams for EvalChoice {
    fn options() -> Vec<SpinOption> {
        let default = EvalChoice::default();
        let switch = |name, on: bool| SpinOption {
            name,
            default: i32::from(on),
            min: 0,
            max: 1,
            check: true,
        };
        vec![
            switch(Self::OPTION, default.tuned),
            switch(Self::NET_OPTION, default.net),
            switch(Self::NNUE_OPTION, default.nnue),
        ]
    }

    fn set(&mut self, name: &str, value: i32) -> Result<(), UnknownOption> {
        if name.eq_ignore_ascii_case(Self::OPTION) {
            self.tuned = value != 0;
        } else if name.eq_ignore_ascii_case(Self::NET_OPTION) {
            self.net = value != 0;
        } else if name.eq_ignore_ascii_case(Self::NNUE_OPTION) {
            self.nnue = value != 0;
        } else {
            return Err(UnknownOption(name.to_string()));
        }
        Ok(())
    }

    fn string_options() -> Vec<StringOption> {
        vec![StringOption {
            name: Self::EVAL_FILE_OPTION,
            default: "",
        }]
    }

    /// `EvalFile`: reads the network file named (empty: none); a file
    /// that cannot be read or is not a network of this engine is refused,
    /// saying why, and the network loaded before stays.
    fn set_string(&mut self, name: &str, value: &str) -> Result<(), SetOptionError> {
        if !name.eq_ignore_ascii_case(Self::EVAL_FILE_OPTION) {
            return Err(UnknownOption(name.to_string()).into());
        }
        let refused = |e: nnue::NnueError| {
            SetOptionError::Refused(match e {
                nnue::NnueError::Io { .. } => e.to_string(),
                _ => format!("'{value}' is not a network this engine reads: {e}"),
            })
        };
        self.eval_file = match value {
            "" => None,
            path => Some(EvalFile::load(path).map_err(refused)?),
        };
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuned_eval_option_switches_the_weights() {
        let mut choice = EvalChoice::default();
        assert!(std::ptr::eq(choice.weights(), &TUNED_WEIGHTS));
        choice.set("tunedeval", 0).expect("known option");
        assert!(std::ptr::eq(choice.weights(), &HAND_WEIGHTS));
        choice.set("TunedEval", 1).expect("known option");
        assert!(choice.tuned);
        assert_eq!(EvalChoice::options()[0].default, 1);
        assert!(choice.set("Nope", 1).is_err());
        choice.set("neteval", 1).expect("known option");
        assert!(choice.net);
        assert!(choice.nnue);
        // No file loaded: the network compiled in evaluates.
        assert!(choice.nnue_network().is_some());
        choice.set("nnue", 0).expect("known option");
        assert!(!choice.nnue);
        assert!(choice.nnue_network().is_none());
        // `UCI_Chess960` belongs to the game, not the evaluation.
        assert_eq!(EvalChoice::options().len(), 3);
        assert!(choice.set("UCI_Chess960", 1).is_err());
    }

    #[test]
    fn every_weight_has_a_name() {
        for i in 0..layout::COUNT {
            assert!(!name(i).starts_with("weight "), "{i}");
        }
        assert_eq!(name(layout::PST + 64 + 28), "pst[knight][e4]");
        assert_eq!(name(layout::MOBILITY + 9 + 13), "mobility[bishop][13]");
        assert_eq!(name(layout::KING_DANGER + 18), "king_danger[18 units]");
        assert_eq!(name(layout::SAFE_CHECK + 3), "safe_check[queen]");
        assert_eq!(name(layout::TEMPO), "tempo");
        assert_eq!(layout::COUNT, 578);
    }
}
