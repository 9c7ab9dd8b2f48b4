//! Running totals for the progress line: wins, draws and losses per player
//! and, for a two-player match, the head-to-head summary.

use crate::report::{pair_games, GameRecord};
use crate::stats::penta::from_pairs;
use crate::stats::{EloEstimate, Pentanomial, SprtStatus, Wdl};
use workbench::pgn::GameResult;

#[derive(Clone, Debug, Default)]
pub struct Standings {
    /// Players in schedule order with their totals.
    players: Vec<(String, Wdl)>,
}

impl Standings {
    pub fn new(names: &[String]) -> Standings {
        Standings {
            players: names.iter().map(|n| (n.clone(), Wdl::default())).collect(),
        }
    }

    fn wdl_mut(&mut self, name: &str) -> Option<&mut Wdl> {
        self.players
            .iter_mut()
            .find(|(n, _)| n == name)
            .map(|(_, w)| w)
    }

    /// `name`'s wins, draws and losses so far.
    pub fn wdl(&self, name: &str) -> Option<Wdl> {
        self.players
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, w)| *w)
    }

    /// Counts `game` for its players (those of this match).
    pub fn add(&mut self, game: &GameRecord) {
        let result = game.result;
        for (name, is_white) in [(&game.white, true), (&game.black, false)] {
            if let Some(w) = self.wdl_mut(name) {
                match (result, is_white) {
                    (GameResult::Draw, _) => w.draws += 1,
                    (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => w.wins += 1,
                    (GameResult::WhiteWins | GameResult::BlackWins, _) => w.losses += 1,
                    (GameResult::Unfinished, _) => {}
                }
            }
        }
    }

    /// One line: `A 12-8-5 (57.1%) Elo +50 ± 120 | B ...`; with two players
    /// the first's W-L-D and Elo only.
    pub fn line(&self) -> String {
        let show = |(name, w): &(String, Wdl)| {
            let elo = w
                .elo()
                .filter(EloEstimate::is_measured)
                .map(|e| format!(" Elo {:+.0}±{:.0}", e.elo + 0.0, e.error)) // no "-0"
                .unwrap_or_default();
            format!(
                "{name} +{}-{}={} ({:.1}%){elo}",
                w.wins,
                w.losses,
                w.draws,
                if w.games() > 0 {
                    100.0 * w.score()
                } else {
                    0.0
                }
            )
        };
        match &self.players[..] {
            [a, _] => show(a),
            many => {
                let mut sorted: Vec<&(String, Wdl)> =
                    many.iter().filter(|(_, w)| w.games() > 0).collect();
                sorted.sort_by(|a, b| b.1.score().total_cmp(&a.1.score()));
                sorted
                    .iter()
                    .take(3)
                    .map(|p| {
                        let (name, w) = p;
                        format!("{name} {:.1}%", 100.0 * w.score())
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        }
    }
}

/// The pentanomial counts of the first two players over `games`.
pub fn pentanomial(games: &[GameRecord], first: &str, second: &str) -> Pentanomial {
    from_pairs(pair_games(games, first, second).pairs)
}

/// LLR and bounds text for the progress line.
pub fn sprt_text(s: &SprtStatus) -> String {
    format!("LLR {:.2} ({:.2}, {:.2})", s.llr, s.lower, s.upper)
}

#[cfg(test)]
mod tests {
    use super::Standings;
    use crate::report::GameRecord;
    use workbench::pgn::read_games;

    #[test]
    fn counts_and_line() {
        let games = read_games(
            "[White \"a\"][Black \"b\"][Result \"1-0\"] 1-0\n\
             [White \"b\"][Black \"a\"][Result \"1/2-1/2\"] 1/2-1/2\n\
             [White \"b\"][Black \"a\"][Result \"1-0\"] 1-0\n",
        )
        .unwrap();
        let games = GameRecord::all_of(&games);
        let mut s = Standings::new(&["a".into(), "b".into()]);
        for g in &games {
            s.add(g);
        }
        assert!(
            s.line().starts_with("a +1-1=1 (50.0%) Elo +0±"),
            "{}",
            s.line()
        );
        let mut three = Standings::new(&["a".into(), "b".into(), "c".into()]);
        for g in &games {
            three.add(g);
        }
        assert_eq!(three.line(), "a 50.0%, b 50.0%");
    }
}
