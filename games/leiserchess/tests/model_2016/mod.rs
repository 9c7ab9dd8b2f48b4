//! A deliberately simple second implementation of the 2016 rules, written
//! from `docs/leiserchess-2016-rules.md` alone: a plain 8 × 8 array, moves
//! as small structs written as text, every beam traced square by square,
//! boards compared whole, positions compared as FEN strings. Slow and
//! obvious, for the differential and perft tests.

#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A piece: colour, king or pawn, orientation `0..4` clockwise (kings
/// NN EE SS WW, pawns NW NE SE SW; rules 2.1 and 2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pc {
    pub white: bool,
    pub king: bool,
    pub ori: u8,
}

const KING_NAMES: [&str; 4] = ["NN", "EE", "SS", "WW"];
const PAWN_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];

/// A square as (file, rank), both `0..8`; rank 0 is Tangerine's side.
pub type Sq = (i32, i32);

/// The eight neighbours' offsets.
const AROUND: [Sq; 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Beam travel north, east, south, west (rule 2.1: north is towards
/// rank 7, east towards file h).
const TRAVEL: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// Rule 4.5, row by row (travelling north, east, south, west), column by
/// column (pawn NW, NE, SE, SW): the new travel direction, `None` when the
/// beam strikes the back.
const MIRROR: [[Option<usize>; 4]; 4] = [
    [None, None, Some(1), Some(3)],
    [Some(0), None, None, Some(2)],
    [Some(3), Some(1), None, None],
    [None, Some(0), Some(2), None],
];

pub type Grid = [[Option<Pc>; 8]; 8];

pub fn on_board((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

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
        match self.what {
            What::Step(to) => write!(f, "{}{}", name(self.from), name(to)),
            What::Turn(t) => write!(f, "{}{}", name(self.from), ["", "R", "U", "L"][t as usize]),
            What::Null => write!(f, "{}{}", name(self.from), name(self.from)),
        }
    }
}

/// How a beam ended (rule 4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Off,
    Pawn(Sq),
    King(Sq),
}

/// What a move's laser zapped: the pawns in order, and whose king.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Zaps {
    pub pawns: Vec<Sq>,
    /// `Some(true)` when Tangerine's king was zapped.
    pub king_white: Option<bool>,
}

/// The game: board, side to move, every board since setup, positions as
/// text, the no-zap count.
#[derive(Clone, Debug)]
pub struct Model {
    /// `grid[file][rank]`.
    pub grid: Grid,
    pub white_to_move: bool,
    /// The board after every ply; `boards[0]` is the setup.
    pub boards: Vec<Grid>,
    /// The position (rule 5.5) after every ply, as FEN text.
    pub positions: Vec<String>,
    /// Plies since the last zap (rule 5.3).
    pub quiet_plies: u32,
    /// `Some(true)` once Tangerine's king is zapped.
    pub king_zapped_white: Option<bool>,
}

/// Parses a FEN (rule 7.2); panics on malformed text (tests only).
fn parse_grid(placement: &str) -> Grid {
    let mut grid = [[None; 8]; 8];
    for (i, row) in placement.split('/').enumerate() {
        let r = 7 - i as i32;
        let chars: Vec<char> = row.chars().collect();
        let (mut f, mut j) = (0, 0);
        while j < chars.len() {
            if let Some(n) = chars[j].to_digit(10) {
                f += n as i32;
                j += 1;
                continue;
            }
            let code: String = chars[j..j + 2].iter().collect();
            let upper = code.to_ascii_uppercase();
            let white = code == upper;
            let pc = match KING_NAMES.iter().position(|n| *n == upper) {
                Some(o) => Pc {
                    white,
                    king: true,
                    ori: o as u8,
                },
                None => {
                    let o = PAWN_NAMES.iter().position(|n| *n == upper).unwrap();
                    Pc {
                        white,
                        king: false,
                        ori: o as u8,
                    }
                }
            };
            grid[f as usize][r as usize] = Some(pc);
            f += 1;
            j += 2;
        }
    }
    grid
}

fn grid_fen(grid: &Grid) -> String {
    let mut out = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for column in grid {
            match column[r] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    let n = if p.king { KING_NAMES } else { PAWN_NAMES }[p.ori as usize];
                    out += &if p.white {
                        n.to_string()
                    } else {
                        n.to_lowercase()
                    };
                }
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if r > 0 {
            out.push('/');
        }
    }
    out
}

fn at(grid: &Grid, (f, r): Sq) -> Option<Pc> {
    on_board((f, r))
        .then(|| grid[f as usize][r as usize])
        .flatten()
}

fn put(grid: &mut Grid, (f, r): Sq, p: Option<Pc>) {
    grid[f as usize][r as usize] = p;
}

fn king_of(grid: &Grid, white: bool) -> Sq {
    (0..64)
        .map(|i| (i % 8, i / 8))
        .find(|&s| at(grid, s).is_some_and(|p| p.king && p.white == white))
        .expect("a king")
}

