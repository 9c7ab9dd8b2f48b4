//! The flags every command that plays games shares (`run`, `ladder`,
//! `tune`): seed, parallelism, the referee's margins and adjudication, and
//! how much is printed.

use crate::config::GameKind;
use crate::plan::{MatchPlan, Verbosity};
use crate::referee::{DrawRule, ResignRule};
use clap::Args;
use std::time::Duration;

#[derive(Args, Clone, Debug, Default)]
pub struct MatchFlags {
    /// Seed of the random choices: opening order and random openings (and
    /// tune's perturbations); same seed, same schedule
    #[arg(long)]
    pub seed: Option<u64>,
    /// Games played at once (overrides a config's `cpus`)
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Time an engine may overstep its clock before it loses, in ms
    #[arg(long, value_name = "MS")]
    pub time_margin: Option<u64>,
    /// Longest wait for a move without a clock (depth/nodes limits), in seconds
    #[arg(long, value_name = "SECS")]
    pub move_timeout: Option<f64>,
    /// Adjudicate a loss when both engines agree for MOVES moves each that
    /// one side is CP centipawns down
    #[arg(long, num_args = 2, value_names = ["MOVES", "CP"])]
    pub resign: Option<Vec<i32>>,
    /// Adjudicate a draw from move FROM when both engines' scores stay
    /// within CP for MOVES moves each
    #[arg(long, num_args = 3, value_names = ["FROM", "MOVES", "CP"])]
    pub draw: Option<Vec<i32>>,
    /// Longest wait for `uciok` and `readyok`, in seconds
    #[arg(long, value_name = "SECS")]
    pub startup_timeout: Option<f64>,
    /// No line per finished game (tune: no progress at all)
    #[arg(long)]
    pub quiet: bool,
}

impl MatchFlags {
    /// Puts the flags given into the plan.
    pub fn apply(&self, plan: &mut MatchPlan) -> Result<(), String> {
        if let Some(s) = self.seed {
            plan.seed = s;
        }
        if let Some(c) = self.concurrency {
            plan.concurrency = c.max(1);
        }
        if let Some(ms) = self.time_margin {
            plan.rules.time_margin = Duration::from_millis(ms);
        }
        if let Some(secs) = self.move_timeout {
            plan.rules.move_timeout = Duration::try_from_secs_f64(secs)
                .map_err(|_| format!("--move-timeout {secs}: expected seconds"))?;
        }
        if let Some(secs) = self.startup_timeout {
            let t = Duration::try_from_secs_f64(secs)
                .map_err(|_| format!("--startup-timeout {secs}: expected seconds"))?;
            plan.timeouts.startup = t;
            plan.timeouts.ready = t;
        }
        self.apply_adjudication(plan)?;
        if self.quiet {
            plan.verbosity = plan.verbosity.max(Verbosity::Quiet);
        }
        Ok(())
    }

    fn apply_adjudication(&self, plan: &mut MatchPlan) -> Result<(), String> {
        let count = |n: i32, what: &str| {
            u32::try_from(n).map_err(|_| format!("{what} must not be negative, found {n}"))
        };
        if let Some([moves, score]) = self.resign.as_deref() {
            plan.rules.adjudication.resign = Some(ResignRule {
                moves: count(*moves, "--resign MOVES")?,
                score: *score,
            });
        }
        if let Some([from, moves, score]) = self.draw.as_deref() {
            plan.rules.adjudication.draw = Some(DrawRule {
                from_move: count(*from, "--draw FROM")?,
                moves: count(*moves, "--draw MOVES")?,
                score: *score,
            });
        }
        Ok(())
    }
}

/// A game by name (clap's parser for `--game`).
pub fn parse_game(s: &str) -> Result<GameKind, String> {
    s.parse()
        .map_err(|()| format!("{s:?}: expected {}", GameKind::expected()))
}

/// An engine option as `NAME=VALUE` (clap's parser for `--option`).
pub fn parse_option(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .filter(|(k, _)| !k.is_empty())
        .ok_or_else(|| format!("{text:?}: expected NAME=VALUE"))?;
    check_option(&name, &value)?;
    Ok((name, value))
}

/// Refuses an engine option whose name or value holds a control
/// character (issue 40 item 13): `setoption` is one line, so a newline or
/// carriage return would send the rest (`Hash=16\nquit`) to the engine as
/// a command of its own, and no engine option needs a tab or a NUL.
pub fn check_option(name: &str, value: &str) -> Result<(), String> {
    let bad = |s: &str| s.chars().any(char::is_control);
    if bad(name) || bad(value) {
        return Err(format!(
            "option {name:?} = {value:?}: control characters (newlines, carriage returns, \
             tabs) are not allowed in option names or values"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse_option;

    #[test]
    fn options() {
        assert_eq!(
            parse_option("Hash=16"),
            Ok(("Hash".to_string(), "16".to_string()))
        );
        assert_eq!(
            parse_option("Move Overhead = 50"),
            Ok(("Move Overhead".to_string(), "50".to_string()))
        );
        assert!(parse_option("Hash").is_err());
        assert!(parse_option("=3").is_err());
    }
}
