//! `autotester`: plays matches between UCI engines of either game,
//! referees them and reports Elo. A thin layer over the library.

use autotester::cli::flags;
use autotester::cli::ladder::{self, LadderOptions};
use autotester::cli::match_flags::{check_option, parse_game, parse_option, MatchFlags};
use autotester::cli::svg::elo_graph;
use autotester::config::{self, GameKind};
use autotester::identify;
use autotester::plan::{MatchPlan, OpeningsSpec, Verbosity};
use autotester::report::{elo_report_for, run_first, EloReport, GameRecord, Orientation};
use autotester::runner::output::{self, OutputFormat};
use autotester::runner::{self, RunSummary};
use autotester::schedule::{Shard, Tournament};
use autotester::stats::rating::{DEFAULT_ADVANTAGE, DEFAULT_DRAW_ELO, DEFAULT_PRIOR};
use autotester::stats::{RatingOptions, Sprt, SprtModel};
use autotester::tune;
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use workbench::pgn;

// `print!`, `println!` and `eprintln!` that survive a closed output
// (`autotester elo x.pgn | head -1`): the std macros panic there.
macro_rules! out {
    ($($arg:tt)*) => { output::print(&format!($($arg)*)) };
}
macro_rules! outln {
    () => { output::print("\n") };
    ($($arg:tt)*) => { output::print_line(&format!($($arg)*)) };
}
macro_rules! errln {
    ($($arg:tt)*) => { output::print_error(&format!($($arg)*)) };
}

#[derive(Parser)]
#[command(name = "autotester", version, about, long_about = None,
    after_help = format!("Flag mode, in the style of fastchess:\n{}", flags::USAGE))]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Settings shared by `run` and `ladder`.
