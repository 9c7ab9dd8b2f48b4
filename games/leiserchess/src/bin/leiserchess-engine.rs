//! The Leiserchess UCI engine (rule 9): the generic driver over both rule
//! sets, `leiserchess::Leiserchess` (2018, the default) and
//! `leiserchess::Leiserchess2016`, chosen with `UCI_Variant`.

fn main() -> std::process::ExitCode {
    search::uci::main_variants(&[
        search::uci::Variant::of::<leiserchess::Leiserchess>("2018"),
        search::uci::Variant::of::<leiserchess::Leiserchess2016>("2016"),
    ])
}
