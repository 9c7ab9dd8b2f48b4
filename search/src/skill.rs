//! Playing strength people can beat: a level from 0 to 20, or an Elo
//! figure that stands for one (`UCI_LimitStrength`, `UCI_Elo`, `Skill
//! Level`).
//!
//! A weakened search is weakened the way strong engines do it, never by
//! random blunders: it spends fewer nodes (a budget that grows
//! geometrically with the level, so that each level is a like step up
//! whatever the game), looks at [`Skill::LINES`] best lines, and plays one
//! of those whose score is within the level's margin of the best, chosen
//! with a random bonus of up to that margin. At level 19 the margin is 15
//! centipawns; at level 0 three pawns, so a weak level misjudges
//! positions but still takes a piece left hanging. A proven mate is
//! always played. A node budget, unlike a depth, makes steps as fine as
//! one likes in a game where one more ply is a giant step (Leiserchess),
//! and unlike a time, plays the same on a fast or a loaded machine.
//!
//! Each game's [`StrengthScale`] says what Elo each level stands for, as
//! measured (`docs/strength.md`), so that `UCI_Elo` means what it says.

use rand::Rng;

use crate::game::Score;
use crate::score::is_mate_score;

/// A level's margin per level below full strength, in centipawns.
const MARGIN_PER_LEVEL: f64 = 15.0;
/// Node budgets double every this many levels.
const LEVELS_PER_DOUBLING: f64 = 1.0 / 0.7;
/// A weakened search stops at once past this many times its budget (the
/// budget itself is checked between iterations).
const HARD_CAP_FACTOR: u64 = 4;

/// What a game's levels stand for: the node budget of level 0, and the
/// Elo of each whole level from 0 to [`Skill::MAX_LEVEL`] (full
/// strength), increasing. Levels between whole ones interpolate both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthScale {
    pub nodes_at_level_0: u64,
    pub elo: [i32; Skill::MAX_LEVEL as usize + 1],
}

impl StrengthScale {
    /// A scale not measured yet: 70 Elo a level from 1000.
    pub const PROVISIONAL: StrengthScale = StrengthScale {
        nodes_at_level_0: 64,
        elo: {
            let mut elo = [0; Skill::MAX_LEVEL as usize + 1];
            let mut level = 0;
            while level < elo.len() {
                elo[level] = 1000 + 70 * level as i32;
                level += 1;
            }
            elo
        },
    };

    /// The lowest `UCI_Elo`, level 0's.
    pub fn min_elo(&self) -> i32 {
        self.elo[0]
    }

    /// The highest `UCI_Elo`: full strength.
    pub fn max_elo(&self) -> i32 {
        self.elo[Skill::MAX_LEVEL as usize]
    }

    /// The (fractional) level that stands for `elo`, clamped to the scale.
    pub fn level_of(&self, elo: i32) -> f64 {
        let elo = elo.clamp(self.min_elo(), self.max_elo());
        let upper = self.elo.iter().position(|&e| e >= elo).unwrap_or(0);
        if upper == 0 {
            return 0.0;
        }
        let (low, high) = (self.elo[upper - 1], self.elo[upper]);
        let part = f64::from(elo - low) / f64::from((high - low).max(1));
        (upper - 1) as f64 + part
    }

    /// The Elo of whole level `level` (full strength above the scale).
    pub fn elo_of(&self, level: u32) -> i32 {
        self.elo[level.min(Skill::MAX_LEVEL) as usize]
    }
}

/// A playing level below full strength, and its budget in `scale`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    level: f64,
    nodes: u64,
}

impl Skill {
    /// Full strength.
    pub const MAX_LEVEL: u32 = 20;
    /// Best lines a weakened search looks at.
    pub const LINES: usize = 4;

    /// Level `level` (from 0 to 20, fractions allowed) of `scale`; `None`
    /// at full strength.
    pub fn new(level: f64, scale: &StrengthScale) -> Option<Skill> {
        let level = level.max(0.0);
        (level < f64::from(Skill::MAX_LEVEL)).then(|| Skill {
            level,
            nodes: (scale.nodes_at_level_0 as f64 * (level / LEVELS_PER_DOUBLING).exp2()) as u64,
        })
    }

    /// Whole level `level` of `scale`; `None` at full strength.
    pub fn level(level: u32, scale: &StrengthScale) -> Option<Skill> {
        Skill::new(f64::from(level), scale)
    }

    /// The nodes after which the search starts no new iteration.
    pub fn nodes(self) -> u64 {
        self.nodes
    }

    /// The nodes at which the search stops inside an iteration (once one
    /// is complete): a position whose next iteration explodes.
    pub fn node_cap(self) -> u64 {
        self.nodes.saturating_mul(HARD_CAP_FACTOR)
    }

    /// How far below the best line a chosen line may score.
    pub fn margin(self) -> Score {
        ((f64::from(Skill::MAX_LEVEL) - self.level) * MARGIN_PER_LEVEL).round() as Score
    }

