//! The one laser tracer (`laser::trace`, rule 4) against the simple model,
//! and every specialised beam walk of the hot paths against the tracer,
//! on random positions: scattered pawns (many reflections) and positions
//! from random games.

mod common;

use common::{Simple, SimpleHit, BEAM};
use leiserchess::board::Board;
use leiserchess::eval::coverage;
use leiserchess::eval::lengths::Scalar;
use leiserchess::laser::{self, BeamDir, Trace};
use leiserchess::shots::{self, Beam};
use leiserchess::{Hit, Leiserchess, Piece, Square};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::{Rules, Side};

/// Random positions: scattered pawns of every density, and the positions
/// of random games from the start.
fn positions(seed: u64) -> Vec<Leiserchess> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..300 {
        let pawns = rng.gen_range(0..40);
        out.push(Leiserchess::from_fen(&common::random_position(&mut rng, pawns)).unwrap());
    }
    out.extend(common::random_game_positions(seed, 600));
    out
}

fn square_of((f, r): (i32, i32)) -> Square {
    Square::new(f as u8, r as u8).unwrap()
}

/// The squares of a trace's path, as a bitboard.
fn path_set(path: &[Square]) -> u64 {
    path.iter().fold(0, |acc, sq| acc | sq.bit())
}

#[test]
fn the_tracer_follows_rule_4_like_the_simple_model() {
    // rules 4.1, 4.2 and 4.4: from the king in its orientation, square by
    // square, turned by mirrors, stopped by a pawn's back, a king or the
    // edge.
    let (mut zaps, mut offs) = (0, 0);
    for game in positions(1) {
        let board = game.position().board();
        let simple = Simple::from_fen(&game.fen());
        for side in [Side::White, Side::Black] {
            let trace = laser::trace(board.cells(), board.king(side));
            let mut path = vec![board.king_square(side)];
            let mut dirs = Vec::new();
            let hit = simple.beam(side == Side::White, |at, dir| {
                path.push(square_of(at));
                dirs.push(dir as BeamDir);
            });
            assert_eq!(trace.path, path, "{side:?} in {}", game.fen());
            let expected = match hit {
                SimpleHit::Off => None,
                SimpleHit::Pawn(f, r) | SimpleHit::King(f, r) => Some(square_of((f, r))),
            };
            assert_eq!(trace.zapped(), expected, "{side:?} in {}", game.fen());
            assert_ends_as_it_says(board, &trace, &dirs);
            zaps += usize::from(expected.is_some());
            offs += usize::from(expected.is_none());
        }
    }
    assert!(
        zaps > 200 && offs > 200,
        "{zaps} zaps, {offs} off the board"
    );
}

/// The trace's hit names the piece on its last square, and its last
/// direction is the one it entered that square in (a zap) or left the
/// board in (rule 4.2: the edge).
fn assert_ends_as_it_says(board: &Board, trace: &Trace, dirs: &[BeamDir]) {
    let last = *trace.path.last().unwrap();
    match trace.hit {
        Hit::Off => {
            assert_eq!(trace.exit(), Some(trace.last_dir));
            let (df, dr) = BEAM[usize::from(trace.last_dir)];
            let beyond = (i32::from(last.file()) + df, i32::from(last.rank()) + dr);
            assert!(!common::on_board(beyond), "{trace:?}");
        }
        Hit::Pawn(cell) | Hit::King(cell) => {
            assert_eq!(cell.square(), last);
            assert_eq!(board.at(cell).is_king(), matches!(trace.hit, Hit::King(_)));
            assert_eq!(trace.exit(), None);
            assert_eq!(Some(&trace.last_dir), dirs.last());
        }
    }
}

#[test]
fn hot_path_beam_walks_agree_with_the_tracer() {
    // rule 4.2, walked three more ways for speed: `jump` (blocker to
    // blocker, used by `make`), `fire` (the null-move danger check, in
    // every direction), the current beam of `Beam::of` and the coverage
    // evaluation's beam.
    for game in positions(2) {
        let board = game.position().board();
        for side in [Side::White, Side::Black] {
            let king = board.king(side);
            let facing = board.at(king).orientation();
            let trace = laser::trace(board.cells(), king);
            let entered = path_set(&trace.path[1..]);
            let context = format!("{side:?} in {}", game.fen());
            let jumped = laser::jump(board.cells(), board.occupied(), king.square(), facing);
            assert_eq!(jumped, (trace.hit, entered), "{context}");
            assert_eq!(game.position().laser_hit(side), trace.hit, "{context}");
            let beam = Beam {
                squares: path_set(&trace.path),
                hit: trace.hit,
            };
            assert_eq!(Beam::of(board, side), beam, "{context}");
            assert_eq!(
                coverage::coverage_with::<Scalar>(board, side).beam,
                beam.squares,
                "{context}"
            );
            for dir in 0..4 {
                let mut turned = board.clone();
                turned.set(king, Piece::king(side, dir));
                let expected = laser::trace(turned.cells(), king).hit;
                assert_eq!(laser::fire(board.cells(), king, dir), expected, "{context}");
            }
        }
    }
}

#[test]
fn lasers_after_moves_agree_with_the_tracer() {
    // rule 4.1: the beam fires over the board after the whole move. The
    // prediction `hit_after` makes without the move, the hit `make` finds,
    // the last shot the game reports, and the tracer on the evaluation's
    // raw move all agree.
    let mut checked = 0;
    for mut game in positions(3).into_iter().step_by(3) {
        let side = game.side_to_move();
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        for mv in moves {
            let shot = game.position().shot_after(mv);
            let context = format!("{mv} in {}", game.fen());
            assert_eq!(game.hit_after(mv), shot.trace.hit, "{context}");

            let mut cells = *game.position().board().cells();
            let (_, end) = shots::apply_raw(&mut cells, mv);
            let king = if mv.from() == game.position().board().king_square(side) {
                end
            } else {
                game.position().board().king(side)
            };
            assert_eq!(laser::trace(&cells, king), shot.trace, "{context}");
            assert_eq!(&cells, shot.board.cells(), "{context}");

            game.make(mv);
            assert_eq!(game.last_hit(), Some(shot.trace.hit), "{context}");
            assert_eq!(game.last_shot().as_ref(), Some(&shot), "{context}");
            // The shot's board keeps the zapped pawn; the game's has lost it.
            let lost = match shot.trace.hit {
                Hit::Pawn(cell) => cell.square().bit(),
                _ => 0,
            };
            assert_eq!(
                shot.board.occupied() & !lost,
                game.position().board().occupied(),
                "{context}"
            );
            game.unmake();
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked} moves");
}
