//! `webgui`: serves the page on http://127.0.0.1:8080 (see `--help`).

use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use webgui::security::HostPolicy;
use webgui::startup::EngineArg;
use webgui::{Config, ConnectionLimits, Engines};

/// Play chess or Leiserchess against the built-in engines in the browser.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Address to listen on. Anything but a loopback address exposes the
    /// games to the network.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// An external UCI engine instead of a game's built-in one:
    /// `GAME=PATH` for one game (chess, leiserchess, leiserchess2016, chess960),
    /// or a bare PATH for every game the program plays. Repeatable; each
    /// program's game is checked at start-up.
    #[arg(long, value_name = "[GAME=]PATH")]
    engine: Vec<String>,
    /// Largest transposition table of one game's engine, in MB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u16).range(1..=4096))]
    hash: u16,
    /// All engines' tables together, in MB: with more engines than it
    /// holds at `--hash` each, they share it (1 MB at least each).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    hash_total: u32,
    /// Most games kept at once.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_games: u32,
    /// Most connections served at once (more wait their turn).
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    max_connections: u32,
    /// A request's headers must arrive within this many milliseconds
    /// (idle keep-alive connections are closed after it too).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(100..=3_600_000))]
    header_timeout_ms: u64,
    /// A request's body must arrive within this many milliseconds.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(100..=3_600_000))]
    body_timeout_ms: u64,
}

fn main() -> ExitCode {
    // First, before any thread starts (threads inherit the blocked
    // signals): SIGINT, SIGTERM and SIGHUP all kill the engines' process
    // groups before the server ends, so no engine outlives it, not even
    // one that ignores `quit`.
    workbench::engine::group::kill_engines_on_termination_signals();
    let args = Args::parse();
    let engine_args: Vec<EngineArg> = args.engine.iter().map(|a| EngineArg::parse(a)).collect();
    // Before the runtime: asking each program its game blocks.
    let engines = match webgui::startup::resolve(&engine_args) {
        Ok(engines) => engines,
        Err(e) => {
            eprintln!("webgui: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("webgui: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(run(args, engines))
}

async fn run(args: Args, engines: Engines) -> ExitCode {
    let config = Config {
        engines,
        hash_mb: usize::from(args.hash),
        hash_total_mb: args.hash_total as usize,
        max_games: args.max_games as usize,
        body_read_timeout: Duration::from_millis(args.body_timeout_ms),
        connections: ConnectionLimits {
            header_read_timeout: Duration::from_millis(args.header_timeout_ms),
            max_connections: args.max_connections as usize,
        },
        ..Config::default()
    };
    let policy = if args.host.is_loopback() {
        HostPolicy::LoopbackOnly
    } else {
        HostPolicy::Any
    };
    let addr = SocketAddr::new(args.host, args.port);
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("webgui: cannot listen on {addr}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let shown = listener.local_addr().unwrap_or(addr);
    println!("webgui: open http://{shown}/ in a browser (Ctrl-C to quit)");
    let limits = config.connections;
    let router = webgui::app_with_host_policy(config, policy);
    // The server runs until a signal ends the process (the signal thread
    // kills the engines first) or it fails.
    let served = webgui::serve(listener, router, limits, std::future::pending()).await;
    // No external engine outlives the server, even one still searching.
    workbench::engine::group::kill_all();
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("webgui: {e}");
            ExitCode::FAILURE
        }
    }
}
