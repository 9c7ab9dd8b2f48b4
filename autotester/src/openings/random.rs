//! Balanced random openings for either game: random legal plies from the
//! start, kept only if a short search of our own engine finds the position
//! roughly level. The random stream depends on the seed and the round only.

use super::Opening;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::Limits;
use std::sync::atomic::AtomicBool;
use workbench::{DynEngine, DynGame, GameType};

/// Depth of the balance check.
const CHECK_DEPTH: u32 = 3;
/// Largest |score| (centipawns) accepted as balanced.
const BALANCE_WINDOW: i32 = 75;
/// Tries before settling for the most level opening seen.
const MAX_TRIES: usize = 64;
/// Transposition table of the checking engine, in MB.
const CHECK_HASH_MB: usize = 1;

/// A random line: its start (a FEN for a game of many starts, Chess960;
/// `None` for the game's one start), its moves (protocol notation) and
/// the position they reach.
struct Line {
    start: Option<String>,
    moves: Vec<String>,
    position: Box<dyn DynGame>,
}

/// The start of a game with many start positions, drawn from `rng`;
/// `None` (and nothing drawn, so the stream of other games is unchanged)
/// for a game with one.
fn random_start(game: &dyn GameType, rng: &mut ChaCha8Rng) -> Option<Box<dyn DynGame>> {
    match game.start_count() {
        0 | 1 => None,
        count => game.start_at(rng.gen_range(0..count)),
    }
}

/// `plies` random moves of `game` from its start (a random one for a game
/// of many), if none of them ends the game.
fn random_line(game: &dyn GameType, rng: &mut ChaCha8Rng, plies: usize) -> Option<Line> {
    let drawn = random_start(game, rng);
    let start = drawn.as_ref().map(|position| position.fen());
    let mut position = drawn.unwrap_or_else(|| game.start());
    let mut line = Vec::with_capacity(plies);
    for _ in 0..plies {
        // The moves in the game's generation order: the seed picks the
        // same move as it always has.
        let mv = *position.legal_moves().choose(rng)?;
        line.push(position.move_text(mv).ok()?);
        position.make(mv).ok()?;
        if position.outcome().is_some() {
            return None;
        }
    }
    Some(Line {
        start,
        moves: line,
        position,
    })
}

/// Makes balanced openings, keeping its checking engine between them and
/// the last opening made. A worker owns one: creating the engine (its
/// tables allocated and zeroed) cost more than the search itself, and a
/// worker usually plays both games of a round one after the other. The
/// openings are the same as fresh ones: the engine starts a new game for
/// every check.
pub struct Balancer {
    game: &'static dyn GameType,
    /// None when its tables could not be allocated: the first random line
    /// is then taken unchecked.
    engine: Option<Box<dyn DynEngine>>,
    last: Option<((u64, u32, usize), Opening)>,
}

impl Balancer {
    /// A balancer for `game`'s openings, checked by `game`'s own search.
    pub fn new(game: &'static dyn GameType) -> Balancer {
        Balancer {
            game,
            engine: game.engine(CHECK_HASH_MB).ok(),
            last: None,
        }
    }

    /// The opening for `round` under `seed`.
    pub fn opening(&mut self, seed: u64, round: u32, plies: usize) -> Opening {
        let key = (seed, round, plies);
        if let Some((_, opening)) = self.last.as_ref().filter(|(k, _)| *k == key) {
            return opening.clone();
        }
        let opening = self.make(seed, round, plies);
        self.last = Some((key, opening.clone()));
        opening
    }

    /// How far from level `position` is, in centipawns, by a short search.
    fn imbalance(&mut self, position: &dyn DynGame) -> i32 {
        let Some(engine) = self.engine.as_mut() else {
            return 0;
        };
        engine.new_game();
        let stop = AtomicBool::new(false);
        let limits = Limits::depth(CHECK_DEPTH);
        // The engine is the position's own game's: it cannot refuse it.
        engine
            .search(position, &limits, &stop, &mut |_| {})
            .map_or(0, |result| result.score.saturating_abs())
    }

