//! A deliberately simple second implementation of the 2016 rules, written
//! from `docs/leiserchess-2016-rules.md` alone: moves as small structs
//! written as text, every beam traced square by square, boards compared
//! whole, positions compared as FEN strings. Slow and obvious, for the
//! differential and perft tests. The plain 8 × 8 board, its FEN and the
//! square-by-square beam are those of the 2018 model in `tests/common`
//! (the two rule sets share them); the moves, the laser after a move, ko
//! and the ends of the game are the 2016 ones, here.

#![allow(dead_code)]

use crate::common::{on_board, Simple, SimpleHit, NEIGHBOURS};

/// A square as (file, rank), both `0..8`; rank 0 is Tangerine's side.
pub type Sq = (i32, i32);

/// The board: `grid[file][rank]`.
pub type Grid = [[Option<crate::common::Pc>; 8]; 8];

/// Rule 1.1: file letter, then rank digit `0`–`7`.
pub fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r)
}

/// What a move does (rule 3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// To a neighbouring square: a shift if it is empty, else a swap.
    Step(Sq),
    /// Quarter turns clockwise: 1 `R`, 2 `U`, 3 `L`.
    Turn(u8),
    Null,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MMove {
    pub from: Sq,
    pub what: What,
}

impl std::fmt::Display for MMove {
    /// Rule 7.1.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let to = match self.what {
            What::Step(to) => name(to),
            What::Turn(t) => ["", "R", "U", "L"][t as usize].to_string(),
            What::Null => name(self.from),
        };
        write!(f, "{}{to}", name(self.from))
    }
}

/// What a move's laser zapped: the pawns in order, and whose king.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Zaps {
    pub pawns: Vec<Sq>,
    /// `Some(true)` when Tangerine's king was zapped.
    pub king_white: Option<bool>,
}

/// The game: board and side to move, every board since setup, positions
/// as text, the no-zap count.
#[derive(Clone, Debug)]
pub struct Model {
    /// The board and the side to move (the 2018 model's rules unused).
    pub now: Simple,
    /// The board after every ply; `boards[0]` is the setup.
    pub boards: Vec<Grid>,
    /// The position (rule 5.5) after every ply, as FEN text.
    pub positions: Vec<String>,
    /// Plies since the last zap (rule 5.3).
    pub quiet_plies: u32,
    /// `Some(true)` once Tangerine's king is zapped.
    pub king_zapped_white: Option<bool>,
}

/// Rules 4.1 and 4.3: the king of `white` fires, and fires again after
/// each pawn it zaps, until a beam leaves the board or zaps a king.
fn fire(board: &mut Simple, white: bool) -> Zaps {
    let mut zaps = Zaps::default();
    loop {
        match board.beam(white, |_, _| {}) {
            SimpleHit::Off => return zaps,
            SimpleHit::King(f, r) => {
                zaps.king_white = board.at((f, r)).map(|p| p.white);
                return zaps;
            }
            SimpleHit::Pawn(f, r) => {
                board.board[f as usize][r as usize] = None;
                zaps.pawns.push((f, r));
            }
        }
    }
}

impl Model {
    pub fn from_fen(fen: &str) -> Model {
        let now = Simple::from_fen(fen);
        Model {
            boards: vec![now.board],
            positions: vec![now.fen()],
            now,
            quiet_plies: 0,
            king_zapped_white: None,
        }
    }

    pub fn fen(&self) -> String {
        self.now.fen()
    }

    pub fn white_to_move(&self) -> bool {
        self.now.white_to_move
    }

    /// Rule 3.4: the mover's pawns on the opposing king's beam, traced
    /// once over the board as it is.
    pub fn pinned(&self) -> Vec<Sq> {
        let white = self.now.white_to_move;
        let mut path = Vec::new();
        self.now.beam(!white, |s, _| path.push(s));
        path.retain(|&s| self.now.at(s).is_some_and(|p| !p.king && p.white == white));
        path
    }

