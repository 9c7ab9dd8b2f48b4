//! LCOVERAGE: the fast version in the crate equals a slow one written here
//! on the simple model (every move made on a copy of a plain 8 × 8 board,
//! every beam walked square by square), on thousands of positions, with
//! both length tables.

mod common;

use common::{Simple, BEAM};
use leiserchess::board::Board;
use leiserchess::eval::lengths::Scalar;
use leiserchess::eval::{self, coverage, EvalState};
use leiserchess::movegen;
use leiserchess::shots::Beam;
use leiserchess::square::BitIter;
use leiserchess::{Leiserchess, Params, Square};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::GameMove;
use search::{Rules, Side};

/// Walks `white`'s beam on `s`, recording the shortest length per square.
fn walk(s: &Simple, white: bool, minlen: &mut [[u32; 8]; 8]) {
    let mut at = s.king_of(white);
    let mut dir = s.at(at).unwrap().ori as usize;
    let mut len = 1;
    loop {
        at = (at.0 + BEAM[dir].0, at.1 + BEAM[dir].1);
        if !common::on_board(at) {
            return;
        }
        let cell = &mut minlen[at.0 as usize][at.1 as usize];
        *cell = (*cell).min(len);
        len += 1;
        match s.at(at) {
            None => {}
            Some(p) if p.king => return,
            Some(p) => match common::reflect(dir, p.ori) {
                None => return,
                Some(d) => {
                    if p.white != white {
                        len += 2; // an opposing mirror: the opponent can spoil it
                    }
                    dir = d;
                }
            },
        }
    }
}

/// The module's definition, computed the slow way.
fn slow_coverage(s: &Simple, white: bool) -> i64 {
    let mut minlen = [[u32::MAX; 8]; 8];
    walk(s, white, &mut minlen);
    for m in s.moves_for(white) {
        let mut next = s.clone();
        next.move_pieces(&m);
        walk(&next, white, &mut minlen);
    }
    let (kf, kr) = s.king_of(white);
    let (ef, er) = s.king_of(!white);
    let mut total = 0i64;
    for f in 0..8i32 {
        for r in 0..8i32 {
            let (df, dr) = ((f - ef).abs(), (r - er).abs());
            if minlen[f as usize][r as usize] == u32::MAX {
                continue;
            }
            let scale = 840 * 840;
            let proximity = if df == 0 && dr == 0 {
                2 * scale
            } else {
                scale / ((df + 1) * (dr + 1))
            };
            let manhattan = (f - kf).abs() + (r - kr).abs();
            let inv = 4096 / minlen[f as usize][r as usize] as i64;
            total += i64::from(manhattan * proximity) * inv;
        }
    }
    total
}

/// `for_each_piece_move_touching` gives exactly the moves of the full
/// generator that change a square of `mask`, for every piece of `side`,
/// and `for_each_swap_touching` exactly the swaps among them.
fn assert_touching_moves_match(board: &Board, side: Side, mask: u64) {
    for sq in BitIter(board.pieces(side)) {
        let mut want = Vec::new();
        movegen::for_each_piece_move(board, side, sq, |mv| {
            if mv.touched_on_board() & mask != 0 {
                want.push(mv.to_u16());
            }
        });
        let mut got = Vec::new();
        movegen::for_each_piece_move_touching(board, side, sq, mask, |mv| got.push(mv.to_u16()));
        want.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, want, "{side:?} piece on {sq}");
        // The swaps alone likewise (the coverage generates only those as
        // moves, a piece on the mask included).
        let mut want_swaps = Vec::new();
        movegen::for_each_piece_move(board, side, sq, |mv| {
            if mv.is_swap() && mv.touched_on_board() & mask != 0 {
                want_swaps.push(mv.to_u16());
            }
        });
        want_swaps.sort_unstable();
        let mut swaps = Vec::new();
        movegen::for_each_swap_touching(board, side, sq, mask, |mv| swaps.push(mv.to_u16()));
        swaps.sort_unstable();
        assert_eq!(swaps, want_swaps, "{side:?} piece on {sq}: swaps");
    }
}

