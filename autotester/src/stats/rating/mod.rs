//! A BayesElo-style rating table: maximum-likelihood Bradley–Terry ratings
//! under BayesElo's model (first-move advantage and draw margin), with its
//! prior of virtual draws, its rating scale and its 95% intervals.
//!
//! What we do, and how it matches BayesElo (`elo`, `mm`, `ratings`):
//! - the model is BayesElo's (see `model`); by default the advantage and
//!   draw margin are BayesElo's defaults, 32.8 and 97.3 Elo, as with its
//!   plain `mm`; `RatingOptions::estimate_*` estimates them with the
//!   ratings, like `mm 1 1`;
//! - the prior is BayesElo's 2 virtual draws (see `counts`);
//! - ratings are centred on 0 and multiplied by BayesElo's scale
//!   `4z/(1+z)^2`, `z = 10^(-drawelo/400)`, which BayesElo applies by default
//!   so that ratings read like plain Elo;
//! - the intervals are those of BayesElo's `exactdist`, the usual step
//!   before `ratings`: each player's likelihood as a function of its own
//!   rating (the others held at their estimates, shifted to keep the mean),
//!   normalised, and cut at its 2.5% and 97.5% quantiles, so `+` and `-`
//!   differ for lopsided scores. We integrate numerically instead of on
//!   BayesElo's fixed 1001-point grid, so bounds can differ by a point.

pub mod counts;
pub mod fit;
pub mod input;
pub mod model;
pub mod table;

pub use input::{Outcome, RatedGame, RatingInput};
pub use table::{PlayerRating, RatingTable};

use counts::Condensed;
use fit::{fit, FitOptions};

/// BayesElo's default first-move advantage, in Elo.
pub const DEFAULT_ADVANTAGE: f64 = 32.8;
/// BayesElo's default draw margin, in Elo.
pub const DEFAULT_DRAW_ELO: f64 = 97.3;
/// BayesElo's default prior, in virtual draws.
pub const DEFAULT_PRIOR: f64 = 2.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingOptions {
    pub advantage: f64,
    pub draw_elo: f64,
    pub estimate_advantage: bool,
    pub estimate_draw_elo: bool,
    /// Virtual draws (0 for pure maximum likelihood).
    pub prior: f64,
    /// Two-sided confidence level of the intervals.
    pub confidence: f64,
    /// Added to every printed rating (BayesElo's `offset`).
    pub offset: f64,
}

impl Default for RatingOptions {
    fn default() -> Self {
        RatingOptions {
            advantage: DEFAULT_ADVANTAGE,
            draw_elo: DEFAULT_DRAW_ELO,
            estimate_advantage: false,
            estimate_draw_elo: false,
            prior: DEFAULT_PRIOR,
            confidence: 0.95,
            offset: 0.0,
        }
    }
}

