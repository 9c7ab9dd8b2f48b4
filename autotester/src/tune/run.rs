//! The tuning loop. Each iteration is a small match, played by the
//! autotester's runner and referee like any other: the engine with
//! `theta + c_k delta` ("plus") against itself with `theta - c_k delta`
//! ("minus"), `pairs` openings each played with colours reversed. Its
//! wins minus losses move theta; then the history, the games and the
//! state are saved, in that order, so an interruption loses at most the
//! iteration in progress (and not even its finished games).

use super::args::Tuning;
use super::params::{trim_decimals, Param};
use super::plot::history_svg;
use super::report::{self, Row};
use super::spsa::{iteration_seed, Step};
use super::state::{self, differences, Progress as Saved, RunDir, Settings, State};
use super::TuneError;
use crate::config::Player;
use crate::plan::{MatchPlan, Verbosity};
use crate::runner;
use crate::runner::output::print_line;
use crate::runner::progress::Progress;
use crate::stats::Wdl;
use std::path::PathBuf;
use workbench::engine::UciEngine;

pub(super) const PLUS: &str = "plus";
pub(super) const MINUS: &str = "minus";

/// What a run did.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneSummary {
    /// Iterations finished before this run started, and now.
    pub resumed_at: u64,
    pub iterations: u64,
    pub games: u64,
    pub theta: Vec<f64>,
}

/// Runs (or resumes) the tuning and writes the final values and the plot.
pub fn tune(t: &Tuning) -> Result<TuneSummary, TuneError> {
    // Before anything is written: a run with a misspelt option is refused.
    check_options(t)?;
    let dir = RunDir::create(&t.out)?;
    let settings = Settings::of(t);
    let mut saved = open(&dir, t, &settings)?;
    let resumed_at = saved.iteration;
    if !t.quiet {
        print_line(&announcement(t, &saved));
    }
    let progress = progress_bar(t, &saved);
    for i in saved.iteration + 1..=t.iterations {
        let (wdl, theta) = iteration(t, &dir, &saved.theta, i)?;
        saved = commit(t, &dir, &settings, saved, wdl, theta)?;
        let line = format!(
            "iteration {i}/{}: plus +{}-{}={}; {}",
            t.iterations,
            wdl.wins,
            wdl.losses,
            wdl.draws,
            values_text(&t.params, &saved.theta)
        );
        progress.finished(
            &line,
            &format!(
                "{} games, {}",
                saved.games,
                values_text(&t.params, &saved.theta)
            ),
        );
    }
    progress.finish();
    write_outputs(t, &dir, &saved)?;
    Ok(TuneSummary {
        resumed_at,
        iterations: saved.iteration,
        games: saved.games,
        theta: saved.theta,
    })
}

/// The line saying what is about to be played.
fn announcement(t: &Tuning, saved: &Saved) -> String {
    let settings = Settings::of(t);
    let from = match saved.iteration {
        0 => "from the start".to_string(),
        done if done >= t.iterations => format!("all {done} done"),
        done => format!("resuming after iteration {done}"),
    };
    format!(
        "Tuning {} parameters of {} ({}, {}): {} iterations of {} game pair{}, {from}; \
         {} at a time, seed {}, into {}",
        t.params.len(),
        t.engine,
        settings.game,
        settings.limits,
        t.iterations,
        t.pairs,
        if t.pairs == 1 { "" } else { "s" },
        t.template.concurrency,
        settings.seed,
        t.out.display()
    )
}

