//! `cargo run --example perft -- [depth] [fen]`: perft with timing.

use std::time::Instant;

use search::Rules;

use leiserchess::Leiserchess;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(4);
    let fen = args.get(2..).map(|a| a.join(" ")).filter(|f| !f.is_empty());
    let mut game = match fen {
        Some(f) => match Leiserchess::from_fen(&f) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(2);
            }
        },
        None => Leiserchess::startpos(),
    };
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
