//! The evaluation options a game's engines declare: how the autotester
//! tells, from an engine's `uci` answer, which game it plays
//! (`autotester::identify`).
//!
//! These belong with the game's other facts in [`GameType`]; they are an
//! inherent method of `dyn GameType` here so that callers already read
//! them as `game.eval_options()` and do not change when the trait takes
//! them over (its implementation knows the game's type and would need no
//! `match`).

use search::{EvalParams, Searchable};

use super::GameType;
use crate::GameKind;

/// The names of `G`'s evaluation options.
fn names<G: Searchable>() -> Vec<&'static str> {
    <G::Params as EvalParams>::options()
        .iter()
        .map(|o| o.name)
        .collect()
}

impl dyn GameType {
    /// The UCI options (evaluation weights) that only this game's engines
    /// declare.
    pub fn eval_options(&self) -> Vec<&'static str> {
        match self.kind() {
            GameKind::Chess => names::<chess::Chess>(),
            GameKind::Leiserchess => names::<leiserchess::Leiserchess>(),
            GameKind::Leiserchess2016 => names::<leiserchess::Leiserchess2016>(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::GameKind;

    #[test]
    fn leiserchess_engines_declare_weights_that_chess_engines_do_not() {
        let leiser = GameKind::Leiserchess.game().eval_options();
        assert!(!leiser.is_empty());
        let chess = GameKind::Chess.game().eval_options();
        assert!(leiser.iter().all(|name| !chess.contains(name)));
    }
}
