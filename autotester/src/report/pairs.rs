//! Finding game pairs (one opening, colours reversed) among finished
//! games, for the pentanomial statistics.
//!
//! Two ways, tried in order:
//! 1. by `Round`: cutechess, fastchess and we give both games of a pair
//!    the same round, so two games of the same two players in one round,
//!    with colours reversed and the same start position, are a pair;
//! 2. by file order, for the rest: a game and the next remaining game of
//!    the two players, with colours reversed and the same start position.
//!    This is an assumption (the report says so); a wrong pairing only
//!    makes the error bar less tight, never biased.

use super::GameRecord;
use crate::stats::GameScore;
use std::collections::HashMap;
use workbench::pgn::GameResult;

/// Pairs found between two players, scored for the first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    pub pairs: Vec<(GameScore, GameScore)>,
    /// How many of `pairs` came from file order rather than rounds.
    pub by_file_order: usize,
    /// Games between the two that could not be paired.
    pub unpaired: usize,
}

/// What pairing needs to know of one finished game.
struct Entry<'a> {
    first_is_white: bool,
    score: GameScore,
    round: Option<&'a str>,
    start: Option<&'a str>,
}

fn score_for_white(result: GameResult) -> Option<GameScore> {
    match result {
        GameResult::WhiteWins => Some(GameScore::Win),
        GameResult::Draw => Some(GameScore::Draw),
        GameResult::BlackWins => Some(GameScore::Loss),
        GameResult::Unfinished => None,
    }
}

fn flip(s: GameScore) -> GameScore {
    match s {
        GameScore::Win => GameScore::Loss,
        GameScore::Draw => GameScore::Draw,
        GameScore::Loss => GameScore::Win,
    }
}

fn is_pair(a: &Entry, b: &Entry) -> bool {
    a.first_is_white != b.first_is_white && a.start == b.start
}

/// What pairing needs to know of `game`, scored for `first`, when it is
/// a finished game between `first` and `second`.
fn entry<'a>(game: &'a GameRecord, first: &str, second: &str) -> Option<Entry<'a>> {
    let first_is_white = match (game.white.as_str(), game.black.as_str()) {
        (w, b) if w == first && b == second => true,
        (w, b) if w == second && b == first => false,
        _ => return None,
    };
    let white_score = score_for_white(game.result)?;
    Some(Entry {
        first_is_white,
        score: if first_is_white {
            white_score
        } else {
            flip(white_score)
        },
        round: game.known_round(),
        start: game.start.as_deref(),
    })
}

/// Pairs the finished games between `first` and `second`.
pub fn pair_games(games: &[GameRecord], first: &str, second: &str) -> Pairing {
    let entries: Vec<Entry> = games
        .iter()
        .filter_map(|g| entry(g, first, second))
        .collect();

    let mut used = vec![false; entries.len()];
    let mut result = Pairing::default();
    // 1. Rounds holding exactly two games that form a pair.
    let mut rounds: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, e) in entries.iter().enumerate() {
        if let Some(r) = e.round {
            rounds.entry(r).or_default().push(i);
        }
    }
    let mut round_pairs: Vec<(usize, usize)> = rounds
        .values()
        .filter_map(|v| match v[..] {
            [a, b] if is_pair(&entries[a], &entries[b]) => Some((a, b)),
            _ => None,
        })
        .collect();
    round_pairs.sort_unstable(); // file order, independent of hashing
    for (a, b) in round_pairs {
        used[a] = true;
        used[b] = true;
        result.pairs.push((entries[a].score, entries[b].score));
    }
    // 2. File order for what is left.
    let rest: Vec<usize> = (0..entries.len()).filter(|&i| !used[i]).collect();
    let mut k = 0;
    while k < rest.len() {
        if k + 1 < rest.len() && is_pair(&entries[rest[k]], &entries[rest[k + 1]]) {
            result
                .pairs
                .push((entries[rest[k]].score, entries[rest[k + 1]].score));
            result.by_file_order += 1;
            k += 2;
        } else {
            result.unpaired += 1;
            k += 1;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::pair_games;
    use crate::report::GameRecord;
    use crate::stats::GameScore::{Draw, Loss, Win};
    use workbench::pgn::GameResult;

    fn game(white: &str, black: &str, round: &str, result: GameResult) -> GameRecord {
        GameRecord {
            round: round.into(),
            white: white.into(),
            black: black.into(),
            start: None,
            result,
            termination: None,
            reason: None,
        }
    }

    #[test]
    fn pairs_by_round_even_when_interleaved() {
        // Concurrency finishes games out of order: rounds still match them.
        let games = [
            game("A", "B", "1", GameResult::WhiteWins),
            game("A", "B", "2", GameResult::Draw),
            game("B", "A", "2", GameResult::WhiteWins),
            game("B", "A", "1", GameResult::Draw),
            game("A", "C", "1", GameResult::WhiteWins), // another opponent: ignored
        ];
        let p = pair_games(&games, "A", "B");
        assert_eq!(p.pairs, [(Win, Draw), (Draw, Loss)]);
        assert_eq!((p.by_file_order, p.unpaired), (0, 0));
    }

    #[test]
    fn falls_back_to_file_order_and_counts_leftovers() {
        let games = [
            game("A", "B", "?", GameResult::BlackWins),
            game("B", "A", "?", GameResult::BlackWins),
            game("A", "B", "", GameResult::Draw),
            game("A", "B", "", GameResult::Draw), // same colours: cannot pair
            game("B", "A", "", GameResult::Unfinished), // no result: skipped
        ];
        let p = pair_games(&games, "A", "B");
        assert_eq!(p.pairs, [(Loss, Win)]);
        assert_eq!((p.by_file_order, p.unpaired), (1, 2));
    }

    #[test]
    fn different_start_positions_do_not_pair() {
        let mut a = game("A", "B", "1", GameResult::WhiteWins);
        a.start = Some("x".into());
        let b = game("B", "A", "1", GameResult::WhiteWins);
        let p = pair_games(&[a, b], "A", "B");
        assert!(p.pairs.is_empty());
        assert_eq!(p.unpaired, 2);
    }
}
