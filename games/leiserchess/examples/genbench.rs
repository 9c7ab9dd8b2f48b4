//! Prints positions from seeded random games (used once to fill
//! `src/bench.rs`, and with `--2016` `src/v2016/bench.rs`; kept so the
//! lists can be regenerated).

use search::Rules;

use leiserchess::{Leiserchess, Leiserchess2016};

fn main() {
    if std::env::args().any(|a| a == "--2016") {
        print_positions::<Leiserchess2016>(11);
    } else {
        print_positions::<Leiserchess>(15);
    }
}

fn print_positions<G: Rules>(count: usize) {
    // A small xorshift: the crate has no runtime dependency on `rand`.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut printed = 0;
    while printed < count {
        let mut game = G::startpos();
        let plies = 8 + next() % 50;
        let mut ok = true;
        for _ in 0..plies {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            // Avoid self-destructive random moves: skip moves that zap our own king.
            moves.retain(|&m| {
                let mut g = game.clone();
                g.make(m);
                g.outcome().is_none()
            });
            if moves.is_empty() {
                ok = false;
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            game.make(mv);
        }
        if ok && game.outcome().is_none() {
            println!("    \"{}\",", game.fen());
            printed += 1;
        }
    }
}
