//! `autotester`: plays matches between UCI engines of either game,
//! referees them and reports Elo. A thin layer over the library.

use autotester::config;
use autotester::pgn;
use autotester::report::elo_report;
use autotester::stats::rating::{DEFAULT_ADVANTAGE, DEFAULT_DRAW_ELO, DEFAULT_PRIOR};
use autotester::stats::{RatingOptions, Sprt};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "autotester", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play the match described by a config file (MIT autotester format,
    /// or TOML when the name ends in .toml)
    Run {
        /// The configuration; `mytest` also finds `mytest.txt`
        config: PathBuf,
    },
    /// Recompute the rating table (and, for two players, pentanomial Elo,
    /// LOS and an optional SPRT) from any PGN file
    Elo {
        pgn: PathBuf,
        /// First-move advantage in Elo
        #[arg(long, default_value_t = DEFAULT_ADVANTAGE)]
        advantage: f64,
        /// Draw margin in Elo
        #[arg(long, default_value_t = DEFAULT_DRAW_ELO)]
        drawelo: f64,
        /// Estimate advantage and draw margin from the games (BayesElo's `mm 1 1`)
        #[arg(long)]
        estimate: bool,
        /// Virtual draws added between opponents (0: pure maximum likelihood)
        #[arg(long, default_value_t = DEFAULT_PRIOR)]
        prior: f64,
        /// Run a GSPRT on the game pairs: logistic elo0 elo1, alpha, beta
        #[arg(long, num_args = 4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"], allow_negative_numbers = true)]
        sprt: Option<Vec<f64>>,
    },
    /// Rank a series of engine versions against each other
    Ladder {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        args: Vec<String>,
    },
}

/// fastchess and cutechess take single-dash long flags (`-engine cmd=...`);
/// clap would call them unknown, so they are recognised before parsing.
fn is_fastchess_style(args: &[String]) -> bool {
    args.get(1)
        .is_some_and(|a| a.len() > 2 && a.starts_with('-') && !a.starts_with("--"))
}

fn run(config: PathBuf) -> Result<(), String> {
    let c = config::load(&config).map_err(|e| e.to_string())?;
    println!(
        "{}: {} games of {} at {} at a time, {} players",
        c.title,
        c.game_rounds,
        c.game,
        c.cpus,
        c.players.len()
    );
    for p in &c.players {
        let clock = p.time_control.map_or("none".to_string(), |t| t.pgn());
        println!("  {} ({}): clock {clock}", p.name, p.invoke);
    }
    Err("the match runner is not yet implemented: the configuration is valid".into())
}

fn elo(pgn_path: PathBuf, options: RatingOptions, sprt: Option<Vec<f64>>) -> Result<(), String> {
    let sprt = match sprt.as_deref() {
        Some(&[elo0, elo1, alpha, beta]) => {
            Some(Sprt::new(elo0, elo1, alpha, beta).map_err(|e| e.to_string())?)
        }
        Some(_) => return Err("--sprt takes four numbers: elo0 elo1 alpha beta".into()),
        None => None,
    };
    let games = pgn::read_file(&pgn_path).map_err(|e| e.to_string())?;
    if games.is_empty() {
        return Err(format!("{}: no games found", pgn_path.display()));
    }
    print!("{}", elo_report(&games, &options, sprt));
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if is_fastchess_style(&args) {
        eprintln!(
            "autotester: fastchess-style flags ({} ...) are not yet implemented; \
             use `autotester run <config>`",
            args[1]
        );
        return ExitCode::from(2);
    }
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Run { config } => run(config),
        Command::Elo {
            pgn,
            advantage,
            drawelo,
            estimate,
            prior,
            sprt,
        } => {
            let options = RatingOptions {
                advantage,
                draw_elo: drawelo,
                estimate_advantage: estimate,
                estimate_draw_elo: estimate,
                prior,
                ..RatingOptions::default()
            };
            elo(pgn, options, sprt)
        }
        Command::Ladder { .. } => Err("ladder is not yet available".into()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("autotester: {message}");
            ExitCode::from(1)
        }
    }
}
