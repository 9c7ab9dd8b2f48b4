//! What `autotester elo` prints, and a match's running and final reports:
//! the rating table of every player in the games and, for exactly two
//! players, their head-to-head statistics.

use super::pairs::{pair_games, Pairing};
use super::GameRecord;
use crate::stats::penta::{from_pairs, wdl_of_pairs};
use crate::stats::{
    EloEstimate, Outcome, Pentanomial, RatingInput, RatingOptions, RatingTable, Sprt, SprtDecision,
    SprtModel, SprtStatus, Wdl,
};
use std::fmt;
use workbench::pgn::GameResult;

/// Head-to-head statistics of `first` against `second`.
#[derive(Clone, Debug, PartialEq)]
pub struct HeadToHead {
    pub first: String,
    pub second: String,
    /// Every finished game between them, for `first`.
    pub wdl: Wdl,
    pub pairing: Pairing,
    pub penta: Pentanomial,
    pub sprt: Option<(Sprt, SprtStatus)>,
    /// Whether the headline comes from the game pairs (`-report
    /// penta=false`: from the games).
    pub penta_headline: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EloReport {
    pub table: RatingTable,
    /// Whether the advantage and draw margin were estimated (then shown).
    pub estimated: bool,
    /// Why they were not, though asked for: too few games.
    pub too_few_to_estimate: Option<String>,
    /// Games without a result (`*`), left out.
    pub unfinished: usize,
    pub head_to_head: Option<HeadToHead>,
}

/// Builds the report. The first player of a two-player file is the one
/// that appears first (usually the engine under test).
pub fn elo_report(games: &[GameRecord], options: &RatingOptions, sprt: Option<Sprt>) -> EloReport {
    elo_report_for(games, options, sprt, None)
}

/// Like [`elo_report`], with `first` (when it is one of the two players)
/// as the player the head-to-head figures and the SPRT are stated for: the
/// engine under test, whichever game happened to finish first.
pub fn elo_report_for(
    games: &[GameRecord],
    options: &RatingOptions,
    sprt: Option<Sprt>,
    first: Option<&str>,
) -> EloReport {
    let mut input = RatingInput::new();
    let mut unfinished = 0;
    let mut decided = Vec::new();
    for g in games {
        let outcome = match g.result {
            GameResult::WhiteWins => Outcome::WhiteWins,
            GameResult::BlackWins => Outcome::BlackWins,
            GameResult::Draw => Outcome::Draw,
            GameResult::Unfinished => {
                unfinished += 1;
                continue;
            }
        };
        let (white, black) = (g.white.as_str(), g.black.as_str());
        input.add_game(white, black, outcome);
        decided.push((white, outcome));
    }
    let too_few_to_estimate = asked_to_estimate(options)
        .then(|| too_few_to_estimate(&decided))
        .flatten();
    let options = if too_few_to_estimate.is_some() {
        RatingOptions {
            estimate_advantage: false,
            estimate_draw_elo: false,
            ..*options
        }
    } else {
        *options
    };
    let table = RatingTable::compute(&input, &options);
    let head_to_head = match input.names() {
        [a, b] => {
            let (first, second) = if first == Some(b.as_str()) {
                (b, a)
            } else {
                (a, b)
            };
            // Only used with two players, so every game involves `first`.
            let mut wdl = Wdl::default();
            for &(white, outcome) in &decided {
                match (outcome, white == first) {
                    (Outcome::Draw, _) => wdl.draws += 1,
                    (Outcome::WhiteWins, true) | (Outcome::BlackWins, false) => wdl.wins += 1,
                    _ => wdl.losses += 1,
                }
            }
            let pairing = pair_games(games, first, second);
            let penta = from_pairs(pairing.pairs.iter().copied());
            debug_assert!(wdl_of_pairs(&pairing.pairs).games() <= wdl.games());
            Some(HeadToHead {
                first: first.clone(),
                second: second.clone(),
                wdl,
                sprt: sprt.map(|s| (s, s.status(&penta))),
                penta_headline: true,
                pairing,
                penta,
            })
        }
        _ => None,
    };
    EloReport {
        table,
        estimated: asked_to_estimate(&options),
        too_few_to_estimate,
        unfinished,
        head_to_head,
    }
}

/// Fewest games, draws and decisive games from which the first-move
/// advantage and the draw margin are estimated: with fewer, a single draw
/// or win moves them by hundreds of Elo (10 games scoring 95% gave a draw
/// margin of 1178, which shrinks the table's ratings to a few Elo).
pub const MIN_ESTIMATE_GAMES: u64 = 100;
pub const MIN_ESTIMATE_DRAWS: u64 = 10;
pub const MIN_ESTIMATE_DECISIVE: u64 = 10;

fn asked_to_estimate(options: &RatingOptions) -> bool {
    options.estimate_advantage || options.estimate_draw_elo
}

/// Why the games are too few to estimate the model from, if they are.
fn too_few_to_estimate(decided: &[(&str, Outcome)]) -> Option<String> {
    let games = decided.len() as u64;
    let draws = decided.iter().filter(|(_, o)| *o == Outcome::Draw).count() as u64;
    let decisive = games - draws;
    (games < MIN_ESTIMATE_GAMES || draws < MIN_ESTIMATE_DRAWS || decisive < MIN_ESTIMATE_DECISIVE)
        .then(|| {
            format!(
                "Too few games to estimate the first-move advantage and draw margin ({games} games, \
                 {draws} draws, {decisive} decisive; at least {MIN_ESTIMATE_GAMES} games with \
                 {MIN_ESTIMATE_DRAWS} draws and {MIN_ESTIMATE_DECISIVE} decisive are needed): \
                 the table uses BayesElo's defaults"
            )
        })
}

fn elo_text(e: &EloEstimate) -> String {
    if e.elo.is_infinite() {
        // Every game won (or lost): the logistic Elo has no finite value.
        let sign = if e.elo > 0.0 { '+' } else { '-' };
        return format!("{sign}inf (one side scored every point)");
    }
    if !e.error.is_finite() {
        // A 95% interval that reaches a perfect score has no finite width.
        let bound = |x: f64| {
            if x.is_infinite() {
                format!("{}inf", if x > 0.0 { '+' } else { '-' })
            } else {
                signed(x)
            }
        };
        return format!(
            "{}, 95% interval {} to {} (too few games for a finite error)",
            signed(e.elo),
            bound(e.lower),
            bound(e.upper)
        );
    }
    if !e.is_measured() {
        // Every sample scored the same: its spread, and so the error, is
        // unknown rather than zero.
        return format!(
            "{} (every sample scored the same: too few for an error)",
            signed(e.elo)
        );
    }
    format!("{} +/- {:.2} (95%)", signed(e.elo), e.error)
}

/// `+12.34`, and `+0.00` rather than `-0.00` for values that round to 0.
fn signed(x: f64) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    format!("{:+.2}", if rounded == 0.0 { 0.0 } else { rounded })
}

