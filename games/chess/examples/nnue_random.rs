//! Writes a network file of random weights, all within range, for
//! trying the `Nnue` and `EvalFile` options (and timing the NNUE in a
//! search) before a network is trained:
//!
//! ```sh
//! cargo run --release -p chess --example nnue_random -- OUT [SEED]
//! ```

use std::process::ExitCode;

use chess::eval::nnue::{FloatNetwork, Network, DEFAULT_BUCKETS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (out, seed) = match args.as_slice() {
        [out] => (out, 1),
        [out, seed] => match seed.parse() {
            Ok(seed) => (out, seed),
            Err(_) => {
                eprintln!("error: the seed '{seed}' is not a number");
                return ExitCode::FAILURE;
            }
        },
        _ => {
            eprintln!("usage: nnue_random OUT [SEED]");
            return ExitCode::FAILURE;
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let float = FloatNetwork::random(DEFAULT_BUCKETS, || rng.gen_range(-1.0..1.0));
    let net = match Network::from_float(&float) {
        Ok(net) => net,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(out, net.to_bytes()) {
        eprintln!("error: cannot write '{out}': {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "wrote {out}: random network, seed {seed}, checksum {:#018x}",
        net.checksum()
    );
    ExitCode::SUCCESS
}
