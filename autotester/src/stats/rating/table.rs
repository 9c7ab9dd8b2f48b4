//! The rating table, printed exactly as BayesElo's `ratings` command does:
//!
//! ```text
//! Rank Name   Elo    +    - games score oppo. draws
//!    1 alpha  108   11   11  1100   74%  -108    4%
//! ```
//!
//! Columns: rank, name (left-aligned to the longest name, at least 4),
//! Elo, the upper and lower 95% margins, games, score %, average opponent
//! rating and draw %, each rounded half away from zero; every field is
//! followed by one space, so lines end in a space as BayesElo's do.

use std::fmt;

/// One row of the table (values already scaled and offset).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    pub name: String,
    pub elo: f64,
    /// Distance from `elo` up to the upper end of the interval.
    pub plus: f64,
    /// Distance from `elo` down to the lower end of the interval.
    pub minus: f64,
    pub games: u64,
    /// Points scored divided by games, in [0, 1].
    pub score: f64,
    /// Mean rating of the opponents, weighted by games.
    pub opponents: f64,
    /// Draws divided by games, in [0, 1].
    pub draws: f64,
}

/// Players sorted by rating, best first, and the model parameters used.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingTable {
    pub players: Vec<PlayerRating>,
    /// First-move advantage in Elo (given or estimated).
    pub advantage: f64,
    /// Draw margin in Elo (given or estimated).
    pub draw_elo: f64,
    /// Factor applied to the raw maximum-likelihood ratings.
    pub scale: f64,
}

/// BayesElo's rounding: to the nearest integer, halves away from zero.
fn round(x: f64) -> i64 {
    x.round() as i64
}

impl fmt::Display for RatingTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .players
            .iter()
            .map(|p| p.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(4);
        writeln!(
            f,
            "{:>4} {:<width$} {:>5} {:>4} {:>4} {:>5} {:>5} {:>5} {:>5} ",
            "Rank", "Name", "Elo", "+", "-", "games", "score", "oppo.", "draws"
        )?;
        for (rank, p) in self.players.iter().enumerate() {
            writeln!(
                f,
                "{:>4} {:<width$} {:>5} {:>4} {:>4} {:>5} {:>4}% {:>5} {:>4}% ",
                rank + 1,
                p.name,
                round(p.elo),
                round(p.plus),
                round(p.minus),
                p.games,
                round(100.0 * p.score),
                round(p.opponents),
                round(100.0 * p.draws),
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{PlayerRating, RatingTable};

    fn row(
        name: &str,
        elo: f64,
        err: f64,
        games: u64,
        score: f64,
        opp: f64,
        draws: f64,
    ) -> PlayerRating {
        PlayerRating {
            name: name.into(),
            elo,
            plus: err,
            minus: err + 0.6,
            games,
            score,
            opponents: opp,
            draws,
        }
    }

    #[test]
    fn formats_like_bayeselo() {
        let table = RatingTable {
            players: vec![
                row("Stockfish 15.1", 107.5, 10.6, 1100, 0.7395, -107.5, 0.04),
                row("ABTTd4", -107.5, 10.6, 1100, 0.2605, 107.5, 0.04),
            ],
            advantage: 32.8,
            draw_elo: 97.3,
            scale: 1.0,
        };
        let expected = "\
Rank Name             Elo    +    - games score oppo. draws 
   1 Stockfish 15.1   108   11   11  1100   74%  -108    4% 
   2 ABTTd4          -108   11   11  1100   26%   108    4% 
";
        assert_eq!(table.to_string(), expected);
    }

    #[test]
    fn short_names_pad_to_the_header() {
        let table = RatingTable {
            players: vec![row("a", 0.0, 0.0, 2, 0.5, 0.0, 1.0)],
            advantage: 0.0,
            draw_elo: 0.0,
            scale: 1.0,
        };
        assert_eq!(
            table.to_string().lines().nth(1),
            Some("   1 a        0    0    1     2   50%     0  100% ")
        );
    }
}
