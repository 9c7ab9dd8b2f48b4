//! Static evaluation with the terms of MIT's reference player: material,
//! KFACE, KAGGRESSIVE, MOBILITY, PCENTRAL, PBETWEEN and LCOVERAGE.

pub mod cache;
pub mod coverage;
pub mod king_walks;
pub mod lengths;
mod params;
pub mod read_cache;
pub mod terms;

use std::fmt::Write as _;

use search::{Score, Side};

use crate::position::Position;
use crate::shots::Beam;
use crate::square::BitIter;

use lengths::Fastest;

pub use cache::EvalState;
pub use params::{Params, EV_SCORE_RATIO};

/// Each term for one side, in evaluation units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    pub material: i64,
    pub kface: i64,
    pub kaggressive: i64,
    pub mobility: i64,
    pub pcentral: i64,
    pub pbetween: i64,
    pub lcoverage: i64,
}

impl Terms {
    pub fn total(&self) -> i64 {
        self.material
            + self.kface
            + self.kaggressive
            + self.mobility
            + self.pcentral
            + self.pbetween
            + self.lcoverage
    }
}

/// What the terms need of one side's laser: its coverage `C` (0 when
/// LCOVERAGE is off) and the squares its beam enters now.
#[derive(Clone, Copy, Debug)]
struct Laser {
    coverage: i64,
    beam: u64,
}

/// Where a side's coverage comes from.
enum Source<'a> {
    /// A search thread's caches where they hold it.
    Cached(&'a mut EvalState),
    /// Computed afresh (reports, and timing the computation itself).
    Fresh,
}

impl Laser {
    #[inline]
    fn of(pos: &Position, params: &Params, side: Side, source: &mut Source) -> Laser {
        let board = pos.board();
        if params.lcoverage == 0 {
            return Laser {
                coverage: 0,
                beam: Beam::of(board, side).squares,
            };
        }
        let c = match source {
            Source::Cached(state) => coverage::coverage_cached(board, side, state),
            Source::Fresh => coverage::coverage_with::<Fastest>(board, side),
        };
        Laser {
            coverage: c.value,
            beam: c.beam,
        }
    }
}

/// The terms for `side` (in evaluation units, good for `side`), given its
/// own laser and the enemy's. Always inlined: the search needs only the
/// total, and the terms then fold into it.
#[inline(always)]
fn terms(pos: &Position, params: &Params, side: Side, own: &Laser, enemy_laser: &Laser) -> Terms {
    let board = pos.board();
    let king_cell = board.king(side);
    let king = king_cell.square();
    let enemy = board.king_square(side.opponent());
    let pawns = board.pawns(side);

    let pcentral: i64 = BitIter(pawns)
        .map(|sq| i64::from(terms::PCENTRAL_BONUS[sq.index()]))
        .sum();
    let (face, dist) = terms::kface(king, board.at(king_cell).orientation(), enemy);
    let free = terms::king_zone(king) & !enemy_laser.beam;
    let p = |w: i32| i64::from(w);
    Terms {
        material: p(params.pawn) * i64::from(pawns.count_ones()),
        kface: p(params.kface) * i64::from(face) / i64::from(dist),
        kaggressive: p(params.kaggressive) * i64::from(terms::kaggressive(king, enemy)) / 64,
        mobility: p(params.mobility) * i64::from(free.count_ones()),
        pcentral: p(params.pcentral) * pcentral / i64::from(terms::PCENTRAL_SCALE),
        pbetween: p(params.pbetween)
            * i64::from((pawns & terms::between_mask(king, enemy)).count_ones()),
        lcoverage: p(params.lcoverage) * own.coverage / coverage::COVERAGE_DENOM,
    }
}

/// Both sides' terms, White first.
pub fn all_terms(pos: &Position, params: &Params) -> [Terms; 2] {
    all_terms_from(pos, params, Source::Fresh)
}

#[inline]
fn all_terms_from(pos: &Position, params: &Params, mut source: Source) -> [Terms; 2] {
    let white = Laser::of(pos, params, Side::White, &mut source);
    let black = Laser::of(pos, params, Side::Black, &mut source);
    [
        terms(pos, params, Side::White, &white, &black),
        terms(pos, params, Side::Black, &black, &white),
    ]
}

/// Largest evaluation magnitude (well inside an `i16` for the cache).
pub const MAX_EVAL: Score = 20_000;

/// Tangerine's evaluation in centipawns, computed in full (coverage
/// results `state` holds are reused: they are exact).
pub fn evaluate_white(pos: &Position, params: &Params, state: &mut EvalState) -> Score {
    total_white(all_terms_from(pos, params, Source::Cached(state)))
}

/// [`evaluate_white`] with nothing reused from any cache: what benchmarks
/// of the evaluation time.
pub fn evaluate_white_fresh(pos: &Position, params: &Params) -> Score {
    total_white(all_terms_from(pos, params, Source::Fresh))
}

#[inline]
fn total_white([white, black]: [Terms; 2]) -> Score {
    let total = (white.total() - black.total()) / i64::from(EV_SCORE_RATIO);
    total.clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as Score
}

/// The evaluation in centipawns from the side to move's point of view,
/// through `state`'s caches (readied for `params` with
/// [`EvalState::serve`]), with the side to move's `TEMPO`.
#[inline]
pub fn evaluate(pos: &Position, params: &Params, state: &mut EvalState) -> Score {
    let total = state.score_or(pos.board().hash(), |state| {
        evaluate_white(pos, params, state)
    });
    let tempo = params.tempo_cp();
    match pos.side_to_move() {
        Side::White => total + tempo,
        Side::Black => -total + tempo,
    }
}

/// A table of every term for each side (evaluation units) and the total.
pub fn report(pos: &Position, params: &Params) -> String {
    let [w, b] = all_terms(pos, params);
    let rows = [
        ("PAWN_EV_VALUE", w.material, b.material),
        ("KFACE", w.kface, b.kface),
        ("KAGGRESSIVE", w.kaggressive, b.kaggressive),
        ("MOBILITY", w.mobility, b.mobility),
        ("PCENTRAL", w.pcentral, b.pcentral),
        ("PBETWEEN", w.pbetween, b.pbetween),
        ("LCOVERAGE", w.lcoverage, b.lcoverage),
        ("total", w.total(), b.total()),
    ];
    let mut out = String::new();
    let _ = writeln!(out, "{:<14} {:>10} {:>10}", "term", "Tangerine", "Lavender");
    for (name, white, black) in rows {
        let _ = writeln!(out, "{name:<14} {white:>10} {black:>10}");
    }
    let _ = writeln!(
        out,
        "score: {} cp for the side to move ({} cp for Tangerine before TEMPO, {} cp)",
        evaluate(pos, params, &mut EvalState::default()),
        (w.total() - b.total()) / i64::from(EV_SCORE_RATIO),
        params.tempo_cp()
    );
    out
}
