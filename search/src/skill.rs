//! Playing strength people can beat: a level from 0 to 20, or an Elo
//! figure that stands for one (`UCI_LimitStrength`, `UCI_Elo`, `Skill
//! Level`).
//!
//! A weakened search is weakened the way strong engines do it, never by
//! random blunders: it searches less deep (depth `1 + level`), looks at
//! [`Skill::LINES`] best lines, and plays one of those whose score is
//! within the level's margin of the best, chosen with a random bonus of
//! up to that margin. At level 19 the margin is 15 centipawns; at level
//! 0 three pawns, so a weak level misjudges positions but still takes a
//! piece left hanging. A proven mate is always played.

use rand::Rng;

use crate::game::Score;
use crate::score::is_mate_score;

/// A playing level below full strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u32,
}

/// How the `UCI_Elo` scale maps onto levels, until a calibration against
/// Stockfish's own levels replaces it: level 0 at [`Skill::MIN_ELO`],
/// one level per [`ELO_PER_LEVEL`] above it, full strength at
/// [`Skill::MAX_ELO`].
const ELO_PER_LEVEL: i32 = 70;
/// A level's margin per level below full strength, in centipawns.
const MARGIN_PER_LEVEL: Score = 15;

impl Skill {
    /// Full strength.
    pub const MAX_LEVEL: u32 = 20;
    /// The lowest and highest `UCI_Elo` (the highest plays at full
    /// strength).
    pub const MIN_ELO: i32 = 1000;
    pub const MAX_ELO: i32 = Skill::MIN_ELO + ELO_PER_LEVEL * Skill::MAX_LEVEL as i32;
    /// Best lines a weakened search looks at.
    pub const LINES: usize = 4;

    /// The level `level` (0 to 20); `None` at full strength.
    pub fn level(level: u32) -> Option<Skill> {
        (level < Skill::MAX_LEVEL).then_some(Skill { level })
    }

    /// The level that stands for `elo` on the `UCI_Elo` scale; `None` at
    /// full strength.
    pub fn from_elo(elo: i32) -> Option<Skill> {
        let elo = elo.clamp(Skill::MIN_ELO, Skill::MAX_ELO);
        Skill::level(((elo - Skill::MIN_ELO) / ELO_PER_LEVEL) as u32)
    }

    /// The deepest iteration the level searches.
    pub fn depth(self) -> u32 {
        1 + self.level
    }

    /// How far below the best line a chosen line may score.
    pub fn margin(self) -> Score {
        (Skill::MAX_LEVEL - self.level) as Score * MARGIN_PER_LEVEL
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
    pub elo: i32,
    pub level: u32,
}

impl Default for Strength {
    fn default() -> Self {
        Strength {
            limit_strength: false,
            elo: Skill::MAX_ELO,
            level: Skill::MAX_LEVEL,
        }
    }
}

impl Strength {
    /// The level these options ask for; `None` at full strength.
    pub fn skill(self) -> Option<Skill> {
        if self.limit_strength {
            Skill::from_elo(self.elo)
        } else {
            Skill::level(self.level)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn levels_and_elo_map_onto_each_other() {
        assert_eq!(Skill::level(20), None);
        assert_eq!(Skill::from_elo(Skill::MAX_ELO), None);
        assert_eq!(Skill::from_elo(0), Skill::level(0));
        assert_eq!(
            Skill::from_elo(Skill::MIN_ELO + 7 * ELO_PER_LEVEL),
            Skill::level(7)
        );
        let weak = Skill::level(0).expect("below full strength");
        let strong = Skill::level(19).expect("below full strength");
        assert!(weak.depth() < strong.depth());
        assert!(weak.margin() > strong.margin());
    }

    #[test]
    fn a_pick_stays_within_the_margin_and_varies() {
        let lines = [("best", 50), ("close", 40), ("worse", -20), ("lost", -400)];
        let mut rng = StdRng::seed_from_u64(7);
        for level in 0..20 {
            let skill = Skill::level(level).expect("below full strength");
            for _ in 0..200 {
                let mv = skill.pick(&lines, &mut rng).expect("a line");
                let score = lines.iter().find(|l| l.0 == mv).map_or(0, |l| l.1);
                assert!(50 - score <= skill.margin(), "level {level} played {mv}");
            }
        }
        let weak = Skill::level(0).expect("below full strength");
        let picks: Vec<&str> = (0..50)
            .filter_map(|_| weak.pick(&lines, &mut rng))
            .collect();
        assert!(
            picks.contains(&"best") && picks.contains(&"worse"),
            "{picks:?}"
        );
    }

    #[test]
    fn uci_elo_rules_while_strength_is_limited() {
        let mut strength = Strength::default();
        assert_eq!(strength.skill(), None);
        strength.level = 5;
        assert_eq!(strength.skill(), Skill::level(5));
        strength.limit_strength = true;
        assert_eq!(strength.skill(), None, "UCI_Elo at its maximum");
        strength.elo = Skill::MIN_ELO;
        assert_eq!(strength.skill(), Skill::level(0));
    }

    #[test]
    fn a_mate_is_always_played() {
        let mate = crate::score::mate_in(3);
        let lines = [("mate", mate), ("other", mate - 2)];
        let skill = Skill::level(0).expect("below full strength");
        let mut rng = StdRng::seed_from_u64(1);
        assert!((0..50).all(|_| skill.pick(&lines, &mut rng) == Some("mate")));
    }
}
