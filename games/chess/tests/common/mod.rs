//! What the integration tests share: the EPD perft data format (a FEN,
//! then `;D<depth> <count>` for each depth published), running the
//! engine binary, and random walks through the game tree.

// Each test file compiles this module and uses only part of it.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

use chess::Chess;
use rand::seq::SliceRandom;
use rand::Rng;
use search::game::{Rules, Searchable};

/// Runs `chess-engine` on `input` and returns what it printed.
pub fn engine(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("chess-engine starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("chess-engine ends");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `steps` steps of a random walk from `game`'s position, as a search
/// makes and takes back moves: each step takes a move back (3 in 10, or
/// when no move is left or the line is `max_depth` deep), makes a null
/// move (1 in 10, not in check) or a random legal move; `visit` sees the
/// game after each step.
pub fn random_walk(
    game: &mut Chess,
    rng: &mut impl Rng,
    steps: usize,
    max_depth: usize,
    mut visit: impl FnMut(&mut Chess),
) {
    let mut depth = 0;
    for _ in 0..steps {
        let moves = game.legal_moves();
        let step = rng.gen_range(0..10);
        if depth > 0 && (step < 3 || moves.is_empty() || depth > max_depth) {
            game.unmake();
            depth -= 1;
        } else if step == 3 && !game.position().in_check() {
            game.make_null();
            depth += 1;
        } else if let Some(&mv) = moves.as_slice().choose(rng) {
            game.make(mv);
            depth += 1;
        }
        visit(game);
    }
}

pub struct Case {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// The cases of an EPD perft file's text; `#` lines are comments.
pub fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().expect("fen").trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.trim().trim_start_matches('D').split_whitespace();
                    let depth = it.next().expect("depth").parse().expect("depth number");
                    let count = it.next().expect("count").parse().expect("count number");
                    (depth, count)
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}
