//! What tools and front ends ask of a game: the UCI driver's `display`,
//! `eval`, `perft` and `bench`, the `go` dialect an engine client speaks,
//! and facts a referee or a GUI needs.

use super::{Rules, Side};
use crate::skill::StrengthScale;

/// How the `perft N` command prints its counts (`go perft N` always uses
/// [`PerftStyle::Divide`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftStyle {
    /// Like Stockfish: `<move>: <count>` per root move, a blank line, then
    /// `Nodes searched: <total>`.
    Divide,
    /// Like MIT's Leiserchess engine: `perft <d> <count>` for each depth
    /// from 1 to N.
    PerDepth,
}

/// How a `go` command gives the clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoDialect {
    /// UCI: `go wtime W btime B winc WI binc BI`.
    BothClocks,
    /// MIT's Leiserchess protocol: `go time T inc I`, the mover's clock.
    MoverClock,
}

/// A variant played with a game's own rules from other start positions,
/// which an engine is switched to by a UCI check option: Chess960 for
/// chess. It can change how some moves are written (Chess960 castling is
/// king takes rook), so a game object knows whether it plays it.
#[derive(Clone, Copy, Debug)]
pub struct StartVariant {
    /// A short lower-case name, as users type it (`chess960`).
    pub name: &'static str,
    /// Other names users type for it (`fischerandom`, as cutechess's and
    /// fastchess's `-variant` do; cutechess's PGN `Variant` tag too).
    pub other_names: &'static [&'static str],
    /// Its name as the PGN `Variant` tag writes it and people read it
    /// (`Chess960`).
    pub title: &'static str,
    /// The check option that switches an engine to it (`UCI_Chess960`).
    pub uci_option: &'static str,
    /// How many start positions it has, numbered from 0.
    pub start_count: u16,
    /// The FEN of start position `number` (below `start_count`).
    pub start_fen: fn(number: u16) -> Option<String>,
}

/// The front ends' extension of the rules: names, text views, tool
/// settings and facts about the position that a referee or a GUI asks
/// for. It needs only the rules, so a referee learns the side names
/// without the search's trait.
pub trait Frontend: Rules {
    /// A short lower-case name: `chess`, `leiserchess` (for display; code
    /// asks the trait, never compares names).
    const NAME: &'static str;
    /// The rule set's name when it is not the game's default one (MIT's
    /// 2016 Leiserchess: `2016`), written as the PGN `Variant` tag; `None`
    /// for a game's default rule set.
    const VARIANT: Option<&'static str> = None;
    /// The value of the `UCI_Variant` option that chooses this rule set in
    /// an engine that plays several (Leiserchess: `2018`, `2016`); `None`
    /// for a game whose engines declare no such option (chess). A referee
    /// recognises which rule set an engine plays by it, an engine binary
    /// offers its rule sets by it.
    const UCI_VARIANT: Option<&'static str> = None;
    /// What this game's levels stand for (`Skill Level`, `UCI_Elo`), as
    /// measured in `docs/strength.md`: the meaning users see, and the
    /// node budget a level's search gets.
    const STRENGTH_SCALE: StrengthScale = StrengthScale::PROVISIONAL;
    /// Display names of White and Black.
    const SIDE_NAMES: [&'static str; 2] = ["White", "Black"];
    /// How a `go` command gives the clocks to this game's engines.
    const GO_DIALECT: GoDialect = GoDialect::BothClocks;
    /// How the `perft N` command prints (see [`PerftStyle`]).
    const PERFT_STYLE: PerftStyle = PerftStyle::Divide;
    /// The variant of this game played from other start positions, if it
    /// has one (see [`StartVariant`]).
    const START_VARIANT: Option<StartVariant> = None;
    /// The depth of the `bench` command.
    const BENCH_DEPTH: u32;

    /// Fixed positions (FEN) for the `bench` command.
    fn bench_positions() -> &'static [&'static str];

    /// Human-readable board for `display` / `d`.
    fn display(&self) -> String;

    /// Whether this game plays [`Self::START_VARIANT`].
    fn plays_start_variant(&self) -> bool {
        false
    }

    /// Plays [`Self::START_VARIANT`] (`on`) or the game itself from here
    /// on; ignored by a game without one.
    fn set_start_variant(&mut self, _on: bool) {}

    /// The number a game record gives the move to play now (chess: the
    /// FEN's move number). Default: 1.
    fn move_number(&self) -> u32 {
        1
    }

    /// Whether `side` could still win, so that its opponent's flag fall
    /// loses (chess: not with a bare king, FIDE 6.9). Default: yes.
    fn can_win_on_time(&self, _side: Side) -> bool {
        true
    }
}
