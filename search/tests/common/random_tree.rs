//! A random game tree defined by a seed: every property of a node (number
//! of children, which moves are noisy, check, terminal results, evaluation)
//! is a hash of the node. In DAG mode children are drawn from a small set
//! of nodes per ply, so positions transpose.

// `is_multiple_of` is newer than the workspace's rust-version.
#![allow(clippy::manual_is_multiple_of)]

use std::fmt;

use super::{mix, mix2};
use search::{
    EndReason, Evaluation, Frontend, GameMove, HistoryIndex, NoParams, NoisyKey, Outcome, Perft,
    Rules, Score, Searchable, Side,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TreeMove(pub u16);

impl fmt::Display for TreeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "m{}", self.0)
    }
}

impl GameMove for TreeMove {
    fn to_u16(self) -> u16 {
        self.0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    id: u64,
    ply: u32,
    /// Noisy moves played on the way here (they run out, so quiescence
    /// ends).
    noisy: u8,
    /// In-check nodes on the way here (they run out too).
    checks: u8,
    side: Side,
}

const MAX_CHILDREN: u64 = 5;
const MAX_NOISY: u8 = 3;
const MAX_CHECKS: u8 = 2;

#[derive(Clone, Debug)]
pub struct RandomTree {
    seed: u64,
    /// 0 for a tree; otherwise nodes per ply (transpositions).
    dag_width: u64,
    null_moves: bool,
    /// Always 2 to 5 moves and rare terminal nodes: an endless tree for
    /// timing tests.
    bushy: bool,
    stack: Vec<Node>,
}

#[derive(Debug, thiserror::Error)]
#[error("bad random tree spec '{0}'")]
pub struct SpecError(String);

#[derive(Debug, thiserror::Error)]
#[error("illegal move '{0}'")]
pub struct TreeMoveError(String);

impl RandomTree {
    pub fn new(seed: u64, dag_width: u64, null_moves: bool) -> Self {
        RandomTree {
            seed,
            dag_width,
            null_moves,
            bushy: false,
            stack: vec![Node {
                id: mix(seed),
                ply: 0,
                noisy: 0,
                checks: 0,
                side: Side::White,
            }],
        }
    }

    /// An endless tree for timing tests.
    pub fn bushy(seed: u64) -> Self {
        RandomTree {
            bushy: true,
            ..RandomTree::new(seed, 0, true)
        }
    }

    fn node(&self) -> Node {
        *self.stack.last().expect("root is never popped")
    }

    fn key(&self, salt: u64) -> u64 {
        let n = self.node();
        mix2(
            mix2(n.id, n.ply as u64),
            (n.noisy as u64) << 8 | (n.checks as u64) << 16 | salt << 24,
        )
    }

    fn child_count(&self) -> u64 {
        if self.bushy {
            return 2 + self.key(2) % 4;
        }
        // About one node in eight has no moves at all.
        let h = self.key(1) % 8;
        if h == 0 {
            0
        } else {
            1 + self.key(2) % MAX_CHILDREN
        }
    }

    fn move_noisy(&self, mv: TreeMove) -> bool {
        self.node().noisy < MAX_NOISY && self.key(100 + mv.0 as u64) % 3 == 0
    }
}

impl Rules for RandomTree {
    type Move = TreeMove;
    type FenError = SpecError;
    type MoveError = TreeMoveError;

    fn startpos() -> Self {
        RandomTree::bushy(1)
    }

    /// `<seed> <dag width> <null moves 0|1> [bushy]`.
    fn from_fen(fen: &str) -> Result<Self, SpecError> {
        let bad = || SpecError(fen.to_string());
        let parts: Vec<&str> = fen.split_whitespace().collect();
        let bushy = match parts.get(3) {
            None => false,
            Some(&"bushy") if parts.len() == 4 => true,
            _ => return Err(bad()),
        };
        if parts.len() < 3 {
            return Err(bad());
        }
        let seed = parts[0].parse().map_err(|_| bad())?;
        let width = parts[1].parse().map_err(|_| bad())?;
        let null = match parts[2] {
            "0" => false,
            "1" => true,
            _ => return Err(bad()),
        };
        Ok(RandomTree {
            bushy,
            ..RandomTree::new(seed, width, null)
        })
    }

    fn fen(&self) -> String {
        let bushy = if self.bushy { " bushy" } else { "" };
        format!(
            "{} {} {}{bushy}",
            self.seed,
            self.dag_width,
            u8::from(self.null_moves)
        )
    }

