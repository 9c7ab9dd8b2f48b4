//! Random openings: game `i` of seed `s` starts with `plies` uniformly
//! random legal moves from the start position, drawn from a ChaCha
//! generator seeded by `s` on stream `i`, so that each game depends on
//! `(s, i)` alone, whichever worker plays it and whenever.

use chess::Chess;
use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Openings drawn for one game before giving up (each one that ends the
/// game is drawn again, from the same generator).
pub const MAX_ATTEMPTS: u32 = 1000;

/// The opening of game `game` of seed `seed`: `plies` random legal moves
/// played from the start position, leaving a game that has not ended by
/// the rules. `None` when [`MAX_ATTEMPTS`] openings in a row ended the
/// game (only with far more plies than an opening has).
pub fn random_opening(seed: u64, game: u64, plies: usize) -> Option<Chess> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(game);
    (0..MAX_ATTEMPTS).find_map(|_| draw(&mut rng, plies))
}

/// One try: the game after `plies` random moves, unless it ended.
fn draw(rng: &mut ChaCha8Rng, plies: usize) -> Option<Chess> {
    let mut game = Chess::default();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        game.play_unchecked(mv);
    }
    game.outcome().is_none().then_some(game)
}

#[cfg(test)]
mod tests {
    use super::random_opening;

    fn moves(seed: u64, game: u64, plies: usize) -> Vec<String> {
        let g = random_opening(seed, game, plies).expect("an opening");
        g.moves().map(|m| m.to_uci()).collect()
    }

    #[test]
    fn an_opening_depends_on_the_seed_and_the_game_number_only() {
        assert_eq!(moves(1, 5, 8), moves(1, 5, 8));
        assert_eq!(moves(1, 5, 8).len(), 8);
        assert_ne!(moves(1, 5, 8), moves(1, 6, 8));
        assert_ne!(moves(1, 5, 8), moves(2, 5, 8));
        assert!(moves(3, 0, 0).is_empty());
    }

    #[test]
    fn openings_that_end_the_game_are_drawn_again() {
        // Long random openings often end in mate or a draw; every one
        // returned is still going on.
        for game in 0..40 {
            if let Some(g) = random_opening(9, game, 120) {
                assert!(g.outcome().is_none());
                assert_eq!(g.plies(), 120);
            }
        }
    }
}
