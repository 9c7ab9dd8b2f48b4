//! A tuning run spread over the jobs of a batch system. SPSA's iterations
//! follow one another (each starts from the theta the last one left), but
//! the game pairs of one iteration are independent: `--shard K/N` plays
//! shard K of the next iteration's pairs into `DIR/shards/`, reading the
//! saved state and writing nothing else, so N jobs can run it at once;
//! `--collect N` then joins the N shards, moves theta and saves the
//! iteration exactly as a whole run does. The same seed gives the same
//! history either way: an iteration's direction, openings and players
//! depend on the seed, the iteration and theta only, never on who plays
//! which pair.

use super::args::Tuning;
use super::run::{self, MINUS, PLUS};
use super::state::{RunDir, Settings};
use super::TuneError;
use crate::fingerprint::{Fingerprint, TAG};
use crate::merge;
use crate::report::GameRecord;
use crate::runner::standings::Standings;
use crate::schedule::Shard;
use crate::stats::Wdl;
use std::path::PathBuf;
use workbench::pgn::PgnGame;

/// What one `--shard` or `--collect` did.
#[derive(Clone, Debug, PartialEq)]
pub enum StepOutcome {
    /// Every iteration is done already: nothing was played or moved.
    AllDone { iterations: u64 },
    /// Shard `shard` of iteration `iteration` played: the plus side's
    /// results in it.
    Played {
        iteration: u64,
        shard: Shard,
        wdl: Wdl,
    },
    /// Iteration `iteration` collected: its results and the new theta.
    Collected {
        iteration: u64,
        wdl: Wdl,
        theta: Vec<f64>,
    },
}

/// `--shard K/N`: plays shard K of N of the next iteration's pairs from the
/// saved theta. Leaves the state alone.
pub fn play_shard(t: &Tuning, shard: Shard) -> Result<StepOutcome, TuneError> {
    run::check_options(t)?;
    let dir = RunDir::create(&t.out)?;
    let saved = run::peek(&dir, t, &Settings::of(t))?;
    let i = saved.iteration + 1;
    if i > t.iterations {
        return Ok(StepOutcome::AllDone {
            iterations: saved.iteration,
        });
    }
    dir.create_shards()?;
    let (_, mut plan) = run::iteration_plan(t, &saved.theta, i, dir.shard_pgn(i, shard));
    plan.shard = shard;
    let wdl = run::play_for_plus(&plan, i)?;
    Ok(StepOutcome::Played {
        iteration: i,
        shard,
        wdl,
    })
}

/// `--collect N`: joins the N shards of the next iteration, moves theta and
/// saves the iteration (history, games, state), then the final values.
pub fn collect(t: &Tuning, count: u32) -> Result<StepOutcome, TuneError> {
    let dir = RunDir::create(&t.out)?;
    let settings = Settings::of(t);
    let saved = run::open(&dir, t, &settings)?;
    let i = saved.iteration + 1;
    if i > t.iterations {
        run::write_outputs(t, &dir, &saved)?;
        return Ok(StepOutcome::AllDone {
            iterations: saved.iteration,
        });
    }
    let (step, plan) = run::iteration_plan(t, &saved.theta, i, dir.iteration_pgn(i));
    let paths: Vec<PathBuf> = (0..count)
        .map(|index| dir.shard_pgn(i, Shard { index, count }))
        .collect();
    let fingerprint = Fingerprint::of(&plan).map_err(|e| TuneError::Iteration {
        iteration: i,
        source: e.into(),
    })?;
    let games = shard_games(&paths, &fingerprint, 2 * t.pairs, i)?;
    merge::write(&plan.pgn_out, &games)?;
    let wdl = plus_results(&games);
    let theta = run::moved(t, &step, &saved.theta, &wdl);
    let saved = run::commit(t, &dir, &settings, saved, wdl, theta)?;
    dir.remove_shard_pgns(Some(i))?;
    run::write_outputs(t, &dir, &saved)?;
    Ok(StepOutcome::Collected {
        iteration: i,
        wdl,
        theta: saved.theta,
    })
}

/// The games of the shards' files: all of iteration `i`'s, each once, and
/// none of another iteration or run.
fn shard_games(
    paths: &[PathBuf],
    expected: &Fingerprint,
    games: u64,
    i: u64,
) -> Result<Vec<PgnGame>, TuneError> {
    let shards = |problem: String| TuneError::Shards {
        iteration: i,
        problem,
    };
    let missing: Vec<String> = paths
        .iter()
        .filter(|p| !p.exists())
        .map(|p| p.display().to_string())
        .collect();
    if !missing.is_empty() {
        return Err(shards(format!(
            "missing {} (run those shards first)",
            missing.join(", ")
        )));
    }
    let merged = merge::merge(paths)?;
    let expected = expected.to_string();
    if let Some(g) = merged.games.iter().find(|g| g.tag(TAG) != Some(&expected)) {
        return Err(shards(format!(
            "round {} was played from another theta or with other settings (a stale shard: delete {} and play the shards again)",
            g.tag("Round").unwrap_or("?"),
            paths.first().and_then(|p| p.parent()).map_or(String::new(), |p| p.display().to_string())
        )));
    }
    let found = merged.games.len() as u64;
    if found != games {
        return Err(shards(format!(
            "the shards hold {found} finished games of {games}: a shard stopped early (rerun it; it resumes) or N is not the shards' count"
        )));
    }
    Ok(merged.games)
}

/// The plus side's wins, draws and losses in `games`.
fn plus_results(games: &[PgnGame]) -> Wdl {
    let mut standings = Standings::new(&[PLUS.to_string(), MINUS.to_string()]);
    for g in GameRecord::all_of(games) {
        standings.add(&g);
    }
    standings.wdl(PLUS).unwrap_or_default()
}
