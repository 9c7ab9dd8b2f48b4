//! `texel nnue`: its arguments and the run, from data files to the
//! engine's network file.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use chess::eval::nnue::{FloatNetwork, KingBuckets, Network, DEFAULT_BUCKETS};
use chess::Position;

use super::checkpoint::{self, CheckpointError};
use super::data::{read_paths, split_by_game, DataError};
use super::model::{expected, forward, initial};
use super::sample::{Sample, Target};
use super::teacher::{self, Teacher};
use super::train::{mean_loss, train, EpochReport, TrainOptions};
use crate::packed::PackedPosition;

/// `texel nnue`'s arguments.
#[derive(Args, Debug)]
pub struct NnueArgs {
    /// `datagen` files or folders of them.
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// The engine's network file to write (the best epoch on the held-out
    /// games); `OUT.float` gets the same network in floating point and
    /// `OUT.last.float` the latest epoch's, to go on from with `--init`.
    #[arg(long, short)]
    pub out: PathBuf,
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's step size (a tenth of it for the last quarter of the epochs).
    #[arg(long, default_value_t = 0.001)]
    pub learning_rate: f32,
    /// The game result's share of each target; the rest is the expected
    /// result of the search's score.
    #[arg(long, default_value_t = 0.25)]
    pub result_weight: f32,
    /// Centipawns of the logistic that turns a score into an expected result.
    #[arg(long, default_value_t = 400.0)]
    pub scale: f32,
    /// The share of the games held out.
    #[arg(long, default_value_t = 0.05)]
    pub holdout: f64,
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// The seed of the initial weights and of the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start from this network instead of random weights: a float file
    /// (`OUT.float` or `OUT.last.float` of an earlier run) or an engine's
    /// network file (its integers read back as floats).
    #[arg(long)]
    pub init: Option<PathBuf>,
    /// The king bucket layout: `one` (a single set of inputs), `four`
    /// (the default: the king on the first rank on files a-b or c-d, on
    /// the second rank, further up), or 32 comma-separated bucket numbers
    /// for the king's squares a1-d1, a2-d2, ..., a8-d8 (mirrored to files
    /// a-d). With `--init`, the starting network's buckets are split
    /// into this layout (each new bucket within one of its buckets), so
    /// that training starts from the same evaluation; without
    /// `--buckets` it keeps its own.
    #[arg(long, value_parser = parse_buckets)]
    pub buckets: Option<KingBuckets>,
    /// Use at most this many positions (the first games read, whole).
    #[arg(long)]
    pub max_positions: Option<usize>,
    /// Whose score the fitted positions' targets blend with the result:
    /// the search that played the game, or the hand-written evaluation
    /// of the position (held-out games keep the search's).
    #[arg(long, value_enum, default_value_t = Teacher::Search)]
    pub teacher: Teacher,
    /// Adds this many random descendants of each fitted position, scored
    /// by the hand-written evaluation (see `--child-plies`).
    #[arg(long, default_value_t = 0)]
    pub children: usize,
    /// A descendant is 1 to this many random legal moves away.
    #[arg(long, default_value_t = 4)]
    pub child_plies: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum NnueError {
    #[error(transparent)]
    Data(#[from] DataError),
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    #[error("the trained network does not fit the engine's integers: {0}")]
    Quantize(String),
    #[error("{path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("--holdout {0} is not in (0, 1)")]
    Holdout(f64),
    #[error("--result-weight {0} is not in [0, 1]")]
    ResultWeight(f32),
    #[error("no game was held out of {0} positions; raise --holdout or add data")]
    NothingHeldOut(usize),
    #[error("--buckets: a new bucket holds king squares of two buckets of the --init network ({0:?}); only splitting its buckets keeps its evaluation")]
    NotASplit(KingBuckets),
}

pub fn run(args: NnueArgs) -> Result<(), NnueError> {
    let started = Instant::now();
    if !(args.holdout > 0.0 && args.holdout < 1.0) {
        return Err(NnueError::Holdout(args.holdout));
    }
    if !(0.0..=1.0).contains(&args.result_weight) {
        return Err(NnueError::ResultWeight(args.result_weight));
    }
    let mut games = read_paths(&args.data)?;
    keep_positions(&mut games, args.max_positions.unwrap_or(usize::MAX));
    let (mut fitted, held_out) = split_by_game(&games, args.holdout);
    let descendants = teacher::children(
        &fitted,
        args.children,
        args.child_plies,
        args.seed,
        args.threads,
    );
    teacher::relabel(&mut fitted, args.teacher, args.threads);
    fitted.extend(descendants);
    let count = fitted.len() + held_out.len();
    if held_out.is_empty() {
        return Err(NnueError::NothingHeldOut(count));
    }
    let net = starting_network(&args)?;
    let options = TrainOptions {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        target: Target {
            result_weight: args.result_weight,
            scale: args.scale,
        },
        threads: args.threads,
        seed: args.seed,
    };
    println!(
        "{} positions to fit, {} held out, read in {:.1} s; held-out error: the search's own score {:.6}, the hand-written evaluation {:.6}, the starting network {:.6}",
        fitted.len(),
        held_out.len(),
        started.elapsed().as_secs_f64(),
        score_loss(&held_out, &options),
        hand_written_loss(&held_out, &options),
        mean_loss(&net, &held_out, &options),
    );
    let last = with_suffix(&args.out, ".last.float");
    let mut saved = Ok(());
    let best = train(net, &fitted, &held_out, &options, |r, net| {
        print_epoch(r, started);
        if saved.is_ok() {
            saved = checkpoint::write(&last, net);
        }
    });
    saved?;
    write_network(&args.out, &best)?;
    checkpoint::write(&with_suffix(&args.out, ".float"), &best)?;
    println!(
        "wrote {} (the epoch with the lowest held-out error); the integer network against the float one over 1000 held-out positions: {}",
        args.out.display(),
        quantization_gap(&best, &held_out, &options)?
    );
    Ok(())
}

/// The network training starts from: `--init`'s, its buckets split into
/// `--buckets` when given, else random weights over `--buckets` (four by
/// default).
pub(super) fn starting_network(args: &NnueArgs) -> Result<FloatNetwork, NnueError> {
    let Some(path) = &args.init else {
        return Ok(initial(args.buckets.unwrap_or(DEFAULT_BUCKETS), args.seed));
    };
    let net = checkpoint::read_either(path)?;
    match args.buckets {
        None => Ok(net),
        Some(buckets) => net
            .split_buckets(buckets)
            .ok_or(NnueError::NotASplit(net.buckets)),
    }
}

/// A `--buckets` value.
fn parse_buckets(text: &str) -> Result<KingBuckets, String> {
    match text {
        "one" => return Ok(KingBuckets([0; 32])),
        "four" => return Ok(DEFAULT_BUCKETS),
        _ => {}
    }
    let numbers: Vec<u8> = text
        .split(',')
        .map(|n| n.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("not a bucket number list: {e}"))?;
    let map: [u8; 32] = numbers
        .try_into()
        .map_err(|n: Vec<u8>| format!("{} bucket numbers, not 32", n.len()))?;
    let buckets = KingBuckets(map);
    if (0..buckets.count() as u8).any(|b| !map.contains(&b)) {
        return Err("the bucket numbers must run from 0 without a gap".to_string());
    }
    Ok(buckets)
}

/// Keeps the first games up to `max` positions in all (the first game
/// at least).
fn keep_positions(games: &mut Vec<Vec<PackedPosition>>, max: usize) {
    let mut total = 0;
    let keep = games
        .iter()
        .take_while(|g| {
            total += g.len();
            total <= max
        })
        .count();
    games.truncate(keep.max(1));
}

fn print_epoch(r: &EpochReport, started: Instant) {
    println!(
        "epoch {:>3}  error {:.6}  held out {:.6}  step {:.1e}  {:.0} positions/s  {:.0} s",
        r.epoch,
        r.train,
        r.held_out,
        r.learning_rate,
        r.positions_per_second,
        started.elapsed().as_secs_f64()
    );
}

/// The error of the search's own scores as predictions: what a network
/// that learned only them would reach (the result's share aside).
fn score_loss(data: &[PackedPosition], options: &TrainOptions) -> f64 {
    let total: f64 = data
        .iter()
        .map(|p| {
            let score = p.side_to_move().fold(1.0, -1.0) * f32::from(p.score_white());
            f64::from(expected(score, options.target.scale) - options.target.of(p)).powi(2)
        })
        .sum();
    total / data.len().max(1) as f64
}

/// The error of the hand-written evaluation (tuned terms and their
/// correction network) as predictions: the yardstick a network
/// must pass to be worth playing.
fn hand_written_loss(data: &[PackedPosition], options: &TrainOptions) -> f64 {
    let (total, count) = data
        .iter()
        .filter_map(|p| Some((p, teacher::hand_written_white(p)?)))
        .map(|(p, white)| {
            let score = p.side_to_move().fold(1.0, -1.0) * white as f32;
            f64::from(expected(score, options.target.scale) - options.target.of(p)).powi(2)
        })
        .fold((0.0, 0usize), |(sum, n), e| (sum + e, n + 1));
    total / count.max(1) as f64
}

fn write_network(path: &Path, net: &FloatNetwork) -> Result<(), NnueError> {
    let quantized = Network::from_float(net).map_err(|e| NnueError::Quantize(e.to_string()))?;
    std::fs::write(path, quantized.to_bytes()).map_err(|source| NnueError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The position of a packed record (no castling rights or en passant
/// square: the network reads neither), `None` if it is not legal.
pub fn position_of(packed: &PackedPosition) -> Option<Position> {
    Position::from_fen(&packed.fen()).ok()
}

/// `path` with `suffix` appended to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// How far the engine's integer network is from the float one, in
/// centipawns, over the first 1000 of `data`: the mean and largest
/// difference, and the mean size of the evaluation.
fn quantization_gap(
    net: &FloatNetwork,
    data: &[PackedPosition],
    options: &TrainOptions,
) -> Result<String, NnueError> {
    let quantized = Network::from_float(net).map_err(|e| NnueError::Quantize(e.to_string()))?;
    let pairs: Vec<(f32, i32)> = data
        .iter()
        .take(1000)
        .filter_map(|p| {
            let float = forward(net, &Sample::new(p, &net.buckets, options.target));
            Some((float, quantized.evaluate(&position_of(p)?)))
        })
        .collect();
    let n = pairs.len().max(1) as f32;
    let gaps = pairs.iter().map(|&(f, q)| (q as f32 - f).abs());
    let largest = gaps.clone().fold(0.0f32, f32::max);
    let mean = gaps.sum::<f32>() / n;
    let size = pairs.iter().map(|(f, _)| f.abs()).sum::<f32>() / n;
    Ok(format!(
        "mean difference {mean:.1} cp, largest {largest:.0} cp (mean |evaluation| {size:.0} cp)"
    ))
}
