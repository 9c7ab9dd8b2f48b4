//! `chess-engine`: the UCI chess engine. With arguments, runs them as one
//! command and exits (`chess-engine bench`, `chess-engine go perft 6`).
//!
//! Chess960: FENs with X-FEN or Shredder-FEN castling fields are read as
//! they come; `setoption name UCI_Chess960 value true` makes castling
//! moves read and written king takes rook (`e1h1`) instead of `e1g1`
//! (the crate's documentation, "Chess960", says more).

fn main() -> std::process::ExitCode {
    search::uci::main::<chess::Chess>()
}
