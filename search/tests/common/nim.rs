//! Nim (normal play: who cannot move loses). Solved: the side to move wins
//! exactly when the XOR of the heaps is not zero.

use std::fmt;

use search::{Frontend, GameMove, NoParams, Outcome, PerftStyle, Rules, Score, Searchable, Side};

/// Take `take` (1..=15) from heap `heap` (0..=3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    pub heap: u8,
    pub take: u8,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.heap, self.take)
    }
}

impl GameMove for Take {
    fn to_u16(self) -> u16 {
        (self.heap as u16) << 4 | self.take as u16
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    pub heaps: Vec<u8>,
    side: Side,
    history: Vec<Take>,
}

#[derive(Debug, thiserror::Error)]
#[error("bad nim position '{0}'")]
pub struct BadFen(String);

#[derive(Debug, thiserror::Error)]
#[error("illegal move '{0}'")]
pub struct BadMove(String);

impl Nim {
    pub fn xor(&self) -> u8 {
        self.heaps.iter().fold(0, |a, &h| a ^ h)
    }
}

impl Rules for Nim {
    type Move = Take;
    type FenError = BadFen;
    type MoveError = BadMove;

    fn startpos() -> Self {
        Nim {
            heaps: vec![3, 4, 5],
            side: Side::White,
            history: Vec::new(),
        }
    }

    /// Heaps separated by `/` (1 to 4 heaps of 0..=15), then `w` or `b`.
    fn from_fen(fen: &str) -> Result<Self, BadFen> {
        let bad = || BadFen(fen.to_string());
        let parts: Vec<&str> = fen.split_whitespace().collect();
        let [heaps, side] = parts.as_slice() else {
            return Err(bad());
        };
        let heaps: Vec<u8> = heaps
            .split('/')
            .map(|h| h.parse::<u8>().ok().filter(|&v| v <= 15))
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        if heaps.is_empty() || heaps.len() > 4 {
            return Err(bad());
        }
        let side = match *side {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(bad()),
        };
        Ok(Nim {
            heaps,
            side,
            history: Vec::new(),
        })
    }

    fn fen(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(|h| h.to_string()).collect();
        let side = if self.side == Side::White { "w" } else { "b" };
        format!("{} {side}", heaps.join("/"))
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<Take>) {
        for (heap, &size) in self.heaps.iter().enumerate() {
            for take in 1..=size {
                out.push(Take {
                    heap: heap as u8,
                    take,
                });
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<Take, BadMove> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| BadMove(text.to_string()))
    }

    fn make(&mut self, mv: Take) {
        self.heaps[mv.heap as usize] -= mv.take;
        self.history.push(mv);
        self.side = self.side.opponent();
    }

    fn unmake(&mut self) {
        if let Some(mv) = self.history.pop() {
            self.heaps[mv.heap as usize] += mv.take;
            self.side = self.side.opponent();
        }
    }

    fn hash(&self) -> u64 {
        let mut h = self.side as u64 + 1;
        for &x in &self.heaps {
            h = h * 16 + x as u64;
        }
        super::mix(h)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.heaps
            .iter()
            .all(|&h| h == 0)
            .then(|| self.no_moves_outcome())
    }
}

impl Searchable for Nim {
    type Params = NoParams;
    type EvalState = ();
    const MOVE_INDEX_COUNT: usize = 64;

    fn evaluate(&self, _params: &NoParams, _state: &mut ()) -> Score {
        0
    }

    fn search_outcome(&self, _plies_from_root: usize) -> Option<Outcome> {
        None
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::win(self.side.opponent(), super::NO_MOVES)
    }

    fn move_index(&self, mv: Take) -> usize {
        mv.to_u16() as usize % Self::MOVE_INDEX_COUNT
    }
}

impl Frontend for Nim {
    const NAME: &'static str = "nim";
    const BENCH_DEPTH: u32 = 12;
    const PERFT_STYLE: PerftStyle = PerftStyle::PerDepth;

    fn display(&self) -> String {
        format!("heaps {:?}\n", self.heaps)
    }

    fn bench_positions() -> &'static [&'static str] {
        &["3/4/5 w", "1/2/3/4 w"]
    }
}
