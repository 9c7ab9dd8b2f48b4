//! A deliberately simple second implementation of the rules (plain 8 × 8
//! array, moves as strings, positions compared as FEN strings, everything
//! recomputed from scratch) for differential tests, plus test helpers.

#![allow(dead_code)]

use leiserchess::Leiserchess;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::{GameMove, Perft, Rules, Searchable};

/// A piece of the simple model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pc {
    pub white: bool,
    pub king: bool,
    /// 0..4 clockwise: kings NN EE SS WW, pawns NW NE SE SW.
    pub ori: u8,
}

const KING_NAMES: [&str; 4] = ["NN", "EE", "SS", "WW"];
const PAWN_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];

/// Step vectors of the eight neighbours.
pub const NEIGHBOURS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Beam travel directions N, E, S, W as vectors.
pub const BEAM: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// Rule 4.4 written out by name: (travelling, pawn, result).
pub const RULE_4_4: [(&str, &str, &str); 16] = [
    ("north", "NW", "zap"),
    ("north", "NE", "zap"),
    ("north", "SE", "east"),
    ("north", "SW", "west"),
    ("east", "NW", "north"),
    ("east", "NE", "zap"),
    ("east", "SE", "zap"),
    ("east", "SW", "south"),
    ("south", "NW", "west"),
    ("south", "NE", "east"),
    ("south", "SE", "zap"),
    ("south", "SW", "zap"),
    ("west", "NW", "zap"),
    ("west", "NE", "north"),
    ("west", "SE", "south"),
    ("west", "SW", "zap"),
];

pub const DIR_NAMES: [&str; 4] = ["north", "east", "south", "west"];

/// The rule-4.4 result for a beam travelling `dir` into a pawn `ori`.
pub fn reflect(dir: usize, ori: u8) -> Option<usize> {
    let (_, _, result) = RULE_4_4
        .iter()
        .find(|(t, p, _)| *t == DIR_NAMES[dir] && *p == PAWN_NAMES[ori as usize])
        .expect("table is complete");
    DIR_NAMES.iter().position(|n| n == result)
}

/// What a beam did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimpleHit {
    Off,
    Pawn(i32, i32),
    King(i32, i32),
}

/// A move of the simple model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SMove {
    pub from: (i32, i32),
    pub swap: Option<(i32, i32)>,
    pub to: Option<(i32, i32)>,
    /// Quarter turns clockwise (1 R, 2 U, 3 L).
    pub turn: u8,
}

pub fn sq_name((f, r): (i32, i32)) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r)
}

impl std::fmt::Display for SMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", sq_name(self.from))?;
        if let Some(s) = self.swap {
            write!(f, "{}", sq_name(s))?;
        }
        match self.to {
            Some(t) => write!(f, "{}", sq_name(t)),
            None => write!(f, "{}", ["", "R", "U", "L"][self.turn as usize]),
        }
    }
}

/// The simple game: board, side, history of position keys.
#[derive(Clone, Debug)]
pub struct Simple {
    /// `board[file][rank]`.
    pub board: [[Option<Pc>; 8]; 8],
    pub white_to_move: bool,
    /// Position keys (FEN) since setup, current last.
    pub history: Vec<String>,
    /// Plies since the last pawn zap.
    pub clock: u32,
    /// `Some(true)` if White's king was zapped, `Some(false)` Black's.
    pub zapped_white: Option<bool>,
    pub last_hit: Option<SimpleHit>,
}

pub fn on_board((f, r): (i32, i32)) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

