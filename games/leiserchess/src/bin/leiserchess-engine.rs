//! The Leiserchess UCI engine (rule 9): the generic driver over both rule
//! sets, `leiserchess::Leiserchess` (2018, the default) and
//! `leiserchess::Leiserchess2016`, chosen with `UCI_Variant`.

use leiserchess::{Leiserchess, Leiserchess2016};
use search::uci::Variant;
use search::UciGame;

/// A rule set offered under its `UCI_Variant` value, the one a referee
/// recognises it by.
fn variant<G: UciGame>() -> Variant {
    Variant::of::<G>(G::UCI_VARIANT.unwrap_or(G::NAME))
}

fn main() -> std::process::ExitCode {
    search::uci::main_variants(&[variant::<Leiserchess>(), variant::<Leiserchess2016>()])
}
