//! How a game ended, in a form every front end can print: the winner, a
//! stable code, a sentence, the PGN result and termination.

use super::Side;

/// Why a game ended. Each game defines its own endings as constants (the
/// draws every game shares are here), so this crate names no game's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EndReason {
    /// A stable lower-case code for programs: `checkmate`, `king_zapped`.
    pub code: &'static str,
    /// The ending in words, with `{winner}` and `{loser}` standing for the
    /// sides' names: `{winner} mates`, `Draw by repetition`.
    pub sentence: &'static str,
}

impl EndReason {
    /// The same position with the same side to move for the third time
    /// (chess) or the second (Leiserchess, rule 5.3).
    pub const REPETITION: EndReason = EndReason {
        code: "repetition",
        sentence: "Draw by repetition",
    };
    /// Fifty moves by each side without progress.
    pub const FIFTY_MOVES: EndReason = EndReason {
        code: "fifty_moves",
        sentence: "Draw by the fifty-move rule",
    };
}

/// The end of a game by its rules: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    pub fn win(winner: Side, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The PGN `Termination` tag: an end by the rules is `normal`.
    pub fn termination(&self) -> &'static str {
        "normal"
    }

    /// The ending as a sentence, with the sides named `names` (White's
    /// first): `White mates`, `Lavender has no legal move`, `Draw by
    /// repetition`.
    pub fn describe(&self, names: [&str; 2]) -> String {
        let (winner, loser) = match self.winner {
            Some(w) => (names[w.index()], names[w.opponent().index()]),
            None => ("", ""),
        };
        self.reason
            .sentence
            .replace("{winner}", winner)
            .replace("{loser}", loser)
    }
}
