//! `texel`: Texel tuning of the chess evaluation. `texel extract` turns
//! PGN games into labelled quiet positions; `texel tune` fits the
//! evaluation's weights to them and writes `tuned.rs`. The recipe is
//! `tools/README.md`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand, ValueEnum};

use chess::eval::{HAND_WEIGHTS, TUNED_WEIGHTS};
use tools::dataset::{self, DatasetError, Labelled};
use tools::extract::{extract, ExtractError, ExtractOptions};
use tools::label::{label_all, JudgeOptions, LabelError, LabelOptions};
use tools::net::{crafted_mse, fit_k, train, NetOptions, Sample};
use tools::output::{rust_source, RunSummary};
use tools::tune::{adam, params_of, tunable_by_prefix, weights_of, TraceSet, TuneOptions};
use workbench::pgn::{read_file, PgnFileError};

#[derive(Parser)]
#[command(name = "texel", about = "Texel tuning of the chess evaluation")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Quiet positions of PGN games, labelled with the result, as `FEN;result` lines.
    Extract {
        /// PGN files (their games are sorted by round, then players).
        #[arg(required = true)]
        pgn: Vec<PathBuf>,
        /// The data set to write.
        #[arg(long, short)]
        out: PathBuf,
        /// Plies skipped at the start of each game.
        #[arg(long, default_value_t = 16)]
        skip_plies: usize,
    },
    /// Fit K, then the weights, to a data set; write the weights as Rust source.
    Tune(TuneArgs),
    /// Train the network that corrects the tuned evaluation; write its weights (net.bin).
    Net(NetArgs),
    /// Train the chess NNUE on `datagen`'s positions; write the engine's network file.
    Nnue(tools::nnue::cli::NnueArgs),
    /// Relabel a data set with a UCI engine's expected score blended with the game's result.
    Label(LabelArgs),
    /// Rescore `datagen`'s records with a UCI engine's expected score, in our engine's centipawns.
    Rescore(tools::rescore::RescoreArgs),
}

/// `texel label`'s arguments.
#[derive(Args, Debug)]
struct LabelArgs {
    /// The data set (`FEN;result` lines).
    data: PathBuf,
    /// The relabelled data set; an unfinished one of the same data is
    /// resumed.
    #[arg(long, short)]
    out: PathBuf,
    /// The judging UCI engine (e.g. /usr/games/stockfish).
    #[arg(long)]
    engine: PathBuf,
    /// Its search depth per position.
    #[arg(long, default_value_t = 8)]
    depth: u32,
    /// The weight of the game's result in each label (the rest is the
    /// engine's expected score).
    #[arg(long, default_value_t = 0.3)]
    result_weight: f64,
    /// Engines run at once.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Label only every N-th position of the data set.
    #[arg(long, default_value_t = 1)]
    every: usize,
}

