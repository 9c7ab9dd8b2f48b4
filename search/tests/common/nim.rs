//! Nim in two rule sets, for testing an engine of several variants.
//! Normal play (who cannot move loses) is solved: the side to move wins
//! exactly when the XOR of the heaps is not zero. In misère play who
//! cannot move wins (who takes the last stone loses).

use std::fmt;
use std::marker::PhantomData;

use search::{
    EndReason, EvalParams, Evaluation, Frontend, GameMove, HistoryIndex, Outcome, Perft,
    PerftStyle, Rules, Score, Searchable, Side, SpinOption, UnknownOption,
};

/// What makes one Nim rule set: its start and who wins at the end.
pub trait NimRules: Clone + fmt::Debug + PartialEq + Eq + Send + Sync + 'static {
    const NAME: &'static str;
    /// The heaps of the start position.
    const START: &'static [u8];
    /// Who takes the last stone loses.
    const MISERE: bool;
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Normal;

impl NimRules for Normal {
    const NAME: &'static str = "nim";
    const START: &'static [u8] = &[3, 4, 5];
    const MISERE: bool = false;
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misere;

impl NimRules for Misere {
    const NAME: &'static str = "misere-nim";
    const START: &'static [u8] = &[1, 3, 5, 7];
    const MISERE: bool = true;
}

/// Misère play's end: no move left, and the side to move wins.
pub const TOOK_THE_LAST_STONE: EndReason = EndReason {
    code: "took_the_last_stone",
    sentence: "{loser} took the last stone",
};

/// One weight, `Tempo`, the evaluation of every position (0 by default,
/// so the search is exact).
#[derive(Clone, Copy, Debug, Default, Hash, PartialEq, Eq)]
pub struct NimParams {
    pub tempo: i32,
}

impl EvalParams for NimParams {
    fn options() -> Vec<SpinOption> {
        vec![SpinOption {
            name: "Tempo",
            default: 0,
            min: -100,
            max: 100,
            check: false,
        }]
    }

    fn set(&mut self, name: &str, value: i32) -> Result<(), UnknownOption> {
        if !name.eq_ignore_ascii_case("Tempo") {
            return Err(UnknownOption(name.to_string()));
        }
        self.tempo = value;
        Ok(())
    }
}

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
pub struct NimGame<R: NimRules> {
    pub heaps: Vec<u8>,
    side: Side,
    history: Vec<Take>,
    rules: PhantomData<R>,
}

pub type Nim = NimGame<Normal>;
pub type MisereNim = NimGame<Misere>;

#[derive(Debug, thiserror::Error)]
#[error("bad nim position '{0}'")]
pub struct BadFen(String);

#[derive(Debug, thiserror::Error)]
#[error("illegal move '{0}'")]
pub struct BadMove(String);

impl<R: NimRules> NimGame<R> {
    pub fn xor(&self) -> u8 {
        self.heaps.iter().fold(0, |a, &h| a ^ h)
    }
}

impl<R: NimRules> Rules for NimGame<R> {
    type Move = Take;
    type FenError = BadFen;
    type MoveError = BadMove;

    fn startpos() -> Self {
        NimGame {
            heaps: R::START.to_vec(),
            side: Side::White,
            history: Vec::new(),
            rules: PhantomData,
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
        Ok(NimGame {
            heaps,
            side,
            history: Vec::new(),
            rules: PhantomData,
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

impl<R: NimRules> Evaluation for NimGame<R> {
    type Params = NimParams;
    type EvalState = ();

    fn evaluate(&self, params: &NimParams, _state: &mut ()) -> Score {
        params.tempo
    }
}

impl<R: NimRules> Perft for NimGame<R> {}

impl<R: NimRules> HistoryIndex for NimGame<R> {
    const MOVE_INDEX_COUNT: usize = 64;

    fn move_index(&self, mv: Take) -> usize {
        mv.to_u16() as usize % Self::MOVE_INDEX_COUNT
    }
}

impl<R: NimRules> Searchable for NimGame<R> {
    fn search_outcome(&self, _plies_from_root: usize) -> Option<Outcome> {
        None
    }

    fn no_moves_outcome(&self) -> Outcome {
        if R::MISERE {
            Outcome::win(self.side, TOOK_THE_LAST_STONE)
        } else {
            Outcome::win(self.side.opponent(), super::NO_MOVES)
        }
    }
}

impl<R: NimRules> Frontend for NimGame<R> {
    const NAME: &'static str = R::NAME;
    const BENCH_DEPTH: u32 = 12;
    const PERFT_STYLE: PerftStyle = PerftStyle::PerDepth;

    fn display(&self) -> String {
        format!("heaps {:?}\n", self.heaps)
    }

    fn bench_positions() -> &'static [&'static str] {
        &["3/4/5 w", "1/2/3/4 w"]
    }
}