/// The one Elo estimate of a head-to-head, as the headline, the running
/// score line, the results block and `/live` all show it (issue 40 item 4:
/// they showed two different errors for the same games).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub elo: EloEstimate,
    /// `None` where the spread is unknown (every sample scored the same),
    /// so that one game pair no longer reads as LOS 100%.
    pub los: Option<f64>,
    /// Whether it is the game pairs' (pentanomial) estimate.
    pub from_pairs: bool,
}

/// The estimate from the game pairs (pentanomial, as fastchess and
/// fishtest report it) when there are any and `use_pairs`, else from the
/// games (trinomial).
pub fn one_estimate(wdl: &Wdl, penta: &Pentanomial, use_pairs: bool) -> Option<Estimate> {
    let (elo, los, from_pairs) = match penta.elo().filter(|_| use_pairs) {
        Some(e) => (e, penta.los(), true),
        None => {
            let e = wdl.elo()?;
            (e, wdl.los(), false)
        }
    };
    // An error of 0 (or none) means the spread is unknown: no LOS either.
    let spread_known = elo.error > 0.0;
    Some(Estimate {
        elo,
        los: los.filter(|_| spread_known),
        from_pairs,
    })
}

/// `LOS 61.23%`, or why there is none.
pub fn los_text(los: Option<f64>) -> String {
    match los {
        Some(l) => format!("LOS {:.2}%", 100.0 * l),
        None => "LOS n/a (spread unknown)".into(),
    }
}

impl HeadToHead {
    /// The one Elo to quote ([`one_estimate`]) and what it is from.
    pub fn headline(&self) -> Option<(Estimate, String)> {
        let e = one_estimate(&self.wdl, &self.penta, self.penta_headline)?;
        let from = if e.from_pairs {
            format!("{} game pairs, pentanomial", self.penta.pairs())
        } else if self.penta_headline {
            format!("{} games, no game pairs", self.wdl.games())
        } else {
            format!("{} games, trinomial", self.wdl.games())
        };
        Some((e, from))
    }
}