#[derive(Debug, thiserror::Error)]
enum TexelError {
    #[error(transparent)]
    Pgn(#[from] PgnFileError),
    #[error(transparent)]
    Extract(#[from] ExtractError),
    #[error(transparent)]
    Dataset(#[from] DatasetError),
    /// Reading or writing one of our files (not a data set's parse).
    #[error("{path}: {source}")]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the data set {0} holds no position")]
    Empty(PathBuf),
    #[error("--only {0} matches no weight")]
    NoWeight(String),
    #[error("--holdout {0} is not in [0, 1)")]
    Holdout(f64),
    #[error("--holdout {0} is not in (0, 1): texel net keeps the epoch with the lowest held-out error, so it needs held-out positions")]
    NetHoldout(f64),
    #[error("{0}: too few positions to hold out a fraction {1} of them")]
    NothingHeldOut(PathBuf, f64),
    #[error("--result-weight {0} is not in [0, 1]")]
    ResultWeight(f64),
    #[error(transparent)]
    Label(#[from] LabelError),
    #[error(transparent)]
    Nnue(#[from] tools::nnue::cli::NnueError),
    #[error(transparent)]
    Rescore(#[from] tools::rescore::RescoreError),
    #[error("{out} line {line} is not a label of {data}'s position {line} (labelled from other data?); remove it or choose another --out")]
    NotAResume {
        out: PathBuf,
        data: PathBuf,
        line: usize,
    },
}

fn write(path: &Path, text: &str) -> Result<(), TexelError> {
    std::fs::write(path, text).map_err(|source| TexelError::File {
        path: path.to_path_buf(),
        source,
    })
}

fn run_extract(pgn: &[PathBuf], out: &Path, skip_plies: usize) -> Result<(), TexelError> {
    let started = Instant::now();
    let mut games = Vec::new();
    for path in pgn {
        games.extend(read_file(path)?);
    }
    let (data, stats) = extract(&games, ExtractOptions { skip_plies })?;
    let mut text = String::with_capacity(data.len() * 64);
    for item in &data {
        text.push_str(&item.to_string());
        text.push('\n');
    }
    write(out, &text)?;
    eprintln!(
        "{} games ({} unfinished), {} positions after ply {skip_plies}: {} not quiet, {} duplicates, {} kept in {} ({:.1} s)",
        stats.games,
        stats.unfinished,
        stats.positions_seen,
        stats.not_quiet,
        stats.duplicates,
        stats.kept,
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `texel tune`'s arguments.
#[derive(Args, Debug)]
struct TuneArgs {
    /// The data set (`FEN;result` lines).
    data: PathBuf,
    /// Where to write the weights (the engine reads games/chess/src/eval/tuned.rs).
    #[arg(long, short)]
    out: PathBuf,
    #[arg(long, default_value_t = 300)]
    epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    learning_rate: f64,
    /// K of the sigmoid; fitted on the hand-written weights when absent.
    #[arg(long)]
    k: Option<f64>,
    /// Tune only weights whose names start with one of these
    /// comma-separated prefixes (e.g. `material,mobility`).
    #[arg(long)]
    only: Option<String>,
    /// Print the error every this many epochs.
    #[arg(long, default_value_t = 1)]
    print_every: usize,
    /// The fraction of the data set, taken from its end (the last
    /// games, as `extract` orders them), held out of the fit to
    /// measure the error on unseen games.
    #[arg(long, default_value_t = 0.1)]
    holdout: f64,
    /// Ridge penalty towards the starting weights (see
    /// `TuneOptions::l2`); 2e-9 gave the lowest error on the held-out
    /// games of the first data set (tools/README.md).
    #[arg(long, default_value_t = 2e-9)]
    l2: f64,
    /// The weights the fit starts from: the hand-written ones, or the
    /// tuned ones the engine plays with (to refine them on new data).
    #[arg(long, value_enum, default_value_t = Start::Hand)]
    from: Start,
}

/// `texel net`'s arguments.
#[derive(Args, Debug)]
struct NetArgs {
    /// Data sets (`FEN;label` lines); the held-out part is the end of the last.
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Where to write the network (the engine reads games/chess/src/eval/net.bin).
    #[arg(long, short)]
    out: PathBuf,
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Adam's step size (a tenth of it for the last quarter of the epochs).
    #[arg(long, default_value_t = 0.001)]
    learning_rate: f32,
    /// The fraction of the last data set, from its end, held out.
    #[arg(long, default_value_t = 0.1)]
    holdout: f64,
    /// K of the sigmoid; fitted on the tuned evaluation when absent.
    #[arg(long)]
    k: Option<f64>,
    /// The seed of the initial weights and of the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Decoupled weight decay of the weights (not the biases), per unit of the step size.
    #[arg(long, default_value_t = 0.0)]
    weight_decay: f32,
    /// Also fit each fitted position without castling rights mirrored
    /// (files a and h swapped), with the same label.
    #[arg(long)]
    mirror: bool,
}

fn run_net(args: NetArgs) -> Result<(), TexelError> {
    let started = Instant::now();
    if !(args.holdout > 0.0 && args.holdout < 1.0) {
        return Err(TexelError::NetHoldout(args.holdout));
    }
    let (mut fitted, mut held_out) = (Vec::new(), Vec::new());
    for (i, path) in args.data.iter().enumerate() {
        let data = dataset::read(path)?;
        let held = if i + 1 == args.data.len() {
            (data.len() as f64 * args.holdout) as usize
        } else {
            0
        };
        let (train, test) = data.split_at(data.len() - held);
        fitted.extend(train.iter().map(Sample::new));
        if args.mirror {
            fitted.extend(train.iter().filter_map(|l| {
                let position = dataset::mirrored(&l.position)?;
                Some(Sample::new(&Labelled { position, ..*l }))
            }));
        }
        held_out.extend(test.iter().map(Sample::new));
    }
    let last = &args.data[args.data.len() - 1];
    if held_out.is_empty() {
        return Err(TexelError::NothingHeldOut(last.clone(), args.holdout));
    }
    if fitted.is_empty() {
        return Err(TexelError::Empty(last.clone()));
    }
    let k = args.k.unwrap_or_else(|| fit_k(&fitted));
    println!(
        "{} positions to fit, {} held out, read in {:.1} s; K = {k:.4}; the tuned evaluation alone: mean squared error {:.6} (held out {:.6})",
        fitted.len(),
        held_out.len(),
        started.elapsed().as_secs_f64(),
        crafted_mse(&fitted, k),
        crafted_mse(&held_out, k),
    );
    let options = NetOptions {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        seed: args.seed,
        threads: args.threads,
        weight_decay: args.weight_decay,
    };
    let net = train(&fitted, &held_out, k as f32, &options, |r| {
        println!(
            "epoch {:>3}  mse {:.6} (first 100000)  held out {:.6}  {:.0} s",
            r.epoch,
            r.train,
            r.held_out,
            started.elapsed().as_secs_f64()
        );
    });
    let bytes: Vec<u8> = net
        .to_floats()
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    std::fs::write(&args.out, bytes).map_err(|source| TexelError::File {
        path: args.out.clone(),
        source,
    })?;
    println!(
        "wrote {} (the epoch with the lowest held-out error)",
        args.out.display()
    );
    Ok(())
}

/// The weights a fit starts from.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Start {
    Hand,
    Tuned,
}

fn run_tune(args: TuneArgs) -> Result<(), TexelError> {
    let started = Instant::now();
    if !(0.0..1.0).contains(&args.holdout) {
        return Err(TexelError::Holdout(args.holdout));
    }
    let data = dataset::read(&args.data)?;
    let held = (data.len() as f64 * args.holdout) as usize;
    let (train, test) = data.split_at(data.len() - held);
    if train.is_empty() {
        return Err(TexelError::Empty(args.data));
    }
    let set = TraceSet::new(train);
    let holdout = TraceSet::new(test);
    drop(data);
    let start = params_of(match args.from {
        Start::Hand => &HAND_WEIGHTS,
        Start::Tuned => &TUNED_WEIGHTS,
    });
    let k = args.k.unwrap_or_else(|| set.fit_k(&start));
    let mse_before = set.mse(&start, k);
    let holdout_before = holdout.mse(&start, k);
    println!(
        "{} positions to fit, {} held out, traced in {:.1} s; K = {k:.4}, mean squared error {mse_before:.6} (held out {holdout_before:.6})",
        set.len(),
        holdout.len(),
        started.elapsed().as_secs_f64()
    );
    let tunable = match &args.only {
        Some(spec) => {
            let mask = tunable_by_prefix(spec);
            if !mask.iter().any(|&t| t) {
                return Err(TexelError::NoWeight(spec.clone()));
            }
            Some(mask)
        }
        None => None,
    };
    let options = TuneOptions {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        tunable,
        l2: args.l2,
    };
    let every = args.print_every.max(1);
    let params = adam(&set, start, k, &options, |epoch, mse, params| {
        if epoch % every == 0 || epoch == 1 {
            let held = holdout.mse(params, k);
            println!("epoch {epoch:>5}  mse {mse:.6}  held out {held:.6}");
        }
    });
    let weights = weights_of(&params);
    let mse_after = set.mse(&params_of(&weights), k);
    let holdout_after = holdout.mse(&params_of(&weights), k);
    println!(
        "tuned (rounded): mean squared error {mse_after:.6} (at the start {mse_before:.6}); held out {holdout_after:.6} (at the start {holdout_before:.6}); {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let command: Vec<String> = std::env::args()
        .skip(1)
        .map(|a| a.replace(['`', '\n'], ""))
        .collect();
    let summary = RunSummary {
        command: format!("texel {}", command.join(" ")),
        positions: set.len(),
        k,
        mse_before,
        mse_after,
        holdout: holdout.len(),
        holdout_before,
        holdout_after,
        epochs: args.epochs,
    };
    write(&args.out, &rust_source(&weights, &summary))?;
    println!("wrote {}", args.out.display());
    Ok(())
}

/// How many positions of `data` the file at `out` labels already (0 if
/// it does not exist). An unfinished last line is cut off; a line whose
/// position is not the data's refuses the resume.
fn resume_point(out: &Path, data_path: &Path, data: &[Labelled]) -> Result<usize, TexelError> {
    let text = match std::fs::read_to_string(out) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(source) => {
            return Err(TexelError::File {
                path: out.to_path_buf(),
                source,
            })
        }
    };
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let done = dataset::parse(&text[..complete])?;
    let foreign = done
        .iter()
        .zip(data)
        .position(|(old, new)| old.position != new.position)
        .or((done.len() > data.len()).then_some(data.len()));
    if let Some(index) = foreign {
        return Err(TexelError::NotAResume {
            out: out.to_path_buf(),
            data: data_path.to_path_buf(),
            line: index + 1,
        });
    }
    if complete < text.len() {
        write(out, &text[..complete])?;
    }
    Ok(done.len())
}

fn run_label(args: LabelArgs) -> Result<(), TexelError> {
    if !(0.0..=1.0).contains(&args.result_weight) {
        return Err(TexelError::ResultWeight(args.result_weight));
    }
    let data: Vec<Labelled> = dataset::read(&args.data)?
        .into_iter()
        .step_by(args.every.max(1))
        .collect();
    let from = resume_point(&args.out, &args.data, &data)?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .map_err(|source| TexelError::File {
            path: args.out.clone(),
            source,
        })?;
    let mut file = std::io::LineWriter::new(file);
    eprintln!("{} positions, {from} labelled already", data.len());
    let options = LabelOptions {
        judge: JudgeOptions {
            engine: args.engine,
            depth: args.depth,
            jobs: args.jobs,
        },
        result_weight: args.result_weight,
    };
    let started = Instant::now();
    label_all(&data, from, &options, |index, label| {
        writeln!(file, "{};{label:.4}", data[index].position.fen()).map_err(|source| {
            TexelError::File {
                path: args.out.clone(),
                source,
            }
        })?;
        let done = index + 1 - from;
        if done % 5000 == 0 {
            let rate = done as f64 / started.elapsed().as_secs_f64();
            let left = (data.len() - index - 1) as f64 / rate;
            eprintln!(
                "{}/{} labelled, {rate:.0}/s, {:.0} min left",
                index + 1,
                data.len(),
                left / 60.0
            );
        }
        Ok::<(), TexelError>(())
    })?;
    eprintln!(
        "{} positions labelled in {} ({:.0} s)",
        data.len(),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Extract {
            pgn,
            out,
            skip_plies,
        } => run_extract(&pgn, &out, skip_plies),
        Command::Tune(args) => run_tune(args),
        Command::Net(args) => run_net(args),
        Command::Label(args) => run_label(args),
        Command::Nnue(args) => tools::nnue::cli::run(args).map_err(TexelError::from),
        Command::Rescore(args) => tools::rescore::run(args).map_err(TexelError::from),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("texel: {e}");
            ExitCode::FAILURE
        }
    }
}
