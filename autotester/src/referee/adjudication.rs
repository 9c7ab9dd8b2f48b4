//! Optional adjudication: a move limit (MIT's `adjudicate`), resignation
//! when both engines agree one side is lost, and a draw when both agree
//! the game is level, as cutechess's and fastchess's `-resign`/`-draw`.

use search::Side;
use workbench::pgn::Score;

/// A mate score counts as this many centipawns.
const MATE_CP: i64 = 100_000;

/// `-resign movecount=N score=S`: the loser's own score at most `-S` and
/// the winner's at least `S`, each for `moves` consecutive moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub moves: u32,
    pub score: i32,
}

/// `-draw movenumber=M movecount=N score=S`: from move `from_move` on, both
/// engines' scores within `±S` for `moves` consecutive moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub from_move: u32,
    pub moves: u32,
    pub score: i32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Plies (moves of both sides, book included) after which the game is
    /// a draw.
    pub max_plies: Option<u32>,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
}

/// What adjudication decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Resign { loser: Side },
    Draw,
}

/// Consecutive-move counters for one game.
#[derive(Clone, Debug, Default)]
pub struct Tracker {
    losing: [u32; 2],
    winning: [u32; 2],
    level: [u32; 2],
}

fn centipawns(score: Score) -> i64 {
    match score {
        Score::Centipawns(cp) => i64::from(cp),
        Score::Mate(n) if n < 0 => -MATE_CP,
        Score::Mate(_) => MATE_CP,
    }
}

fn bump(counter: &mut u32, yes: bool) {
    *counter = if yes { *counter + 1 } else { 0 };
}

impl Tracker {
    /// Records the score `mover` reported with its move at full move
    /// number `move_number` (no score resets its counters).
    pub fn update(
        &mut self,
        rules: &Adjudication,
        mover: Side,
        score: Option<Score>,
        move_number: u32,
    ) -> Option<Verdict> {
        let i = mover.index();
        let cp = score.map(centipawns);
        if let Some(r) = rules.resign {
            let s = i64::from(r.score);
            bump(&mut self.losing[i], cp.is_some_and(|cp| cp <= -s));
            bump(&mut self.winning[i], cp.is_some_and(|cp| cp >= s));
            let j = mover.opponent().index();
            for (loser, winner) in [(i, j), (j, i)] {
                if self.losing[loser] >= r.moves && self.winning[winner] >= r.moves {
                    let loser = if loser == 0 { Side::White } else { Side::Black };
                    return Some(Verdict::Resign { loser });
                }
            }
        }
        if let Some(d) = rules.draw {
            let s = i64::from(d.score);
            let ok = move_number >= d.from_move && cp.is_some_and(|cp| cp.abs() <= s);
            bump(&mut self.level[i], ok);
            if self.level.iter().all(|&n| n >= d.moves) {
                return Some(Verdict::Draw);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{Adjudication, DrawRule, ResignRule, Tracker, Verdict};
    use search::Side::{Black, White};
    use workbench::pgn::Score::{Centipawns, Mate};

    #[test]
    fn resign_needs_both_engines_for_enough_moves() {
        let rules = Adjudication {
            resign: Some(ResignRule {
                moves: 2,
                score: 500,
            }),
            ..Adjudication::default()
        };
        let mut t = Tracker::default();
        assert_eq!(t.update(&rules, White, Some(Centipawns(600)), 1), None);
        assert_eq!(t.update(&rules, Black, Some(Centipawns(-600)), 1), None);
        assert_eq!(t.update(&rules, White, Some(Centipawns(600)), 2), None);
        // Black's second losing score in a row: both counts reach 2.
        assert_eq!(
            t.update(&rules, Black, Some(Mate(-4)), 2),
            Some(Verdict::Resign { loser: Black })
        );
        // A missing score breaks the run.
        let mut t = Tracker::default();
        t.update(&rules, White, Some(Centipawns(600)), 1);
        t.update(&rules, Black, Some(Centipawns(-600)), 1);
        t.update(&rules, White, None, 2);
        assert_eq!(t.update(&rules, Black, Some(Centipawns(-600)), 2), None);
    }

    #[test]
    fn draw_only_from_its_move_number() {
        let rules = Adjudication {
            draw: Some(DrawRule {
                from_move: 3,
                moves: 2,
                score: 10,
            }),
            ..Adjudication::default()
        };
        let mut t = Tracker::default();
        for n in 1..=2 {
            assert_eq!(t.update(&rules, White, Some(Centipawns(0)), n), None);
            assert_eq!(t.update(&rules, Black, Some(Centipawns(0)), n), None);
        }
        assert_eq!(t.update(&rules, White, Some(Centipawns(5)), 3), None);
        assert_eq!(t.update(&rules, Black, Some(Centipawns(-10)), 3), None);
        assert_eq!(t.update(&rules, White, Some(Centipawns(11)), 4), None);
        assert_eq!(t.update(&rules, Black, Some(Centipawns(0)), 4), None);
        assert_eq!(t.update(&rules, White, Some(Centipawns(0)), 5), None);
        assert_eq!(t.update(&rules, Black, Some(Centipawns(0)), 5), None);
        assert_eq!(
            t.update(&rules, White, Some(Centipawns(0)), 6),
            Some(Verdict::Draw)
        );
    }
}