    /// The move to play among `lines` (move and score, best first): the
    /// one with the highest score plus a random bonus of up to the
    /// margin, among those within the margin of the best. `None` when
    /// there is no line.
    pub fn pick<M: Copy>(self, lines: &[(M, Score)], rng: &mut impl Rng) -> Option<M> {
        let &(best_move, top) = lines.first()?;
        if is_mate_score(top) {
            return Some(best_move);
        }
        let margin = self.margin();
        lines
            .iter()
            .filter(|(_, score)| top - score <= margin)
            .map(|&(mv, score)| (mv, score + rng.gen_range(0..=margin)))
            .max_by_key(|&(_, chance)| chance)
            .map(|(mv, _)| mv)
    }
}

/// The three UCI options that set the strength, as given: `Skill Level`
/// (0 to 20), and `UCI_LimitStrength` with `UCI_Elo`, which take
/// precedence when on (as in Stockfish).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    pub limit_strength: bool,
    /// `None` until set: full strength.
    pub elo: Option<i32>,
    pub level: u32,
}

impl Default for Strength {
    fn default() -> Self {
        Strength {
            limit_strength: false,
            elo: None,
            level: Skill::MAX_LEVEL,
        }
    }
}

impl Strength {
    /// The level these options ask for in `scale`; `None` at full
    /// strength.
    pub fn skill(self, scale: &StrengthScale) -> Option<Skill> {
        match (self.limit_strength, self.elo) {
            (true, Some(elo)) => Skill::new(scale.level_of(elo), scale),
            (true, None) => None,
            (false, _) => Skill::level(self.level, scale),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    const SCALE: StrengthScale = StrengthScale::PROVISIONAL;

    fn level(level: u32) -> Skill {
        Skill::level(level, &SCALE).expect("below full strength")
    }

    #[test]
    fn levels_and_elo_map_onto_each_other() {
        assert_eq!(Skill::level(20, &SCALE), None);
        assert_eq!(Skill::new(SCALE.level_of(SCALE.max_elo()), &SCALE), None);
        assert_eq!(SCALE.level_of(0), 0.0);
        assert_eq!(SCALE.level_of(SCALE.elo_of(7)), 7.0);
        assert_eq!(SCALE.level_of((SCALE.elo_of(7) + SCALE.elo_of(8)) / 2), 7.5);
        let (weak, strong) = (level(0), level(19));
        assert_eq!(weak.nodes(), SCALE.nodes_at_level_0);
        assert!(weak.nodes() < strong.nodes());
        assert!(weak.margin() > strong.margin());
        assert_eq!(strong.margin(), 15);
    }

    #[test]
    fn budgets_grow_by_a_like_step_per_level() {
        let steps: Vec<f64> = (0..19)
            .map(|l| level(l + 1).nodes() as f64 / level(l).nodes() as f64)
            .collect();
        assert!(steps.iter().all(|s| (1.55..1.7).contains(s)), "{steps:?}");
        let half = Skill::new(3.5, &SCALE).expect("below full strength");
        assert!(level(3).nodes() < half.nodes() && half.nodes() < level(4).nodes());
        assert!(level(0).node_cap() > level(0).nodes());
    }

    #[test]
    fn a_pick_stays_within_the_margin_and_varies() {
        let lines = [("best", 50), ("close", 40), ("worse", -20), ("lost", -400)];
        let mut rng = StdRng::seed_from_u64(7);
        for l in 0..20 {
            let skill = level(l);
            for _ in 0..200 {
                let mv = skill.pick(&lines, &mut rng).expect("a line");
                let score = lines.iter().find(|x| x.0 == mv).map_or(0, |x| x.1);
                assert!(50 - score <= skill.margin(), "level {l} played {mv}");
            }
        }
        let picks: Vec<&str> = (0..50)
            .filter_map(|_| level(0).pick(&lines, &mut rng))
            .collect();
        assert!(
            picks.contains(&"best") && picks.contains(&"worse"),
            "{picks:?}"
        );
    }

    #[test]
    fn uci_elo_rules_while_strength_is_limited() {
        let mut strength = Strength::default();
        assert_eq!(strength.skill(&SCALE), None);
        strength.level = 5;
        assert_eq!(strength.skill(&SCALE), Some(level(5)));
        strength.limit_strength = true;
        assert_eq!(strength.skill(&SCALE), None, "UCI_Elo never set");
        strength.elo = Some(SCALE.min_elo());
        assert_eq!(strength.skill(&SCALE), Some(level(0)));
        strength.elo = Some(SCALE.max_elo());
        assert_eq!(strength.skill(&SCALE), None);
    }

    #[test]
    fn a_mate_is_always_played() {
        let mate = crate::score::mate_in(3);
        let lines = [("mate", mate), ("other", mate - 2)];
        let mut rng = StdRng::seed_from_u64(1);
        assert!((0..50).all(|_| level(0).pick(&lines, &mut rng) == Some("mate")));
    }
}