/// `A 12.3, B -4`: theta, briefly.
pub fn values_text(params: &[Param], theta: &[f64]) -> String {
    params
        .iter()
        .zip(theta)
        .map(|(p, &t)| format!("{} {}", p.name, trim_decimals(t, 2)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn progress_bar(t: &Tuning, saved: &Saved) -> Progress {
    let verbosity = if t.quiet {
        Verbosity::Silent
    } else {
        Verbosity::Normal
    };
    Progress::counting(saved.iteration, t.iterations, "iterations", verbosity)
}

/// The saved state when there is one with these settings; a state with
/// other settings is refused.
fn saved_state(dir: &RunDir, settings: &Settings) -> Result<Option<State>, TuneError> {
    let Some(state) = dir.load()? else {
        return Ok(None);
    };
    let found = differences(&state.settings, settings);
    if !found.is_empty() {
        return Err(TuneError::Mismatch {
            path: dir.file(state::STATE),
            differences: found.join("; "),
        });
    }
    Ok(Some(state))
}

/// The progress of a run that has played nothing yet.
fn start(t: &Tuning) -> Saved {
    Saved {
        iteration: 0,
        planned: t.iterations,
        games: 0,
        theta: t.params.iter().map(|p| p.start).collect(),
        history_bytes: 0,
        games_bytes: 0,
    }
}

/// The run's progress as saved, without writing anything (the shards of
/// an iteration read it at once): the start when nothing is saved yet.
pub(super) fn peek(dir: &RunDir, t: &Tuning, settings: &Settings) -> Result<Saved, TuneError> {
    Ok(saved_state(dir, settings)?.map_or_else(|| start(t), |s| s.progress))
}

/// The run's progress so far: the saved one when the settings agree, or a
/// fresh start (history header and row 0 written, state saved).
pub(super) fn open(dir: &RunDir, t: &Tuning, settings: &Settings) -> Result<Saved, TuneError> {
    if !t.force_new {
        if let Some(state) = saved_state(dir, settings)? {
            dir.restore(&state.progress, t.iterations)?;
            return Ok(state.progress);
        }
    }
    dir.clear()?;
    if t.force_new {
        dir.remove_shard_pgns(None)?;
    }
    let mut progress = start(t);
    let row = Row {
        iteration: 0,
        games: 0,
        wdl: Wdl::default(),
        theta: progress.theta.clone(),
    };
    let text = report::header(&t.params) + &report::row_line(&row);
    progress.history_bytes = dir.append(state::HISTORY, text.as_bytes())?;
    dir.save(&State {
        progress: progress.clone(),
        settings: settings.clone(),
    })?;
    Ok(progress)
}

/// Starts the engine once to check that it declares every tuned option
/// (UCI option names are case-insensitive).
pub(super) fn check_options(t: &Tuning) -> Result<(), TuneError> {
    let spec = runner::engine_spec(&player(t, PLUS, &[]));
    let engine = UciEngine::start(&spec, &t.template.timeouts)?;
    let declared = engine.declared_options().to_vec();
    engine.quit();
    let missing = t
        .params
        .iter()
        .find(|p| !declared.iter().any(|d| d.eq_ignore_ascii_case(&p.name)));
    match missing {
        Some(p) => Err(TuneError::UnknownOption {
            name: p.name.clone(),
            declared: if declared.is_empty() {
                "none".into()
            } else {
                declared.join(", ")
            },
        }),
        None => Ok(()),
    }
}

/// The engine with the fixed options and `values` for the tuned ones.
fn player(t: &Tuning, name: &str, values: &[f64]) -> Player {
    let mut options = t.options.clone();
    options.extend(
        t.params
            .iter()
            .zip(values)
            .map(|(p, &v)| (p.name.clone(), p.engine_value(v))),
    );
    Player {
        name: name.into(),
        invoke: t.engine.clone(),
        family: name.into(),
        time_control: t.time_control,
        depth: t.depth,
        nodes: t.nodes,
        movetime: None,
        time_margin: None,
        restart: false,
        options,
    }
}

/// Iteration `i`'s direction and match from `theta`, its games into `pgn`:
/// the engine with `theta + c_k delta` against itself with `theta - c_k
/// delta`, `pairs` openings each played with colours reversed.
pub(super) fn iteration_plan(t: &Tuning, theta: &[f64], i: u64, pgn: PathBuf) -> (Step, MatchPlan) {
    let step = Step::new(&t.schedule, &t.params, t.template.seed, i, t.pairs);
    let (plus, minus) = (step.plus(&t.params, theta), step.minus(&t.params, theta));
    let mut plan = t.template.clone();
    plan.players = vec![player(t, PLUS, &plus), player(t, MINUS, &minus)];
    plan.event = format!("tune iteration {i}");
    plan.seed = iteration_seed(t.template.seed, i);
    plan.pgn_out = pgn;
    plan.games_per_round = 2;
    plan.set_total_games(u32::try_from(2 * t.pairs).unwrap_or(u32::MAX));
    (step, plan)
}

/// Plays iteration `i` from `theta`: the plus side's results and the new theta.
fn iteration(
    t: &Tuning,
    dir: &RunDir,
    theta: &[f64],
    i: u64,
) -> Result<(Wdl, Vec<f64>), TuneError> {
    let (step, plan) = iteration_plan(t, theta, i, dir.iteration_pgn(i));
    let wdl = play_for_plus(&plan, i)?;
    Ok((wdl, moved(t, &step, theta, &wdl)))
}

/// Plays `plan` (iteration `i`'s pairs, or a shard of them): the plus
/// side's results.
pub(super) fn play_for_plus(plan: &MatchPlan, i: u64) -> Result<Wdl, TuneError> {
    let summary = runner::run(plan).map_err(|source| TuneError::Iteration {
        iteration: i,
        source,
    })?;
    Ok(summary
        .report
        .head_to_head
        .filter(|h| h.first == PLUS)
        .map(|h| h.wdl)
        .unwrap_or_default())
}

/// Theta after an iteration whose plus side scored `wdl`.
pub(super) fn moved(t: &Tuning, step: &Step, theta: &[f64], wdl: &Wdl) -> Vec<f64> {
    let result = wdl.wins as f64 - wdl.losses as f64;
    step.update(&t.params, theta, result)
}

/// Saves iteration `saved.iteration + 1`: its history row, its games, then
/// the state that counts them.
pub(super) fn commit(
    t: &Tuning,
    dir: &RunDir,
    settings: &Settings,
    saved: Saved,
    wdl: Wdl,
    theta: Vec<f64>,
) -> Result<Saved, TuneError> {
    let i = saved.iteration + 1;
    let games = saved.games + wdl.games();
    let row = Row {
        iteration: i,
        games,
        wdl,
        theta: theta.clone(),
    };
    let progress = Saved {
        iteration: i,
        planned: t.iterations,
        games,
        theta,
        history_bytes: dir.append(state::HISTORY, report::row_line(&row).as_bytes())?,
        games_bytes: dir.collect_games(i)?,
    };
    dir.save(&State {
        progress: progress.clone(),
        settings: settings.clone(),
    })?;
    let done = dir.iteration_pgn(i);
    match std::fs::remove_file(&done) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(TuneError::Write {
            path: done,
            source: e,
        }),
        _ => Ok(progress),
    }
}

/// `final.toml`, `final.txt` and `history.svg`, from the saved state and
/// the whole history.
pub(super) fn write_outputs(t: &Tuning, dir: &RunDir, saved: &Saved) -> Result<(), TuneError> {
    let title = format!(
        "SPSA: {} iterations, {} games",
        saved.iteration, saved.games
    );
    let what = format!("autotester tune, {title}, engine {}", t.engine);
    let rows = report::read_history(&dir.file(state::HISTORY), t.params.len())?;
    let files = [
        (
            state::FINAL_TOML,
            report::final_toml(&t.params, &saved.theta, &what),
        ),
        (state::FINAL_UCI, report::final_uci(&t.params, &saved.theta)),
        (state::PLOT, history_svg(&title, &t.params, &rows)),
    ];
    for (name, text) in files {
        let path = dir.file(name);
        std::fs::write(&path, text).map_err(|source| TuneError::Write { path, source })?;
    }
    Ok(())
}