/// One beam (rule 4.2) from the king on `from`: the squares it enters in
/// order, the one it stops on included, and how it ended.
pub fn trace(grid: &Grid, from: Sq) -> (Vec<Sq>, End) {
    let mut dir = at(grid, from).unwrap().ori as usize;
    let mut path = Vec::new();
    let mut p = from;
    loop {
        p = (p.0 + TRAVEL[dir].0, p.1 + TRAVEL[dir].1);
        if !on_board(p) {
            return (path, End::Off);
        }
        path.push(p);
        match at(grid, p) {
            None => {}
            Some(pc) if pc.king => return (path, End::King(p)),
            Some(pc) => match MIRROR[dir][pc.ori as usize] {
                Some(turned) => dir = turned,
                None => return (path, End::Pawn(p)),
            },
        }
    }
}

/// Rules 4.1 and 4.3: the king of `white` fires, and fires again after
/// each pawn it zaps, until a beam leaves the board or zaps a king.
pub fn fire(grid: &mut Grid, white: bool) -> Zaps {
    let king = king_of(grid, white);
    let mut zaps = Zaps::default();
    loop {
        match trace(grid, king).1 {
            End::Off => return zaps,
            End::King(s) => {
                zaps.king_white = Some(at(grid, s).unwrap().white);
                return zaps;
            }
            End::Pawn(s) => {
                put(grid, s, None);
                zaps.pawns.push(s);
            }
        }
    }
}

impl Model {
    pub fn from_fen(fen: &str) -> Model {
        let mut fields = fen.split_whitespace();
        let grid = parse_grid(fields.next().unwrap());
        let white_to_move = fields.next().unwrap().eq_ignore_ascii_case("w");
        let mut m = Model {
            grid,
            white_to_move,
            boards: vec![grid],
            positions: Vec::new(),
            quiet_plies: 0,
            king_zapped_white: None,
        };
        m.positions.push(m.fen());
        m
    }

    pub fn fen(&self) -> String {
        format!(
            "{} {}",
            grid_fen(&self.grid),
            if self.white_to_move { 'W' } else { 'B' }
        )
    }

    /// Rule 3.4: the mover's pawns on the opposing king's beam.
    pub fn pinned(&self) -> Vec<Sq> {
        let enemy = king_of(&self.grid, !self.white_to_move);
        let (path, _) = trace(&self.grid, enemy);
        path.into_iter()
            .filter(|&s| {
                at(&self.grid, s).is_some_and(|p| !p.king && p.white == self.white_to_move)
            })
            .collect()
    }

    /// Rules 3.1 and 3.4, no ko.
    pub fn generate(&self) -> Vec<MMove> {
        let pinned = self.pinned();
        let mut out = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                let from = (f, r);
                let Some(pc) = at(&self.grid, from) else {
                    continue;
                };
                if pc.white != self.white_to_move || pinned.contains(&from) {
                    continue;
                }
                for t in 1..4 {
                    out.push(MMove {
                        from,
                        what: What::Turn(t),
                    });
                }
                for (df, dr) in AROUND {
                    let to = (f + df, r + dr);
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
        }
        out
    }

    /// The board after `m` and its laser, and what it zapped.
    pub fn after(&self, m: MMove) -> (Grid, Zaps) {
        let mut grid = self.grid;
        let mut pc = at(&grid, m.from).unwrap();
        match m.what {
            What::Step(to) => {
                // Empty: the piece moves; occupied: the two trade places.
                let other = at(&grid, to);
                put(&mut grid, m.from, other);
                put(&mut grid, to, Some(pc));
            }
            What::Turn(t) => {
                pc.ori = (pc.ori + t) % 4;
                put(&mut grid, m.from, Some(pc));
            }
            What::Null => {}
        }
        let zaps = fire(&mut grid, self.white_to_move);
        (grid, zaps)
    }

    /// Rule 6.1: the board after the move (no zap) may be neither the one
    /// before it nor, when known (6.2), the one before the opponent's move.
    pub fn is_ko(&self, m: MMove) -> bool {
        let (grid, zaps) = self.after(m);
        if !zaps.pawns.is_empty() || zaps.king_white.is_some() {
            return false;
        }
        let n = self.boards.len();
        grid == self.boards[n - 1] || (n >= 2 && grid == self.boards[n - 2])
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

    pub fn play(&mut self, m: MMove) -> Zaps {
        let (grid, zaps) = self.after(m);
        self.grid = grid;
        self.king_zapped_white = zaps.king_white;
        let zapped = !zaps.pawns.is_empty() || zaps.king_white.is_some();
        self.quiet_plies = if zapped { 0 } else { self.quiet_plies + 1 };
        self.white_to_move = !self.white_to_move;
        self.boards.push(grid);
        self.positions.push(self.fen());
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
        let now = self.positions.last().unwrap();
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
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                if next.king_zapped_white.is_some() {
                    1
                } else {
                    next.perft(depth - 1)
                }
            })
            .sum()
    }
}

/// A FEN with both kings and `pawns` pawns of random colours and
/// orientations on random squares, and a random side to move.
pub fn random_position(rng: &mut ChaCha8Rng, pawns: usize) -> String {
    let mut squares: Vec<Sq> = (0..64).map(|i| (i % 8, i / 8)).collect();
    squares.shuffle(rng);
    let mut grid: Grid = [[None; 8]; 8];
    for (i, &s) in squares.iter().take(pawns + 2).enumerate() {
        let pc = Pc {
            white: if i < 2 { i == 0 } else { rng.gen() },
            king: i < 2,
            ori: rng.gen_range(0..4),
        };
        put(&mut grid, s, Some(pc));
    }
    let side = if rng.gen() { 'W' } else { 'B' };
    format!("{} {side}", grid_fen(&grid))
}
