//! Tic-tac-toe: a solved game (a draw) with transpositions.

use std::fmt;

use search::{
    Evaluation, Frontend, GameMove, HistoryIndex, NoParams, Outcome, Perft, Rules, Score,
    Searchable, Side,
};

/// A square 1..=9 (packed form is the same, never 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square(pub u8);

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl GameMove for Square {
    fn to_u16(self) -> u16 {
        self.0 as u16
    }
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    /// 0 empty, 1 X (White), 2 O (Black).
    board: [u8; 9],
    side: Side,
    history: Vec<u8>,
}

#[derive(Debug, thiserror::Error)]
#[error("bad tic-tac-toe position '{0}'")]
pub struct BadFen(String);

#[derive(Debug, thiserror::Error)]
#[error("illegal move '{0}'")]
pub struct BadMove(String);

fn mark(side: Side) -> u8 {
    match side {
        Side::White => 1,
        Side::Black => 2,
    }
}

impl TicTacToe {
    fn winner(&self) -> Option<Side> {
        for line in LINES {
            let [a, b, c] = line.map(|i| self.board[i]);
            if a != 0 && a == b && b == c {
                return Some(if a == 1 { Side::White } else { Side::Black });
            }
        }
        None
    }

    fn full(&self) -> bool {
        self.board.iter().all(|&c| c != 0)
    }
}

impl Rules for TicTacToe {
    type Move = Square;
    type FenError = BadFen;
    type MoveError = BadMove;

    fn startpos() -> Self {
        TicTacToe {
            board: [0; 9],
            side: Side::White,
            history: Vec::new(),
        }
    }

    /// Nine characters `x`, `o` or `.` (rows from the top), then `x` or `o`
    /// for the side to move.
    fn from_fen(fen: &str) -> Result<Self, BadFen> {
        let bad = || BadFen(fen.to_string());
        let parts: Vec<&str> = fen.split_whitespace().collect();
        let [cells, side] = parts.as_slice() else {
            return Err(bad());
        };
        if cells.len() != 9 {
            return Err(bad());
        }
        let mut board = [0u8; 9];
        for (i, c) in cells.chars().enumerate() {
            board[i] = match c {
                '.' => 0,
                'x' => 1,
                'o' => 2,
                _ => return Err(bad()),
            };
        }
        let side = match *side {
            "x" => Side::White,
            "o" => Side::Black,
            _ => return Err(bad()),
        };
        Ok(TicTacToe {
            board,
            side,
            history: Vec::new(),
        })
    }

    fn fen(&self) -> String {
        let cells: String = self
            .board
            .iter()
            .map(|&c| match c {
                1 => 'x',
                2 => 'o',
                _ => '.',
            })
            .collect();
        let side = if self.side == Side::White { "x" } else { "o" };
        format!("{cells} {side}")
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self, out: &mut Vec<Square>) {
        if self.winner().is_some() {
            return;
        }
        for (i, &c) in self.board.iter().enumerate() {
            if c == 0 {
                out.push(Square(i as u8 + 1));
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<Square, BadMove> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .find(|m| m.to_string() == text)
            .ok_or_else(|| BadMove(text.to_string()))
    }

    fn make(&mut self, mv: Square) {
        let i = mv.0 as usize - 1;
        self.board[i] = mark(self.side);
        self.history.push(i as u8);
        self.side = self.side.opponent();
    }

    fn unmake(&mut self) {
        if let Some(i) = self.history.pop() {
            self.board[i as usize] = 0;
            self.side = self.side.opponent();
        }
    }

    fn hash(&self) -> u64 {
        let mut h = self.side as u64;
        for &c in &self.board {
            h = h * 3 + c as u64;
        }
        super::mix(h)
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.winner() {
            Some(Outcome::win(w, super::WIN))
        } else if self.full() {
            Some(Outcome::draw(super::NO_MOVES))
        } else {
            None
        }
    }
}

impl Evaluation for TicTacToe {
    type Params = NoParams;
    type EvalState = ();

    /// Open lines weighted by how many marks they hold.
    fn evaluate(&self, _params: &NoParams, _state: &mut ()) -> Score {
        let us = mark(self.side);
        let mut score = 0;
        for line in LINES {
            let cells = line.map(|i| self.board[i]);
            let ours = cells.iter().filter(|&&c| c == us).count() as Score;
            let theirs = cells.iter().filter(|&&c| c != 0 && c != us).count() as Score;
            if theirs == 0 {
                score += ours * ours;
            } else if ours == 0 {
                score -= theirs * theirs;
            }
        }
        score
    }
}

impl Perft for TicTacToe {}

impl HistoryIndex for TicTacToe {
    const MOVE_INDEX_COUNT: usize = 10;

    fn move_index(&self, mv: Square) -> usize {
        mv.0 as usize
    }
}

impl Searchable for TicTacToe {
    fn search_outcome(&self, _plies_from_root: usize) -> Option<Outcome> {
        self.outcome()
    }

    fn no_moves_outcome(&self) -> Outcome {
        self.outcome().unwrap_or(Outcome::draw(super::NO_MOVES))
    }
}

impl Frontend for TicTacToe {
    const NAME: &'static str = "tictactoe";
    const BENCH_DEPTH: u32 = 9;

    fn display(&self) -> String {
        let fen = self.fen();
        let cells = &fen[..9];
        format!("{}\n{}\n{}\n", &cells[0..3], &cells[3..6], &cells[6..9])
    }

    fn bench_positions() -> &'static [&'static str] {
        &["......... x", "x...o.... x", "xo..x.... o"]
    }
}
