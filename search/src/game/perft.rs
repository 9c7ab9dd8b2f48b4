//! Perft: counting the leaves of the game tree, to check move generation
//! against published counts. A tool's concern, apart from the rules.

#[cfg(doc)]
use super::PerftCount;
use super::Rules;

/// Perft counts. Every method has a default from the rules; a game
/// overrides them with fast bulk counting, or to count by its own
/// convention (Leiserchess counts as MIT's players do).
pub trait Perft: Rules {
    /// Appends the moves `perft` counts here: the legal moves, unless the
    /// game's perft counts other moves (Leiserchess counts the moves its
    /// ko rule forbids). `go perft` divides over these.
    fn perft_moves(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out);
    }

    /// Number of leaves of the game tree to `depth` by the game's perft
    /// convention ([`PerftCount::Rules`], over `perft_moves`). Games
    /// override this with a fast bulk-counting version; the default is the
    /// legal count.
    fn perft(&mut self, depth: u32) -> u64 {
        self.perft_legal(depth)
    }

    /// Number of leaves of the legal game tree to `depth`
    /// ([`PerftCount::Legal`]; rules of the game about terminal positions
    /// included). The default walks the tree.
    fn perft_legal(&mut self, depth: u32) -> u64 {
        if depth == 0 || self.perft_leaf() {
            return 1;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for mv in moves {
            self.make(mv);
            total += self.perft_legal(depth - 1);
            self.unmake();
        }
        total
    }

    /// The leaves `perft` counts ([`PerftCount::Rules`]), counted the slow
    /// way (`perft N make`, [`PerftCount::Make`]): every move of every ply
    /// but the last is played with the game's own `make` and `unmake`,
    /// the ones the search plays (hash, history and all the game keeps
    /// up to date); the last ply's moves are generated and counted
    /// without being made, as MIT's Leiserchess players count. No bulk
    /// counting: a yardstick of move generation and make/unmake speed.
    /// Games keep this default; it asks only `perft_moves` and
    /// `perft_leaf`, which must agree with the game's `perft`.
    fn perft_make(&mut self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::new(); depth as usize];
        walk_making(self, depth, &mut buffers)
    }

    /// Whether this position counts as one leaf at every depth in the
    /// legal and make counts: a game that ended so that a divide (a move
    /// made, then `depth - 1` counted below it) adds up to the whole
    /// (Leiserchess: a zapped king, rule 8.2). Default: no, a position
    /// without moves counts nothing below it.
    fn perft_leaf(&self) -> bool {
        false
    }
}

/// [`Perft::perft_make`] below `pos`, with one move list per ply
/// (`buffers`, at least `depth` of them) reused across the walk.
fn walk_making<G: Perft>(pos: &mut G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 || pos.perft_leaf() {
        return 1;
    }
    let Some((moves, deeper)) = buffers.split_first_mut() else {
        unreachable!("a move list for every ply");
    };
    moves.clear();
    pos.perft_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        pos.make(mv);
        total += walk_making(pos, depth - 1, deeper);
        pos.unmake();
    }
    total
}