impl RatingTable {
    /// Fits the ratings of every player in `input` and builds the table.
    pub fn compute(input: &RatingInput, options: &RatingOptions) -> RatingTable {
        let n = input.names().len();
        let condensed = Condensed::new(n, input.games(), options.prior);
        let fitted = fit(
            n,
            &condensed,
            &FitOptions {
                advantage: options.advantage,
                draw_elo: options.draw_elo,
                estimate_advantage: options.estimate_advantage,
                estimate_draw_elo: options.estimate_draw_elo,
                confidence: options.confidence,
            },
        );
        let scale = model::elo_scale(fitted.draw_elo);
        let shown = |raw: f64| scale * raw + options.offset;

        // Games, points, draws and opponents' rating sums from real games only.
        let mut games = vec![0u64; n];
        let mut points = vec![0.0; n];
        let mut draws = vec![0u64; n];
        let mut opp_sum = vec![0.0; n];
        for g in input.games() {
            let (w, b) = (g.white, g.black);
            games[w] += 1;
            games[b] += 1;
            opp_sum[w] += fitted.elos[b];
            opp_sum[b] += fitted.elos[w];
            match g.outcome {
                Outcome::WhiteWins => points[w] += 1.0,
                Outcome::BlackWins => points[b] += 1.0,
                Outcome::Draw => {
                    points[w] += 0.5;
                    points[b] += 0.5;
                    draws[w] += 1;
                    draws[b] += 1;
                }
            }
        }
        let mut players: Vec<PlayerRating> = (0..n)
            .map(|i| {
                let (below, above) = fitted.margins[i];
                let per_game = |x: f64| {
                    if games[i] > 0 {
                        x / games[i] as f64
                    } else {
                        0.0
                    }
                };
                PlayerRating {
                    name: input.names()[i].clone(),
                    elo: shown(fitted.elos[i]),
                    plus: above * scale,
                    minus: below * scale,
                    games: games[i],
                    score: per_game(points[i]),
                    opponents: shown(per_game(opp_sum[i])),
                    draws: per_game(draws[i] as f64),
                }
            })
            .collect();
        // Best first; the sort is stable, so ties keep first-appearance order.
        players.sort_by(|a, b| b.elo.total_cmp(&a.elo));
        RatingTable {
            players,
            advantage: fitted.advantage,
            draw_elo: fitted.draw_elo,
            scale,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Outcome, RatingInput, RatingOptions, RatingTable};

    fn games(list: &[(&str, &str, Outcome, usize)]) -> RatingInput {
        let mut input = RatingInput::new();
        for &(w, b, o, n) in list {
            for _ in 0..n {
                input.add_game(w, b, o);
            }
        }
        input
    }

    // A case BayesElo's model solves in closed form. With no advantage, no
    // prior and the draw margin estimated, two players have two free
    // parameters (difference D, margin d) for two free probabilities, so the
    // maximum-likelihood fit reproduces the frequencies exactly. A scores
    // W=6 D=3 L=1 against B:
    //   F(D - d) = 0.6 -> D - d = elo(0.6) = -400 log10(2/3) =   70.4365
    //   F(-D - d) = 0.1 -> -D - d = elo(0.1) = -400 log10(9) = -381.6970
    //   D = (70.4365 + 381.6970)/2 = 226.0668,  d = (381.6970 - 70.4365)/2 = 155.6303
    // Centred: A = +113.0334, B = -113.0334 raw. BayesElo's scale with
    //   z = 10^(-155.6303/400) = 0.4082483: 4z/(1+z)^2 = 0.8234285
    // so A shows 113.0334 * 0.8234285 = 93.0749 -> 93, B -93.
    fn closed_form_options() -> RatingOptions {
        RatingOptions {
            advantage: 0.0,
            estimate_draw_elo: true,
            prior: 0.0,
            ..RatingOptions::default()
        }
    }

    #[test]
    fn closed_form_two_player_fit() {
        let input = games(&[
            ("A", "B", Outcome::WhiteWins, 6),
            ("A", "B", Outcome::Draw, 3),
            ("A", "B", Outcome::BlackWins, 1),
        ]);
        let t = RatingTable::compute(&input, &closed_form_options());
        assert!((t.draw_elo - 155.6303).abs() < 1e-3, "{t:?}");
        assert!((t.scale - 0.823_428_5).abs() < 1e-6);
        assert_eq!(t.players[0].name, "A");
        assert!((t.players[0].elo - 93.0749).abs() < 1e-3);
        assert!((t.players[1].elo + 93.0749).abs() < 1e-3);
        assert_eq!(t.players[0].games, 10);
        assert!((t.players[0].score - 0.75).abs() < 1e-12);
        assert!((t.players[0].draws - 0.3).abs() < 1e-12);
        assert!((t.players[0].opponents + 93.0749).abs() < 1e-3);
    }

    #[test]
    fn closed_form_intervals() {
        // Same frequencies times 100 (W=600 D=300 L=100), so the likelihood
        // is close to Gaussian. Curvature in D, with s(t) = F(t)(1-F(t)):
        //   -k^2 [W s(D-d) + L s(D+d) + Dr (s(D+d) + s(D-d))]
        //   = -k^2 [600*.24 + 100*.09 + 300*(.09+.24)] = -252 k^2,  k = ln10/400
        //   sd(D) = 1/sqrt(252 * 3.3136863e-5) = 10.9432
        // A's own rating moves D twice as fast (B shifts to keep the mean), so
        // sd(A) = 5.4716; 95%: 1.959964 * 5.4716 = 10.7241 raw, * 0.8234285 = 8.8306.
        let input = games(&[
            ("A", "B", Outcome::WhiteWins, 600),
            ("A", "B", Outcome::Draw, 300),
            ("A", "B", Outcome::BlackWins, 100),
        ]);
        let t = RatingTable::compute(&input, &closed_form_options());
        let a = &t.players[0];
        assert!((a.elo - 93.0749).abs() < 1e-3);
        for margin in [a.plus, a.minus] {
            assert!((margin - 8.8306).abs() < 0.1, "{a:?}");
        }
        // At 10 games the likelihood is skewed and the interval wider.
        let small = RatingTable::compute(
            &games(&[
                ("A", "B", Outcome::WhiteWins, 6),
                ("A", "B", Outcome::Draw, 3),
                ("A", "B", Outcome::BlackWins, 1),
            ]),
            &closed_form_options(),
        );
        let a = &small.players[0];
        assert!(a.plus > 80.0 && a.minus > 80.0 && (a.plus - a.minus).abs() > 1.0);
    }

    #[test]
    fn reproduces_a_published_bayeselo_table() {
        // A published BayesElo run (mm, exactdist, ratings) printed
        //   1 Stockfish 15.1   108   11   11  1100   74%  -108    4%
        //   2 ABTTd4          -108   11   11  1100   26%   108    4%
        // Its exact counts are not given; 792 wins, 44 draws, 264 losses
        // (74% and 4%, colours balanced) give the same intervals and shape.
        let input = games(&[
            ("Stockfish 15.1", "ABTTd4", Outcome::WhiteWins, 396),
            ("Stockfish 15.1", "ABTTd4", Outcome::Draw, 22),
            ("Stockfish 15.1", "ABTTd4", Outcome::BlackWins, 132),
            ("ABTTd4", "Stockfish 15.1", Outcome::BlackWins, 396),
            ("ABTTd4", "Stockfish 15.1", Outcome::Draw, 22),
            ("ABTTd4", "Stockfish 15.1", Outcome::WhiteWins, 132),
        ]);
        let text = RatingTable::compute(&input, &RatingOptions::default()).to_string();
        let expected = "\
Rank Name             Elo    +    - games score oppo. draws 
   1 Stockfish 15.1   106   11   11  1100   74%  -106    4% 
   2 ABTTd4          -106   11   11  1100   26%   106    4% 
";
        assert_eq!(text, expected);
    }

    #[test]
    fn prior_keeps_a_perfect_score_finite() {
        // 10-0: without the prior the rating diverges; with BayesElo's 2
        // virtual draws it is finite and positive.
        let input = games(&[
            ("A", "B", Outcome::WhiteWins, 5),
            ("B", "A", Outcome::BlackWins, 5),
        ]);
        let t = RatingTable::compute(&input, &RatingOptions::default());
        let a = &t.players[0];
        assert_eq!(a.name, "A");
        assert!(a.elo > 150.0 && a.elo < 1000.0, "{a:?}");
        assert!(a.plus.is_finite() && a.minus.is_finite());
    }

    #[test]
    fn empty_input_gives_an_empty_table() {
        let t = RatingTable::compute(&RatingInput::new(), &RatingOptions::default());
        assert!(t.players.is_empty());
        assert_eq!(
            t.to_string(),
            "Rank Name   Elo    +    - games score oppo. draws \n"
        );
    }
}