    fn side_to_move(&self) -> Side {
        self.node().side
    }

    fn legal_moves(&self, out: &mut Vec<TreeMove>) {
        for i in 1..=self.child_count() {
            out.push(TreeMove(i as u16));
        }
    }

    fn parse_move(&self, text: &str) -> Result<TreeMove, TreeMoveError> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| TreeMoveError(text.to_string()))
    }

    fn make(&mut self, mv: TreeMove) {
        let n = self.node();
        let raw = self.key(200 + mv.0 as u64);
        let id = if self.dag_width == 0 {
            raw
        } else {
            raw % self.dag_width
        };
        let child = Node {
            id,
            ply: n.ply + 1,
            noisy: n.noisy + u8::from(self.move_noisy(mv)),
            checks: n.checks + u8::from(self.in_check()),
            side: n.side.opponent(),
        };
        self.stack.push(child);
    }

    fn unmake(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    fn hash(&self) -> u64 {
        let n = self.node();
        self.key(0) ^ (n.side as u64)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.stack.len() > 1 {
            if let Some(o) = self.search_outcome(1) {
                return Some(o);
            }
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty().then(|| self.no_moves_outcome())
    }
}

impl Evaluation for RandomTree {
    type Params = NoParams;
    type EvalState = ();

    fn evaluate(&self, _params: &NoParams, _state: &mut ()) -> Score {
        if self.bushy {
            (self.key(3) % 401) as Score - 200
        } else {
            (self.key(3) % 41) as Score - 20
        }
    }
}

impl Perft for RandomTree {}

impl HistoryIndex for RandomTree {
    const MOVE_INDEX_COUNT: usize = 16;

    fn move_index(&self, mv: TreeMove) -> usize {
        mv.0 as usize % Self::MOVE_INDEX_COUNT
    }
}

impl Searchable for RandomTree {
    fn search_outcome(&self, _plies_from_root: usize) -> Option<Outcome> {
        let us = self.side_to_move();
        let rarity = if self.bushy { 300 } else { 24 };
        match self.key(4) % rarity {
            0 => Some(Outcome::win(us, super::WIN)),
            1 => Some(Outcome::win(us.opponent(), super::WIN)),
            2 => Some(Outcome::draw(EndReason::REPETITION)),
            _ => None,
        }
    }

    fn no_moves_outcome(&self) -> Outcome {
        let us = self.side_to_move();
        match self.key(5) % 3 {
            0 => Outcome::win(us, super::NO_MOVES),
            1 => Outcome::win(us.opponent(), super::NO_MOVES),
            _ => Outcome::draw(super::STALEMATE),
        }
    }

    fn in_check(&self) -> bool {
        self.node().checks < MAX_CHECKS && self.key(6) % 6 == 0
    }

    fn noisy_moves(&self, out: &mut Vec<TreeMove>, keys: &mut Vec<NoisyKey>) {
        for i in 1..=self.child_count() {
            let mv = TreeMove(i as u16);
            if let Some(key) = self.noisy_key(mv) {
                out.push(mv);
                keys.push(key);
            }
        }
    }

    fn noisy_key(&self, mv: TreeMove) -> Option<NoisyKey> {
        self.move_noisy(mv).then(|| NoisyKey {
            order: (self.key(300 + mv.0 as u64) % 100) as i32,
            see_ge_zero: None,
        })
    }

    fn see_ge(&self, mv: TreeMove, _threshold: Score) -> bool {
        self.key(400 + mv.0 as u64) % 4 != 0
    }

    fn null_move_allowed(&self) -> bool {
        self.null_moves
    }

    fn make_null(&mut self) {
        let n = self.node();
        self.stack.push(Node {
            id: mix2(n.id, 0xdead),
            ply: n.ply + 1,
            noisy: n.noisy,
            checks: n.checks,
            side: n.side.opponent(),
        });
    }

    fn unmake_null(&mut self) {
        self.unmake();
    }
}

impl Frontend for RandomTree {
    const NAME: &'static str = "randomtree";
    const BENCH_DEPTH: u32 = 5;

    fn display(&self) -> String {
        format!(
            "random tree node {:016x} ply {}\n",
            self.node().id,
            self.node().ply
        )
    }

    fn bench_positions() -> &'static [&'static str] {
        &["1 0 1 bushy", "2 0 1 bushy", "3 64 1 bushy", "4 0 1"]
    }
}
