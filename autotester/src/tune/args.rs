//! The command line of `autotester tune`, and what it resolves to: the
//! parameters, the gain schedule, the engine and its limits, and the
//! template of every iteration's match.

use super::params::{self, Param, DEFAULT_ALPHA, DEFAULT_A_RATIO, DEFAULT_GAMMA};
use super::spsa::Schedule;
use super::TuneError;
use crate::cli::flags::parse_openings;
use crate::cli::match_flags::{parse_game, parse_option, MatchFlags};
use crate::cli::tc::parse_tc;
use crate::config::types::DEFAULT_ADJUDICATE;
use crate::config::{GameKind, TimeControl};
use crate::plan::{MatchPlan, OpeningsSpec, Verbosity};
use crate::schedule::Shard;
use clap::{ArgGroup, Args};
use std::path::PathBuf;

/// Game pairs per iteration unless told.
pub const DEFAULT_PAIRS: u32 = 1;

pub const ABOUT: &str =
    "Tune an engine's UCI options by SPSA (fishtest/OpenBench style); rerun to resume";

pub const AFTER_HELP: &str = "\
Each iteration flips a random sign delta per parameter, plays the engine with
theta + c_k*delta against itself with theta - c_k*delta (game pairs, one opening
each with colours reversed) and moves theta by R_k*c_k*(wins - losses)*delta.

Parameter file, one parameter a line (fishtest or OpenBench):
  KFACE, 30, 0, 100, 4, 0.002                name, start, min, max, c_end, r_end
  MOBILITY, float, 1.5, 0, 5, 0.25, 0.002    name, int|float, start, min, max, c_end, r_end
or TOML (a name ending in .toml): [[param]] tables with name, type (int|float),
start, min, max, c_end, r_end, and an optional [spsa] table with iterations,
pairs, A_ratio (0.1), alpha (0.602), gamma (0.101).

Schedule over N = iterations * pairs game pairs, k = the iteration's first pair:
  c_k = c_end * N^gamma / k^gamma,  a_k = r_end * c_end^2 * (A + N)^alpha / (A + k)^alpha,
  A = A_ratio * N,  R_k = a_k / c_k^2,  theta += R_k * c_k * (wins - losses) * delta.
Integer parameters are rounded only when sent to the engine.

DIR receives state.toml (rerun the same command to resume; more --iterations
continue the run), history.csv, history.svg, games.pgn, final.toml (the values,
and a parameter file that starts a further run from them) and final.txt
(setoption lines).

On a batch system (GNU parallel, Slurm), one iteration's game pairs can be
spread over jobs: each job runs the same command with --shard K/N (shard K of
the next iteration, into DIR/shards/), then one job runs it with --collect N
(joins the N shards and moves theta), and so on for every iteration. DIR must be
on a filesystem all jobs share. Recipes: docs/cluster.md.";

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("limit").required(true).multiple(true).args(["tc", "depth", "nodes"])))]
pub struct TuneArgs {
    /// The parameter file: TOML (.toml) or fishtest/OpenBench lines
    #[arg(long, value_name = "FILE")]
    pub params: PathBuf,
    /// The engine's command line
    #[arg(long, value_name = "CMD")]
    pub engine: String,
    /// The game the engine plays
    #[arg(long, value_parser = parse_game, default_value = "leiserchess")]
    pub game: GameKind,
    /// Time control: SECS, SECS+INC or MOVES/SECS
    #[arg(long, value_name = "TC")]
    pub tc: Option<String>,
    /// Fixed search depth
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Fixed node count
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Iterations in all (overrides [spsa] iterations); rerun with more to go on
    #[arg(long, value_name = "N")]
    pub iterations: Option<u32>,
    /// Game pairs per iteration (overrides [spsa] pairs; default 1); at
    /// least concurrency/2 keeps every worker busy
    #[arg(long, value_name = "N")]
    pub pairs: Option<u32>,
    /// Openings: file=FILE (drawn at random), plies=N (random, balanced) or none
    #[arg(long, value_name = "SPEC", default_value = "plies=8")]
    pub openings: String,
    /// Fixed engine option NAME=VALUE (repeatable)
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, String)>,
    /// The output folder
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Start again even when DIR holds a run with other settings
    #[arg(long, conflicts_with_all = ["shard", "collect"])]
    pub force_new: bool,
    /// Play only shard K of N of the next iteration's game pairs (by
    /// pairs), into DIR/shards/; `--collect N` then moves theta
    #[arg(long, value_name = "K/N", conflicts_with = "collect")]
    pub shard: Option<Shard>,
    /// Join the N shards of the next iteration (played with --shard K/N),
    /// move theta and save the iteration
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub collect: Option<u32>,
    #[command(flatten)]
    pub flags: MatchFlags,
}