/// The line that says what the other figures are.
pub const FIGURES_NOTE: &str = "(Elo above: logistic Elo from the score of game pairs (same \
opening, both colours), the figure to quote. The table's ratings are BayesElo's model, with a draw \
margin, a first-move advantage and a prior of 2 draws that pulls them towards 0, so they differ; \
Elo (games) below counts games as independent. See autotester/README.md, \"Elo figures\".)";

impl fmt::Display for HeadToHead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = &self.wdl;
        writeln!(
            f,
            "{} vs {}: {} games, W: {} L: {} D: {}, score {:.1}%, draws {:.1}%",
            self.first,
            self.second,
            w.games(),
            w.wins,
            w.losses,
            w.draws,
            100.0 * w.score(),
            100.0 * w.draw_ratio()
        )?;
        if let Some((e, from)) = self.headline() {
            writeln!(
                f,
                "Elo: {}, {}, from {from}",
                elo_text(&e.elo),
                los_text(e.los)
            )?;
            writeln!(f, "{FIGURES_NOTE}")?;
        }
        let p = &self.penta;
        if p.pairs() == 0 {
            writeln!(
                f,
                "No game pairs (same opening, colours reversed) found: no pentanomial statistics"
            )?;
        } else {
            let [ll, ld, dd, wd, ww] = p.counts;
            write!(f, "Pairs: {}", p.pairs())?;
            if self.pairing.by_file_order > 0 {
                write!(
                    f,
                    " ({} assumed from file order)",
                    self.pairing.by_file_order
                )?;
            }
            if self.pairing.unpaired > 0 {
                write!(f, ", {} games unpaired", self.pairing.unpaired)?;
            }
            writeln!(
                f,
                "; pentanomial [0, 0.5, 1, 1.5, 2]: [{ll}, {ld}, {dd}, {wd}, {ww}]"
            )?;
            if let Some((n, err)) = p.normalized_elo() {
                writeln!(f, "nElo (pairs): {} +/- {err:.2}", signed(n))?;
            }
        }
        if let Some(e) = one_estimate(w, p, false) {
            writeln!(f, "Elo (games): {}, {}", elo_text(&e.elo), los_text(e.los))?;
        }
        if let Some((s, status)) = &self.sprt {
            let decision = match status.decision {
                SprtDecision::AcceptH0 => "H0 accepted",
                SprtDecision::AcceptH1 => "H1 accepted",
                SprtDecision::Continue => "continue",
            };
            writeln!(
                f,
                "SPRT [{:.2}, {:.2}]{} (alpha {}, beta {}): LLR {:.2} ({:.2}, {:.2}): {decision}",
                s.elo0,
                s.elo1,
                match s.model {
                    SprtModel::Logistic => "",
                    SprtModel::Normalized => " nElo",
                },
                s.alpha,
                s.beta,
                status.llr,
                status.lower,
                status.upper
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for EloReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.table)?;
        if self.estimated {
            writeln!(
                f,
                "Estimated first-move advantage {:.1} Elo, draw margin {:.1} Elo",
                self.table.advantage, self.table.draw_elo
            )?;
        }
        if let Some(why) = &self.too_few_to_estimate {
            writeln!(f, "{why}")?;
        }
        if self.unfinished > 0 {
            writeln!(f, "{} game(s) with unknown result ignored", self.unfinished)?;
        }
        if let Some(h) = &self.head_to_head {
            writeln!(f)?;
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{elo_report, elo_report_for, elo_text, signed};
    use crate::stats::EloEstimate;

    #[test]
    fn elo_text_has_no_negative_zero_and_no_nan() {
        assert_eq!(signed(-0.0), "+0.00");
        assert_eq!(signed(-0.001), "+0.00");
        assert_eq!(signed(-1.234), "-1.23");
        assert_eq!(signed(12.0), "+12.00");
        let all_won = EloEstimate {
            elo: f64::INFINITY,
            error: f64::NAN,
            lower: f64::NAN,
            upper: f64::INFINITY,
        };
        assert_eq!(elo_text(&all_won), "+inf (one side scored every point)");
        let one_pair = EloEstimate {
            elo: -190.85,
            error: 0.0,
            lower: -190.85,
            upper: -190.85,
        };
        assert_eq!(
            elo_text(&one_pair),
            "-190.85 (every sample scored the same: too few for an error)"
        );
    }
    use crate::report::GameRecord;
    use crate::stats::{RatingOptions, Sprt};
    use workbench::pgn::read_games;

    fn records(pgn: &str) -> Vec<GameRecord> {
        GameRecord::all_of(&read_games(pgn).expect("reads"))
    }

    /// Four pairs between `new` and `old` (rounds 1-4) and one game left
    /// unfinished. For `new`: round 1 W+D = 1.5, round 2 W+W = 2,
    /// round 3 D+D = 1, round 4 L+D = 0.5.
    const PGN: &str = r#"
[Round "1"] [White "new"] [Black "old"] [Result "1-0"] 1. e4 1-0
[Round "1"] [White "old"] [Black "new"] [Result "1/2-1/2"] 1. e4 1/2-1/2
[Round "2"] [White "new"] [Black "old"] [Result "1-0"] 1. d4 1-0
[Round "2"] [White "old"] [Black "new"] [Result "0-1"] 1. d4 0-1
[Round "3"] [White "new"] [Black "old"] [Result "1/2-1/2"] 1. c4 1/2-1/2
[Round "3"] [White "old"] [Black "new"] [Result "1/2-1/2"] 1. c4 1/2-1/2
[Round "4"] [White "new"] [Black "old"] [Result "0-1"] 1. f4 0-1
[Round "4"] [White "old"] [Black "new"] [Result "1/2-1/2"] 1. f4 1/2-1/2
[Round "5"] [White "new"] [Black "old"] [Result "*"] 1. g4 *
"#;

    #[test]
    fn two_player_report() {
        let games = records(PGN);
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let r = elo_report(&games, &RatingOptions::default(), Some(sprt));
        assert_eq!(r.unfinished, 1);
        assert_eq!(r.table.players[0].name, "new");
        assert_eq!(r.table.players[0].games, 8);
        let h = r.head_to_head.as_ref().expect("two players");
        assert_eq!((h.first.as_str(), h.second.as_str()), ("new", "old"));
        // Games: W = 3 (r1, r2 twice), L = 1 (r4), D = 4.
        assert_eq!((h.wdl.wins, h.wdl.losses, h.wdl.draws), (3, 1, 4));
        assert_eq!(h.penta.counts, [0, 1, 1, 1, 1]);
        let text = r.to_string();
        assert!(
            text.starts_with("Rank Name   Elo    +    - games score oppo. draws \n"),
            "{text}"
        );
        assert!(text.contains("1 game(s) with unknown result ignored"));
        assert!(text.contains("new vs old: 8 games, W: 3 L: 1 D: 4, score 62.5%, draws 50.0%"));
        assert!(text.contains("Pairs: 4; pentanomial [0, 0.5, 1, 1.5, 2]: [0, 1, 1, 1, 1]"));
        // One headline, from the pairs, with its error; the note after it.
        assert_eq!(text.matches("\nElo: ").count(), 1, "{text}");
        assert!(text.contains("(95%), LOS"), "{text}");
        assert!(
            text.contains("from 4 game pairs, pentanomial\n(Elo above:"),
            "{text}"
        );
        assert!(text.contains("SPRT [0.00, 10.00] (alpha 0.05, beta 0.05): LLR"));
        assert!(text.contains(": continue"));
    }

    #[test]
    fn the_engine_under_test_can_be_named_first() {
        let games = records(PGN);
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let r = elo_report_for(&games, &RatingOptions::default(), Some(sprt), Some("old"));
        let h = r.head_to_head.as_ref().expect("two players");
        assert_eq!((h.first.as_str(), h.second.as_str()), ("old", "new"));
        assert_eq!((h.wdl.wins, h.wdl.losses, h.wdl.draws), (1, 3, 4));
        assert_eq!(h.penta.counts, [1, 1, 1, 1, 0]);
        // An unknown name changes nothing.
        let r = elo_report_for(&games, &RatingOptions::default(), None, Some("x"));
        assert_eq!(r.head_to_head.unwrap().first, "new");
    }

    #[test]
    fn more_players_give_only_the_table() {
        let pgn = "[White \"a\"][Black \"b\"] 1-0 [White \"b\"][Black \"c\"] 0-1 [White \"c\"][Black \"a\"] 1/2-1/2";
        let r = elo_report(&records(pgn), &RatingOptions::default(), None);
        assert_eq!(r.table.players.len(), 3);
        assert!(r.head_to_head.is_none());
    }
}
