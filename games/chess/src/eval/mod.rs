//! The static evaluation: a tapered blend of middlegame and endgame terms.
//!
//! Terms, each computed for both sides (White minus Black):
//! material and piece-square tables,
//! mobility (squares not covered by enemy pawns), pawn structure (passed,
//! with its stop square blocked or safe; isolated, doubled, backward,
//! connected), king safety (attacks on the king's zone and its weak
//! squares, safe checks, the pawn shield and storm, open files by the
//! king), threats by pawns, pawn pushes, minor pieces, rooks and the king,
//! hanging pieces, bishop pair, pawns on a bishop's colour, knights and
//! rooks by the pawn count, minor pieces behind pawns, outposts, rooks on
//! open and half-open files, space, the king's distance to its pawns, and
//! a tempo bonus for the side to move. Endgames
//! without pawns where the stronger side is up at most a minor piece are
//! scaled towards a draw.
//!
//! Every weight lives in one table ([`Weights`], laid out by [`layout`]).
//! The evaluation is written once, over an [`Accumulator`]: the engine's
//! [`Scorer`] sums the weights, and [`trace::Tracer`] records how often
//! each weight counts (White minus Black) for the Texel tuner in
//! `tools/`, so the tuner can never drift from the engine.
//!
//! Here are the entry points and the terms of every piece; beside them,
//! one concern a file: `score` (the middlegame/endgame pair), `masks`
//! (pawn masks and geometry), `accumulator` (the sums of the weights),
//! `pawns` (pawn structure, passed pawns, pawn threats), `king`, `pieces`,
//! `threats`, `taper` (phase, blend, drawish endings, tempo), `report`
//! (the `eval` command), `pawn_cache`, `net` (the correction network),
//! `weights` and `tuned` (the tables), `trace` (the tuner's view).
//!
//! `nnue` is another evaluation altogether, a neural network that
//! replaces all of the above when the `Nnue` option is on and a network
//! is loaded (`EvalFile`): see [`EvalChoice::nnue_network`].

use crate::attacks::king_attacks;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::game::Chess;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

mod accumulator;
mod king;
mod masks;
pub mod net;
pub mod nnue;
mod pawn_cache;
mod pawns;
mod pieces;
mod report;
mod score;
mod taper;
mod threats;
pub mod trace;
pub mod tuned;
pub mod weights;

pub use accumulator::{Accumulator, Scorer, GROUP_NAMES};
use masks::*;
use pawns::{passed_pawn_paths, pawn_king_terms, pawn_threats, stop_square};
pub use report::report;
pub use score::{s, S};
use taper::blend;
pub use taper::{endgame_scale_for, phase, strong_side, taper, tempo, FULL_PHASE};

pub use pawn_cache::PawnKingCache;
pub use weights::{
    hand_written_raw, layout, EvalChoice, Weights, HAND_WEIGHTS, SCALE_MATERIAL_EG, TUNED_WEIGHTS,
};

/// King-zone attack units per attacked zone square, by attacking role
/// (fixed: they index the king-danger weights).
const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];

// ---- Evaluation ------------------------------------------------------------------

struct Context {
    occupied: Bitboard,
    pawns: [Bitboard; 2],
    pawn_attacks: [Bitboard; 2],
    kings: [Square; 2],
    attacks: [threats::SideAttacks; 2],
    /// Each side's passed pawns, found with the pawn-king terms.
    passers: [Bitboard; 2],
}

/// Every evaluation term of `us` but the pawn-king terms, one group at a
/// time.
#[inline(always)]
fn side_terms<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    material_pst(pos, us, acc);
    mobility_and_king_attack(pos, ctx, us, acc);
    passed_pawn_paths(pos, ctx, us, acc);
    king::weak_zone_squares(ctx, us, acc);
    pawn_threats(pos, ctx, us, acc);
    threats::piece_threats(pos, ctx, us, acc);
    threats::safe_checks(pos, ctx, us, acc);
    threats::outposts(pos, ctx, us, acc);
    pieces::piece_bonuses(pos, ctx, us, acc);
}

/// Material and piece-square bonuses.
#[inline]
fn material_pst<A: Accumulator>(pos: &Position, us: Color, acc: &mut A) {
    for role in Role::ALL {
        for sq in pos.pieces(us, role) {
            let idx = match us {
                Color::White => sq.index(),
                Color::Black => sq.flip_vertical().index(),
            };
            acc.piece(us, role, idx);
        }
    }
}

