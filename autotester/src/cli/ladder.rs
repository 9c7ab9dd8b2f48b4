//! `autotester ladder`: one engine at a series of fixed depths, every
//! depth against every other, rated together; the result is Elo per depth,
//! as in MIT's "Elo versus search depth" graph, relative to the shallowest.

use crate::config::{GameKind, Player};
use crate::plan::MatchPlan;
use crate::stats::RatingTable;
use std::fmt::Write;
use std::path::PathBuf;

/// Parses `1..6` (inclusive, also `1..=6`) or a list `1,2,4`.
pub fn parse_depths(text: &str) -> Result<Vec<u32>, String> {
    let err = || format!("depths {text:?}: expected A..B (inclusive) or a list such as 1,2,4");
    let depths: Vec<u32> = if let Some((a, b)) = text.split_once("..") {
        let b = b.strip_prefix('=').unwrap_or(b);
        let (a, b): (u32, u32) = (
            a.trim().parse().map_err(|_| err())?,
            b.trim().parse().map_err(|_| err())?,
        );
        (a..=b).collect()
    } else {
        text.split(',')
            .map(|d| d.trim().parse().map_err(|_| err()))
            .collect::<Result<_, _>>()?
    };
    let mut sorted = depths.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() < 2 || sorted[0] == 0 || sorted.len() != depths.len() {
        return Err(format!(
            "depths {text:?}: need at least two different depths of at least 1"
        ));
    }
    Ok(sorted)
}

#[derive(Clone, Debug, PartialEq)]
pub struct LadderOptions {
    pub command: String,
    /// Base name; players are `<name>-d<depth>`.
    pub name: String,
    pub depths: Vec<u32>,
    pub game: GameKind,
    /// Games between each two depths.
    pub games_per_pair: u32,
    pub options: Vec<(String, String)>,
    pub pgn_out: PathBuf,
}

pub fn player_name(base: &str, depth: u32) -> String {
    format!("{base}-d{depth}")
}

/// The round-robin of depths.
pub fn plan(o: &LadderOptions) -> MatchPlan {
    let players = o
        .depths
        .iter()
        .map(|&d| {
            let name = player_name(&o.name, d);
            Player {
                family: name.clone(),
                name,
                invoke: o.command.clone(),
                time_control: None,
                depth: Some(d),
                nodes: None,
                movetime: None,
                time_margin: None,
                restart: false,
                options: o.options.clone(),
            }
        })
        .collect();
    let mut plan = MatchPlan::new(o.game, players, o.pgn_out.clone());
    plan.event = format!("{} depth ladder", o.name);
    let pairs = o.depths.len() * (o.depths.len() - 1) / 2;
    plan.set_total_games(o.games_per_pair.max(1).saturating_mul(pairs as u32));
    plan.rules.adjudication.max_plies = Some(crate::config::types::DEFAULT_ADJUDICATE);
    plan
}

/// Elo of one depth, relative to the shallowest, with its interval.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderPoint {
    pub depth: u32,
    pub elo: f64,
    pub minus: f64,
    pub plus: f64,
    pub games: u64,
    pub score: f64,
}

/// Points in depth order; depths that played no game are left out.
pub fn points(table: &RatingTable, base: &str, depths: &[u32]) -> Vec<LadderPoint> {
    let row = |d| {
        table
            .players
            .iter()
            .find(|p| p.name == player_name(base, d))
    };
    let anchor = depths.iter().find_map(|&d| row(d)).map_or(0.0, |p| p.elo);
    depths
        .iter()
        .filter_map(|&d| {
            let p = row(d)?;
            Some(LadderPoint {
                depth: d,
                elo: p.elo - anchor,
                minus: p.minus,
                plus: p.plus,
                games: p.games,
                score: p.score,
            })
        })
        .collect()
}

pub fn points_text(points: &[LadderPoint]) -> String {
    let mut out = String::from("depth    Elo     +     -  games  score\n");
    for p in points {
        let _ = writeln!(
            out,
            "{:>5} {:>6.0} {:>5.0} {:>5.0} {:>6} {:>5.1}%",
            p.depth,
            p.elo,
            p.plus,
            p.minus,
            p.games,
            100.0 * p.score
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{parse_depths, plan, points, LadderOptions};
    use crate::config::GameKind;
    use crate::stats::rating::{Outcome, RatingInput};
    use crate::stats::{RatingOptions, RatingTable};
    use std::path::PathBuf;

    #[test]
    fn depth_ranges() {
        assert_eq!(parse_depths("1..6").unwrap(), [1, 2, 3, 4, 5, 6]);
        assert_eq!(parse_depths("2..=3").unwrap(), [2, 3]);
        assert_eq!(parse_depths("4,1,2").unwrap(), [1, 2, 4]);
        for bad in ["1", "3..3", "0..2", "a..b", "1,1", "", "6..1"] {
            assert!(parse_depths(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn plan_and_points() {
        let o = LadderOptions {
            command: "engine".into(),
            name: "e".into(),
            depths: vec![1, 2, 3],
            game: GameKind::Chess,
            games_per_pair: 4,
            options: vec![],
            pgn_out: PathBuf::from("x.pgn"),
        };
        let p = plan(&o);
        assert_eq!(p.players.len(), 3);
        assert_eq!(p.players[2].name, "e-d3");
        assert_eq!(p.players[2].depth, Some(3));
        assert_eq!(p.max_games, Some(12));
        assert_eq!(p.rounds, 2);

        let mut input = RatingInput::new();
        for _ in 0..5 {
            input.add_game("e-d2", "e-d1", Outcome::WhiteWins);
            input.add_game("e-d1", "e-d2", Outcome::BlackWins);
            input.add_game("e-d3", "e-d2", Outcome::WhiteWins);
            input.add_game("e-d2", "e-d3", Outcome::Draw);
        }
        let t = RatingTable::compute(&input, &RatingOptions::default());
        let pts = points(&t, "e", &[1, 2, 3]);
        assert_eq!(pts.iter().map(|p| p.depth).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(pts[0].elo, 0.0);
        assert!(pts[1].elo > 0.0 && pts[2].elo > pts[1].elo, "{pts:?}");
    }
}
