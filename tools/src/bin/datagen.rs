//! `datagen`: plays our chess engine against itself in process and writes
//! every quiet position it searched, with its score and the game's result,
//! as 32-byte records for training a network. A run cut short resumes
//! when rerun. `tools/README.md`, "Data generation (`datagen`)", has the
//! format, the filters, the adjudication and the measured speed.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use tools::datagen::{run, RunOptions};

#[derive(Parser, Debug)]
#[command(
    name = "datagen",
    about = "Self-play training positions for a chess network (32-byte records); resumes when rerun"
)]
struct Cli {
    /// The output directory: data-SEED-WORKER.bin and the index done-SEED.txt.
    #[arg(long)]
    out: PathBuf,
    /// Games 0 to N-1 (those an earlier run of the directory finished are
    /// skipped); without it, until stopped (Ctrl-C).
    #[arg(long)]
    games: Option<u64>,
    /// Games played at once, each by its own single-threaded engine.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// A search ends after the first iteration that takes it past this
    /// many nodes (a hard limit of 8 times as many cuts it).
    #[arg(long, default_value_t = 5000)]
    soft_nodes: u64,
    /// Decides every game with the game's number.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random legal moves from the start position before the engine plays.
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Each engine's hash table in MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Seconds between progress lines.
    #[arg(long, default_value_t = 10.0)]
    progress_secs: f64,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !(cli.progress_secs.is_finite() && cli.progress_secs > 0.0) {
        eprintln!("datagen: --progress-secs must be a positive number");
        return ExitCode::FAILURE;
    }
    let options = RunOptions {
        out: cli.out,
        games: cli.games,
        threads: cli.threads,
        soft_nodes: cli.soft_nodes,
        seed: cli.seed,
        random_plies: cli.random_plies,
        hash_mb: cli.hash,
        progress_every: Duration::from_secs_f64(cli.progress_secs),
    };
    let outcome = run(
        &options,
        &mut |store, recovery| {
            if recovery.torn_index_line {
                eprintln!(
                    "datagen: {}: dropped a half-written last line",
                    store.index_path().display()
                );
            }
            for (path, bytes) in &recovery.truncated {
                eprintln!(
                    "datagen: {}: cut {bytes} bytes of an unfinished game",
                    path.display()
                );
            }
            if store.done_count() > 0 {
                eprintln!(
                    "datagen: resuming: {} games ({} positions) already done",
                    store.done_count(),
                    store.record_count()
                );
            }
        },
        &mut |progress| eprintln!("datagen: {progress}"),
    );
    match outcome {
        Ok(summary) => {
            eprintln!("datagen: done: {}", summary.progress.summary());
            eprintln!(
                "datagen: {} holds {} games and {} positions of seed {}",
                options.out.display(),
                summary.done_before as u64 + summary.progress.games,
                summary.records_before + summary.progress.positions,
                options.seed
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("datagen: {e}");
            ExitCode::FAILURE
        }
    }
}
