//! `cargo run --release --example bench -- [--2016] [depth]`: the UCI
//! `bench` command for either rule set (the engine binary plays the 2018
//! rules only until it has a variant option).

use std::sync::atomic::AtomicBool;

use search::{Engine, UciGame};

use leiserchess::{Leiserchess, Leiserchess2016};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args.iter().find_map(|a| a.parse().ok());
    if args.iter().any(|a| a == "--2016") {
        run::<Leiserchess2016>(depth);
    } else {
        run::<Leiserchess>(depth);
    }
}

fn run<G: UciGame>(depth: Option<u32>) {
    let engine = Engine::<G>::new(16).expect("a 16 MB table");
    let stop = AtomicBool::new(false);
    if let Err(e) = search::uci::bench(&engine, depth, &stop, &mut |line| println!("{line}")) {
        eprintln!("bench: {e}");
        std::process::exit(1);
    }
}