#[derive(Args)]
struct RunFlags {
    /// Play only shard K of N (by rounds); merge the PGNs afterwards
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Start again when the PGN holds games of other settings (moved to
    /// <PGN>.old) instead of refusing
    #[arg(long)]
    force_new: bool,
    #[command(flatten)]
    flags: MatchFlags,
}

impl RunFlags {
    fn apply(&self, plan: &mut MatchPlan) -> Result<(), String> {
        if let Some(s) = self.shard {
            plan.shard = s;
        }
        plan.force_new |= self.force_new;
        self.flags.apply(plan)
    }
}

fn parse_tournament(s: &str) -> Result<Tournament, String> {
    s.parse()
        .map_err(|()| format!("{s:?}: expected roundrobin or gauntlet"))
}

#[derive(Subcommand)]
enum Command {
    /// Play the match described by a config file (MIT autotester format,
    /// or TOML when the name ends in .toml); rerun to resume
    Run {
        /// The configuration; `mytest` also finds `mytest.txt`
        config: PathBuf,
        /// Output PGN (default: the config's name with .pgn)
        #[arg(long)]
        pgn: Option<PathBuf>,
        #[command(flatten)]
        sprt: SprtArgs,
        /// Who meets whom
        #[arg(long, value_parser = parse_tournament, default_value = "roundrobin")]
        tournament: Tournament,
        #[command(flatten)]
        flags: RunFlags,
    },
    /// Recompute the rating table (and, for two players, pentanomial Elo,
    /// LOS and an optional SPRT) from any PGN file
    Elo {
        /// One or more PGN files, read as one
        #[arg(required = true, num_args = 1..)]
        pgns: Vec<PathBuf>,
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
        #[command(flatten)]
        sprt: SprtArgs,
        /// With two players, state the head-to-head Elo and the SPRT for
        /// this one (default: the White player of the file's first game;
        /// in a run's PGN, of whichever game finished first)
        #[arg(long, value_name = "NAME")]
        first: Option<String>,
    },
    /// Join the PGNs of a run's shards (same fingerprint required; a game
    /// found twice is kept once) and print the standings
    Merge {
        /// The shards' PGN files
        #[arg(required = true, num_args = 1..)]
        pgns: Vec<PathBuf>,
        /// The merged PGN
        #[arg(short = 'o', long = "out", value_name = "OUT")]
        out: PathBuf,
    },
    /// Rewrite Leiserchess records written with ranks 1 to 8 (this
    /// project's notation before it took MIT's 2018 numbering) into ranks
    /// 0 to 7, replaying every game to check it
    Convert {
        /// The old PGN
        input: PathBuf,
        /// The converted PGN (may be the same file)
        output: PathBuf,
    },
    /// Play one engine at a series of fixed depths against itself and
    /// report Elo per depth, with the graph as SVG
    Ladder {
        /// The engine's command line
        engine: String,
        /// Depths: A..B (inclusive) or a list such as 1,2,4
        #[arg(long, default_value = "1..6")]
        depths: String,
        #[arg(long, value_parser = parse_game, default_value = "leiserchess")]
        game: GameKind,
        /// Games between each two depths
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Name in the PGN and table (default: the program's file name)
        #[arg(long)]
        name: Option<String>,
        /// Engine option NAME=VALUE (repeatable)
        #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
        options: Vec<(String, String)>,
        /// Opening book (default: balanced random openings)
        #[arg(long)]
        book: Option<PathBuf>,
        #[arg(long, default_value = "ladder.pgn")]
        pgn: PathBuf,
        #[arg(long, default_value = "ladder.svg")]
        svg: PathBuf,
        #[command(flatten)]
        flags: RunFlags,
    },
    /// Check an engine's UCI behaviour step by step (also `--compliance
    /// ENGINE`): each check printed with PASS or FAIL, exit code 1 on any
    /// failure
    Compliance {
        /// The engine's command line
        engine: String,
        /// The game (default: recognised from its uci answer and options)
        #[arg(long, value_parser = parse_game)]
        game: Option<GameKind>,
        /// Engine option NAME=VALUE, set before the checks (repeatable;
        /// `--option UCI_Variant=2016` for the 2016 rules)
        #[arg(long = "option", value_name = "NAME=VALUE", value_parser = parse_option)]
        options: Vec<(String, String)>,
    },
    #[command(about = tune::args::ABOUT, after_help = tune::args::AFTER_HELP)]
    Tune(tune::TuneArgs),
}

/// fastchess and cutechess take single-dash long flags (`-engine cmd=...`);
/// clap would call them unknown, so they are recognised before parsing.
fn is_fastchess_style(args: &[OsString]) -> bool {
    args.get(1).is_some_and(|a| {
        let a = a.as_encoded_bytes();
        a.len() > 2 && a.starts_with(b"-") && !a.starts_with(b"--")
    })
}

/// `--sprt` and its model, as `run` and `elo` take them.
#[derive(clap::Args, Debug)]
struct SprtArgs {
    /// GSPRT on game pairs (two players): elo0 elo1 alpha beta
    #[arg(long, num_args = 4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"], allow_negative_numbers = true)]
    sprt: Option<Vec<f64>>,
    /// How elo0 and elo1 are read: logistic Elo, or normalized Elo
    /// (fastchess's default, `-sprt … model=normalized`)
    #[arg(long, value_parser = parse_sprt_model, default_value = "logistic", requires = "sprt")]
    sprt_model: SprtModel,
}

fn parse_sprt_model(s: &str) -> Result<SprtModel, String> {
    match s {
        "logistic" => Ok(SprtModel::Logistic),
        "normalized" => Ok(SprtModel::Normalized),
        _ => Err(format!("{s:?}: expected logistic or normalized")),
    }
}

impl SprtArgs {
    fn sprt(&self) -> Result<Option<Sprt>, String> {
        match self.sprt.as_deref() {
            Some(&[elo0, elo1, alpha, beta]) => Sprt::new(elo0, elo1, alpha, beta)
                .map(|s| Some(s.with_model(self.sprt_model)))
                .map_err(|e| e.to_string()),
            Some(_) => Err("--sprt takes four numbers: elo0 elo1 alpha beta".into()),
            None => Ok(None),
        }
    }
}

/// The final report. The results block of `-output cutechess|fastchess`
/// is left out when `-ratinginterval` has just printed it for the same
/// games (issue 40 item 5: it came twice).
fn print_summary(s: &RunSummary, plan: &MatchPlan) {
    let output = &plan.output;
    outln!();
    out!("{}", s.report);
    let interval = output.rating_interval as usize;
    let just_printed = plan.verbosity != Verbosity::Silent
        && s.played > 0
        && (s.resumed + s.played).checked_rem(interval) == Some(0);
    if output.format != OutputFormat::Native && !just_printed {
        out!(
            "{}",
            output::results_block(output.format, &s.report, output.penta)
        );
    }
    outln!(
        "Played {} games in {:.1}s ({:.2} games/s){}{}",
        s.played,
        s.elapsed.as_secs_f64(),
        s.games_per_second(),
        if s.resumed > 0 {
            format!(", {} resumed from the PGN", s.resumed)
        } else {
            String::new()
        },
        if s.sprt_decided {
            format!(", SPRT decided with {} games left unplayed", s.left)
        } else {
            String::new()
        }
    );
}

fn execute(plan: &MatchPlan) -> Result<RunSummary, String> {
    runner::run(plan).map_err(|e| {
        if e.rerun_may_resume() {
            format!(
                "{e}\n(finished games are kept in {}; rerun to resume)",
                plan.pgn_out.display()
            )
        } else {
            e.to_string()
        }
    })
}

/// A book path in a config file is relative to the config's folder when
/// it exists there (MIT's configs sit beside their books).
fn resolve_near(config: &Path, path: &Path) -> PathBuf {
    if path.is_relative() && !path.exists() {
        if let Some(dir) = config.parent() {
            let near = dir.join(path);
            if near.exists() {
                return near;
            }
        }
    }
    path.to_path_buf()
}

fn run(
    config_path: PathBuf,
    pgn: Option<PathBuf>,
    sprt: SprtArgs,
    tournament: Tournament,
    flags: RunFlags,
) -> Result<(), String> {
    let c = config::load(&config_path).map_err(|e| e.to_string())?;
    let resolved = config::resolve(&config_path);
    let pgn_out = pgn.unwrap_or_else(|| resolved.with_extension("pgn"));
    let mut plan = MatchPlan::from_config(&c, pgn_out);
    // A TOML string may hold "\n": refused here, as on the command line,
    // since the config's parser (config/) lets any text through.
    for p in &plan.players {
        for (name, value) in &p.options {
            check_option(name, value)
                .map_err(|e| format!("{}: player {}: {e}", config_path.display(), p.name))?;
        }
    }
    // The number of rounds depends on who meets whom.
    plan.tournament = tournament;
    plan.set_total_games(c.game_rounds);
    if let OpeningsSpec::Book { path, .. } = &mut plan.openings {
        *path = resolve_near(&resolved, path);
    }
    plan.sprt = sprt.sprt()?;
    flags.apply(&mut plan)?;
    let summary = execute(&plan)?;
    print_summary(&summary, &plan);
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn ladder(
    engine: String,
    depths: &str,
    game: GameKind,
    games: u32,
    name: Option<String>,
    options: Vec<(String, String)>,
    book: Option<PathBuf>,
    pgn: PathBuf,
    svg: PathBuf,
    flags: RunFlags,
) -> Result<(), String> {
    let depths = ladder::parse_depths(depths)?;
    let name = name.unwrap_or_else(|| {
        let program = engine.split_whitespace().next().unwrap_or("engine");
        Path::new(program)
            .file_name()
            .map_or("engine".into(), |n| n.to_string_lossy().into_owned())
    });
    let o = LadderOptions {
        command: engine,
        name: name.clone(),
        depths: depths.clone(),
        game,
        games_per_pair: games,
        options,
        pgn_out: pgn,
    };
    let mut plan = ladder::plan(&o);
    if let Some(book) = book {
        plan.openings = OpeningsSpec::Book {
            path: book,
            sequential: false,
            plies: None,
            start: 1,
        };
    }
    flags.apply(&mut plan)?;
    let summary = execute(&plan)?;
    print_summary(&summary, &plan);
    let points = ladder::points(&summary.report.table, &name, &depths);
    outln!();
    out!("{}", ladder::points_text(&points));
    let title = format!("{name}: Elo versus search depth ({game})");
    std::fs::write(&svg, elo_graph(&title, &points))
        .map_err(|e| format!("cannot write {}: {e}", svg.display()))?;
    outln!("Graph written to {}", svg.display());
    Ok(())
}

fn elo(
    paths: &[PathBuf],
    options: RatingOptions,
    sprt: SprtArgs,
    first: Option<&str>,
) -> Result<(), String> {
    let sprt = sprt.sprt()?;
    let mut games = Vec::new();
    for path in paths {
        games.extend(pgn::read_file(path).map_err(|e| e.to_string())?);
    }
    if games.is_empty() {
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(format!("{}: no games found", names.join(", ")));
    }
    // As `merge` does (issue 40 item 11): a game read twice would count twice.
    let (games, dropped) = autotester::merge::drop_exact_duplicates(games);
    if dropped > 0 {
        outln!("{dropped} exact duplicate game(s) (same tags and moves) dropped");
    }
    let side = match first {
        Some(name) => Some(Orientation {
            first: name.to_string(),
            because: "named by --first",
        }),
        None => run_first(&games),
    };
    let games = GameRecord::all_of(&games);
    if let Some(name) = first {
        if !games.iter().any(|g| g.involves(name)) {
            return Err(format!("--first {name}: no game of that player in the PGN"));
        }
    }
    let name = side.as_ref().map(|o| o.first.as_str());
    print_report(&elo_report_for(&games, &options, sprt, name), side.as_ref());
    Ok(())
}

/// The report, and whose side its head-to-head figures take and why
/// (issue 40 item 3: a sign that flips silently reads as the opposite
/// result).
fn print_report(report: &EloReport, side: Option<&Orientation>) {
    out!("{report}");
    let Some(h) = &report.head_to_head else {
        return;
    };
    let because = match side {
        Some(o) if o.first == h.first => o.because,
        _ => "the first player in the file",
    };
    outln!(
        "(Head-to-head figures, LOS and SPRT are for {} against {}: {because}; \
         --first NAME states them for the other.)",
        h.first,
        h.second
    );
}

fn convert(input: &Path, output: &Path) -> Result<(), String> {
    let done = autotester::convert::convert(input).map_err(|e| e.to_string())?;
    autotester::merge::write(output, &done.games).map_err(|e| e.to_string())?;
    outln!(
        "Converted {} game(s) of {} to ranks 0 to 7 into {} ({} 2016 game(s) kept as they were)",
        done.converted,
        input.display(),
        output.display(),
        done.kept
    );
    Ok(())
}

fn merge(paths: &[PathBuf], out: &Path) -> Result<(), String> {
    let merged = autotester::merge::merge(paths).map_err(|e| e.to_string())?;
    autotester::merge::write(out, &merged.games).map_err(|e| e.to_string())?;
    outln!(
        "Merged {} games from {} file(s) into {} ({} duplicate(s) dropped, {} unfinished left out)",
        merged.games.len(),
        paths.len(),
        out.display(),
        merged.duplicates,
        merged.unfinished
    );
    outln!();
    let side = run_first(&merged.games);
    let report = elo_report_for(
        &GameRecord::all_of(&merged.games),
        &RatingOptions::default(),
        None,
        side.as_ref().map(|o| o.first.as_str()),
    );
    print_report(&report, side.as_ref());
    Ok(())
}

fn flag_mode(args: &[String]) -> ExitCode {
    if matches!(args.first().map(String::as_str), Some("-help" | "-h")) {
        outln!("{}", flags::USAGE);
        return ExitCode::SUCCESS;
    }
    let flags::FlagRun { mut plan, game } = match flags::parse_run(args) {
        Ok(run) => run,
        Err(e) => {
            errln!("autotester: {e}\n{}", flags::USAGE);
            return ExitCode::from(2);
        }
    };
    if game.is_none() {
        match identify::infer_game(&plan.players, &plan.timeouts) {
            Ok(kind) => {
                plan.game = kind;
                if plan.verbosity != Verbosity::Silent {
                    outln!("Game: {kind} (from the engines' uci answers; -game names it)");
                }
            }
            Err(e) => {
                errln!("autotester: {e}");
                return ExitCode::from(2);
            }
        }
    }
    match execute(&plan) {
        Ok(summary) => {
            print_summary(&summary, &plan);
            ExitCode::SUCCESS
        }
        Err(message) => {
            errln!("autotester: {message}");
            ExitCode::from(1)
        }
    }
}

fn main() -> ExitCode {
    // Our engines list their development options (the search switches
    // whose match showed no gain) only when asked: the engines the tester
    // starts inherit this, so that an SPRT or a tune of such an option
    // passes the check of option names (runner/options.rs). Set before any
    // thread starts, as the environment must be.
    std::env::set_var(search::uci::DEV_OPTIONS_ENV, "1");
    // Engines run in process groups of their own: Ctrl-C no longer reaches
    // them, so the tester kills them when it is interrupted.
    workbench::engine::group::kill_engines_on_termination_signals();
    let code = run_command();
    // Interrupted, the tester ends by the signal, not by its games' errors.
    workbench::engine::group::unless_signalled(code)
}

fn compliance(engine: &str, game: Option<GameKind>, options: &[(String, String)]) -> ExitCode {
    match autotester::compliance::run(engine, game, options) {
        Ok(checks) => {
            outln!("{} passed, {} failed", checks.passed, checks.failed);
            ExitCode::from(u8::from(checks.failed > 0))
        }
        Err(e) => {
            errln!("autotester: {e}");
            ExitCode::from(2)
        }
    }
}

/// The arguments as text, or the usage error of the first that is not
/// UTF-8 (issue 40 item 12: `std::env::args` panicked on one). Paths of
/// subcommands reach clap as they are, so only flag mode needs this.
fn text_args(args: &[OsString]) -> Result<Vec<String>, String> {
    args.iter()
        .map(|a| {
            a.to_str().map(str::to_string).ok_or_else(|| {
                format!(
                    "argument {:?} is not valid UTF-8; flag mode needs text arguments",
                    a.to_string_lossy()
                )
            })
        })
        .collect()
}

/// The command line as clap reads it, or the exit code of a command that
/// is already done: flag mode, a usage error, `--help`.
fn parse_args() -> Result<Cli, ExitCode> {
    let mut args: Vec<OsString> = std::env::args_os().collect();
    // fastchess's spelling, `--compliance ENGINE`, is the subcommand.
    if matches!(
        args.get(1).and_then(|a| a.to_str()),
        Some("--compliance" | "-compliance")
    ) {
        args[1] = "compliance".into();
    }
    if is_fastchess_style(&args) {
        return Err(match text_args(&args[1..]) {
            Ok(text) => flag_mode(&text),
            Err(e) => {
                errln!("autotester: {e}");
                ExitCode::from(2)
            }
        });
    }
    // clap reads paths as OsString; a text argument that is not UTF-8 is a
    // usage error (exit code 2) rather than a panic.
    Cli::try_parse_from(&args).map_err(|e| {
        let code = e.exit_code();
        // `--help` and `--version` are "errors" printed on stdout.
        let _ = e.print();
        ExitCode::from(u8::try_from(code).unwrap_or(2))
    })
}

fn run_command() -> ExitCode {
    let cli = match parse_args() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let outcome = match cli.command {
        Command::Run {
            config,
            pgn,
            sprt,
            tournament,
            flags,
        } => run(config, pgn, sprt, tournament, flags),
        Command::Merge { pgns, out } => merge(&pgns, &out),
        Command::Convert { input, output } => convert(&input, &output),
        Command::Elo {
            pgns,
            advantage,
            drawelo,
            estimate,
            prior,
            sprt,
            first,
        } => {
            let options = RatingOptions {
                advantage,
                draw_elo: drawelo,
                estimate_advantage: estimate,
                estimate_draw_elo: estimate,
                prior,
                ..RatingOptions::default()
            };
            elo(&pgns, options, sprt, first.as_deref())
        }
        Command::Ladder {
            engine,
            depths,
            game,
            games,
            name,
            options,
            book,
            pgn,
            svg,
            flags,
        } => ladder(
            engine, &depths, game, games, name, options, book, pgn, svg, flags,
        ),
        Command::Compliance {
            engine,
            game,
            options,
        } => return compliance(&engine, game, &options),
        Command::Tune(args) => tune::command(args).map_err(|e| e.to_string()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            errln!("autotester: {message}");
            ExitCode::from(1)
        }
    }
}
