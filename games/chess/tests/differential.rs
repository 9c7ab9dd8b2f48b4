//! Differential test: on thousands of positions reached by random play, the
//! legal moves of the crate equal those of a deliberately simple
//! generate-then-filter implementation written here (an 8×8 array, ray
//! walking, and "play the move, is my king attacked?").

use chess::{Chess, Position};
use rand::seq::SliceRandom;
use rand::SeedableRng;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct P {
    white: bool,
    kind: char, // p n b r q k
}

#[derive(Clone)]
struct Simple {
    board: [Option<P>; 64],
    white_to_move: bool,
    // K Q k q
    castle: [bool; 4],
    ep: Option<usize>,
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

impl Simple {
    fn from_fen(fen: &str) -> Simple {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [None; 64];
        for (i, rank) in fields[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                } else {
                    board[r * 8 + f] = Some(P {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_lowercase(),
                    });
                    f += 1;
                }
            }
        }
        let castle = ['K', 'Q', 'k', 'q'].map(|c| fields[2].contains(c));
        let ep = (fields[3] != "-").then(|| {
            let b = fields[3].as_bytes();
            ((b[1] - b'1') * 8 + (b[0] - b'a')) as usize
        });
        Simple {
            board,
            white_to_move: fields[1] == "w",
            castle,
            ep,
        }
    }

    /// Is `sq` attacked by the side `by_white`? Walks every direction.
    fn attacked(&self, sq: usize, by_white: bool) -> bool {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let enemy = |s: usize, kinds: &str| {
            self.board[s].is_some_and(|p| p.white == by_white && kinds.contains(p.kind))
        };
        for (df, dr) in [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ] {
            if at(f + df, r + dr).is_some_and(|s| enemy(s, "n")) {
                return true;
            }
        }
        for df in -1..=1 {
            for dr in -1..=1 {
                if (df, dr) != (0, 0) && at(f + df, r + dr).is_some_and(|s| enemy(s, "k")) {
                    return true;
                }
            }
        }
        // A white pawn attacks upwards, so it stands one rank below.
        let pawn_rank = if by_white { r - 1 } else { r + 1 };
        for df in [-1, 1] {
            if at(f + df, pawn_rank).is_some_and(|s| enemy(s, "p")) {
                return true;
            }
        }
        for (df, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let kinds = if df == 0 || dr == 0 { "rq" } else { "bq" };
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(s) = at(x, y) {
                if let Some(_p) = self.board[s] {
                    if enemy(s, kinds) {
                        return true;
                    }
                    break;
                }
                x += df;
                y += dr;
            }
        }
        false
    }

    fn king(&self, white: bool) -> usize {
        (0..64)
            .find(|&s| self.board[s] == Some(P { white, kind: 'k' }))
            .expect("king on board")
    }

    /// Pseudo-legal moves as (from, to, promotion).
    fn pseudo(&self) -> Vec<(usize, usize, Option<char>)> {
        let us = self.white_to_move;
        let mut out = Vec::new();
        for from in 0..64 {
            let Some(p) = self.board[from] else { continue };
            if p.white != us {
                continue;
            }
            let (f, r) = ((from % 8) as i32, (from / 8) as i32);
            let add = |to: usize, out: &mut Vec<_>| {
                if p.kind == 'p' && (to / 8 == 7 || to / 8 == 0) {
                    for promo in ['q', 'r', 'b', 'n'] {
                        out.push((from, to, Some(promo)));
                    }
                } else {
                    out.push((from, to, None));
                }
            };
            let free_or_enemy = |s: usize| self.board[s].is_none_or(|q| q.white != us);
            match p.kind {
                'p' => {
                    let dir = if us { 1 } else { -1 };
                    if let Some(one) = at(f, r + dir).filter(|&s| self.board[s].is_none()) {
                        add(one, &mut out);
                        let start = if us { 1 } else { 6 };
                        if r == start {
                            if let Some(two) =
                                at(f, r + 2 * dir).filter(|&s| self.board[s].is_none())
                            {
                                add(two, &mut out);
                            }
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(t) = at(f + df, r + dir) {
                            let capture = self.board[t].is_some_and(|q| q.white != us);
                            if capture || self.ep == Some(t) {
                                add(t, &mut out);
                            }
                        }
                    }
                }
                'n' | 'k' => {
                    let deltas: &[(i32, i32)] = if p.kind == 'n' {
                        &[
                            (1, 2),
                            (2, 1),
                            (2, -1),
                            (1, -2),
                            (-1, -2),
                            (-2, -1),
                            (-2, 1),
                            (-1, 2),
                        ]
                    } else {
                        &[
                            (1, 0),
                            (1, 1),
                            (0, 1),
                            (-1, 1),
                            (-1, 0),
                            (-1, -1),
                            (0, -1),
                            (1, -1),
                        ]
                    };
                    for &(df, dr) in deltas {
                        if let Some(t) = at(f + df, r + dr).filter(|&t| free_or_enemy(t)) {
                            add(t, &mut out);
                        }
                    }
                }
                _ => {
                    let dirs: &[(i32, i32)] = match p.kind {
                        'b' => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
                        'r' => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
                        _ => &[
                            (1, 0),
                            (-1, 0),
                            (0, 1),
                            (0, -1),
                            (1, 1),
                            (1, -1),
                            (-1, 1),
                            (-1, -1),
                        ],
                    };
                    for &(df, dr) in dirs {
                        let (mut x, mut y) = (f + df, r + dr);
                        while let Some(t) = at(x, y) {
                            if self.board[t].is_some_and(|q| q.white == us) {
                                break;
                            }
                            add(t, &mut out);
                            if self.board[t].is_some() {
                                break;
                            }
                            x += df;
                            y += dr;
                        }
                    }
                }
            }
        }
        // Castling: rights, empty path, king not in, through or into check.
        let (rank, rights) = if us { (0, [0, 1]) } else { (56, [2, 3]) };
        let king_home = rank + 4;
        if self.board[king_home]
            == Some(P {
                white: us,
                kind: 'k',
            })
            && !self.attacked(king_home, !us)
        {
            if self.castle[rights[0]]
                && [rank + 5, rank + 6]
                    .iter()
                    .all(|&s| self.board[s].is_none())
                && [rank + 5, rank + 6].iter().all(|&s| !self.attacked(s, !us))
            {
                out.push((king_home, rank + 6, None));
            }
            if self.castle[rights[1]]
                && [rank + 1, rank + 2, rank + 3]
                    .iter()
                    .all(|&s| self.board[s].is_none())
                && [rank + 3, rank + 2].iter().all(|&s| !self.attacked(s, !us))
            {
                out.push((king_home, rank + 2, None));
            }
        }
        out
    }

    fn play(&mut self, (from, to, promo): (usize, usize, Option<char>)) {
        let p = self.board[from].expect("piece to move");
        let us = p.white;
        // En passant removes the pawn beside the target.
        if p.kind == 'p' && Some(to) == self.ep && self.board[to].is_none() {
            let victim = if us { to - 8 } else { to + 8 };
            self.board[victim] = None;
        }
        // Castling moves the rook too.
        if p.kind == 'k' && from.abs_diff(to) == 2 {
            let (rook_from, rook_to) = if to > from {
                (to + 1, to - 1)
            } else {
                (to - 2, to + 1)
            };
            self.board[rook_to] = self.board[rook_from].take();
        }
        self.board[to] = Some(match promo {
            Some(kind) => P { white: us, kind },
            None => p,
        });
        self.board[from] = None;
        self.ep = (p.kind == 'p' && from.abs_diff(to) == 16).then(|| (from + to) / 2);
        for (i, sq) in [(0, 7), (1, 0), (2, 63), (3, 56)] {
            if from == sq || to == sq {
                self.castle[i] = false;
            }
        }
        if from == 4 || to == 4 {
            self.castle[0] = false;
            self.castle[1] = false;
        }
        if from == 60 || to == 60 {
            self.castle[2] = false;
            self.castle[3] = false;
        }
        self.white_to_move = !us;
    }

    fn legal_uci(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .pseudo()
            .into_iter()
            .filter(|&m| {
                let mut next = self.clone();
                next.play(m);
                !next.attacked(next.king(self.white_to_move), !self.white_to_move)
            })
            .map(|(from, to, promo)| {
                let mut s = format!("{}{}", name(from), name(to));
                if let Some(c) = promo {
                    s.push(c);
                }
                s
            })
            .collect();
        out.sort();
        out
    }

    fn board_fen(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match self.board[r * 8 + f] {
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(if p.white {
                            p.kind.to_ascii_uppercase()
                        } else {
                            p.kind
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r > 0 {
                s.push('/');
            }
        }
        s
    }
}

fn crate_legal_uci(pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = chess::legal_moves(pos)
        .iter()
        .map(|m| m.to_string())
        .collect();
    out.sort();
    out
}

/// A move in the simple implementation's terms: from, to, promotion.
fn simple_move(mv: chess::Move) -> (usize, usize, Option<char>) {
    let b = mv.to_string().into_bytes();
    let sq = |i: usize| ((b[i + 1] - b'1') * 8 + (b[i] - b'a')) as usize;
    (sq(0), sq(2), (b.len() == 5).then(|| b[4] as char))
}

/// `Position::gives_check` of every legal move equals the simple
/// implementation's "play it, is the other king attacked?".
fn assert_gives_check_matches_simple(pos: &Position, simple: &Simple) {
    for mv in chess::legal_moves(pos) {
        let mut after = simple.clone();
        after.play(simple_move(mv));
        let expected = after.attacked(after.king(after.white_to_move), !after.white_to_move);
        assert_eq!(pos.gives_check(mv), expected, "{mv} in {}", pos.fen());
    }
}

const STARTS: [&str; 7] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // En passant pinned along the rank, and a promotion race.
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    "4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 1",
];

#[test]
fn legal_moves_equal_simple_generate_then_filter_on_random_games() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let mut coin = rand::rngs::StdRng::seed_from_u64(17);
    let mut positions = 0;
    let mut ep_moves = 0;
    let mut castles = 0;
    let mut promotions = 0;
    for game in 0..400 {
        let fen = STARTS[game % STARTS.len()];
        let mut simple = Simple::from_fen(fen);
        let mut chess = Chess::from_fen(fen).expect("start FEN");
        for _ply in 0..160 {
            let pos = *chess.position();
            let expected = simple.legal_uci();
            let actual = crate_legal_uci(&pos);
            assert_eq!(actual, expected, "legal moves differ in {}", pos.fen());
            assert_eq!(
                pos.fen().split(' ').next(),
                Some(simple.board_fen().as_str())
            );
            assert_eq!(
                pos.in_check(),
                simple.attacked(simple.king(simple.white_to_move), !simple.white_to_move)
            );
            assert_gives_check_matches_simple(&pos, &simple);
            positions += 1;
            let Some(text) = expected.choose(&mut rng) else {
                break;
            };
            let mut mv = pos.parse_uci(text).expect("simple legal move parses");
            // Prefer the rare special moves half of the time so that they
            // are exercised often (and the positions after them checked).
            let special: Vec<_> = chess::legal_moves(&pos)
                .into_iter()
                .filter(|m| m.is_en_passant() || m.is_castle())
                .collect();
            if let (Some(&m), true) = (special.choose(&mut rng), rand::Rng::gen::<bool>(&mut coin))
            {
                mv = m;
            }
            ep_moves += mv.is_en_passant() as u32;
            castles += mv.is_castle() as u32;
            promotions += mv.is_promotion() as u32;
            simple.play(simple_move(mv));
            chess.play_unchecked(mv);
            assert_eq!(chess.position().hash(), chess.position().compute_hash());
        }
    }
    assert!(positions > 20_000, "only {positions} positions");
    // The random games must exercise the special moves.
    assert!(
        ep_moves > 20 && castles > 50 && promotions > 50,
        "ep {ep_moves} castles {castles} promotions {promotions}"
    );
}
