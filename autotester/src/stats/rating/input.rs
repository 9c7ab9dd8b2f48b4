//! The games a rating table is computed from: who had white, who had
//! black, and how it ended.

use std::collections::HashMap;

/// Result of one game from white's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
}

/// One decided game between two players, by index into the player list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatedGame {
    pub white: usize,
    pub black: usize,
    pub outcome: Outcome,
}

/// Players (in order of first appearance) and their games.
#[derive(Clone, Debug, Default)]
pub struct RatingInput {
    names: Vec<String>,
    index: HashMap<String, usize>,
    games: Vec<RatedGame>,
}

impl RatingInput {
    pub fn new() -> Self {
        Self::default()
    }

    /// Index of a player, adding it on first sight.
    pub fn player(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), self.names.len() - 1);
        self.names.len() - 1
    }

    /// Adds one game. A player facing itself is ignored: it carries no
    /// information on relative strength (BayesElo would count it, but that
    /// only distorts the games column).
    pub fn add_game(&mut self, white: &str, black: &str, outcome: Outcome) {
        if white == black {
            return;
        }
        let (white, black) = (self.player(white), self.player(black));
        self.games.push(RatedGame {
            white,
            black,
            outcome,
        });
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn games(&self) -> &[RatedGame] {
        &self.games
    }
}
