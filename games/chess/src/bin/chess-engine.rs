//! `chess-engine`: the UCI chess engine. With arguments, runs them as one
//! command and exits (`chess-engine bench`, `chess-engine go perft 6`).

fn main() -> std::process::ExitCode {
    search::uci::main::<chess::Chess>()
}