#[test]
fn fast_coverage_equals_slow_on_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut checked = 0;
    let mut nonzero = 0;
    // Many games: some shortcuts of the fast version (a pawn's shifts
    // sharing one walk past its square) only differ on rare layouts.
    for _ in 0..1000 {
        let mut game = Leiserchess::startpos();
        let mut state = EvalState::default();
        for _ in 0..80 {
            let simple = Simple::from_fen(&game.fen());
            for side in [Side::White, Side::Black] {
                // Cached (the coverage and the king's walks): one move
                // apart, positions often reuse them.
                let fast =
                    coverage::coverage_cached(game.position().board(), side, &mut state).value;
                let slow = slow_coverage(&simple, side == Side::White);
                assert_eq!(fast, slow, "{side:?} in {}", game.fen());
                // The plain length table agrees with the vector one, and
                // the beam found on the way is the side's beam.
                let board = game.position().board();
                let plain = coverage::coverage_with::<Scalar>(board, side);
                assert_eq!(plain.value, fast, "{side:?} in {}", game.fen());
                assert_eq!(plain.beam, Beam::of(board, side).squares);
                assert_touching_moves_match(board, side, plain.beam);
                checked += 1;
                nonzero += usize::from(fast != 0);
            }
            // The whole evaluation likewise, through the caches or not.
            let params = Params::default();
            assert_eq!(
                eval::evaluate_white(game.position(), &params, &mut state),
                eval::evaluate_white_fresh(game.position(), &params),
                "{}",
                game.fen()
            );
            if !common::play_random(&mut game, &mut rng) {
                break;
            }
        }
    }
    eprintln!("checked {checked} (side, position) pairs, {nonzero} non-zero");
    assert!(checked > 2_000);
    assert!(nonzero > checked * 9 / 10);
}

/// Checks both sides' cached coverage against a fresh one at `game` and,
/// like a search, at a few children to `depth` plies, siblings one after
/// another: the cache then reuses coverages in part (the same beam, some
/// pieces' replays) on boards a move or two apart.
fn check_tree(game: &mut Leiserchess, depth: u32, rng: &mut ChaCha8Rng, state: &mut EvalState) {
    for side in [Side::White, Side::Black] {
        let board = game.position().board();
        let cached = coverage::coverage_cached(board, side, state);
        let fresh = coverage::coverage_with::<Scalar>(board, side);
        assert_eq!(cached, fresh, "{side:?} in {}", game.fen());
    }
    if depth == 0 || game.outcome().is_some() {
        return;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.shuffle(rng);
    for &mv in moves.iter().take(4) {
        game.make(mv);
        check_tree(game, depth - 1, rng, state);
        game.unmake();
    }
}

#[test]
fn coverage_reused_in_part_equals_a_fresh_one_through_search_trees() {
    // Random games, and at every few plies a small tree searched through
    // one cache: each coverage the cache gives (whole, in part, or
    // computed) must equal the one computed afresh.
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut state = EvalState::default();
    for _ in 0..60 {
        let mut game = Leiserchess::startpos();
        for ply in 0..60 {
            if ply % 6 == 0 {
                check_tree(&mut game, 3, &mut rng, &mut state);
            }
            if !common::play_random(&mut game, &mut rng) {
                break;
            }
        }
    }
}

#[test]
fn coverage_rewards_a_beam_aimed_at_the_enemy_king() {
    // rule 4.2: a beam reaching the enemy king scores its square (twice the full proximity scale).
    let aimed = Leiserchess::from_fen("ss7/8/8/8/8/8/8/NN7 W").unwrap();
    let away = Leiserchess::from_fen("ss7/8/8/8/8/8/8/SS7 W").unwrap();
    let c_aimed = coverage::coverage(aimed.position().board(), Side::White);
    let c_away = coverage::coverage(away.position().board(), Side::White);
    assert!(c_aimed > c_away, "{c_aimed} vs {c_away}");
    // Directly: a7 is reached at length 7 from a0, 7 squares away.
    let king_sq = Square::parse("a7").unwrap();
    assert!(c_aimed >= 7 * coverage::proximity(king_sq, king_sq) * (4096 / 7));
}