/// What one invocation does with the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Every iteration left, each played whole.
    #[default]
    Whole,
    /// One shard of the next iteration's game pairs, theta unchanged.
    Shard(Shard),
    /// The next iteration's shards (this many) joined, theta moved.
    Collect(u32),
}

/// A tuning run, resolved from the command line and the parameter file.
#[derive(Clone, Debug)]
pub struct Tuning {
    pub mode: Mode,
    pub params: Vec<Param>,
    pub schedule: Schedule,
    /// Iterations in all.
    pub iterations: u64,
    /// Game pairs per iteration.
    pub pairs: u64,
    pub engine: String,
    pub time_control: Option<TimeControl>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Options sent as they are, besides the tuned ones.
    pub options: Vec<(String, String)>,
    /// Every iteration's match but its players, seed and PGN: the game,
    /// openings, parallelism and the referee's rules.
    pub template: MatchPlan,
    pub out: PathBuf,
    pub force_new: bool,
    pub quiet: bool,
}

impl TuneArgs {
    /// Reads the parameter file and checks the flags against it.
    pub fn resolve(self) -> Result<Tuning, TuneError> {
        let file = params::load(&self.params)?;
        let usage = TuneError::Usage;
        let iterations = self.iterations.or(file.spsa.iterations).ok_or_else(|| {
            usage("give --iterations, or iterations in the file's [spsa] table".into())
        })?;
        let pairs = self.pairs.or(file.spsa.pairs).unwrap_or(DEFAULT_PAIRS);
        if iterations == 0 || pairs == 0 {
            return Err(usage("--iterations and --pairs must be at least 1".into()));
        }
        if let Some((name, _)) = self
            .options
            .iter()
            .find(|(name, _)| file.params.iter().any(|p| &p.name == name))
        {
            return Err(usage(format!("--option {name} is also a tuned parameter")));
        }
        let time_control = match &self.tc {
            Some(tc) => parse_tc(tc).map_err(|e| usage(format!("--tc {tc:?}: expected {e}")))?,
            None => None,
        };
        if time_control.is_none() && self.depth.is_none() && self.nodes.is_none() {
            return Err(usage("give a limit: --tc, --depth or --nodes".into()));
        }
        let template = self.template()?;
        let total_pairs = f64::from(iterations) * f64::from(pairs);
        let mode = match (self.shard, self.collect) {
            (Some(shard), _) => Mode::Shard(shard),
            (None, Some(count)) => Mode::Collect(count),
            (None, None) => Mode::Whole,
        };
        Ok(Tuning {
            mode,
            schedule: Schedule {
                total_pairs,
                a_ratio: file.spsa.a_ratio.unwrap_or(DEFAULT_A_RATIO),
                alpha: file.spsa.alpha.unwrap_or(DEFAULT_ALPHA),
                gamma: file.spsa.gamma.unwrap_or(DEFAULT_GAMMA),
            },
            params: file.params,
            iterations: iterations.into(),
            pairs: pairs.into(),
            engine: self.engine,
            time_control,
            depth: self.depth,
            nodes: self.nodes,
            options: self.options,
            template,
            out: self.out,
            force_new: self.force_new,
            quiet: self.flags.quiet,
        })
    }

    /// The match every iteration plays, but for its players.
    fn template(&self) -> Result<MatchPlan, TuneError> {
        let mut plan = MatchPlan::new(self.game, Vec::new(), PathBuf::new());
        let words: Vec<String> = self.openings.split_whitespace().map(String::from).collect();
        plan.openings = match parse_openings("--openings", &words) {
            // Each iteration draws from the book with a seed of its own.
            Ok(OpeningsSpec::Book {
                path, plies, start, ..
            }) => OpeningsSpec::Book {
                path,
                sequential: false,
                plies,
                start,
            },
            Ok(spec) => spec,
            Err(e) => return Err(TuneError::Usage(e.to_string())),
        };
        plan.rules.adjudication.max_plies = Some(DEFAULT_ADJUDICATE);
        self.flags.apply(&mut plan).map_err(TuneError::Usage)?;
        plan.verbosity = Verbosity::Silent;
        Ok(plan)
    }
}