impl Simple {
    pub fn from_fen(fen: &str) -> Simple {
        let mut parts = fen.split_whitespace();
        let placement = parts.next().unwrap();
        let side = parts.next().unwrap();
        let mut board = [[None; 8]; 8];
        for (i, row) in placement.split('/').enumerate() {
            let r = 7 - i as i32;
            let mut f = 0;
            let chars: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                if let Some(n) = chars[j].to_digit(10) {
                    f += n as i32;
                    j += 1;
                    continue;
                }
                let code: String = chars[j..j + 2].iter().collect();
                let white = code.chars().all(|c| c.is_ascii_uppercase());
                let up = code.to_ascii_uppercase();
                let pc = if let Some(o) = KING_NAMES.iter().position(|n| *n == up) {
                    Pc {
                        white,
                        king: true,
                        ori: o as u8,
                    }
                } else {
                    let o = PAWN_NAMES.iter().position(|n| *n == up).unwrap();
                    Pc {
                        white,
                        king: false,
                        ori: o as u8,
                    }
                };
                board[f as usize][r as usize] = Some(pc);
                f += 1;
                j += 2;
            }
        }
        let mut s = Simple {
            board,
            white_to_move: side == "W",
            history: Vec::new(),
            clock: 0,
            zapped_white: None,
            last_hit: None,
        };
        s.history.push(s.key());
        s
    }

    pub fn at(&self, (f, r): (i32, i32)) -> Option<Pc> {
        if on_board((f, r)) {
            self.board[f as usize][r as usize]
        } else {
            None
        }
    }

    fn put(&mut self, (f, r): (i32, i32), p: Option<Pc>) {
        self.board[f as usize][r as usize] = p;
    }

    pub fn fen(&self) -> String {
        let mut out = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match self.board[f][r] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        let name = if p.king {
                            KING_NAMES[p.ori as usize]
                        } else {
                            PAWN_NAMES[p.ori as usize]
                        };
                        if p.white {
                            out += name;
                        } else {
                            out += &name.to_lowercase();
                        }
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
        out + if self.white_to_move { " W" } else { " B" }
    }

    /// Position identity for ko and repetition (rule 5.3a); a zapped king
    /// counts as removed.
    pub fn key(&self) -> String {
        match self.zapped_white {
            None => self.fen(),
            Some(w) => format!("{} zapped {w}", self.fen()),
        }
    }

    pub fn king_of(&self, white: bool) -> (i32, i32) {
        for f in 0..8 {
            for r in 0..8 {
                if let Some(p) = self.board[f as usize][r as usize] {
                    if p.king && p.white == white {
                        return (f, r);
                    }
                }
            }
        }
        panic!("no king");
    }

    /// Every move of `white`'s pieces (rule 3), ko not applied.
    pub fn moves_for(&self, white: bool) -> Vec<SMove> {
        let mut out = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                let a = (f, r);
                let Some(p) = self.at(a) else { continue };
                if p.white != white {
                    continue;
                }
                for turn in 1..=3 {
                    out.push(SMove {
                        from: a,
                        swap: None,
                        to: None,
                        turn,
                    });
                }
                for (df, dr) in NEIGHBOURS {
                    let t = (f + df, r + dr);
                    if on_board(t) && self.at(t).is_none() {
                        out.push(SMove {
                            from: a,
                            swap: None,
                            to: Some(t),
                            turn: 0,
                        });
                    }
                }
                for (df, dr) in NEIGHBOURS {
                    let b = (f + df, r + dr);
                    let Some(q) = self.at(b) else { continue };
                    if q.white == white {
                        continue; // rule 3.3: never with an own piece
                    }
                    for turn in 1..=3 {
                        out.push(SMove {
                            from: a,
                            swap: Some(b),
                            to: None,
                            turn,
                        });
                    }
                    // After the swap, a holds q and b holds p.
                    let mut after = self.clone();
                    after.put(a, Some(q));
                    after.put(b, Some(p));
                    for (ef, er) in NEIGHBOURS {
                        let t = (b.0 + ef, b.1 + er);
                        if on_board(t) && after.at(t).is_none() {
                            out.push(SMove {
                                from: a,
                                swap: Some(b),
                                to: Some(t),
                                turn: 0,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// Moves the pieces of `m` (no laser).
    pub fn move_pieces(&mut self, m: &SMove) {
        let mut p = self.at(m.from).unwrap();
        let mut at = m.from;
        if let Some(b) = m.swap {
            let q = self.at(b);
            self.put(m.from, q);
            self.put(b, Some(p));
            at = b;
        }
        match m.to {
            Some(t) => {
                self.put(at, None);
                self.put(t, Some(p));
            }
            None => {
                p.ori = (p.ori + m.turn) % 4;
                self.put(at, Some(p));
            }
        }
    }

    /// Walks `white`'s beam, calling `visit(square, travel dir)` on each
    /// square entered, and returns where it ended.
    pub fn beam(&self, white: bool, mut visit: impl FnMut((i32, i32), usize)) -> SimpleHit {
        let mut at = self.king_of(white);
        let mut dir = self.at(at).unwrap().ori as usize;
        loop {
            at = (at.0 + BEAM[dir].0, at.1 + BEAM[dir].1);
            if !on_board(at) {
                return SimpleHit::Off;
            }
            visit(at, dir);
            match self.at(at) {
                None => {}
                Some(p) if p.king => return SimpleHit::King(at.0, at.1),
                Some(p) => match reflect(dir, p.ori) {
                    None => return SimpleHit::Pawn(at.0, at.1),
                    Some(d) => dir = d,
                },
            }
        }
    }

    /// Plays a move: pieces, laser, zap, clock, history.
    pub fn play(&mut self, m: &SMove) {
        let white = self.white_to_move;
        self.move_pieces(m);
        let hit = self.beam(white, |_, _| {});
        self.last_hit = Some(hit);
        self.clock += 1;
        match hit {
            SimpleHit::Off => {}
            SimpleHit::Pawn(f, r) => {
                self.put((f, r), None);
                self.clock = 0;
            }
            SimpleHit::King(f, r) => {
                self.zapped_white = Some(self.at((f, r)).unwrap().white);
            }
        }
        self.white_to_move = !white;
        self.history.push(self.key());
    }

    /// Legal moves: rule 3 plus ko (rule 6); none after a king zap.
    pub fn legal(&self) -> Vec<SMove> {
        if self.zapped_white.is_some() {
            return Vec::new();
        }
        let ko = if self.history.len() >= 2 {
            Some(self.history[self.history.len() - 2].clone())
        } else {
            None
        };
        self.moves_for(self.white_to_move)
            .into_iter()
            .filter(|m| {
                let Some(ko) = &ko else { return true };
                let mut next = self.clone();
                next.play(m);
                next.key() != *ko
            })
            .collect()
    }

    /// Rule 5: (winner is White?, reason) or None.
    pub fn outcome(&self) -> Option<(Option<bool>, &'static str)> {
        if let Some(w) = self.zapped_white {
            return Some((Some(!w), "king zapped"));
        }
        // Rule 5.2: 200 plies without a zap.
        if self.clock >= 200 {
            return Some((None, "no zaps"));
        }
        // Rule 5.3: the third occurrence.
        let now = self.history.last().unwrap();
        let earlier = self.history[..self.history.len() - 1]
            .iter()
            .filter(|k| *k == now)
            .count();
        if earlier >= 2 {
            return Some((None, "repetition"));
        }
        None
    }

    /// The legal count (`perft N legal`): ko applied.
    pub fn perft(&self, depth: u32) -> u64 {
        self.count(depth, &|s: &Simple| s.legal())
    }

    /// MIT's count (rule 8.3): every move of rule 3, ko not applied.
    pub fn perft_generated(&self, depth: u32) -> u64 {
        self.count(depth, &|s: &Simple| s.moves_for(s.white_to_move))
    }

    fn count(&self, depth: u32, moves_of: &dyn Fn(&Simple) -> Vec<SMove>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = moves_of(self);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                if next.zapped_white.is_some() {
                    1
                } else {
                    next.count(depth - 1, moves_of)
                }
            })
            .sum()
    }
}

/// Builds a FEN from `(square, code)` pairs and the side to move.
pub fn fen_of(pieces: &[(&str, &str)], side: char) -> String {
    let mut grid = vec![vec![String::new(); 8]; 8];
    for (sq, code) in pieces {
        let b = sq.as_bytes();
        let f = (b[0] - b'a') as usize;
        let r = (b[1] - b'0') as usize;
        grid[r][f] = code.to_string();
    }
    let mut out = String::new();
    for r in (0..8).rev() {
        let mut empty = 0;
        for cell in &grid[r] {
            if cell.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                out += cell;
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if r > 0 {
            out.push('/');
        }
    }
    format!("{out} {side}")
}

/// A rules-valid position (rule 7.2) with both kings and `pawns` pawns of
/// random colours and orientations on random squares.
pub fn random_position(rng: &mut ChaCha8Rng, pawns: usize) -> String {
    random_board(rng, pawns, |_, rng| rng.gen())
}

/// Like [`random_position`] with `pawns_a_side` pawns of each colour.
pub fn random_position_balanced(rng: &mut ChaCha8Rng, pawns_a_side: usize) -> String {
    random_board(rng, 2 * pawns_a_side, |i, _| i % 2 == 0)
}

/// Both kings and `pawns` pawns on random squares in random orientations,
/// pawn `i` Tangerine's when `tangerine(i, rng)`; a random side to move.
fn random_board(
    rng: &mut ChaCha8Rng,
    pawns: usize,
    mut tangerine: impl FnMut(usize, &mut ChaCha8Rng) -> bool,
) -> String {
    let mut squares: Vec<String> = (0..64)
        .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8))
        .collect();
    squares.shuffle(rng);
    let kings = ["NN", "EE", "SS", "WW"];
    let pawn_codes = ["NW", "NE", "SE", "SW"];
    let mut pieces = vec![
        (squares[0].clone(), kings[rng.gen_range(0..4)].to_string()),
        (
            squares[1].clone(),
            kings[rng.gen_range(0..4)].to_lowercase(),
        ),
    ];
    for (i, sq) in squares[2..2 + pawns].iter().enumerate() {
        let code = pawn_codes[rng.gen_range(0..4)];
        let code = if tangerine(i, rng) {
            code.to_string()
        } else {
            code.to_lowercase()
        };
        pieces.push((sq.clone(), code));
    }
    let refs: Vec<(&str, &str)> = pieces
        .iter()
        .map(|(s, c)| (s.as_str(), c.as_str()))
        .collect();
    fen_of(&refs, if rng.gen() { 'W' } else { 'B' })
}

/// Plays a random legal move drawn from `rng`; false when there was none
/// or the move ended the game.
pub fn play_random(game: &mut Leiserchess, rng: &mut ChaCha8Rng) -> bool {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let Some(&mv) = moves.choose(rng) else {
        return false;
    };
    game.make(mv);
    game.outcome().is_none()
}

/// `n` positions from random games (up to 60 plies each, seeded by
/// `seed`), none of them over.
pub fn random_game_positions(seed: u64, n: usize) -> Vec<Leiserchess> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut g = Leiserchess::startpos();
        for _ in 0..60 {
            if !play_random(&mut g, &mut rng) {
                break;
            }
            out.push(g.clone());
        }
    }
    out
}