    fn make(&mut self, seed: u64, round: u32, plies: usize) -> Opening {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // One independent stream per round: any round can be made alone.
        rng.set_stream(u64::from(round));
        let mut best: Option<(i32, Line)> = None;
        for _ in 0..MAX_TRIES {
            let Some(line) = random_line(self.game, &mut rng, plies) else {
                continue;
            };
            let imbalance = self.imbalance(&*line.position);
            let level = imbalance <= BALANCE_WINDOW;
            if best.as_ref().is_none_or(|(b, _)| imbalance < *b) {
                best = Some((imbalance, line));
            }
            if level {
                break;
            }
        }
        best.map_or_else(
            || self.start(seed, round),
            |(_, line)| Opening {
                fen: line.start,
                moves: line.moves,
            },
        )
    }

    /// The start position of `round` under `seed`, no moves: the game's
    /// start, or for a game of many starts (Chess960) one drawn by the
    /// seed and round, the same for both games of the round.
    pub fn start(&self, seed: u64, round: u32) -> Opening {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(u64::from(round));
        Opening {
            fen: random_start(self.game, &mut rng).map(|position| position.fen()),
            moves: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Balancer, Opening};
    use workbench::{DynGame, GameKind, GameType};

    /// The opening of `game` for `round` under `seed`, made by a balancer
    /// of its own.
    fn balanced(game: &'static dyn GameType, seed: u64, round: u32, plies: usize) -> Opening {
        Balancer::new(game).opening(seed, round, plies)
    }

    fn replay(kind: GameKind, moves: &[String]) -> Box<dyn DynGame> {
        let mut g = kind.game().start();
        for m in moves {
            g.play(m).expect("legal opening move");
        }
        g
    }

    #[test]
    fn deterministic_per_seed_and_round_and_legal() {
        let chess = GameKind::Chess.game();
        for round in 1..=3 {
            let a = balanced(chess, 42, round, 8);
            assert_eq!(a, balanced(chess, 42, round, 8));
            assert_eq!(a.moves.len(), 8);
            assert!(replay(GameKind::Chess, &a.moves).outcome().is_none());
        }
        assert_ne!(balanced(chess, 42, 1, 8), balanced(chess, 42, 2, 8));
        assert_ne!(balanced(chess, 42, 1, 8), balanced(chess, 43, 1, 8));
        let l = balanced(GameKind::Leiserchess.game(), 1, 1, 6);
        assert_eq!(l.moves.len(), 6);
        assert!(replay(GameKind::Leiserchess, &l.moves).outcome().is_none());
    }

    #[test]
    fn a_reused_balancer_makes_the_openings_of_fresh_ones() {
        let (chess_game, leiser_game) = (GameKind::Chess.game(), GameKind::Leiserchess.game());
        let mut chess = Balancer::new(chess_game);
        let mut leiser = Balancer::new(leiser_game);
        for round in [3, 1, 1, 2, 3] {
            assert_eq!(
                chess.opening(7, round, 8),
                balanced(chess_game, 7, round, 8)
            );
            assert_eq!(
                leiser.opening(7, round, 6),
                balanced(leiser_game, 7, round, 6)
            );
        }
        // The last opening is kept for its own seed and length only.
        assert_eq!(chess.opening(8, 3, 8), balanced(chess_game, 8, 3, 8));
        assert_eq!(chess.opening(8, 3, 4), balanced(chess_game, 8, 3, 4));
    }

    /// Chess960 openings start from one of the 960 positions, drawn by
    /// the seed and round; chess's stay as they were.
    #[test]
    fn chess960_openings_start_from_seeded_960_positions() {
        let c960 = GameKind::Chess960.game();
        let mut starts = std::collections::HashSet::new();
        for round in 1..=6 {
            let a = balanced(c960, 5, round, 4);
            assert_eq!(a, balanced(c960, 5, round, 4));
            let fen = a.fen.clone().expect("a 960 start");
            let mut g = c960.open(&fen).expect("X-FEN");
            for m in &a.moves {
                g.play(m).expect("legal opening move");
            }
            assert_eq!(a.moves.len(), 4);
            starts.insert(fen);
            let bare = Balancer::new(c960).start(5, round);
            assert!(bare.moves.is_empty() && bare.fen.is_some());
            assert_eq!(bare, Balancer::new(c960).start(5, round));
        }
        assert!(starts.len() >= 5, "{starts:?}");
        assert_ne!(
            Balancer::new(c960).start(5, 1),
            Balancer::new(c960).start(6, 1)
        );
        assert_eq!(balanced(GameKind::Chess.game(), 5, 1, 4).fen, None);
        assert_eq!(Balancer::new(GameKind::Chess.game()).start(5, 1).fen, None);
    }
}
