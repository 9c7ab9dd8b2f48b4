//! The network's sums updated move by move along a search's line must give
//! exactly the evaluation computed from scratch: random walks that make
//! and unmake moves (captures, castling, en passant, promotions and null
//! moves among them) compare the two at every step.

mod common;

use chess::eval::{evaluate_choice, EvalChoice, EvalState};
use chess::Chess;
use common::random_walk;
use rand::rngs::StdRng;
use rand::SeedableRng;
use search::game::Evaluation;

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2P2k2/8/3pP3/8/8/5Kp1/8 w - d6 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

#[test]
fn updated_sums_equal_sums_from_scratch() {
    let choice = EvalChoice {
        tuned: true,
        net: true,
        ..EvalChoice::default()
    };
    let mut rng = StdRng::seed_from_u64(99);
    let mut checked = 0;
    for fen in STARTS {
        let mut game = Chess::from_fen(fen).expect("fen");
        let mut state = EvalState::default();
        random_walk(&mut game, &mut rng, 3000, 12, |game| {
            let incremental = game.evaluate(&choice, &mut state);
            let scratch = evaluate_choice(game.position(), &choice);
            assert_eq!(incremental, scratch, "{}", game.position().fen());
            checked += 1;
        });
    }
    assert_eq!(checked, 12000);
}