/// Mobility of our pieces (squares not covered by enemy pawns), and the
/// danger they pose to the enemy king's zone. Both come from the same
/// attack sets, so one pass over the pieces computes them together.
#[inline]
fn mobility_and_king_attack<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let ti = (!us).index();
    let safe = !pos.color_bb(us) & !ctx.pawn_attacks[ti];
    let enemy_king = ctx.kings[ti];
    let zone = king_attacks(enemy_king).with(enemy_king);
    let mut attack_units = 0;
    let mut attackers = 0;
    for (role, attacks) in ctx.attacks[us.index()].pieces() {
        let base = layout::MOBILITY + layout::MOBILITY_OFFSET[role.index()];
        let count = (attacks & safe).count() as usize;
        acc.add(us, base + count, 1);
        let hits = (attacks & zone).count() as i32;
        if hits > 0 {
            attackers += 1;
            attack_units += hits * KING_ATTACK_WEIGHT[role.index()];
        }
    }
    // The danger grows with the square of the attack (one lone attacker
    // is not a threat); it is scored for us against them.
    if attackers >= 2 {
        let units = (attack_units as usize).min(layout::KING_DANGER_LEN - 1);
        acc.add(us, layout::KING_DANGER + units, 1);
    }
}

/// Adds the weight at `index` once per square of `squares` (nothing when
/// there is none, so a trace holds only the terms present).
#[inline]
fn add_count<A: Accumulator>(acc: &mut A, us: Color, index: usize, squares: Bitboard) {
    let count = squares.count() as i32;
    if count > 0 {
        acc.add(us, index, count);
    }
}

fn context(pos: &Position) -> Context {
    let pawns = [
        pos.pieces(Color::White, Role::Pawn),
        pos.pieces(Color::Black, Role::Pawn),
    ];
    let occupied = pos.occupied();
    let pawn_attacks = [
        pawn_attack_set(Color::White, pawns[0]),
        pawn_attack_set(Color::Black, pawns[1]),
    ];
    let side = |c: Color| threats::SideAttacks::of(pos, c, occupied, pawn_attacks[c.index()]);
    Context {
        occupied,
        pawn_attacks,
        pawns,
        kings: [pos.king(Color::White), pos.king(Color::Black)],
        attacks: [side(Color::White), side(Color::Black)],
        passers: [Bitboard::EMPTY; 2],
    }
}

/// The evaluation in centipawns from the side to move's point of view,
/// with the hand-written weights: fixed, so that tools which filter
/// positions by it (`texel`'s quiet test) do not move with each refit.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &HAND_WEIGHTS)
}

/// The evaluation `choice` picks: one copy of the hand-crafted evaluation
/// per weight table, each with its table's address known, plus the
/// network's correction if chosen.
#[inline]
pub fn evaluate_choice(pos: &Position, choice: &EvalChoice) -> i32 {
    if let Some(network) = choice.nnue_network() {
        return network.evaluate(pos);
    }
    let crafted = if choice.tuned {
        evaluate_with(pos, &TUNED_WEIGHTS)
    } else {
        evaluate_with(pos, &HAND_WEIGHTS)
    };
    crafted + net_correction(pos, choice)
}

/// The network's correction when `choice` asks for it, else 0.
#[inline]
fn net_correction(pos: &Position, choice: &EvalChoice) -> i32 {
    if choice.net {
        net::NETWORK.evaluate(pos)
    } else {
        0
    }
}

/// The evaluation with `weights`, from the side to move's point of view.
#[inline]
pub fn evaluate_with(pos: &Position, weights: &Weights) -> i32 {
    let mut scorer = Scorer::new(weights);
    let phase = accumulate(pos, &mut scorer);
    blend(pos, phase, scorer.white_minus_black(), weights)
}

/// [`evaluate_choice`] with the pawn-king terms taken from `cache` when
/// it has the position's pawns and kings (the same score either way).
#[inline]
pub fn evaluate_cached(pos: &Position, choice: &EvalChoice, cache: &mut PawnKingCache) -> i32 {
    if let Some(network) = choice.nnue_network() {
        return network.evaluate(pos);
    }
    crafted_cached(pos, choice, cache) + net_correction(pos, choice)
}

