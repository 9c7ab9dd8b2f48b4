//! `cargo run --release --example perft -- [--2016] [depth] [fen]`: perft
//! with timing, under the 2018 rules or, with `--2016`, the 2016 ones
//! (perft as MIT's players count it in both: no ko, a king zap is a leaf;
//! rule 8 of either rules page). Times are wall times of this process.

use std::time::Instant;

use search::Rules;

use leiserchess::{Game, Leiserchess, Leiserchess2016, RuleSet};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let rules_2016 = args.first().is_some_and(|a| a == "--2016");
    if rules_2016 {
        args.remove(0);
    }
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(4);
    let fen = args.get(1..).map(|a| a.join(" ")).filter(|f| !f.is_empty());
    if rules_2016 {
        run::<leiserchess::Rules2016>(setup::<Leiserchess2016>(fen), depth);
    } else {
        run::<leiserchess::Rules2018>(setup::<Leiserchess>(fen), depth);
    }
}

fn setup<G: Rules>(fen: Option<String>) -> G {
    match fen {
        Some(f) => G::from_fen(&f).unwrap_or_else(|e| {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }),
        None => G::startpos(),
    }
}

fn run<R: RuleSet>(mut game: Game<R>, depth: u32) {
    for d in 1..=depth {
        let start = Instant::now();
        let n = game.perft(d);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "perft {d}: {n} ({:.3} s, {:.1} M leaves/s)",
            secs,
            n as f64 / secs.max(1e-9) / 1e6
        );
    }
}