/// Every move perft counts in `games` packs to a distinct non-zero `u16`
/// and has a distinct dense index below `MOVE_INDEX_COUNT` (either rule
/// set).
pub fn assert_moves_pack_uniquely<G: Searchable + Perft>(games: impl IntoIterator<Item = G>) {
    for g in games {
        let mut moves = Vec::new();
        g.perft_moves(&mut moves);
        let mut packed = std::collections::HashSet::new();
        let mut index = std::collections::HashSet::new();
        for mv in moves {
            assert_ne!(mv.to_u16(), 0);
            assert!(packed.insert(mv.to_u16()), "{mv} in {}", g.fen());
            let i = g.move_index(mv);
            assert!(i < G::MOVE_INDEX_COUNT);
            assert!(index.insert(i), "{mv} in {}", g.fen());
        }
    }
}

/// The search's null move passes the turn and comes back exactly, and is
/// not allowed twice in a row (`g` must allow it).
pub fn assert_null_move_round_trips<G: Searchable>(mut g: G) {
    assert!(g.null_move_allowed());
    let (fen, hash, side) = (g.fen(), g.hash(), g.side_to_move());
    g.make_null();
    assert_eq!(g.side_to_move(), side.opponent());
    assert_ne!(g.hash(), hash);
    assert!(!g.null_move_allowed(), "no two null moves in a row");
    g.unmake_null();
    assert_eq!((g.fen(), g.hash()), (fen, hash));
}

/// The legal moves of `g` and the set of its noisy moves.
pub fn legal_and_noisy<G: Searchable>(g: &G) -> (Vec<G::Move>, std::collections::HashSet<G::Move>)
where
    G::Move: std::hash::Hash,
{
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    let mut noisy = Vec::new();
    let mut keys = Vec::new();
    g.noisy_moves(&mut noisy, &mut keys);
    // The keys found on the way are the ones the move picker would ask for.
    let asked: Vec<_> = noisy.iter().map(|&mv| g.noisy_key(mv)).collect();
    assert_eq!(keys.into_iter().map(Some).collect::<Vec<_>>(), asked);
    (legal, noisy.into_iter().collect())
}
