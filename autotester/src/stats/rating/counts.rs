//! Games condensed into weighted counts per (white, black) orientation,
//! with BayesElo's prior of virtual draws added.

use super::input::{Outcome, RatedGame};
use std::collections::HashMap;

/// Weighted results of all games with `white` against `black`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Oriented {
    pub white: usize,
    pub black: usize,
    pub wins: f64,
    pub draws: f64,
    pub losses: f64,
}

/// All orientations, plus for each player the orientations it plays in.
#[derive(Clone, Debug)]
pub struct Condensed {
    pub pairs: Vec<Oriented>,
    pub by_player: Vec<Vec<usize>>,
}

impl Condensed {
    /// Condenses `games` among `players` players and adds `prior` virtual
    /// draws the way BayesElo does: each player spreads `prior / 4` draws per
    /// colour over its opponents in proportion to the games played against
    /// them, so two players who met get `prior` virtual draws in all, half
    /// with each colour. This keeps a 100% score at a finite rating.
    pub fn new(players: usize, games: &[RatedGame], prior: f64) -> Self {
        let mut slots: HashMap<(usize, usize), usize> = HashMap::new();
        let mut pairs: Vec<Oriented> = Vec::new();
        let mut slot = |pairs: &mut Vec<Oriented>, white: usize, black: usize| -> usize {
            *slots.entry((white, black)).or_insert_with(|| {
                pairs.push(Oriented {
                    white,
                    black,
                    wins: 0.0,
                    draws: 0.0,
                    losses: 0.0,
                });
                pairs.len() - 1
            })
        };
        let mut met: HashMap<(usize, usize), f64> = HashMap::new();
        let mut total = vec![0.0; players];
        for g in games {
            let i = slot(&mut pairs, g.white, g.black);
            match g.outcome {
                Outcome::WhiteWins => pairs[i].wins += 1.0,
                Outcome::Draw => pairs[i].draws += 1.0,
                Outcome::BlackWins => pairs[i].losses += 1.0,
            }
            *met.entry((g.white.min(g.black), g.white.max(g.black)))
                .or_default() += 1.0;
            total[g.white] += 1.0;
            total[g.black] += 1.0;
        }
        if prior > 0.0 {
            let mut met: Vec<_> = met.into_iter().collect();
            met.sort_by_key(|&(k, _)| k); // deterministic order of float sums
            for ((a, b), n) in met {
                // Player a's share plus player b's share of this pair.
                let virtual_draws = prior * 0.25 * n * (1.0 / total[a] + 1.0 / total[b]);
                for (w, bl) in [(a, b), (b, a)] {
                    let i = slot(&mut pairs, w, bl);
                    pairs[i].draws += virtual_draws;
                }
            }
        }
        let mut by_player = vec![Vec::new(); players];
        for (i, p) in pairs.iter().enumerate() {
            by_player[p.white].push(i);
            by_player[p.black].push(i);
        }
        Condensed { pairs, by_player }
    }
}

#[cfg(test)]
mod tests {
    use super::Condensed;
    use crate::stats::rating::input::{Outcome, RatedGame};

    fn game(white: usize, black: usize, outcome: Outcome) -> RatedGame {
        RatedGame {
            white,
            black,
            outcome,
        }
    }

    #[test]
    fn two_players_get_prior_draws_split_by_colour() {
        // 0 beats 1 twice as white, 1 draws once as white: 3 games each.
        // Each player adds 2*0.25*3/3 = 0.5 draws per colour: 1 per colour, 2 in all.
        let games = [
            game(0, 1, Outcome::WhiteWins),
            game(0, 1, Outcome::WhiteWins),
            game(1, 0, Outcome::Draw),
        ];
        let c = Condensed::new(2, &games, 2.0);
        let p01 = c.pairs.iter().find(|p| p.white == 0).unwrap();
        let p10 = c.pairs.iter().find(|p| p.white == 1).unwrap();
        assert_eq!((p01.wins, p01.draws, p01.losses), (2.0, 1.0, 0.0));
        assert_eq!((p10.wins, p10.draws, p10.losses), (0.0, 2.0, 0.0));
        assert_eq!(c.by_player[0].len(), 2);
    }

    #[test]
    fn prior_is_shared_in_proportion_to_games() {
        // Player 0 met 1 three times and 2 once (4 games); 1 and 2 met only 0.
        // Pair (0,1): 2*0.25*3*(1/4 + 1/3) = 0.875 draws per colour.
        // Pair (0,2): 2*0.25*1*(1/4 + 1/1) = 0.625 draws per colour.
        let games = [
            game(0, 1, Outcome::WhiteWins),
            game(1, 0, Outcome::WhiteWins),
            game(0, 1, Outcome::BlackWins),
            game(2, 0, Outcome::Draw),
        ];
        let c = Condensed::new(3, &games, 2.0);
        let draws = |w: usize, b: usize| {
            c.pairs
                .iter()
                .find(|p| p.white == w && p.black == b)
                .map(|p| p.draws)
                .unwrap()
        };
        assert!((draws(0, 1) - 0.875).abs() < 1e-12);
        assert!((draws(1, 0) - 0.875).abs() < 1e-12);
        assert!((draws(0, 2) - 0.625).abs() < 1e-12);
        assert!((draws(2, 0) - 1.625).abs() < 1e-12);
    }
}