    /// Rules 3.1 and 3.4, no ko.
    pub fn generate(&self) -> Vec<MMove> {
        let pinned = self.pinned();
        let mut out = Vec::new();
        for from in (0..64).map(|i| (i % 8, i / 8)) {
            let Some(pc) = self.now.at(from) else {
                continue;
            };
            if pc.white != self.now.white_to_move || pinned.contains(&from) {
                continue;
            }
            for t in 1..4 {
                out.push(MMove {
                    from,
                    what: What::Turn(t),
                });
            }
            for (df, dr) in NEIGHBOURS {
                let to = (from.0 + df, from.1 + dr);
                if on_board(to) {
                    out.push(MMove {
                        from,
                        what: What::Step(to),
                    });
                }
            }
            if pc.king {
                out.push(MMove {
                    from,
                    what: What::Null,
                });
            }
        }
        out
    }

    /// The board after `m` and its laser, and what it zapped.
    pub fn after(&self, m: MMove) -> (Simple, Zaps) {
        let mut next = self.now.clone();
        let grid = &mut next.board;
        let (f, r) = (m.from.0 as usize, m.from.1 as usize);
        let mut pc = grid[f][r].expect("a piece");
        match m.what {
            What::Step((tf, tr)) => {
                // Empty: the piece moves; occupied: the two trade places.
                grid[f][r] = grid[tf as usize][tr as usize];
                grid[tf as usize][tr as usize] = Some(pc);
            }
            What::Turn(t) => {
                pc.ori = (pc.ori + t) % 4;
                grid[f][r] = Some(pc);
            }
            What::Null => {}
        }
        let zaps = fire(&mut next, self.now.white_to_move);
        next.white_to_move = !next.white_to_move;
        (next, zaps)
    }

    /// Rule 6.1: the board after the move (no zap) may be neither the one
    /// before it nor, when known (6.2), the one before the opponent's move.
    pub fn is_ko(&self, m: MMove) -> bool {
        let (next, zaps) = self.after(m);
        if !zaps.pawns.is_empty() || zaps.king_white.is_some() {
            return false;
        }
        let n = self.boards.len();
        next.board == self.boards[n - 1] || (n >= 2 && next.board == self.boards[n - 2])
    }

    pub fn legal(&self) -> Vec<MMove> {
        if self.king_zapped_white.is_some() {
            return Vec::new();
        }
        self.generate()
            .into_iter()
            .filter(|&m| !self.is_ko(m))
            .collect()
    }

    /// The legal move written `text`.
    pub fn legal_move(&self, text: &str) -> MMove {
        *self
            .legal()
            .iter()
            .find(|m| m.to_string() == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.fen()))
    }

    pub fn play(&mut self, m: MMove) -> Zaps {
        let (next, zaps) = self.after(m);
        self.now = next;
        self.king_zapped_white = zaps.king_white;
        let zapped = !zaps.pawns.is_empty() || zaps.king_white.is_some();
        self.quiet_plies = if zapped { 0 } else { self.quiet_plies + 1 };
        self.boards.push(self.now.board);
        self.positions.push(self.now.fen());
        zaps
    }

    /// Rules 5.1–5.3: the winner (`Some(true)` Tangerine, `None` a draw)
    /// and the reason's code.
    pub fn outcome(&self) -> Option<(Option<bool>, &'static str)> {
        if let Some(white) = self.king_zapped_white {
            return Some((Some(!white), "king_zapped"));
        }
        if self.quiet_plies >= 200 {
            return Some((None, "no_zaps"));
        }
        let now = self.positions.last().expect("the setup");
        if self.positions.iter().filter(|p| *p == now).count() >= 3 {
            return Some((None, "repetition"));
        }
        None
    }

    /// Rules 8.1 and 8.2.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.generate();
        if depth == 1 {
            return moves.len() as u64;
        }
        let below = |m: MMove| {
            let mut next = self.clone();
            next.play(m);
            match next.king_zapped_white {
                Some(_) => 1,
                None => next.perft(depth - 1),
            }
        };
        moves.into_iter().map(below).sum()
    }
}
