//! [`GameRecord`]: a finished game as the standings, the SPRT, the pairing
//! of games and the reports read it. The runner makes one for every game
//! it plays; the PGN is only its output, read back (into the same records)
//! when a run resumes and by `elo` and `merge`.

use workbench::pgn::{GameResult, PgnGame, Termination};

/// One game: who had which colour, where it started, how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The round, as the PGN's `Round` tag writes it (`?` when unknown):
    /// both games of an opening share it.
    pub round: String,
    pub white: String,
    pub black: String,
    /// The start position, when it is not the game's start (the opening
    /// of a book of positions); games of one opening share it.
    pub start: Option<String>,
    /// `Unfinished` only for games read from a PGN.
    pub result: GameResult,
    pub termination: Option<Termination>,
    /// Why the game ended, in words (the PGN's final comment).
    pub reason: Option<String>,
}

impl GameRecord {
    /// The record of a game read from a PGN: a tag that is missing reads
    /// as unknown (`?`).
    pub fn of_pgn(game: &PgnGame) -> GameRecord {
        let tag = |name: &str| game.tag(name).unwrap_or("?").to_string();
        GameRecord {
            round: tag("Round"),
            white: tag("White"),
            black: tag("Black"),
            start: game.tag("FEN").map(str::to_string),
            result: game.outcome(),
            termination: game.tag("Termination").and_then(Termination::parse),
            reason: game.final_comment.clone(),
        }
    }

    /// The records of games read from a PGN, in file order.
    pub fn all_of(games: &[PgnGame]) -> Vec<GameRecord> {
        games.iter().map(GameRecord::of_pgn).collect()
    }

    /// Whether `name` played the game.
    pub fn involves(&self, name: &str) -> bool {
        self.white == name || self.black == name
    }

    /// The round when the games of one opening can be told by it: not
    /// empty, `?` or `-`.
    pub fn known_round(&self) -> Option<&str> {
        Some(self.round.trim()).filter(|r| !r.is_empty() && *r != "?" && *r != "-")
    }
}

/// The tag naming the run's first engine (the engine under test, listed
/// first), which the runner writes on every game, so that `elo` states the
/// head-to-head figures from the side the run's own score line took.
pub const FIRST_TAG: &str = "FirstEngine";

/// Whose side a file's head-to-head figures are stated from, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orientation {
    pub first: String,
    pub because: &'static str,
}

/// The run's first engine, when the PGN says which it is: its
/// [`FIRST_TAG`] (issue 40 item 3: games are written as they finish, so
/// the file's first game may have the other engine as White), else the
/// White of the earliest round's first game, as every round starts with
/// the first engine as White in our schedules, cutechess's and
/// fastchess's.
pub fn run_first(games: &[PgnGame]) -> Option<Orientation> {
    let tagged = games.iter().find_map(|g| {
        let first = g.tag(FIRST_TAG)?;
        let plays = g.tag("White") == Some(first) || g.tag("Black") == Some(first);
        plays.then(|| first.to_string())
    });
    if let Some(first) = tagged {
        return Some(Orientation {
            first,
            because: "the run's first engine, from the PGN's FirstEngine tag",
        });
    }
    let round = |g: &&PgnGame| g.tag("Round")?.trim().parse::<u64>().ok();
    let earliest = games
        .iter()
        .filter(|g| round(g).is_some())
        .min_by_key(round)?;
    Some(Orientation {
        first: earliest.tag("White")?.to_string(),
        because: "White of the earliest round's first game in the file",
    })
}

#[cfg(test)]
mod tests {
    use super::GameRecord;
    use workbench::pgn::{read_games, GameResult, Termination};

    #[test]
    fn a_pgn_game_becomes_a_record() {
        let games = read_games(
            "[Round \" 3 \"][White \"a\"][Black \"b\"][FEN \"8/8 w\"][Termination \"time forfeit\"]\n\
             1. e4 {book} {a loses on time} 0-1\n\
             [Result \"*\"]\n*\n",
        )
        .expect("reads");
        let records = GameRecord::all_of(&games);
        let first = &records[0];
        assert_eq!((first.white.as_str(), first.black.as_str()), ("a", "b"));
        assert_eq!(first.known_round(), Some("3"));
        assert_eq!(first.start.as_deref(), Some("8/8 w"));
        assert_eq!(first.result, GameResult::BlackWins);
        assert_eq!(first.termination, Some(Termination::TimeForfeit));
        assert_eq!(first.reason.as_deref(), Some("a loses on time"));
        assert!(first.involves("b") && !first.involves("c"));
        let second = &records[1];
        assert_eq!((second.white.as_str(), second.known_round()), ("?", None));
        assert_eq!(second.result, GameResult::Unfinished);
    }
}
