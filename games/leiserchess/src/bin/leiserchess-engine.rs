//! The Leiserchess UCI engine (rule 9): the generic driver over
//! `leiserchess::Leiserchess`.

fn main() -> std::process::ExitCode {
    search::uci::main::<leiserchess::Leiserchess>()
}