/// One search thread's evaluation state: the pawn-king cache, the
/// correction network's sums and the NNUE's accumulators along the line
/// searched.
#[derive(Default)]
pub struct EvalState {
    pub pawn_king: PawnKingCache,
    pub net: net::Accumulators,
    pub nnue: nnue::Accumulators,
}

/// The evaluation of `game`'s position, as [`evaluate_cached`] gives it,
/// with the networks' sums updated from the position's ancestors.
#[inline]
pub fn evaluate_game(game: &Chess, choice: &EvalChoice, state: &mut EvalState) -> i32 {
    let pos = game.position();
    let history = game.history();
    let line = |ply: usize| history.get(ply).map_or(pos, |(before, _)| before);
    if let Some(network) = choice.nnue_network() {
        return state.nnue.evaluate(network, history.len(), line);
    }
    let crafted = crafted_cached(pos, choice, &mut state.pawn_king);
    if !choice.net {
        return crafted;
    }
    crafted + state.net.evaluate(&net::NETWORK, history.len(), line)
}

/// The hand-crafted evaluation with the weights `choice` picks, through
/// the pawn-king cache.
#[inline]
fn crafted_cached(pos: &Position, choice: &EvalChoice, cache: &mut PawnKingCache) -> i32 {
    cache.serve(choice);
    if choice.tuned {
        evaluate_with_cache(pos, &TUNED_WEIGHTS, cache)
    } else {
        evaluate_with_cache(pos, &HAND_WEIGHTS, cache)
    }
}

#[inline(always)]
fn evaluate_with_cache(pos: &Position, weights: &Weights, cache: &mut PawnKingCache) -> i32 {
    let mut scorer = Scorer::new(weights);
    let phase = accumulate_with(pos, &mut scorer, |ctx, scorer| {
        cache.pawn_king_terms(ctx, scorer)
    });
    blend(pos, phase, scorer.white_minus_black(), weights)
}

/// Runs the whole evaluation of both sides into `acc`; returns the phase.
pub fn accumulate<A: Accumulator>(pos: &Position, acc: &mut A) -> i32 {
    accumulate_with(pos, acc, pawn_king_terms)
}

/// [`accumulate`] with the pawn-king terms added by `pawn_king` (which
/// computes them or takes them from a cache), which returns the passers.
#[inline(always)]
fn accumulate_with<A: Accumulator>(
    pos: &Position,
    acc: &mut A,
    pawn_king: impl FnOnce(&Context, &mut A) -> [Bitboard; 2],
) -> i32 {
    let mut ctx = context(pos);
    ctx.passers = pawn_king(&ctx, acc);
    side_terms(pos, &ctx, Color::White, acc);
    side_terms(pos, &ctx, Color::Black, acc);
    phase(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval_fen(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).expect("test FEN"))
    }

    #[test]
    fn start_position_is_balanced_but_for_tempo() {
        let e = eval_fen(crate::position::STARTING_FEN);
        assert!(
            e > 0 && e <= HAND_WEIGHTS.get(layout::TEMPO).mg,
            "start eval {e}"
        );
    }

    #[test]
    fn colour_symmetry() {
        // A position and its colour-flipped mirror evaluate the same for
        // the side to move.
        for (fen, mirror) in [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            (
                "8/5pk1/8/3P4/8/8/6K1/8 w - - 0 1",
                "8/6k1/8/8/3p4/8/5PK1/8 b - - 0 1",
            ),
        ] {
            assert_eq!(eval_fen(fen), eval_fen(mirror), "{fen}");
        }
    }

    #[test]
    fn material_and_passers_count() {
        // An extra queen is worth a lot; a far-advanced passer more than a
        // backward one.
        assert!(eval_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        let advanced = eval_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let home = eval_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        assert!(advanced > home + 50, "{advanced} vs {home}");
    }

    #[test]
    fn lone_minor_piece_endings_are_scaled_down() {
        let knight = eval_fen("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
        assert!(knight < 120, "KN v K scored {knight}");
        let rook = eval_fen("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
        assert!(rook > 400, "KR v K scored {rook}");
    }

    #[test]
    fn report_totals_match_the_evaluation() {
        let pos = Position::from_fen(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        )
        .expect("test FEN");
        let text = report(
            &pos,
            &EvalChoice {
                tuned: false,
                net: false,
                ..EvalChoice::default()
            },
        );
        let want = format!(
            "total (White's view, hand-written weights): {} cp",
            evaluate(&pos)
        );
        assert!(text.contains(&want), "{text}");
    }
}
